"""The default method: exact line deduction to a fixpoint, probing, then search.

Cells hold candidate bitmasks in one flat list (row-major).  Propagation keeps a
queue of lines whose cells changed and runs the exact line DP (:mod:`.linesolve`)
on each, memoised on the line's candidate masks (the search revisits the same line
states a lot).  Probing tries every candidate of every open cell at the root and
drops those that lead to a contradiction.  The search then branches on the open
cell with the fewest candidates, propagating after each choice, and stops at
``limit`` solutions; it is exhaustive otherwise, so it also proves uniqueness or
unsolvability.
"""
from __future__ import annotations

import heapq
import time

from ..base import Deadline, Outcome
from ..sharing import shared
from .linesolve import Overflow, estimate, make_spec, solve_line
from .model import Model
from .rules import Contradiction, Rules


def popcount(x: int) -> int:
    return bin(x).count("1")


class Grid:
    """Static data of one puzzle for the solvers: line cells and line specs."""

    def __init__(self, m: Model):
        self.m = m
        W, H = m.width, m.height
        self.size = W * H
        self.full = (1 << m.ncolours) - 1
        self.line_cells = [[r * W + c for c in range(W)] for r in range(H)] + \
                          [[r * W + c for r in range(H)] for c in range(W)]
        self.specs = [make_spec(cl, W) for cl in m.rows] + [make_spec(cl, H) for cl in m.cols]
        self.cell_lines = [(i // W, H + i % W) for i in range(self.size)]

    def line_name(self, li: int) -> tuple[str, int]:
        H = self.m.height
        return ("row", li) if li < H else ("col", li - H)

    def to_solution(self, dom: list[int]) -> dict:
        W, keys = self.m.width, self.m.keys
        rows = []
        for r in range(self.m.height):
            rows.append("".join(keys[d.bit_length() - 1] if d & (d - 1) == 0 else "?"
                                for d in dom[r * W:(r + 1) * W]))
        return {"grid": rows}


def totals_mismatch(m: Model) -> str:
    """A colour whose row counts and column counts add up differently (or '')."""
    for colour in range(m.ncolours):
        by_rows = sum(n for line in m.rows for c, n, _ in line if c == colour)
        by_cols = sum(n for line in m.cols for c, n, _ in line if c == colour)
        if by_rows != by_cols:
            return (f"the rows hold {by_rows} {m.colour_name(colour)} cells "
                    f"but the columns {by_cols}")
    return ""


class OutOfNodes(Exception):
    """The search visited ``max_nodes`` nodes: what it would have found is not known."""


class AutoSolver:
    def __init__(self, m: Model, deadline: Deadline, budget: int = 10000, skip_above: int = 300000,
                 max_nodes: int | None = None):
        self.g = Grid(m)
        self.deadline = deadline
        self.budget = budget
        # a count, not seconds, so a maker that bounds its searches makes the same
        # puzzle on any machine (hungrycat.large)
        self.max_nodes = max_nodes
        # Lines whose estimated DP size is above this are not tried at all (they would
        # only overflow the budget); they are solved once other lines narrowed them.
        self.skip_above = skip_above
        # line results keyed by (line spec, candidate masks): lines with one clue share
        # them, and so do the solvers of one make (pysolver.sharing)
        self.cache: dict = shared(("hungrycat line results", budget), dict)
        self.spec_ids: dict = shared("hungrycat line specs", dict)
        self.line_spec = [self.spec_ids.setdefault(spec, len(self.spec_ids)) for spec in self.g.specs]
        self.stats = {"nodes": 0, "line_solves": 0, "cache_hits": 0, "overflows": 0,
                      "probes": 0, "t_rules": 0.0, "t_line": 0.0, "t_search": 0.0}
        self.rules = Rules(m, deadline)

    # -- propagation ----------------------------------------------------------------
    def line(self, li: int, doms: tuple) -> list[int] | None | bool:
        """Narrowed masks, None (contradiction) or False (skipped: too many states)."""
        key = (self.line_spec[li], doms)
        hit = self.cache.get(key, 0)
        if hit != 0:
            self.stats["cache_hits"] += 1
            if hit is False:        # skipped again: callers count what was skipped
                self.stats["overflows"] += 1
            return hit
        self.deadline.check()
        t = time.perf_counter()
        try:
            res = solve_line(list(doms), self.g.specs[li], self.budget)
        except Overflow:
            self.stats["overflows"] += 1
            res = False
        self.stats["t_line"] += time.perf_counter() - t
        self.stats["line_solves"] += 1
        if len(self.cache) > 300000:
            self.cache.clear()
        self.cache[key] = res
        return res

    def propagate(self, dom: list[int], lines) -> bool:
        """Narrow ``dom`` in place to the line fixpoint; False on a contradiction.

        Lines are taken cheapest first (by the DP size estimate); lines estimated
        above ``soft`` wait until nothing cheaper is left.
        """
        g = self.g
        heap: list = []
        queued = set()

        def push(li: int) -> None:
            queued.add(li)
            cells = g.line_cells[li]
            est = estimate([dom[i] for i in cells], g.specs[li])
            if est > self.skip_above:
                queued.discard(li)
                self.stats["overflows"] += 1
                return
            heapq.heappush(heap, (est, li))

        for li in dict.fromkeys(lines):
            push(li)
        while heap:
            _, li = heapq.heappop(heap)
            queued.discard(li)
            cells = g.line_cells[li]
            doms = tuple(dom[i] for i in cells)
            res = self.line(li, doms)
            if res is None:
                return False
            if res is False:
                continue
            for i, old, new in zip(cells, doms, res):
                if new != old:
                    dom[i] = new
                    for other in g.cell_lines[i]:
                        if other != li and other not in queued:
                            push(other)
        return True

    def tighten(self, dom: list[int], lines: list[int] | range) -> bool:
        """The notebook's rules first (cheap, sound: they fix the easy cells), then the
        exact DP on the given lines and on every line the rules touched."""
        before = dom[:]
        t = time.perf_counter()
        try:
            self.rules.propagate(dom, lines)
        except Contradiction:
            return False
        finally:
            self.stats["t_rules"] += time.perf_counter() - t
        touched = set(lines)
        for i, (old, new) in enumerate(zip(before, dom)):
            if old != new:
                touched.update(self.g.cell_lines[i])
        return self.propagate(dom, sorted(touched))

    def assign(self, dom: list[int], cell: int, mask: int) -> list[int] | None:
        new = dom[:]
        new[cell] = mask
        return new if self.tighten(new, self.g.cell_lines[cell]) else None

    # -- probing --------------------------------------------------------------------
    def probe(self, dom: list[int]) -> bool:
        """Drop every candidate whose choice propagates to a contradiction.

        Only two-candidate cells are probed (a failed probe there fixes the cell;
        probing wide-open cells costs much and rarely fails), and at most one probe
        per cell of the grid is spent, since on pictures with many solutions probing
        only burns time."""
        budget = self.g.size     # probes per call: keeps non-unique pictures cheap
        changed = True
        while changed and budget > 0:
            changed = False
            for cell in range(self.g.size):
                d = dom[cell]
                if d & (d - 1) == 0 or popcount(d) > 2:
                    continue
                bits = d
                while bits:
                    bit = bits & -bits
                    bits ^= bit
                    self.stats["probes"] += 1
                    budget -= 1
                    if self.assign(dom, cell, bit) is None:
                        dom[cell] &= ~bit
                        if not dom[cell] or not self.tighten(dom, self.g.cell_lines[cell]):
                            return False
                        changed = True
        return True

    # -- search ---------------------------------------------------------------------
    def solve(self, limit: int, probe: bool = True) -> tuple[list[dict], bool]:
        g = self.g
        dom = [g.full] * g.size
        if not self.tighten(dom, range(len(g.specs))):
            return [], True
        if probe and not self.probe(dom):
            return [], True
        t = time.perf_counter()
        found: list[dict] = []
        self._search(dom, limit, found)
        self.stats["t_search"] = time.perf_counter() - t
        return found, True

    def _search(self, dom: list[int], limit: int, found: list[dict]) -> None:
        if self.max_nodes is not None and self.stats["nodes"] >= self.max_nodes:
            raise OutOfNodes
        self.stats["nodes"] += 1
        self.deadline.check()
        best, best_n = -1, 99
        for i, d in enumerate(dom):
            if d & (d - 1):
                n = bin(d).count("1")
                if n < best_n:
                    best, best_n = i, n
                    if n == 2:
                        break
        if best < 0:
            sol = self.g.to_solution(dom)
            if self._lines_ok(dom):
                found.append(sol)
            return
        bits = dom[best]
        while bits and len(found) < limit:
            bit = bits & -bits
            bits ^= bit
            child = self.assign(dom, best, bit)
            if child is not None:
                self._search(child, limit, found)

    def _lines_ok(self, dom: list[int]) -> bool:
        """A full assignment passes every line (lines skipped on budget included)."""
        for li, cells in enumerate(self.g.line_cells):
            if solve_line([dom[i] for i in cells], self.g.specs[li], self.budget) is None:
                return False
        return True


def solve(m: Model, deadline: Deadline, limit: int = 1) -> Outcome:
    why = totals_mismatch(m)
    if why:
        return Outcome([], True, {"nodes": 0, "t_line": 0.0, "t_search": 0.0},
                       note=f"no solution: {why}")
    s = AutoSolver(m, deadline)
    t = time.perf_counter()
    sols, complete = s.solve(limit)
    s.stats["t_total"] = time.perf_counter() - t
    return Outcome(sols, complete, s.stats)
