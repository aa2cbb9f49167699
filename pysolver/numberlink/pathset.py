"""Method ``paths``: choose one enumerated path per pair, a set-partitioning MIP.

Every simple path between the two endpoints of each pair (through no other endpoint) is
listed; binary ``y[j]`` picks path j.  Each pair picks exactly one path and each cell is
used by exactly one picked path (at most one under free cover).  Because the
enumeration is complete under the plain rules, the answer is exact: a "no-good" cut on
the picked paths and a second solve settle uniqueness.  The number of paths grows
exponentially with the free space, so the method gives up (with the count it reached)
on anything but small boards; it is here to show the model, not for speed.
"""
from __future__ import annotations

import time

import numpy as np
from scipy.optimize import LinearConstraint, milp
from scipy.sparse import coo_matrix

from ..base import Deadline, GaveUp, Outcome
from ..highs import highs_options, highs_stopped
from .model import Numberlink

#: more candidate paths than this (over all pairs) and the method gives up
MAX_PATHS = 50_000


def enumerate_paths(model: Numberlink, deadline: Deadline, cap: int = MAX_PATHS) -> list[list[list[int]]]:
    """For each pair, all its simple paths (as cell lists), or GaveUp past ``cap``."""
    W, H = model.width, model.height
    ends = model.endpoint_cells()
    nbrs = []
    for p in range(model.size):
        r, c = divmod(p, W)
        nbrs.append([q for q, ok in ((p - W, r > 0), (p + W, r < H - 1), (p - 1, c > 0), (p + 1, c < W - 1)) if ok])
    total = 0
    out = []
    for k, (a, b) in enumerate(model.ends):
        found = []
        on = bytearray(model.size)
        path = [a]
        on[a] = 1
        # Iterative DFS: a stack of neighbour iterators mirrors ``path``.
        stack = [iter(nbrs[a])]
        while stack:
            deadline.check()
            for q in stack[-1]:
                if q == b:
                    found.append(path + [b])
                    total += 1
                    if total > cap:
                        raise GaveUp(f"more than {cap} candidate paths (pair {model.labels[k]} alone has "
                                     f"{len(found)}); the board is too open for path enumeration")
                    continue
                if on[q] or q in ends:
                    continue
                on[q] = 1
                path.append(q)
                stack.append(iter(nbrs[q]))
                break
            else:
                stack.pop()
                on[path.pop()] = 0
        out.append(found)
    return out


def solve_paths(model: Numberlink, deadline: Deadline, limit: int) -> Outcome:
    t0 = time.perf_counter()
    cand = enumerate_paths(model, deadline)
    t_enum = time.perf_counter() - t0
    owners = [(k, path) for k, paths in enumerate(cand) for path in paths]
    n = len(owners)
    stats = {"paths": n, "t_enumerate": t_enum, "milp_solves": 0}
    if any(not paths for paths in cand):
        stats["t_search"] = time.perf_counter() - t0
        return Outcome([], True, stats)
    K = len(model.labels)
    ends = model.endpoint_cells()
    rows, cols = [], []
    for j, (k, path) in enumerate(owners):
        rows.append(k)
        cols.append(j)
        for p in path[1:-1]:
            rows.append(K + p)
            cols.append(j)
    nrows = K + model.size
    A = coo_matrix((np.ones(len(rows)), (rows, cols)), shape=(nrows, n)).tocsr()
    lo = np.zeros(nrows)
    lo[:K] = 1.0
    if model.cover == "full":
        for p in range(model.size):
            if p not in ends:
                lo[K + p] = 1.0
    constraints = [LinearConstraint(A, lo, np.ones(nrows))]
    solutions = []
    while len(solutions) < limit:
        opts = highs_options(deadline, disp=False)
        stats["milp_solves"] += 1
        res = milp(np.zeros(n), integrality=np.ones(n), bounds=(0, 1), constraints=constraints, options=opts)
        if res.status == 2:
            break
        if res.x is None:
            raise highs_stopped(res)
        picked = [j for j in range(n) if res.x[j] > 0.5]
        solutions.append({"paths": {model.labels[owners[j][0]]: [list(model.rc(p)) for p in owners[j][1]]
                                    for j in picked}})
        cut = np.zeros((1, n))
        cut[0, picked] = 1.0
        constraints.append(LinearConstraint(cut, -np.inf, len(picked) - 1))
    stats["t_search"] = time.perf_counter() - t0
    return Outcome(solutions, True, stats)
