"""The ``probing`` method (and ``auto`` for multicolour grids): line solving to a
fixpoint, probing, then depth-first search.

This is the recipe of the strongest published solvers (pbnsolve, nonogrid, LalaFrogKK):

1. every line is solved exactly (:mod:`.linesolve`), with results cached by clue and
   line state, from a queue of dirty lines until nothing changes;
2. probing: for each unknown cell, each of its possible values is tried and propagated;
   a value that leads to a contradiction is removed, and what every surviving branch
   agrees on (the union of their cell possibilities is smaller than now) is kept;
3. when probing stalls, depth-first search branches on the cell with the best probe
   score ((cells decided by the weaker branch + 1) x (by the stronger + 1), as in
   LalaFrogKK), undoing through the engine's trail; each node is propagated and probed
   again, but only around the cells that became known since the last probing (probing
   every cell on the changed lines was measured 2-6x slower on Dom and the tournament
   puzzles for a small saving in nodes);
4. restarts: the search runs with a node budget (50, doubling); when it runs out the
   search starts again from the probed root with the values of each branch tried in a
   random order.  After a few restarts the budget is lifted, so the method stays
   complete.  The search stops when ``limit`` distinct solutions are found (also in the
   middle of probing, when a probe completes the grid) or the tree is exhausted, so
   with ``limit=2`` a single solution is proven unique.

Stats: ``t_line`` is the first propagation (pure line solving), ``t_probe`` all probing,
``t_search`` the remaining search time; ``nodes`` counts branching decisions over all
runs, ``restarts`` the restarts.
"""
from __future__ import annotations

import random
import time

from ..base import Deadline, Outcome
from .engine import Engine
from .model import Model


