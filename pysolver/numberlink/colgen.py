"""Lazy path generation (column generation, branch and price) for method ``paths``.

The model is the path-set model of ``pathset``: one path per pair, every inner cell
used by one chosen path (at most one under free cover).  On an open board the paths
are far too many to list, so they are made when the linear relaxation asks for them:

* the *master* LP holds a pool of paths and one artificial variable per row (cost 1,
  every path costs 0): it minimises how far the pool is from a partition, so it is
  always feasible and its optimum is 0 exactly when the relaxation over the pool is;
* *pricing*: with the duals ``u[k]`` of the pair rows and ``v[p]`` of the cell rows
  (HiGHS's marginals), a path of pair k has reduced cost ``-(u[k] + sum v[p])`` over
  its inner cells.  ``pathset.walk`` looks for paths worth more than ``-u[k]`` (a
  depth-first search bounded by the positive duals still in reach; the duals may have
  either sign, so a shortest-path algorithm would be wrong); new ones join the pool
  and the LP is solved again, until no pair has one.  Then the LP optimum is the
  optimum over every path: above 0 proves that no answer exists under the node's
  restrictions;
* an LP answer that is integral is an answer; else a MIP over the pool may find one;
  else the search *branches* on a (cell, pair) whose share is the most fractional:
  pair k may not use cell p, or no other pair may.  The two sides hold every answer,
  so an exhausted tree proves there is none (more).

Every path in the pool is a real path of its pair (pruned as in ``pathset`` only of
paths that cannot be in an answer), so any integral choice is a valid answer.  Further
answers come from a no-good row on the chosen paths and the same search again.
"""
from __future__ import annotations

import time

import numpy as np
from scipy.optimize import LinearConstraint, linprog, milp
from scipy.sparse import csr_matrix, hstack, vstack

from ..base import Deadline, Outcome, SolveTimeout
from ..highs import highs_options, highs_stopped
from .deduce import Forced
from .model import Numberlink
from .pathset import _Pruner, walk

#: a path prices out when it is worth more than this beyond its pair's dual
EPS = 1e-6
#: new paths taken per pair and pricing round (the first found, best neighbours first)
PER_ROUND = 8
#: search steps per pair of a quick pricing round
QUICK_STEPS = 2_000


class _Pool:
    """The columns: per path its pair, its cells, and the inner cells' rows."""

    def __init__(self, model: Numberlink):
        self.model = model
        self.K = len(model.ends)
        ends = model.endpoint_cells()
        self.inner = [p for p in range(model.size) if p not in ends]
        self.row_of = {p: self.K + i for i, p in enumerate(self.inner)}
        self.pair: list[int] = []
        self.paths: list[list[int]] = []
        self.keys: set[frozenset] = set()

    def add(self, k: int, path: list[int]) -> bool:
        key = frozenset(path)
        if key in self.keys:
            return False
        self.keys.add(key)
        self.pair.append(k)
        self.paths.append(path)
        return True

    def matrix(self, first: int = 0) -> csr_matrix:
        """Pair and cell rows (K + inner cells) by the columns from ``first`` on."""
        rows, cols = [], []
        for j in range(first, len(self.paths)):
            rows.append(self.pair[j])
            cols.append(j - first)
            for p in self.paths[j][1:-1]:
                rows.append(self.row_of[p])
                cols.append(j - first)
        shape = (self.K + len(self.inner), len(self.paths) - first)
        return csr_matrix((np.ones(len(rows)), (rows, cols)), shape=shape)

    def allowed(self, bans) -> np.ndarray:
        """Upper bound per column at a node: 0 where it crosses a banned cell."""
        return np.array([0.0 if any(bans[k][p] for p in path) else 1.0
                         for k, path in zip(self.pair, self.paths)])


