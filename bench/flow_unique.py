"""Time uniqueness proofs under Flow rules (full cover) by clause learning alone.

For each full-cover board up to ``--max-side`` a side, one answer is found first (not
timed), then :class:`pysolver.numberlink.cdcl.NumberlinkCDCL` with a no-good on it
looks for a second (timed, CPU seconds): the proof that ``solve --unique`` ends with
when no short search settles it.  Boards: the full-cover ones of the folders given
(the corpus, ``bench/numberlink``) and ``--random N`` boards of the maker's random
paths, uncut (10x10 to 15x15, seeds 0..N-1; many have second answers), and ``--made
N`` boards of the maker (10x10 to 15x15).  ``--auto`` times ``solve --unique``'s whole
way instead (first answers, nearby second answers, short search, clause learning).

    python bench/flow_unique.py ../shared/corpus/numberlink bench/numberlink --random 48 --made 24
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pysolver.base import Deadline  # noqa: E402
from pysolver.numberlink import FAMILY  # noqa: E402
from pysolver.numberlink.cdcl import NumberlinkCDCL  # noqa: E402
from pysolver.numberlink.check import check_solution  # noqa: E402
from pysolver.numberlink.board import board  # noqa: E402
from pysolver.numberlink.generate import _random_paths  # noqa: E402
from pysolver.numberlink.auto import solve_auto  # noqa: E402


def folder_boards(folders: list[str], max_side: int):
    for folder in folders:
        for path in sorted(Path(folder).glob("*.json")):
            data = json.loads(path.read_text())
            if data.get("cover", "full") != "full" or max(data["width"], data["height"]) > max_side:
                continue
            model = FAMILY.parse(data)
            first = solve_auto(model, Deadline(60), 1)
            if first.solutions:
                yield path.name, model, first.solutions[0]


def random_boards(n: int):
    for seed in range(n):
        side = 10 + seed % 6
        rng = random.Random(f"flow bench {seed}")
        paths = _random_paths(side, side, rng, True)
        model, _, answer = board(paths, side, side, "full")
        yield f"random {side}x{side} #{seed}", model, answer


def made_boards(n: int):
    from pysolver.numberlink.generate import generate
    for seed in range(n):
        side = 10 + seed % 6
        puzzle = generate(side, side, seed, "full", Deadline(120))
        yield f"made {side}x{side} #{seed}", FAMILY.parse(puzzle), puzzle["solution"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="*")
    ap.add_argument("--random", type=int, default=0, help="boards of random paths (seeds 0..N-1)")
    ap.add_argument("--made", type=int, default=0, help="boards of the maker (seeds 0..N-1)")
    ap.add_argument("--max-side", type=int, default=15)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--auto", action="store_true",
                    help="time solve --unique's whole way (solve_auto for two answers) instead")
    args = ap.parse_args()
    times = []
    boards = list(folder_boards(args.folders, args.max_side)) + list(random_boards(args.random)) + list(made_boards(args.made))
    for name, model, answer in boards:
        t = time.process_time()
        if args.auto:
            out = solve_auto(model, Deadline(args.timeout), 2)
            out.stats.setdefault("conflicts", 0)
            others = out.solutions[1:]
        else:
            out = NumberlinkCDCL(model, Deadline(args.timeout), avoid=answer).solve(1)
            others = out.solutions
        spent = time.process_time() - t
        for sol in out.solutions:
            assert check_solution(model, sol).solved, name
        verdict = "second answer" if others or out.more else "unique" if out.complete else "undecided"
        times.append((spent, name))
        print(f"{name:40s} {model.width}x{model.height} {len(model.labels):3d} pairs  {verdict:13s} "
              f"{spent:6.3f} s  {out.stats['conflicts']} conflicts", flush=True)
    times.sort()
    if times:
        print(f"{len(times)} boards: median {times[len(times) // 2][0]:.3f} s, "
              f"slowest {times[-1][0]:.3f} s ({times[-1][1]})")


if __name__ == "__main__":
    main()