class Prober:
    """Probing with memory: scores of earlier probes stay as branching hints, and below
    the root only cells next to cells that became known since the last probing are
    probed again (elsewhere a probe would mostly repeat an earlier one)."""

    def __init__(self, eng: Engine):
        self.eng = eng
        self.t_probe = 0.0
        self.probes = 0
        #: cell -> (score, values in the order to try) from its latest probe
        self.scores: dict[tuple[int, int], tuple[int, list[int]]] = {}
        #: after a restart: shuffles the order in which a branch's values are tried
        self.rng: random.Random | None = None
        #: where solutions met while probing are collected (grid tuple -> solution)
        self.found: dict | None = None
        #: probing stops as soon as ``found`` holds this many solutions
        self.limit = 1
        #: set when probing stopped early that way: the node was left unfinished
        self.stopped = False
        #: sweeps over the grid one call of :meth:`run` makes at most (None: until
        #: nothing changes)
        self.max_sweeps: int | None = None

    def unknown_rows(self) -> list[int]:
        out = []
        for masks in self.eng.state[:self.eng.h]:
            seen = both = 0
            for m in masks:
                both |= seen & m
                seen |= m
            out.append(both)
        return out

    def cells_on(self, lines, unknown) -> list[tuple[int, int]]:
        h = self.eng.h
        rowsel = [0] * h
        for i in lines:
            if i < h:
                rowsel[i] = -1
            else:
                bit = 1 << (i - h)
                for r in range(h):
                    rowsel[r] |= bit
        out = []
        for r in range(h):
            x = unknown[r] & rowsel[r]
            while x:
                low = x & -x
                x ^= low
                out.append((r, low.bit_length() - 1))
        return out

    def cells_near(self, first: dict, unknown: list[int]) -> list[tuple[int, int]]:
        """Unknown cells next to (or on) a cell that became known since the rows had
        the masks in ``first``."""
        h, w = self.eng.h, self.eng.w
        full = (1 << w) - 1
        newly = [0] * h
        for r, old in first.items():
            seen = both = 0
            for m in old:
                both |= seen & m
                seen |= m
            newly[r] = both & ~unknown[r]
        out = []
        for r in range(h):
            near = newly[r] | (newly[r] << 1) | (newly[r] >> 1)
            if r > 0:
                near |= newly[r - 1]
            if r + 1 < h:
                near |= newly[r + 1]
            x = near & unknown[r] & full
            while x:
                low = x & -x
                x ^= low
                out.append((r, low.bit_length() - 1))
        return out

    def _maybe_solution(self, changed: dict, unknown: list[int]) -> None:
        """A probe that left no unknown cell has found a solution (its propagation
        reached a fixpoint, so every line fits): keep it, which often spares the
        search on puzzles with many solutions."""
        eng = self.eng
        if any(u and r not in changed for r, u in enumerate(unknown)):
            return
        keys = eng.model.keys
        grid = []
        for r in range(eng.h):
            masks = changed.get(r, eng.state[r])
            row = [""] * eng.w
            for v, m in enumerate(masks):
                x = m
                while x:
                    low = x & -x
                    x ^= low
                    row[low.bit_length() - 1] = keys[v]
            grid.append("".join(row))
        self.found.setdefault(tuple(grid), {"grid": grid})

    def run(self, since: int | None):
        """Probe to a fixpoint.  ``since``: trail mark of the last probing (None = probe
        every cell).  Returns (ok, best): best is (cell, values in the order to try) for
        branching, or None when the grid is solved or probing met enough solutions
        (``stopped``)."""
        t0 = time.perf_counter()
        try:
            return self._run(since)
        finally:
            self.t_probe += time.perf_counter() - t0

    def _run(self, since):
        eng = self.eng
        state, trail, h = eng.state, eng.trail, eng.h
        scores = self.scores
        first = None
        if since is None:
            lines = range(eng.nlines)
        else:
            lines = {i for i, _ in trail[since:]}
            first = {}
            for i, old in trail[since:]:
                if i < h and i not in first:
                    first[i] = old
        sweeps = 0
        while lines and (self.max_sweeps is None or sweeps < self.max_sweeps):
            sweeps += 1
            unknown = self.unknown_rows()
            mark = len(trail)
            # covered[r][v]: cells of row r that some successful probe of this pass
            # fixed to v.  Probing such a value again is useless: by monotonicity of
            # propagation it cannot fail and implies no more than that probe did.
            covered = [[0] * eng.ncol for _ in range(h)]
            for r, c in (self.cells_on(lines, unknown) if since is None or first is None
                         else self.cells_near(first, unknown)):
                masks = state[r]
                cov = covered[r]
                vals = [v for v in range(eng.ncol) if (masks[v] >> c) & 1]
                if len(vals) < 2:
                    continue
                todo = [v for v in vals if not (cov[v] >> c) & 1]
                if not todo:
                    continue
                branches = []
                failed = None
                for v in todo:
                    m0 = len(trail)
                    eng.set_cell(r, c, v)
                    self.probes += 1
                    ok = eng.propagate((r, h + c))
                    if ok:
                        changed = {i: state[i] for i, _ in trail[m0:]}
                    eng.undo(m0)
                    if not ok:
                        failed = v
                        break
                    gain = 0
                    open_rows = 0  # changed rows still holding unknown cells
                    for i, new in changed.items():
                        if i < h:
                            old = state[i]
                            gain += sum(a.bit_count() for a in old) - sum(b.bit_count() for b in new)
                            seen = both = 0
                            for m in new:
                                both |= seen & m
                                seen |= m
                            if both:
                                open_rows += 1
                            newly = unknown[i] & ~both
                            row_cov = covered[i]
                            for u, m in enumerate(new):
                                row_cov[u] |= newly & m
                    if not open_rows and self.found is not None:
                        self._maybe_solution(changed, unknown)
                        if len(self.found) >= self.limit:
                            # Enough solutions (with limit=1, on puzzles with many
                            # solutions, often the first probes below a decision
                            # complete the grid): finishing the probing would only
                            # refine a node nobody will search.
                            self.stopped = True
                            return True, None
                    branches.append((v, changed, gain))
                if failed is not None:
                    eng.restrict_cell(r, c, sum(1 << v for v in vals if v != failed))
                    if not eng.propagate((r, h + c)):
                        return False, None
                    unknown = self.unknown_rows()
                    covered = [[0] * eng.ncol for _ in range(h)]
                    continue
                if len(branches) < len(vals):
                    continue
                common = set(branches[0][1])
                for _, changed, _ in branches[1:]:
                    common.intersection_update(changed)
                updated = []
                for i in common:
                    new = tuple(map(_or, *[changed[i] for _, changed, _ in branches]))
                    if new != state[i]:
                        trail.append((i, state[i]))
                        state[i] = new
                        updated.append(i)
                if updated:
                    if not eng.propagate(updated):
                        return False, None
                    unknown = self.unknown_rows()
                    covered = [[0] * eng.ncol for _ in range(h)]
                    continue
                gains = sorted((g for _, _, g in branches))
                # Prefer cells where even the weaker branch decides much (LalaFrog's
                # choice); the stronger branch is tried first.
                score = (gains[0] + 1) * (gains[-1] + 1)
                order = [v for v, _, _ in sorted(branches, key=lambda b: -b[2])]
                scores[(r, c)] = (score, order)
            lines = {i for i, _ in trail[mark:]}
            first = {}
            for i, old in trail[mark:]:
                if i < h and i not in first:
                    first[i] = old
        unknown = self.unknown_rows()
        if not any(unknown):
            return True, None
        best = None
        best_score = -1
        for r, u in enumerate(unknown):
            x = u
            while x:
                low = x & -x
                x ^= low
                c = low.bit_length() - 1
                got = scores.get((r, c))
                if got is not None and got[0] > best_score:
                    best_score = got[0]
                    best = (r, c)
                elif best is None:
                    best = (r, c)
        if best in scores:
            order = [v for v in scores[best][1] if (state[best[0]][v] >> best[1]) & 1]
        else:
            order = eng.cell_values(*best)
        if self.rng is not None:
            self.rng.shuffle(order)
        return True, (best, order)


