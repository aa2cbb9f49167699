"""Exact finish of ``auto``: what propagation leaves open, solved component by component.

The surviving candidate paths fall apart into independent components (paths linked
through a shared clue or cell).  A component is solved by a small exact-cover search
(Knuth's Algorithm X on Python sets: primary items are the open clues, plus the open
cells in fully-filled puzzles; a cell can be covered at most once).  A component whose
search grows beyond a node budget goes to HiGHS instead (:func:`milp_pictures`).

Distinct solutions are distinct *pictures*.  The search records the picture of each
solution and skips repeats.  The MILP uses a cut: after a picture P, it adds
``sum_p w_p x_p <= K - 1``, where ``w_p`` counts the cells of path p that P paints in
p's colour and ``K`` the cells P paints.  Repainting P scores K; any other picture
scores less, because every solution paints the same number of cells (the clue numbers
fix it), so a picture that differs anywhere paints some cell differently from P.
"""
from __future__ import annotations

import numpy as np

from ..base import Deadline, GaveUp, SolveTimeout

#: search nodes per component before handing it to HiGHS
SEARCH_NODES = 5_000


def components(eng, paths: list[int]) -> list[list[int]]:
    parent = {}

    def find(u):
        while parent.setdefault(u, u) != u:
            parent[u] = parent[parent[u]]
            u = parent[u]
        return u

    N = eng.N
    for q in paths:
        root = find(N + eng.p_a[q])
        for u in (N + eng.p_b[q],) + eng.p_cells[q]:
            ru = find(u)
            if ru != root:
                parent[ru] = root
    groups: dict[int, list[int]] = {}
    for q in paths:
        groups.setdefault(find(N + eng.p_a[q]), []).append(q)
    return list(groups.values())


def solve_component(eng, comp: list[int], limit: int, deadline: Deadline, stats) -> tuple[list[list[int]], bool]:
    """Up to ``limit`` path selections painting distinct pictures of the component,
    and whether that list is exhaustive."""
    try:
        return _search(eng, comp, limit, deadline, stats)
    except _TooBig:
        stats["milp_components"] = stats.get("milp_components", 0) + 1
        return milp_pictures(eng, comp, limit, deadline, stats)


class _TooBig(Exception):
    pass


def _search(eng, comp, limit, deadline, stats):
    """Branch on the open clue with the fewest candidates, propagating after each choice
    with the engine's rules (state saved and restored around each branch).

    A branch is cut once every path it can still end up with (the ones chosen on the way
    and the candidates left to its open clues) paints only cells in the colour an already
    found picture gives them: all its solutions paint that picture again.  This keeps
    path variants (two 2-links swapping partners, a snake turning inside its colour)
    from multiplying the search."""
    from .engine import Contradiction

    clues = sorted({c for q in comp for c in (eng.p_a[q], eng.p_b[q])})
    alive, matched, p_cells, cell_cnt = eng.alive, eng.matched, eng.p_cells, eng.cell_cnt
    colour = eng.c_col
    base = len(eng.forced)
    found: list[list[int]] = []
    pictures: list[dict[int, int]] = []
    nodes = [0]

    def paints_like(q: int, pic: dict[int, int]) -> bool:
        col = colour[eng.p_a[q]]
        return all(pic.get(x) == col for x in p_cells[q])

    def repeats_a_picture(open_clues) -> bool:
        chosen = [q for q, _, _ in eng.forced[base:]]
        cands = {q for c in open_clues for q in eng.clue_cands[c] if alive[q]}
        return any(all(paints_like(q, pic) for q in chosen) and all(paints_like(q, pic) for q in cands)
                   for pic in pictures)

    def rec() -> bool:
        nodes[0] += 1
        if nodes[0] > SEARCH_NODES:
            raise _TooBig
        deadline.check()
        open_clues = [c for c in clues if not matched[c]]
        if not open_clues:
            chosen = [q for q, _, _ in eng.forced[base:]]
            pic = {x: colour[eng.p_a[q]] for q in chosen for x in p_cells[q]}
            if pic not in pictures:
                pictures.append(pic)
                found.append(chosen)
            return len(found) >= limit
        if pictures and repeats_a_picture(open_clues):
            return False
        c = min(open_clues, key=lambda c: eng.clue_cnt[c])
        # least constraining first: the candidate that competes with the fewest others
        cands = sorted((q for q in eng.clue_cands[c] if alive[q]),
                       key=lambda q: sum(cell_cnt[x] for x in p_cells[q]) + eng.clue_cnt[eng.p_a[q] ^ eng.p_b[q] ^ c])
        for q in cands:
            snap = eng.snapshot()
            try:
                eng.force(q, "search", c)
                eng.propagate()
                stop = rec()
            except Contradiction:
                stop = False
            eng.restore(snap)
            if stop:
                return True
        return False

    snap = eng.snapshot()
    try:
        rec()
    finally:
        eng.restore(snap)
        stats["search_nodes"] = stats.get("search_nodes", 0) + nodes[0]
    return found, len(found) < limit


