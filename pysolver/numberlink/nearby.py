"""A second answer near a known one: a small change that keeps every rule.

Full cover: every cell has the same number of links in any two answers S and S' (two,
or one at an endpoint), so the links in one and not the other form closed trails that
alternate between a link of S and a link of S'.  Conversely, taking out the S links
of such a trail and putting in its other links keeps every cell's link count; the
result is an answer unless it closes a loop or joins two labels.  Most second answers
of designed boards under the plain rules are of this kind with a short trail: a path
that runs alongside itself can often be rerouted in a 2x3 or 3x3 patch (two 2x2 swaps
side by side, each of which alone would close a loop).  Listing every alternating
trail up to ``max_len`` links around every cell finds them in a fraction of a second
where the exhaustive search needs minutes.

Free cover: a path that runs alongside itself can be cut short there, and a link of a
path whose two cells both touch one region of empty cells can be replaced by a detour
through that region.

Finding nothing proves nothing: the caller goes on with its proof.
"""
from __future__ import annotations

from bisect import bisect_left

from ..base import Deadline
from .model import Numberlink


def nearby_answer(model: Numberlink, solution: dict, deadline: Deadline, max_len: int = 12,
                  through: tuple[int, int] | None = None) -> dict | None:
    """Another answer that differs from ``solution`` by one alternating trail of at
    most ``max_len`` links (full cover) or by a shortcut or a detour (free cover), or
    None.  ``through`` (full cover): only trails that take out this link of
    ``solution`` (its two cells) are looked at."""
    if model.cover != "full":
        return _free_cover_variant(model, solution)
    W = model.width
    paths = [[r * W + c for r, c in solution["paths"][lab]] for lab in model.labels]
    where: list[tuple[int, int]] = [(-1, -1)] * model.size     # cell -> (path, position)
    linked: list[list[int]] = [[] for _ in range(model.size)]  # cell -> its neighbours on its path
    for k, path in enumerate(paths):
        for i, p in enumerate(path):
            where[p] = (k, i)
        for a, b in zip(path, path[1:]):
            linked[a].append(b)
            linked[b].append(a)
    grid = model.neighbours
    for x0 in range(model.size) if through is None else through[:1]:
        deadline.check()
        trail = _trail_from(x0, max_len, linked, grid, W,
                            lambda t: _swap_is_answer(t, paths, where),
                            None if through is None else through[1])
        if trail is not None:
            return _swapped(model, paths, trail)
    return None


def _trail_from(x0: int, max_len: int, linked, grid, W: int, accept, x1: int | None = None):
    """A closed alternating trail through x0 and cells after it (so each trail is
    listed from its first cell only): links of the answer (taken out) at even steps,
    other links (put in) at odd steps, no link twice, at most ``max_len`` links, that
    ``accept`` takes; as the cells x0, x1, ...  (links x0-x1, x2-x3, ... taken out).
    Given ``x1``, the trail starts with the link x0-x1, and its other cells may come
    before x0."""
    low = -1 if x1 is not None else x0
    r0, c0 = divmod(x0, W)
    trail = [x0]
    used: set[tuple[int, int]] = set()

    def far(y: int, left: int) -> bool:
        """y cannot get back to x0 in ``left`` links."""
        r, c = divmod(y, W)
        return abs(r - r0) + abs(c - c0) > left

    def grow() -> bool:
        x = trail[-1]
        taking_out = len(trail) % 2 == 1
        for y in (linked[x] if taking_out else grid[x]):
            if y < low or (x1 is not None and len(trail) == 1 and y != x1) \
                    or (not taking_out and y in linked[x]):
                continue
            edge = (x, y) if x < y else (y, x)
            if edge in used:
                continue
            if y == x0 and not taking_out:
                if accept(trail):
                    return True
                continue
            # links used once y is added: len(trail); the trail must still close
            if far(y, max_len - len(trail)) or (not taking_out and len(trail) + 1 >= max_len):
                continue
            trail.append(y)
            used.add(edge)
            if grow():
                return True
            trail.pop()
            used.discard(edge)
        return False

    return list(trail) if grow() else None


