"""The Hungry Cat maker as the CLI, the worker and the app offer it: a random picture of
smooth blobs (:func:`.maker.random_picture`) whose clues have exactly one solution, of
a requested grade (:mod:`.grade`; below grade 5 the grading proves it unique, at 5 the
solver does; grades 3 to 5, rare among blob pictures, are climbed to from easier ones
by :mod:`pysolver.climb`), the same puzzle again for the same number; and a picture made
a puzzle (:mod:`.picture`: snapped to a few colours, repaired until unique)."""
from __future__ import annotations

import random

from ..base import SEED, Deadline, Maker, Param
from ..climb import climb
from ..grade import WORDS, grade_param

MIN_SIDE, MAX_SIDE = 4, 30
#: the largest width of a puzzle from a picture: counts alone pin down little, so a
#: real picture wider than this needs dozens of changed cells and minutes to be unique
#: (black-and-white pictures of the corpus, CPU: 20 across took 4 to 60 changes and 1 to
#: 60 s, 16 across 1 to 35 changes and at most 4.4 s, 12 across at most 10 and 0.4 s)
MAX_PICTURE_SIDE = 16
#: grades offered: 5 (fiendish, contradictions stall) is not, for no such picture with
#: one solution has been met.  Climbs from easier pictures: 12x12, 2 and 3 colours,
#: about 740 stalls, none unique; 2 colours, 10x10 3,855 and 16x16 2,315 stalls; 12x12,
#: 6 colours 106 and 8 colours 122: none unique (2026-11-26).  Random pictures of
#: independent cells: of 6,052 that needed guessing (5x5 3 colours, 6x6 2 colours,
#: 7x7 3 colours, 8x8 2 colours) none was unique.  Where line logic and contradictions
#: stall, two solutions mostly differ by a switch the counts cannot see (30 stalled 6x6
#: 2-colour pictures: 20 differ in 4 cells, 6 in 6, 4 in 8).  8 stalled pictures
#: repaired towards one solution by changes chosen to keep the stall (pysolver.repair
#: with the grade as the score) all lost it or stayed ambiguous after 20 changes.  A
#: fiendish black-and-white nonogram's picture (the start of the colour nonograms'
#: grade 5) is no start either: as a 2-colour Hungry Cat, 3 of 3 at 12x12 had several
#: solutions, line logic deciding 10 to 48 of 144 cells.
MAX_GRADE = 4


def make_random(width: int, height: int, colours: int, level: int, seed: int, deadline: Deadline) -> dict:
    from .grade import grade
    from .maker import COLOURS, from_picture, is_unique, random_picture
    from .model import parse
    rng = random.Random(f"hungrycat {width}x{height} {colours} {level} {seed}")
    tries = 0
    while True:
        deadline.check()
        tries += 1
        # fewer, larger blobs for the easy grades; more and rougher ones for the hard
        blobs = max(colours + 1, width * height // rng.choice((30, 18, 12, 8)))
        picture, palette = random_picture(width, height, min(colours, len(COLOURS)), rng.randrange(1 << 30),
                                          blobs=blobs, smooth=rng.choice((0, 1, 2)))
        if len(palette) < min(2, colours):
            continue
        puzzle = from_picture(picture, palette)
        g = grade(parse(puzzle), deadline)
        if level >= 3 and g.level < level:
            # grades 3 to 5 are rare among blob pictures: climb to one (pysolver.climb).
            # Grade 3 by moving blob edges (12x12, 3 colours, numbers 0-2: 0.4-0.6 s
            # instead of 1.2-14 s), grade 4 by any change (median 1.1 s instead of 4 s),
            # from a grade 3 climbed to first that way (numbers 0-35, 20 or 40 s on a
            # busy machine: 32 made instead of 31; numbers 16-35, CPU of those made:
            # median 3.1 s instead of 4.7 s, slowest 6.9 s instead of 13.3 s)
            def grade_of(pic):
                return grade(parse(from_picture(_rows(pic), palette)), deadline)

            def unique(pic):
                return is_unique(from_picture(_rows(pic), palette), deadline)
            found = [list(row) for row in picture], g
            if level == 4 and g.level < 3:
                found = climb(*found, 3, list(palette), rng, grade_of, unique, near=True)
            if found is not None:
                found = climb(*found, level, list(palette), rng, grade_of, unique, near=level == 3)
            if found is None:
                continue
            picture, g = _rows(found[0]), found[1]
            used = {k for row in picture for k in row}
            puzzle = from_picture(picture, {k: v for k, v in palette.items() if k in used})
        elif g.level != level or (level == 5 and not is_unique(puzzle, deadline)):
            continue
        puzzle.update(title=f"Hungry Cat {width}×{height}, {g.words} #{seed}", author="Picture Logic",
                      license="CC0-1.0", grade=g.level)
        return {"puzzle": puzzle, "stats": {"tries": tries, "grade": g.to_json()}}


def _rows(picture: list[list[str]]) -> list[str]:
    return ["".join(row) for row in picture]


def _random(values: dict, deadline: Deadline) -> dict:
    return make_random(values["width"], values["height"], values["colours"], values["grade"], values["seed"],
                       deadline)


def _from_picture(values: dict, deadline: Deadline) -> dict:
    from ..linkapix.pictures import pixels_of
    from .picture import make_from_picture
    image = values["image"]
    pixels = pixels_of(image["rgba"], image["source_width"], image["source_height"])
    return make_from_picture(pixels, values["width"], values["colours"], values["seed"], deadline,
                             values.get("title"))


MAKERS = {
    "random": Maker(
        "random", "Make a random Hungry Cat puzzle",
        "A random picture of blobs whose clues have exactly one solution, of the grade you ask for (" +
        ", ".join(f"{i} {w}" for i, w in enumerate(WORDS[:MAX_GRADE], 1)) + "; fiendish ones, which need "
        "guessing, have come out with several solutions every time). The same number makes the same puzzle.",
        (Param("width", "int", "Width", MIN_SIDE, MAX_SIDE, 12),
         Param("height", "int", "Height", MIN_SIDE, MAX_SIDE, 12),
         Param("colours", "int", "Colours", 2, 8, 3),
         grade_param(MAX_GRADE),
         SEED),
        _random, timeout=60),
    "picture": Maker(
        "picture", "Make a Hungry Cat puzzle from a picture",
        "Choose an image: the whole picture, its background too, is snapped to a few colours, and where "
        "its counts allow several solutions the fewest cells are changed until there is one.",
        (Param("image", "image", "Picture"),
         Param("width", "int", "Cells across", MIN_SIDE, MAX_PICTURE_SIDE, 12),
         Param("colours", "int", "Colours", 2, 8, 3),
         SEED),
        _from_picture, timeout=60),
}