def _or(*xs: int) -> int:
    out = 0
    for x in xs:
        out |= x
    return out


class _Found(dict):
    """The solutions met, by grid, leaving out ``avoid`` (a grid the answers must
    differ from: a second answer beside a known one)."""

    def __init__(self, avoid: list[str] | None):
        super().__init__()
        self.avoid = tuple(avoid) if avoid is not None else None

    def setdefault(self, grid, value):
        return value if grid == self.avoid else super().setdefault(grid, value)

    def __setitem__(self, grid, value):
        if grid != self.avoid:
            super().__setitem__(grid, value)


def solve_probing(model: Model, deadline: Deadline, limit: int = 1, avoid: list[str] | None = None,
                  known: list[str] | None = None) -> Outcome:
    """Up to ``limit`` solutions (with ``avoid``, other than that grid; ``known`` as in
    :func:`.cdcl.solve_cdcl`).  (Trying the
    avoided grid's value last at each branch, to meet another grid first, was slower:
    it overrides the probes' order; 36 s against 1.4 s on a 30x30 3-colour picture.)"""
    t_start = time.perf_counter()
    eng = Engine(model, deadline)
    prober = Prober(eng)
    found = _Found(avoid)
    prober.found = found
    prober.limit = limit
    nodes = 0
    restarts = 0
    complete = True
    if known is not None:
        index = {k: v for v, k in enumerate(model.keys)}
        for r, row in enumerate(known):
            for c, key in enumerate(row):
                if key != "?":
                    eng.set_cell(r, c, index[key])
    ok = eng.propagate(range(eng.nlines))
    t_line = time.perf_counter() - t_start
    if ok:
        status, best = prober.run(None)
        root = len(eng.trail)
        budget = RESTART_NODES
        while True:
            exhausted, stopped, used = _dfs(eng, prober, status, best, found, limit,
                                            None if budget is None else budget)
            nodes += used
            if exhausted or stopped:
                complete = exhausted
                break
            # Heavy-tailed search: start again from the probed root with a larger
            # budget and the values of each branch tried in random order.  The cell
            # choice stays deterministic, so the tree is the same and a run that
            # must exhaust it (uniqueness) only loses the earlier budgets; the last
            # run has no budget, so the method stays complete.  Solutions found so
            # far are kept.
            restarts += 1
            eng.undo(root)
            prober.rng = random.Random(restarts)
            # Restarts only help to find a first solution: once one is known, a
            # uniqueness proof must exhaust the tree, so the budget goes at once.
            budget = budget * 2 if restarts < MAX_RESTARTS and not found else None
            status, best = prober.run(root)
    total = time.perf_counter() - t_start
    stats = {"t_line": round(t_line, 6), "t_probe": round(prober.t_probe, 6),
             "t_search": round(max(0.0, total - t_line - prober.t_probe), 6),
             "nodes": nodes, "restarts": restarts, "probes": prober.probes,
             "line_solves": eng.line_solves, "cache_hits": eng.cache_hits}
    return Outcome(solutions=list(found.values())[:limit], complete=complete, stats=stats)


#: node budget of the first search run; doubled at each restart
RESTART_NODES = 50
#: after this many restarts the search runs without a budget
MAX_RESTARTS = 8


def _dfs(eng: Engine, prober: Prober, status: bool, best, found: dict, limit: int, budget):
    """Depth-first search from the current (probed) node.  Returns (exhausted, stopped
    at the solution limit, nodes used); neither flag means the budget ran out."""
    stack: list[tuple[int, tuple[int, int], list[int]]] = []
    nodes = 0
    while True:
        if len(found) >= limit:
            # (probing may have met the solutions) the tree is still exhausted if the
            # current node is finished and no branch is left open
            done = ((not status or best is None) and not any(r for _, _, r in stack)
                    and not prober.stopped)
            return done, True, nodes
        if status:
            if best is None:
                grid = eng.grid()
                found.setdefault(tuple(grid), {"grid": grid})
                status = False
                continue
            if budget is not None and nodes >= budget:
                return False, False, nodes
            cell, vals = best
            nodes += 1
            stack.append((len(eng.trail), cell, vals[1:]))
            status, best = _assign(eng, prober, cell, vals[0])
            continue
        while stack and not stack[-1][2]:
            stack.pop()
        if not stack:
            return True, False, nodes
        mark, cell, rest = stack[-1]
        eng.undo(mark)
        status, best = _assign(eng, prober, cell, rest.pop(0))


def _assign(eng: Engine, prober: Prober, cell, v):
    r, c = cell
    mark = len(eng.trail)
    eng.set_cell(r, c, v)
    if not eng.propagate((r, eng.h + c)):
        return False, None
    return prober.run(mark)
