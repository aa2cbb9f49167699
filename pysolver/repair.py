"""Making a picture's clues unique by changing as few cells as it takes: the repair the
makers of the line families share (a picture drawn or read from an image seldom has
clues with one solution).

While the clues have a second solution, the cells where it differs from the picture
are the candidates: in each of them (up to ``candidates``, sampled) the picture takes
the other solution's colour, which changes the clues, and the change that scores best
is kept.  The family says what a second solution is and how a picture scores (the cells
its line logic leaves open: fewer is better, and none proves the clues unique without a
search).  A picture is a grid of cell keys (lists of one-character strings).
"""
from __future__ import annotations

import random
from typing import Callable

from .base import Deadline, PuzzleError

Grid = list[list[str]]


def make_unique(picture: Grid, open_cells: Callable[[Grid], int],
                second_solution: Callable[[Grid], list[str] | None], deadline: Deadline,
                rng: random.Random, max_changes: int, candidates: int = 12,
                score: Callable[[Grid], int] | None = None) -> tuple[Grid, list[dict]]:
    """The repaired picture and its changes ``[{"cell": [r, c], "from": key, "to": key}]``.

    ``open_cells(picture)``: the cells line logic leaves open (0: unique, no search
    needed); ``second_solution(picture)``: another solution's rows, or None once the
    solver proved the picture the only one (SolveTimeout when it cannot tell in time);
    ``score``: what a change is judged by, smaller is better (``open_cells`` unless
    told: a maker that wants a hard puzzle scores by the hardness it keeps instead).
    PuzzleError when ``max_changes`` changes do not make it unique."""
    picture = [list(row) for row in picture]
    score = score or open_cells
    changes: list[dict] = []
    while True:
        deadline.check()
        if not open_cells(picture):
            return picture, changes
        other = second_solution(picture)
        if other is None:
            return picture, changes
        if len(changes) >= max_changes:
            raise PuzzleError(f"the picture is still not unique after {len(changes)} changed cells")
        diff = [(r, c) for r, row in enumerate(picture) for c, v in enumerate(row) if v != other[r][c]]
        if len(diff) > candidates:
            diff = rng.sample(diff, candidates)
        best = None
        for r, c in diff:
            old = picture[r][c]
            picture[r][c] = other[r][c]
            s = score(picture)
            picture[r][c] = old
            if best is None or s < best[0]:
                best = (s, r, c)
        _, r, c = best
        changes.append({"cell": [r, c], "from": picture[r][c], "to": other[r][c]})
        picture[r][c] = other[r][c]
