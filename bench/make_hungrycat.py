"""Generate the Hungry Cat benchmark set ``bench/hungrycat/`` with pysolver's maker.

30 puzzles from 10x10 to 30x30 with 2 to 6 colours (2 only up to 20 wide), each from a random blob picture
and kept only when its clues have exactly one solution.  Our own puzzles (CC0-1.0).

    python bench/make_hungrycat.py [OUTDIR]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pysolver.hungrycat.maker import make  # noqa: E402


def plan() -> list[tuple[int, int, int, int]]:
    """(width, height, colours, seed) of each puzzle."""
    out = []
    for i in range(30):
        side = 10 + (i * 20) // 29
        height = side if i % 3 else max(10, side - 5)
        colours = 2 + i % 5
        if colours == 2 and side > 20:
            # Big two-colour pictures almost never have unique clues (every corner
            # of the boundary allows a 2x2 swap), so those sizes get three colours.
            colours = 3
        out.append((side, height, colours, 1000 * (i + 1)))
    return out


def main() -> None:
    outdir = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "hungrycat"
    outdir.mkdir(parents=True, exist_ok=True)
    for i, (w, h, k, seed) in enumerate(plan()):
        puzzle = make(w, h, k, seed, timeout=2.0)
        name = outdir / f"hc{i + 1:02d}-{w}x{h}-{k}c.json"
        name.write_text(json.dumps(puzzle, separators=(",", ":")) + "\n")
        print(name.name, puzzle["source"], flush=True)


if __name__ == "__main__":
    main()
