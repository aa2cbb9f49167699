"""CPU time of ``api.solve`` on a sample of the nonogram corpus, in one process.

    python bench/nonomed.py "tournament__*" 60 [--seed 1] [--unique] [--out times.json]

Reads the puzzles from ../shared/corpus/nonogram at run time (nothing is copied), drops
their solutions, solves each with the default method and prints the median, the 90th
percentile, the slowest and the solved count.  CPU time (time.process_time), because
wall times lie on a loaded machine (the time limit is still wall time: on a busy machine
a board can time out at half the CPU seconds).  ``--out`` keeps the per-puzzle times,
statuses and solver stats (conflicts...) for a later comparison; compare conflicts when
a change alters the search, since CPU time of one board varies by 10-20% with the load.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's package
from pysolver import api  # noqa: E402

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "nonogram"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("pattern")
    ap.add_argument("count", type=int, nargs="?", default=0, help="0: every match")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--unique", action="store_true")
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    files = sorted(args.corpus.glob(args.pattern))
    random.Random(args.seed).shuffle(files)
    if args.count:
        files = files[:args.count]
    rows = []
    for f in files:
        puzzle = json.loads(f.read_text())
        puzzle.pop("solution", None)
        t0 = time.process_time()
        r = api.solve(puzzle, timeout=args.timeout, unique=args.unique)
        rows.append((time.process_time() - t0, f.name, r["status"], r.get("stats") or {}))
    times = sorted(t for t, _, _, _ in rows)
    p90 = times[max(0, math.ceil(0.9 * len(times)) - 1)]          # (nearest rank)
    print(f"{len(rows)} puzzles: median {statistics.median(times):.3f} s, p90 {p90:.3f} s, "
          f"total {sum(times):.1f} s, solved {sum(s == 'solved' for _, _, s, _ in rows)}")
    for t, name, status, _ in sorted(rows, key=lambda row: row[0])[-5:]:
        print(f"  {t:7.3f} s  {status:8s} {name}")
    if not rows:
        sys.exit(f"no puzzle matches {args.pattern} in {args.corpus}")
    if args.out:
        args.out.write_text(json.dumps({name: [t, s, st] for t, name, s, st in rows}, indent=0))


if __name__ == "__main__":
    main()
