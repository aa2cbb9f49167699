"""Exact finish of ``auto``: what propagation leaves open, solved component by component.

The surviving candidate paths fall apart into independent components (paths linked
through a shared clue or cell); the puzzle's pictures are the combinations of the
components' pictures.  A component is solved by a search on the engine itself: branch
on the open clue with the fewest candidates (least-constraining candidate first),
propagate with all the engine's rules, undo by restoring a snapshot.  A component
whose search grows beyond a node budget (or depth) goes to HiGHS instead
(:func:`milp_pictures`).

Distinct solutions are distinct *pictures*.  The search cuts a branch once everything
it can still paint agrees with a picture already found (see :func:`_search`).  The
MILP uses a cut: after a picture P, it adds ``sum_p w_p x_p <= K - 1``, where ``w_p``
counts the cells of path p that P paints in p's colour and ``K`` the cells P paints.
Repainting P scores K; any other picture scores less, because every solution paints
the same number of cells (the clue numbers fix it), so a picture that differs anywhere
paints some cell differently from P.
"""
from __future__ import annotations

import itertools

from ..base import Deadline, GaveUp
from ..highs import highs_options, highs_stopped

#: search nodes per component before handing it to HiGHS
SEARCH_NODES = 5_000
#: deepest branching before handing the component to HiGHS (Python's stack is small,
#: smaller still in the browser)
MAX_DEPTH = 200


def components(eng, paths: list[int]) -> list[list[int]]:
    """The paths grouped into independent parts (linked through a shared clue or cell)."""
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
        if deadline.bounds_work:
            # (HiGHS is bounded by the clock only: under a work budget its answer, or
            # its time-out, would depend on the machine)
            raise GaveUp("a component too large for a search bounded by work") from None
        stats["milp_components"] = stats.get("milp_components", 0) + 1
        return milp_pictures(eng, comp, limit, deadline, stats)


class _TooBig(Exception):
    pass


