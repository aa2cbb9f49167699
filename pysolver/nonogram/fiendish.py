"""Fiendish (grade 5) multicolour nonograms: a black-and-white fiendish picture coloured in.

Climbing a colour picture to grade 5 (:mod:`pysolver.climb`) almost never works: line
logic and contradictions are so strong on colours that where they stall, the stall is
a small ambiguity (four cells of a switch, most often) and the clues have several
solutions (467 of 467 such pictures met on 20x20 3-colour climbs; 1 of 711 on 15x15
2-colour climbs).  A black-and-white fiendish picture whose uniqueness the solver
proved has a large stall instead (100 to 160 of 225 cells at 15x15).  So its filled
cells are recoloured one or two at a time (two neighbours in a line, and their mirror
images in a mirrored picture), and a change is
kept only while the picture stays fiendish and the solver proves it unique; it ends
once every colour of the palette holds its share of the filled cells.

Most changes are made where the stall is not (cells the rungs below guessing decide):
there a change was kept about one time in two, inside the stall one time in five
(15x15, 2 colours, 4 pictures, 60 changes each).
"""
from __future__ import annotations

import random
from typing import Callable

from ..base import Deadline
from ..grade import Grade
from .grade import graded_grid
from .model import Model

#: changes tried on one black-and-white picture before the maker starts again
COLOUR_STEPS = 200
#: each colour's least share of the filled cells: one in 2K of them (K colours)
SHARE = 2
#: how often a change is drawn from the cells outside the stall in a line the rungs below
#: guessing decide, from the others outside it, from any (kept 75 %, 32 % and 9 % of the
#: time on 12x12 3-colour pictures, 5 pictures of 60 changes)
TIERS = (0.6, 0.3, 0.1)
#: how often a change takes two cells of a line (a pair was kept about as often as a
#: single cell outside the stall, three cells seldom)
PAIR = 0.3


def coloured(picture: list[list[int]], colours: int, rng: random.Random, deadline: Deadline,
             model_of: Callable[[list[list[int]]], Model], unique: Callable[[list[list[int]]], bool],
             symmetric: bool = False, steps: int = COLOUR_STEPS) -> tuple[list[list[int]], Grade] | None:
    """``picture`` (0 blank, 1 filled; fiendish and unique) recoloured with colours
    1..``colours`` so that each holds at least one in 2K of the filled cells, still
    fiendish and unique (``unique`` asks the solver), with its grade; None after
    ``steps`` changes tried.  ``model_of`` makes the colour puzzle of a picture."""
    height, width = len(picture), len(picture[0])
    picture = [list(row) for row in picture]
    filled = [(r, c) for r in range(height) for c in range(width) if picture[r][c]]
    need = len(filled) // (SHARE * colours)
    g, grid = graded_grid(model_of(picture), deadline)
    for _ in range(steps):
        counts = [0] * (colours + 1)
        for r, c in filled:
            counts[picture[r][c]] += 1
        short = [v for v in range(1, colours + 1) if counts[v] < need]
        if not short:
            return picture, g
        want = rng.choice(short)
        donors = [(r, c) for r, c in filled if picture[r][c] != want and counts[picture[r][c]] > need]
        cells = _run_from(picture, rng.choice(_pool(donors, grid, rng)), rng)
        if symmetric:
            cells += [(r, width - 1 - c) for r, c in cells]
        old = {cell: picture[cell[0]][cell[1]] for cell in cells}
        for r, c in cells:
            picture[r][c] = want
        tried, tried_grid = graded_grid(model_of(picture), deadline)
        if tried.level == 5 and unique(picture):
            g, grid = tried, tried_grid
            continue
        for (r, c), v in old.items():
            picture[r][c] = v
    return None


def _pool(donors: list[tuple[int, int]], grid: list[str], rng: random.Random) -> list[tuple[int, int]]:
    """The cells a change is drawn from: most often those outside the stall whose row
    or column the rungs below guessing decide entirely, else others outside it, now
    and then any (see TIERS)."""
    decided_rows = {r for r, row in enumerate(grid) if "?" not in row}
    decided_cols = {c for c in range(len(grid[0])) if all(row[c] != "?" for row in grid)}
    outside = [(r, c) for r, c in donors if grid[r][c] != "?"]
    tiers = ([(r, c) for r, c in outside if r in decided_rows or c in decided_cols], outside, donors)
    draw = rng.random()
    for share, pool in zip(TIERS, tiers):
        if pool and draw < share:
            return pool
        draw -= share
    return donors


def _run_from(picture: list[list[int]], start: tuple[int, int], rng: random.Random) -> list[tuple[int, int]]:
    """``start``, and now and then (``PAIR``) its neighbour of the same colour along its
    row or column."""
    r, c = start
    dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
    r, c = r + dr, c + dc
    if (rng.random() < PAIR and 0 <= r < len(picture) and 0 <= c < len(picture[0])
            and picture[r][c] == picture[start[0]][start[1]]):
        return [start, (r, c)]
    return [start]
