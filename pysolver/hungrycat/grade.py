"""How hard a Hungry Cat puzzle is, on the shared 1..5 scale (:mod:`pysolver.grade`).

The rungs, climbed in order until every cell has its colour:

1. **easy** - the notebook's rules (absent colours, counts done or filled, the block of
   a circled number, the non-block of a square one: :mod:`.rules`) solve it;
2. **medium** - the exact line solver is needed (every colouring of one line that fits
   its clue and known cells, :mod:`.linesolve`);
3. **hard** - line logic stalls, and at most ``FEW_CONTRADICTIONS`` contradictions (a
   colour assumed in a cell, line logic on the whole grid fails, the colour goes) finish it;
4. **tough** - more contradictions than that, up to ``MANY_CONTRADICTIONS``;
5. **fiendish** - more contradictions still, or contradictions stall (guessing and
   backtracking).

Why fiendish counts contradictions here, where nonograms' stops at the stall: no Hungry
Cat whose contradictions stall has ever come out with one solution (about 13,000 stalled
pictures from climbs and random grids, 2026-11-26; see ``makers.py``), so among puzzles a
player can be given the rung would stay empty.  The hardest unique ones are those whose
line logic needs many rounds of "assume, fail, strike": 4 to 18 for grade-4 pictures as
the climb first reaches them at 12x12, over 40 after a long climb.

Every rung but a stall proves the solution unique on the way (every step is sound):
``Grade.stats["guess_left"]`` marks a stall, whose uniqueness only the solver can tell.
"""
from __future__ import annotations

from ..base import Deadline, PuzzleError
from ..grade import Grade
from .auto import AutoSolver, totals_mismatch
from .model import Model
from .rules import Contradiction

#: contradictions a "hard" puzzle may need (see the README's grade table)
FEW_CONTRADICTIONS = 4
#: contradictions a "tough" one may need: more is "fiendish"
MANY_CONTRADICTIONS = 20


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
    if count <= MANY_CONTRADICTIONS:
        return Grade(4, f"line logic and {count} contradictions solve it", stats)
    return Grade(5, f"line logic and {count} contradictions solve it: more than {MANY_CONTRADICTIONS}, "
                    "each an assumption followed until it fails", stats)


def proves_unique(g: Grade) -> bool:
    """Whether the grading itself proved the solution unique (every rung but a stall)."""
    return "guess_left" not in g.stats


def _contradictions(solver: AutoSolver, dom: list[int]) -> int:
    """Remove, one at a time, colours whose choice makes line logic fail (line logic
    rerun after each), until none is left to remove; how many were removed.

    A colour that survived its probe is not probed again while what line logic made of
    it still fits the cells: that state holds every line, so line logic from the
    narrower cells keeps at least it and cannot fail (not so once the line solver has
    skipped a line too big for it in this grading: then no probe is kept).  Most probes
    of a round are such repeats: the grade comes out the same at less work."""
    count = 0
    survived: dict[tuple[int, int], list[int]] = {}
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
                kept = survived.get((cell, bit))
                if kept is not None and not any(a & ~b for a, b in zip(kept, dom)):
                    continue
                after = _assign(solver, dom, cell, bit)
                if after is not None:
                    if not solver.stats["overflows"]:
                        survived[cell, bit] = after
                    continue
                dom[cell] &= ~bit
                if not dom[cell] or not solver.tighten(dom, solver.g.cell_lines[cell]):
                    raise PuzzleError("the clues have no solution")
                count += 1
                progress = True
                break
    return count


def _assign(solver: AutoSolver, dom: list[int], cell: int, bit: int) -> list[int] | None:
    """What line logic makes of ``cell`` taking colour ``bit`` (None: it fails).  The
    exact line solver alone, without the notebook's rules first: every rule is sound for
    its line, so the line solver's fixpoint already holds all they find and the answer
    is the same, at about half the cost.  Only where the line solver skipped a line too
    big for it could the rules have found more: then the rules run too."""
    new = dom[:]
    new[cell] = bit
    skipped = solver.stats["overflows"]
    if not solver.propagate(new, solver.g.cell_lines[cell]):
        return None
    return new if solver.stats["overflows"] == skipped else solver.assign(dom, cell, bit)
