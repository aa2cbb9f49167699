"""The clause-learning search shared by the line families (lazy clause generation).

A family's engine subclasses :class:`LineCDCL` and brings its variables, its line
propagator and the explanations of its deductions; this module holds what does not
depend on them: watched clauses, first-UIP conflict analysis with recursive
minimisation, the learned clause database (ranked by LBD, the worse half forgotten
from time to time), Luby restarts with target phases, and the enumeration of solutions
by blocking each one's decisions, so that ``limit=2`` proves uniqueness.

Literals are ``2 * var + value`` (value 1: the variable is true); a literal's negation
is ``lit ^ 1``.  ``val[var]`` is -1 while unassigned.  ``reason[var]`` is None for
decisions and level-0 facts, a clause index, a list of true literals (an explained
reason), or anything else the engine explains on demand in :meth:`_explain_reason`
(a line's state when it made the deduction, say).

What an engine provides (see :mod:`pysolver.nonogram.cdcl` and
:mod:`pysolver.hungrycat.cdcl`): ``_assign(lit, reason)`` (assign an unassigned literal,
with whatever it implies at once), ``_backtrack(level)``, ``_propagate()`` (clauses
through :meth:`_watch`, then its lines, to a fixpoint: None or a conflict as a list of
true literals that cannot all hold), ``_explain_reason(var, why)``, ``_start()``
(level-0 propagation; raise ``_Stop(True)`` on a contradiction), ``_next_decision()``
(a literal, or -1 when every variable is assigned), ``_bump_var(var)``,
``_rebuild_heap()``, ``_set_target(length)`` (remember the trail's first ``length``
literals as target phases) and ``_solution()`` (the current full assignment as the
family's solution dict).  Its ``stats`` dict must hold the timers it names in
``TIMERS`` (seconds spent outside the search proper).
"""
from __future__ import annotations

from time import perf_counter

from .base import Cancelled, Outcome, SolveTimeout


def luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


class _Stop(Exception):
    """Enough solutions (``exhausted`` False), or no further ones exist."""

    def __init__(self, exhausted: bool):
        super().__init__()
        self.exhausted = exhausted


