"""The final step of the ``paper`` method: from LP weights to a linking of every clue.

Algorithm 2 of Guan et al. (IEEE Transactions on Games, 2020), as the issue and the
authors' ``tiebreak.m`` describe it:

1. paths of weight > 0.5 + EPS are fixed, heaviest first (one that clashes with a
   heavier fixed path is skipped); paths below EPS are dropped;
2. the cells still unpainted fall into 4-connected regions; a region that holds
   unlinked clues is filled from the remaining candidate paths (EPS <= w <= 0.5 + EPS)
   lying wholly inside it, by up to ``tries`` random greedy packings (a shuffled
   order; each path taken when it fits), stopping at the first packing that links
   every clue of the region.  (The paper keeps the packing that covers most cells
   when none links them all; here such a region goes whole to the repairs below.)

The paper solved its LP with CVX's interior-point solvers, whose answer lies inside
the optimal face: every path used by *some* optimal solution gets a weight above
zero.  HiGHS (simplex, or interior point with crossover) answers with a vertex, where
most of those paths sit at exactly 0, so a region can lack the paths it needs.  Two
repairs of our own follow, each used only when the step before it fails on a region
(``stats`` counts them, so a run says how it got its answer):

3. *widen*: every enumerated path lying in the region is a candidate, the zero-weight
   ones included (a superset of what an interior solution would offer), and since
   random orders almost never pack a few hundred candidates right, the packing is a
   search: the most constrained clue first, its candidates in a random order, backing
   up at a dead end, at most ``SEARCH_NODES`` nodes per try and ``SEARCH_TRIES``
   tries (a search that runs out of choices has shown the region cannot be linked);
4. *reopen*: a fixed path may itself be the mistake (a vertex can put weight 1 on a
   path no integral solution uses): the chosen paths in and around the region are
   released, the region grows by their cells, and step 3 runs on it; at most
   ``REOPEN`` times per region.

A region still unfinished after that is reported (GaveUp): the method never claims a
linking it has not found.  Every random choice comes from one ``random.Random(seed)``,
so a run repeats exactly.
"""
from __future__ import annotations

import random

from ..base import Deadline, GaveUp
from .model import Model

EPS = 1e-3
#: random greedy packings per region of the paper's kind (the authors' code allows 10000)
TRIES = 1000
#: tries per region and repair stage (restarts of a search in a new random order),
#: and the search nodes each may visit
SEARCH_TRIES = 8
SEARCH_NODES = 2000
#: how many times a region may be reopened (grown by the chosen paths around it)
REOPEN = 4
SEED = 2020


class _Board:
    """Painted cells, linked clues and chosen paths, with cells numbered r * W + c."""

    def __init__(self, model: Model, paths, weights):
        W, H = model.width, model.height
        self.W, self.H, self.N = W, H, W * H
        self.cells = [tuple(r * W + c for r, c in cells) for _, _, cells in paths]
        self.ends = [(a, b) for a, b, _ in paths]
        self.weights = weights
        self.painted = bytearray(self.N)
        self.owner = [-1] * self.N            # cell -> chosen path painting it
        self.clue_at = {r * W + c: i for i, (r, c, _, _) in enumerate(model.clues)}
        self.clue_cell = [r * W + c for r, c, _, _ in model.clues]
        self.open_clues = {i for i, (_, _, n, _) in enumerate(model.clues) if n > 1}
        for r, c, n, _ in model.clues:
            if n == 1:
                self.painted[r * W + c] = 1
        self.chosen: set[int] = set()
        #: clue -> the paths whose first cell it is
        self.starting_at: dict[int, list[int]] = {}
        for j, (a, _) in enumerate(self.ends):
            self.starting_at.setdefault(a, []).append(j)

    def fits(self, j: int) -> bool:
        painted = self.painted
        return not any(painted[x] for x in self.cells[j])

    def take(self, j: int) -> None:
        for x in self.cells[j]:
            self.painted[x] = 1
            self.owner[x] = j
        self.open_clues.difference_update(self.ends[j])
        self.chosen.add(j)

    def release(self, j: int) -> None:
        for x in self.cells[j]:
            self.painted[x] = 0
            self.owner[x] = -1
        self.open_clues.update(self.ends[j])
        self.chosen.discard(j)

    def neighbours(self, x: int):
        W, N = self.W, self.N
        if x >= W:
            yield x - W
        if x + W < N:
            yield x + W
        if x % W:
            yield x - 1
        if x % W < W - 1:
            yield x + 1

    def regions(self) -> list[list[int]]:
        """4-connected regions of unpainted cells that hold an unlinked clue."""
        seen = bytearray(self.painted)
        out = []
        for start in range(self.N):
            if seen[start]:
                continue
            seen[start] = 1
            stack, cells = [start], []
            while stack:
                x = stack.pop()
                cells.append(x)
                for y in self.neighbours(x):
                    if not seen[y]:
                        seen[y] = 1
                        stack.append(y)
            if any(x in self.clue_at and self.clue_at[x] in self.open_clues for x in cells):
                out.append(cells)
        return out

    def inside(self, region: set[int], fractional_only: bool) -> list[int]:
        """The paths (not chosen; with ``fractional_only``, of weight in [EPS, 0.5 + EPS])
        whose every cell lies in ``region``.  Paths are looked up from the open clues
        of the region (a path inside it starts at one): far fewer than all of them."""
        cells, weights = self.cells, self.weights
        out = []
        for c in sorted(self.open_clues.intersection(self.clue_at[x] for x in region if x in self.clue_at)):
            for j in self.starting_at.get(c, ()):
                if fractional_only and not EPS <= weights[j] <= 0.5 + EPS:
                    continue
                if j not in self.chosen and all(x in region for x in cells[j]):
                    out.append(j)
        return out


