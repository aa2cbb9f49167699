"""Hints: the next deduction the rules method would make from the player's grid.

The player's grid only shows colours, so a hint is the first recorded rule step that
fixes a cell still unknown to the player (earlier steps that only strike candidates
are what it builds on; its message names the rule and the line).  When the rules
stall, the exact line solver is asked for a line with a forced cell; when even that
stalls (the puzzle needs a trial), the hint shows one cell of the solution.  A grid
that breaks a clue, or that can no longer be completed, is reported as wrong.
"""
from __future__ import annotations

from ..base import Deadline
from ..reference import grid_mistakes
from . import auto, cdcl
from .check import read_grid
from .linesolve import Overflow, solve_line
from .model import Model
from .rules import Contradiction, Rules


def _apply(grid: list[str], m: Model, cells: list[int], dom: list[int]) -> dict:
    rows = [list(r) for r in grid]
    for i in cells:
        rows[i // m.width][i % m.width] = m.keys[dom[i].bit_length() - 1]
    return {"grid": ["".join(r) for r in rows]}


def _wrong_against_solution(m: Model, grid: list[str], deadline: Deadline) -> dict:
    out = cdcl.solve(m, deadline, 1)
    if not out.solutions:
        return {"message": "this puzzle has no solution", "cells": [], "wrong": True}
    sol = out.solutions[0]["grid"]
    bad = [[r, c] for r in range(m.height) for c in range(m.width)
           if grid[r][c] != "?" and grid[r][c] != sol[r][c]]
    return {"message": f"{len(bad)} cell{'s are' if len(bad) != 1 else ' is'} wrong "
                       f"(the grid cannot be completed)", "cells": bad, "wrong": True}


def mistakes(m: Model, progress: dict, solution: dict, deadline: Deadline) -> list[dict]:
    """The painted cells whose colour differs from the unique solution, as one error."""
    grid, _ = read_grid(m, progress, partial=True)
    return grid_mistakes(grid, solution["grid"]) if grid is not None else []


#: the rules as players are told them (the rule codes are the method's own)
RULE_WORDS = {"absent": "colour not in the clue", "count-done": "count complete",
              "count-fill": "count fills the line", "run": "one block", "non-run": "not one block"}


def _step_message(m: Model, step: dict, fixed: list[int], work: list[int], before: list[dict]) -> str:
    """A hint's words: the rule and the step's own message.  A step that only struck a
    colour out also names the lines whose earlier steps (which fixed no cell on their
    own) struck out the other colours of these cells: together they are the reason."""
    text = f"{RULE_WORDS.get(step['rule'], step['rule'])}: {step['message']}"
    if step["effect"] == "remove":
        colours = sorted({m.colour_name(work[i].bit_length() - 1) for i in fixed})
        where = "this cell" if len(fixed) == 1 else "these cells"
        cells = {(i // m.width, i % m.width) for i in fixed}
        lines: list[str] = []
        for earlier in before:
            if earlier["line"] and any(tuple(rc) in cells for rc in earlier["cells"]):
                label = f"{earlier['line'][0]} {earlier['line'][1] + 1}"
                if label not in lines:
                    lines.append(label)
        by = (", ".join(lines[:4]) + (" and others" if len(lines) > 4 else "")) if lines else "earlier steps"
        text += f"; {by} had ruled out the other colours, so {where} can only be {' / '.join(colours)}"
    return text


def next_step(m: Model, progress: dict, deadline: Deadline) -> dict | None:
    """The next deduction from progress that breaks no rule (Family.hint has checked
    the rules and the unique solution first)."""
    grid = progress["grid"]
    full = (1 << m.ncolours) - 1
    index = {k: i for i, k in enumerate(m.keys)}
    dom = [full if ch == "?" else 1 << index[ch] for row in grid for ch in row]
    unknown = {i for i, d in enumerate(dom) if d == full}

    # Can the grid still be completed at all?  (Exact line logic finds most dead ends.)
    solver = auto.AutoSolver(m, deadline)
    trial = dom[:]
    if not solver.propagate(trial, range(len(solver.g.specs))):
        return _wrong_against_solution(m, grid, deadline)

    rules = Rules(m, deadline, record=True)
    work = dom[:]
    try:
        changed = True
        while changed:
            changed = False
            for li in range(len(rules.lines)):
                mark = len(rules.steps)
                if rules.apply_line(work, li):
                    changed = True
                    # A cell is fixed by the last of this line's steps that touched it
                    # (earlier ones left it two colours or more): report the first step
                    # that fixed a cell the player has not set, with those cells.
                    fixer: dict[int, int] = {}
                    for k in range(mark, len(rules.steps)):
                        for r, c in rules.steps[k]["cells"]:
                            i = r * m.width + c
                            if i in unknown and work[i] & (work[i] - 1) == 0:
                                fixer[i] = k
                    if fixer:
                        k = min(fixer.values())
                        step = rules.steps[k]
                        fixed = sorted(i for i, j in fixer.items() if j == k)
                        if fixed:
                            return {"message": _step_message(m, step, fixed, work, rules.steps[:k]),
                                    "rule": step["rule"], "line": step["line"], "lines": [step["line"]],
                                    "cells": [[i // m.width, i % m.width] for i in fixed],
                                    "solution": _apply(grid, m, fixed, work)}
    except Contradiction:
        return _wrong_against_solution(m, grid, deadline)

    # The rules stall: look for a line whose exact deduction fixes a cell.
    for li, cells in enumerate(solver.g.line_cells):
        try:
            res = solve_line([work[i] for i in cells], solver.g.specs[li])
        except Overflow:
            continue
        if res is None:
            return _wrong_against_solution(m, grid, deadline)
        fixed = [i for i, d in zip(cells, res) if i in unknown and d & (d - 1) == 0]
        if fixed:
            for i, d in zip(cells, res):
                work[i] = d
            kind, idx = solver.g.line_name(li)
            colours = sorted({m.colour_name(work[i].bit_length() - 1) for i in fixed})
            return {"message": f"line logic: {kind} {idx + 1}: every arrangement that fits this "
                               f"line's clue puts {' / '.join(colours)} here",
                    "rule": "line", "line": [kind, idx], "lines": [[kind, idx]],
                    "cells": [[i // m.width, i % m.width] for i in fixed],
                    "solution": _apply(grid, m, fixed, work)}

    out = cdcl.solve(m, deadline, 1)
    if not out.solutions:
        return {"message": "this puzzle has no solution", "cells": [], "wrong": True}
    sol = out.solutions[0]["grid"]
    for i in sorted(unknown):
        r, c = divmod(i, m.width)
        if grid[r][c] == "?":
            work[i] = 1 << index[sol[r][c]]
            return {"message": f"no single-line deduction is left (the puzzle needs a trial); "
                               f"in the solution row {r + 1}, col {c + 1} is {m.colour_name(index[sol[r][c]])}",
                    "rule": "solution", "cells": [[r, c]],
                    "solution": _apply(grid, m, [i], work)}
    return None
