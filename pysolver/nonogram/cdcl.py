"""Conflict-driven search with clause learning for black-and-white grids.

The line solver (:mod:`.linesolve`) is the propagator, as in lazy clause generation
(the technique of CP solvers such as Chuffed): cells are boolean variables, and every
line is a constraint that, when solved, fixes some cells and remembers why.  When a
decision leads to a contradiction, the chain of reasons is analysed back to its first
unique implication point and the lesson is kept as a learned clause, so the search
never walks into the same dead end twice.  Depth-first search with probing (``auto``'s
other engine) re-discovers the same dead ends in every branch, which is what makes
structured puzzles such as the Dom series and "Forever" slow for it.

Reasons of line deductions are explained lazily, only when conflict analysis needs them:
from the line's state at the time of the deduction, the fixed cells that are not needed
to keep the opposite value impossible are dropped one by one (the literals of the
newest decision levels first, then the farthest cells), each drop kept if the line
still has no arrangement.  The drops are tested many at a time
(:func:`.linesolve.greedy_keep`: every prefix of the order in one forward feasibility
pass on copies of the line): the same explanations from 2.9 passes instead of 11.4
tests of one cell each, on tournament puzzles.  Short explanations make short learned
clauses, which prune much more (unshortened ones needed three to seven times as many
conflicts on tournament puzzles).

Literals are ``2 * cell + value`` ("cell has value": 1 filled, 0 blank); a literal's
negation is ``lit ^ 1``.  Line states are the two masks of :mod:`.linesolve` (may be
blank, may be filled), kept up to date as cells are assigned and unassigned.

Search: VSIDS activity with phase saving and, in long searches, target phases; Luby
restarts; learned clauses minimised recursively (literals the others imply are
dropped), ranked by LBD (the number of decision levels they span) and
the worse half dropped from time to time.  Up to ``limit`` solutions are enumerated by
blocking each one found with the clause "not all of these decisions again", so
``limit=2`` proves uniqueness.  That search, and the clauses, are
:class:`pysolver.linecdcl.LineCDCL`'s, shared with Hungry Cat's engine; this module
brings the cells, the line propagator and its explanations.
"""
from __future__ import annotations

import heapq
from time import perf_counter

from ..base import Deadline, Outcome
from ..linecdcl import LineCDCL, _Stop
from .engine import CACHE_LIMIT, prepare_lines
from .linesolve import bw_plan, feasible_planned, greedy_keep, solve_line_bw, solve_packed
from .model import Model

#: restart unit (conflicts); the run lengths follow the Luby sequence times this.  On
#: two samples of 102 tournament puzzles (capped at 3000 conflicts), 200 against 100:
#: geometric mean of conflicts 89.7 / 81.8 against 95.2 / 89.4, 18 puzzles unfinished
#: against 19; 50 was much worse (111.1 on the first), 300 and 400 no better
RESTART_UNIT = 200
#: target phases are followed from the first restart after this many conflicts.  On the
#: 102 tournament puzzles (5000 conflicts at most, two tie-break seeds) they left 6 and 5
#: puzzles unfinished instead of 11 and 7, and cut the geometric mean of conflicts from
#: 138 and 118 to 122 and 110.  Followed from the start they lengthened many short
#: searches (27 -> 607 conflicts on one puzzle): there the phases of the root probing
#: pass lead better.  Checked again with a restart unit of 200 on 204 puzzles (3000
#: conflicts at most): 150 and 700 left 22 and 20 unfinished, 300 left 18.
TARGET_AFTER = 300
#: learned clauses kept before the first clean-up, and the growth per clean-up.  1000/200
#: looked better on the 62 corpus boards over 5 s with these (589 s and 55 solved
#: against 727 s and 53; 500/100 won on 24 of them and lost on the other 38), but that
#: was regression to the mean: on the whole of ../shared/corpus/nonogram (20 s limit)
#: 1000/200 solved 2 more and took 1200 s against 1115 s (timeouts as 20 s), many
#: boards of 1-5 s here taking 6-20 s there.  Tune on the whole corpus, never on the
#: boards a setting found slow.
REDUCE_FIRST = 2000
REDUCE_STEP = 300


