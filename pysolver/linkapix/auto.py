"""The default ``auto`` method: propagation, then an exact finish on what is left.

1. :class:`~.engine.Engine` enumerates candidate paths (short clues first, long ones
   lazily) and propagates; every deduction holds in every solution, so what it forces
   is common to all pictures.  This decides most published-style puzzles outright.
2. The enclosure rule (:meth:`~.engine.Engine.prune_enclosures`) removes candidates
   that would wall in an area its clues cannot paint, then propagation runs again.
3. What is still open falls apart into independent components, which :mod:`.exact`
   solves (search with propagation, or HiGHS for big ones) for up to ``limit``
   distinct pictures each; the puzzle's pictures are their combinations.

``complete`` is True when the pictures returned are all there are: every component's
list is exhaustive and they combine to no more than ``limit`` pictures.
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
    try:
        stats["enclosure_kills"] = eng.prune_enclosures()
    except Contradiction:
        return Outcome([], True, stats, "no solution: the clues contradict each other")
    t2 = time.perf_counter()
    stats["t_enclosures"] = t2 - t1
    out = finish(eng, deadline, limit, stats)
    stats["t_search"] = time.perf_counter() - t2
    return out


def finish(eng: Engine, deadline: Deadline, limit: int, stats: dict) -> Outcome:
    """Stage 3 on an engine the rules (propagation, enclosures) have run on: up to
    ``limit`` pictures of what they leave open.  The engine is left as it was (the
    search undoes its choices), so one engine can be finished again, say once for a
    grade and once for a proof of uniqueness."""
    fixed = eng.forced_paths()
    paths, clues, _ = eng.residual()
    comps = sorted(components(eng, paths), key=len)
    stats.update(residual_paths=len(paths), residual_clues=len(clues), components=len(comps))
    per_comp: list[list[list[int]]] = []
    complete = True
    variety = 1               # number of pictures the components found so far combine to
    for comp in comps:
        # once the others combine to ``limit`` pictures, one solution per component will do
        want = 1 if variety >= limit else limit
        found, exhaustive = solve_component(eng, comp, want, deadline, stats)
        if not found:
            return Outcome([], True, stats, "no solution")
        complete = complete and exhaustive
        variety *= len(found)
        per_comp.append(found)
    solutions = []
    for combo in itertools.islice(itertools.product(*per_comp), limit):
        chosen = [q for part in combo for q in part]
        solutions.append({"paths": fixed + [eng.path_cells(q) for q in chosen]})
    return Outcome(solutions, complete and variety <= limit, stats)