def _swap_is_answer(trail: list[int], paths: list[list[int]], where) -> bool:
    """Whether swapping ``trail`` leaves every path joining its own endpoints with no
    loop.  Taking the trail's answer links out cuts paths into segments; walking from
    each cut path's first endpoint, along segments and over the links put in, must end
    at its other endpoint, and the walks must use every segment (else one is a loop)."""
    cuts: dict[int, list[int]] = {}         # path -> positions i of cut links (i, i + 1)
    for i in range(0, len(trail), 2):
        k, a = where[trail[i]]
        b = where[trail[i + 1]][1]
        cuts.setdefault(k, []).append(min(a, b))
    for positions in cuts.values():
        positions.sort()
    put_in: dict[int, list[int]] = {}
    for i in range(1, len(trail), 2):
        x, y = trail[i], trail[(i + 1) % len(trail)]
        put_in.setdefault(x, []).append(y)
        put_in.setdefault(y, []).append(x)
    segments = sum(len(c) + 1 for c in cuts.values())
    walked = 0
    for k in cuts:
        path, pos, came = k, 0, -1
        while True:
            at = cuts.get(path, ())
            s = bisect_left(at, pos)
            lo = at[s - 1] + 1 if s else 0
            hi = at[s] if s < len(at) else len(paths[path]) - 1
            walked += 1
            if walked > segments:
                return False
            out = pos if lo == hi else (hi if pos == lo else lo)
            cell = paths[path][out]
            ways = list(put_in.get(cell, ()))
            if lo == hi and came >= 0:
                ways.remove(came)               # a one-cell segment: in and out by put-in links
            if not ways:
                break                           # an endpoint
            came = cell
            path, pos = where[ways[0]]
        if path != k or out == 0:
            return False
    return walked == segments


def _swapped(model: Numberlink, paths: list[list[int]], trail: list[int]) -> dict:
    """The answer with ``trail`` swapped, read from its endpoints."""
    links = {p: set() for path in paths for p in path}
    for path in paths:
        for a, b in zip(path, path[1:]):
            links[a].add(b)
            links[b].add(a)
    for i in range(len(trail)):
        x, y = trail[i], trail[(i + 1) % len(trail)]
        if i % 2 == 0:
            links[x].discard(y)
            links[y].discard(x)
        else:
            links[x].add(y)
            links[y].add(x)
    W = model.width
    out = {}
    for lab, (a, _) in zip(model.labels, model.ends):
        cells, prev, p = [], -1, a
        while p >= 0:
            cells.append([p // W, p % W])
            p, prev = next((q for q in links[p] if q != prev), -1), p
        out[lab] = cells
    return {"paths": out}


def _free_cover_variant(model: Numberlink, solution: dict) -> dict | None:
    """Under free cover: a path cut short where it runs alongside itself, or one of its
    links replaced by a detour through empty cells."""
    W, nbrs = model.width, model.neighbours
    paths = {lab: [r * W + c for r, c in cells] for lab, cells in solution["paths"].items()}
    used = {p for cells in paths.values() for p in cells}
    for lab, cells in paths.items():
        index = {p: i for i, p in enumerate(cells)}
        for i, p in enumerate(cells):
            for q in nbrs[p]:
                j = index.get(q, -1)
                if j > i + 1:               # p and q touch: skip what lies between them
                    return _with_path(model, solution, lab, cells[:i + 1] + cells[j:])
    region = empty_regions(nbrs, used)
    for lab, cells in paths.items():
        for a, b in zip(cells, cells[1:]):
            detour = _detour(a, b, region, nbrs)
            if detour:
                i = cells.index(a)
                return _with_path(model, solution, lab, cells[:i + 1] + detour + cells[i + 1:])
    return None


def empty_regions(nbrs, used: set[int]) -> list[int]:
    """Per cell: the number of its region of cells on no path, -1 for used cells."""
    region = [-1] * len(nbrs)
    count = 0
    for start in range(len(nbrs)):
        if start in used or region[start] >= 0:
            continue
        region[start] = count
        stack = [start]
        while stack:
            p = stack.pop()
            for q in nbrs[p]:
                if q not in used and region[q] < 0:
                    region[q] = count
                    stack.append(q)
        count += 1
    return region


def _detour(a: int, b: int, region: list[int], nbrs) -> list[int] | None:
    """Empty cells leading from a neighbour of a to a neighbour of b (a and b linked
    neighbours, which have no common neighbour), or None."""
    ends = {region[q]: q for q in nbrs[b] if region[q] >= 0}
    for start in nbrs[a]:
        if region[start] >= 0 and region[start] in ends:
            goal = ends[region[start]]
            came = {start: -1}
            queue = [start]
            for p in queue:                 # breadth first inside the region
                if p == goal:
                    way = []
                    while p >= 0:
                        way.append(p)
                        p = came[p]
                    return way[::-1]
                for q in nbrs[p]:
                    if region[q] == region[start] and q not in came:
                        came[q] = p
                        queue.append(q)
    return None


def _with_path(model: Numberlink, solution: dict, lab: str, cells: list[int]) -> dict:
    W = model.width
    return {"paths": {**solution["paths"], lab: [[p // W, p % W] for p in cells]}}
