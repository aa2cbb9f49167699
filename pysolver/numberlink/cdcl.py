"""Clause learning over link variables: exact answers and uniqueness proofs under
Flow rules (full cover), self-touching paths included.

A variable per link (two neighbouring cells joined by a path).  Clauses: an endpoint
uses exactly one of its links, any other cell exactly two (at most: no three of its
links; at least: among any ``deg - 1`` of them one is used).  What clauses would need
a label variable per cell and pair for (about 7,800 variables on a 15x15 board with
33 pairs, each decision setting a hundred of them) is a propagator over *chains*
instead: after a link is set to used, the chain of used links through it is walked to
its two ends, and

* a loop is a conflict (its links cannot all be used);
* a chain from an endpoint of one pair to an endpoint of another is a conflict;
* when the two ends are neighbours, the link between them would close a loop: ruled out;
* when one end leads back to an endpoint (the chain carries that pair's label), a link
  from the other end to an endpoint of another pair, or to the open end of a chain
  carrying another label, is ruled out.

Each conclusion's reason is the links of the chains it read, so it is a clause over
link variables and learning works on links alone.  A full assignment is then a set of
paths, each joining the two endpoints of one pair, through every cell: an answer
under the plain rules, self-touching paths included.

For a second answer a no-good on the first (one of its links unused) is added and one
answer asked for: none proves the first the only one.  The search itself (watched
clauses, first-UIP learning, restarts, clause database) is
:class:`pysolver.linecdcl.LineCDCL`, shared with the line families.
"""
from __future__ import annotations

import heapq
from itertools import combinations

from ..base import Deadline, Outcome
from ..linecdcl import LineCDCL, _Stop
from .model import Numberlink


class OutOfDecisions(Exception):
    """The search spent its budget of decisions and conflicts before it settled."""