def _search(eng, comp, limit, deadline, stats):
    """Branch on the open clue with the fewest candidates (least-constraining candidate
    first), propagating after each choice with the engine's rules; undo via the trail.

    After each choice the open clues are split again into independent parts, solved one
    by one, so that a dead end in one part is not retried under every combination of
    choices in the others.

    A branch is cut once every path it can still end up with (the ones its choice
    forced and the candidates left to its open clues) paints only cells in the colour a
    picture already found at that node gives them: all its solutions paint that picture
    again.  This keeps path variants (two 2-links swapping partners, a snake turning
    inside its colour) from multiplying the search."""
    from .engine import Contradiction

    alive, matched, p_a, p_b, p_cells, cell_cnt = eng.alive, eng.matched, eng.p_a, eng.p_b, eng.p_cells, eng.cell_cnt
    clue_cands, clue_cnt, colour = eng.clue_cands, eng.clue_cnt, eng.c_col
    nodes = [0]

    def undo(mark) -> None:
        """Back to ``mark``, the changes undone counted as work (a choice that kills
        thousands of candidates costs that much, though it polls the deadline once)."""
        deadline.spend(len(eng.trail) - mark[0])
        eng.restore(mark)

    def paints_like(q: int, pic: dict[int, int]) -> bool:
        col = colour[p_a[q]]
        return all(pic.get(x) == col for x in p_cells[q])

    def split(open_clues: list[int]) -> list[tuple[list[int], list[int]]]:
        """Independent parts of the open clues, each with the cells its candidates use."""
        parent = {c: c for c in open_clues}

        def find(u):
            while parent[u] != u:
                parent[u] = parent[parent[u]]
                u = parent[u]
            return u

        owner: dict[int, int] = {}
        for c in open_clues:
            for q in clue_cands[c]:
                if not alive[q] or p_a[q] != c:
                    continue
                rc = find(c)
                rb = find(p_b[q])
                if rb != rc:
                    parent[rb] = rc
                for x in p_cells[q]:
                    o = owner.get(x)
                    if o is None:
                        owner[x] = rc
                    else:
                        ro = find(o)
                        if ro != rc:
                            parent[ro] = rc
        parts: dict[int, tuple[list[int], list[int]]] = {}
        for c in open_clues:
            parts.setdefault(find(c), ([], []))[0].append(c)
        for x, o in owner.items():
            parts[find(o)][1].append(x)
        return sorted(parts.values(), key=lambda part: len(part[0]))

    def solve(clues: list[int], cells: list[int] | None, split_size: int, want: int, depth: int):
        """Up to ``want`` selections (path lists) with distinct pictures for ``clues``
        from the current, propagated state, and whether the list is exhaustive.
        ``cells``: the cells of the clues' candidates when they were last split up
        (``split_size`` open clues then); None asks for a new split, done once a tenth
        of those clues got linked."""
        open_clues = [c for c in clues if not matched[c]]
        if not open_clues:
            return [[]], True
        if cells is None:
            parts = split(open_clues)
            cells = parts[0][1]
            split_size = len(open_clues)
        else:
            parts = [(open_clues, cells)]
        if len(parts) > 1:
            per, variety, exhaustive = [], 1, True
            for part, part_cells in parts:
                sols, ex = solve(part, part_cells, len(part), 1 if variety >= want else want, depth)
                if not sols:
                    return [], True
                exhaustive = exhaustive and ex
                variety *= len(sols)
                per.append(sols)
            combos = [[q for sel in combo for q in sel] for combo in itertools.islice(itertools.product(*per), want)]
            return combos, exhaustive and variety <= want
        nodes[0] += 1
        if nodes[0] > SEARCH_NODES or depth > MAX_DEPTH:
            raise _TooBig
        deadline.check()
        c = min(open_clues, key=lambda c: clue_cnt[c])
        options = [q for q in clue_cands[c] if alive[q]]
        if eng.fully:
            # a cell must be painted too: branch on it when it has fewer candidates
            x = min((x for x in cells if not eng.occupied[x]), key=lambda x: cell_cnt[x], default=None)
            if x is not None and cell_cnt[x] < len(options):
                options = [q for q in eng.cell_cands[x] if alive[q]]
        # least constraining first: the candidate competing with the fewest others
        cands = sorted(options, key=lambda q: sum(cell_cnt[x] for x in p_cells[q])
                       + clue_cnt[p_a[q]] + clue_cnt[p_b[q]])
        found: list[list[int]] = []
        pictures: list[dict[int, int]] = []
        exhaustive = True
        for q in cands:
            mark = eng.snapshot()
            try:
                eng.force(q, "search", p_a[q])
                eng.propagate()
                chosen = [r for r, _, _ in eng.forced[mark[1]:]]
                rest = [d for d in open_clues if not matched[d]]
                if pictures:
                    cands_left = {r for d in rest for r in clue_cands[d] if alive[r]}
                    if any(all(paints_like(r, pic) for r in chosen) and all(paints_like(r, pic) for r in cands_left)
                           for pic in pictures):
                        undo(mark)
                        continue
                again = len(rest) * 10 < split_size * 9
                sols, ex = solve(rest, None if again else cells, split_size, want, depth + 1)
            except Contradiction:
                sols, ex = [], True
            undo(mark)
            exhaustive = exhaustive and ex
            for sel in sols:
                full = chosen + sel
                pic = {x: colour[p_a[r]] for r in full for x in p_cells[r]}
                if pic not in pictures:
                    pictures.append(pic)
                    found.append(full)
            if len(found) >= want:
                return found[:want], False
        return found, exhaustive

    clues = sorted({c for q in comp for c in (p_a[q], p_b[q])})
    mark = eng.snapshot()
    try:
        found, exhaustive = solve(clues, None, len(clues), limit, 0)
    finally:
        eng.restore(mark)
        eng.trail = None
        stats["search_nodes"] = stats.get("search_nodes", 0) + nodes[0]
    return found, exhaustive and len(found) < limit


def milp_pictures(eng, paths: list[int], limit: int, deadline: Deadline, stats):
    """Up to ``limit`` selections of ``paths`` with distinct pictures, via HiGHS.
    (NumPy and SciPy are imported here, not with the module: the search above needs
    neither, and in the browser each is a download and seconds of loading.  SciPy
    first: the worker loads NumPy with it, so the request is asked again once.)"""
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import csr_matrix
    import numpy as np

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
        res = milp(cost, constraints=constraints, integrality=np.ones(n), bounds=Bounds(0, 1),
                   options=highs_options(deadline, presolve=True))
        stats["milp_runs"] = stats.get("milp_runs", 0) + 1
        deadline.check()
        if res.status == 2:        # infeasible: no (further) picture
            return found, True
        if res.status != 0 or res.x is None:
            raise highs_stopped(res)
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
