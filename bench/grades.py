"""Grade every puzzle of folders (the corpus, bench/) and print the distribution per
family: the calibration table of the README's grades section.

    python bench/grades.py ../shared/corpus bench [--timeout S] [--sample N] [--each]
"""
from __future__ import annotations

import argparse
import collections
import json
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from pysolver.base import Deadline, PuzzleError, SolveTimeout  # noqa: E402
from pysolver.format import parse_puzzle  # noqa: E402
from pysolver.grade import WORDS  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--sample", type=int, default=0, help="at most this many files per family and folder")
    ap.add_argument("--each", action="store_true", help="print every puzzle's grade")
    args = ap.parse_args()
    table: dict = collections.defaultdict(collections.Counter)
    for folder in args.folders:
        files = sorted(pathlib.Path(folder).rglob("*.json"))
        by_type = collections.defaultdict(list)
        for f in files:
            try:
                data = json.loads(f.read_text())
            except ValueError:
                continue
            if isinstance(data, dict) and "type" in data:
                by_type[data["type"]].append((f, data))
        for typ, items in sorted(by_type.items()):
            if args.sample and len(items) > args.sample:
                items = random.Random(0).sample(items, args.sample)
            for f, data in items:
                key = (pathlib.Path(folder).name, typ)
                t = time.perf_counter()
                try:
                    p = parse_puzzle(data)
                    g = p.family.grade(p.model, Deadline(args.timeout))
                    level = g.level if g else "none"
                    why = g.why if g else ""
                except SolveTimeout:
                    level, why = "timeout", ""
                except PuzzleError as exc:
                    level, why = "error", str(exc)
                table[key][level] += 1
                if args.each:
                    print(f"{f.name:50s} {level!s:8s} {time.perf_counter() - t:6.2f}s {why}", flush=True)
    print(f"\n{'folder':12s} {'family':11s} " + " ".join(f"{w:>8s}" for w in WORDS) + "  timeout  other")
    for (folder, typ), counts in sorted(table.items()):
        other = sum(v for k, v in counts.items() if k not in range(1, 6) and k != "timeout")
        print(f"{folder:12s} {typ:11s} " + " ".join(f"{counts.get(i, 0):8d}" for i in range(1, 6))
              + f"  {counts.get('timeout', 0):7d}  {other:5d}")


if __name__ == "__main__":
    main()
