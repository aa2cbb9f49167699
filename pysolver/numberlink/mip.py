"""Method ``mip``: a label model after E. Kalvelagen ("Numberlink Models") with link
variables, solved by HiGHS.

Binaries ``x[p,k]`` (cell p carries label k) and ``y[e]`` (the link e between two
neighbouring cells is used).  Every cell has one label (at most one under free cover);
endpoints are fixed; an endpoint uses exactly one link, any other cell two (under
free cover two when it is labelled, none when not); a used link joins cells of equal
label: ``y[e] + x[p,k] - x[q,k] <= 1`` both ways.

Kalvelagen's first model counts the neighbours of equal label instead of using links,
which forbids a path from running beside itself: on a 3x2 board whose only answer
goes round the board it found nothing, and it could prove neither uniqueness nor
unsolvability.  With links the model is exact under the plain rules.  An answer may
still hold a loop of used links away from the paths; each loop is cut off by
``sum_{e in C} y[e] <= |C| - 1`` and the model solved again.  For a second answer the
"no-good" ``sum_{e used} y[e] <= |used| - 1`` excludes the first (links decide the
answer).

Before the model is built, what the plain rules force (``deduce``: the default
search's propagation, then probing one move ahead) is fixed: the forced links (the note
says how many, "propagated N links before the model").

Redundant rows that help HiGHS on 12x12 to 14x14 full-cover boards: a labelled cell
that is not an endpoint has two neighbours of its label (``2 x[p,k] <= sum_q
x[q,k]``), and an endpoint has one.
"""
from __future__ import annotations

import time

import numpy as np
from scipy.optimize import LinearConstraint, milp
from scipy.sparse import coo_matrix

from ..base import Deadline, GaveUp, Outcome
from ..highs import highs_options, highs_stopped
from .deduce import Forced
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


FLOW = True


def _square_rows(model: Numberlink, rows: "_Rows", edges, first: int) -> None:
    """Four links round a 2x2 square would be a loop: at most three of them (valid
    for every answer, and it tightens the relaxation, where such loops abound)."""
    index = {pq: first + e for e, pq in enumerate(edges)}
    W = model.width
    for r in range(model.height - 1):
        for c in range(W - 1):
            p = r * W + c
            sq = [index[p, p + 1], index[p, p + W], index[p + 1, p + 1 + W], index[p + W, p + W + 1]]
            rows.add(sq, [1.0] * 4, -np.inf, 3.0)


def _fix_forced(forced: Forced, edges, lb, first: int) -> None:
    """Fix the links the plain rules force before the model (``deduce``).  Only the
    links: HiGHS's presolve derives the labels and the links ruled out from them, and
    fixing those too made one 51x8 board four times slower (11.5 s against 2.6 s)."""
    sure = {frozenset(pq) for pq in forced.links()}
    for e, (p, q) in enumerate(edges):
        if frozenset((p, q)) in sure:
            lb[first + e] = 1.0


def _flow_rows(model: Numberlink, rows: "_Rows", edges, links, var, first: int) -> int:
    """Single-commodity flow that rules out loops of used links (added to ``rows``;
    returns the new number of variables).  The first endpoint of each pair is a
    source; every other cell on a path (each non-source endpoint, and under free
    cover a labelled cell) consumes one unit, which can only arrive along used links
    (``f <= C * y``).  A loop holds no source, so it cannot be fed: without this the
    model's answers on open full-cover boards are riddled with loops, each cut and
    solved again (a 15x15 board with 3 pairs ran out of 60 s that way)."""
    N, K = model.size, len(model.labels)
    full = model.cover == "full"
    sources = {a for a, _ in model.ends}
    cap = float(N - len(sources))
    E = len(edges)
    inflow: list[list[int]] = [[] for _ in range(N)]
    outflow: list[list[int]] = [[] for _ in range(N)]
    for e, (p, q) in enumerate(edges):
        y = N * K + e
        for d, (s, t) in enumerate(((p, q), (q, p))):
            f = first + 2 * e + d
            outflow[s].append(f)
            inflow[t].append(f)
            rows.add([f, y], [1.0, -cap], -np.inf, 0.0)
    ends = model.endpoint_cells()
    for p in range(N):
        if p in sources:
            continue
        cols = inflow[p] + outflow[p]
        vals = [1.0] * len(inflow[p]) + [-1.0] * len(outflow[p])
        if full or p in ends:
            rows.add(cols, vals, 1.0, 1.0)
        else:
            rows.add(cols + [var(p, k) for k in range(K)], vals + [-1.0] * K, 0.0, 0.0)
    return first + 2 * E


