"""The Hungry Cat maker as the CLI, the worker and the app offer it: a random picture of
smooth blobs (:func:`.maker.random_picture`) whose clues have exactly one solution, of
a requested grade (:mod:`.grade`, whose rules prove it unique on the way; grades 3 to
5, rare among blob pictures, are climbed to from easier ones by :mod:`pysolver.climb`;
above 24x24 the pictures are first repaired until unique, :mod:`.large`), the same
puzzle again for the same number; and a picture made a puzzle (:mod:`.picture`: snapped
to a few colours, repaired until unique)."""
from __future__ import annotations

import random

from ..base import SEED, Deadline, Maker, Param, ParamError, a_size
from ..climb import CLIMB_STEPS, climb, descend
from ..grade import WORDS, Grade, grade_param
from ..sharing import sharing
from .grade import MANY_CONTRADICTIONS

MIN_SIDE, MAX_SIDE = 4, 30
#: grades offered, all five.  Fiendish (grade 5) is the one a stall would also give, but
#: is made by count: more contradictions than tough (see .grade).  No picture whose
#: contradictions stall has been met with one solution: climbs from easier pictures (12x12,
#: 2 and 3 colours, about 740 stalls; 2 colours, 10x10 3,855 and 16x16 2,315; 12x12, 6
#: colours 106 and 8 colours 122) and random pictures of independent cells (6,052 that
#: needed guessing, 5x5 to 8x8), none unique (2026-11-26).  Where line logic and
#: contradictions stall, two solutions mostly differ by a switch the counts cannot see
#: (30 stalled 6x6 2-colour pictures: 20 differ in 4 cells, 6 in 6, 4 in 8).
MAX_GRADE = 5
#: the smallest side a fiendish puzzle is made at, by colours: 6x6 in 3 to 8 colours
#: took 1.3-37 s (CPU, numbers 0-2, 2026-11-26), 8x8 in 2 colours 2 of 3 ran out of
#: 60 s, 4x4 and 5x5 ran out every time; 9x9 and 10x10 in 2 colours 0.8-7.5 s
FIENDISH_SIDE = {2: 9}
FIENDISH_SIDE_MANY_COLOURS = 6
#: the smallest side grades 3 and 4 are made at, by colours (else HARD_SIDE_OTHERS): at
#: 4x4 grade 3 ran out of 30 s for 4 of 4 numbers in 2 colours and 1 of 4 in 3, grade 4
#: for 4 of 4 and 2 of 3; at 5x5 both were made in 0.1-10 s of CPU but grade 4 in 2
#: colours, which ran out 4 times in 4 (6x6 and 7x7: 0.1-4.9 s; 2026-11-27, a loaded
#: machine; a review's 4x4 tough in 3 colours ran out of the app's 120 s)
HARD_SIDE = {3: {}, 4: {2: 6}}
HARD_SIDE_OTHERS = 5
#: the most cells a blob picture is drawn at and kept only when it has no four-cell
#: switch: at 30x30 nearly every blob picture has one (80 of 80 pictures, 3 colours), so
#: tries were mostly thrown away and numbers 0-1 of grades 2 to 5 ran out of 60 s; at
#: 24x24 they took 1.3-22 s (CPU, 3 colours, 2026-11-26).  Above it pictures are
#: repaired until unique instead (:mod:`.large`)
MAX_SWITCH_FREE_CELLS = 24 * 24
#: cells per blob of the pictures repaired above MAX_SWITCH_FREE_CELLS, one picked per try
LARGE_CELLS_PER_BLOB = (60, 45, 36)
#: the most colours grades 3 to 5 are made in above MAX_SWITCH_FREE_CELLS: more colours
#: make easier pictures, and the walks start from grade 3 or more (30x30, 8 colours: 1 of
#: 160 repaired pictures; grade 3, numbers 0-1, 21 s and out of 60 s of wall clock on a
#: busy machine, grade 5 7.3 s and out of 60 s; 7 colours, grade 3, numbers 0-2:
#: 5.7-13 s; CPU, 2026-11-26)
LARGE_HARD_MAX_COLOURS = 7
#: changes tried walking down to the grade asked from a harder picture above 24x24 (most
#: land inside a blob and are passed over; 30x30, 3 colours, grade 3, numbers 2, 3, 4
#: and 14: with 150, 2 of 4 walks down from grades 4 and 5 arrived, with 450, 3 of 4)
DESCEND_STEPS = 450
#: changes tried climbing from grade 3 to grade 5 (12x12, 3 colours: 18 to 302 from a
#: grade-4 picture, 2026-11-26).  The same above 24x24: 30x30, 3 colours, numbers 0-19,
#: CPU, 2026-11-26: 600 gave a median of 6.1 s and the slowest 12.7 s, 400 5.9 s and
#: 30.1 s, 200 6.4 s and 30.5 s (25x25 numbers 0-9: 600 4.5 s and 51.5 s, one number
#: whose first climb failed after 26 s; 400 6.0 s and 34.2 s; 200 8.4 s and 14.0 s)
FIENDISH_STEPS = 600