class ColumnGeneration:
    """Branch and price over one board; ``next_answer()`` gives the chosen paths of one
    answer not cut off yet (pair -> cells), or None once none is left."""

    def __init__(self, model: Numberlink, deadline: Deadline, forced: Forced | None = None):
        self.model = model
        self.deadline = deadline
        self.full = model.cover == "full"
        self.pool = _Pool(model)
        self.prune = _Pruner(model, forced)
        self.cuts: list[list[int]] = []          # no-goods: column sets
        self.stats = {"columns": 0, "lp_solves": 0, "pricing_rounds": 0, "nodes": 0, "milp_solves": 0}

    # -- the master LP -------------------------------------------------------------
    def _lp(self, ub: np.ndarray):
        pool = self.pool
        K, nin, n = pool.K, len(pool.inner), len(pool.paths)
        A = pool.matrix()
        # Artificials: one per pair row; under full cover one per cell row too.
        nart = K + (nin if self.full else 0)
        art = csr_matrix((np.ones(nart), (np.arange(nart), np.arange(nart))), shape=(K + nin, nart))
        whole = hstack([A, art]).tocsr()
        c = np.concatenate([np.zeros(n), np.ones(nart)])
        if self.full:
            A_eq, b_eq = whole, np.ones(K + nin)
            ub_rows, b_ub = [], []
        else:
            A_eq, b_eq = whole[:K], np.ones(K)
            ub_rows, b_ub = [whole[K:]], [np.ones(nin)]
        for cut in self.cuts:
            row = np.zeros((1, n + nart))
            row[0, cut] = 1.0
            ub_rows.append(csr_matrix(row))
            b_ub.append(np.array([len(cut) - 1.0]))
        A_ub = vstack(ub_rows).tocsr() if ub_rows else None
        bounds = np.column_stack([np.zeros(n + nart), np.concatenate([ub, np.full(nart, np.inf)])])
        self.stats["lp_solves"] += 1
        res = linprog(c, A_ub=A_ub, b_ub=np.concatenate(b_ub) if b_ub else None, A_eq=A_eq, b_eq=b_eq,
                      bounds=bounds, method="highs", options=highs_options(self.deadline))
        if res.status != 0:
            raise highs_stopped(res, "the master LP stopped")
        duals = np.zeros(K + nin)
        duals[:K] = res.eqlin.marginals[:K]
        duals[K:] = res.eqlin.marginals[K:] if self.full else res.ineqlin.marginals[:nin]
        return res.fun, res.x[:n], duals

    def _price(self, duals: np.ndarray, bans) -> int:
        """Adds paths of negative reduced cost; how many.  A quick search with a step
        budget per pair first; only when it finds none, the full search (which alone
        proves that none is left)."""
        return self._price_within(duals, bans, QUICK_STEPS) or self._price_within(duals, bans, None)

    def _price_within(self, duals: np.ndarray, bans, budget: int | None) -> int:
        pool, model = self.pool, self.model
        gain = [0.0] * model.size
        for p, row in pool.row_of.items():
            gain[p] = float(duals[row])
        added = 0
        for k in range(pool.K):
            took = 0
            steps = None if budget is None else [budget]
            for path in walk(model, k, self.prune, self.deadline, bans[k], gain, -float(duals[k]) + EPS, steps):
                if pool.add(k, path):
                    took += 1
                    if took >= PER_ROUND:
                        break
            added += took
        self.stats["pricing_rounds"] += 1
        self.stats["columns"] = len(pool.paths)
        return added

    def _solve_node(self, bans):
        """Column generation to the LP optimum at a node: (value, column values, ub,
        answer).  Whenever the pool's LP is feasible the pool's MIP is tried (an answer
        needs no proof that the LP is optimal), ``answer`` its column values or None."""
        tried = -1
        while True:
            ub = self.pool.allowed(bans)
            value, x, duals = self._lp(ub)
            if value <= EPS:
                if np.all(np.minimum(x, 1.0 - x) < EPS):
                    return value, x, ub, x
                if len(self.pool.paths) > tried:
                    tried = len(self.pool.paths)
                    xi = self._milp(ub)
                    if xi is not None:
                        return value, x, ub, xi
            if not self._price(duals, bans):
                return value, x, ub, None

    def _milp(self, ub: np.ndarray):
        pool = self.pool
        n = len(pool.paths)
        A = pool.matrix()
        lo = np.ones(A.shape[0])
        if not self.full:
            lo[pool.K:] = 0.0
        cons = [LinearConstraint(A, lo, np.ones(A.shape[0]))]
        for cut in self.cuts:
            row = np.zeros((1, n))
            row[0, cut] = 1.0
            cons.append(LinearConstraint(row, -np.inf, len(cut) - 1.0))
        self.stats["milp_solves"] += 1
        res = milp(np.zeros(n), integrality=np.ones(n), bounds=(np.zeros(n), ub), constraints=cons,
                   options=highs_options(self.deadline, disp=False))
        if res.status == 2:
            return None
        if res.x is None:
            raise highs_stopped(res)
        return res.x

    def _branch_on(self, x: np.ndarray):
        """The (pair, cell) whose share in the LP answer is nearest one half."""
        share: dict[tuple[int, int], float] = {}
        for j in np.nonzero(x > EPS)[0]:
            k = self.pool.pair[j]
            for p in self.pool.paths[j][1:-1]:
                share[k, p] = share.get((k, p), 0.0) + x[j]
        return min(share, key=lambda kp: abs(share[kp] - 0.5))

    def next_answer(self) -> dict[int, list[int]] | None:
        K, N = self.pool.K, self.model.size
        todo = [tuple(bytearray(N) for _ in range(K))]
        while todo:
            bans = todo.pop()
            self.stats["nodes"] += 1
            value, x, ub, xi = self._solve_node(bans)
            if value > EPS:
                continue                          # no answer under these bans
            if xi is None:
                k, p = self._branch_on(x)
                without = tuple(bytearray(b) for b in bans)
                without[k][p] = 1
                only = tuple(bytearray(b) for b in bans)
                for j in range(K):
                    if j != k:
                        only[j][p] = 1
                todo += [only, without]
                continue
            chosen = [j for j in range(len(xi)) if xi[j] > 0.5]
            self.cuts.append(chosen)
            return {self.pool.pair[j]: self.pool.paths[j] for j in chosen}
        return None