class LineCDCL:
    """The search; an engine sets up the fields below in its ``__init__`` and calls
    :meth:`_init_search` with its number of variables."""

    #: restart unit (conflicts): run lengths follow the Luby sequence times this
    RESTART_UNIT = 200
    #: target phases are followed from the first restart after this many conflicts
    TARGET_AFTER = 300
    #: learned clauses kept before the first clean-up, and the growth per clean-up
    REDUCE_FIRST = 2000
    REDUCE_STEP = 300
    #: timers in ``stats`` (seconds) that ``t_search`` leaves out
    TIMERS: tuple[str, ...] = ()

    def _init_search(self, nvars: int, nunits: int) -> None:
        """The fields of the search: ``nvars`` variables, ``nunits`` decision units
        (what VSIDS ranks: the variables themselves, or cells)."""
        self.val = [-1] * nvars
        self.level = [0] * nvars
        self.reason: list = [None] * nvars
        self.trail: list[int] = []
        self.trail_lim: list[int] = []
        self.qhead = 0
        self.clauses: list[list[int] | None] = []
        self.lbd: list[int] = []
        self.watches: list[list[int]] = [[] for _ in range(2 * nvars)]
        self.learned: list[int] = []
        self.activity = [0.0] * nunits
        self.bump = 1.0
        self.heap = [(0.0, i) for i in range(nunits)]
        self.nunits = nunits
        #: target phases (Biere and Fleury, "Chasing Target Phases", 2020): the values
        #: of the longest conflict-free trail since the last restart; once
        #: ``follow_target`` is set (``TARGET_AFTER``), decisions follow them before the
        #: saved phase
        self.target_len = 0
        self.follow_target = False

    # -- clauses --------------------------------------------------------------------------
    def _watch(self, false_lit: int):
        """Visit the clauses watching ``false_lit`` (just made false): move watches,
        assign unit literals; the conflict (true literals) when a clause is falsified.

        Watch lists hold pairs (clause, blocker): a clause whose blocker literal is
        true is satisfied and left alone without reading it (MiniSat's trick)."""
        ws = self.watches[false_lit]
        val, clauses, watches = self.val, self.clauses, self.watches
        keep = 0
        k = 0
        nws = len(ws)
        while k < nws:
            ci = ws[k]
            blocker = ws[k + 1]
            k += 2
            if val[blocker >> 1] == (blocker & 1):
                ws[keep] = ci
                ws[keep + 1] = blocker
                keep += 2
                continue
            cl = clauses[ci]
            if cl is None:
                continue                      # forgotten
            if cl[0] == false_lit:
                cl[0], cl[1] = cl[1], false_lit
            first = cl[0]
            fv = val[first >> 1]
            if first != blocker and fv == (first & 1):
                ws[keep] = ci
                ws[keep + 1] = first
                keep += 2
                continue
            for m in range(2, len(cl)):
                q = cl[m]
                qv = val[q >> 1]
                if qv == -1 or qv == (q & 1):
                    cl[1], cl[m] = q, false_lit
                    watches[q] += (ci, first)
                    break
            else:
                ws[keep] = ci
                ws[keep + 1] = first
                keep += 2
                if fv == -1:
                    self._assign(first, ci)
                else:
                    ws[keep:] = ws[k:]
                    return [q ^ 1 for q in cl]
        del ws[keep:]
        return None

    def _add_clause(self, lits: list[int], lbd: int, learned: bool = True) -> int:
        """Watch a clause of two or more literals; learned ones may be forgotten later,
        the others (solutions blocked) never are."""
        ci = len(self.clauses)
        self.clauses.append(lits)
        self.lbd.append(lbd)
        self.watches[lits[0]] += (ci, lits[1])
        self.watches[lits[1]] += (ci, lits[0])
        if learned:
            self.learned.append(ci)
        return ci

    def _reduce(self) -> None:
        """Forget the worse half of the learned clauses (highest LBD first), keeping
        those that are the reason of a current assignment."""
        locked = {why for why in self.reason if type(why) is int}
        ranked = sorted(self.learned, key=lambda ci: -self.lbd[ci])
        drop = set()
        for ci in ranked[:len(ranked) // 2]:
            if ci not in locked and self.lbd[ci] > 2:
                drop.add(ci)
                self.clauses[ci] = None
        self.learned = [ci for ci in self.learned if ci not in drop]
        # (watch lists skip forgotten clauses lazily and drop them as they go)

    def _reason_lits(self, v: int) -> list[int]:
        """The true literals that made variable v take its value."""
        why = self.reason[v]
        if type(why) is list:
            return why
        if type(why) is int:
            lit = 2 * v + self.val[v]
            return [q ^ 1 for q in self.clauses[why] if q != lit]
        lits = self._explain_reason(v, why)
        self.reason[v] = lits
        return lits

    # -- learning -------------------------------------------------------------------------
    def _analyse(self, conflict: list[int]):
        """First-UIP learned clause (asserting literal first) and the level to jump to."""
        level, trail = self.level, self.trail
        current = len(self.trail_lim)
        seen = set()
        learnt = [0]
        pending = conflict
        count = 0
        idx = len(trail) - 1
        bump = self._bump_var
        while True:
            for q in pending:
                v = q >> 1
                if v in seen or level[v] == 0:
                    continue
                seen.add(v)
                bump(v)
                if level[v] == current:
                    count += 1
                else:
                    learnt.append(q ^ 1)
            while (trail[idx] >> 1) not in seen:
                idx -= 1
            lit = trail[idx]
            idx -= 1
            count -= 1
            if count == 0:
                learnt[0] = lit ^ 1
                break
            pending = self._reason_lits(lit >> 1)
        learnt = self._minimise(learnt, seen)
        self.bump *= 1 / 0.95
        if self.bump > 1e100:
            self.activity = [a * 1e-100 for a in self.activity]
            self.bump *= 1e-100
            self._rebuild_heap()
        if len(learnt) == 1:
            return learnt, 0
        best = max(range(1, len(learnt)), key=lambda k: level[learnt[k] >> 1])
        learnt[1], learnt[best] = learnt[best], learnt[1]
        return learnt, level[learnt[1] >> 1]

    def _minimise(self, learnt: list[int], seen: set) -> list[int]:
        """Drop the literals that the others imply (MiniSat's recursive minimisation).

        Only reasons already at hand are followed: clauses and explained reasons.  A
        reason not yet explained counts as "not implied": explaining it here did not pay
        (on 102 tournament nonograms capped at 3000 conflicts, 77806 conflicts with 20.0
        explanations each, against 74925 with 17.8).  Against the one-step minimisation
        this replaced, the same sample needed 74925 conflicts instead of 85072, and 10
        puzzles were left unfinished instead of 15."""
        out = learnt[:1]
        levels = {self.level[q >> 1] for q in learnt[1:]}
        known: dict[int, bool] = {}
        for q in learnt[1:]:
            if self.reason[q >> 1] is None or not self._implied(q >> 1, seen, levels, known):
                out.append(q)
        return out

    def _implied(self, i: int, seen: set, levels: set, known: dict) -> bool:
        """Whether variable i's value follows, through reasons at hand, from the
        variables in ``seen`` (the clause's and those resolved away) and level 0.
        ``known`` keeps the verdicts reached, across calls for the same clause."""
        level, reason = self.level, self.reason
        stack = [i]
        done = []
        while stack:
            j = stack.pop()
            why = reason[j]
            # (a reason not explained yet ends the walk; decisions never get here)
            lits = self._reason_lits(j) if type(why) is list or type(why) is int else None
            if lits is not None:
                for q in lits:
                    k = q >> 1
                    if k in seen or level[k] == 0 or known.get(k):
                        continue
                    # a decision, a variable known not to follow, or a level the clause
                    # does not touch (whose decision cannot be implied by it)
                    if reason[k] is None or known.get(k) is False or level[k] not in levels:
                        lits = None
                        break
                    stack.append(k)
            if lits is None:
                for k in done:
                    known[k] = False            # (may be pessimistic: that is safe)
                known[i] = False
                return False
            done.append(j)
        for k in done:
            known[k] = True
        return True

    # -- the search -----------------------------------------------------------------------
    def solve(self, limit: int = 1) -> Outcome:
        found: list[dict] = []
        complete = True
        started = perf_counter()
        try:
            self._search(limit, found)
        except _Stop as stop:
            complete = stop.exhausted
        except Cancelled:
            raise
        except SolveTimeout:
            if not found:
                raise
            complete = False                        # answers so far, the rest unknown
        stats = dict(self.stats)
        stats["t_search"] = perf_counter() - started - sum(stats[key] for key in self.TIMERS)
        for key in self.TIMERS + ("t_search",):
            stats[key] = round(stats[key], 6)
        stats["learned_kept"] = len(self.learned)
        return Outcome(solutions=found, complete=complete, stats=stats)

    def _search(self, limit: int, found: list[dict]) -> None:
        self._start()
        conflict = None
        check = self.deadline.check
        stats = self.stats
        restart_no, until_restart = 1, self.RESTART_UNIT
        reduce_at = self.REDUCE_FIRST
        while True:
            check()
            if conflict is None:
                lit = self._next_decision()
                if lit < 0:
                    self._record(found, limit)
                    conflict = self._propagate()
                    continue
                stats["nodes"] += 1
                self.trail_lim.append(len(self.trail))
                self._assign(lit, None)
                conflict = self._propagate()
                continue
            stats["conflicts"] += 1
            if not self.trail_lim:
                raise _Stop(True)                   # contradiction at level 0: exhausted
            top = max(self.level[q >> 1] for q in conflict)
            if top == 0:
                raise _Stop(True)
            if top < len(self.trail_lim):
                # (a propagator that saw the conflict late: analyse it where it arose)
                self._backtrack(top)
            consistent = self.trail_lim[-1]         # the trail before the failed level
            if consistent > self.target_len:
                self.target_len = consistent
                self._set_target(consistent)
            learnt, back = self._analyse(conflict)
            self._backtrack(back)
            if len(learnt) == 1:
                self._assign(learnt[0], None)
            else:
                lbd = len({self.level[q >> 1] for q in learnt})
                self._assign(learnt[0], self._add_clause(learnt, lbd))
            conflict = self._propagate()
            until_restart -= 1
            if conflict is None and until_restart <= 0:
                restart_no += 1
                until_restart = self.RESTART_UNIT * luby(restart_no)
                stats["restarts"] += 1
                self.target_len = 0                 # a new target for each run
                self.follow_target = stats["conflicts"] > self.TARGET_AFTER
                self._backtrack(0)
                if len(self.heap) > 8 * self.nunits:
                    self._rebuild_heap()
                if len(self.learned) > reduce_at:
                    self._reduce()
                    reduce_at += self.REDUCE_STEP
                conflict = self._propagate()

    def _record(self, found: list[dict], limit: int) -> None:
        """A full assignment with every line at its fixpoint is a solution: keep it,
        then block it (its decisions imply it) so the search goes on to the next."""
        found.append(self._solution())
        if not self.trail_lim:
            raise _Stop(True)                       # no decision: nothing else fits
        if len(found) >= limit:
            raise _Stop(False)
        block = [self.trail[m] ^ 1 for m in reversed(self.trail_lim)]
        self._backtrack(len(self.trail_lim) - 1)
        if len(block) == 1:
            self._assign(block[0], None)
        else:
            self._assign(block[0], self._add_clause(block, len(block), learned=False))