class NumberlinkCDCL(LineCDCL):
    """One search over a full-cover model; call :meth:`solve` once."""

    RESTART_UNIT = 100

    def __init__(self, model: Numberlink, deadline: Deadline, avoid: dict | None = None,
                 phases: dict | None = None, budget: int | None = None,
                 learned: list[tuple[list[int], int]] | None = None):
        """``avoid``: an answer to exclude (its no-good is added); ``phases``: an
        answer whose links the decisions try first (by default ``avoid``: the second
        answer of a designed board is usually close to the first); ``budget``: at
        most this many decisions and conflicts, then OutOfDecisions (a count, so
        that the maker's choice of boards does not depend on the machine);
        ``learned``: clauses (with their LBD) that the model and ``avoid`` imply, as
        :meth:`carried` gives them from an earlier search (see :func:`after_cut`)."""
        self.budget = budget
        if model.cover != "full":
            raise ValueError("the clause-learning engine handles full cover only")
        self.model = model
        self.deadline = deadline
        N = self.N = model.size
        #: per cell, the pair whose endpoint it is, else -1
        self.pair_at = [-1] * N
        for k, (a, b) in enumerate(model.ends):
            self.pair_at[a] = self.pair_at[b] = k
        edges = [(p, q) for p in range(N) for q in model.neighbours[p] if p < q]
        self.edges = edges
        #: per cell, its links as (variable, other cell)
        self.inc: list[list[tuple[int, int]]] = [[] for _ in range(N)]
        self.link_var: dict[tuple[int, int], int] = {}
        for v, (p, q) in enumerate(edges):
            self.inc[p].append((v, q))
            self.inc[q].append((v, p))
            self.link_var[(p, q)] = self.link_var[(q, p)] = v
        self._init_search(len(edges), len(edges))
        self.phase = [0] * len(edges)
        self.target = [-1] * len(edges)
        self.stats = {"conflicts": 0, "nodes": 0, "restarts": 0, "learned_kept": 0,
                      "links": len(edges)}
        self.static = self._clauses(avoid)
        self.carried_in = learned or []
        for v in self._links_of(phases if phases is not None else {"paths": {}}):
            self.phase[v] = 1

    # -- the model ------------------------------------------------------------------------
    def _links_of(self, solution: dict) -> list[int]:
        """The link variables an answer uses."""
        W = self.model.width
        out = []
        for path in solution["paths"].values():
            cells = [r * W + c for r, c in path]
            out.extend(self.link_var[(a, b)] for a, b in zip(cells, cells[1:]))
        return out

    def _clauses(self, avoid: dict | None) -> list[list[int]]:
        """The degree clauses, and the no-good of ``avoid``."""
        out = []
        for p in range(self.N):
            links = [v for v, _ in self.inc[p]]
            need = 1 if self.pair_at[p] >= 0 else 2
            for group in combinations(links, need + 1):                 # at most ``need``
                out.append([2 * v for v in group])
            for group in combinations(links, len(links) - need + 1):    # at least ``need``
                out.append([2 * v + 1 for v in group])
        if avoid is not None:
            out.append([2 * v for v in self._links_of(avoid)])
        return out

    # -- assignment -----------------------------------------------------------------------
    def _assign(self, lit: int, reason) -> None:
        v = lit >> 1
        self.val[v] = lit & 1
        self.level[v] = len(self.trail_lim)
        self.reason[v] = reason
        self.trail.append(lit)

    def _backtrack(self, lvl: int) -> None:
        if len(self.trail_lim) <= lvl:
            return
        mark = self.trail_lim[lvl]
        trail, val, reason = self.trail, self.val, self.reason
        heap, activity, phase = self.heap, self.activity, self.phase
        while len(trail) > mark:
            lit = trail.pop()
            v = lit >> 1
            val[v] = -1
            reason[v] = None
            phase[v] = lit & 1
            heapq.heappush(heap, (-activity[v], v))
        del self.trail_lim[lvl:]
        self.qhead = len(trail)

    # -- propagation ----------------------------------------------------------------------
    def _propagate(self):
        """Clauses, and the chain of every link set to used, to a fixpoint: None, or a
        conflict as a list of true literals that cannot all hold."""
        trail, watches = self.trail, self.watches
        while self.qhead < len(trail):
            lit = trail[self.qhead]
            self.qhead += 1
            if watches[lit ^ 1]:
                conflict = self._watch(lit ^ 1)
                if conflict is not None:
                    return conflict
            if lit & 1:
                conflict = self._chain(lit >> 1)
                if conflict is not None:
                    return conflict
        return None

    def _walk(self, start: int, came: int, used: list[int], stop: int = -1):
        """Follow used links from ``start`` (entered by link ``came``, -1: none),
        appending their literals to ``used``; the cell where the chain stops (or
        reaches ``stop``), or -1 when a cell has two ways on (a degree conflict the
        clauses will report)."""
        val, inc = self.val, self.inc
        cur = start
        for _ in range(self.N):
            if cur == stop:
                return cur
            nxt = -1
            for v, q in inc[cur]:
                if v != came and val[v] == 1:
                    if nxt >= 0:
                        return -1
                    nxt, nv = q, v
            if nxt < 0:
                return cur
            used.append(2 * nv + 1)
            came, cur = nv, nxt
        return -1

    def _chain(self, v: int):
        """Link v is now used: the conclusions about its chain (module docstring)."""
        p, q = self.edges[v]
        used = [2 * v + 1]
        end_q = self._walk(q, v, used, p)
        if end_q < 0:
            return None
        if end_q == p:
            return used                                 # a loop
        end_p = self._walk(p, v, used)
        if end_p < 0:
            return None
        pair_at, val = self.pair_at, self.val
        kp, kq = pair_at[end_p], pair_at[end_q]
        if kp >= 0 and kq >= 0:
            return used if kp != kq else None           # two endpoints: joined or crossed
        w = self.link_var.get((end_p, end_q))
        if w is not None and val[w] == -1:
            self._assign(2 * w, used)                   # it would close a loop
        if kp >= 0 or kq >= 0:
            label, end = (kp, end_q) if kp >= 0 else (kq, end_p)
            self._keep_apart(end, label, used)
        return None

    def _keep_apart(self, end: int, label: int, used: list[int]) -> None:
        """The open ``end`` of a chain (links ``used``) from an endpoint of ``label``:
        rule out its links to what leads to another pair's endpoint."""
        val, pair_at = self.val, self.pair_at
        for w, x in self.inc[end]:
            if val[w] != -1:
                continue
            other = pair_at[x]
            if other >= 0:
                if other != label:
                    self._assign(2 * w, used)
                continue
            theirs: list[int] = []
            far = self._walk(x, -1, theirs)
            if far >= 0 and theirs and pair_at[far] >= 0 and pair_at[far] != label:
                self._assign(2 * w, used + theirs)

    def _explain_reason(self, v: int, why) -> list[int]:
        raise AssertionError("every reason here is given when it is made")

    def _implied(self, i: int, seen: set, levels: set, known: dict) -> bool:
        """As LineCDCL's, but each variable is walked once per call: the reasons of
        long chains share most of their links, and without the mark the walk went
        over the same ones again and again (230 s on 25 conflicts of a 12x12 board)."""
        level, reason = self.level, self.reason
        stack = [i]
        walked = {i}
        while stack:
            j = stack.pop()
            for q in self._reason_lits(j):
                k = q >> 1
                if k in seen or level[k] == 0 or known.get(k) or k in walked:
                    continue
                if reason[k] is None or known.get(k) is False or level[k] not in levels:
                    for m in walked:
                        known[m] = False            # (may be pessimistic: that is safe)
                    return False
                walked.add(k)
                stack.append(k)
        for m in walked:
            known[m] = True
        return True

    # -- decisions ------------------------------------------------------------------------
    def _bump_var(self, v: int) -> None:
        a = self.activity[v] + self.bump
        self.activity[v] = a
        heapq.heappush(self.heap, (-a, v))

    def _rebuild_heap(self) -> None:
        val = self.val
        self.heap = [(-a, v) for v, a in enumerate(self.activity) if val[v] == -1]
        heapq.heapify(self.heap)

    def _next_decision(self) -> int:
        if self.budget is not None and self.stats["nodes"] + self.stats["conflicts"] >= self.budget:
            raise OutOfDecisions()
        heap, val, activity = self.heap, self.val, self.activity
        while heap:
            a, v = heapq.heappop(heap)
            if val[v] == -1 and -a == activity[v]:
                break
        else:
            v = next((v for v in range(len(val)) if val[v] == -1), -1)
            if v < 0:
                return -1
        if self.follow_target and self.target[v] >= 0:
            return 2 * v + self.target[v]
        return 2 * v + self.phase[v]

    def _set_target(self, length: int) -> None:
        target = self.target
        for q in self.trail[:length]:
            target[q >> 1] = q & 1

    # -- the search (LineCDCL's loop) ------------------------------------------------------
    def _start(self) -> None:
        """Level 0: the clauses (a unit among them is a fact), then propagation from
        the start of the trail (which also finds clauses false at level 0)."""
        for cl in self.static:
            if len(cl) >= 2:
                self._add_clause(cl, len(cl), learned=False)
                continue
            if not cl:
                raise _Stop(True)                   # (a cell with too few neighbours)
            v = cl[0] >> 1
            if self.val[v] == -1:
                self._assign(cl[0], None)
            elif self.val[v] != cl[0] & 1:
                raise _Stop(True)
        for cl, lbd in self.carried_in:
            if len(cl) >= 2:
                self._add_clause(list(cl), lbd)
                continue
            if not cl:
                raise _Stop(True)                   # an earlier search ruled out every answer
            v = cl[0] >> 1
            if self.val[v] == -1:
                self._assign(cl[0], None)
            elif self.val[v] != cl[0] & 1:
                raise _Stop(True)
        if self._propagate() is not None:
            raise _Stop(True)

    def carried(self) -> list[tuple[list[int], int]]:
        """What this search learned, for a search of a board that differs from this
        one by a cut (:func:`after_cut`): the learned clauses it keeps and the facts
        of level 0, each with its LBD."""
        facts = self.trail[:self.trail_lim[0]] if self.trail_lim else self.trail
        out = [([lit], 1) for lit in facts]
        out.extend((self.clauses[ci], self.lbd[ci]) for ci in self.learned if self.clauses[ci] is not None)
        return out

    def _solution(self) -> dict:
        model, val, W = self.model, self.val, self.model.width
        paths = {}
        for k, (a, b) in enumerate(model.ends):
            cells = [a]
            came, cur = -1, a
            while cur != b:
                came, cur = next((v, q) for v, q in self.inc[cur] if v != came and val[v] == 1)
                cells.append(cur)
            paths[model.labels[k]] = [[c // W, c % W] for c in cells]
        return {"paths": paths}


def after_cut(clauses: list[tuple[list[int], int]], v: int) -> list[tuple[list[int], int]]:
    """Clauses learned on a board, made valid for the board where the path through
    link ``v`` (of the answer avoided) is cut there into two pairs.

    Every answer of the cut board, with link v put back, is an answer of the old
    board (the two pieces join into the old path) other than the avoided one, so what
    the old search learned holds of it with v used: a clause that v's use satisfies
    says nothing new and is dropped, and "v unused" is taken out of the others.  (An
    empty clause left says that the cut board has no answer but the avoided one.)"""
    used, unused = 2 * v + 1, 2 * v
    out = []
    for cl, lbd in clauses:
        if used in cl:
            continue
        out.append(([q for q in cl if q != unused], lbd) if unused in cl else (cl, lbd))
    return out


def solve_cdcl(model: Numberlink, deadline: Deadline, limit: int = 1, avoid: dict | None = None,
               budget: int | None = None) -> Outcome:
    """Up to ``limit`` answers under the plain rules (with ``avoid``: other than it)."""
    return NumberlinkCDCL(model, deadline, avoid=avoid, budget=budget).solve(limit)
