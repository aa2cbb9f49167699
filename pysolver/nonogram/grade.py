"""How hard a nonogram is, on the shared 1..5 scale (:mod:`pysolver.grade`).

The rungs, climbed in order until the grid is complete:

1. **easy** - simple boxes and simple spaces (the overlap of a block's leftmost and
   rightmost placements, and cells out of every block's reach), as :mod:`.rules`
   names them, solve the whole grid within ``EASY_SWEEPS`` sweeps over the lines;
2. **medium** - the simple rules need more sweeps than that, or the complete line
   solver is needed (every arrangement of one line's clue that fits its known cells:
   what "forcing" adds to the simple rules);
3. **hard** - line logic stalls, and at most ``FEW_CONTRADICTIONS`` contradictions
   (assume a cell, run line logic on the whole grid, a line cannot be completed, so the
   cell takes its other value) finish it with line logic between them;
4. **tough** - more contradictions than that;
5. **fiendish** - even contradictions stall: the solver must guess and backtrack.

A grid that the rungs 1 to 4 complete has exactly one solution (every step is sound),
so a maker gets uniqueness for free below grade 5; at grade 5 it proves uniqueness
with the solver.
"""
from __future__ import annotations

from ..base import Deadline, PuzzleError
from ..grade import Grade
from .bwprobe import BwProber
from .model import Model, picture_clue
from .rules import RuleEngine

#: contradictions a "hard" puzzle may need; more make it "tough" (calibrated on the
#: corpus and on generated 10x10 to 30x30 grids: see the README's grade table)
FEW_CONTRADICTIONS = 4
#: sweeps over the lines an "easy" puzzle's simple rules may take
EASY_SWEEPS = 6


def grade(model: Model, deadline: Deadline) -> Grade:
    return graded_grid(model, deadline)[0]


def graded_grid(model: Model, deadline: Deadline, hard_only: bool = False,
                solution: list[list[int]] | None = None) -> tuple[Grade, list[str]]:
    """The grade and the grid as the rungs left it (``?`` where a fiendish puzzle's
    contradictions stalled; complete below grade 5): a maker that must keep a puzzle
    fiendish learns from it which cells the stall holds.  With ``hard_only`` (for
    makers of grades 3 to 5, which drop easier pictures) the simple rules are skipped:
    the grade is the same from 3 up, and 2 stands for "1 or 2" (line logic solves it).
    The simple rules took about 40% of the grading time of a fiendish climb.
    ``solution``: a solution of the clues the caller knows (a maker's picture, rows of
    colour indices), which makes the contradictions cheaper and changes no grade, count
    or grid (a probe of a cell's value in a solution always survives: it is skipped);
    ValueError when it is not one.  In black and white, a stalled grade then says
    ``stats["solutions"] = 2`` when a probe's line logic decided every cell: another
    solution (the climb to fiendish then skips the solver's proof)."""
    if solution is not None and not solves(model, solution):
        raise ValueError("graded_grid: the solution given does not satisfy the clues")
    eng = RuleEngine(model, deadline)
    return _grade(model, eng, hard_only, solution), eng.grid()


def solves(model: Model, picture: list[list[int]]) -> bool:
    """Whether ``picture`` (rows of colour indices) has the model's clues."""
    if len(picture) != model.height or any(len(row) != model.width for row in picture):
        return False
    lines = list(picture) + [list(col) for col in zip(*picture)]
    return all(picture_clue(line) == clue for line, clue in zip(lines, model.rows + model.cols))


def _grade(model: Model, eng: RuleEngine, hard_only: bool = False, solution: list[list[int]] | None = None
           ) -> Grade:
    stats = {"cells": model.width * model.height}
    if hard_only:
        return _hard_rungs(eng, stats, None, solution)
    unknown0 = eng.unknown_count()
    simple = _simple_rules(eng)
    after_simple = eng.unknown_count()
    if simple is None:
        raise PuzzleError("the clues have no solution")
    stats.update(simple_rules_left=after_simple, sweeps=simple)
    if after_simple == 0 and simple <= EASY_SWEEPS:
        return Grade(1, f"simple boxes and simple spaces solve it in {simple} sweeps over the lines", stats)
    if after_simple == 0:
        return Grade(2, f"simple boxes and simple spaces solve it, but only after {simple} sweeps "
                        "over the lines", stats)
    return _hard_rungs(eng, stats, round(100 * (after_simple / max(1, unknown0))), solution)


