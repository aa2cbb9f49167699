"""What a first visit costs: bytes fetched and requests made before the page says
"Solver ready", the time to that, and the same for a return visit (same profile, the
service worker's cache warm), in the Chromium the tests use, on build.py's server.

    python tools/firstvisit.py            # build dist/, serve it, measure, print
    python tools/firstvisit.py --no-build --runs 3 --json

Bytes are what the server sent (the sizes of the files served), counted by the server
itself, so the service worker's own fetches are counted as well as the page's.  The
targets (issue: a faster first visit) are at most 15 MB before ready on a first visit
and "ready" within 2 s on a return visit; exit status 0 when both are met.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

FIRST_MB, WARM_S = 15, 2.0
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]


class Counter:
    """Bytes and requests the server answered, and when (to split before/after ready)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.log: list[tuple[float, str, int]] = []

    def add(self, path: str, size: int):
        with self.lock:
            self.log.append((time.monotonic(), path, size))

    def until(self, t: float) -> tuple[int, int]:
        with self.lock:
            hits = [n for when, _, n in self.log if when <= t]
        return sum(hits), len(hits)


def counting_server(counter: Counter):
    """build.py's server (same headers), counting the bytes of every file it sends."""
    import http.server
    from functools import partial

    class Counting(build.Handler):
        def copyfile(self, source, outputfile):
            start = source.tell()
            super().copyfile(source, outputfile)
            counter.add(self.path, source.tell() - start)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(Counting, directory=str(build.DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def visit(context, url: str) -> float:
    """Open the app; seconds from navigation to "Solver ready"."""
    page = context.new_page()
    t0 = time.monotonic()
    page.goto(url)
    page.wait_for_function("document.getElementById('solver-status').dataset.state === 'ready'", timeout=180_000)
    took = time.monotonic() - t0
    page.wait_for_timeout(300)
    page.close()
    return took


def measure(chromium: str, url: str, counter: Counter, settle_s: float, returns: int = 3) -> dict:
    from playwright.sync_api import sync_playwright
    profile = tempfile.mkdtemp(prefix="firstvisit-")
    try:
        with sync_playwright() as pw:
            ctx = pw.chromium.launch_persistent_context(profile, executable_path=chromium, args=FLAGS, bypass_csp=True,
                                                        headless=True)
            start = time.monotonic()
            cold = visit(ctx, url)
            before_bytes, before_requests = counter.until(start + cold)
            # the service worker's background precache, given time to finish
            time.sleep(settle_s)
            all_bytes, all_requests = counter.until(time.monotonic())
            # the median of a few return visits (the first of them also finds the service
            # worker freshly activated, and the machine may be busy)
            warms = sorted(visit(ctx, url) for _ in range(max(1, returns)))
            warm = warms[len(warms) // 2]
            ctx.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return {"cold_ready_s": round(cold, 2), "warm_ready_s": round(warm, 2),
            "warm_each_s": [round(w, 2) for w in warms],
            "bytes_before_ready_mb": round(before_bytes / 1e6, 1), "requests_before_ready": before_requests,
            "bytes_first_visit_mb": round(all_bytes / 1e6, 1), "requests_first_visit": all_requests}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    ap.add_argument("--runs", type=int, default=1, help="fresh profiles to measure (default 1)")
    ap.add_argument("--settle", type=float, default=20, help="seconds left for the background precache")
    ap.add_argument("--returns", type=int, default=3, help="return visits per profile (their median is reported)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    chromium = build.find_chromium()
    if not chromium:
        raise SystemExit("firstvisit: no Chromium (python build.py test installs one)")
    if not args.no_build or not (build.DIST / "index.html").exists():
        build.build(quiet=True)
    rows = []
    for _ in range(args.runs):
        counter = Counter()
        server, url = counting_server(counter)
        try:
            rows.append(measure(chromium, url, counter, args.settle, args.returns))
        finally:
            server.shutdown()
            server.server_close()
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for r in rows:
            print(f"first visit: ready after {r['cold_ready_s']} s with {r['bytes_before_ready_mb']} MB in "
                  f"{r['requests_before_ready']} requests ({r['bytes_first_visit_mb']} MB in "
                  f"{r['requests_first_visit']} once the precache is done); return visit: ready after "
                  f"{r['warm_ready_s']} s (median of {r['warm_each_s']})")
    ok = all(r["bytes_before_ready_mb"] <= FIRST_MB and r["warm_ready_s"] <= WARM_S for r in rows)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
