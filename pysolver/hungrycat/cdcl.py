"""Conflict-driven search with clause learning for Hungry Cat (lazy clause generation).

The nonogram family's ``cdcl`` engine carried over to multi-valued cells, on the same
search (:class:`pysolver.linecdcl.LineCDCL`).  Every cell ``i`` and colour ``k`` is a
boolean variable "cell i has colour k" (``v = i * K + k``; literal ``2 * v + 1`` says it
has, ``2 * v`` says it has not).  A cell's candidate mask is the set of its colours not
yet ruled out; the cell's own constraint (exactly one colour) is propagated eagerly: a
colour chosen rules out the others (reason: that choice), and the last colour left is
chosen (reason: the others ruled out).

Each row and column is a propagator that sees every colour of its clue on its own
(:func:`colour_supports`): which cells may hold the colour (``A``), which must (``M``),
and whether ``n`` such cells can be one block, or ``n`` cells that are not one block
(counted: the n-subsets between M and A against the runs among them); a colour no
arrangement puts in a cell is ruled out, a cell that every arrangement colours keeps
only that colour.  The views of one line are taken in turn to a fixpoint.  Every colour
ruled out becomes a literal "cell i is not k" whose reason is the view at that moment,
explained only when conflict analysis needs it: from the cells outside A ("j is not
c") and inside M ("j is c"), newest decision level first, each is given back while the
deduction still follows without it (:func:`colour_feasible` tells), so explanations
only ever name the one colour's cells and are short.  Once every cell is fixed the
views check each count and block flag exactly, so a full assignment is a solution.

The exact line DP of :mod:`.linesolve` (all colours of a line at once, as ``auto``
uses it) was tried as a further propagator, after the views, with explanations
shortened a cell at a time by its forward pass, and dropped: it never paid.  CPU
seconds for a first answer on 41 Hungry Cat versions of corpus pictures (every
non-tournament one up to 40x40 and 10 tournament ones) and on the 30 of
``bench/hungrycat``: views alone 1.21 s and 0.12 s; with the DP at level 0 (3000
states, size estimate up to 5000) 1.67 s and 0.54 s; with it in the search as well
(500 states, estimate 800) 2.37 s and 0.57 s; limit 2 alike.  A DP solve costs
milliseconds in CPython, a view microseconds, and the conflicts it would spare are cheap.

Decisions choose a colour for a cell: VSIDS ranks cells (each variable in a conflict
bumps its cell); the colour is the target phase once those are followed, else the
colour the cell last had, else the one its row and column need most.
"""
from __future__ import annotations

import heapq
from math import comb
from time import perf_counter

from ..base import Deadline, Outcome
from ..linecdcl import LineCDCL, _Stop
from .auto import Grid, totals_mismatch
from .model import Model

CACHE_LIMIT = 300_000


def _windows(A: int, M: int, n: int, L: int) -> list[int]:
    """Masks of the runs of ``n`` cells inside ``A`` that hold all of ``M``."""
    first, last = 0, L - n
    if M:
        first = max(first, M.bit_length() - n)     # (the run must reach M's last cell
        last = min(last, (M & -M).bit_length() - 1)  # and start by its first)
    out = []
    w = ((1 << n) - 1) << first
    for _ in range(first, last + 1):
        if A & w == w and not M & ~w:
            out.append(w)
        w <<= 1
    return out


def colour_supports(A: int, M: int, n: int, block: bool, L: int):
    """One colour of a line seen alone: cells ``A`` may have it, cells ``M`` must; it
    has ``n`` cells in one block (``block``) or not in one block.  Returns the cells
    that may have it and the cells that may not, in some arrangement of this colour
    alone, or None when it has none."""
    line = (1 << L) - 1
    if n == 0:
        return None if M else (0, line)
    wins = _windows(A, M, n, L)
    if block:
        if not wins:
            return None
        may, common = 0, line
        for w in wins:
            may |= w
            common &= w
        return may, line & ~common
    F = A & ~M
    f = F.bit_count()
    r = n - M.bit_count()
    if r < 0 or r > f:
        return None
    nw = len(wins)
    if comb(f, r) <= nw:
        return None
    may_c, may_n = M, line & ~A
    if F:
        with_p = comb(f - 1, r - 1) if r >= 1 else 0
        without_p = comb(f - 1, r) if r <= f - 1 else 0
        if with_p > nw and without_p > nw:
            return may_c | F, may_n | F         # (too many arrangements for the runs)
        x = F
        while x:
            low = x & -x
            x ^= low
            inside = 0
            for w in wins:
                if w & low:
                    inside += 1
            if with_p > inside:
                may_c |= low
            if without_p > nw - inside:
                may_n |= low
    return may_c, may_n


