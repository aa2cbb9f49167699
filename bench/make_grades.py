"""Make N puzzles per family and grade with the random makers, prove each unique with
the solver, grade it again and print the table: made (within the time given), unique,
graded as asked, median and slowest seconds of making (CPU, ``time.process_time``).

    python bench/make_grades.py [--n 100] [--only nonogram-bw,hungrycat] [--grades 1,2,5]
                                [--timeout 20]

Rows (``--only`` picks by name): nonogram-bw and nonogram-3c (20x20, black and white /
3 colours), nonogram-2c-15 (15x15, 2 colours), hungrycat, hungrycat-25 and hungrycat-30 (12x12,
25x25 and 30x30, 3 colours: above 24x24 pictures are repaired until unique), numberlink-20 and
numberlink-30 (20x20 and 30x30 boards, no grade asked: the row gives the grades made),
numberlink-10-graded, -15-graded and -30-graded (asked for each grade the size allows),
numberlink-10-pairs, -15-pairs and -30-pairs (no grade, asked for the pair counts of
``PAIR_ASKS``: the "grade" column gives the pairs asked, "graded as asked" the boards
with that many; a refusal counts as not made), linkapix-20 and linkapix-15 (20x20 and
15x15, 3 colours: grade 5 needs 15 a side).  Seeds
0..N-1.  A maker that cannot make a grade at all is left out of its form (see each
maker's ``grade`` Param); asked here anyway it shows as not made.
"""
from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pysolver  # noqa: E402
from pysolver.base import PuzzleError, SolveTimeout  # noqa: E402
from pysolver.make import grade, make  # noqa: E402
from pysolver.registry import get_family  # noqa: E402

ROWS = {
    "nonogram-bw": ("nonogram", {"width": 20, "height": 20, "colours": 1}, True),
    "nonogram-3c": ("nonogram", {"width": 20, "height": 20, "colours": 3}, True),
    "nonogram-2c-15": ("nonogram", {"width": 15, "height": 15, "colours": 2}, True),
    "hungrycat": ("hungrycat", {"width": 12, "height": 12, "colours": 3}, True),
    "hungrycat-25": ("hungrycat", {"width": 25, "height": 25, "colours": 3}, True),
    "hungrycat-30": ("hungrycat", {"width": 30, "height": 30, "colours": 3}, True),
    "numberlink-20": ("numberlink", {"width": 20, "height": 20}, False),
    "numberlink-30": ("numberlink", {"width": 30, "height": 30}, False),
}
# Numberlink and Link-a-Pix asked for a grade (their makers allow some grades only at
# some sizes: a grade the size does not allow is left out of the row)
ROWS.update({
    "numberlink-10-graded": ("numberlink", {"width": 10, "height": 10}, True),
    "numberlink-15-graded": ("numberlink", {"width": 15, "height": 15}, True),
    "numberlink-30-graded": ("numberlink", {"width": 30, "height": 30}, True),
    "linkapix-20": ("linkapix", {"width": 20, "height": 20, "colours": 3}, True),
    "linkapix-15": ("linkapix", {"width": 15, "height": 15, "colours": 3}, True),
})
# Numberlink asked for a number of pairs: below, inside and at the top of the range
# the maker promises at the size (generate.pair_range: one per 6 cells to one per 3)
PAIR_ASKS = {10: (7, 10, 12, 17, 33), 15: (20, 25, 33, 38, 75), 20: (50, 58, 67, 133),
             30: (120, 135, 150, 200)}
ROWS.update({f"numberlink-{n}-pairs": ("numberlink", {"width": n, "height": n}, "pairs") for n in PAIR_ASKS})


def offered(family: str, values: dict | None = None) -> list[int]:
    """The grades the family's random maker offers (its form's grade list, 0 "as it
    comes" left out), less those its check refuses at the row's values."""
    maker = get_family(family).makers["random"]
    param = next((p for p in maker.params if p.name == "grade"), None)
    levels = [] if param is None else list(range(max(1, param.min), param.max + 1))
    refused = maker.refusals(values or {}).get("grade", {})
    return [g for g in levels if g not in refused]


def one(family: str, values: dict, timeout: float) -> dict:
    """Make one puzzle, prove it unique, grade it again."""
    t = time.process_time()
    try:
        puzzle = make(family, values, timeout=timeout)["puzzle"]
    except (SolveTimeout, PuzzleError) as e:
        return {"made": False, "why": str(e)}
    spent = time.process_time() - t
    asked = {k: v for k, v in puzzle.items() if k not in ("solution", "grade")}
    res = pysolver.solve(asked, unique=True, timeout=60)
    again = grade(asked, timeout=60)
    return {"made": True, "seconds": spent, "unique": res["status"] == "solved" and res["unique"] is True,
            "grade": puzzle.get("grade"), "regraded": again["level"] if again else None,
            "pairs": len(puzzle.get("endpoints", ())) // 2}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=100)
    ap.add_argument("--only", default=",".join(ROWS))
    ap.add_argument("--grades", default="", help="the grades (pairs rows: the pair counts) to ask for (default: "
                                                 "those the form offers; PAIR_ASKS)")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds a maker may take per puzzle")
    args = ap.parse_args()
    print("| puzzles | grade | made | unique | graded as asked | median | slowest |")
    print("|---|---|---|---|---|---|---|")
    for name in args.only.split(","):
        family, values, graded = ROWS[name]
        asks = [int(g) for g in args.grades.split(",") if g] if args.grades else offered(family, values)
        if graded == "pairs" and not args.grades:
            asks = PAIR_ASKS[values["width"]]
        for level in (asks if graded else [None]):
            results = []
            for seed in range(args.n):
                v = dict(values, seed=seed)
                if level is not None:
                    v["pairs" if graded == "pairs" else "grade"] = level
                results.append(one(family, v, args.timeout))
                print(f"  {name} grade {level} seed {seed}: {results[-1]}", file=sys.stderr, flush=True)
            made = [r for r in results if r["made"]]
            secs = sorted(r["seconds"] for r in made)
            unique = sum(r["unique"] for r in made)
            if level is None:
                got = collections.Counter(r["grade"] for r in made)
                as_asked = "made: " + ", ".join(f"{g}: {n}" for g, n in sorted(got.items()))
                as_asked += f" (graded again the same: {sum(r['grade'] == r['regraded'] for r in made)})"
            elif graded == "pairs":
                as_asked = str(sum(r["pairs"] == level for r in made))
            else:
                as_asked = str(sum(r["grade"] == level == r["regraded"] for r in made))
            med = f"{secs[len(secs) // 2]:.2f} s" if secs else "-"
            slow = f"{secs[-1]:.2f} s" if secs else "-"
            print(f"| {name} | {level or 'any'} | {len(made)}/{len(results)} | {unique} | {as_asked} | {med} | {slow} |",
                  flush=True)


if __name__ == "__main__":
    main()
