"""Pictures of a hard grade by hill climbing, for the makers of the line families.

Random pictures whose grade is 5 (contradictions stall: the solver must guess) are
almost never unique: of 60 random 20x20 black-and-white nonograms that needed
guessing none was, and repairing them (changing cells where a second solution
differs) adds so much that they come out easy.  Grades 3 to 5 are rare among random
Hungry Cat pictures.  So the climb starts from a picture the grade proves unique
and changes one cell at a time (and its mirror image in a mirrored picture),
keeping a change while the grade stays below the one asked for and does not drop
(grade first, then the contradictions it counts): it walks towards pictures that
need ever more contradictions.  A change that reaches the grade asked for ends the
climb; at grade 5 only when ``unique`` says the picture is still unique (otherwise the
change is undone): for a nonogram the solver proves it, for Hungry Cat, whose grade 5
counts contradictions, the grading did (a stall is passed over).

Grades 1 to 4 prove the picture unique on the way (every step of the rules is sound),
so at most grade 5 costs a solve.  Shared code: it names no family.
"""
from __future__ import annotations

import random
from typing import Callable

from .grade import Grade

#: cells changed one at a time on one starting picture before the maker starts again
CLIMB_STEPS = 150


def climb(picture: list[list], g: Grade, target: int, values: list, rng: random.Random,
          grade_of: Callable[[list[list]], Grade], unique: Callable[[list[list]], bool],
          symmetric: bool = False, steps: int = CLIMB_STEPS, near: bool = False,
          score: Callable[[Grade], tuple] | None = None) -> tuple[list[list], Grade] | None:
    """A picture of grade ``target`` reached from ``picture`` (of grade ``g``, below
    ``target`` and unique) by changing cells to other ``values``, with its grade; None
    after ``steps`` changes.  ``grade_of`` grades a picture, ``unique`` tells whether
    the solver proves a grade-5 picture unique; ``score`` what a change must not
    lower (by default the grade, then the contradictions counted).  With ``near`` a
    cell only takes a value of one of its four neighbours (a blob's edge moves: the
    picture stays smooth), else any other value.  The picture given is not changed."""
    score = score or _score
    height, width = len(picture), len(picture[0])
    picture = [list(row) for row in picture]
    best = score(g)
    for _ in range(steps):
        r, c = rng.randrange(height), rng.randrange(width)
        cells = {(r, c), (r, width - 1 - c)} if symmetric else {(r, c)}
        old = picture[r][c]
        new = _new_value(picture, r, c, values, near, rng)
        if new is None:
            continue
        for rr, cc in cells:
            picture[rr][cc] = new
        g = grade_of(picture)
        if g.level == target and (target < 5 or unique(picture)):
            return picture, g
        if g.level < target and _score(g) >= best:
            best = score(g)
            continue
        for rr, cc in cells:
            picture[rr][cc] = old
    return None


def descend(picture: list[list], g: Grade, target: int, rng: random.Random,
            grade_of: Callable[[list[list]], Grade], unique: Callable[[list[list]], bool],
            steps: int = CLIMB_STEPS) -> tuple[list[list], Grade] | None:
    """:func:`climb` the other way: a picture of grade ``target`` reached from
    ``picture`` (of grade ``g``, above ``target`` and unique) by moving blob edges (a
    cell takes a neighbour's value), keeping a change while the picture stays unique
    (``unique``, called on the picture just graded), above ``target`` and no harder
    (grade, then contradictions); None after ``steps`` changes.  Where pictures of a
    hard grade are rare, one a grade harder than asked is a start as good as one a
    grade easier, and easier is the way most changes go."""
    height, width = len(picture), len(picture[0])
    picture = [list(row) for row in picture]
    best = _score(g)
    for _ in range(steps):
        r, c = rng.randrange(height), rng.randrange(width)
        old = picture[r][c]
        new = _new_value(picture, r, c, [], True, rng)
        if new is None:
            continue
        picture[r][c] = new
        g = grade_of(picture)
        if unique(picture):
            if g.level == target:
                return picture, g
            if g.level > target and _score(g) <= best:
                best = _score(g)
                continue
        picture[r][c] = old
    return None


def _new_value(picture: list[list], r: int, c: int, values: list, near: bool, rng: random.Random):
    """The value cell (r, c) changes to: with ``near`` one of its four neighbours' (None
    when they all hold its own), else any other of ``values``."""
    old = picture[r][c]
    if near:
        height, width = len(picture), len(picture[0])
        around = {picture[rr][cc] for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                  if 0 <= rr < height and 0 <= cc < width} - {old}
        return rng.choice(sorted(around)) if around else None
    return rng.choice([v for v in values if v != old])


def _score(g: Grade) -> tuple[int, int]:
    return g.level, g.stats.get("contradictions", 0)
