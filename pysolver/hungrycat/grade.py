"""How hard a Hungry Cat puzzle is, on the shared 1..5 scale (:mod:`pysolver.grade`).

The rungs, climbed in order until every cell has its colour:

1. **easy** - the notebook's rules (absent colours, counts done or filled, the block of
   a circled number, the non-block of a square one: :mod:`.rules`) solve it;
2. **medium** - the exact line solver is needed (every colouring of one line that fits
   its clue and known cells, :mod:`.linesolve`);
3. **hard** - line logic stalls, and at most ``FEW_CONTRADICTIONS`` contradictions (a
   colour assumed in a cell, line logic on the whole grid fails, the colour goes) finish it;
4. **tough** - more contradictions than that;
5. **fiendish** - contradictions stall too: guessing and backtracking.

Rungs 1 to 4 prove the solution unique on the way (every step is sound).
"""
from __future__ import annotations

from ..base import Deadline, PuzzleError
from ..grade import Grade
from .auto import AutoSolver, totals_mismatch
from .model import Model
from .rules import Contradiction

#: contradictions a "hard" puzzle may need (see the README's grade table)
FEW_CONTRADICTIONS = 4


def _open(dom: list[int]) -> int:
    return sum(1 for d in dom if d & (d - 1))


def grade(m: Model, deadline: Deadline) -> Grade:
    why = totals_mismatch(m)
    if why:
        raise PuzzleError(f"the clues have no solution: {why}")
    solver = AutoSolver(m, deadline)
    g = solver.g
    dom = [g.full] * g.size
    try:
        solver.rules.propagate(dom)
    except Contradiction:
        raise PuzzleError("the clues have no solution") from None
    stats = {"cells": g.size, "rules_left": _open(dom)}
    if not stats["rules_left"]:
        return Grade(1, "the counting and block rules solve it line by line", stats)
    if not solver.tighten(dom, range(len(g.specs))):
        raise PuzzleError("the clues have no solution")
    stats["line_logic_left"] = _open(dom)
    if not stats["line_logic_left"]:
        return Grade(2, "line logic solves it: some lines need every colouring of the line weighed", stats)
    count = _contradictions(solver, dom)
    stats["contradictions"] = count
    left = _open(dom)
    if left:
        stats["guess_left"] = left
        return Grade(5, f"line logic and {count} contradictions leave {left} cells: "
                        "it needs guessing and backtracking", stats)
    if count <= FEW_CONTRADICTIONS:
        return Grade(3, f"line logic and {count} contradiction{'s' if count != 1 else ''} solve it", stats)
    return Grade(4, f"line logic and {count} contradictions solve it", stats)


def open_after_line_logic(m: Model, deadline: Deadline) -> int:
    """The cells the counting rules and line logic leave open (0: the clues have one
    solution, no search needed); a huge number when they meet a contradiction."""
    solver = AutoSolver(m, deadline)
    dom = [solver.g.full] * solver.g.size
    try:
        solver.rules.propagate(dom)
    except Contradiction:
        return 1 << 30
    if not solver.tighten(dom, range(len(solver.g.specs))):
        return 1 << 30
    return _open(dom)


def _contradictions(solver: AutoSolver, dom: list[int]) -> int:
    """Remove, one at a time, colours whose choice makes line logic fail (line logic
    rerun after each), until none is left to remove; how many were removed."""
    count = 0
    progress = True
    while progress and _open(dom):
        progress = False
        for cell, d in enumerate(dom):
            if not d & (d - 1):
                continue
            bits = d
            while bits:
                bit = bits & -bits
                bits ^= bit
                if solver.assign(dom, cell, bit) is not None:
                    continue
                dom[cell] &= ~bit
                if not dom[cell] or not solver.tighten(dom, solver.g.cell_lines[cell]):
                    raise PuzzleError("the clues have no solution")
                count += 1
                progress = True
                break
    return count