def make_random(width: int, height: int, colours: int, level: int, seed: int, deadline: Deadline) -> dict:
    with sharing():     # the pictures graded differ in a cell or two: their lines recur
        return _make_random(width, height, colours, level, seed, deadline)


def _make_random(width: int, height: int, colours: int, level: int, seed: int, deadline: Deadline) -> dict:
    from .grade import grade, proves_unique
    from .maker import from_picture
    from .model import parse
    rng = random.Random(f"hungrycat {width}x{height} {colours} {level} {seed}")
    large = width * height > MAX_SWITCH_FREE_CELLS
    tries = 0
    while True:
        deadline.check()
        tries += 1
        found = (_repaired_picture if large else _switch_free_picture)(width, height, colours, rng, deadline)
        if found is None:
            continue
        picture, palette = found
        puzzle = from_picture(picture, palette)
        g = grade(parse(puzzle), deadline, picture)
        if g.level != level and _walks_from(g, level, large):
            found = _climb(picture, g, level, palette, rng, deadline)
            if found is None:
                continue
            picture, g = found
            used = {k for row in picture for k in row}
            puzzle = from_picture(picture, {k: v for k, v in palette.items() if k in used})
        elif g.level != level or not proves_unique(g):
            continue
        puzzle.update(title=f"Hungry Cat {width}×{height}, {g.words} #{seed}", author="Picture Logic",
                      license="CC0-1.0", grade=g.level)
        return {"puzzle": puzzle, "stats": {"tries": tries, "grade": g.to_json()}}


def _walks_from(g: Grade, level: int, large: bool) -> bool:
    """Whether a picture of grade ``g`` (not ``level``) starts a walk to ``level``.
    Grades 3 to 5 are rare among blob pictures: climbed to (pysolver.climb) from easier
    ones.  Above MAX_SWITCH_FREE_CELLS only from grade 3 on, whose contradictions lead
    the climb (from grades 1 and 2 none of the 40 climbs of number 0 of grade 4, 30x30,
    3 colours, reached grade 3, about 0.5 s each), and down as well as up: a repaired
    picture of grade 3 or more comes about one try in twenty (30x30, 3 colours)."""
    from .grade import proves_unique
    if level < 3 or not proves_unique(g):
        return False
    return g.level >= 3 if large else g.level < level


