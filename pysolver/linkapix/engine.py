"""Candidate paths and propagation: the logical core of the ``auto`` method (and hints).

The puzzle is a set-partitioning problem: choose one path per pair of partner clues
so that every clue ends exactly one path and no cell is used twice (and, when the clue
numbers add up to the whole grid, every cell is used).  The engine keeps, per pair of
clues that could be partners, the list of its candidate paths, and per cell and per
clue the candidates still alive, and applies these deductions until none applies:

* a clue with a single candidate left takes it; with none the puzzle is unsolvable;
* in a fully-filled puzzle, a cell with a single candidate left takes it;
* a clue whose candidates all end at the same partner claims that partner: the
  partner's other candidates die;
* cells that every candidate of a clue passes through belong to that clue's path:
  every other path through them dies;
* a chosen path kills every candidate that shares a cell or an end with it;
* (on request, :meth:`Engine.prune_enclosures`) a candidate that would wall in a small
  area its clues cannot paint exactly dies.

For the search of :mod:`.exact` the engine keeps an undo log (``trail``) of kills,
chosen paths and claims, so a branch is taken back in time proportional to what it
changed.

Long clues are not enumerated up front (their paths can number millions on an open
grid).  A pair starts *deferred*: it only marks the cells it could reach (the ellipse
d(a, x) + d(x, b) <= number - 1), which keeps the cell and clue rules sound, and
is enumerated in rounds of growing length once shorter clues have filled the grid
around it.  Enumeration is a depth-first walk pruned by Manhattan distance and parity
(the walk must still reach the partner in exactly the steps it has left), blocked by
other clues and by painted cells, with a node budget per pair; a pair over budget
stays deferred until the next round.  In a fully-filled puzzle the cells only one
pair can still reach must lie on its path, which prunes the walk hard (and when they
are all its inside cells, one path stands for all).  Paths of a pair with the same
cell set paint the same picture, so only one of them is kept.  At most ``MAX_PATHS``
candidates, holding at most ``MAX_PATH_CELLS`` cells, are kept in memory: beyond that
the method gives up (a 100-byte puzzle of two long clues side by side has millions of
paths, and the browser's memory is a few hundred megabytes).
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..base import Deadline
from .model import Model

if TYPE_CHECKING:
    from .memo import Memo


class Contradiction(Exception):
    """The current state has no solution.  ``clue`` or ``cell``: the clue that has no
    path left (or no partner) or the cell no path can paint, when that is the reason
    (:mod:`.clash` tells a puzzle maker where to look)."""

    def __init__(self, message: str, clue: int | None = None, cell: int | None = None):
        super().__init__(message)
        self.clue = clue
        self.cell = cell


class BudgetExceeded(Exception):
    """Enumeration would exceed the memory budget."""


#: lengths enumerated per round, and the DFS node budget per pair in that round
ROUNDS = ((2, 10_000), (3, 10_000), (4, 10_000), (6, 20_000), (8, 20_000), (12, 40_000),
          (16, 60_000), (24, 100_000), (40, 200_000), (10**9, 400_000), (10**9, 3_000_000))
#: most candidate paths kept at once, and most cells on them (bound memory on hostile
#: or huge puzzles; each kept cell costs about 40 bytes).  The 40 generated puzzles of
#: bench/linkapix (up to 128x128) keep at most 7823 paths.
MAX_PATHS = 1_000_000
MAX_PATH_CELLS = 5_000_000
#: a clue's candidates are intersected only when there are at most this many
MAX_INTERSECT = 96


@lru_cache(maxsize=4)
def _geometry(W: int, H: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Row, column and neighbours of each cell of a W x H board, shared by the engines
    on one board (a maker builds a thousand of them; never changed, hence tuples)."""
    N = W * H
    return (tuple(i // W for i in range(N)), tuple(i % W for i in range(N)),
            tuple(tuple(j for j, ok in ((i - W, i >= W), (i + W, i + W < N), (i - 1, i % W > 0),
                                        (i + 1, i % W < W - 1)) if ok) for i in range(N)))


class Engine:
    def __init__(self, model: Model, deadline: Deadline, max_cells: int | None = None,
                 memo: "Memo | None" = None):
        self.model = model
        #: work shared with other engines on puzzles of the same board (a maker's)
        self.memo = memo
        #: cells the candidates may hold (a maker's quick look asks for fewer)
        self.max_cells = MAX_PATH_CELLS if max_cells is None else max_cells
        self.deadline = deadline
        W, H = model.width, model.height
        self.W, self.N = W, W * H
        N = self.N
        self.rr, self.cc, self.nbrs = _geometry(W, H)
        colour = {k: i for i, k in enumerate(model.palette)}
        self.c_cell = [r * W + c for r, c, _, _ in model.clues]
        self.c_num = [n for _, _, n, _ in model.clues]
        self.c_col = [colour[k] for _, _, _, k in model.clues]
        K = len(model.clues)
        self.clue_at = [-1] * N
        for i, x in enumerate(self.c_cell):
            self.clue_at[x] = i
        self.fully = model.fully_filled
        # candidate paths
        self.p_a: list[int] = []
        self.p_b: list[int] = []
        self.p_cells: list[tuple[int, ...]] = []
        self.alive = bytearray()
        self.cell_cands: list[list[int]] = [[] for _ in range(N)]
        self.cell_cnt = [0] * N
        self.clue_cands: list[list[int]] = [[] for _ in range(K)]
        self.clue_cnt = [0] * K
        # state
        self.occupied = bytearray(N)
        for x in self.c_cell:
            self.occupied[x] = 1          # clue cells are never the inside of a path
        self.matched = bytearray(K)
        self.claimed = [-1] * N           # cell -> clue whose path must cover it
        self.forced: list[tuple[int, str, int]] = []   # (path, "clue"|"cell"|"one", clue or cell)
        #: called with each path forced (hints stop at the first telling one: raise to stop)
        self.on_force = None
        self.cell_q: list[int] = []
        self.clue_q: list[int] = []
        self.dirty: set[int] = set()
        # pairs of possible partners
        self.pairs: list[tuple[int, int]] = []
        self.pair_state = bytearray()     # 0 deferred, 1 enumerated, 2 dead
        self.pair_zone: list[tuple[int, ...]] = []
        self.zone_cnt = [0] * N
        self.clue_def = [0] * K
        self.clue_pairs: list[list[int]] = [[] for _ in range(K)]
        #: undo log while searching (None otherwise): killed path q, forced path -1-q,
        #: or (cell, previous claim)
        self.trail: list | None = None
        self.stats = {"paths": 0, "pairs": 0, "enum_nodes": 0, "forced": 0, "deferred_rounds": 0}
        #: paths the last walk stopped at its node cap had found (see enumerate_pair)
        self.paths_at_stop = 0
        #: cells on the candidate paths kept (see MAX_PATH_CELLS)
        self.cells_kept = 0

    # -- set-up -------------------------------------------------------------------------
    def build_pairs(self) -> None:
        """Every pair of clues that could be linked, each starting deferred."""
        groups: dict[tuple[int, int], list[int]] = {}
        for i, n in enumerate(self.c_num):
            if n == 1:
                self.forced.append((-1, "one", i))
                self.matched[i] = 1
            else:
                groups.setdefault((n, self.c_col[i]), []).append(i)
        rr, cc, c_cell, clue_at, W = self.rr, self.cc, self.c_cell, self.clue_at, self.W
        H = self.N // W
        for (n, col), members in groups.items():
            s = n - 1
            scan = 2 * s * s + 2 * s + 1 < len(members)
            for a in members:
                ra, ca = rr[c_cell[a]], cc[c_cell[a]]
                if scan:
                    partners = []
                    for r in range(max(0, ra - s), min(H, ra + s + 1)):
                        w = s - abs(r - ra)
                        for c in range(max(0, ca - w), min(W, ca + w + 1)):
                            b = clue_at[r * W + c]
                            if b > a and self.c_num[b] == n and self.c_col[b] == col:
                                partners.append(b)
                else:
                    partners = [b for b in members if b > a]
                for b in partners:
                    d = abs(rr[c_cell[b]] - ra) + abs(cc[c_cell[b]] - ca)
                    if d <= s and (s - d) % 2 == 0:
                        self._new_pair(a, b)
        for i, n in enumerate(self.c_num):
            if n > 1 and not self.clue_pairs[i]:
                raise Contradiction(f"clue {i} has no partner", clue=i)
        self.stats["pairs"] = len(self.pairs)
        # cells no pair can reach: fatal in a fully-filled puzzle, checked by _drain
        self.cell_q.extend(x for x in range(self.N) if not self.zone_cnt[x] and not self.occupied[x])

    def _new_pair(self, a: int, b: int) -> None:
        pid = len(self.pairs)
        self.pairs.append((a, b))
        self.pair_state.append(0)
        s = self.c_num[a] - 1
        xa, xb = self.c_cell[a], self.c_cell[b]
        ra, ca, rb, cb = self.rr[xa], self.cc[xa], self.rr[xb], self.cc[xb]
        slack = (s - abs(ra - rb) - abs(ca - cb)) // 2
        W, H = self.W, self.N // self.W
        zone = []
        occupied = self.occupied
        for r in range(max(0, min(ra, rb) - slack), min(H, max(ra, rb) + slack + 1)):
            dr = abs(r - ra) + abs(r - rb)
            for c in range(max(0, min(ca, cb) - slack), min(W, max(ca, cb) + slack + 1)):
                x = r * W + c
                if dr + abs(c - ca) + abs(c - cb) <= s and not occupied[x]:
                    zone.append(x)
        for x in zone:
            self.zone_cnt[x] += 1
        self.pair_zone.append(tuple(zone))
        self.clue_def[a] += 1
        self.clue_def[b] += 1
        self.clue_pairs[a].append(pid)
        self.clue_pairs[b].append(pid)

    # -- enumeration --------------------------------------------------------------------
    def enumerate_pair(self, pid: int, node_cap: int, must: set[int] | None = None
                       ) -> list[tuple[int, ...]] | None:
        """Interior cell sequences of the pair's paths (one per cell set), or None when
        the DFS budget runs out.

        ``must``: cells only this pair can still paint (fully-filled puzzles), which its
        path has to cover: the walk keeps enough steps for them and never strands one
        with fewer than two usable neighbours.  When they are exactly as many as the
        path's inside cells, every path has the same cell set and the first one found is
        the only candidate needed.  The walk is iterative: snakes can be long."""
        a, b = self.pairs[pid]
        start, goal = self.c_cell[a], self.c_cell[b]
        steps = self.c_num[a] - 1
        if steps == 1:
            return [()]
        inner = steps - 1
        must = must or set()
        need = len(must)
        if need > inner:
            return []
        exact = need == inner
        rr, cc, nbrs = self.rr, self.cc, self.nbrs
        gr, gc = rr[goal], cc[goal]
        blocked = self.occupied
        claimed = self.claimed
        check = self.deadline.check
        out: list[tuple[int, ...]] = []
        # (cell sets as sorted tuples: a frozenset of 20 cells takes ten times the memory)
        seen: set[tuple[int, ...]] = set()
        room = self.max_cells - self.cells_kept - 2 * inner  # (seen and out hold each path)
        path: list[int] = []           # interior cells walked so far
        nxt = [0]                      # per depth: index of the next neighbour to try
        got = 0                        # must cells on the path
        budget = node_cap
        try:
            while nxt:
                depth = len(path)
                cur = path[-1] if path else start
                left = steps - depth   # steps still to take from cur to the goal
                if left == 1:
                    if got == need:
                        key = tuple(sorted(path))
                        if key not in seen:
                            seen.add(key)
                            out.append(tuple(path))
                            if exact:
                                break
                            room -= 2 * inner
                            if room < 0:
                                raise BudgetExceeded(f"more than {self.max_cells} cells on candidate paths")
                    advanced = False
                else:
                    advanced = False
                    nb = nbrs[cur]
                    i = nxt[-1]
                    nl = left - 1
                    while i < len(nb):
                        x = nb[i]
                        i += 1
                        if blocked[x] or abs(rr[x] - gr) + abs(cc[x] - gc) > nl:
                            continue
                        o = claimed[x]
                        if o != -1 and o != a and o != b:
                            continue
                        if need:
                            inside = x in must
                            if (exact and not inside) or need - got - inside > nl - 1:
                                continue
                            blocked[x] = 1
                            if path and self._strands(cur, x, goal, must):
                                blocked[x] = 0
                                continue
                            got += inside
                        else:
                            blocked[x] = 1
                        nxt[-1] = i
                        path.append(x)
                        nxt.append(0)
                        advanced = True
                        budget -= 1
                        if budget < 0:
                            raise _Stop
                        check()
                        break
                if not advanced:
                    nxt.pop()
                    if path and len(nxt) == len(path):
                        x = path.pop()
                        blocked[x] = 0
                        if x in must:
                            got -= 1
        except _Stop:
            self.stats["enum_nodes"] += node_cap
            self.paths_at_stop = len(out)   # (what a memo must know to replay the room check)
            return None
        finally:
            for x in path:    # stopped early: unblock the cells of the walk
                blocked[x] = 0
        self.stats["enum_nodes"] += node_cap - budget
        return out

    def _strands(self, cur: int, head: int, goal: int, must: set[int]) -> bool:
        """Whether leaving ``cur`` for ``head`` leaves a must cell next to ``cur`` with
        fewer than two usable neighbours (free cells, the head, the goal)."""
        blocked, nbrs = self.occupied, self.nbrs
        for y in nbrs[cur]:
            if y in must and not blocked[y]:
                n = 0
                for z in nbrs[y]:
                    if not blocked[z] or z == head or z == goal:
                        n += 1
                if n < 2:
                    return True
        return False

    def add_paths(self, pid: int, interiors: list[tuple[int, ...]]) -> None:
        a, b = self.pairs[pid]
        self.pair_state[pid] = 1
        p_a, p_b, p_cells, alive = self.p_a, self.p_b, self.p_cells, self.alive
        cell_cands, cell_cnt = self.cell_cands, self.cell_cnt
        for cells in interiors:
            q = len(p_a)
            p_a.append(a)
            p_b.append(b)
            p_cells.append(cells)
            alive.append(1)
            for x in cells:
                cell_cands[x].append(q)
                cell_cnt[x] += 1
            self.clue_cands[a].append(q)
            self.clue_cands[b].append(q)
        self.clue_cnt[a] += len(interiors)
        self.clue_cnt[b] += len(interiors)
        self.stats["paths"] += len(interiors)
        self.cells_kept += sum(map(len, interiors))
        if len(p_a) > MAX_PATHS or self.cells_kept > self.max_cells:
            raise BudgetExceeded(f"more than {MAX_PATHS} candidate paths or {self.max_cells} cells on them")
        self._undefer(pid)

    def _release_zone(self, pid: int) -> None:
        """The pair no longer only marks cells it could reach (it is enumerated or
        gone): cells nothing can reach any more are queued for the cell rule."""
        zone_cnt, occupied = self.zone_cnt, self.occupied
        for x in self.pair_zone[pid]:
            zone_cnt[x] -= 1
            if not zone_cnt[x] and not occupied[x]:
                self.cell_q.append(x)
        self.pair_zone[pid] = ()

    def _undefer(self, pid: int) -> None:
        a, b = self.pairs[pid]
        self._release_zone(pid)
        for c in (a, b):
            self.clue_def[c] -= 1
            self.clue_q.append(c)
            self.dirty.add(c)

    # -- deductions ----------------------------------------------------------------------
    def kill(self, q: int) -> None:
        self.alive[q] = 0
        if self.trail is not None:
            self.trail.append(q)
        cell_cnt, occupied, cell_q = self.cell_cnt, self.occupied, self.cell_q
        for x in self.p_cells[q]:
            cell_cnt[x] -= 1
            if cell_cnt[x] <= 1 and not occupied[x]:
                cell_q.append(x)
        for c in (self.p_a[q], self.p_b[q]):
            self.clue_cnt[c] -= 1
            if not self.matched[c]:
                self.dirty.add(c)
                if self.clue_cnt[c] <= 1:
                    self.clue_q.append(c)

    def force(self, q: int, why: str, what: int) -> None:
        if not self.alive[q]:
            raise Contradiction("forced path is dead")
        a, b = self.p_a[q], self.p_b[q]
        if self.matched[a] or self.matched[b]:
            raise Contradiction("clue matched twice")
        cells = self.p_cells[q]
        occupied = self.occupied
        for x in cells:
            if occupied[x]:
                raise Contradiction("cell painted twice")
            occupied[x] = 1
        self.matched[a] = self.matched[b] = 1
        if self.trail is not None:
            self.trail.append(-1 - q)
        self.forced.append((q, why, what))
        self.stats["forced"] += 1
        if self.on_force is not None:
            self.on_force(q)
        alive, kill = self.alive, self.kill
        for c in (a, b):
            for r in self.clue_cands[c]:
                if alive[r] and r != q:
                    kill(r)
            for pid in self.clue_pairs[c]:
                if self.pair_state[pid] == 0:
                    self._drop_pair(pid)
        cell_cands = self.cell_cands
        for x in cells:
            for r in cell_cands[x]:
                if alive[r] and r != q:
                    kill(r)

    def _drop_pair(self, pid: int) -> None:
        self.pair_state[pid] = 2
        a, b = self.pairs[pid]
        self._release_zone(pid)
        for c in (a, b):
            self.clue_def[c] -= 1
            if not self.matched[c]:
                self.clue_q.append(c)
                self.dirty.add(c)

    def propagate(self) -> None:
        """Apply the deductions until none applies; raise Contradiction on a dead end."""
        check = self.deadline.check
        while True:
            self._drain(check)
            if not self._sweep(check):
                return

    def _drain(self, check) -> None:
        cell_q, clue_q = self.cell_q, self.clue_q
        alive, matched, occupied = self.alive, self.matched, self.occupied
        while cell_q or clue_q:
            check()
            if clue_q:
                c = clue_q.pop()
                if matched[c] or self.clue_def[c]:
                    continue
                n = self.clue_cnt[c]
                if n == 0:
                    raise Contradiction(f"clue {c} has no path left", clue=c)
                if n == 1:
                    q = next(q for q in self.clue_cands[c] if alive[q])
                    self.force(q, "clue", c)
            else:
                x = cell_q.pop()
                if occupied[x] or not self.fully or self.zone_cnt[x]:
                    continue
                n = self.cell_cnt[x]
                if n == 0:
                    raise Contradiction(f"cell {x} cannot be painted", cell=x)
                if n == 1:
                    q = next(q for q in self.cell_cands[x] if alive[q])
                    self.force(q, "cell", x)

    def _sweep(self, check) -> bool:
        """The partner and common-cell rules on clues whose candidates changed.
        Returns whether anything was killed."""
        changed = False
        alive, p_a, p_b, p_cells = self.alive, self.p_a, self.p_b, self.p_cells
        dirty, self.dirty = self.dirty, set()
        for c in dirty:
            check()
            if self.matched[c] or self.clue_def[c]:
                continue
            cands = [q for q in self.clue_cands[c] if alive[q]]
            if len(cands) <= 1:
                continue
            partners = {p_a[q] ^ p_b[q] ^ c for q in cands}
            if len(partners) == 1:
                b = partners.pop()
                for q in self.clue_cands[b]:
                    if alive[q] and p_a[q] != c and p_b[q] != c:
                        self.kill(q)
                        changed = True
            if len(cands) <= MAX_INTERSECT:
                common = set(p_cells[cands[0]])
                for q in cands[1:]:
                    common.intersection_update(p_cells[q])
                    if not common:
                        break
                for x in common:
                    if self.claimed[x] == c:
                        continue
                    if self.trail is not None:
                        self.trail.append((x, self.claimed[x]))
                    self.claimed[x] = c
                    for q in self.cell_cands[x]:
                        if alive[q] and p_a[q] != c and p_b[q] != c:
                            self.kill(q)
                            changed = True
        return changed or bool(self.cell_q or self.clue_q)

    # -- driver ---------------------------------------------------------------------------
    def run(self) -> None:
        """Build, enumerate in rounds and propagate to a fixpoint.  Afterwards either no
        pair is deferred, or BudgetExceeded was raised."""
        self.build_pairs()
        self.propagate()
        for nmax, cap in ROUNDS:
            pending = [pid for pid, st in enumerate(self.pair_state) if st == 0]
            if not pending:
                return
            self.stats["deferred_rounds"] += 1
            pending.sort(key=lambda pid: self.c_num[self.pairs[pid][0]])
            for pid in pending:
                if self.pair_state[pid] != 0 or self.c_num[self.pairs[pid][0]] > nmax:
                    continue
                found = self._enumerate(pid, cap)
                if found is not None:
                    self.add_paths(pid, found)
            self.propagate()
        if any(st == 0 for st in self.pair_state):
            raise BudgetExceeded("some clues have too many possible paths to enumerate")

    def _enumerate(self, pid: int, cap: int) -> list[tuple[int, ...]] | None:
        must = self._exclusive(pid)
        if self.memo is None or must:
            return self.enumerate_pair(pid, cap, must)
        return self.memo.paths(self, pid, cap)

    def _exclusive(self, pid: int) -> set[int] | None:
        """Cells only this (deferred) pair can paint, in a fully-filled puzzle."""
        if not self.fully or self.c_num[self.pairs[pid][0]] < 6:
            return None
        zone_cnt, cell_cnt, occupied = self.zone_cnt, self.cell_cnt, self.occupied
        return {x for x in self.pair_zone[pid] if zone_cnt[x] == 1 and not cell_cnt[x] and not occupied[x]}

    # -- enclosures ---------------------------------------------------------------------------
    def prune_enclosures(self, limit: int = 40, passes: int = 1) -> int:
        """Kill every candidate path that would wall in a small area the clues inside it
        cannot paint, then propagate; repeat until none dies.  Returns the kills.

        Around a candidate p, take each area of unpainted cells next to it (grown through
        free cells and open clue cells, at most ``limit`` cells).  Paths cannot cross p or
        painted cells, so the clues in a walled-in area pair up among themselves: every
        (number, colour) must occur an even number of times there, and their paths paint
        sum(number) / 2 cells of it: exactly its size in a fully-filled puzzle, at most
        its size otherwise.  At most ``passes`` sweeps (each costs a flood fill or two per
        candidate)."""
        killed = 0
        for _ in range(passes):
            clue_at, matched, occupied = self.clue_at, self.matched, self.occupied
            # cells no area grows into: painted ones and clues already linked
            solid = bytearray(1 if occupied[x] and (clue_at[x] < 0 or matched[clue_at[x]]) else 0
                              for x in range(self.N))
            marks = _Marks(self.N)
            walls_in = self._walls_in if self.memo is None else self.memo.walls_in(self, solid)
            bad = [q for q in range(len(self.p_a))
                   if self.alive[q] and not self.matched[self.p_a[q]] and walls_in(q, limit, solid, marks)]
            for q in bad:
                if self.alive[q]:
                    self.kill(q)
                    killed += 1
            self.propagate()
            if not bad:
                break
        return killed

    def _walls_in(self, q: int, limit: int, solid: bytearray, marks: "_Marks", read: list | None = None) -> bool:
        """Whether candidate ``q`` walls in an area its clues cannot paint (see
        :meth:`prune_enclosures`).  Membership is kept in ``marks``' stamp arrays rather
        than sets: this runs for every candidate, and hashing was most of its cost.
        ``read``: the areas flooded are added to it (a :class:`.memo.Memo` learns from
        them which cells the answer depends on)."""
        occupied, clue_at, nbrs = self.occupied, self.clue_at, self.nbrs
        c_num, c_col = self.c_num, self.c_col
        wall_at, area_at, seen_at = marks.wall, marks.area, marks.seen
        marks.n += 1
        me = marks.n                   # stamps the wall and the cells flooded from it
        wall = self.p_cells[q] + (self.c_cell[self.p_a[q]], self.c_cell[self.p_b[q]])
        for w in wall:
            wall_at[w] = me
        check = self.deadline.check
        for w in wall:
            for s in nbrs[w]:
                if wall_at[s] == me or seen_at[s] == me or solid[s]:
                    continue
                # only where p leaves a narrow spot: an open neighbour in open country
                # is rarely walled in, and flooding from it is what costs
                free = 0
                for y in nbrs[s]:
                    if wall_at[y] != me and not occupied[y]:
                        free += 1
                if free > 2:
                    continue
                check()
                marks.n += 1
                flood = marks.n
                area_at[s] = flood
                seen_at[s] = me
                area = [s]
                i = 0
                while i < len(area) and len(area) <= limit:
                    x = area[i]
                    i += 1
                    for y in nbrs[x]:
                        if area_at[y] == flood or wall_at[y] == me or solid[y]:
                            continue
                        area_at[y] = flood
                        seen_at[y] = me
                        area.append(y)
                if read is not None:
                    read.extend(area)
                if len(area) > limit:
                    continue
                paint = 0
                parity: dict[tuple[int, int], int] = {}
                for x in area:
                    c = clue_at[x]
                    if c >= 0:
                        paint += c_num[c]
                        key = (c_num[c], c_col[c])
                        parity[key] = parity.get(key, 0) ^ 1
                if any(parity.values()):
                    return True
                if paint // 2 > len(area) or (self.fully and paint // 2 != len(area)):
                    return True
        return False

    # -- search support -------------------------------------------------------------------
    def snapshot(self) -> tuple[int, int]:
        """A mark to :meth:`restore` to (only between propagations, when the queues are
        empty and no pair is deferred any more).  Starts the undo log if needed; set
        ``trail`` back to None when done searching."""
        if self.trail is None:
            self.trail = []
        return len(self.trail), len(self.forced)

    def restore(self, mark: tuple[int, int]) -> None:
        """Undo every kill, forced path and claim made since ``mark``."""
        ntrail, nforced = mark
        trail = self.trail
        alive, cell_cnt, clue_cnt = self.alive, self.cell_cnt, self.clue_cnt
        p_a, p_b, p_cells = self.p_a, self.p_b, self.p_cells
        while len(trail) > ntrail:
            e = trail.pop()
            if isinstance(e, tuple):
                self.claimed[e[0]] = e[1]
            elif e >= 0:
                alive[e] = 1
                for x in p_cells[e]:
                    cell_cnt[x] += 1
                clue_cnt[p_a[e]] += 1
                clue_cnt[p_b[e]] += 1
            else:
                q = -1 - e
                for x in p_cells[q]:
                    self.occupied[x] = 0
                self.matched[p_a[q]] = self.matched[p_b[q]] = 0
        del self.forced[nforced:]
        self.cell_q.clear()
        self.clue_q.clear()
        self.dirty.clear()

    # -- results --------------------------------------------------------------------------
    def residual(self) -> tuple[list[int], list[int], list[int]]:
        """Alive paths between unmatched clues, the unmatched clues, the free cells."""
        paths = [q for q in range(len(self.p_a)) if self.alive[q] and not self.matched[self.p_a[q]]]
        clues = [c for c in range(len(self.c_num)) if not self.matched[c]]
        cells = sorted({x for q in paths for x in self.p_cells[q]})
        return paths, clues, cells

    def path_cells(self, q: int) -> list[list[int]]:
        W = self.W
        xs = (self.c_cell[self.p_a[q]],) + self.p_cells[q] + (self.c_cell[self.p_b[q]],)
        return [[x // W, x % W] for x in xs]

    def forced_paths(self) -> list[list[list[int]]]:
        out = []
        for q, why, what in self.forced:
            if why == "one":
                x = self.c_cell[what]
                out.append([[x // self.W, x % self.W]])
            else:
                out.append(self.path_cells(q))
        return out


class _Stop(Exception):
    pass


class _Marks:
    """Stamp arrays for :meth:`Engine._walls_in`: a cell belongs to the current wall,
    flood or candidate's flooded cells when its entry equals that stamp."""

    __slots__ = ("wall", "area", "seen", "n")

    def __init__(self, cells: int):
        self.wall = [0] * cells
        self.area = [0] * cells
        self.seen = [0] * cells
        self.n = 0
