"""The ``paper`` method: the LP relaxation of S. Guan, J. Wang, Z. Fang, Y. Ren, "On
Solving Link-a-Pix Picture Puzzles" (IEEE Transactions on Games, 2020).

Reimplemented from the paper's description and the authors' public MATLAB + CVX code
(github.com/guansanghai/Link-a-Pix-Solver, ``main.m``, ``findpath.m``, ``tiebreak.m``);
the formulation below is the one that code solves:

1. 1-clues are painted up front and taken out of the model.
2. Clues are grouped into sets of equal (number, colour).  For every two clues of a
   set, a depth-first search lists every path of ``number`` cells between them that
   passes no other clue, pruned by (d - |dx| - |dy|)/2 being a natural number for the
   remaining steps d (the walk must still be able to reach the target exactly).  Paths
   of a pair with an identical fill map are kept once.
3. The LP relaxation (3): one weight ``x_p`` in [0, 1] per path and the fill map
   ``f = A x`` (A: cells x paths, 1 where the path covers the cell, ends included);
   minimise the L1 distance ``sum_i |f_i - t_i|`` to the target ``t`` (0 on 1-clue
   cells, 1 elsewhere), written with one slack ``d_i >= |f_i - t_i|`` per cell.  For
   non-fully-filled puzzles constraint (4e) bounds the weight of each set by half its
   clue count (``sum_{p in set} x_p <= |set| / 2``).  Solved with HiGHS (linprog).
4. Algorithm 2 (the final step, :mod:`.rounding`): heavy paths fixed, each 4-connected
   region of unpainted cells that still holds unlinked clues filled by seeded random
   greedy packings of the fractional paths inside it (then, where that fails, of every
   path inside it, then with the region grown: see there why).

When the final step leaves a clue unlinked the method says so with GaveUp; it never
claims uniqueness (``complete`` is False).  Stats mirror the paper's table: ``paths``,
``lp_rows``, ``lp_cols``, the times, and what the final step did.
"""
from __future__ import annotations

import time

import numpy as np

from ..base import Deadline, GaveUp, Outcome
from ..highs import highs_options, highs_stopped
from .model import Model
from .rounding import EPS, round_weights

#: refuse to build an LP beyond this many paths, or this many cells on them (memory)
MAX_PATHS = 400_000
MAX_PATH_CELLS = 4_000_000


def enumerate_paths(model: Model, deadline: Deadline):
    """(clue a, clue b, cells from a to b) for every feasible path, fill maps unique per pair."""
    W, H = model.width, model.height
    clue_cells = {(r, c) for r, c, _, _ in model.clues}
    sets: dict[tuple[int, str], list[int]] = {}
    for i, (_, _, n, k) in enumerate(model.clues):
        if n > 1:
            sets.setdefault((n, k), []).append(i)
    out = []
    cells_kept = 0
    check = deadline.check
    for members in sets.values():
        for ia, a in enumerate(members):
            for b in members[ia + 1:]:
                ra, ca, n, _ = model.clues[a]
                rb, cb, _, _ = model.clues[b]
                steps = n - 1
                slack = steps - abs(ra - rb) - abs(ca - cb)
                if slack < 0 or slack % 2:
                    continue
                seen = set()
                path = [(ra, ca)]
                on_path = {(ra, ca)}

                def dfs(r, c, left):
                    check()
                    if left == 0:
                        if (r, c) == (rb, cb):
                            nonlocal cells_kept
                            key = tuple(sorted(path))       # (a frozenset takes 10x the memory)
                            if key not in seen:
                                seen.add(key)
                                out.append((a, b, tuple(path)))
                                cells_kept += 2 * len(path)
                                if len(out) > MAX_PATHS or cells_kept > MAX_PATH_CELLS:
                                    raise GaveUp(f"more than {MAX_PATHS} feasible paths or "
                                                 f"{MAX_PATH_CELLS} cells on them")
                        return
                    for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                        if not (0 <= nr < H and 0 <= nc < W) or (nr, nc) in on_path:
                            continue
                        if (nr, nc) in clue_cells and (nr, nc) != (rb, cb):
                            continue
                        rest = left - 1 - abs(nr - rb) - abs(nc - cb)
                        if rest < 0 or rest % 2:
                            continue
                        if (nr, nc) == (rb, cb) and left != 1:
                            continue
                        path.append((nr, nc))
                        on_path.add((nr, nc))
                        dfs(nr, nc, left - 1)
                        path.pop()
                        on_path.discard((nr, nc))

                try:
                    dfs(ra, ca, steps)
                except RecursionError:
                    raise GaveUp(f"the {n} at row {ra}, col {ca} is too long for the recursive "
                                 "path enumeration") from None
    return out


def solve(model: Model, deadline: Deadline, limit: int = 1) -> Outcome:
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix, hstack, identity, vstack

    W, H = model.width, model.height
    M = W * H
    t0 = time.perf_counter()
    paths = enumerate_paths(model, deadline)
    t1 = time.perf_counter()
    P = len(paths)
    stats = {"paths": P, "t_enumerate": t1 - t0}
    ones = [(r, c) for r, c, n, _ in model.clues if n == 1]
    target = np.ones(M)
    for r, c in ones:
        target[r * W + c] = 0.0
    rows, cols = [], []
    for j, (_, _, cells) in enumerate(paths):
        for r, c in cells:
            rows.append(r * W + c)
            cols.append(j)
    A = coo_matrix((np.ones(len(rows)), (rows, cols)), shape=(M, P)).tocsr()
    eye = identity(M, format="csr")
    # A x - d <= t  and  -A x - d <= -t
    A_ub = vstack([hstack([A, -eye]), hstack([-A, -eye])], format="csr")
    b_ub = np.concatenate([target, -target])
    filled = model.fully_filled
    if not filled:
        set_rows, set_cols, caps = [], [], []
        index: dict[tuple[int, str], int] = {}
        counts: dict[tuple[int, str], int] = {}
        for _, _, n, k in model.clues:
            if n > 1:
                counts[(n, k)] = counts.get((n, k), 0) + 1
        for j, (a, _, _) in enumerate(paths):
            key = model.clues[a][2:]
            if key not in index:
                index[key] = len(index)
                caps.append(counts[key] / 2)
            set_rows.append(index[key])
            set_cols.append(j)
        if index:
            S = coo_matrix((np.ones(len(set_rows)), (set_rows, set_cols)), shape=(len(index), P + M))
            A_ub = vstack([A_ub, S], format="csr")
            b_ub = np.concatenate([b_ub, np.array(caps)])
    cost = np.concatenate([np.zeros(P), np.ones(M)])
    stats.update(lp_rows=A_ub.shape[0], lp_cols=P + M)
    res = linprog(cost, A_ub=A_ub, b_ub=b_ub, bounds=[(0, 1)] * P + [(0, None)] * M,
                  method="highs", options=highs_options(deadline, floor=0.01))
    t2 = time.perf_counter()
    stats["t_lp"] = t2 - t1
    deadline.check()
    if res.status != 0 or res.x is None:
        raise highs_stopped(res, "the LP relaxation failed")
    x = res.x[:P]
    stats["lp_objective"] = float(res.fun)
    stats["fractional"] = int(np.sum((x > EPS) & (x < 1 - EPS)))
    chosen = round_weights(model, paths, x, deadline, stats)
    stats["t_round"] = time.perf_counter() - t2
    solution = {"paths": [[[r, c]] for r, c in ones] + [[list(p) for p in paths[j][2]] for j in chosen]}
    return Outcome([solution], False, stats, "LP relaxation + rounding (Guan et al. 2020)")
