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


def grade(m: Model, deadline: Deadline, solution: list[str] | None = None) -> Grade:
    """``solution``: a solution known beforehand (a maker's picture, rows of palette
    keys): its colours' probes are skipped, since they cannot fail (the cells always
    hold that solution); the grade is the same, at less work."""
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
    truth = None
    if solution is not None:
        index = {k: i for i, k in enumerate(m.keys)}
        truth = [1 << index[ch] for row in solution for ch in row]
    count = _contradictions(solver, dom, truth)
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


def _contradictions(solver: AutoSolver, dom: list[int], truth: list[int] | None = None) -> int:
    """Remove, one at a time, colours whose choice makes line logic fail (line logic
    rerun after each), until none is left to remove; how many were removed.

    A probe that survived leaves a state in which every line fits (line logic's
    fixpoint).  While that state still fits the cells, line logic from any colour it
    decided (a cell it left with one colour) keeps at least that state and cannot fail:
    those colours are not probed (each cell's colour in the state, not only the one
    probed; as nonograms do, :mod:`..nonogram.bwprobe`).  A state stops fitting only
    when a colour it keeps is struck, since line logic after a strike keeps every
    fixpoint it started within; not so once the line solver has skipped a line too big
    for it in this grading: then no state is kept.  The grade comes out the same at less
    work (25x25, 3 colours, the climbs of a fiendish make: a third of the probes are
    left, 4,445 -> 1,429).

    ``truth``: each cell's colour bit in a solution known beforehand (a maker's picture),
    or None.  The cells hold that solution at every step (only colours that fail are
    removed), so it is such a state for the whole grading: its colours are never probed."""
    count = 0
    # each kept state packed a field per cell (bit field * cell + colour), with its
    # decided colours alone; held: the decided colours of every state kept
    field = 8 if solver.g.full < 256 else 64
    states: list[tuple[int, int]] = []
    base = _packed(truth, field) if truth is not None else 0
    held = base
    progress = True
    while progress and _open(dom):
        progress = False
        for cell, d in enumerate(dom):
            if not d & (d - 1):
                continue
            bits = d & ~(held >> (field * cell))
            while bits:
                bit = bits & -bits
                bits ^= bit
                # (no state kept while probing this cell decides another of its colours:
                # each has the cell as the colour probed, so ``bits`` stays as computed)
                after = _assign(solver, dom, cell, bit)
                if after is not None:
                    if not solver.stats["overflows"]:
                        decided = _packed([x if not x & (x - 1) else 0 for x in after], field)
                        states.append((_packed(after, field), decided))
                        held |= decided
                    continue
                dom[cell] &= ~bit
                if not dom[cell] or not solver.tighten(dom, solver.g.cell_lines[cell]):
                    raise PuzzleError("the clues have no solution")
                count += 1
                progress = True
                struck = bit << (field * cell)
                states = [st for st in states if not st[0] & struck]
                held = base
                for _, decided in states:
                    held |= decided
                break
    return count


def _packed(values: list[int], field: int) -> int:
    """``values`` in one int, ``field`` bits each (8: a byte each, the quick way)."""
    if field == 8:
        return int.from_bytes(bytes(values), "little")
    out = 0
    for i, x in enumerate(values):
        out |= x << (field * i)
    return out


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
