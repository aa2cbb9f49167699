"""Make Hungry Cat versions of the development corpus's nonogram pictures (a hard set).

Every nonogram of ``../shared/corpus/nonogram`` (or the folder given) whose solution
grid is known and at most 40x40 becomes a Hungry Cat puzzle with
:func:`pysolver.hungrycat.maker.from_picture`: the blank cells take a colour of their
own (white), black-and-white pictures give two colours, multicolour ones one more than
their palette.  The corpus is read at run time and the puzzles are written OUTSIDE the
repository (``/tmp/hc-hard`` by default): their licences forbid copying them here.

    python bench/make_hungrycat_hard.py [--corpus DIR] [--out DIR] [--max-side 40] [--min-side 0]
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pysolver.hungrycat.maker import from_picture  # noqa: E402

HERE = Path(__file__).resolve().parent.parent


def convert(data: dict) -> dict | None:
    """The Hungry Cat puzzle of one nonogram's solution picture, or None."""
    sol = data.get("solution")
    grid = sol.get("grid") if isinstance(sol, dict) else None
    if not grid or not all(isinstance(r, str) for r in grid):
        return None
    palette = data.get("palette") or {"#": "#000000"}
    keys = [k for k in palette if len(k) == 1]
    if len(keys) != len(palette):
        return None
    # single-character keys other than '.', '?', '#': reuse the nonogram's where allowed
    spare = iter(k for k in "KRGBYOPNSTUVXZabcdefghijklmnopqrstuvwxyz" if k not in palette)
    mapping = {".": "W"} if "W" not in palette else {".": next(spare)}
    for k in keys:
        mapping[k] = k if k not in ".?# W" else next(spare)
    used = {ch for row in grid for ch in row}
    if not used <= set(mapping):
        return None
    picture = ["".join(mapping[ch] for ch in row) for row in grid]
    colours = {mapping["."]: "#ffffff"}
    for k in keys:
        colours[mapping[k]] = palette[k]
    colours = {k: v for k, v in colours.items() if k in {mapping[c] for c in used}}
    if len(colours) < 2:
        return None
    out = from_picture(picture, colours)
    out["title"] = f"Hungry Cat of {data.get('title') or 'a nonogram'}"
    for key in ("source", "license", "author"):
        if data.get(key):
            out[key] = data[key]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(HERE.parent / "shared" / "corpus" / "nonogram"))
    ap.add_argument("--out", default="/tmp/hc-hard")
    ap.add_argument("--max-side", type=int, default=40)
    ap.add_argument("--min-side", type=int, default=0, help="skip pictures with a side below this")
    args = ap.parse_args()
    corpus = Path(args.corpus)
    if not corpus.is_dir():
        corpus = Path("/work/shared/corpus/nonogram")
    out = Path(args.out)
    if out.resolve().is_relative_to(HERE):
        sys.exit("refusing to write corpus-derived puzzles inside the repository")
    out.mkdir(parents=True, exist_ok=True)
    made = 0
    for path in sorted(corpus.glob("*.json")):
        data = json.loads(path.read_text())
        w, h = data.get("width", 0), data.get("height", 0)
        if max(w, h) > args.max_side or min(w, h) < args.min_side:
            continue
        puzzle = convert(data)
        if puzzle is None:
            continue
        (out / path.name).write_text(json.dumps(puzzle, separators=(",", ":")) + "\n")
        made += 1
    print(f"{made} puzzles in {out}")


if __name__ == "__main__":
    main()
