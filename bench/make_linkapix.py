"""Generate the Link-a-Pix benchmark set ``bench/linkapix/`` with pysolver's maker.

The sizes and kinds mirror the test sets of Guan et al.'s Link-a-Pix paper: 20x20 and
32x32 fully filled, 32x32 and 40x40 non-fully filled (blank background), 64x64 and
128x128 fully filled.  Each picture is a seeded random drawing of shapes
(:func:`pysolver.linkapix.pictures.generated_picture`), cut into paths and kept only
once the solver proves its picture unique.  Our own puzzles: CC0-1.0.

    python bench/make_linkapix.py [OUTDIR]
    python bench/make_linkapix.py --from-corpus NONOGRAM_DIR OUTDIR
    python bench/make_linkapix.py --fixtures      # tests/fixtures/linkapix/maker_*.json

The second form turns the solution pictures of nonogram puzzles (e.g. the development
corpus ``../shared/corpus/nonogram``) into Link-a-Pix puzzles for local benchmarks.
Their licences are the nonograms' own: write them outside the repository and never
commit them.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pysolver.base import PuzzleError, SolveTimeout  # noqa: E402
from pysolver.linkapix.maker import make_puzzle  # noqa: E402
from pysolver.linkapix.pictures import generated_picture, picture_from_nonogram  # noqa: E402

#: (name, side, fully filled, how many) of each group of the set
GROUPS = (("full", 20, True, 8), ("full", 32, True, 7), ("blank", 32, False, 7),
          ("blank", 40, False, 8), ("full", 64, True, 6), ("full", 128, True, 4))


def plan() -> list[tuple[str, int, bool, int, int]]:
    """(file stem, side, filled, colours, seed) of each puzzle."""
    out = []
    for kind, side, filled, count in GROUPS:
        for i in range(count):
            seed = side * 1000 + (0 if filled else 500) + i
            colours = 2 + (i * 3 + side) % 5
            out.append((f"lap-{side}x{side}-{kind}-{i + 1:02d}", side, filled, colours, seed))
    return out


def dump(puzzle: dict) -> str:
    """Puzzle JSON with one clue and one path per line: readable diffs, small files."""
    head = {k: v for k, v in puzzle.items() if k not in ("clues", "solution")}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f"  {json.dumps(k)}: {json.dumps(v)},")
    lines.append('  "clues": [')
    lines.append(",\n".join("    " + json.dumps(c, separators=(",", ":")) for c in puzzle["clues"]))
    lines.append("  ],")
    lines.append('  "solution": {"paths": [')
    lines.append(",\n".join("    " + json.dumps(p, separators=(",", ":"))
                            for p in puzzle["solution"]["paths"]))
    lines.append("  ]}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def make_generated(outdir: Path) -> None:
    outdir.mkdir(parents=True, exist_ok=True)
    times: dict[str, list[float]] = {}
    for stem, side, filled, colours, seed in plan():
        palette, grid = generated_picture(side, side, seed=seed, colours=colours, filled=filled)
        t = time.perf_counter()
        puzzle, stats = make_puzzle(
            palette, grid, seed=seed, title=f"Shapes {side}x{side} #{seed % 100 + 1}"
            + ("" if filled else " (blank background)"),
            source=f"made by Picture Logic, number {seed}", license="CC0-1.0")
        dt = time.perf_counter() - t
        times.setdefault(f"{side}x{side} {'full' if filled else 'blank'}", []).append(dt)
        (outdir / f"{stem}.json").write_text(dump(puzzle))
        print(f"{stem}: {len(puzzle['palette'])} colours, {stats['clues']} clues, "
              f"max {stats['max_number']}, {stats['rounds']} rounds, "
              f"{stats['tile_rounds']} tile rounds, {dt:.2f} s", flush=True)
    for group, ts in times.items():
        print(f"{group}: {len(ts)} puzzles, maker {min(ts):.2f}-{max(ts):.2f} s "
              f"(mean {sum(ts) / len(ts):.2f} s)")


#: hand-drawn test pictures: (file stem, palette, grid, seed, title)
DRAWN = (
    ("maker_heart_9x9_blank", {"r": "#d81b3c", "w": "#ffe0e8"},
     [".........", ".rr...rr.", "rrrr.rrrr", "rrwrrrrrr", "rrrrrrrrr", ".rrrrrrr.",
      "..rrrrr..", "...rrr...", "....r...."], 1, "Heart"),
    ("maker_house_12x10_full", {"s": "#9fd4f5", "r": "#b5432f", "w": "#f2e6c9", "b": "#3a6ea5",
                                "d": "#6b4226", "g": "#4caf50"},
     ["ssssssssssss", "ssssssrsssss", "sssssrrrssss", "ssssrrrrrsss", "sssrrrrrrrss",
      "ssrrrrrrrrrs", "sswwwwwwwwss", "sswbbwwddwss", "sswbbwwddwss", "gggggggddggg"], 2, "House"),
)


def make_fixtures(outdir: Path) -> None:
    """The small maker fixtures of the tests: two drawn pictures, three generated."""
    outdir.mkdir(parents=True, exist_ok=True)
    items = list(DRAWN)
    for seed, filled, n in ((3, True, 15), (4, False, 12), (5, False, 14)):
        palette, grid = generated_picture(n, n, seed=seed, colours=3, filled=filled)
        items.append((f"maker_shapes_{n}x{n}_{'full' if filled else 'blank'}", palette, grid,
                      seed, f"Shapes {n}x{n} seed {seed}"))
    for stem, palette, grid, seed, title in items:
        puzzle, stats = make_puzzle(palette, grid, seed=seed, title=title, license="CC0-1.0",
                                    source=f"made by Picture Logic, number {seed}")
        (outdir / f"{stem}.json").write_text(dump(puzzle))
        print(f"{stem}: {stats['clues']} clues, max {stats['max_number']}", flush=True)


def make_from_corpus(src: Path, outdir: Path, timeout: float = 120.0) -> None:
    outdir.mkdir(parents=True, exist_ok=True)
    for path in sorted(src.glob("*.json")):
        data = json.loads(path.read_text())
        if not isinstance(data.get("solution"), dict):
            continue
        for filled in (False, True):
            try:
                palette, grid = picture_from_nonogram(data, filled=filled)
                t = time.perf_counter()
                puzzle, stats = make_puzzle(
                    palette, grid, seed=0, deadline=timeout,
                    title=f"{data.get('title', path.stem)} (Link-a-Pix)",
                    source=f"pysolver maker from the nonogram {path.name}: {data.get('source', '')}",
                    license=data.get("license", "see the nonogram's source"))
            except (PuzzleError, SolveTimeout) as exc:
                print(f"{path.name}: skipped ({exc})", flush=True)
                break
            stem = f"{path.stem}-{'full' if filled else 'blank'}"
            (outdir / f"{stem}.json").write_text(dump(puzzle))
            print(f"{stem}: {puzzle['width']}x{puzzle['height']}, {stats['clues']} clues, "
                  f"{time.perf_counter() - t:.2f} s", flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir", nargs="?", default=str(Path(__file__).resolve().parent / "linkapix"))
    ap.add_argument("--from-corpus", nargs=2, metavar=("NONOGRAM_DIR", "OUTDIR"),
                    help="make puzzles from nonogram solutions instead (never commit them)")
    ap.add_argument("--fixtures", action="store_true",
                    help="write the small test fixtures into tests/fixtures/linkapix/ instead")
    args = ap.parse_args(argv)
    if args.fixtures:
        make_fixtures(Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "linkapix")
    elif args.from_corpus:
        make_from_corpus(Path(args.from_corpus[0]), Path(args.from_corpus[1]))
    else:
        make_generated(Path(args.outdir))


if __name__ == "__main__":
    main()
