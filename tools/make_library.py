"""Make the app's bundled library from pictures drawn for it (our own, CC0-1.0).

Each picture below is pixel art in text: one character per cell, ``.`` blank, other
characters keys of its palette.  From them this script writes, into
``static/puzzles/``:

* a nonogram of every picture (black and white when it has one colour), kept only
  when the solver proves its solution unique;
* a Link-a-Pix of the pictures listed in ``LINKAPIX`` (the maker cuts the picture
  into links until its picture is unique);
* a Hungry Cat Picross of those in ``HUNGRYCAT`` (blank cells painted white), kept
  only when unique;
* Numberlink boards from the generator, of the sizes in ``NUMBERLINK``;
* bigger puzzles from the random makers, as ``MADE`` lists them (a player's review:
  the largest bundled nonogram was 21x20, and demanding players start bigger).

Everything is a function of the pictures and the seeds, so running it again writes
the same files.  The library page lists the puzzles of each family from easy to
fiendish, the smallest first within a grade (build.py, ``_write_library_index``).

    python tools/make_library.py            # the puzzles, then their grades
    python tools/make_library.py --grades   # only the grades, of every bundled puzzle
    python tools/make_library.py --made     # only the makers' puzzles (graded as made)
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pysolver import api  # noqa: E402
from pysolver.base import Deadline  # noqa: E402
from pysolver.hungrycat.maker import from_picture, is_unique  # noqa: E402
from pysolver.linkapix.maker import make_puzzle  # noqa: E402
from pysolver.make import make, with_grade  # noqa: E402
from pysolver.nonogram.check import runs  # noqa: E402
from pysolver.numberlink.generate import generate  # noqa: E402

OUT = ROOT / "static" / "puzzles"
META = {"author": "Picture Logic", "license": "CC0-1.0", "source": "drawn for the app"}

#: name -> (title, palette, picture)
PICTURES = {
    'cat': ('Cat', {'#': '#000000'}, """
..#.........#..
..##.......##..
..###.....###..
..###########..
.#############.
.#############.
###..#####..###
###..#####..###
###############
#######.#######
######...######
.#..#######..#.
.###..#.#..###.
..###########..
....#######....
"""),
    'cup': ('Cup of tea', {'#': '#000000'}, """
....#..#..#....
...#...#..#....
...#...#..#....
....#..#.......
...............
.###########...
.###########...
.##########.###
.##########.#.#
.##########.###
..#########....
...#######.....
#.............#
.#############.
"""),
    'key': ('Key', {'#': '#000000'}, """
.####.............
######............
##..##############
##..##############
######.......#.#.#
.####........#.#.#
.............#...#
"""),
    'tree': ('Tree', {'g': '#008000', 'b': '#a52a2a'}, """
.....gg.....
....gggg....
...gggggg...
..gggggggg..
...gggggg...
..gggggggg..
.gggggggggg.
..gggggggg..
.gggggggggg.
gggggggggggg
.....bb.....
.....bb.....
....bbbb....
"""),
    'mushroom': ('Mushroom', {'r': '#ff0000', 'w': '#ffff00', 't': '#d2b48c'}, """
....rrrr....
..rrwwrrrr..
.rrrwwrrwwr.
rrrrrrrrwwrr
rwwrrrrrrrrr
rwwrrwwrrrrr
rrrrrwwrrrrr
....tttt....
....tttt....
...tttttt...
...tttttt...
"""),
    'fish': ('Fish', {'o': '#ffa500', 'b': '#0000ff', 'k': '#000000'}, """
........oooo......
......oooooooo....
b...oooooooooooo..
bb.oooooooooooooo.
bbbooooooooooookoo
bbbboooooooooooooo
bbbooooooooooooooo
bb.oooooooooooooo.
b...oooooooooooo..
......oooooooo....
........oooo......
"""),
    'duck': ('Duck', {'y': '#ffd700', 'o': '#ffa500', 'k': '#000000'}, """
....yyyy........
...yyyyyy.......
..yyykyyy.......
ooyyyyyyy.......
.ooyyyyyy.......
....yyyy........
...yyyyyy...yy..
..yyyyyyyyyyyy..
..yyyyyyyyyyyyy.
..yyyyyyyyyyyy..
...yyyyyyyyyy...
.....oo..oo.....
....ooo.ooo.....
"""),
    'rocket': ('Rocket', {'g': '#808080', 'b': '#0000ff', 'r': '#ff0000', 'o': '#ffa500'}, """
......gg......
.....gggg.....
....gggggg....
....gggggg....
....gbbbbg....
....gb..bg....
....gbbbbg....
....gggggg....
....gggggg....
...rggggggr...
..rrggggggrr..
.rrrggggggrrr.
.rr.gggggg.rr.
.....oooo.....
......oo......
"""),
    'umbrella': ('Umbrella', {'r': '#ff0000', 'b': '#0000ff', 'k': '#000000'}, """
.......k.......
.....rrbrr.....
...rrrrbbrrr...
..rrrrbbbrrrr..
.rrrrrbbbbrrrr.
.rrrrbbbbbrrrr.
rrrrrbbbbbrrrrr
r.r.r.bkb.r.r.r
.......k.......
.......k.......
.......k.......
.......k.......
.......k..k....
........kk.....
"""),
    'owl': ('Owl', {'#': '#000000'}, """
..##.............##..
..####.........####..
..#################..
.###################.
.####.......#.....##.
.###..###..#..###..#.
.##..#####...#####.#.
.##..##.##...##.##.#.
.##..#####...#####.#.
.###..###..#..###..#.
.####......#......##.
.#########.#.#######.
.##########.########.
.#..#..#######..#..#.
.#.#.#..#####..#.#.#.
.#..#..#######..#..#.
.###################.
..#################..
...######...######...
...#.#.#.....#.#.#...
"""),
    'snail': ('Snail', {'b': '#a52a2a', 'o': '#ffa500', 'g': '#008000'}, """
