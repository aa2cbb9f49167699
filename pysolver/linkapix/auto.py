"""The default ``auto`` method: propagation, then an exact finish on what is left.

:class:`~.engine.Engine` decides most puzzles outright (every deduction it makes holds
in every solution).  Whatever it leaves open falls apart into independent components,
which :mod:`.exact` solves (a small exact-cover search, or HiGHS for big ones) for up
to ``limit`` distinct pictures each; the puzzle's pictures are their combinations.
"""
from __future__ import annotations

import itertools
import time

from ..base import Deadline, GaveUp, Outcome
from .engine import BudgetExceeded, Contradiction, Engine
from .exact import components, solve_component
from .model import Model


def solve(model: Model, deadline: Deadline, limit: int = 1) -> Outcome:
    t0 = time.perf_counter()
    eng = Engine(model, deadline)
    stats: dict = {}
    try:
        eng.run()
    except Contradiction:
        stats.update(eng.stats, t_propagate=time.perf_counter() - t0)
        return Outcome([], True, stats, "no solution: the clues contradict each other")
    except BudgetExceeded as exc:
        raise GaveUp(str(exc)) from None
    t1 = time.perf_counter()
    stats.update(eng.stats, t_propagate=t1 - t0)
    fixed = eng.forced_paths()
    paths, clues, _ = eng.residual()
    comps = sorted(components(eng, paths), key=len)
    stats.update(residual_paths=len(paths), residual_clues=len(clues), components=len(comps))
    per_comp: list[list[list[int]]] = []
    complete = True
    variety = 1               # number of pictures the components found so far combine to
    for comp in comps:
        want = 1 if variety >= limit else limit
        found, exhaustive = solve_component(eng, comp, want, deadline, stats)
        if not found:
            stats["t_search"] = time.perf_counter() - t1
            return Outcome([], True, stats, "no solution")
        complete = complete and (exhaustive or want == 1 and variety >= limit)
        variety *= len(found)
        per_comp.append(found)
    stats["t_search"] = time.perf_counter() - t1
    solutions = []
    for combo in itertools.islice(itertools.product(*per_comp), limit):
        chosen = [q for part in combo for q in part]
        solutions.append({"paths": fixed + [eng.path_cells(q) for q in chosen]})
    return Outcome(solutions, complete and len(solutions) < limit or complete and limit == 1, stats)
