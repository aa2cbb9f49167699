"""Which lines' clues contradict each other: the editor's answer to "No solution".

A maker who types a puzzle from a book and mistypes a clue gets a puzzle without a
solution, and comparing every line with the book is slow.  The line families
(nonograms, Hungry Cat) answer with the lines to compare, found by line-by-line
reasoning (the family's line solver to a fixpoint) with some lines' clues left out:

* *suspects*: each line whose clue, left out alone, leaves the others without a
  contradiction.  Line reasoning is sound, so lines whose clues are all right (the
  picture in the book satisfies them) never contradict each other: with one mistyped
  clue, that line is a suspect (with two, the suspects may be right lines: the message
  says "if only one clue is mistyped").  On published nonograms with two blocks of one row's
  clue swapped, the suspects were that row alone in 68 of 112 puzzles, at most 14 lines.
* when there are none (two separate mistakes), a *conflict*: lines whose clues
  cannot all hold, none of which can be left out (deletion-based: each line in turn is
  left out, and stays out when the others still contradict each other).

When the family's reasoning finds no contradiction at all (only a search shows there
is no solution), there is nothing to show; nonograms try probing then (each cell's
values tried, with line reasoning after them), which finds most of those.
"""
from __future__ import annotations

from typing import Callable

from .base import SolveTimeout
from .sharing import sharing

Contradicts = Callable[[list[bool]], bool]


#: the most lines looked through (the editor's largest board, 128 a side): each of them
#: is a run of line reasoning over the whole board, and a 512x512 would take minutes
MAX_LINES = 256


def clashing_lines(nlines: int, contradicts: Contradicts) -> tuple[str, list[int]] | None:
    """``("suspects" | "conflict", lines)`` as the module describes, given
    ``contradicts(active)`` (whether line reasoning over the lines marked active reaches
    a contradiction); None when all lines together do not, or there are more than
    :data:`MAX_LINES`.  Past the deadline
    (``contradicts`` raising SolveTimeout): while the suspects are looked for, the
    SolveTimeout (some would be left out, perhaps the mistyped one, and a list that
    reads as complete would point the maker away from it); while a conflict is
    narrowed, the lines still kept (they contradict each other, a few may be spare)."""
    # (the tests share their line results: a line's answer depends on its clue and its
    # cells only, whichever other lines are left out, and most recur from test to test)
    if nlines > MAX_LINES:
        return None
    with sharing():
        if not contradicts([True] * nlines):
            return None
        suspects = [i for i in range(nlines) if not contradicts([j != i for j in range(nlines)])]
        if suspects:
            return "suspects", suspects
        return "conflict", _minimal_conflict(nlines, contradicts)


def _minimal_conflict(nlines: int, contradicts: Contradicts) -> list[int]:
    active = [True] * nlines
    try:
        for i in range(nlines):
            active[i] = False
            if not contradicts(active):
                active[i] = True
    except SolveTimeout:
        active[i] = True
    return [i for i in range(nlines) if active[i]]


def clash_answer(height: int, found: tuple[str, list[int]] | None) -> dict | None:
    """:meth:`pysolver.base.Family.clash`'s answer for :func:`clashing_lines`'s
    (line indices: rows, then columns): ``{"kind", "message", "lines"}``."""
    if found is None:
        return None
    kind, indices = found
    lines = [["row", i] if i < height else ["col", i - height] for i in indices]
    named = _named(lines)
    if kind == "conflict":
        message = f"the clues of {named} cannot all hold (one of them is mistyped, or more than one clue is)"
    elif len(lines) == 1:
        message = f"if only one clue is mistyped, it is the clue of {named} (without it the other clues no longer clash)"
    else:
        message = (f"if only one clue is mistyped, it is one of the clues of {named} (without any one of them the "
                   f"others no longer clash)")
    return {"kind": kind, "message": message, "lines": lines}


def _named(lines: list[list]) -> str:
    rows = [i + 1 for kind, i in lines if kind == "row"]
    cols = [i + 1 for kind, i in lines if kind == "col"]
    parts = [f"{name}{'s' if len(ix) > 1 else ''} {_listed(ix)}" for name, ix in (("row", rows), ("column", cols)) if ix]
    return " and ".join(parts)


def _listed(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers))
