"""Long space-filling paths to seed ``paths``'s column pool on open full-cover boards.

Pricing by depth-first search cannot reach the paths an open board with few pairs
needs (three paths over 225 cells), so before column generation starts a cheap
construction offers whole answers' paths to the pool:

1. each pair is routed by a cheapest path under random cell costs around the pairs
   routed before it, in a random order of pairs (or by negotiated routing);
2. the cells left over are paired into dominoes (a maximum bipartite matching of the
   chessboard-coloured free cells; it must be perfect);
3. dominoes are taken into the paths and loops beside them (a link c-d of a path
   facing a domino u-v, c beside u and d beside v: drop c-d, add c-u and v-d), two
   facing dominoes make a 2x2 loop, and loops are spliced into paths (``looppatch``).

What comes out is an ordinary set of paths; the model still chooses among its
columns and proves what it proves (a seeded column that is in no answer is simply
never chosen), so the method stays exact.
"""
from __future__ import annotations

import heapq
import random
import time

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import maximum_bipartite_matching

from ..base import Deadline
from .looppatch import _adjacency, _facing_links, cell_paths, loop_cells, relink, splice_loops
from .model import Numberlink
from .route import route_free


#: pairings of the free cells into dominoes tried per routing
MATCHINGS = 2
#: seconds the construction may take at most (its tries stop then)
SECONDS = 1.5


def _route(model: Numberlink, a: int, b: int, taken: bytearray, cost: list[float]) -> list[int] | None:
    """A cheapest path a..b through cells not taken, under the given cell costs."""
    best = {a: 0.0}
    prev = {a: -1}
    heap = [(0.0, a)]
    while heap:
        d, p = heapq.heappop(heap)
        if p == b:
            path = [b]
            while prev[path[-1]] >= 0:
                path.append(prev[path[-1]])
            return path[::-1]
        if d > best[p]:
            continue
        for q in model.neighbours[p]:
            if q == b or not taken[q]:
                nd = d + cost[q]
                if nd < best.get(q, float("inf")):
                    best[q] = nd
                    prev[q] = p
                    heapq.heappush(heap, (nd, q))
    return None


def _dominoes(model: Numberlink, free: list[int], rng: random.Random) -> list[tuple[int, int]] | None:
    """The free cells paired into dominoes (which pairing depends on their order,
    shuffled), or None when they cannot all be."""
    W = model.width
    free = rng.sample(free, len(free))
    black = [p for p in free if (p // W + p % W) % 2 == 0]
    white = [p for p in free if (p // W + p % W) % 2 == 1]
    if len(black) != len(white):
        return None
    if not black:
        return []
    col = {p: j for j, p in enumerate(white)}
    r, c = [], []
    for i, p in enumerate(black):
        for q in model.neighbours[p]:
            if q in col:
                r.append(i)
                c.append(col[q])
    graph = csr_matrix((np.ones(len(r)), (r, c)), shape=(len(black), len(white)))
    match = maximum_bipartite_matching(graph, perm_type="column")
    if np.any(match < 0):
        return None
    return [(black[i], white[j]) for i, j in enumerate(match)]


def _absorb_dominoes(model: Numberlink, adj: list[set[int]], dominoes: list[tuple[int, int]]) -> bool:
    """Take every domino into a path or loop beside it (paths first), or pair two
    facing dominoes into a loop; False when some domino is left that nothing faces."""
    left = {frozenset(d) for d in dominoes}
    while left:
        lone = {p for d in left for p in d}
        done = None
        for a, b, d, e in _facing_links(model, adj):
            if frozenset((a, b)) in left and frozenset((d, e)) not in left and d not in lone:
                done = (frozenset((a, b)), (d, e), (a, b))
            elif frozenset((d, e)) in left and frozenset((a, b)) not in left and a not in lone:
                done = (frozenset((d, e)), (a, b), (d, e))
            elif frozenset((a, b)) in left and frozenset((d, e)) in left and frozenset((a, b)) != frozenset((d, e)):
                done = done or (None, (a, b), (d, e))
                continue
            else:
                continue
            break
        if done is None:
            return False
        domino, (c, d), (u, v) = done
        if domino is None:                     # two dominoes facing: a 2x2 loop
            left -= {frozenset((c, d)), frozenset((u, v))}
            relink(adj, drop=[], add=[(c, v), (d, u)])
            continue
        left.discard(domino)
        # link c-d faces domino u-v with d beside u and c beside v (square order)
        relink(adj, drop=[(c, d)], add=[(d, u), (c, v)])
    return True


def _routed(model: Numberlink, deadline: Deadline, rng: random.Random, attempt: int) -> list[list[int]] | None:
    """Disjoint paths joining every pair: on even tries cheapest paths under random
    cell costs one pair after another in a random order, on odd ones negotiated routing (``route``, seeded),
    which finds its way where one pair must go round another."""
    if attempt % 2:
        routed = route_free(model, deadline, max_rounds=200, seed=attempt)
        if routed is None:
            return None
        W = model.width
        return [[r * W + c for r, c in routed["paths"][lab]] for lab in model.labels]
    taken = bytearray(model.size)
    for p in model.endpoint_cells():
        taken[p] = 1
    out = []
    # every other such try, cells on the border cost less: routes that hug it leave
    # no strip behind an endpoint next to the border that only a detour can fill
    W, H = model.width, model.height
    hug = 0.3 if attempt % 4 == 2 else 1.0
    cost = [(1.0 + 2.0 * rng.random()) * (hug if p % W in (0, W - 1) or p // W in (0, H - 1) else 1.0)
            for p in range(model.size)]
    for k in rng.sample(range(len(model.ends)), len(model.ends)):
        path = _route(model, *model.ends[k], taken, cost)
        if path is None:
            return None
        for p in path:
            taken[p] = 1
        out.append(path)
    return out


def seed_answer(model: Numberlink, deadline: Deadline, tries: int = 30, seed: int = 0) -> dict[int, list[int]] | None:
    """Pair -> path (cells) of a full-cover answer made as the module docstring says,
    or None after ``tries`` failed constructions (or ``SECONDS``)."""
    if model.cover != "full":
        return None
    rng = random.Random(seed)
    stop = time.perf_counter() + SECONDS
    for attempt in range(tries):
        deadline.check()
        if time.perf_counter() > stop:
            break
        paths = _routed(model, deadline, rng, attempt)
        if paths is None:
            continue
        used = {p for path in paths for p in path}
        free = [p for p in range(model.size) if p not in used]
        links = [pq for path in paths for pq in zip(path, path[1:])]
        for _ in range(MATCHINGS):
            dominoes = _dominoes(model, free, rng)
            if dominoes is None:
                break                       # (no matching at all: route again)
            adj = _adjacency(model, links + dominoes)
            if not _absorb_dominoes(model, adj, dominoes):
                continue
            final = splice_loops(model, [(p, q) for p in range(model.size) for q in adj[p] if p < q])
            if final is not None and not loop_cells(model, final):
                return cell_paths(model, final)
    return None