def solve_mip(model: Numberlink, deadline: Deadline, limit: int) -> Outcome:
    t0 = time.perf_counter()
    N, K = model.size, len(model.labels)
    edges = [(p, q) for p in range(N) for q in model.neighbours[p] if p < q]
    E = len(edges)
    nvars = N * K + E
    if nvars > MAX_VARS:
        raise GaveUp(f"{N} cells x {K} labels = {N * K} binaries, more than the {MAX_VARS} this method builds")
    full = model.cover == "full"

    def var(p: int, k: int) -> int:
        return p * K + k

    links: list[list[int]] = [[] for _ in range(N)]
    for e, (p, q) in enumerate(edges):
        links[p].append(N * K + e)
        links[q].append(N * K + e)
    lb = np.zeros(nvars)
    ub = np.ones(nvars)
    ends = model.endpoint_cells()
    rows = _Rows()
    for p in range(N):
        labels = [var(p, k) for k in range(K)]
        rows.add(labels, [1.0] * K, 1.0 if full else 0.0, 1.0)
        nb = model.neighbours[p]
        if p in ends:
            own = ends[p]
            for k in range(K):
                if k == own:
                    lb[var(p, k)] = 1.0
                else:
                    ub[var(p, k)] = 0.0
            rows.add(links[p], [1.0] * len(links[p]), 1.0, 1.0)
            rows.add([var(q, own) for q in nb], [1.0] * len(nb), 1.0, np.inf)
            continue
        if full:
            rows.add(links[p], [1.0] * len(links[p]), 2.0, 2.0)
        else:
            rows.add(links[p] + labels, [1.0] * len(links[p]) + [-2.0] * K, 0.0, 0.0)
        for k in range(K):
            rows.add([var(q, k) for q in nb] + [var(p, k)], [1.0] * len(nb) + [-2.0], 0.0, np.inf)
    for e, (p, q) in enumerate(edges):
        y = N * K + e
        for k in range(K):
            rows.add([y, var(p, k), var(q, k)], [1.0, 1.0, -1.0], -np.inf, 1.0)
            rows.add([y, var(p, k), var(q, k)], [1.0, -1.0, 1.0], -np.inf, 1.0)
    _square_rows(model, rows, edges, N * K)
    forced = Forced(model, deadline)
    if forced.contradiction:
        return Outcome([], True, {"variables": nvars, "forced_links": 0}, "the forced moves end in a contradiction")
    _fix_forced(forced, edges, lb, N * K)
    nbin = nvars
    if FLOW:
        nvars = _flow_rows(model, rows, edges, links, var, nbin)
        lb = np.concatenate([lb, np.zeros(nvars - nbin)])
        ub = np.concatenate([ub, np.full(nvars - nbin, np.inf)])
    # Free cover: the fewest links, which also keeps loops away.
    c = np.zeros(nvars)
    if not full:
        c[N * K:N * K + E] = 1.0
    integrality = np.zeros(nvars)
    integrality[:nbin] = 1
    stats = {"variables": nvars, "rows": len(rows.lo), "milp_solves": 0, "cycle_cuts": 0,
             "forced_links": len(forced.links())}

    def run():
        opts = highs_options(deadline, disp=False)
        deadline.check()
        stats["milp_solves"] += 1
        res = milp(c, integrality=integrality, bounds=(lb, ub),
                   constraints=[rows.constraint(nvars)], options=opts)
        if res.status == 2:
            return None
        if res.x is None:
            raise highs_stopped(res)
        return np.rint(res.x[N * K:N * K + E]).astype(np.int8)

    def paths_or_cut(used) -> dict | None:
        """The paths of the used links, or None after cutting off the loops among them."""
        step: list[list[tuple[int, int]]] = [[] for _ in range(N)]
        for e, (p, q) in enumerate(edges):
            if used[e]:
                step[p].append((e, q))
                step[q].append((e, p))
        on_path = set()
        paths = {}
        for k, (a, b) in enumerate(model.ends):
            path, came, cur = [a], -1, a
            while cur != b:
                came, cur = next((e, q) for e, q in step[cur] if e != came)
                path.append(cur)
            on_path.update(path)
            paths[model.labels[k]] = [list(model.rc(p)) for p in path]
        loops = 0
        seen = set(on_path)
        for s in range(N):
            if s in seen or not step[s]:
                continue
            loop, todo = set(), [s]
            seen.add(s)
            while todo:
                p = todo.pop()
                for e, q in step[p]:
                    loop.add(N * K + e)
                    if q not in seen:
                        seen.add(q)
                        todo.append(q)
            rows.add(sorted(loop), [1.0] * len(loop), -np.inf, float(len(loop) - 1))
            loops += 1
        stats["cycle_cuts"] += loops
        return None if loops else {"paths": paths}

    solutions = []
    while len(solutions) < limit:
        used = run()
        if used is None:
            break
        sol = paths_or_cut(used)
        if sol is None:
            continue
        solutions.append(sol)
        chosen = [N * K + e for e in range(E) if used[e]]
        rows.add(chosen, [1.0] * len(chosen), -np.inf, float(len(chosen) - 1))
    stats["t_search"] = time.perf_counter() - t0
    return Outcome(solutions, True, stats, forced.note())
