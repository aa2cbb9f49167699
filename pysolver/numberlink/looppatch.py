"""Loops of links spliced into the paths beside them: a repair of a MIP answer.

An answer of the link model (``mip``) without its loop constraints is a set of paths
plus loops of used links that hold no endpoint.  A loop that runs beside a path (a
link a-b of the loop and a link c-d of the path facing it across a 2x2 square, a
beside c and b beside d) is spliced into it: drop a-b and c-d, add a-c and b-d; the
path now goes round the loop and still joins its two endpoints, every cell keeps two
links.  Two loops side by side are joined the same way into one loop, which a later
splice may take into a path.  Under free cover a loop that no splice takes is simply
dropped (its cells may stay empty).

This finds an answer where the model, solved again with cuts on the loops, needs
many rounds on open boards with few pairs; what it returns is an ordinary answer,
checked like every other (see ``mip``).
"""
from __future__ import annotations

from .model import Numberlink
from .nearby import empty_regions


def _components(model: Numberlink, adj: list[set[int]]) -> tuple[list[int], int]:
    """A component id per cell with links (-1 without), and how many there are."""
    comp = empty_regions(adj, {p for p in range(model.size) if not adj[p]})
    return comp, max(comp, default=-1) + 1


def _facing_links(model: Numberlink, adj: list[set[int]]):
    """Each (a, b, d, e): links a-b and d-e on opposite sides of a 2x2 square, e beside
    a and d beside b."""
    W = model.width
    for r in range(model.height - 1):
        for c in range(W - 1):
            p = r * W + c
            sq = (p, p + 1, p + W + 1, p + W)          # round the square
            for i in range(2):
                a, b, d, e = sq[i], sq[i + 1], sq[i + 2], sq[(i + 3) % 4]
                if b in adj[a] and e in adj[d]:
                    yield a, b, d, e


def _splice_once(model: Numberlink, adj: list[set[int]]) -> bool | None:
    """One splice of a loop into a neighbouring component, a path preferred; True when
    one was made, False when loops are left that no splice reaches, None when there
    are no loops."""
    comp, n = _components(model, adj)
    on_path = set()
    for a, _ in model.ends:
        on_path.add(comp[a])
    loops = {c for c in range(n) if c not in on_path}
    if not loops:
        return None
    fallback = None
    for a, b, d, e in _facing_links(model, adj):
        ca, cd = comp[a], comp[d]
        if ca == cd or (ca not in loops and cd not in loops):
            continue
        if ca in loops and cd in loops:
            fallback = fallback or (a, b, d, e)
            continue
        best = (a, b, d, e)
        break
    else:
        best = fallback
    if best is None:
        return False
    a, b, d, e = best
    relink(adj, drop=[(a, b), (d, e)], add=[(a, e), (b, d)])
    return True


def relink(adj: list[set[int]], drop, add) -> None:
    """Drop the links ``drop`` and add the links ``add`` (cell pairs) in ``adj``."""
    for p, q in drop:
        adj[p].discard(q)
        adj[q].discard(p)
    for p, q in add:
        adj[p].add(q)
        adj[q].add(p)


def splice_loops(model: Numberlink, links: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
    """The links with every loop spliced into a path (free cover: loops no splice
    takes dropped), or None when a loop is left."""
    adj = _adjacency(model, links)
    while True:
        done = _splice_once(model, adj)
        if done is None:
            break
        if done is False:
            if model.cover == "full":
                return None
            _drop_loops(model, adj)
            break
    return [(p, q) for p in range(model.size) for q in adj[p] if p < q]


def _drop_loops(model: Numberlink, adj: list[set[int]]) -> None:
    for cells in loop_cells(model, [(p, q) for p in range(model.size) for q in adj[p] if p < q]):
        for p in cells:
            adj[p].clear()


def _adjacency(model: Numberlink, links) -> list[set[int]]:
    adj: list[set[int]] = [set() for _ in range(model.size)]
    for p, q in links:
        adj[p].add(q)
        adj[q].add(p)
    return adj


def loop_cells(model: Numberlink, links) -> list[set[int]]:
    """The cell sets of the loops among ``links`` (components without an endpoint)."""
    comp, n = _components(model, _adjacency(model, links))
    keep = {comp[a] for a, _ in model.ends}
    out: dict[int, set[int]] = {}
    for p, c in enumerate(comp):
        if c >= 0 and c not in keep:
            out.setdefault(c, set()).add(p)
    return list(out.values())


def cell_paths(model: Numberlink, links) -> dict[int, list[int]]:
    """Pair -> its path's cells along ``links`` (which hold no loop)."""
    adj = _adjacency(model, links)
    out = {}
    for k, (a, b) in enumerate(model.ends):
        path, prev = [a], -1
        while path[-1] != b:
            nxt = next(q for q in adj[path[-1]] if q != prev)
            prev = path[-1]
            path.append(nxt)
        out[k] = path
    return out


def paths_of(model: Numberlink, links) -> dict[str, list[list[int]]]:
    """Each pair's path along ``links`` (which hold no loop), as [row, col] lists."""
    return {model.labels[k]: [list(model.rc(p)) for p in path] for k, path in cell_paths(model, links).items()}
