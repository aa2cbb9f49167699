"""The default method: exact depth-first search growing paths from both endpoints.

State lives in flat lists over a grid padded with a wall border (so neighbours are
``p +- 1`` and ``p +- stride`` without bounds tests): ``col`` holds the pair index of a
cell or EMPTY/WALL, every unfinished pair has two *heads* (the tips growing from its two
endpoints), and ``prev`` links each path cell to the cell it grew from, which is all
that is needed to read the paths back.  Changes go on an undo trail, so backtracking is
cheap and the search is iterative (long boards would overflow Python's recursion).

Pruning, applied to a fixpoint after every decision ("forced moves in chains"):

* a head with no way on is a dead end; a head with one way on takes it;
* full cover: an empty cell needs two usable neighbours (empty or a head); with fewer it
  is a dead end, with exactly two it must link to both, so a head among them is forced
  into it (two heads of different pairs there is a contradiction);
* after the fixpoint, one labelling of the empty cells gives the regions: the two heads
  of every unfinished pair must touch a common region (or each other), and under full
  cover every region must be touched by both heads of some pair (a stranded region can
  never be filled).

Branching takes the head with the fewest ways on (the most constrained path first) and
tries the moves that hug walls and paths first.

``notouch`` adds the rule designed puzzles obey: a path never runs alongside itself (two
cells of one path that are neighbours are consecutive on it).  It is only a speed-up for
finding a first solution; counting under the plain rules is left to a plain search.
"""
from __future__ import annotations

import random
import sys
import time

from ..base import Deadline
from .model import Numberlink, make_model

EMPTY = -1
WALL = -2


#: boards of at most this many cells test regions by a flood fill in plain Python, larger
#: ones with NumPy and SciPy (:func:`_region_test`).  Where one is faster than the other
#: depends on the runtime: per check, CPython's flood fill and arrays break even near
#: 12x12 (0.15 against 0.10 ms at 15x15, 1.4 against 0.14 ms at 50x50), while in Pyodide
#: every array call costs several times more (14x14: 0.84 ms a check with arrays, 0.07 ms
#: by flood fill; 70 corpus boards of 101 to 900 cells: 1.36 s in all before, 1.22 s)
FLOOD_FILL_CELLS = 144 if sys.platform != "emscripten" else 900


class _Budget(Exception):
    """A restart's node budget ran out."""