def round_weights(model: Model, paths, weights, deadline: Deadline, stats: dict,
                  tries: int = TRIES, seed: int = SEED) -> list[int]:
    """Indices of ``paths`` linking every clue once (1-clues aside), from the LP
    ``weights``; GaveUp when a region stays unfinished.  Fills ``stats``: fixed,
    regions, packed (regions the fractional paths finished), widened, reopened, and
    the seed of the random choices (the same seed gives the same answer)."""
    board = _Board(model, paths, weights)
    for j in sorted((j for j in range(len(paths)) if weights[j] > 0.5 + EPS), key=lambda j: -weights[j]):
        if board.fits(j):
            board.take(j)
    stats.update(fixed=len(board.chosen), regions=0, packed=0, widened=0, reopened=0, seed=seed)
    if not board.open_clues:
        return sorted(board.chosen)
    rng = random.Random(seed)
    search = _RegionSearch(model.fully_filled, SEARCH_NODES)
    for cells in board.regions():
        stats["regions"] += 1
        open_here = board.open_clues.intersection(_clues_in(board, cells))
        if not open_here:
            continue       # an earlier region's reopening finished this one
        # (afresh: an earlier region's reopening may have painted part of it)
        region = _grow(board, {board.clue_cell[c] for c in open_here})
        if _fill(board, region, board.inside(region, True), rng, tries, deadline):
            stats["packed"] += 1
            continue
        if _fill(board, region, board.inside(region, False), rng, SEARCH_TRIES, deadline, search):
            stats["widened"] += 1
            continue
        for _ in range(REOPEN):
            region = _reopen(board, region)
            stats["reopened"] += 1
            if _fill(board, region, board.inside(region, False), rng, SEARCH_TRIES, deadline, search):
                break
        else:
            left = len(board.open_clues.intersection(_clues_in(board, region)))
            raise GaveUp(f"the LP rounding left {left} clue(s) of a {len(region)}-cell region unlinked "
                         f"after {tries} random packings, {SEARCH_TRIES} bounded searches and "
                         f"{REOPEN} reopenings")
    if board.open_clues:
        raise GaveUp(f"the LP rounding left {len(board.open_clues)} clue(s) unlinked")
    return sorted(board.chosen)


def _clues_in(board: _Board, cells) -> set[int]:
    return {board.clue_at[x] for x in cells if x in board.clue_at}


def _fill(board: _Board, region: set[int], cands: list[int], rng: random.Random, tries: int,
          deadline: Deadline, pack=None) -> bool:
    """Up to ``tries`` random greedy packings of ``cands`` in ``region`` (``pack``: one
    packing; the paper's shuffled order by default); at the first that links every open
    clue of the region its paths are taken and True returned.  Otherwise the board is
    left as it was and False returned (the paper keeps its best packing, the one covering
    most cells; here the next stage gets the region whole instead)."""
    clues = board.open_clues.intersection(_clues_in(board, region))
    if not clues:
        return True
    if not cands:
        return False
    pack = pack or _shuffled_packing
    state = pack.prepare(board, clues, cands) if hasattr(pack, "prepare") else cands
    for _ in range(tries):
        deadline.check()
        try:
            picked = pack(board, clues, state, rng)
        except _NoPacking:
            return False
        if picked is not None:
            for j in picked:
                board.take(j)
            return True
    return False


def _shuffled_packing(board: _Board, clues: set[int], cands: list[int], rng: random.Random):
    """The paper's packing: the candidates in a random order, each taken when it fits.
    The paths taken when they link every clue, else None."""
    order = list(cands)
    rng.shuffle(order)
    cells = board.cells
    used: set[int] = set()
    picked: list[int] = []
    for j in order:
        cs = cells[j]
        if used.isdisjoint(cs):
            used.update(cs)
            picked.append(j)
            if 2 * len(picked) == len(clues):
                return picked
    return None


