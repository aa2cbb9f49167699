"""Cheap proofs that a board has no answer, tried before any search.

Each test is a necessary condition for an answer under free cover, hence under full
cover too (a full-cover answer is a free-cover answer).  On an open board an exact
search that has to rule out every way round before it can say "no" is hopeless, while
these look at the board once (linear time):

* **walled in** -- a path's inner cells are cells that are no endpoint, so a pair whose
  endpoints are not neighbours must have both ends touching one region of such cells;
* **crossing on a rim** -- take a region R of non-endpoint cells and a pair whose path
  can only run through R: the path is a cross-cut of R, from the edge where it leaves
  its first endpoint to the edge where it enters its second, both on R's boundary.  A
  cross-cut whose two ends lie on the same boundary curve of a region splits the region
  in two (Jordan), so a second such pair whose ends lie on that curve alternately with
  the first's (a1, b1, a2, b2 going round) would have to cross it.  An endpoint touching
  the curve at places separated by another endpoint's touch is left out (where its path
  leaves is not known), and so are pairs that could use other regions or need none;
* **no plane drawing** -- the same on every boundary curve at once: shrink each wall
  beyond a curve of R (a group of endpoints touching at sides or corners, or the border
  with what touches it) to a point.  An answer's paths through R are then a drawing
  without crossings on a sphere of a graph (a point per curve, an edge per pair) in
  which the paths leave each point in the order their ends meet its curve; such a
  rotation system must have genus 0 (Euler: V - E + F = 2 per connected part, faces
  traced by the rotations).  Islands of endpoints joined to each other by several
  lines in the wrong order (the "2x2 block" boards) fail it;
* **a cut too narrow** -- every pair with one end left of a column and the other right
  of it uses a cell of that column that is no endpoint (an endpoint there is its own
  pair's); more such pairs than such cells is impossible.  The same for rows.

``reason(model)`` gives the first that applies, in words, or None; ``reason_where``
the same with the cells it is about (the pairs' endpoints, or the row or column).
"""
from __future__ import annotations

from .model import Numberlink
from .nearby import empty_regions

#: a reason in words and the cells it is about
Found = tuple[str, list[int]]


def reason(model: Numberlink, blocked: frozenset[int] = frozenset()) -> str | None:
    """Why ``model`` has no answer (one of the tests above), or None when none applies.
    ``blocked``: cells no path may enter (lines already drawn: the search's board, its
    heads as the endpoints); they count as walls that belong to no pair."""
    found = reason_where(model, blocked)
    return None if found is None else found[0]


def reason_where(model: Numberlink, blocked: frozenset[int] = frozenset()) -> Found | None:
    """:func:`reason` with the cells the reason is about."""
    comp = _regions(model, blocked)
    why = _walled_in(model, comp) or _narrow_cut(model, blocked)
    if why is None:
        walks = _rim_walks(model, comp, blocked)
        why = _crossing_on_rim(model, comp, walks) or _not_planar(model, comp, walks)
    return why


def _regions(model: Numberlink, blocked: frozenset[int]) -> list[int]:
    """The region (component of cells free of endpoints and ``blocked``, 4-neighbours)
    of each cell, -1 for the others."""
    return empty_regions(model.neighbours, set(model.endpoint_cells()) | blocked)


def _shared_regions(model: Numberlink, comp: list[int], k: int) -> set[int] | None:
    """The regions pair ``k``'s path may run through; None when its ends are neighbours
    (it needs none)."""
    a, b = model.ends[k]
    if b in model.neighbours[a]:
        return None
    touch = [{comp[q] for q in model.neighbours[e] if comp[q] >= 0} for e in (a, b)]
    return touch[0] & touch[1]


def _one_region_pairs(model: Numberlink, comp: list[int]) -> dict[int, int]:
    """Pair -> the region, for the pairs whose path can run through one region only."""
    only = {}
    for k in range(len(model.ends)):
        regions = _shared_regions(model, comp, k)
        if regions is not None and len(regions) == 1:
            only[k] = next(iter(regions))
    return only


def _walled_in(model: Numberlink, comp: list[int]) -> Found | None:
    for k in range(len(model.ends)):
        if _shared_regions(model, comp, k) == set():
            return f"the ends of {model.labels[k]} are walled apart by other endpoints", list(model.ends[k])
    return None


