"""First answers under free cover by negotiated rip-up and reroute, as chip routers do.

Free cover (Nikoli rules) asks only for disjoint paths, so a board with room to spare
is a routing problem: the DA Symposium contest boards were made for exactly that, and
routers of the PathFinder kind (McMurchie and Ebeling, 1995) solve them where an exact
search drowns in choices.  Every pair is routed on its own by a cheapest path search
that may pass through cells other pairs use, at a price; cells that stay shared grow a
lasting "history" cost and the price of sharing rises each round, so pairs negotiate
who yields until no cell is shared.  Endpoints of other pairs are never entered.

The result is a set of disjoint simple paths, which under free cover is a solution (the
caller's checker verifies it).  The method is incomplete: when the rounds run out it
returns None and the exact search takes over; it is never used for proofs.
"""
from __future__ import annotations

import heapq
import random

from ..base import Deadline
from .model import Numberlink


# Rounds without a new fewest-shared-cells count end the negotiation, unless it is down
# to STALL_FLOOR shared cells.  Patience pays: on boards of long winding paths (a
# full-cover picture's paths posed under free cover, 20x20 to 40x40) the count can sit
# still for a few hundred rounds before the pairs settle who goes round whom; at 20
# rounds a quarter of such boards were given up and left to the exact search, which
# drowned in them (30 s and more); at 300 all converged, within about a second.
STALL_ROUNDS = 300
STALL_FLOOR = 2
MAX_ROUNDS = 2000
#: rounds without a new fewest-shared-cells count after which the pairs passing
#: within NEAR_REACH cells of a shared cell are rerouted too
NEAR_AFTER = 20
NEAR_REACH = 3


def route_free(model: Numberlink, deadline: Deadline, max_rounds: int | None = None, seed: int = 0,
               stats: dict | None = None) -> dict | None:
    """A free-cover solution, or None when negotiation did not converge."""
    max_rounds = max_rounds or MAX_ROUNDS
    W, H = model.width, model.height
    n = W * H
    nbrs = model.neighbours
    owner = [-1] * n                      # the pair whose endpoint a cell is
    for k, (a, b) in enumerate(model.ends):
        owner[a] = owner[b] = k
    rows = [p // W for p in range(n)]
    cols = [p % W for p in range(n)]
    K = len(model.ends)
    occ = [0] * n                         # how many routed pairs use each (non-endpoint) cell
    hist = [1.0] * n                      # lasting cost of cells that were fought over
    paths: list[list[int] | None] = [None] * K
    rng = random.Random(seed)

    def route(k: int, pres: float) -> list[int] | None:
        """Cheapest path for pair k (A* with the Manhattan distance, every cell costs >= 1)."""
        a, b = model.ends[k]
        br, bc = rows[b], cols[b]
        dist = {a: 0.0}
        came = {a: -1}
        heap = [(abs(rows[a] - br) + abs(cols[a] - bc), 0.0, a)]
        while heap:
            f, g, p = heapq.heappop(heap)
            if p == b:
                path = []
                while p != -1:
                    path.append(p)
                    p = came[p]
                return path[::-1]
            if g > dist[p]:
                continue
            for q in nbrs[p]:
                o = owner[q]
                if o >= 0 and o != k:
                    continue
                ng = g + hist[q] * (1.0 + pres * occ[q])
                if ng < dist.get(q, 1e18):
                    dist[q] = ng
                    came[q] = p
                    heapq.heappush(heap, (ng + abs(rows[q] - br) + abs(cols[q] - bc), ng, q))
        return None

    def lay(k: int, delta: int) -> None:
        for p in paths[k][1:-1]:
            occ[p] += delta

    pres = 0.5
    best, best_round = n + 1, 0
    order = sorted(range(K), key=lambda k: _span(model, k))
    todo = order
    for rnd in range(max_rounds):
        for k in todo:
            deadline.check()
            if paths[k] is not None:
                lay(k, -1)
            path = route(k, pres)
            if path is None:
                return None                # walled in by other endpoints: no answer at all
            paths[k] = path
            lay(k, +1)
        shared = [p for p in range(n) if occ[p] > 1]
        if stats is not None:
            stats["route_rounds"] = rnd + 1
        if not shared:
            return {"paths": {lab: [[rows[p], cols[p]] for p in paths[k]]
                              for k, lab in enumerate(model.labels)}}
        # Negotiation that stops making progress on a tight board is not going to
        # converge: the conflict count settles where pairs compete for the last room.
        if len(shared) < best:
            best, best_round = len(shared), rnd
        elif best > STALL_FLOOR and rnd - best_round >= STALL_ROUNDS:
            return None
        for p in shared:
            hist[p] += 0.5 * (occ[p] - 1)
        # The price of sharing grows, but stays finite: an infinite price would make
        # every shared cell look walled off.
        pres = min(pres * 1.6, 1e4)
        # Only pairs on a shared cell are routed again (the others keep their way);
        # when that has stopped helping, the pairs passing near it too, so that the
        # neighbours can make room instead of the same few taking turns at the cell.
        bad = set(shared)
        if rnd - best_round >= NEAR_AFTER:
            bad = {q for p in shared for q in _near(p, W, H, NEAR_REACH)}
        todo = [k for k in range(K) if any(p in bad for p in paths[k])]
        rng.shuffle(todo)
    return None


def _near(p: int, W: int, H: int, reach: int) -> list[int]:
    """The cells within ``reach`` steps of ``p`` either way (a square)."""
    r, c = divmod(p, W)
    return [y * W + x for y in range(max(0, r - reach), min(H, r + reach + 1))
            for x in range(max(0, c - reach), min(W, c + reach + 1))]


def _span(model: Numberlink, k: int) -> int:
    a, b = model.ends[k]
    W = model.width
    return abs(a // W - b // W) + abs(a % W - b % W)
