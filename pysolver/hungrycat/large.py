"""Unique blob pictures for graded Hungry Cat puzzles above 24x24 (up to 30x30).

A Hungry Cat clue says only how many cells of each colour a line holds and whether they
form one block, so on a large board a random blob picture nearly always has a second
solution: at 30x30 every one of 80 pictures had four cells that can swap colours (see
``makers.MAX_SWITCH_FREE_CELLS``).  Rather than throw such pictures away, as the maker
does on smaller boards, a picture here is repaired: every four-cell switch is a known
second solution, and cells are changed to the colours that rule out the most of them
(:func:`pysolver.repair.make_unique_by_flips`, the repair pictures get); once no switch
is left, a search bounded by a count of nodes either finds another solution (its cells
join the known ones) or proves the picture unique.  A picture that needs too many
changes, or a search longer than its nodes, is dropped: counts, never seconds, decide,
so the same number makes the same puzzle on any machine.
"""
from __future__ import annotations

import random

from ..base import Deadline, PuzzleError
from ..repair import Grid, make_unique_by_flips
from .auto import AutoSolver, OutOfNodes
from .maker import from_picture, line_clue, random_picture, second_solutions, switch_flips
from .model import parse

#: four-cell switches gathered at once (a 30x30 picture of many blobs has hundreds)
MOST_SWITCHES = 200
#: a picture drawn with more switches than this is dropped before any repair
MOST_SWITCHES_DRAWN = 60
#: search nodes one look for a second solution may visit before the picture is dropped
SEARCH_NODES = 200
#: cells the repair may change before the picture is dropped
MAX_CHANGES = 40


def another_solution(rows: list[str], palette: dict[str, str], deadline: Deadline) -> list[str] | None:
    """A solution of the picture's clues other than ``rows`` that a search of at most
    ``SEARCH_NODES`` nodes finds, or None when it proves there is none (OutOfNodes
    past the nodes)."""
    sols, _ = AutoSolver(parse(from_picture(rows, palette)), deadline, max_nodes=SEARCH_NODES).solve(2, probe=False)
    others = [s["grid"] for s in sols if s["grid"] != rows]
    return others[0] if others else None


def unique_picture(width: int, height: int, colours: int, blobs: int, smooth: int, seed: int,
                   rng: random.Random, deadline: Deadline) -> tuple[list[str], dict[str, str]] | None:
    """A blob picture (:func:`.maker.random_picture`) repaired until its clues have one
    solution, with its palette (the colours it still uses); None when the repair needs
    more than ``MAX_CHANGES`` cells or a search more than ``SEARCH_NODES`` nodes."""
    picture, palette = random_picture(width, height, colours, seed, blobs=blobs, smooth=smooth)
    if len(switch_flips(picture, MOST_SWITCHES_DRAWN + 1)) > MOST_SWITCHES_DRAWN:
        return None
    keys = list(palette)
    try:
        # open cells "1": the repair cannot tell uniqueness by line logic here, so it
        # asks second_solutions, whose search proves it (line logic alone would score
        # each candidate change at the cost of a grading, and push towards easy pictures)
        grid, _ = make_unique_by_flips([list(row) for row in picture], lambda _: 1,
                                       lambda g: second_solutions(
                                           g, MOST_SWITCHES, lambda rows: another_solution(rows, palette, deadline)),
                                       lambda line: line_clue(line, keys), deadline, rng, MAX_CHANGES,
                                       prune=False)
    except (PuzzleError, OutOfNodes):
        return None
    rows = ["".join(row) for row in grid]
    used = {k for row in rows for k in row}
    return rows, {k: v for k, v in palette.items() if k in used}