class _NoPacking(Exception):
    """The region's candidates cannot link its clues (the search ran out of choices)."""


class _RegionSearch:
    """One try of the repair stages: a depth-first search over the region's candidates,
    seeded at random and bounded by ``nodes``.  It links next the open clue with the
    fewest candidates still fitting (in a fully-filled puzzle it covers instead the
    open cell with the fewest, when that is fewer), tries that clue's candidates in a
    random order, and backs up when a clue (or such a cell) has none left.  A search
    that runs out of choices before its budget has proved the region cannot be linked
    as it stands (:class:`_NoPacking`); one that runs out of budget is just a failed try.
    Random orders alone fail here (a few hundred candidates for eight clues)."""

    def __init__(self, cover_cells: bool, nodes: int):
        self.cover_cells = cover_cells
        self.nodes = nodes

    def prepare(self, board: _Board, clues: set[int], cands: list[int]):
        by_clue: dict[int, list[int]] = {c: [] for c in clues}
        by_cell: dict[int, list[int]] = {}
        for j in cands:
            for c in board.ends[j]:
                by_clue[c].append(j)
            for x in board.cells[j]:
                by_cell.setdefault(x, []).append(j)
        return by_clue, by_cell

    def __call__(self, board: _Board, clues: set[int], state, rng: random.Random):
        by_clue, by_cell = state
        ends, cells = board.ends, board.cells
        dead: set[int] = set()
        count = {c: len(js) for c, js in by_clue.items()}
        cell_count = {x: len(js) for x, js in by_cell.items()} if self.cover_cells else {}
        open_clues = set(clues)
        picked: list[int] = []
        rand = rng.random

        def options():
            """The candidates to branch on (empty: a dead end), or None when done."""
            if not open_clues:
                return None
            c = min(open_clues, key=lambda c: (count[c], rand()))
            fewest, pool = count[c], by_clue[c]
            if cell_count:
                x = min(cell_count, key=lambda x: (cell_count[x], rand()))
                if cell_count[x] < fewest:
                    fewest, pool = cell_count[x], by_cell[x]
            live = [j for j in pool if j not in dead] if fewest else []
            rng.shuffle(live)
            return live

        def take(j):
            picked.append(j)
            open_clues.difference_update(ends[j])
            covered = [(x, cell_count.pop(x)) for x in cells[j] if x in cell_count]
            killed = []
            for x in cells[j]:
                for k in by_cell[x]:
                    if k not in dead:
                        dead.add(k)
                        killed.append(k)
                        for e in ends[k]:
                            count[e] -= 1
                        for y in cells[k]:
                            if y in cell_count:
                                cell_count[y] -= 1
            return covered, killed

        def undo(j, record):
            covered, killed = record
            for k in killed:
                dead.discard(k)
                for e in ends[k]:
                    count[e] += 1
                for y in cells[k]:
                    if y in cell_count:
                        cell_count[y] += 1
            cell_count.update(covered)    # (counted before the kills: not incremented above)
            picked.pop()
            open_clues.update(ends[j])

        first = options()
        if first is None:
            return []
        stack = [[first, 0, None]]      # per depth: options, next index, (path, undo record)
        budget = self.nodes
        while stack:
            frame = stack[-1]
            if frame[2] is not None:
                undo(*frame[2])
                frame[2] = None
            if frame[1] == len(frame[0]):
                stack.pop()
                continue
            j = frame[0][frame[1]]
            frame[1] += 1
            frame[2] = (j, take(j))
            budget -= 1
            if budget < 0:
                return None
            nxt = options()
            if nxt is None:
                return list(picked)
            if nxt:
                stack.append([nxt, 0, None])
        raise _NoPacking


def _reopen(board: _Board, region: set[int]) -> set[int]:
    """Release every chosen path with a cell in or next to ``region``; the grown
    region: the cells reachable from it unpainted."""
    touching = {board.owner[x] for x in region if board.owner[x] >= 0}
    for x in region:
        for y in board.neighbours(x):
            if board.owner[y] >= 0:
                touching.add(board.owner[y])
    for j in touching:
        board.release(j)
    return _grow(board, region)


def _grow(board: _Board, cells) -> set[int]:
    """``cells`` and every unpainted cell 4-connected to them through unpainted cells."""
    seen = set(cells)
    stack = list(seen)
    while stack:
        x = stack.pop()
        for y in board.neighbours(x):
            if y not in seen and not board.painted[y]:
                seen.add(y)
                stack.append(y)
    return seen
