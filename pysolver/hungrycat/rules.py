"""The seed notebook's method: human-style rules per line and colour, then guesses.

Rules, applied line by line until nothing changes (each is sound on its own):

* ``absent``      a colour the clue does not list leaves every cell of the line;
* ``count-done``  a colour with all its cells fixed leaves the other cells;
* ``count-fill``  a colour with exactly as many possible cells as its count takes them;
* ``non-run``     for a colour that must NOT form one block: a cell that would
                  complete a single block of the full count loses the colour;
* ``run``         for a colour that forms one block: try every position of the block
                  (inside cells that allow it, covering its fixed cells); cells inside
                  every position take the colour, cells outside every position lose it.

When the rules stall, a cell with two candidates (or the fewest) is guessed; a
contradiction rolls the guess back and the other candidate is tried.  Every
deduction can be recorded as a step ``{"rule", "line", "cells", "message", ...}``
for the app's Replay and for hints.
"""
from __future__ import annotations

import heapq
import time

from ..base import Deadline, Outcome
from ..sharing import shared
from .check import check
from .model import Model

#: line answers kept by the rules before the memo starts again
CACHE_LIMIT = 100_000


class Contradiction(Exception):
    pass


def popcount(x: int) -> int:
    return bin(x).count("1")


class Rules:
    def __init__(self, m: Model, deadline: Deadline, record: bool = False):
        self.m = m
        self.deadline = deadline
        W, H = m.width, m.height
        self.full = (1 << m.ncolours) - 1
        self.lines = []   # (kind, index, cells, clue as {colour: (n, one_block)})
        for r, clue in enumerate(m.rows):
            self.lines.append(("row", r, [r * W + c for c in range(W)],
                               {c: (n, f or n == 1) for c, n, f in clue}))
        for c, clue in enumerate(m.cols):
            self.lines.append(("col", c, [r * W + c for r in range(H)],
                               {col: (n, f or n == 1) for col, n, f in clue}))
        self.steps: list[dict] | None = [] if record else None
        self.stats = {"nodes": 0, "rule_steps": 0, "guesses": 0, "rollbacks": 0,
                      "t_line": 0.0, "t_search": 0.0}
        # Without a record, one pass of the rules over a line is a function of its clue
        # and its cells' candidates alone: answers are kept (shared by the solvers of one
        # make, whose pictures differ in a few lines) and reused.  A clue is keyed in its
        # order, which decides the order the rules run in.
        self.clue_keys = [tuple(clue.items()) for *_, clue in self.lines]
        self.cache: dict | None = None if record else shared("hungrycat rule lines", dict)
        # (candidates as bytes while they fit, up to 8 colours: a quarter of a tuple's memory)
        self.pack = bytes if self.full < 256 else tuple

    # -- recording ------------------------------------------------------------------
    def _rc(self, i: int) -> list[int]:
        return [i // self.m.width, i % self.m.width]

    def _note(self, rule: str, li: int | None, cells, colour: int, effect: str, message: str):
        self.stats["rule_steps"] += 1
        if self.steps is None:
            return
        line = list(self.lines[li][:2]) if li is not None else None
        self.steps.append({"rule": rule, "line": line, "cells": [self._rc(i) for i in cells],
                           "colour": self.m.keys[colour], "effect": effect, "message": message})

    def _label(self, li: int) -> str:
        kind, idx = self.lines[li][:2]
        return f"{kind} {idx + 1}"  # 1-based: messages are for players

    # -- the rules --------------------------------------------------------------------
    def _remove(self, dom, cells, bit):
        for i in cells:
            dom[i] &= ~bit
            if not dom[i]:
                raise Contradiction

    def apply_line(self, dom: list[int], li: int) -> bool:
        """Apply every rule once to line ``li``; True when something changed."""
        cache = self.cache
        if cache is None:
            return self._apply_line(dom, li)
        cells = self.lines[li][2]
        # (a remembered answer also says how many rule steps it took, for the stats)
        pack = self.pack
        key = (self.clue_keys[li], pack([dom[i] for i in cells]))
        got = cache.get(key)
        if got is None:
            steps = self.stats["rule_steps"]
            try:
                changed = self._apply_line(dom, li)
            except Contradiction:
                got = (None, None, self.stats["rule_steps"] - steps)
            else:
                got = (changed, pack([dom[i] for i in cells]), self.stats["rule_steps"] - steps)
            if len(cache) >= CACHE_LIMIT:
                cache.clear()
            cache[key] = got
        else:
            self.stats["rule_steps"] += got[2]
        changed, after, _ = got
        if after is None:
            raise Contradiction
        for i, v in zip(cells, after):
            dom[i] = v
        return changed

    def _apply_line(self, dom: list[int], li: int) -> bool:
        kind, idx, cells, clue = self.lines[li]
        m = self.m
        changed = False
        allowed = 0
        for c in clue:
            allowed |= 1 << c
        outside = [i for i in cells if dom[i] & ~allowed]
        if outside:
            for c in range(m.ncolours):
                bit = 1 << c
                hit = [i for i in outside if dom[i] & bit] if not allowed & bit else []
                if hit:
                    self._remove(dom, hit, bit)
                    self._note("absent", li, hit, c, "remove",
                               f"{self._label(li)}: the clue has no {m.colour_name(c)}")
            changed = True
        for c, (n, one_block) in clue.items():
            bit = 1 << c
            fixed = [k for k, i in enumerate(cells) if dom[i] == bit]
            possible = [k for k, i in enumerate(cells) if dom[i] & bit]
            name = m.colour_name(c)
            if len(fixed) > n or len(possible) < n:
                raise Contradiction
            if len(fixed) == n:
                if len(possible) > n:
                    rest = [cells[k] for k in possible if dom[cells[k]] != bit]
                    self._remove(dom, rest, bit)
                    self._note("count-done", li, rest, c, "remove",
                               f"{self._label(li)}: all {n} {name} cells are placed, the rest are not {name}")
                    changed = True
                if not one_block and n >= 2 and fixed[-1] - fixed[0] + 1 == n:
                    raise Contradiction
                continue
            if len(possible) == n:
                newly = [cells[k] for k in possible if dom[cells[k]] != bit]
                for i in newly:
                    dom[i] = bit
                self._note("count-fill", li, newly, c, "set",
                           f"{self._label(li)}: only {n} cells can be {name} and the clue says {n}")
                changed = True
                continue
            if one_block:
                changed |= self._run(dom, li, c, n, fixed, possible)
            elif len(fixed) == n - 1:
                changed |= self._non_run(dom, li, c, n, fixed, possible)
        return changed

    def _run(self, dom, li, c, n, fixed, possible) -> bool:
        cells = self.lines[li][2]
        bit = 1 << c
        L = len(cells)
        ok = [bool(dom[i] & bit) for i in cells]
        lo = hi = None      # intersection of all positions
        union = [False] * L
        count = 0
        for p in range(L - n + 1):
            if not all(ok[p:p + n]):
                continue
            if fixed and (fixed[0] < p or fixed[-1] >= p + n):
                continue
            count += 1
            lo = p if lo is None else lo
            hi = p
            for k in range(p, p + n):
                union[k] = True
        if not count:
            raise Contradiction
        name = self.m.colour_name(c)
        changed = False
        # Cells covered by every position: from the last start to the first end.
        inside = [cells[k] for k in range(hi, lo + n) if dom[cells[k]] != bit]
        if inside:
            for i in inside:
                dom[i] = bit
            self._note("run", li, inside, c, "set",
                       f"{self._label(li)}: every position of the {name} block of {n} covers these cells")
            changed = True
        out = [cells[k] for k in possible if not union[k]]
        if out:
            self._remove(dom, out, bit)
            self._note("run", li, out, c, "remove",
                       f"{self._label(li)}: no position of the {name} block of {n} reaches these cells")
            changed = True
        return changed

    def _non_run(self, dom, li, c, n, fixed, possible) -> bool:
        cells = self.lines[li][2]
        bit = 1 << c
        bad = []
        for k in possible:
            if dom[cells[k]] == bit:
                continue
            lo, hi = min(fixed[0], k), max(fixed[-1], k)
            if hi - lo + 1 == n:
                bad.append(cells[k])
        if not bad:
            return False
        self._remove(dom, bad, bit)
        name = self.m.colour_name(c)
        self._note("non-run", li, bad, c, "remove",
                   f"{self._label(li)}: {name} here would make the {n} {name} cells one block, "
                   f"which the clue forbids")
        return True

    def propagate(self, dom: list[int], lines=None) -> None:
        """Rules to a fixpoint; raises Contradiction.

        Lines wait in a queue taken in line order (rows, then columns, as the notebook
        swept them); a line that changes cells queues the crossing lines again.
        ``lines`` limits the first sweep to lines whose cells changed since the last
        fixpoint (default: all).
        """
        t = time.perf_counter()
        W, H = self.m.width, self.m.height
        heap = sorted(set(range(len(self.lines)) if lines is None else lines))
        queued = set(heap)
        try:
            while heap:
                li = heapq.heappop(heap)
                queued.discard(li)
                self.deadline.check()
                cells = self.lines[li][2]
                before = [dom[i] for i in cells]
                if not self.apply_line(dom, li):
                    continue
                for i, old in zip(cells, before):
                    if dom[i] != old:
                        for other in (i // W, H + i % W):
                            if other != li and other not in queued:
                                queued.add(other)
                                heapq.heappush(heap, other)
        finally:
            self.stats["t_line"] += time.perf_counter() - t

    # -- guessing ---------------------------------------------------------------------
    def search(self, dom: list[int], limit: int, found: list[dict]) -> None:
        self.stats["nodes"] += 1
        self.deadline.check()
        try:
            self.propagate(dom)
        except Contradiction:
            return
        open_cells = [i for i, d in enumerate(dom) if d & (d - 1)]
        if not open_cells:
            sol = to_solution(self.m, dom)
            if check(self.m, sol).solved:
                found.append(sol)
            return
        cell = min(open_cells, key=lambda i: popcount(dom[i]))
        bits = dom[cell]
        while bits and len(found) < limit:
            bit = bits & -bits
            bits ^= bit
            child = dom[:]
            child[cell] = bit
            self.stats["guesses"] += 1
            mark = len(self.steps) if self.steps is not None else 0
            self._note("guess", None, [cell], bit.bit_length() - 1, "set",
                       f"guess: row {cell // self.m.width + 1}, col {cell % self.m.width + 1} "
                       f"is {self.m.colour_name(bit.bit_length() - 1)}")
            before = len(found)
            self.search(child, limit, found)
            if len(found) == before:
                self.stats["rollbacks"] += 1
                if self.steps is not None:
                    del self.steps[mark + 1:]
                self._note("rollback", None, [cell], bit.bit_length() - 1, "remove",
                           f"the guess led to a contradiction: row {cell // self.m.width + 1}, "
                           f"col {cell % self.m.width + 1} is not {self.m.colour_name(bit.bit_length() - 1)}")


def to_solution(m: Model, dom: list[int]) -> dict:
    W = m.width
    return {"grid": ["".join(m.keys[d.bit_length() - 1] if d and d & (d - 1) == 0 else "?"
                             for d in dom[r * W:(r + 1) * W]) for r in range(m.height)]}


def solve(m: Model, deadline: Deadline, limit: int = 1) -> Outcome:
    r = Rules(m, deadline)
    t = time.perf_counter()
    found: list[dict] = []
    r.search([r.full] * (m.width * m.height), limit, found)
    r.stats["t_search"] = time.perf_counter() - t - r.stats["t_line"]
    return Outcome(found, True, r.stats)


def steps(m: Model, deadline: Deadline) -> list[dict]:
    """The recorded deductions (guesses and rollbacks included) up to the first solution."""
    r = Rules(m, deadline, record=True)
    r.search([r.full] * (m.width * m.height), 1, [])
    return r.steps