......bbbbbb........
....bboooooobb......
...booobbbbooob.....
..boobbooooobbob....
..bobooobbbooobob...
.boboobooooboobob...
.boboobobbobooboob..
.boboobooboobooboob.
.booboobbbooboooob..
..boooboooooboooob..
..bbooobbbbbooobb...
g..bbooooooooobb.g..
.gggggbbbbbbbbggggg.
gggggggggggggggggggg
"""),
}

#: pictures also made into Link-a-Pix puzzles, and into Hungry Cat Picross
LINKAPIX = ("duck", "fish", "rocket", "mushroom", "snail")
HUNGRYCAT = ("tree", "fish", "duck")
#: Numberlink boards: (width, height, generator number)
NUMBERLINK = ((5, 5, 11), (8, 8, 12), (12, 12, 13))
#: puzzles of the random makers: (file name, title, type, the maker's values)
MADE = (("nonogram-25x25-hard", "Blobs", "nonogram", {"width": 25, "height": 25, "colours": 1, "grade": 3, "seed": 1}),
        ("nonogram-30x30-tough", "Thirty by thirty", "nonogram",
         {"width": 30, "height": 30, "colours": 1, "grade": 4, "seed": 1}),
        ("nonogram-25x25-colour", "Three-colour blobs", "nonogram",
         {"width": 25, "height": 25, "colours": 3, "grade": 3, "seed": 1}),
        ("hungrycat-20x20-hard", "Hungry blobs", "hungrycat",
         {"width": 20, "height": 20, "colours": 3, "grade": 3, "seed": 1}),
        ("numberlink-20x20", "Flow 20×20", "numberlink", {"width": 20, "height": 20, "seed": 1}))


def grid_of(picture: str) -> list[str]:
    rows = picture.strip("\n").split("\n")
    if len({len(r) for r in rows}) != 1:
        raise SystemExit(f"picture rows differ in length: {[len(r) for r in rows]}")
    return rows


def nonogram(title: str, palette: dict, grid: list[str]) -> dict:
    multi = len(palette) > 1
    w = len(grid[0])
    p = {"type": "nonogram", "width": w, "height": len(grid), "title": title, **META}
    if multi:
        p["palette"] = palette
    clue = lambda line: [[n, k] if multi else n for n, k in runs(line)]  # noqa: E731
    p["rows"] = [clue(r) for r in grid]
    p["cols"] = [clue("".join(r[c] for r in grid)) for c in range(w)]
    key = None if multi else next(iter(palette))
    p["solution"] = {"grid": [r.replace(key, "#") if key else r for r in grid]}
    return p


def unique_nonogram(p: dict) -> bool:
    res = api.solve({k: v for k, v in p.items() if k != "solution"}, unique=True, timeout=60)
    return res["status"] == "solved" and res["unique"] is True and res["solution"] == p["solution"]


def hungrycat(palette: dict, grid: list[str]) -> dict:
    """Every cell takes a colour in Hungry Cat: blank cells are white ("#", which
    palette keys may not be, becomes "k")."""
    rename = {"#": "k", ".": "w"}
    pal = {"w": "#ffffff", **{rename.get(k, k): v for k, v in palette.items()}}
    return from_picture(["".join(rename.get(ch, ch) for ch in r) for r in grid], pal)


def write(name: str, puzzle: dict) -> None:
    (OUT / f"{name}.json").write_text(json.dumps(puzzle, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote static/puzzles/{name}.json ({puzzle['width']}x{puzzle['height']})")


def add_grades() -> None:
    """Every bundled puzzle gets its ``grade`` (the library's cards show it), also those
    made by other tools; a grade already there is worked out again."""
    for f in sorted(OUT.glob("*.json")):
        if f.name == "index.json":
            continue
        puzzle = json.loads(f.read_text(encoding="utf-8"))
        puzzle.pop("grade", None)
        f.write_text(json.dumps(with_grade(puzzle), ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{f.name}: grade {puzzle.get('grade')}")


def main() -> None:
    for seed, (name, (title, palette, picture)) in enumerate(PICTURES.items(), start=1):
        grid = grid_of(picture)
        p = nonogram(title, palette, grid)
        if not unique_nonogram(p):
            raise SystemExit(f"{name}: the nonogram of this picture is not unique; change the picture")
        write(f"nonogram-{name}", p)
        if name in LINKAPIX:
            lap, _ = make_puzzle(palette, grid, seed=seed, deadline=300, title=title,
                                 source=META["source"], license=META["license"])
            write(f"linkapix-{name}", {**lap, "author": META["author"]})
        if name in HUNGRYCAT:
            hc = hungrycat(palette, grid)
            if not is_unique(hc, Deadline(60)):
                raise SystemExit(f"{name}: the Hungry Cat of this picture is not unique; change the picture")
            write(f"hungrycat-{name}", {"title": title, **META, **hc})
    for w, h, number in NUMBERLINK:
        p = generate(w, h, number, "full", Deadline(300))
        write(f"numberlink-{w}x{h}-{number}",
              {"title": f"Flow {w}×{h} #{number}", "author": "Picture Logic", "license": "CC0-1.0", **p})


def made() -> None:
    """The makers' puzzles of ``MADE`` (unique by construction, graded as made)."""
    for name, title, kind, values in MADE:
        write(name, {**make(kind, values)["puzzle"], "title": title, "source": "made by the app's random maker"})


if __name__ == "__main__":
    if "--made" in sys.argv[1:]:
        made()
    else:
        if "--grades" not in sys.argv[1:]:
            main()
            made()
        add_grades()
