"""Fiendish (grade 5) multicolour nonograms: a black-and-white fiendish picture coloured in.

Climbing a colour picture to grade 5 (:mod:`pysolver.climb`) almost never works: line
logic and contradictions are so strong on colours that where they stall, the stall is
a small ambiguity (four cells of a switch, most often) and the clues have several
solutions (467 of 467 such pictures met on 20x20 3-colour climbs; 1 of 711 on 15x15
2-colour climbs).  A black-and-white fiendish picture whose uniqueness the solver
proved has a large stall instead (100 to 160 of 225 cells at 15x15).  So its filled
cells are recoloured a few at a time (and their mirror images in a mirrored picture),
and a change is kept only while the picture stays fiendish and the solver proves it
unique; it ends once every colour of the palette holds its share of the filled cells.

Where a change is made decides how often it is kept (15x15 and 12x12, 3 colours, 4 to 5
pictures of 40 to 60 changes): a whole block of 2 or 3 cells in a line the rungs below
guessing decide entirely was kept 17 times in 17, a longer one 7 in 24, a single cell
of such a line 1 in 2, a cell outside the stall 1 in 3, a cell inside it 1 in 10.  So
changes are drawn mostly from the first kind (see ``TIERS``).
"""
from __future__ import annotations

import random
from typing import Callable, Protocol

from ..grade import Grade

#: changes tried on one black-and-white picture before the maker starts again
COLOUR_STEPS = 200
#: each colour's least share of the filled cells: one in 2K of them (K colours)
SHARE = 2
#: how often a change is a whole block of at most ``SHORT`` cells in a decided line, a
#: single cell outside the stall, a single cell anywhere (each falls to the next when
#: there is none)
TIERS = (0.7, 0.2, 0.1)
SHORT = 3
#: most changes tried at once: after a try is kept the next makes twice as many changes
#: (checked together), after one is not kept half as many.  20x20, 3 colours, numbers
#: 0-11: 34 s of CPU in all, median 2.4 s, slowest 7.2 s, against 53 s, 4.8 s and 11.5 s
#: one change at a time
MAX_BATCH = 8

Cell = tuple[int, int]


class Judge(Protocol):
    """What colouring asks of the maker about a colour picture."""

    def graded(self, picture: list[list[int]]) -> tuple[Grade, list[str]]:
        """Its grade (exact from 3 up) and the grid the grading left (``?`` open)."""

    def unique(self, picture: list[list[int]]) -> bool:
        """Whether the solver proves the picture graded last unique."""


def coloured(picture: list[list[int]], colours: int, rng: random.Random, judge: Judge,
             symmetric: bool = False, steps: int = COLOUR_STEPS) -> tuple[list[list[int]], Grade] | None:
    """``picture`` (0 blank, 1 filled; fiendish and unique) recoloured with colours
    1..``colours`` so that each holds at least one in 2K of the filled cells, still
    fiendish and unique (``judge`` grades a colour picture and asks the solver), with
    its grade; None after ``steps`` changes tried."""
    height, width = len(picture), len(picture[0])
    picture = [list(row) for row in picture]
    filled = [(r, c) for r in range(height) for c in range(width) if picture[r][c]]
    need = len(filled) // (SHARE * colours)
    g, grid = judge.graded(picture)
    # (changes not kept, never tried again: where few lines are decided the same few
    # blocks would be drawn over and over)
    failed: set[tuple[frozenset, int]] = set()
    batch = 1
    for _ in range(steps):
        counts = [0] * (colours + 1)
        for r, c in filled:
            counts[picture[r][c]] += 1
        old: dict[Cell, int] = {}
        moves = []
        while len(moves) < batch:
            short = [v for v in range(1, colours + 1) if counts[v] < need]
            if not short:
                break
            want = rng.choice(short)

            def may(cells: list[Cell]) -> bool:
                # (a colour gives cells only while it keeps its own share; a batch
                # changes each cell once)
                was = picture[cells[0][0]][cells[0][1]]
                return (was != want and counts[was] - len(cells) >= need and not any(cell in old for cell in cells)
                        and (frozenset(cells), want) not in failed)
            cells = _change(picture, grid, may, rng)
            if cells is None:
                break
            moves.append((frozenset(cells), want))
            counts[picture[cells[0][0]][cells[0][1]]] -= len(cells)
            counts[want] += len(cells)
            if symmetric:
                cells += [(r, width - 1 - c) for r, c in cells]
            for r, c in cells:
                old.setdefault((r, c), picture[r][c])
                picture[r][c] = want
        if not moves:
            return (picture, g) if not short else None
        tried, tried_grid = judge.graded(picture)
        if tried.level == 5 and judge.unique(picture):
            g, grid = tried, tried_grid
            batch = min(2 * batch, MAX_BATCH)
            continue
        if len(moves) == 1:
            failed.add(moves[0])
        batch = max(1, batch // 2)
        for (r, c), v in old.items():
            picture[r][c] = v
    return None


def _change(picture: list[list[int]], grid: list[str], may: Callable[[list[Cell]], bool],
            rng: random.Random) -> list[Cell] | None:
    """The cells of the next change, drawn by ``TIERS`` among those ``may`` allows (None:
    it allows none)."""
    height, width = len(picture), len(picture[0])
    rows = [[(r, c) for c in range(width)] for r in range(height) if "?" not in grid[r]]
    cols = [[(r, c) for r in range(height)] for c in range(width) if all(row[c] != "?" for row in grid)]
    singles = [[(r, c)] for r in range(height) for c in range(width) if picture[r][c]]
    tiers = ([b for line in rows + cols for b in _blocks(picture, line) if len(b) <= SHORT],
             [cell for cell in singles if grid[cell[0][0]][cell[0][1]] != "?"], singles)
    draw = rng.random()
    for i, (share, pool) in enumerate(zip(TIERS, tiers)):
        pool = [cells for cells in pool if may(cells)]
        if pool and (draw < share or i == len(TIERS) - 1):
            return rng.choice(pool)
        draw -= share
    return None


def _blocks(picture: list[list[int]], line: list[Cell]) -> list[list[Cell]]:
    """The blocks (runs of one colour) of a line given by its cells."""
    out: list[list[Cell]] = []
    prev = 0
    for r, c in line:
        v = picture[r][c]
        if v and v == prev:
            out[-1].append((r, c))
        elif v:
            out.append([(r, c)])
        prev = v
    return out
