"""Method ``paths``: choose one enumerated path per pair, a set-partitioning MIP.

Every simple path between the two endpoints of each pair (through no other endpoint)
that could be part of an answer is listed; binary ``y[j]`` picks path j.  Each pair
picks exactly one path and each cell is used by exactly one picked path (at most one
under free cover).  The enumeration is complete under the plain rules, so the answer
is exact: a "no-good" cut on the picked paths and a second solve settle uniqueness.

The list is pruned as it is made, as the model's authors advise (a depth-first
search that stops growing a path as soon as it cannot be part of an answer):

* it walls off an endpoint of another pair (no free neighbour left);
* under full cover it leaves a free cell with fewer than two neighbours it could
  still link to (a dead end nothing can fill);
* after a step that touches a wall, a path or an endpoint (only then can the free
  cells split), the free cells are labelled into regions: the path's head must still
  reach its partner, every other pair's two endpoints must touch a common region, and
  under full cover every region must be touched by both endpoints of some pair.

Before listing, what the plain rules force (``deduce``) is drawn: a path grows from
the tip of its pair's first forced chain to the tip of the second, and the cells of
other pairs' chains are taken (a pair whose path is forced has that one candidate).

When one answer is asked for, a construction (``seedpaths``: routed paths, the rest
in dominoes spliced into them) is tried first; when it gives an answer, its paths seed
``colgen``'s pool and the master LP/MIP picks them (open full-cover boards with few
pairs, where listing and pricing by search drown).  Under full cover the chessboard
colour count settles boards it rules out at once (``colours_balance``).

Paths over the same cells are one column (they are interchangeable for the model);
when the answer picks such a column, its twin is a second answer at once.  The
number of paths still grows exponentially with the free space, so past ``MAX_PATHS``
paths or ``MAX_STEPS`` search steps the list is dropped and ``colgen`` makes paths
lazily (column generation with the same search, bounded by the LP's duals).
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
from .seedpaths import seed_answer

#: more candidate paths than this (over all pairs, after pruning) and ``colgen`` makes them lazily
MAX_PATHS = 20_000
#: or more steps of the search that lists them than this
MAX_STEPS = 300_000
#: constructions of an answer (``seedpaths``) tried, when one answer is asked for, before
#: any path is listed: on open full-cover boards with few pairs the list and the
#: pricing search drown, while a construction takes a few milliseconds
SEED_TRIES = 100
#: the first list's step budget, before deeper deductions (``Forced.deepen``) and a second try
FIRST_STEPS = 50_000


class _Pruner:
    """The tests of the module docstring, over one board; ``ok(path, on, head)`` for a
    path grown from its first endpoint (``on``: its cells), ``head`` its last cell."""

    def __init__(self, model: Numberlink, forced: Forced | None = None):
        self.model = model
        self.nbrs = model.neighbours
        self.full = model.cover == "full"
        self.forced = forced
        #: per pair the two cells its path must still join (its endpoints, or the tips of
        #: its forced chains; None once the whole path is forced)
        self.pairs = list(model.ends) if forced is None else \
            [None if forced.joined[k] else forced.tips(k) for k in range(len(model.ends))]
        #: the cells a path steps to only as its goal (those pairs' ends)
        self.ends = {p: k for k, ab in enumerate(self.pairs) if ab for p in ab}
        self.regions = 0                #: regions the last region test found
        W, N = model.width, model.size
        self.nb_mask = [sum(1 << q for q in self.nbrs[p]) for p in range(N)]
        #: free cells (no endpoint, no forced cell); cells off the first / last column
        taken = model.endpoint_cells() if forced is None else forced.owner
        self.open_mask = sum(1 << p for p in range(N) if p not in taken)
        self.not_first_col = sum(1 << p for p in range(N) if p % W)
        self.not_last_col = sum(1 << p for p in range(N) if p % W != W - 1)
        H = model.height
        #: per cell, the eight around it in turn (-1 off the board), orthogonal ones at
        #: even places
        self.ring = []
        for p in range(N):
            r, c = divmod(p, W)
            self.ring.append([(r + dr) * W + c + dc if 0 <= r + dr < H and 0 <= c + dc < W else -1
                              for dr, dc in ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))])

    def splits(self, cell: int, on: bytearray) -> bool:
        """Whether taking ``cell`` may cut the free cells in two: the free cells around
        it form two or more runs that hold an orthogonal neighbour (a cell whose ring
        is one run is not a cut, and the region test is skipped)."""
        ends = self.ends
        free = [x >= 0 and not on[x] and x not in ends for x in self.ring[cell]]
        if all(free):
            return False
        start = free.index(False)
        runs = 0
        inside = False
        for i in range(1, 9):
            j = (start + i) % 8
            if free[j]:
                if not inside:
                    inside, orth = True, False
                orth = orth or j % 2 == 0
            elif inside:
                inside = False
                runs += orth
        return runs >= 2

    def dead_end(self, cell: int, on: bytearray, head: int) -> bool:
        """Whether a cell beside the path (just made interior at ``cell``'s side) is now
        stranded: an endpoint of another pair with no way out, or (full cover) a free
        cell with fewer than two cells it could still link to."""
        ends, nbrs = self.ends, self.nbrs
        for r in nbrs[cell]:
            if on[r]:
                continue
            ways = 0
            for s in nbrs[r]:
                if (not on[s] and (s not in ends or r not in ends)) or s == head:
                    ways += 1
            if r in ends:
                other = ends[r]
                partner = self.pairs[other]
                if ways == 0 and not any(s in partner for s in nbrs[r]):
                    return True
            elif self.full and ways < 2:
                return True
        return False

    def regions_ok(self, k: int, on: int, head: int) -> bool:
        """Pair k's path so far (``on``: its cells as a bit mask; ``head`` its tip, -1
        when finished): every pair
        can still be joined, and (full cover) no region is stranded.

        Regions are grown as bit masks (a step of all of a region's cells at once is a
        few integer operations), several times faster in CPython than a flood fill
        cell by cell."""
        W, nbm = self.model.width, self.nb_mask
        free = self.open_mask & ~on
        left, right = self.not_first_col, self.not_last_col
        regions = []
        rest = free
        while rest:
            grown = rest & -rest
            while True:
                more = (grown | (grown << 1) & left | (grown >> 1) & right | grown << W | grown >> W) & free
                if more == grown:
                    break
                grown = more
            regions.append(grown)
            rest &= ~grown
        self.regions = len(regions)
        served = 0
        for j, ab in enumerate(self.pairs):
            if ab is None:
                continue
            a, b = ab
            if j == k:
                if head < 0:
                    continue
                a = head
            na, nb = nbm[a], nbm[b]
            common = [i for i, reg in enumerate(regions) if reg & na and reg & nb]
            if not common and not na >> b & 1:
                return False
            for i in common:          # (neighbours may still take the long way round)
                served |= 1 << i
        return not self.full or served == (1 << len(regions)) - 1


def walk(model: Numberlink, k: int, prune: _Pruner, deadline: Deadline, banned=None, gain=None,
         floor: float = 0.0, steps: list[int] | None = None):
    """Yield each pruned simple path of pair k (its cells, both endpoints included)
    through no cell of ``banned`` (a bytearray, or None).  With ``steps`` (a budget in
    a one-item list, spent as the search moves) it stops early once the budget is 0.

    With ``gain`` (a weight per cell; a path is worth the weights of its inner cells)
    only paths worth more than ``floor`` are yielded: neighbours are tried best first,
    and a path stops growing once its worth plus every positive weight still free
    cannot pass ``floor`` (a bound, exact whatever the signs of the weights, which is
    why a depth-first search and not Dijkstra prices columns in ``colgen``)."""
    forced = prune.forced
    if forced is not None and forced.joined[k]:
        whole = forced.path(k)
        if not (banned and any(banned[p] for p in whole)):
            yield whole
        return
    # With forced chains (``deduce``) the path grows from the tip of its first chain
    # to the tip of its second; every other forced cell is taken.
    start, finish = ([model.ends[k][0]], [model.ends[k][1]]) if forced is None else \
        (forced.chains[2 * k], forced.chains[2 * k + 1][::-1])
    b = finish[0]
    ends = prune.ends
    nbrs = model.neighbours
    on = bytearray(model.size)
    for p in (model.endpoint_cells() if forced is None else forced.owner):
        on[p] = p not in ends
    on[start[-1]] = 1
    if gain is not None:
        nbrs = [sorted(ns, key=lambda q: -gain[q]) for ns in nbrs]
        worth = sum(gain[p] for p in start[1:] + finish[:-1])
        ahead = sum(max(gain[p], 0.0) for p in range(model.size)
                    if not on[p] and p not in ends and not (banned and banned[p]))
    path = list(start)
    bits = sum(1 << p for p in range(model.size) if on[p])    # ``on`` as a bit mask, for the region test
    # per cell of ``path``: free cells split there (forced cells may split them already)
    split_at = [forced is not None] * len(path)
    # Iterative DFS: a stack of neighbour iterators mirrors ``path``.
    stack = [iter(nbrs[path[-1]])]
    while stack:
        deadline.check()
        if steps is not None:
            steps[0] -= 1
            if steps[0] < 0:
                return
        for q in stack[-1]:
            if q == b:
                if gain is not None and worth <= floor:
                    continue
                on[b] = 1
                if not (len(path) > 1 and prune.dead_end(path[-1], on, b)) and \
                        prune.regions_ok(k, bits | 1 << b, -1):
                    yield path + finish
                on[b] = 0
                continue
            if on[q] or q in ends or (banned and banned[q]):
                continue
            if gain is not None:
                w = gain[q]
                if worth + w + ahead - max(w, 0.0) <= floor:
                    continue
            on[q] = 1
            if len(path) > 1 and prune.dead_end(path[-1], on, q):
                on[q] = 0
                continue
            # While the free cells are one region, a step that cuts nothing leaves
            # them so (the test is skipped); once they are split, each step may
            # take the head away from a pocket, so every step is tested.
            split = False
            if split_at[-1] or prune.splits(q, on):
                if not prune.regions_ok(k, bits | 1 << q, q):
                    on[q] = 0
                    continue
                split = prune.regions > 1
            split_at.append(split)
            bits |= 1 << q
            path.append(q)
            if gain is not None:
                worth += w
                ahead -= max(w, 0.0)
            stack.append(iter(nbrs[q]))
            break
        else:
            stack.pop()
            split_at.pop()
            p = path.pop()
            on[p] = 0
            bits &= ~(1 << p)
            if gain is not None and stack:
                worth -= gain[p]
                ahead += max(gain[p], 0.0)


class TooMany(GaveUp):
    """More candidate paths than the cap: the board is too open to list them all."""


class _NoAnswer(Exception):
    """The deductions before the model end in a contradiction."""


class _Settled(Exception):
    """The board is settled before any path is listed (``outcome``)."""

    def __init__(self, outcome: Outcome):
        super().__init__()
        self.outcome = outcome


def enumerate_paths(model: Numberlink, deadline: Deadline, cap: int = MAX_PATHS, budget: int = MAX_STEPS,
                    forced: Forced | None = None):
    """For each pair, its candidate paths (cell lists; one per set of cells) and, per
    candidate, another path over the same cells or None; TooMany past ``cap`` paths
    or ``budget`` search steps.  With ``forced``, only paths through its chains."""
    prune = _Pruner(model, forced)
    total = 0
    out = []
    steps = [budget]
    for k in range(len(model.ends)):
        found: dict[frozenset, list] = {}
        for whole in walk(model, k, prune, deadline, steps=steps):
            key = frozenset(whole)
            if key in found:
                if found[key][1] is None:
                    found[key][1] = whole
                continue
            found[key] = [whole, None]
            total += 1
            if total > cap:
                raise TooMany(f"more than {cap} candidate paths after pruning (pair "
                              f"{model.labels[k]} alone has {len(found)}); the board is "
                              "too open for path enumeration")
        if steps[0] < 0:
            raise TooMany(f"more than {budget} search steps to list the candidate paths (pair "
                          f"{model.labels[k]} has {len(found)} so far); the board is too open for "
                          "path enumeration")
        out.append(list(found.values()))
    return out


def _answer(model: Numberlink, chosen: dict[int, list[int]]) -> dict:
    return {"paths": {model.labels[k]: [list(model.rc(p)) for p in path] for k, path in chosen.items()}}


def colours_balance(model: Numberlink) -> bool:
    """Under full cover, whether the chessboard colours allow an answer.  A path's
    cells alternate colours, so each column of pair k holds (black - white) = +1, -1
    or 0 by its ends' colours; every cell covered once makes the board's (black -
    white) the sum of these.  When it is not, the path-set LP (summed with these
    weights over the cell rows) has no solution at all, which pricing column by
    column could prove only by exhausting every path."""
    if model.cover != "full":
        return True
    W = model.width
    sign = [1 if (p // W + p % W) % 2 == 0 else -1 for p in range(model.size)]
    return sum(sign) == sum((sign[a] + sign[b]) // 2 for a, b in model.ends)


def solve_paths(model: Numberlink, deadline: Deadline, limit: int) -> Outcome:
    """Every candidate listed when they are few (fast), else lazy path generation;
    either way only paths through the links the plain rules force (``deduce``)."""
    forced = Forced(model, deadline)
    try:
        if forced.contradiction:
            raise _NoAnswer
        if not colours_balance(model):
            out = Outcome([], True, {"paths": 0}, "no answer: the chessboard colours of the cells cannot be "
                          "balanced by paths between these ends")
            raise _Settled(out)
        seeds = seed_answer(model, deadline, SEED_TRIES) if limit == 1 else None
        if seeds is not None:
            from .colgen import solve_lazily
            raise _Settled(solve_lazily(model, deadline, limit, "a constructed answer's paths seed the pool",
                                        forced, seeds))
        try:
            out = _solve_listed(model, deadline, limit, forced, FIRST_STEPS)
        except TooMany as many:
            # too open: deduce more before the list is given up for lazy generation
            if not forced.deepen():
                raise
            if forced.contradiction:
                raise _NoAnswer from many
            out = _solve_listed(model, deadline, limit, forced)
    except TooMany as many:
        from .colgen import solve_lazily
        out = solve_lazily(model, deadline, limit, str(many), forced)
    except _NoAnswer:
        out = Outcome([], True, {"paths": 0}, "the forced moves end in a contradiction")
    except _Settled as settled:
        out = settled.outcome
    out.stats["forced_links"] = len(forced.links())
    out.note = "; ".join(filter(None, (forced.note(), out.note)))
    return out


def _solve_listed(model: Numberlink, deadline: Deadline, limit: int, forced: Forced,
                  budget: int = MAX_STEPS) -> Outcome:
    t0 = time.perf_counter()
    cand = enumerate_paths(model, deadline, MAX_PATHS, budget, forced)
    t_enum = time.perf_counter() - t0
    owners = [(k, path, twin) for k, paths in enumerate(cand) for path, twin in paths]
    n = len(owners)
    stats = {"paths": n, "t_enumerate": t_enum, "milp_solves": 0}
    if any(not paths for paths in cand):
        stats["t_search"] = time.perf_counter() - t0
        return Outcome([], True, stats)
    K = len(model.labels)
    ends = model.endpoint_cells()
    rows, cols = [], []
    for j, (k, path, _) in enumerate(owners):
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
        chosen = {owners[j][0]: owners[j][1] for j in picked}
        solutions.append(_answer(model, chosen))
        twin = next((owners[j] for j in picked if owners[j][2] is not None), None)
        if twin is not None and len(solutions) < limit:
            # the same cells in another order: a second answer without solving again
            solutions.append(_answer(model, {**chosen, twin[0]: twin[2]}))
            stats["twins"] = 1
            break
        cut = np.zeros((1, n))
        cut[0, picked] = 1.0
        constraints.append(LinearConstraint(cut, -np.inf, len(picked) - 1))
    stats["t_search"] = time.perf_counter() - t0
    return Outcome(solutions, True, stats)
