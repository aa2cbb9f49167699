"""Generate the Numberlink benchmark set ``bench/numberlink/`` with pysolver's generator.

30 full-cover boards of the sizes Flow Free plays (6 each of 8x8, 10x10 and 12x12, 12 of
14x14, the issue's target size), each kept only when the solver proves its solution
unique under the plain rules within the generator's per-try work budget (decisions and
frontiers, not seconds: the set is the same on any machine).  Our own puzzles
(CC0-1.0).  That selection favours boards whose uniqueness is quick to prove, so read
``--unique`` times on this set as a lower bound; first-answer times are not biased.

    python bench/make_numberlink.py [OUTDIR]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pysolver.base import Deadline  # noqa: E402
from pysolver.numberlink.generate import generate  # noqa: E402


def plan() -> list[tuple[int, int]]:
    """(side, seed) of each board."""
    sides = [8] * 6 + [10] * 6 + [12] * 6 + [14] * 12
    return [(side, 100 * (i + 1)) for i, side in enumerate(sides)]


def main() -> None:
    outdir = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "numberlink"
    outdir.mkdir(parents=True, exist_ok=True)
    for i, (side, seed) in enumerate(plan()):
        puzzle = generate(side, side, seed, "full", Deadline(300))
        puzzle = {"title": f"Generated {side}x{side} #{i + 1}", "author": "pysolver generator",
                  "license": "CC0-1.0", **puzzle}
        name = outdir / f"nl{i + 1:02d}-{side}x{side}.json"
        name.write_text(json.dumps(puzzle, separators=(",", ":")) + "\n")
        print(name.name, len(puzzle["endpoints"]) // 2, "pairs", flush=True)


if __name__ == "__main__":
    main()
