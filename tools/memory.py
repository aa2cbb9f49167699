"""How much memory the app's tab holds: the renderer process (the page and its solver
worker) after Python has booted, and at its peak while the largest puzzle of every
family is solved one after another, as a phone would see it.

    python tools/memory.py            # build dist/, serve it, measure, print
    python tools/memory.py --json

Reads the resident set size of Chromium's renderer processes with psutil, every 100 ms,
in the Chromium the tests use (headless).  The targets (issue: a tab that fits a phone)
are at most 300 MB after boot and 500 MB at the peak; exit status 0 when both are met.
"""
from __future__ import annotations

import argparse
import json
import sys
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

AFTER_BOOT_MB, PEAK_MB = 300, 500


def largest_puzzles() -> list[Path]:
    """Per family, the puzzle with the most cells among the bundled library and bench/."""
    best: dict[str, tuple[int, Path]] = {}
    for path in sorted((ROOT / "static" / "puzzles").glob("*.json")) + sorted((ROOT / "bench").rglob("*.json")):
        try:
            data = json.loads(path.read_text())
            cells = data["width"] * data["height"]
        except (ValueError, KeyError, TypeError):
            continue
        if cells > best.get(data["type"], (0, None))[0]:
            best[data["type"]] = (cells, path)
    return [p for _, p in best.values()]


class Sampler:
    """The largest renderer RSS (MB) of the Chromium started with ``marker``, sampled."""

    def __init__(self, marker: str):
        import psutil
        self.psutil = psutil
        self.marker = marker
        self.peak = 0.0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def renderers(self):
        out = []
        for proc in self.psutil.process_iter(["cmdline"]):
            cmd = proc.info["cmdline"] or []
            if any(self.marker in arg for arg in cmd) and not any(a.startswith("--type=") for a in cmd):
                try:
                    out += [c for c in proc.children(recursive=True)
                            if "--type=renderer" in (c.cmdline() or [])]
                except self.psutil.Error:
                    pass
        return out

    def now(self) -> float:
        rss = 0
        for proc in self.renderers():
            try:
                rss = max(rss, proc.memory_info().rss)
            except self.psutil.Error:
                pass
        return rss / 2**20

    def _run(self):
        while not self.stop.is_set():
            self.peak = max(self.peak, self.now())
            time.sleep(0.1)


def measure(url: str, chromium: str, puzzles: list[Path]) -> dict:
    from playwright.sync_api import sync_playwright
    marker = f"/tmp/pysolver-memory-{uuid.uuid4().hex[:8]}"
    with sync_playwright() as pw:
        # (bypass_csp: Playwright's wait_for_function evaluates a string, which the page's
        # CSP forbids; the memory is the same)
        browser = pw.chromium.launch_persistent_context(
            marker, executable_path=chromium, headless=True, bypass_csp=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"])
        page = browser.new_page()
        page.goto(url)
        page.wait_for_function("window.app && app.solverState === 'ready'", timeout=300_000)
        sampler = Sampler(marker)
        time.sleep(2)                       # (let the boot's garbage go)
        after_boot = sampler.now()
        sampler.peak = after_boot
        sampler.thread.start()
        solved = []
        for path in puzzles:
            page.evaluate("(p) => app.load(p)", json.loads(path.read_text()))
            res = page.evaluate("() => app.solve({timeout: 120, unique: false})")
            solved.append({"puzzle": path.name, "status": res["status"], "seconds": res["seconds"],
                           "mb_now": round(sampler.now(), 1)})
        time.sleep(1)
        sampler.stop.set()
        sampler.thread.join()
        end = sampler.now()
        browser.close()
    return {"after_boot_mb": round(after_boot, 1), "peak_mb": round(sampler.peak, 1), "end_mb": round(end, 1),
            "solved": solved}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-build", action="store_true", help="measure dist/ as it is")
    args = ap.parse_args()
    chromium, server, base = build.serve_for_tool("memory.py", rebuild=not args.no_build)
    try:
        res = measure(base, chromium, largest_puzzles())
    finally:
        server.shutdown()
    ok = res["after_boot_mb"] <= AFTER_BOOT_MB and res["peak_mb"] <= PEAK_MB
    if args.json:
        print(json.dumps({**res, "ok": ok}))
    else:
        print(f"renderer RSS after boot: {res['after_boot_mb']:.0f} MB (target {AFTER_BOOT_MB}); "
              f"peak {res['peak_mb']:.0f} MB (target {PEAK_MB}); at the end {res['end_mb']:.0f} MB")
        for s in res["solved"]:
            print(f"  {s['puzzle']}: {s['status']} in {s['seconds']:.1f} s, then {s['mb_now']:.0f} MB")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
