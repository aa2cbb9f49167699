"""Lighthouse on a phone: the app's library page and a play page, audited as a web app.

    python tools/audit.py              # build dist/, serve it, audit, print the scores
    python tools/audit.py --json       # the same, one JSON object per page

Lighthouse 11 (the last release with the PWA checks) is installed once with npm into
~/.cache/pysolver-audit (it needs Node.js 18 or newer and the npm registry) and run
against the Chromium the tests use, with its mobile preset (a mid-range phone on a
slow 4G network, 4x CPU slowdown).  Exit status 0 when every page meets the targets:
performance >= 0.95, accessibility, best practices, SEO 1.0, and every PWA check that
applies passing.  Not part of `build.py test` (CI may have no Node.js): run it before
a change that touches the page's loading or layout, and report the figures.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

LIGHTHOUSE = "lighthouse@11.7.1"
CACHE = Path.home() / ".cache" / "pysolver-audit"
TARGETS = {"performance": 0.95, "accessibility": 1.0, "best-practices": 1.0, "seo": 1.0}
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-background-networking "
                "--disable-component-update --disable-sync --no-first-run")
#: metrics worth seeing beside the scores (Lighthouse audit ids)
METRICS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time",
           "cumulative-layout-shift", "speed-index", "total-byte-weight")


def lighthouse_bin() -> Path:
    exe = CACHE / "node_modules" / ".bin" / "lighthouse"
    if exe.exists():
        return exe
    if not shutil.which("npm"):
        raise SystemExit("audit.py: Lighthouse needs Node.js and npm (apt-get install nodejs npm)")
    CACHE.mkdir(parents=True, exist_ok=True)
    print(f"audit.py: installing {LIGHTHOUSE} into {CACHE} ...", flush=True)
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(CACHE), LIGHTHOUSE], check=True)
    return exe


def play_page_fragment() -> str:
    """The share link of a bundled puzzle: a play page as a shared link opens it."""
    from pysolver.link import encode_link
    from pysolver.load import load_path
    return encode_link(load_path(str(ROOT / "static" / "puzzles" / "nonogram-heart.json")))


def audit(url: str, chromium: str) -> dict:
    out = Path(tempfile.mkdtemp()) / "report.json"
    env = {**os.environ, "CHROME_PATH": chromium}
    run = subprocess.run([str(lighthouse_bin()), url, "--quiet", "--output=json", f"--output-path={out}",
                          f"--chrome-flags={CHROME_FLAGS}"], env=env, capture_output=True, text=True)
    if run.returncode != 0 or not out.exists():
        raise SystemExit(f"audit.py: lighthouse failed on {url}:\n{run.stderr[-2000:]}")
    report = json.loads(out.read_text())
    shutil.rmtree(out.parent, ignore_errors=True)
    scores = {k: v["score"] for k, v in report["categories"].items()}
    metrics = {m: report["audits"][m]["numericValue"] for m in METRICS}
    pwa_failed = []
    if "pwa" in report["categories"]:
        for ref in report["categories"]["pwa"]["auditRefs"]:
            a = report["audits"][ref["id"]]
            if a["scoreDisplayMode"] in ("binary", "numeric") and a["score"] is not None and a["score"] < 1:
                pwa_failed.append(ref["id"])
    return {"url": url, "scores": scores, "metrics": metrics, "pwa_failed": pwa_failed}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", action="store_true", help="one JSON object per page")
    ap.add_argument("--no-build", action="store_true", help="audit dist/ as it is")
    args = ap.parse_args()
    chromium, server, base = build.serve_for_tool("audit.py", rebuild=not args.no_build)
    ok = True
    try:
        # (the play page's URL differs from the library's before its fragment: Lighthouse
        # records no navigation for a URL that only adds a fragment to the last one)
        for name, url in (("library", base), ("play page", base + "?page=play#" + play_page_fragment())):
            res = audit(url, chromium)
            missed = [f"{k} {res['scores'].get(k)} < {v}" for k, v in TARGETS.items()
                      if (res["scores"].get(k) or 0) < v]
            missed += [f"PWA check {a}" for a in res["pwa_failed"]]
            ok = ok and not missed
            if args.json:
                print(json.dumps({"page": name, **res, "missed": missed}))
                continue
            scores = "  ".join(f"{k} {v:.2f}" for k, v in res["scores"].items() if v is not None)
            m = res["metrics"]
            print(f"{name}: {scores}")
            print(f"  FCP {m['first-contentful-paint'] / 1000:.1f} s, LCP {m['largest-contentful-paint'] / 1000:.1f} s, "
                  f"TBT {m['total-blocking-time']:.0f} ms, CLS {m['cumulative-layout-shift']:.3f}, "
                  f"SI {m['speed-index'] / 1000:.1f} s, {m['total-byte-weight'] / 1e6:.1f} MB")
            print("  " + ("meets the targets" if not missed else "MISSES: " + "; ".join(missed)))
    finally:
        server.shutdown()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