def milp_pictures(eng, paths: list[int], limit: int, deadline: Deadline, stats):
    """Up to ``limit`` selections of ``paths`` with distinct pictures, via HiGHS."""
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import csr_matrix

    n = len(paths)
    clue_row: dict[int, int] = {}
    for q in paths:
        for c in (eng.p_a[q], eng.p_b[q]):
            clue_row.setdefault(c, len(clue_row))
    cells = sorted({x for q in paths for x in eng.p_cells[q]})
    cell_row = {x: len(clue_row) + i for i, x in enumerate(cells)}
    rows, cols = [], []
    for j, q in enumerate(paths):
        rows += (clue_row[eng.p_a[q]], clue_row[eng.p_b[q]])
        cols += (j, j)
        for x in eng.p_cells[q]:
            rows.append(cell_row[x])
            cols.append(j)
    m = len(clue_row) + len(cells)
    A = csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(m, n))
    lb = np.zeros(m)
    lb[:len(clue_row)] = 1
    if eng.fully:
        lb[len(clue_row):] = 1
    constraints = [LinearConstraint(A, lb, np.ones(m))]
    stats["milp_rows"] = stats.get("milp_rows", 0) + m
    stats["milp_cols"] = stats.get("milp_cols", 0) + n
    # no cost: HiGHS stops at the first feasible point instead of proving optimality
    cost = np.zeros(n)
    colour_of = [eng.c_col[eng.p_a[q]] for q in paths]
    found: list[list[int]] = []
    while len(found) < limit:
        options = {"presolve": True}
        remaining = deadline.remaining()
        if remaining is not None:
            if remaining <= 0:
                raise SolveTimeout("time limit reached")
            options["time_limit"] = remaining
        res = milp(cost, constraints=constraints, integrality=np.ones(n), bounds=Bounds(0, 1),
                   options=options)
        stats["milp_runs"] = stats.get("milp_runs", 0) + 1
        deadline.check()
        if res.status == 2:        # infeasible: no (further) picture
            return found, True
        if res.status != 0 or res.x is None:
            if res.status == 1:
                raise SolveTimeout("time limit reached in HiGHS")
            raise GaveUp(f"HiGHS stopped: {res.message}")
        chosen = [j for j in range(n) if res.x[j] > 0.5]
        found.append([paths[j] for j in chosen])
        paint = {}
        for j in chosen:
            for x in eng.p_cells[paths[j]]:
                paint[x] = colour_of[j]
        w = np.array([sum(1 for x in eng.p_cells[q] if paint.get(x) == colour_of[j])
                      for j, q in enumerate(paths)], dtype=float)
        k = float(sum(w[j] for j in chosen))
        constraints.append(LinearConstraint(w.reshape(1, -1), -np.inf, k - 1))
    return found, False
