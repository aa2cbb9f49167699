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
still hold loops of used links away from the paths.  They are not ruled out up front
(a single-commodity flow did that, but its big-M relaxation is weak: open 15x15
boards with 3 to 5 pairs ran out of 30 s); instead each loop's cells S get the cut
``sum of y inside S <= |S| - 1`` (the links of any answer inside any set of cells form
a forest), and the loops are spliced into the paths beside them (``looppatch``): most
often the first solve then gives an answer.  For a second answer the "no-good"
``sum_{e used} y[e] <= |used| - 1`` excludes the first (links decide the answer).

HiGHS's time to a first answer on open boards is heavy-tailed (0.1 s or over 30 s
for the same board, by row order or presolve), so it gets short tries that differ
(``attempt_slice``): presolve on and off, a colour-balance row per label on and off,
rows shuffled; a try that runs out is begun again with the cuts kept.  "No answer"
from any try is a proof: every row is true of every answer.

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

from ..base import Deadline, GaveUp, Outcome, SolveTimeout
from ..highs import highs_options, highs_stopped
from .deduce import Forced
from .looppatch import loop_cells, paths_of, splice_loops
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


def _balance_rows(model: Numberlink, rows: "_Rows", var) -> None:
    """Colour the board like a chessboard: a path's cells alternate colours, so pair
    k's path holds one more cell of its ends' colour when both ends have the same
    colour, else as many of each.  One row per label: sum of +-1 over its cells."""
    W = model.width
    sign = [1.0 if (p // W + p % W) % 2 == 0 else -1.0 for p in range(model.size)]
    for k, (a, b) in enumerate(model.ends):
        rows.add([var(p, k) for p in range(model.size)], sign, (sign[a] + sign[b]) / 2, (sign[a] + sign[b]) / 2)


def attempt_slice(attempt: int) -> float:
    """Seconds HiGHS gets on its ``attempt``-th try (from 0): 1, 1, 1, 1, 2, 2, 2, 2, 4 ...
    On open boards with few pairs its time to a first answer is heavy-tailed (0.1 s
    with one row order, over 30 s with another), so short tries that differ are
    better than one long one."""
    return float(2 ** (attempt // 4))


def _attempt_options(attempt: int) -> dict:
    """Presolve on every other try, from the first (each way loses on some boards:
    off first, two 14x14 boards of bench/numberlink with 24 pairs took 1 s longer)."""
    return {"presolve": attempt % 2 == 0}


def _attempt_rows(attempt: int, rows: "_Rows", balance: "_Rows", nvars: int) -> list[LinearConstraint]:
    """The rows for a try: the colour balance rows on tries 2, 3 (mod 4), and from the
    fourth try on the rows in a shuffled order (which sends HiGHS another way)."""
    cons = [rows.constraint(nvars)]
    if attempt % 4 >= 2:
        cons.append(balance.constraint(nvars))
    if attempt >= 4:
        rng = np.random.default_rng(attempt)
        cons = [LinearConstraint(con.A[order], con.lb[order], con.ub[order])
                for con in cons for order in [rng.permutation(con.A.shape[0])]]
    return cons


def _fix_forced(forced: Forced, edges, lb, first: int) -> None:
    """Fix the links the plain rules force before the model (``deduce``).  Only the
    links: HiGHS's presolve derives the labels and the links ruled out from them, and
    fixing those too made one 51x8 board four times slower (11.5 s against 2.6 s)."""
    sure = {frozenset(pq) for pq in forced.links()}
    for e, (p, q) in enumerate(edges):
        if frozenset((p, q)) in sure:
            lb[first + e] = 1.0


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
    balance = _Rows()
    _balance_rows(model, balance, var)
    forced = Forced(model, deadline)
    if forced.contradiction:
        return Outcome([], True, {"variables": nvars, "forced_links": 0}, "the forced moves end in a contradiction")
    _fix_forced(forced, edges, lb, N * K)
    # Free cover: the fewest links, which also keeps loops away.
    c = np.zeros(nvars)
    if not full:
        c[N * K:N * K + E] = 1.0
    integrality = np.ones(nvars)
    stats = {"variables": nvars, "rows": len(rows.lo), "milp_solves": 0, "cycle_cuts": 0, "spliced": 0, "restarts": 0,
             "forced_links": len(forced.links())}
    cuts_before = 0

    def run():
        """The link values of an answer of the model as it stands (loops allowed), or
        None when it has none."""
        while True:
            attempt = stats["milp_solves"]
            stats["milp_solves"] += 1
            opts = highs_options(deadline, disp=False, **_attempt_options(attempt))
            left = opts.get("time_limit")
            short = left is None or left > attempt_slice(attempt)   # (tries are short without a limit too)
            if short:
                opts["time_limit"] = attempt_slice(attempt)
            res = milp(c, integrality=integrality, bounds=(lb, ub),
                       constraints=_attempt_rows(attempt, rows, balance, nvars), options=opts)
            if res.status == 2:
                return None
            if res.x is not None:
                return np.rint(res.x[N * K:N * K + E]).astype(np.int8)
            if not (short and res.status == 1):
                raise highs_stopped(res)
            stats["restarts"] += 1

    def cut_loops(used) -> list[tuple[int, int]]:
        """The used links as cell pairs, after a cut on each loop among them: the links
        inside a loop's cells number at most one less than the cells (true of every
        answer, whose links inside any set of cells form a forest)."""
        chosen = [edges[e] for e in range(E) if used[e]]
        for cells in loop_cells(model, chosen):
            inside = [N * K + e for e, (p, q) in enumerate(edges) if p in cells and q in cells]
            rows.add(inside, [1.0] * len(inside), -np.inf, float(len(cells) - 1))
            stats["cycle_cuts"] += 1
        return chosen

    solutions, seen = [], set()
    complete = True
    try:
        while len(solutions) < limit:
            used = run()
            if used is None:
                break
            chosen = cut_loops(used)
            if stats["cycle_cuts"] > cuts_before:
                cuts_before = stats["cycle_cuts"]
                chosen = splice_loops(model, chosen)
                if chosen is None:
                    continue
                stats["spliced"] += 1
            key = frozenset(frozenset(pq) for pq in chosen)
            if key not in seen:
                seen.add(key)
                solutions.append({"paths": paths_of(model, chosen)})
            index = {frozenset(pq): N * K + e for e, pq in enumerate(edges)}
            cols = sorted(index[k] for k in key)
            rows.add(cols, [1.0] * len(cols), -np.inf, float(len(cols) - 1))
    except SolveTimeout:
        if not solutions:
            raise
        complete = False                # one answer in hand: uniqueness unknown
    stats["t_search"] = time.perf_counter() - t0
    note = "" if complete else "time ran out before a second answer was ruled out"
    return Outcome(solutions, complete, stats, "; ".join(filter(None, (forced.note(), note))))