def feasible_bw(lengths: list[int], n: int, blank0: int, fill0: int) -> bool:
    """:func:`feasible_planned` for a clue given by its block lengths."""
    return feasible_planned(bw_plan(lengths), n, blank0, fill0)


class CDCL(LineCDCL):
    """One search over a black-and-white model; call :meth:`solve` once.  Variables
    are the cells (1 filled, 0 blank); the search itself is :class:`LineCDCL`'s."""

    # (read from this module's constants when the search runs, so they can be tuned)
    RESTART_UNIT = property(lambda self: RESTART_UNIT)
    TARGET_AFTER = property(lambda self: TARGET_AFTER)
    REDUCE_FIRST = property(lambda self: REDUCE_FIRST)
    REDUCE_STEP = property(lambda self: REDUCE_STEP)
    TIMERS = ("t_line", "t_probe", "t_explain")

    def __init__(self, model: Model, deadline: Deadline, probe_first: bool = False,
                 avoid: list[str] | None = None, known: list[str] | None = None):
        if model.colours != 2:
            raise ValueError("the clause-learning search handles black-and-white grids")
        self.deadline = deadline
        self.model = model
        self.probe_first = probe_first
        #: a grid (rows of keys) every answer must differ from
        self.avoid = avoid
        #: a grid of keys and "?" whose known cells every answer has (see solve_cdcl)
        self.known = known
        self.W, self.H = W, H = model.width, model.height
        self.ncells = W * H
        self.clues, self.cid = prepare_lines(model)
        self.nlines = H + W
        #: cell index of each position of each line
        self.line_cells = ([[r * W + c for c in range(W)] for r in range(H)]
                           + [[r * W + c for r in range(H)] for c in range(W)])
        #: the row and the column of each cell
        self.row_of = [i // W for i in range(W * H)]
        self.col_of = [H + i % W for i in range(W * H)]
        #: the bit of each cell in its row's masks, and in its column's
        self.row_bit = [1 << (i % W) for i in range(W * H)]
        self.col_bit = [1 << (i // W) for i in range(W * H)]
        full_row, full_col = (1 << W) - 1, (1 << H) - 1
        self.can_blank = [full_row] * H + [full_col] * W
        self.can_fill = [full_row] * H + [full_col] * W
        n = self.ncells
        # (a line reason is ``(line, can_blank, can_fill)`` until explained)
        self._init_search(n, n)
        self.phase = [0] * n
        #: the activity of the heap entry through which each cell can still be picked, or
        #: -1.0 when the heap holds none (popped, or stale): a cell that is unassigned
        #: again is pushed only when it has none, instead of at every backtrack, which
        #: filled the heap with duplicates.  (The decisions are those of the pushes made
        #: every time: the first unassigned cell of the highest activity.)
        self.in_heap = [0.0] * n
        #: target phases: -1 where the target trail said nothing
        self.target = [-1] * n
        #: per line: its length, the clue's plan for solve_packed, the positions' crossing
        #: lines, and the mask that clears this line's bit in them
        self.line_n = [W] * H + [H] * W
        self.line_plan = [lc.packed for lc in self.clues]
        self.cross = [[H + c for c in range(W)]] * H + [list(range(H))] * W
        self.cross_keep = [~(1 << r) for r in range(H)] + [~(1 << c) for c in range(W)]
        #: line results (packed as solve_packed's, 0: no arrangement fits) keyed by the
        #: packed line, one dictionary per clue id (each line holds its clue's), emptied
        #: all together once they hold CACHE_LIMIT entries
        by_cid: dict[int, dict[int, int]] = {}
        self.line_cache = [by_cid.setdefault(c, {}) for c in self.cid]
        self.line_cache_size = 0
        self.explain_cache: dict = {}
        # (bench shows where the time went: t_line in the line solver, t_probe in the root
        # probing pass, t_explain shortening explanations, t_search the rest: clauses,
        # analysis, decisions; nodes are decisions)
        self.stats = {"conflicts": 0, "nodes": 0, "line_solves": 0, "explanations": 0,
                      "explanations_reused": 0, "restarts": 0, "learned_kept": 0,
                      "t_line": 0.0, "t_probe": 0.0, "t_explain": 0.0}

    # -- assignment -----------------------------------------------------------------------
    def _assign(self, lit: int, reason) -> None:
        i = lit >> 1
        self.val[i] = lit & 1
        self.level[i] = len(self.trail_lim)
        self.reason[i] = reason
        self.trail.append(lit)
        r, c = divmod(i, self.W)
        masks = self.can_blank if lit & 1 else self.can_fill
        masks[r] &= ~(1 << c)
        masks[self.H + c] &= ~(1 << r)

    def _backtrack(self, level: int) -> None:
        if len(self.trail_lim) <= level:
            return
        mark = self.trail_lim[level]
        trail, val = self.trail, self.val
        can_blank, can_fill, phase, reason = self.can_blank, self.can_fill, self.phase, self.reason
        heap, activity, in_heap = self.heap, self.activity, self.in_heap
        row_of, col_of, row_bit, col_bit = self.row_of, self.col_of, self.row_bit, self.col_bit
        push = heapq.heappush
        for m in range(len(trail) - 1, mark - 1, -1):
            lit = trail[m]
            i = lit >> 1
            phase[i] = lit & 1
            val[i] = -1
            reason[i] = None
            masks = can_blank if lit & 1 else can_fill
            masks[row_of[i]] |= row_bit[i]
            masks[col_of[i]] |= col_bit[i]
            a = activity[i]
            if in_heap[i] != a:
                push(heap, (-a, i))
                in_heap[i] = a
        del trail[mark:]
        del self.trail_lim[level:]
        self.qhead = len(trail)

    # -- propagation ----------------------------------------------------------------------
    def _propagate(self):
        """Clauses and lines to a fixpoint: None, or the conflict as a list of literals
        that are all true and cannot all hold (explained at once: analysis needs it)."""
        trail, val = self.trail, self.val
        watches, reason = self.watches, self.reason
        can_blank, can_fill = self.can_blank, self.can_fill
        caches, plans, line_n = self.line_cache, self.line_plan, self.line_n
        level, row_of, col_of = self.level, self.row_of, self.col_of
        qhead = self.qhead                      # (written back before every return)
        dirty: set[int] = set()
        while True:
            while qhead < len(trail):
                lit = trail[qhead]
                qhead += 1
                i = lit >> 1
                # The line that deduced a cell is at its fixpoint: it needs no new solve.
                why = reason[i]
                src = why[0] if type(why) is tuple else -1
                row = row_of[i]
                if src != row:
                    dirty.add(row)
                col = col_of[i]
                if src != col:
                    dirty.add(col)
                if watches[lit ^ 1]:
                    conflict = self._watch(lit ^ 1)
                    if conflict is not None:
                        self.qhead = qhead
                        return conflict
            if not dirty:
                self.qhead = qhead
                return None
            line = dirty.pop()
            b0, f0 = can_blank[line], can_fill[line]
            n = line_n[line]
            x = b0 | (f0 << n)
            cache = caches[line]
            got = cache.get(x, -1)
            if got < 0:
                stats = self.stats
                stats["line_solves"] += 1
                t0 = perf_counter()
                got = solve_packed(plans[line], x)
                stats["t_line"] += perf_counter() - t0
                if self.line_cache_size >= CACHE_LIMIT:
                    for d in caches:
                        d.clear()
                    self.line_cache_size = 0
                cache[x] = got
                self.line_cache_size += 1
            if got == x:
                continue                        # nothing new
            if not got:
                self.qhead = qhead
                return self._explain(line, b0, f0, -1, 0)
            nb = got & ((1 << n) - 1)
            nf = got >> n
            can_blank[line] = nb
            can_fill[line] = nf
            why = (line, b0, f0)
            cells = self.line_cells[line]
            cross = self.cross[line]
            keep = self.cross_keep[line]
            depth = len(self.trail_lim)
            # (assignments inlined: this is the hot path; the line's own masks are set
            # above, its cells' crossing lines lose this line's bit.  Filled cells
            # first, then blank ones, each from the lowest position, as _assign would.)
            gone = b0 & ~nb
            while gone:
                low = gone & -gone
                gone ^= low
                p = low.bit_length() - 1
                i = cells[p]
                val[i] = 1
                level[i] = depth
                reason[i] = why
                trail.append(2 * i + 1)
                can_blank[cross[p]] &= keep
            gone = f0 & ~nf
            while gone:
                low = gone & -gone
                gone ^= low
                p = low.bit_length() - 1
                i = cells[p]
                val[i] = 0
                level[i] = depth
                reason[i] = why
                trail.append(2 * i)
                can_fill[cross[p]] &= keep

    # -- explanations ---------------------------------------------------------------------
    def _explain(self, line: int, b0: int, f0: int, pos: int, v: int) -> list[int]:
        """True literals of ``line`` (from its state ``b0``/``f0``) that force cell
        ``pos`` to value ``v``, or (pos = -1) that the line cannot hold."""
        self.stats["explanations"] += 1
        # (keyed by line, not by clue: an explanation leaves out the cells fixed at
        # level 0, which on another line with the same clue and state may have been
        # fixed at a later level, so the explanation would be too short there.)
        # Reusing an explanation whenever its cells are fixed the same way again (the
        # latest 4 per line, cell and value) answered 40-65% of the requests instead
        # of about 26%, but made the searches of 50-1000 conflicts longer (conflicts
        # x1.10, x1.40, x1.20 in geometric mean on three random samples of tournament
        # and corpus boards) and some long ones much longer (taai2020-0500: 3140
        # conflicts -> over 25000): not kept.
        key = (line, b0, f0, pos, v)
        kept = self.explain_cache.get(key)
        if kept is None:
            t0 = perf_counter()
            kept = self._shrink(line, b0, f0, pos, v)
            if len(self.explain_cache) >= CACHE_LIMIT:
                self.explain_cache.clear()
            self.explain_cache[key] = kept
            self.stats["t_explain"] += perf_counter() - t0
        else:
            self.stats["explanations_reused"] += 1
        out = []
        val = self.val
        cells = self.line_cells[line]
        while kept:
            low = kept & -kept
            kept ^= low
            i = cells[low.bit_length() - 1]
            out.append(2 * i + val[i])
        return out

    def _shrink(self, line: int, b0: int, f0: int, pos: int, v: int) -> int:
        """Positions of the fixed cells needed (a mask), dropping unneeded ones greedily;
        cells fixed at level 0 are kept but not reported."""
        lc = self.clues[line]
        n = lc.n
        fixed = (b0 ^ f0) & ((1 << n) - 1)
        if pos >= 0:
            bit = 1 << pos
            fixed &= ~bit
            if v:
                f0 &= ~bit                      # the test: the cell blank instead
            else:
                b0 &= ~bit
        cells = self.line_cells[line]
        level = self.level
        keys = []
        # (each cell's place in the order as one int, -level, then -distance, then
        # position, in fields of ``b`` bits: ints sort faster than tuples)
        b = n.bit_length() + 1
        x = fixed
        while x:
            low = x & -x
            x ^= low
            p = low.bit_length() - 1
            lv = level[cells[p]]
            if lv:                             # (level 0: always true, kept, not reported)
                keys.append((-lv << (2 * b)) + ((n - abs(p - pos)) << b) + p)
        # Newest first: what is left leans on older decisions, so learned clauses span
        # fewer levels and jump back further (31% fewer conflicts on tournament
        # puzzles than dropping the farthest cells first).
        keys.sort()
        return greedy_keep(lc.bw_plan, n, b0, f0, keys, (1 << b) - 1)

    def _explain_reason(self, i: int, why) -> list[int]:
        """The true literals that made cell i take its value, from its line's state."""
        line, b0, f0 = why
        pos = i % self.W if line < self.H else i // self.W
        return self._explain(line, b0, f0, pos, self.val[i])

    # -- learning (the rest is LineCDCL's) ----------------------------------------------
    def _bump_var(self, i: int) -> None:
        a = self.activity[i] + self.bump
        self.activity[i] = a
        if self.val[i] == -1:
            heapq.heappush(self.heap, (-a, i))
            self.in_heap[i] = a

    def _rebuild_heap(self) -> None:
        """Drop the stale entries the lazy heap collects."""
        val = self.val
        self.heap = [(-a, i) for i, a in enumerate(self.activity) if val[i] == -1]
        heapq.heapify(self.heap)
        self.in_heap = [a if val[i] == -1 else -1.0 for i, a in enumerate(self.activity)]

    def _decide(self) -> int:
        heap, val, activity, in_heap = self.heap, self.val, self.activity, self.in_heap
        pop = heapq.heappop
        while heap:
            a, i = pop(heap)
            if -a == activity[i]:
                in_heap[i] = -1.0               # (its entry is gone)
                if val[i] == -1:
                    return i
        return -1

    # -- the search (LineCDCL's loop) ------------------------------------------------------
    def _start(self) -> None:
        if self.known is not None:
            filled = self.model.keys[1]
            for r, row in enumerate(self.known):
                for c, key in enumerate(row):
                    if key != "?":
                        self._assign(2 * (r * self.W + c) + (key == filled), None)
        for line in range(self.nlines):
            self._solve_line_at_root(line)
        conflict = self._propagate()
        if conflict is not None:
            raise _Stop(True)
        if self.probe_first:
            self._seed_from_probing()
            if self._propagate() is not None:
                raise _Stop(True)
        if self.avoid is not None:
            self._differ_from(self.avoid)

    def _differ_from(self, grid: list[str]) -> None:
        """One clause at the root: some cell takes the other value than in ``grid``
        (one search then finds a second answer, or proves there is none, without
        finding ``grid`` first and blocking it)."""
        filled = self.model.keys[1]
        lits = []
        for r, row in enumerate(grid):
            for c, key in enumerate(row):
                i = r * self.W + c
                lit = 2 * i + (key != filled)
                v = self.val[i]
                if v == lit & 1:
                    return                              # it differs already
                if v == -1:
                    lits.append(lit)
        if not lits:
            raise _Stop(True)
        if len(lits) == 1:
            self._assign(lits[0], None)
        else:
            self._add_clause(lits, len(lits), learned=False)
        if self._propagate() is not None:
            raise _Stop(True)

    def _next_decision(self) -> int:
        i = self._decide()
        if i < 0:
            return -1
        t = self.target[i] if self.follow_target else -1
        return 2 * i + (self.phase[i] if t < 0 else t)

    def _set_target(self, length: int) -> None:
        target = self.target
        for q in self.trail[:length]:
            target[q >> 1] = q & 1

    def _seed_from_probing(self) -> None:
        t0 = perf_counter()
        try:
            self._probe_and_seed()
        finally:
            self.stats["t_probe"] += perf_counter() - t0

    def _probe_and_seed(self) -> None:
        """One probing sweep at the root (:meth:`.bwprobe.BwProber.root_pass`, the pass
        of :class:`.probing.Prober` on packed lines): the cells it fixes become facts,
        and its scores and preferred values the first activities and phases."""
        from .bwprobe import BwProber
        from .engine import Engine
        eng = Engine(self.model, self.deadline)
        # (from the lines as the root's line solving left them: at their fixpoint)
        eng.state = list(zip(self.can_blank, self.can_fill))
        prober = BwProber(eng)
        scores = prober.root_pass()
        if scores is None:
            raise _Stop(True)
        self.stats["root_probes"] = prober.probes
        W = self.W
        for r, x in enumerate(prober.lines[:self.H]):
            open_ = x & (x >> W)
            for c in range(W):
                i = r * W + c
                if self.val[i] == -1 and not (open_ >> c) & 1:
                    self._assign(2 * i + ((x >> (c + W)) & 1), None)
        top = max((sc for sc, _ in scores.values()), default=1) or 1
        for (r, c), (score, order) in scores.items():
            i = r * W + c
            self.activity[i] = score / top          # (below one conflict's bump)
            self.phase[i] = order[0]                # the branch that decides more
        self._rebuild_heap()

    def _solve_line_at_root(self, line: int) -> None:
        """Initial line solving: fixes at level 0 need no reasons."""
        b0, f0 = self.can_blank[line], self.can_fill[line]
        t0 = perf_counter()
        got = solve_line_bw(self.clues[line], (b0, f0))
        self.stats["t_line"] += perf_counter() - t0
        self.stats["line_solves"] += 1
        if got is None:
            raise _Stop(True)
        nb, nf = got
        for gone, v in ((b0 & ~nb, 1), (f0 & ~nf, 0)):
            while gone:
                low = gone & -gone
                gone ^= low
                i = self.line_cells[line][low.bit_length() - 1]
                if self.val[i] == -1:
                    self._assign(2 * i + v, None)

    def _solution(self) -> dict:
        W = self.W
        blank, filled = self.model.keys          # ('.', '#'), or a one-colour palette's key
        return {"grid": ["".join(filled if self.val[r * W + c] else blank for c in range(W))
                         for r in range(self.H)]}


# The root probing pass (BwProber.root_pass) makes one sweep over the grid, not sweeps
# until nothing changes: one sweep probes about 40% fewer cells on 25x25 tournament
# puzzles (icga2016-0200: 679 probes instead of 1532) and its phases lead about as well.
# On 115 tournament puzzles (two random samples of 60, CPU time, one process) the
# geometric mean of the per-puzzle time ratios was 0.90 against the full fixpoint;
# median 0.189 s -> 0.183 s, 90th percentile 3.19 s -> 2.86 s; conflicts about the same
# (88630 against 88332 in all).  On one sample it was much better (median 0.20 -> 0.15
# s, though there the fixpoint run still had the older, ~11% slower line solver), on the
# other even (0.174 s against 0.177 s): a modest gain, not a cure.

#: grids up to this many cells start with a probing pass when one answer is wanted
PROBE_MAX_CELLS = 1024


def solve_cdcl(model: Model, deadline: Deadline, limit: int = 1, avoid: list[str] | None = None,
               known: list[str] | None = None) -> Outcome:
    """Up to ``limit`` solutions.  A search for one answer on a small grid starts from a
    probing pass: its preferred values lead to an answer sooner (on 102 tournament
    puzzles, alternating runs: median 0.48 s -> 0.35 s, 7 -> 5 over 10 s).  Proofs gain
    nothing from it (9.1 s against 7.8 s on 18 mixed puzzles with limit 2), and on
    large grids the pass itself costs too much (0.3 s on a 50x45 survey puzzle).
    ``avoid``: a grid (rows of keys) the answers must differ from: a second answer
    beside a known one in one search.  ``known``: rows of keys and ``?``, cells that
    every answer has (what the grading of a maker deduced from the clues, say), fixed
    at the root before anything else: the uniqueness proofs of fiendish 20x20 pictures
    from the grade's stall took 0.70 s for 150 instead of 1.83 s."""
    probe = limit == 1 and model.width * model.height <= PROBE_MAX_CELLS
    return CDCL(model, deadline, probe_first=probe, avoid=avoid, known=known).solve(limit)