def other_order(model: Numberlink, k: int, path: list[int], deadline: Deadline) -> list[int] | None:
    """Another path of pair k over exactly the cells of ``path``, or None: the same
    column for the model, so a second answer the no-good row would hide."""
    banned = bytearray([1]) * model.size
    for p in path:
        banned[p] = 0
    for other in walk(model, k, _Pruner(model), deadline, banned):
        if len(other) == len(path) and other != path:
            return other
    return None


def solve_lazily(model: Numberlink, deadline: Deadline, limit: int, why: str,
                 forced: Forced | None = None, seeds: dict[int, list[int]] | None = None) -> Outcome:
    """Up to ``limit`` answers by branch and price (only paths through ``forced``'s
    chains, and ``seeds``: pair -> a path for the first pool); past the time limit with
    one answer in hand, that answer with uniqueness unknown."""
    t0 = time.perf_counter()
    gen = ColumnGeneration(model, deadline, forced)
    stats = gen.stats
    stats["lazy"] = why
    for k, path in (seeds or {}).items():
        gen.pool.add(k, path)
    stats["seeded"] = len(seeds or {})
    answers: list[dict[int, list[int]]] = []
    complete = True
    try:
        while len(answers) < limit:
            chosen = gen.next_answer()
            if chosen is None:
                break
            answers.append(chosen)
            if len(answers) >= limit:
                break
            twin = next(((k, alt) for k, path in chosen.items()
                         if (alt := other_order(model, k, path, deadline)) is not None), None)
            if twin is not None:
                answers.append({**chosen, twin[0]: twin[1]})
                stats["twins"] = 1
                break
    except SolveTimeout:
        if not answers:
            raise
        complete = False
    stats["t_search"] = time.perf_counter() - t0
    sols = [{"paths": {model.labels[k]: [list(model.rc(p)) for p in path] for k, path in a.items()}}
            for a in answers]
    note = "" if complete else "time ran out before a second answer was ruled out"
    return Outcome(sols, complete, stats, note)