class _Board:
    """The state of one search over the padded grid (see the module docstring).

    Plain lists, not arrays: the search reads and writes single cells, which lists do
    fastest in CPython.  ``emp`` mirrors "cell is empty" as bytes for the vectorised
    region test."""

    __slots__ = ("W", "S", "n", "K", "D", "col", "interior", "prev", "hidx", "heads", "done",
                 "counts", "trail", "queue", "emp")

    def __init__(self, model: Numberlink):
        W, H = model.width, model.height
        S = W + 2
        n = (H + 2) * S
        K = len(model.ends)
        self.W, self.S, self.n, self.K = W, S, n, K
        self.D = (1, -1, S, -S)
        col = [WALL] * n
        interior = []
        for r in range(H):
            base = (r + 1) * S + 1
            for c in range(W):
                col[base + c] = EMPTY
                interior.append(base + c)
        prev = [-1] * n
        hidx = [-1] * n
        heads = [0] * (2 * K)
        for k, (a, b) in enumerate(model.ends):
            pa, pb = self.at(a), self.at(b)
            col[pa] = col[pb] = k
            heads[2 * k], heads[2 * k + 1] = pa, pb
            hidx[pa], hidx[pb] = 2 * k, 2 * k + 1
        self.col, self.interior, self.prev, self.hidx, self.heads = col, interior, prev, hidx, heads
        self.done = [False] * K
        self.counts = [len(interior) - 2 * K, K]    # empty cells, unfinished pairs
        #: undo trail: pairs (old head, head index) for a step, (-1, pair) for a join
        self.trail: list[int] = []
        #: cells whose ways on may have changed (heads, and empty cells under full cover)
        self.queue: list[int] = []
        emp = bytearray(n)
        for q in interior:
            if col[q] == EMPTY:
                emp[q] = 1
        self.emp = emp

    def at(self, cell: int) -> int:
        """The padded-grid index of a model cell."""
        return (cell // self.W + 1) * self.S + cell % self.W + 1

    def cell(self, p: int) -> int:
        """The model cell of a padded-grid index."""
        return (p // self.S - 1) * self.W + p % self.S - 1


def _moves(b: _Board):
    """``extend`` (a head steps into an empty cell), ``connect`` (a pair's two heads
    join), ``undo_to`` (back to a trail mark) and ``apply`` (a move as ``choose``
    gives it: a cell, or -1 for a join).  Closures over the board's lists, so the
    propagation loop calls them without attribute look-ups."""
    col, emp, prev, heads, hidx, done, counts = b.col, b.emp, b.prev, b.heads, b.hidx, b.done, b.counts
    trail, queue, D = b.trail, b.queue, b.D

    def extend(hi: int, q: int) -> None:
        p = heads[hi]
        col[q] = hi >> 1
        emp[q] = 0
        prev[q] = p
        heads[hi] = q
        hidx[p] = -1
        hidx[q] = hi
        counts[0] -= 1
        trail.append(p)
        trail.append(hi)
        queue.append(q)
        queue.append(heads[hi ^ 1])
        for d in D:
            queue.append(p + d)
            queue.append(q + d)

    def connect(k: int) -> None:
        h0, h1 = heads[2 * k], heads[2 * k + 1]
        hidx[h0] = hidx[h1] = -1
        done[k] = True
        counts[1] -= 1
        trail.append(-1)
        trail.append(k)
        for d in D:
            queue.append(h0 + d)
            queue.append(h1 + d)

    def undo_to(mark: int) -> None:
        while len(trail) > mark:
            x = trail.pop()
            p = trail.pop()
            if p == -1:
                done[x] = False
                counts[1] += 1
                hidx[heads[2 * x]] = 2 * x
                hidx[heads[2 * x + 1]] = 2 * x + 1
            else:
                q = heads[x]
                col[q] = EMPTY
                emp[q] = 1
                hidx[q] = -1
                heads[x] = p
                hidx[p] = x
                counts[0] += 1

    def apply(hi: int, opt: int) -> None:
        if opt == -1:
            connect(hi >> 1)
        else:
            extend(hi, opt)

    return extend, connect, undo_to, apply


def _ways_on(b: _Board, notouch: bool):
    """``options(hi)``: the ways on for head ``hi`` (empty cells, or -1 for joining the
    partner), and ``ways(hi)``: how many there are."""
    col, heads, D, S = b.col, b.heads, b.D, b.S

    def options(hi: int) -> list[int]:
        h = heads[hi]
        partner = heads[hi ^ 1]
        opts = []
        if notouch:
            k = hi >> 1
            # next to its partner a head can only join it (anything else runs beside it)
            for d in D:
                if h + d == partner:
                    return [-1]
            for d in D:
                q = h + d
                if col[q] == EMPTY:
                    for d2 in D:
                        m = q + d2
                        if col[m] == k and m != h and m != partner:
                            break
                    else:
                        opts.append(q)
        else:
            for d in D:
                q = h + d
                if col[q] == EMPTY:
                    opts.append(q)
                elif q == partner:
                    opts.append(-1)
        return opts

    def ways(hi: int) -> int:
        """len(options(hi)), counted without building the list under plain rules
        (choose asks this of every head at every node)."""
        if notouch:
            return len(options(hi))
        h = heads[hi]
        gap = h - heads[hi ^ 1]
        return ((col[h + 1] == EMPTY) + (col[h - 1] == EMPTY) + (col[h + S] == EMPTY)
                + (col[h - S] == EMPTY) + (gap == 1 or gap == -1 or gap == S or gap == -S))

    return options, ways


def _propagator(b: _Board, options, extend, connect, full: bool, stats: dict, log: list | None):
    """``propagate()``: the forced moves from the cells in the queue, to a fixpoint
    (the rules in the module docstring); False on a contradiction.  With ``log`` each
    forced move is also appended to it (see ``Search.run``)."""
    col, hidx, queue, D, cell = b.col, b.hidx, b.queue, b.D, b.cell

    def propagate() -> bool:
        t0 = time.perf_counter()
        forced = 0
        ok = True
        while queue:
            x = queue.pop()
            hi = hidx[x]
            if hi >= 0:
                opts = options(hi)
                if not opts:
                    ok = False
                    break
                if len(opts) == 1:
                    forced += 1
                    if log is not None:
                        log.append((hi, opts[0] if opts[0] < 0 else cell(opts[0]), "head"))
                    if opts[0] == -1:
                        connect(hi >> 1)
                    else:
                        extend(hi, opts[0])
            elif full and col[x] == EMPTY:
                # an empty cell needs two usable neighbours; with exactly two it links to both
                usable = 0
                h1 = h2 = -1
                for d in D:
                    y = x + d
                    if col[y] == EMPTY:
                        usable += 1
                    elif hidx[y] >= 0:
                        usable += 1
                        if h1 < 0:
                            h1 = hidx[y]
                        else:
                            h2 = hidx[y]
                if usable < 2:
                    ok = False
                    break
                if usable == 2 and h1 >= 0:
                    if h2 >= 0 and h1 >> 1 != h2 >> 1:
                        ok = False
                        break
                    forced += 1
                    if log is not None:
                        log.append((h1, cell(x), "cell"))
                    extend(h1, x)
        if not ok:
            queue.clear()
        stats["forced"] += forced
        stats["t_propagate"] += time.perf_counter() - t0
        return ok

    return propagate


def _region_test(b: _Board, full: bool, stats: dict):
    """``regions_ok()``: every pair can still meet; under full cover no region is stranded.

    It runs after every node.  On small boards a flood fill in plain Python is fastest;
    on large ones it is vectorised (numpy reads ``emp`` in place, scipy labels the
    regions, the per-pair tests are array operations: about ten times faster than the
    flood fill on a 50x50 board).  Each array call has a fixed cost, which Pyodide
    multiplies: 0.84 ms a check on a 14x14 board in the browser against 0.05 ms in
    CPython, so small boards also spare the browser loading NumPy and SciPy."""
    if len(b.interior) <= FLOOD_FILL_CELLS:
        return _flood_region_test(b, full, stats)
    return _array_region_test(b, full, stats)


def _flood_region_test(b: _Board, full: bool, stats: dict):
    """:func:`_region_test` by a flood fill over the empty cells, in plain Python."""
    n, S, K, D = b.n, b.S, b.K, b.D
    heads, done, emp, interior = b.heads, b.done, b.emp, b.interior

    def regions_ok() -> bool:
        t0 = time.perf_counter()
        stats["region_checks"] += 1
        region = [0] * n
        nreg = 0
        for q in interior:
            if emp[q] and not region[q]:
                nreg += 1
                region[q] = nreg
                stack = [q]
                while stack:
                    p = stack.pop()
                    for d in D:
                        x = p + d
                        if emp[x] and not region[x]:
                            region[x] = nreg
                            stack.append(x)
        served = set()
        ok = True
        for k in range(K):
            if done[k]:
                continue
            a, c = heads[2 * k], heads[2 * k + 1]
            common = {region[a + d] for d in D} & {region[c + d] for d in D}
            common.discard(0)
            if not common and abs(a - c) not in (1, S):
                ok = False
                break
            served |= common
        if ok and full:
            ok = len(served) == nreg
        stats["t_regions"] += time.perf_counter() - t0
        return ok

    return regions_ok


def _array_region_test(b: _Board, full: bool, stats: dict):
    """:func:`_region_test` with NumPy and SciPy, for large boards."""
    import numpy as np
    H2, S, K, heads, done = b.n // b.S, b.S, b.K, b.heads, b.done
    emp_grid = np.frombuffer(b.emp, dtype=np.uint8).reshape(H2, S)
    steps = np.array(b.D)
    reg = np.zeros((H2, S), dtype=np.int32)
    # Imported here, not at the top: SciPy's import costs seconds in the browser,
    # and the free-cover router and the scan never need it.
    from scipy import ndimage
    cross = ndimage.generate_binary_structure(2, 1)     # 4-neighbourhood

    def regions_ok() -> bool:
        t0 = time.perf_counter()
        stats["region_checks"] += 1
        nreg = ndimage.label(emp_grid, structure=cross, output=reg)
        flat = reg.ravel()
        hs = np.array(heads).reshape(K, 2)[~np.array(done)]
        r0 = flat[hs[:, :1] + steps]        # regions around each head (0: none)
        r1 = flat[hs[:, 1:] + steps]
        common = (r0[:, :, None] == r1[:, None, :]) & (r0[:, :, None] > 0)
        gap = np.abs(hs[:, 1] - hs[:, 0])
        ok = bool((common.any(axis=(1, 2)) | (gap == 1) | (gap == S)).all())
        if ok and full:
            served = np.zeros(nreg + 1, dtype=bool)
            served[r0[:, :, None].repeat(4, axis=2)[common]] = True
            ok = bool(served[1:].all())
        stats["t_regions"] += time.perf_counter() - t0
        return ok

    return regions_ok


def _chooser(b: _Board, options, ways, jitter):
    """``choose()``: the head to branch on and its moves in the order to try them."""
    col, heads, done, K, S, D = b.col, b.heads, b.done, b.K, b.S, b.D

    def emptiness(q: int) -> int:
        return sum(1 for d in D if col[q + d] == EMPTY)

    def choose():
        """The head with the fewest ways on (among equals the one nearest its partner);
        its moves hugging walls and paths first (fewest empty neighbours)."""
        best_key = None
        best_hi = -1
        for hi in range(2 * K):
            if done[hi >> 1]:
                continue
            n_opts = ways(hi)
            if n_opts <= 1:
                best_hi = hi
                break
            if best_key is not None and n_opts > best_key[0]:
                continue
            a, b_ = heads[hi], heads[hi ^ 1]
            key = (n_opts, abs(a // S - b_ // S) + abs(a % S - b_ % S), jitter())
            if best_key is None or key < best_key:
                best_key, best_hi = key, hi
        best = options(best_hi)
        best.sort(key=lambda q: (-1 if q == -1 else emptiness(q), jitter()))
        return best_hi, best

    return choose


def _read_solution(b: _Board, labels) -> dict:
    """The paths on the board (every pair joined), each read from its first endpoint:
    back along ``prev`` from the first head, then forward from the second."""
    heads, prev, S = b.heads, b.prev, b.S
    paths = {}
    for k, label in enumerate(labels):
        half0 = []
        p = heads[2 * k]
        while p != -1:
            half0.append(p)
            p = prev[p]
        half1 = []
        p = heads[2 * k + 1]
        while p != -1:
            half1.append(p)
            p = prev[p]
        cells = half0[::-1] + half1
        paths[label] = [[p // S - 1, p % S - 1] for p in cells]
    return {"paths": paths}


class Search:
    """One search over a model; ``run`` may be called once."""

    def __init__(self, model: Numberlink, notouch: bool, deadline: Deadline,
                 node_limit: int | None = None, seed: int | None = None, probe: bool = False,
                 probe_topology: bool = False):
        """``probe``: before branching, try each way on of each line end at the root
        (see :func:`_probe_root`); ``probe_topology``: and check each probe with the
        tests of ``obstruct.py`` too (:func:`_topology_test`, dearer)."""
        self.model = model
        self.node_limit = node_limit
        self.probe = probe
        self.probe_topology = probe_topology
        self.seed = seed
        self.notouch = notouch
        self.deadline = deadline
        self.stats = {"nodes": 0, "forced": 0, "region_checks": 0, "backtracks": 0,
                      "t_propagate": 0.0, "t_regions": 0.0}

    def run(self, limit: int, fixed: dict[int, list[int]] | None = None, log: list | None = None):
        """Up to ``limit`` solutions (solution dicts).  ``fixed`` maps a head index
        (``2 * pair + end``) to the cells (model indices) already drawn from that endpoint,
        the endpoint itself excluded (used by hints).  The search is
        exhaustive when fewer than ``limit`` come back (or it raises SolveTimeout).

        With ``log`` (a list) nothing is searched: the forced moves that follow from
        ``fixed`` are appended to it as ``(head, cell or -1 for a join, reason)`` with
        reason "head" (one way on) or "cell" (an empty cell with two usable neighbours),
        and the return value says whether they led to no contradiction."""
        model, stats = self.model, self.stats
        full = model.cover == "full"
        # A seed shuffles ties between equally good choices (for restarts).
        jitter = random.Random(self.seed).random if self.seed is not None else (lambda: 0.0)
        b = _Board(model)
        extend, connect, undo_to, apply = _moves(b)
        options, ways = _ways_on(b, self.notouch)
        propagate = _propagator(b, options, extend, connect, full, stats, log)
        regions_ok = _region_test(b, full, stats)
        choose = _chooser(b, options, ways, jitter)

        t_start = time.perf_counter()
        ok = _draw_fixed(b, fixed or {}, extend, connect)
        b.queue.extend(b.heads)
        if full:
            b.queue.extend(b.interior)
        ok = ok and propagate()
        if log is not None:
            return ok and (b.counts[1] == 0 or regions_ok())
        if ok and self.probe:
            check = _topology_test(b, model, regions_ok) if self.probe_topology else regions_ok
            ok = _probe_root(b, options, apply, propagate, undo_to, check, self.deadline, stats)
        solutions = self._depth_first(b, ok, limit, full, choose, apply, propagate, undo_to, regions_ok)
        stats["t_search"] = stats.get("t_search", 0.0) + time.perf_counter() - t_start
        return solutions

    def _depth_first(self, b: _Board, ok: bool, limit: int, full: bool,
                     choose, apply, propagate, undo_to, regions_ok) -> list[dict]:
        """The search from the propagated start (``ok``: it held): branch on ``choose``,
        propagate, check the regions, backtrack through the moves not tried yet.
        Iterative, with an explicit stack of frames [trail mark, head, moves, move tried]."""
        deadline, stats, node_limit, labels = self.deadline, self.stats, self.node_limit, self.model.labels
        counts, trail = b.counts, b.trail
        solutions: list[dict] = []
        stack: list[list] = []
        while True:
            deadline.check()
            if ok and counts[1]:
                ok = regions_ok()
            if ok:
                if counts[1] == 0:
                    if not full or counts[0] == 0:
                        solutions.append(_read_solution(b, labels))
                        if len(solutions) >= limit:
                            break
                    ok = False
                else:
                    hi, opts = choose()
                    if not opts:
                        ok = False
                        continue
                    stats["nodes"] += 1
                    if node_limit is not None and stats["nodes"] > node_limit:
                        raise _Budget()
                    stack.append([len(trail), hi, opts, 0])
                    apply(hi, opts[0])
                    ok = propagate()
                    continue
            stats["backtracks"] += 1
            while stack:
                frame = stack[-1]
                undo_to(frame[0])
                frame[3] += 1
                if frame[3] < len(frame[2]):
                    apply(frame[1], frame[2][frame[3]])
                    ok = propagate()
                    break
                stack.pop()
            else:
                break
        return solutions


def _topology_test(b: _Board, model: Numberlink, regions_ok):
    """``regions_ok`` and then the tests of ``obstruct.py`` on the board as drawn (the
    heads of unfinished pairs as their endpoints, every other drawn cell blocked): a
    drawn line turns a pair into a wall, which the tests on the bare board could not
    use.  A few milliseconds a call on a 26x24 board, so for probing, not every node
    (checking every node of the search this way proved none of our open boards in 30 s)."""
    from .obstruct import reason
    W, H, col, heads, done = model.width, model.height, b.col, b.heads, b.done

    def ok() -> bool:
        if not regions_ok():
            return False
        ends, tips = [], set()
        for k in range(b.K):
            if not done[k]:
                for h in (heads[2 * k], heads[2 * k + 1]):
                    cell = b.cell(h)
                    tips.add(cell)
                    ends.append((cell // W, cell % W, model.labels[k]))
        drawn = frozenset(b.cell(p) for p in b.interior if col[p] >= 0) - tips
        return reason(make_model(W, H, ends, "free"), drawn) is None

    return ok


def _probe_root(b: _Board, options, apply, propagate, undo_to, regions_ok, deadline: Deadline,
                stats: dict) -> bool:
    """Failed-move probing at the root: each way on of each line end is drawn,
    propagated and checked (``regions_ok``), then undone; a line end none of whose ways
    survives proves the board has no answer (under the search's rules), a line end
    with one way left takes it.  Passes until one forces nothing.  On the board's own
    trail, so each probe costs one propagation.  The search alone meets a local knot
    of this kind again under every choice it makes elsewhere first (a 24x16 free-cover
    board: past 30 s of search, 46 probes)."""
    trail, done, counts = b.trail, b.done, b.counts
    progress = True
    while progress:
        progress = False
        for hi in range(2 * b.K):
            if done[hi >> 1]:
                continue
            alive = []
            for opt in options(hi):
                deadline.check()
                stats["probes"] = stats.get("probes", 0) + 1
                mark = len(trail)
                apply(hi, opt)
                if propagate() and (counts[1] == 0 or regions_ok()):
                    alive.append(opt)
                undo_to(mark)
            if not alive:
                return False
            if len(alive) == 1:
                apply(hi, alive[0])
                if not propagate():
                    return False
                progress = True
    return True


def _draw_fixed(b: _Board, fixed: dict[int, list[int]], extend, connect) -> bool:
    """Draw the cells of ``fixed`` (see ``Search.run``) from their endpoints; False
    when they do not make paths (a step that is not to an empty neighbour, or past a join)."""
    col, heads, done, D = b.col, b.heads, b.done, b.D
    ok = True
    for hi, chain in fixed.items():
        for cell in chain:
            q = b.at(cell)
            if done[hi >> 1]:
                ok = False
            elif q == heads[hi ^ 1] and q - heads[hi] in D:
                connect(hi >> 1)
            elif col[q] == EMPTY and q - heads[hi] in D:
                extend(hi, q)
            else:
                ok = False
    return ok