def _rim_walks(model: Numberlink, comp: list[int], blocked: frozenset[int]) -> list[tuple[int, list[int]]]:
    """Each boundary curve of each region, as (region, the endpoint cell or -1 (the
    border or a blocked cell) across each edge of the curve, in order going round).  A curve is followed
    with the wall on the left: at each edge, turn right where the cell ahead is no part
    of the region, turn left round a corner where the cell ahead and the one ahead-left
    are, else go straight (4-neighbour regions, so no diagonal step).  On a grid padded
    with a border of walls, so that a step is an addition."""
    W, H = model.width, model.height
    S = W + 2
    pad = [-2] * (S * (H + 2))              # region per padded cell; -1 endpoint, -2 border
    cell = [-1] * len(pad)                  # the model cell of a padded one
    for p in range(model.size):
        q = (p // W + 1) * S + p % W + 1
        pad[q], cell[q] = comp[p], -1 if p in blocked else p
    steps = (-S, 1, S, -1)                  # clockwise from north
    walks = []
    seen = set()
    for q0, region in enumerate(pad):
        if region < 0:
            continue
        for d0 in range(4):
            if (q0, d0) in seen or pad[q0 + steps[d0]] == region:
                continue
            walls = []
            q, d = q0, d0
            while (q, d) not in seen:
                seen.add((q, d))
                walls.append(cell[q + steps[d]])
                h = (d + 1) & 3
                ahead = q + steps[h]
                if pad[ahead] != region:
                    d = h                                   # inner corner
                elif pad[ahead + steps[d]] == region:
                    q, d = ahead + steps[d], (d + 3) & 3    # outer corner
                else:
                    q = ahead
            walks.append((region, walls))
    return walks


def _crossing_on_rim(model: Numberlink, comp: list[int], walks) -> Found | None:
    pair_at = model.endpoint_cells()
    only = _one_region_pairs(model, comp)         # their paths are cross-cuts of it
    # the curves of its pair's region that each endpoint touches: one, or where its
    # path leaves is not known
    curves_of: dict[int, set[int]] = {}
    for i, (region, walls) in enumerate(walks):
        for w in walls:
            if w >= 0 and only.get(pair_at[w]) == region:
                curves_of.setdefault(w, set()).add(i)
    for i, (region, walls) in enumerate(walks):
        at: dict[int, list[int]] = {}          # endpoint -> where the curve meets it
        for j, w in enumerate(walls):
            if w >= 0 and only.get(pair_at[w]) == region \
                    and all(curves_of.get(e) == {i} for e in model.ends[pair_at[w]]):
                at.setdefault(w, []).append(j)
        crossed = _crossing(model, at)
        if crossed is not None:
            a, b = (model.labels[k] for k in crossed)
            return (f"the lines of {a} and {b} would have to cross: round the empty cells they must run "
                    f"through, their ends come in the order {a}, {b}, {a}, {b}",
                    [*model.ends[crossed[0]], *model.ends[crossed[1]]])
    return None


def _crossing(model: Numberlink, at: dict[int, list[int]]) -> tuple[int, int] | None:
    """Two pairs that alternate round a curve however their paths leave their ends
    (``at``: the places each endpoint meets the curve), or None."""
    pairs = sorted({k for k, (a, b) in enumerate(model.ends) if a in at and b in at},
                   key=lambda k: min(at[model.ends[k][0]][0], at[model.ends[k][1]][0]))
    first = {k: sorted((at[a][0], at[b][0])) for k in pairs for a, b in [model.ends[k]]}
    for x, ka in enumerate(pairs):
        a1, a2 = first[ka]
        for kb in pairs[x + 1:]:
            b1, b2 = first[kb]
            if b1 > a2:
                break
            # alternating at the first meeting of each end is needed; every meeting must
            # alternate for a proof
            if b1 < a2 < b2 and _always_alternate(model, at, ka, kb):
                return ka, kb
    return None


def _always_alternate(model: Numberlink, at: dict[int, list[int]], ka: int, kb: int) -> bool:
    """Going round, the places of the four ends fall in four runs a, b, a, b."""
    events = sorted((j, e) for k in (ka, kb) for e in model.ends[k] for j in at[e])
    runs = [e for i, (_, e) in enumerate(events) if e != events[i - 1][1]]
    if len(runs) != 4 or len(set(runs)) != 4:
        return False
    pair_at = model.endpoint_cells()
    return pair_at[runs[0]] == pair_at[runs[2]] != pair_at[runs[1]] == pair_at[runs[3]]


def _ports(model: Numberlink, comp: list[int], walks) -> dict[int, tuple[int, int]]:
    """Endpoint -> (curve, place on it) for the pairs that make edges of the drawing: a
    pair whose path can only use one region, each end meeting one curve of it in one
    run (runs separated only by dropped ends count as one; dropping goes on until
    nothing changes)."""
    pair_at = model.endpoint_cells()
    only = _one_region_pairs(model, comp)
    meets: dict[int, list[tuple[int, int]]] = {}
    for i, (region, walls) in enumerate(walks):
        for j, w in enumerate(walls):
            if w >= 0 and only.get(pair_at[w]) == region:
                meets.setdefault(w, []).append((i, j))
    alive = {k for k in only if all(len({i for i, _ in meets.get(e, ())}) == 1 for e in model.ends[k])}
    while True:
        dropped = set()
        for i, (_, walls) in enumerate(walks):
            seq = [w for w in walls if w >= 0 and pair_at[w] in alive]
            runs = [e for x, e in enumerate(seq) if e != seq[x - 1]] or seq[:1]
            seen = set()
            for e in runs:
                if e in seen:
                    dropped.add(pair_at[e])
                seen.add(e)
        if not dropped:
            break
        alive -= dropped
    return {e: meets[e][0] for k in alive for e in model.ends[k]}


def _not_planar(model: Numberlink, comp: list[int], walks) -> Found | None:
    ports = _ports(model, comp, walks)
    if not ports:
        return None
    pair_at = model.endpoint_cells()
    around: dict[int, list[tuple[int, int]]] = {}       # curve -> (place, endpoint), in order
    for e, (i, j) in ports.items():
        around.setdefault(i, []).append((j, e))
    after = {}                                          # endpoint -> the next one round its point
    for seq in around.values():
        seq.sort()
        for x, (_, e) in enumerate(seq):
            after[e] = seq[(x + 1) % len(seq)][1]
    partner = {}
    for e in ports:
        a, b = model.ends[pair_at[e]]
        partner[e] = b if e == a else a
    # faces: along an edge to its far end, then on to the next end round that point
    faces, done = 0, set()
    for start in ports:
        if start in done:
            continue
        faces += 1
        e = start
        while e not in done:
            done.add(e)
            e = after[partner[e]]
    # connected parts, points joined by edges
    joins: dict[int, set[int]] = {i: set() for i in around}
    for e, (i, _) in ports.items():
        joins[i].add(ports[partner[e]][0])
    parts, reached = 0, set()
    for i in around:
        if i not in reached:
            parts += 1
            todo = [i]
            reached.add(i)
            while todo:
                for j in joins[todo.pop()] - reached:
                    reached.add(j)
                    todo.append(j)
    V, E = len(around), len(ports) // 2
    genus = (2 * parts - V + E - faces) // 2
    if genus > 0:
        return (f"the lines of {E} pairs between {V} groups of endpoints cannot all be drawn without "
                f"crossing in the order they leave their groups", sorted(ports))
    return None


def _narrow_cut(model: Numberlink, blocked: frozenset[int]) -> Found | None:
    W, H = model.width, model.height
    ends = model.endpoint_cells()
    for axis, size, other in (("column", W, H), ("row", H, W)):
        def at(cell):
            return cell % W if axis == "column" else cell // W
        taken = [0] * size
        for cell in (*ends, *blocked):
            taken[at(cell)] += 1
        across = [0] * (size + 1)       # pairs whose ends lie strictly on both sides of a line
        for a, b in model.ends:
            lo, hi = sorted((at(a), at(b)))
            if hi - lo >= 2:
                across[lo + 1] += 1
                across[hi] -= 1
        running = 0
        for i in range(size):
            running += across[i]
            if running > other - taken[i]:
                cells = [r * W + i for r in range(H)] if axis == "column" else [i * W + c for c in range(W)]
                return (f"{running} lines must cross {axis} {i + 1}, which has only "
                        f"{other - taken[i]} free cells", cells)
    return None
