"""Helpers the end-to-end tests share: build.py's server in a thread, opening the app
and a puzzle in it, pointer input on the play board, and a PNG written by hand.
(Fixtures are in conftest.py; reading the board's pixels is board_pixels.py.)"""
import base64
import json
import struct
import sys
import threading
import time
import zlib
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # testkit: puzzles the unit tests make too
import build  # noqa: E402


class Server:
    """build.py's server in a thread, stoppable (the offline test stops it).  Besides the
    site it serves ``extra`` ({path: bytes}), the tests' own files."""

    def __init__(self, directory=None):
        self.httpd = build.make_server(0, directory=directory or build.DIST)
        self.extra = {}
        extra = self.extra

        class SiteAndExtra(build.Handler):
            def do_GET(self):
                body = extra.get(self.path)
                if body is None:
                    return super().do_GET()
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
        self.httpd.RequestHandlerClass = partial(SiteAndExtra, directory=str(directory or build.DIST))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def open_app(context, url, errors=None):
    page = context.new_page()
    errs = [] if errors is None else errors
    page.on("pageerror", lambda e: errs.append(str(e)))
    page.goto(url)
    page.wait_for_function("window.app !== undefined")
    return page


def unsolved(path):
    """A puzzle file's JSON without its solution, as a player receives a puzzle."""
    data = json.loads(Path(path).read_text())
    data.pop("solution", None)
    return data


def open_puzzle(context, server, data):
    """The app with ``data`` (puzzle JSON) opened from its share link."""
    import pysolver.api as api
    page = open_app(context, server.url + "#" + api.link(data))
    page.wait_for_function("app.state().puzzle !== null")
    return page


def press_twice(page, selector):
    """Press a tool that shows the whole solution (Solve, Replay, Save video):
    its first press asks (page.js pressedAgain), the second goes on."""
    page.click(selector)
    page.click(selector)


def wait_ready(page):
    """Wait until the solver is ready (the hook appears once the page has read the
    families' description, a moment after a (re)load)."""
    page.wait_for_function("window.app !== undefined")
    page.evaluate("app.ready")
    return page


KEPT_SNAPSHOT_BYTES = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith('pyodide-snapshot-'));
  if (names.length !== 1) return 0;
  const cache = await caches.open(names[0]);
  const keys = await cache.keys();
  return keys.length === 1 ? (await (await cache.match(keys[0])).arrayBuffer()).byteLength : 0;
}"""


def wait_snapshot_kept(page, timeout_s=60):
    """Until the worker has kept Python's start in the Cache Storage (after "ready").
    (polled from here: wait_for_function would take the predicate's promise as truthy)"""
    deadline = time.monotonic() + timeout_s
    while page.evaluate(KEPT_SNAPSHOT_BYTES) < 1e6:
        assert time.monotonic() < deadline, "the worker kept no snapshot of Python's start"
        time.sleep(0.2)


def read_kept_python_start(context, url):
    """The snapshot of Python's start that the worker keeps on a first visit (see
    worker.js), made once in ``context`` at ``url``: (cache name, key, headers, bytes)."""
    page = open_app(context, url)
    wait_ready(page)
    wait_snapshot_kept(page)
    name, key, headers, text = page.evaluate("""async () => {
      const name = (await caches.keys()).find((n) => n.startsWith('pyodide-snapshot-'));
      const cache = await caches.open(name);
      const key = (await cache.keys())[0];
      const kept = await cache.match(key);
      const bytes = new Uint8Array(await kept.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
      return [name, key.url, Object.fromEntries(kept.headers), btoa(text)];
    }""")
    page.close()
    return name, key, headers, base64.b64decode(text)


KEPT_START_PATH = "/__kept-python-start"


def keep_python_start(context, server, kept):
    """Put ``kept`` (from read_kept_python_start) in the Cache Storage of ``server``'s
    origin in ``context``, as a return visit finds it: the app then restores Python's
    start (about 0.3 s) instead of running it (about 3.5 s of a test's 5 here)."""
    name, key, headers, body = kept
    server.extra[KEPT_START_PATH] = body
    place = server.url + KEPT_START_PATH[1:]
    page = context.new_page()
    page.goto(server.url + "version.json")
    page.evaluate("""async ([place, name, key, headers]) => {
      const body = await (await fetch(place)).arrayBuffer();
      await (await caches.open(name)).put(key, new Response(body, { headers }));
    }""", [place, name, key, headers])
    page.close()


def hold_solver_wheel(context):
    """Hold back the solver's wheel in ``context`` until the returned ``release(page)``:
    until then the solver is surely still loading.  (Python's start, kept by the tests,
    is restored so fast that a busy machine may find the solver ready before a test's
    next click: asserting "not ready" first does not make the click early enough.)"""
    held = []
    context.route("**/*.whl", lambda route: held.append(route))

    def release(page):
        for _ in range(600):                   # (the worker asks for the wheel after Python's start)
            if held:
                break
            page.wait_for_timeout(100)
        assert held, "the worker did not ask for the solver's wheel"
        for route in held:
            route.continue_()
        context.unroute("**/*.whl")
    return release


def cell_point(page, r, c):
    """The page position of the centre of the play board's cell (r, c)."""
    box = page.locator("#board").bounding_box()
    pt = page.evaluate(f"app.cellCenter({r}, {c})")
    return box["x"] + pt["x"], box["y"] + pt["y"]


def drag(page, cells):
    """A mouse drag on the play board through the centres of `cells` (where they are
    when it starts: one question to the page, not one per cell; a test that drags near
    the edge of a zoomed board, which scrolls it, must ask where each cell is as it goes)."""
    points = page.evaluate("""(cells) => {
        const box = document.getElementById('board').getBoundingClientRect();
        return cells.map(([r, c]) => { const p = app.cellCenter(r, c); return [box.x + p.x, box.y + p.y]; });
    }""", [list(cell) for cell in cells])
    page.mouse.move(*points[0])
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*point, steps=2)
    page.mouse.up()


def png(width, height, pixel):
    """A PNG file from pixel(x, y) -> (r, g, b), written by hand (no imaging library)."""
    raw = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def paste_set(page, text):
    """Paste ``text``, a file of several puzzles, into the library's paste box and wait
    for the page of the puzzle set it becomes."""
    page.fill("#paste-box", text)
    page.click("#paste-form button")
    page.wait_for_selector("#pack:not([hidden]) #pack-list li")


def fold_help(page):
    """Close the play page's "How to play" (open on wide screens), so the board has the
    page's height whatever the length of the family's rules: tests that zoom by a number
    of clicks depend on the board's size."""
    page.evaluate("document.getElementById('help').open = false")
    page.wait_for_timeout(100)
