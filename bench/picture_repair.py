"""Time a picture maker (nonogram by default, ``--type hungrycat`` or ``linkapix``) (colours snapped, then repaired until unique) on
photo-like test pictures made here: a few shapes (discs, boxes, thin diagonal strokes)
in random colours on a pale gradient, with noise, drawn at 120x120 and averaged down
to the puzzle's size as a browser scales an image.

    python bench/picture_repair.py [--type nonogram] [--n 30] [--colours 1,3] [--width 30] [--timeout 60]

Prints per picture the CPU seconds (``time.process_time``) and the cells changed, then
per colour count: made, median and slowest.  ``--browser`` sends the same requests to
the app's worker in Chromium (build first: ``python build.py build``) and prints wall
seconds there.
"""
from __future__ import annotations

import argparse
import base64
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def picture(seed: int, out: int = 30, n: int = 120) -> str:
    """Base64 RGBA of an ``out`` x ``out`` test picture (see the module docstring)."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:n, 0:n] / n
    img = np.empty((n, n, 3))
    img[:] = (0.85 + 0.1 * y)[..., None] * np.array([1.0, 0.97, 0.92])
    for _ in range(rng.integers(2, 6)):
        cx, cy = rng.uniform(0.2, 0.8, 2)
        r = rng.uniform(0.08, 0.3)
        colour = rng.uniform(0, 0.8, 3)
        kind = rng.integers(3)
        if kind == 0:
            mask = (x - cx) ** 2 + (y - cy) ** 2 < r * r
        elif kind == 1:
            mask = (abs(x - cx) < r) & (abs(y - cy) < r * 0.6)
        else:
            mask = abs((x - cx) * 0.8 + (y - cy) * 0.6) < r * 0.25
        img[mask] = colour * (0.9 + 0.1 * y[mask])[:, None]
    img = np.clip(img + rng.normal(0, 0.03, img.shape), 0, 1)
    step = n // out
    small = img[:out * step, :out * step].reshape(out, step, out, step, 3).mean(axis=(1, 3))
    rgba = np.concatenate([(small * 255).astype(np.uint8), np.full((out, out, 1), 255, np.uint8)], axis=2)
    return base64.b64encode(rgba.tobytes()).decode()


def requests(kind: str, n: int, colours: list[int], width: int, timeout: float) -> list[dict]:
    return [dict(type=kind, maker="picture", rgba=picture(seed, width), source_width=width,
                 source_height=width, width=width, colours=k, seed=0, timeout=timeout)
            for k in colours for seed in range(n)]


def corpus_pictures(folder: Path, width: int, n: int) -> list[tuple[str, str, int, int]]:
    """(name, base64 RGBA, width, height) of ``n`` solution pictures of a nonogram
    corpus folder, taken in turn from each source (the part of the name before
    "__") and spread evenly over its files, at least ``width``
    cells across (or 20, scaled up) and at most 40 down (at most 30 once scaled), one pixel per cell
    (blank cells white).  Read at run time: never copied."""
    out = []
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text())
        grid = (data.get("solution") or {}).get("grid") if isinstance(data.get("solution"), dict) else None
        if not grid or not min(width, 20) <= len(grid[0]) <= 40 or len(grid) > 40 or round(width * len(grid) / len(grid[0])) > 30:
            continue
        palette = {".": "#ffffff", "#": "#000000", **(data.get("palette") or {})}
        if not {ch for row in grid for ch in row} <= set(palette):
            continue
        rgb = {k: bytes(int(v[i:i + 2], 16) for i in (1, 3, 5)) + b"\xff" for k, v in palette.items()}
        raw = b"".join(rgb[ch] for row in grid for ch in row)
        out.append((path.stem, base64.b64encode(raw).decode(), len(grid[0]), len(grid)))
    by_source: dict[str, list] = {}
    for item in out:
        by_source.setdefault(item[0].split("__")[0], []).append(item)
    queues = [items[::max(1, len(items) // n)] for items in by_source.values()]
    turns = [q[i] for i in range(n) for q in queues if i < len(q)]
    return turns[:n]


def corpus_requests(kind: str, folder: Path, n: int, colours: list[int], width: int, timeout: float) -> list[dict]:
    return [dict(type=kind, maker="picture", rgba=rgba, source_width=w, source_height=h, width=width,
                 colours=k, seed=0, timeout=timeout, title=name)
            for k in colours for name, rgba, w, h in corpus_pictures(folder, width, n)]


def run_cpython(cases: list[dict]):
    from pysolver import webapi
    for case in cases:
        t0 = time.process_time()
        out = json.loads(webapi.handle(json.dumps({"cmd": "make", "args": case})))
        changed = len(out.get("result", {}).get("stats", {}).get("changed", []))
        yield case["colours"], time.process_time() - t0, out["ok"], changed, out.get("error", "")


def run_browser(cases: list[dict]):
    sys.path[:0] = [str(ROOT / "tests" / "e2e"), str(ROOT / "tests")]
    import build
    from helpers import Server
    from playwright.sync_api import sync_playwright
    server = Server()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=build.find_chromium(), args=build.CHROMIUM_FLAGS)
            page = browser.new_page()
            page.goto(server.url)
            page.wait_for_function("window.app !== undefined")
            page.evaluate("app.ready")
            for case in cases:
                r = page.evaluate("""async (a) => { const t0 = performance.now();
                    try { const out = await app.call('make', a);
                          return {s: (performance.now() - t0) / 1000, changed: (out.stats.changed || []).length}; }
                    catch (e) { return {s: (performance.now() - t0) / 1000, error: String(e.message || e)}; } }""", case)
                yield case["colours"], r["s"], "error" not in r, r.get("changed", 0), r.get("error", "")
    finally:
        server.stop()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--type", default="nonogram")
    ap.add_argument("--n", type=int, default=30)
    ap.add_argument("--colours", default="1,3")
    ap.add_argument("--width", type=int, default=30)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--browser", action="store_true")
    ap.add_argument("--corpus", help="a nonogram corpus folder: its solution pictures instead of made ones")
    args = ap.parse_args()
    colours = [int(k) for k in args.colours.split(",")]
    cases = (corpus_requests(args.type, Path(args.corpus), args.n, colours, args.width, args.timeout) if args.corpus
             else requests(args.type, args.n, colours, args.width, args.timeout))
    rows: dict[int, list] = {}
    for k, secs, ok, changed, error in (run_browser if args.browser else run_cpython)(cases):
        print(f"colours {k}  {secs:7.2f} s  {'made' if ok else 'not made'}  changed {changed}  {error}", flush=True)
        rows.setdefault(k, []).append((secs, ok))
    for k, got in rows.items():
        times = [s for s, _ in got]
        print(f"colours {k}: {sum(ok for _, ok in got)}/{len(got)} made, median {statistics.median(times):.2f} s, "
              f"slowest {max(times):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