def _switch_free_picture(width: int, height: int, colours: int, rng: random.Random,
                         deadline: Deadline) -> tuple[list[str], dict] | None:
    """A blob picture with no four-cell switch (the commonest kind of two solutions, told
    before grading: grading stalls on it only after ~0.1 s at 12x12), or None."""
    from .maker import COLOURS, four_cell_switch, random_picture
    # fewer, larger blobs for the easy grades; more and rougher ones for the hard
    blobs = max(colours + 1, width * height // rng.choice((30, 18, 12, 8)))
    picture, palette = random_picture(width, height, min(colours, len(COLOURS)), rng.randrange(1 << 30),
                                      blobs=blobs, smooth=rng.choice((0, 1, 2)))
    if len(palette) < min(2, colours) or four_cell_switch(picture):
        return None
    return picture, palette


def _repaired_picture(width: int, height: int, colours: int, rng: random.Random,
                      deadline: Deadline) -> tuple[list[str], dict] | None:
    """A blob picture repaired until unique (:mod:`.large`), or None."""
    from .large import unique_picture
    from .maker import COLOURS
    blobs = max(colours + 1, width * height // rng.choice(LARGE_CELLS_PER_BLOB))
    seed, smooth = rng.randrange(1 << 30), rng.choice((0, 1, 2))
    found = unique_picture(width, height, min(colours, len(COLOURS)), blobs, smooth, seed, rng, deadline)
    return found if found is not None and len(found[1]) >= 2 else None


def _climb(picture: list[str], g: Grade, level: int, palette: dict, rng: random.Random,
           deadline: Deadline) -> tuple[list[str], Grade] | None:
    """A picture of grade ``level`` climbed to from ``picture`` (of grade ``g``, proved
    unique; above ``level``, it descends), with its grade, or None.  Grade 3 by moving
    blob edges (12x12, 3 colours, numbers 0-2: 0.4-0.6 s instead of 1.2-14 s), grade 4
    by any change (median 1.1 s instead of 4 s), from a grade 3 climbed to first that
    way (numbers 0-35, 20 or 40 s on a busy machine: 32 made instead of 31; numbers
    16-35, CPU of those made: median 3.1 s instead of 4.7 s, slowest 6.9 s instead of
    13.3 s)."""
    from .grade import grade, proves_unique
    from .maker import SwitchWatch, from_picture
    from .model import parse
    graded = []
    switches = SwitchWatch()

    def grade_of(pic):
        rows = _rows(pic)
        # a change that lets four cells swap (two solutions) is told at once: the grade
        # would stall on it (the same answer, after ~0.1 s at 12x12)
        graded.append(_SWITCH if switches.has_switch(rows) else grade(parse(from_picture(rows, palette)), deadline, rows))
        return graded[-1]

    def unique(pic):
        # called on the picture just graded: grade 5 by count proved it unique on the
        # way; a stall, never met unique (see MAX_GRADE), is passed over
        return proves_unique(graded[-1])
    found = [list(row) for row in picture], g
    if g.level > level:
        found = descend(*found, level, rng, grade_of, unique, steps=DESCEND_STEPS)
        return None if found is None else (_rows(found[0]), found[1])
    if level >= 4 and g.level < 3:
        found = climb(*found, 3, list(palette), rng, grade_of, unique, near=True)
    if found is not None:
        found = climb(*found, level, list(palette), rng, grade_of, unique, near=level <= 3,
                      steps=FIENDISH_STEPS if level == 5 else CLIMB_STEPS)
    return None if found is None else (_rows(found[0]), found[1])


#: the grade of a picture with a four-cell switch: two solutions, so a stall
_SWITCH = Grade(5, "four cells can swap colours: the clues have two solutions", {"guess_left": None, "solutions": 2})


def fiendish_side(colours: int) -> int:
    return FIENDISH_SIDE.get(colours, FIENDISH_SIDE_MANY_COLOURS)


def least_side(level: int, colours: int) -> int:
    """The smallest side a puzzle of grade ``level`` is made at in ``colours`` colours."""
    if level == 5:
        return fiendish_side(colours)
    if level in HARD_SIDE:
        return HARD_SIDE[level].get(colours, HARD_SIDE_OTHERS)
    return MIN_SIDE


def _check_grade(values: dict) -> None:
    width, height, colours, level = values["width"], values["height"], values["colours"], values.get("grade")
    if level and level >= 3 and width * height > MAX_SWITCH_FREE_CELLS and colours > LARGE_HARD_MAX_COLOURS:
        raise ParamError("grade", "Grade", f"{a_size(width, height)} Hungry Cat in {colours} colours is made in grades 1 and 2; "
                          f"grades 3 to 5 above {MAX_SWITCH_FREE_CELLS} cells (24×24) need "
                          f"{LARGE_HARD_MAX_COLOURS} colours or fewer")
    side = least_side(level or 1, colours)
    if min(width, height) < side:
        made = max(g for g in range(1, MAX_GRADE + 1) if least_side(g, colours) <= min(width, height))
        raise ParamError("grade", "Grade", f"{a_size(width, height)} Hungry Cat in {colours} colours is made in grades "
                          f"1 {'and' if made == 2 else 'to'} {made}; grade {level} {WORDS[level - 1]} needs "
                          f"{side} or more cells a side")


def _rows(picture: list[list[str]]) -> list[str]:
    return ["".join(row) for row in picture]


def _random(values: dict, deadline: Deadline) -> dict:
    _check_grade(values)
    return make_random(values["width"], values["height"], values["colours"], values["grade"], values["seed"],
                       deadline)


def _pixels(values: dict):
    from ..linkapix.pictures import pixels_of
    image = values["image"]
    return pixels_of(image["rgba"], image["source_width"], image["source_height"])


def _from_picture(values: dict, deadline: Deadline) -> dict:
    from .picture import make_from_picture
    return make_from_picture(_pixels(values), values["width"], values["colours"], values["seed"], deadline,
                             values.get("title"))


def _snap(values: dict) -> tuple[dict, list[str]]:
    from .picture import snapped_picture
    return snapped_picture(_pixels(values), values["width"], values["colours"], values["seed"])


MAKERS = {
    "random": Maker(
        "random", "Make a random Hungry Cat puzzle",
        "A random picture of blobs whose clues have exactly one solution, of the grade you ask for (" +
        ", ".join(f"{i} {w}" for i, w in enumerate(WORDS[:MAX_GRADE], 1)) + "; a fiendish one makes you rule "
        f"out a colour by trying it and seeing it fail more than {MANY_CONTRADICTIONS} times, and takes a while to "
        "make). The same number makes the same puzzle.",
        (Param("width", "int", "Width", MIN_SIDE, MAX_SIDE, 12),
         Param("height", "int", "Height", MIN_SIDE, MAX_SIDE, 12),
         Param("colours", "int", "Colours", 2, 8, 3),
         grade_param(MAX_GRADE),
         SEED),
        # (the slowest measured: 25x25 fiendish, number 5, 51.5 s of CPU, 35.6 s since
        # the grading skips probes a kept state decided (2026-11-27), about twice that in
        # the browser; Cancel ends a make at any time)
        _random, timeout=120, check=_check_grade),
    "picture": Maker(
        "picture", "Make a Hungry Cat puzzle from a picture",
        "Choose an image: the whole picture, its background too, is snapped to a few colours, and where "
        "its counts allow several solutions the fewest cells are changed until there is one. Counts pin "
        "down little: the more colours and the fewer cells across, the fewer changes.",
        (Param("image", "image", "Picture"),
         Param("width", "int", "Cells across", MIN_SIDE, MAX_SIDE, 12),
         Param("colours", "int", "Colours", 2, 8, 3),
         SEED),
        # (30 across, the slowest measured: 22 s of CPU for a corpus picture, 32.6 s in
        # Chromium for a test picture whose CPU time was 20 s; a phone is slower)
        _from_picture, timeout=120, snap=_snap),
}