def colour_feasible(A: int, M: int, n: int, block: bool, L: int) -> bool:
    """Whether :func:`colour_supports` finds an arrangement (without listing supports)."""
    if n == 0:
        return not M
    if block:
        return bool(_windows(A, M, n, L))
    f = (A & ~M).bit_count()
    r = n - M.bit_count()
    if not 0 <= r <= f:
        return False
    ways = comb(f, r)
    return ways > L or ways > len(_windows(A, M, n, L))     # (at most L runs)


class CDCL(LineCDCL):
    """One search over a Hungry Cat model; call :meth:`solve` once."""

    #: CPU seconds for a first answer, 76 corpus pictures / four random 60x60 to
    #: 100x100 pictures of 4 to 8 colours: 0.70 / 30.0 with 50, 0.80 / 25.4 with 100;
    #: 0.90 on the first with 200 (the nonogram engine's)
    RESTART_UNIT = 100
    TIMERS = ("t_explain",)

    def __init__(self, m: Model, deadline: Deadline):
        self.m = m
        self.deadline = deadline
        g = self.g = Grid(m)
        self.K = K = m.ncolours
        self.n = n = g.size
        self.full = (1 << K) - 1
        self.line_cells = g.line_cells
        self.cell_lines = g.cell_lines
        #: per line, (colour, count, one block) of each colour of its clue
        self.items = [tuple((c, n, bool(f or n == 1)) for c, n, f in clue)
                      for clue in list(m.rows) + list(m.cols)]
        self.item_of = [{c: (n, b) for c, n, b in items} for items in self.items]
        # (a view's reason is ``(line, colour, A, M, pos, must)`` until explained)
        self._init_search(n * K, n)
        self.dom = [self.full] * n
        W, H = m.width, m.height
        #: per line and colour (``line * K + colour``), the positions that may have the
        #: colour and those that have it, kept up to date by _assign and _backtrack
        self.may = [(1 << W) - 1] * (H * K) + [(1 << H) - 1] * (W * K)
        self.has = [0] * ((H + W) * K)
        #: per cell: its row's and its column's index into those, and its bit in each
        self.at = [((i // W) * K, (H + i % W) * K, 1 << (i % W), 1 << (i // W)) for i in range(n)]
        #: the colour each cell last had (-1: none yet), and the target phases' colours
        self.phase = [-1] * n
        self.target = [-1] * n
        self.pref: list[int] = []
        self.colour_cache: dict = {}
        self.explain_cache: dict = {}
        self.stats = {"conflicts": 0, "nodes": 0, "views": 0, "explanations": 0,
                      "restarts": 0, "learned_kept": 0, "t_explain": 0.0}

    # -- assignment -----------------------------------------------------------------------
    def _assign(self, lit: int, reason) -> None:
        """Assign an unassigned literal and the cell's exactly-one consequences."""
        K = self.K
        v = lit >> 1
        i, k = divmod(v, K)
        lv = len(self.trail_lim)
        val, level, rsn, trail = self.val, self.level, self.reason, self.trail
        may, has = self.may, self.has
        ra, ca, rb, cb = self.at[i]
        val[v] = lit & 1
        level[v] = lv
        rsn[v] = reason
        trail.append(lit)
        dom = self.dom
        if lit & 1:
            has[ra + k] |= rb
            has[ca + k] |= cb
            rest = dom[i] & ~(1 << k)
            dom[i] = 1 << k
            why = [lit]
            base = i * K
            while rest:
                low = rest & -rest
                rest ^= low
                q = low.bit_length() - 1
                u = base + q
                val[u] = 0
                level[u] = lv
                rsn[u] = why
                trail.append(2 * u)
                may[ra + q] &= ~rb
                may[ca + q] &= ~cb
        else:
            may[ra + k] &= ~rb
            may[ca + k] &= ~cb
            d = dom[i] & ~(1 << k)
            dom[i] = d
            if d & (d - 1) == 0:
                c = d.bit_length() - 1
                base = i * K
                u = base + c
                if val[u] == -1:
                    val[u] = 1
                    level[u] = lv
                    rsn[u] = [2 * (base + q) for q in range(K) if q != c]
                    trail.append(2 * u + 1)
                    has[ra + c] |= rb
                    has[ca + c] |= cb

    def _backtrack(self, lvl: int) -> None:
        if len(self.trail_lim) <= lvl:
            return
        mark = self.trail_lim[lvl]
        trail, val, reason, dom, K = self.trail, self.val, self.reason, self.dom, self.K
        heap, activity, phase = self.heap, self.activity, self.phase
        may, has, at = self.may, self.has, self.at
        while len(trail) > mark:
            lit = trail.pop()
            v = lit >> 1
            val[v] = -1
            reason[v] = None
            i, k = divmod(v, K)
            ra, ca, rb, cb = at[i]
            if lit & 1:
                phase[i] = k
                heapq.heappush(heap, (-activity[i], i))
                has[ra + k] &= ~rb
                has[ca + k] &= ~cb
            else:
                dom[i] |= 1 << k
                may[ra + k] |= rb
                may[ca + k] |= cb
        del self.trail_lim[lvl:]
        self.qhead = len(trail)

    # -- propagation ----------------------------------------------------------------------
    def _propagate(self, seed=()):
        """Clauses and lines to a fixpoint: None, or a conflict as a list of true
        literals that cannot all hold."""
        trail, K = self.trail, self.K
        watches, reason, cell_lines = self.watches, self.reason, self.cell_lines
        dirty: set[int] = set(seed)
        check = self.deadline.check
        while True:
            while self.qhead < len(trail):
                lit = trail[self.qhead]
                self.qhead += 1
                if not lit & 1:
                    # a colour ruled out: the cell's lines (but the one that did it,
                    # which is at its fixpoint) look again
                    why = reason[lit >> 1]
                    src = why[0] if type(why) is tuple else -1
                    a, b = cell_lines[(lit >> 1) // K]
                    if a != src:
                        dirty.add(a)
                    if b != src:
                        dirty.add(b)
                if watches[lit ^ 1]:
                    conflict = self._watch(lit ^ 1)
                    if conflict is not None:
                        return conflict
            if not dirty:
                return None
            check()
            conflict = self._solve_line(dirty.pop())
            if conflict is not None:
                return conflict

    def _solve_line(self, line: int):
        """Each colour of the line's clue on its own, in turn to a fixpoint: a conflict
        explained at once, or None (deductions keep a lazy reason)."""
        cells = self.line_cells[line]
        dom, K, L, val = self.dom, self.K, len(cells), self.val
        may, has, at = self.may, self.has, line * self.K
        cache = self.colour_cache
        assign = self._assign
        changed = True
        while changed:
            changed = False
            for colour, n, block in self.items[line]:
                bit = 1 << colour
                A = may[at + colour]
                M = has[at + colour]
                key = (A, M, n, block, L)
                got = cache.get(key, 0)
                if got == 0:
                    self.stats["views"] += 1
                    got = colour_supports(A, M, n, block, L)
                    if len(cache) >= CACHE_LIMIT:
                        cache.clear()
                    cache[key] = got
                if got is None:
                    return self._explain_colour((line, colour, A, M, -1, 0))
                may_c, may_n = got
                lose = A & ~may_c               # cells that cannot have the colour
                keep = A & ~may_n & ~M          # cells that must have it
                if not (lose or keep):
                    continue
                changed = True
                while lose:
                    low = lose & -lose
                    lose ^= low
                    p = low.bit_length() - 1
                    assign(2 * (cells[p] * K + colour), (line, colour, A, M, p, 0))
                while keep:
                    low = keep & -keep
                    keep ^= low
                    p = low.bit_length() - 1
                    base = cells[p] * K
                    why = (line, colour, A, M, p, 1)
                    rest = dom[cells[p]] & ~bit
                    while rest:
                        low2 = rest & -rest
                        rest ^= low2
                        u = base + low2.bit_length() - 1
                        if val[u] == -1:
                            assign(2 * u, why)
        return None

    # -- explanations ---------------------------------------------------------------------
    def _explain_colour(self, why: tuple) -> list[int]:
        """True literals about one colour that make its view of the line rule the
        deduction (or, pos = -1, the conflict): the colour ruled out of cells (A) and
        cells fixed to it (M), shortened greedily, newest first."""
        line, colour, A, M, pos, must = why
        self.stats["explanations"] += 1
        n, block = self.item_of[line][colour]
        cells = self.line_cells[line]
        L = len(cells)
        key = (n, block, L, A, M, pos, must, colour, line)
        kept = self.explain_cache.get(key)
        if kept is None:
            t0 = perf_counter()
            level, K = self.level, self.K
            a, mm = A, M
            if pos >= 0:
                if must:
                    a &= ~(1 << pos)
                else:
                    mm |= 1 << pos
            cand = []
            outside = ((1 << L) - 1) & ~A
            for p in range(L):
                if p == pos:
                    continue
                low = 1 << p
                if not (outside | M) & low:
                    continue
                lv = level[cells[p] * K + colour]       # "p is not c", or "p is c"
                if lv > 0:
                    cand.append((-lv, -abs(p - pos), p))
            cand.sort()
            need_out = need_in = 0
            for _, _, p in cand:
                low = 1 << p
                if outside & low:
                    if colour_feasible(a | low, mm, n, block, L):
                        need_out |= low
                    else:
                        a |= low
                else:
                    if colour_feasible(a, mm & ~low, n, block, L):
                        need_in |= low
                    else:
                        mm &= ~low
            kept = (need_out, need_in)
            if len(self.explain_cache) >= CACHE_LIMIT:
                self.explain_cache.clear()
            self.explain_cache[key] = kept
            self.stats["t_explain"] += perf_counter() - t0
        need_out, need_in = kept
        K = self.K
        out = []
        for bits, plus in ((need_out, 0), (need_in, 1)):
            while bits:
                low = bits & -bits
                bits ^= low
                out.append(2 * (cells[low.bit_length() - 1] * K + colour) + plus)
        return out

    # -- explanations ---------------------------------------------------------------------
    def _explain_reason(self, v: int, why) -> list[int]:
        return self._explain_colour(why)

    # -- decisions ------------------------------------------------------------------------
    def _bump_var(self, v: int) -> None:
        i = v // self.K
        a = self.activity[i] + self.bump
        self.activity[i] = a
        heapq.heappush(self.heap, (-a, i))

    def _rebuild_heap(self) -> None:
        dom = self.dom
        self.heap = [(-a, i) for i, a in enumerate(self.activity) if dom[i] & (dom[i] - 1)]
        heapq.heapify(self.heap)

    def _next_decision(self) -> int:
        heap, dom, activity = self.heap, self.dom, self.activity
        i = -1
        while heap:
            a, j = heapq.heappop(heap)
            d = dom[j]
            if d & (d - 1) and -a == activity[j]:
                i = j
                break
        else:
            for j, d in enumerate(dom):          # (stale entries only: any open cell?)
                if d & (d - 1):
                    i = j
                    break
        if i < 0:
            return -1
        return 2 * (i * self.K + self._colour(i)) + 1

    def _colour(self, i: int) -> int:
        d = self.dom[i]
        if self.follow_target:
            t = self.target[i]
            if t >= 0 and d >> t & 1:
                return t
        p = self.phase[i]
        if p >= 0 and d >> p & 1:
            return p
        p = self.pref[i]
        return p if d >> p & 1 else (d & -d).bit_length() - 1

    def _set_target(self, length: int) -> None:
        target, K = self.target, self.K
        for q in self.trail[:length]:
            if q & 1:
                target[(q >> 1) // K] = (q >> 1) % K

    # -- the search (LineCDCL's loop) ------------------------------------------------------
    def _start(self) -> None:
        """Level 0: colours a line's clue does not list are ruled out of its cells, then
        every line is propagated."""
        K = self.K
        for li, cells in enumerate(self.line_cells):
            allowed = 0
            for colour, _, _ in self.items[li]:
                allowed |= 1 << colour
            for i in cells:
                gone = self.dom[i] & ~allowed
                if gone == self.dom[i]:
                    raise _Stop(True)
                base = i * K
                while gone:
                    low = gone & -gone
                    gone ^= low
                    u = base + low.bit_length() - 1
                    if self.val[u] == -1:
                        self._assign(2 * u, None)
        if self._propagate(range(len(self.line_cells))) is not None:
            raise _Stop(True)
        self._preferences()

    def open_at_root(self) -> int | None:
        """Cells left with more than one colour once every colour of every line has
        been seen on its own to a fixpoint, before any decision (0: the clues have one
        solution); None when they contradict.  Weaker than the counting rules and
        joint line DP that grading runs (:mod:`.grade`), but each view is a bit-mask
        pass, so it stays cheap on lines of many colours that are not blocks, where
        that DP blows up (a 20x20 noise picture of 4 colours: 0.2 s per line)."""
        try:
            self._start()
        except _Stop:
            return None
        return sum(1 for d in self.dom if d & (d - 1))

    def _preferences(self) -> None:
        """First choice of colour for a cell: the colour its row and column need most."""
        K = self.K
        need = [[0] * K for _ in self.items]
        for li, items in enumerate(self.items):
            for colour, count, _ in items:
                need[li][colour] = count
        self.pref = []
        for i, d in enumerate(self.dom):
            a, b = self.cell_lines[i]
            best, score = (d & -d).bit_length() - 1, -1
            for c in range(K):
                if d >> c & 1 and need[a][c] + need[b][c] > score:
                    best, score = c, need[a][c] + need[b][c]
            self.pref.append(best)

    def _solution(self) -> dict:
        return self.g.to_solution(self.dom)


def solve(m: Model, deadline: Deadline, limit: int = 1) -> Outcome:
    why = totals_mismatch(m)
    if why:
        return Outcome([], True, {"nodes": 0, "conflicts": 0}, note=f"no solution: {why}")
    return CDCL(m, deadline).solve(limit)
