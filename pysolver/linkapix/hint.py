"""Hints: the next forced link, with the rule that forces it.

The player's progress is ``{"paths": [...]}`` with the links drawn so far.  A drawn
link that breaks a rule, or paints a cell in a colour the puzzle's (unique) picture
does not have there, is reported as wrong.  Otherwise the hint is the first link the
propagation engine forces (in the order it forces them: 1-clues, then the clue and cell
rules round by round, then after the enclosure rule) that the player has not painted yet; when propagation alone
does not finish the puzzle, a link of the solver's solution is given as a last resort.
Rows and columns in messages count from 1, as players count; the "cells" are 0-based as in
puzzle JSON.
"""
from __future__ import annotations

from ..base import Deadline
from .check import check
from .engine import BudgetExceeded, Contradiction, Engine
from .model import Model, picture


def hint(model: Model, progress: dict, deadline: Deadline) -> dict | None:
    report = check(model, progress, partial=True)
    if not report.ok:
        err = report.errors[0]
        return {"message": f"{err['message']}: this is wrong", "cells": err["cells"], "wrong": True}
    if report.solved:
        return None
    drawn = picture(model, progress)
    from .auto import solve

    outcome = solve(model, deadline, limit=2)
    if not outcome.solutions:
        return None
    if len(outcome.solutions) == 1 and outcome.complete:
        truth = picture(model, outcome.solutions[0])
        for path in progress["paths"]:
            bad = [[r, c] for r, c in path if truth[r][c] != drawn[r][c]]
            if bad:
                r, c = path[0]
                return {"message": f"the link from row {r + 1}, col {c + 1} paints cells the picture leaves "
                                   f"{'blank' if truth[bad[0][0]][bad[0][1]] is None else 'in another colour'}: "
                                   "this is wrong", "cells": bad, "wrong": True}

    def todo(path) -> bool:
        key = model.clues[model.clue_at[tuple(path[0])]][3]
        return any(drawn[r][c] != key for r, c in path)

    for path, reason, _ in forced_links(model, deadline):
        if todo(path):
            return _step(progress, path, reason)
    for path in outcome.solutions[0]["paths"]:
        if todo(path):
            r, c = path[0]
            r2, c2 = path[-1]
            n = len(path)
            return _step(progress, path, f"by trial and error (no single rule applies): the {n} at "
                                         f"row {r + 1}, col {c + 1} links to row {r2 + 1}, col {c2 + 1}")
    return None


def forced_links(model: Model, deadline: Deadline) -> list[tuple[list, str, str]]:
    """The links propagation forces, in the order it forces them: (path, reason, rule)."""
    eng = Engine(model, deadline)
    try:
        eng.run()
        eng.prune_enclosures()
    except (Contradiction, BudgetExceeded):
        pass    # the links forced before the engine stopped are still forced
    out = []
    for q, why, what in eng.forced:
        if why == "one":
            x = eng.c_cell[what]
            path = [[x // eng.W, x % eng.W]]
        else:
            path = eng.path_cells(q)
        out.append((path, _reason(model, eng, path, why, what), why))
    return out


def _reason(model: Model, eng: Engine, path, why: str, what: int) -> str:
    (r, c), (r2, c2) = path[0], path[-1]
    n = len(path)
    if why == "one":
        return f"the 1 at row {r + 1}, col {c + 1} is a link of its own"
    if why == "clue":
        x = eng.c_cell[what]
        if (r, c) != (x // eng.W, x % eng.W):
            (r, c), (r2, c2) = (r2, c2), (r, c)
        return f"the only path left for the {n} at row {r + 1}, col {c + 1} goes to row {r2 + 1}, col {c2 + 1}"
    return (f"the cell at row {what // eng.W + 1}, col {what % eng.W + 1} can only be covered by the {n} from "
            f"row {r + 1}, col {c + 1} to row {r2 + 1}, col {c2 + 1}")


def _step(progress: dict, path, message: str) -> dict:
    return {"message": message, "cells": [list(p) for p in path],
            "solution": {"paths": list(progress["paths"]) + [[list(p) for p in path]]}}
