"""Method ``mip``: E. Kalvelagen's label model ("Numberlink Models"), solved by HiGHS.

Binary ``x[p,k]``: cell p carries label k.  Every cell has one label (at most one under
free cover); endpoints are fixed; an endpoint has exactly one neighbour with its label;
any other cell with label k has exactly two, written linearly as

    2 x[p,k] <= sum_q x[q,k] <= 2 x[p,k] + M_p (1 - x[p,k]),   M_p = number of neighbours.

A solution may contain stray cycles of a label away from its path; each is cut off by
``sum_{p in C} x[p,k] <= |C| - 1`` and the model solved again.  For a second solution the
"no-good" cut ``sum_{x[p,k]=1} x[p,k] <= |P| - 1`` excludes the first.

Counting neighbours of equal label means a path can never run alongside itself, so this
model knows only "self-avoiding" answers: it proves neither uniqueness nor (under full
cover) unsolvability under the plain rules.  It says so instead of claiming more.
"""
from __future__ import annotations

import time

import numpy as np
from scipy.optimize import LinearConstraint, milp
from scipy.sparse import coo_matrix

from ..base import Deadline, GaveUp, Outcome
from ..highs import highs_options, highs_stopped
from .model import Numberlink

#: above this many binaries the model is too large to be worth building
MAX_VARS = 300_000


class _Rows:
    """Sparse constraint rows collected as triplets."""

    def __init__(self):
        self.r: list[int] = []
        self.c: list[int] = []
        self.v: list[float] = []
        self.lo: list[float] = []
        self.hi: list[float] = []

    def add(self, cols, vals, lo, hi) -> None:
        i = len(self.lo)
        self.r.extend([i] * len(cols))
        self.c.extend(cols)
        self.v.extend(vals)
        self.lo.append(lo)
        self.hi.append(hi)

    def constraint(self, nvars: int) -> LinearConstraint:
        A = coo_matrix((self.v, (self.r, self.c)), shape=(len(self.lo), nvars)).tocsr()
        return LinearConstraint(A, np.array(self.lo), np.array(self.hi))


def solve_mip(model: Numberlink, deadline: Deadline, limit: int) -> Outcome:
    t0 = time.perf_counter()
    N, K = model.size, len(model.labels)
    nvars = N * K
    if nvars > MAX_VARS:
        raise GaveUp(f"{N} cells x {K} labels = {nvars} binaries, more than the {MAX_VARS} this method builds")
    full = model.cover == "full"

    def var(p: int, k: int) -> int:
        return p * K + k

    lb = np.zeros(nvars)
    ub = np.ones(nvars)
    ends = model.endpoint_cells()
    rows = _Rows()
    for p in range(N):
        cols = [var(p, k) for k in range(K)]
        rows.add(cols, [1.0] * K, 1.0 if full else 0.0, 1.0)
        nb = model.neighbours[p]
        if p in ends:
            own = ends[p]
            for k in range(K):
                if k == own:
                    lb[var(p, k)] = 1.0
                else:
                    ub[var(p, k)] = 0.0
            rows.add([var(q, own) for q in nb], [1.0] * len(nb), 1.0, 1.0)
            continue
        M = len(nb)
        for k in range(K):
            cols = [var(q, k) for q in nb] + [var(p, k)]
            rows.add(cols, [1.0] * M + [-2.0], 0.0, np.inf)
            rows.add(cols, [1.0] * M + [float(M - 2)], -np.inf, float(M))
    # Free cover: the fewest labelled cells, which also keeps stray cycles away.
    c = np.zeros(nvars) if full else np.ones(nvars)
    stats = {"variables": nvars, "rows": len(rows.lo), "milp_solves": 0, "cycle_cuts": 0}

    def run():
        opts = highs_options(deadline, disp=False)
        deadline.check()
        stats["milp_solves"] += 1
        res = milp(c, integrality=np.ones(nvars), bounds=(lb, ub),
                   constraints=[rows.constraint(nvars)], options=opts)
        if res.status == 2:
            return None
        if res.x is None:
            raise highs_stopped(res)
        return np.rint(res.x).astype(np.int8)

    def paths_or_cut(x) -> dict | None:
        """The paths of ``x``, or None after adding cuts for its stray cycles."""
        label_of = {}
        for p in range(N):
            for k in range(K):
                if x[var(p, k)]:
                    label_of[p] = k
        paths = {}
        reached = set()
        for k, (a, b) in enumerate(model.ends):
            path = [a]
            prev, cur = -1, a
            while cur != b:
                nxt = [q for q in model.neighbours[cur] if q != prev and label_of.get(q) == k]
                if len(nxt) != 1:
                    break
                prev, cur = cur, nxt[0]
                path.append(cur)
            reached.update(path)
            paths[model.labels[k]] = [list(model.rc(p)) for p in path]
        stray = [p for p in label_of if p not in reached]
        if not stray:
            return {"paths": paths}
        seen = set()
        for s in stray:
            if s in seen:
                continue
            k = label_of[s]
            comp, todo = [], [s]
            seen.add(s)
            while todo:
                p = todo.pop()
                comp.append(p)
                for q in model.neighbours[p]:
                    if q not in seen and q not in reached and label_of.get(q) == k:
                        seen.add(q)
                        todo.append(q)
            rows.add([var(p, k) for p in comp], [1.0] * len(comp), -np.inf, float(len(comp) - 1))
            stats["cycle_cuts"] += 1
        return None

    solutions = []
    while len(solutions) < limit:
        x = run()
        if x is None:
            break
        sol = paths_or_cut(x)
        if sol is None:
            continue
        solutions.append(sol)
        chosen = [i for i in range(nvars) if x[i]]
        rows.add(chosen, [1.0] * len(chosen), -np.inf, float(len(chosen) - 1))
    stats["t_search"] = time.perf_counter() - t0
    if not solutions:
        if full:
            raise GaveUp("no solution whose paths avoid touching themselves; "
                         "the label model cannot rule out the others")
        # Under free cover a self-touching answer shortens to one that is not.
        return Outcome([], True, stats)
    note = ""
    if len(solutions) < limit:
        note = "the MIP found no second self-avoiding solution; paths touching themselves are not covered"
    return Outcome(solutions, False, stats, note=note)