def _hard_rungs(eng: RuleEngine, stats: dict, simple_share: int | None,
                solution: list[list[int]] | None = None) -> Grade:
    """Line logic, then contradictions (the simple rules may have run first: the line
    logic fixpoint is the same either way).  ``simple_share``: the per cent of cells the
    simple rules left, for the medium grade's words (None when they did not run);
    ``solution`` as in :func:`graded_grid`."""
    # (in black and white on packed lines, as the contradictions will be)
    prober = BwProber(eng, solution) if eng.ncol == 2 else None
    if not (eng.propagate(range(eng.nlines)) if prober is None else prober.line_logic()):
        raise PuzzleError("the clues have no solution")
    stats["line_logic_left"] = eng.unknown_count()
    if eng.solved():
        if simple_share is None:
            return Grade(2, "line logic solves it (easy or medium: the simple rules were not tried)", stats)
        return Grade(2, f"line logic solves it; {simple_share}% of the cells need more than the simple rules",
                     stats)
    contradictions = _contradictions(eng, solution, prober)
    stats["contradictions"] = contradictions
    if not eng.solved():
        stats["guess_left"] = eng.unknown_count()
        if prober is not None and prober.second is not None:
            stats["solutions"] = 2      # (a probe's line logic completed another one)
        return Grade(5, f"line logic and {contradictions} contradictions leave {eng.unknown_count()} cells: "
                        "it needs guessing and backtracking", stats)
    if contradictions <= FEW_CONTRADICTIONS:
        return Grade(3, f"line logic and {contradictions} contradiction"
                        f"{'s' if contradictions != 1 else ''} solve it", stats)
    return Grade(4, f"line logic and {contradictions} contradictions solve it", stats)


def _simple_rules(eng: RuleEngine) -> int | None:
    """Simple boxes and simple spaces to a fixpoint, sweeping the rows then the columns
    again while any line changed: the number of sweeps, None when a line cannot be
    completed."""
    dirty = [True] * eng.nlines
    sweeps = 0
    while any(dirty):
        sweeps += 1
        for i in range(eng.nlines):
            if not dirty[i]:
                continue
            dirty[i] = False
            eng.deadline.check()
            while True:
                step = eng.line_step(i, simple_only=True)
                if step is None:
                    break
                if step.get("contradiction"):
                    return None
                eng.apply(step)
                for r, c in step["cells"]:
                    dirty[eng.h + c if i < eng.h else r] = True
    return sweeps


def _contradictions(eng: RuleEngine, solution: list[list[int]] | None = None,
                    prober: BwProber | None = None) -> int:
    """The contradiction rung: in black and white by :class:`.bwprobe.BwProber` (the one
    given, holding the engine's grid), which refutes the same values in the same order
    with fewer and cheaper probes."""
    if eng.ncol != 2:
        return _plain_contradictions(eng, solution)
    prober = prober or BwProber(eng, solution)
    count = prober.contradictions()
    prober.store()
    return count


def _plain_contradictions(eng: RuleEngine, solution: list[list[int]] | None = None) -> int:
    """Refute cell values by contradiction (a value assumed, line logic on the whole
    grid fails, the value goes and line logic runs again), sweeping the open cells
    until the grid is complete or a sweep refutes nothing; the number of refutations.
    A cell's value in ``solution`` is never refuted: its probe is skipped."""
    count = 0
    swept_clean = False
    while not swept_clean and not eng.solved():
        swept_clean = True
        open_cells = [(r, c) for r, row in enumerate(eng.grid()) for c, ch in enumerate(row) if ch == "?"]
        for r, c in open_cells:
            values = eng.cell_values(r, c)
            truth = None if solution is None else solution[r][c]
            refuted = next((v for v in values if len(values) > 1 and v != truth and not _holds(eng, r, c, v)),
                           None)
            if refuted is None:
                continue
            eng.restrict_cell(r, c, sum(1 << u for u in values if u != refuted))
            if not eng.propagate((r, eng.h + c)):
                raise PuzzleError("the clues have no solution")
            count += 1
            swept_clean = False
    return count


def _holds(eng: RuleEngine, r: int, c: int, v: int) -> bool:
    """Whether line logic survives cell (r, c) taking value v (the grid is left as it was)."""
    mark = len(eng.trail)
    eng.set_cell(r, c, v)
    ok = eng.propagate((r, eng.h + c))
    eng.undo(mark)
    return ok
