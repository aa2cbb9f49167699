"""The rule-based method of D. Stefani et al., "Solving Pixel Puzzle Using Rule-Based
Techniques and Best First Search", with every deduction labelled by its rule.

Rules, tried on one line at a time in this order (the range of a block is the span from
its leftmost to its rightmost feasible start, computed exactly by the line DP of
:func:`.linesolve.block_starts` from the cells already known):

* **simple boxes** - the cells every placement of one block covers (its leftmost and
  rightmost placements overlap) take the block's colour;
* **simple spaces** - cells out of reach of every block are blank;
* **forcing** - whatever else holds in every arrangement of the whole clue that fits the
  known cells (the complete line solver: blocks pushed against known cells, joined
  boxes, gaps too small for any block...);
* **contradiction** - when no line rule applies: a cell is assumed to have a value, the
  line rules run on the whole grid, and if some line cannot be completed the cell gets
  its other value;
* **best-first search** when even that stalls: partial grids wait in a priority queue
  ordered by their number of unknown cells; the best one is expanded by branching on an
  unknown cell and running the rules on each child.

Messages count rows, columns and blocks from 1, as a player does; the ``line`` and
``cells`` fields of steps are 0-based like everything else in puzzle JSON.
"""
from __future__ import annotations

import heapq
import time

from ..base import Deadline, Outcome
from .check import read_grid
from .engine import Engine
from .linesolve import block_starts
from .model import Model

MAX_STEPS = 5000


def _spans(indices: list[int]) -> str:
    """'3-5, 9' (1-based) for a sorted list of 0-based indices."""
    parts = []
    start = prev = None
    for i in indices + [None]:
        if start is not None and (i is None or i != prev + 1):
            parts.append(f"{start + 1}" if start == prev else f"{start + 1}\u2013{prev + 1}")
            start = None
        if i is not None and start is None:
            start = i
        prev = i
    return ", ".join(parts)


def _cells_text(across: str, indices: list[int]) -> str:
    """'columns 3-5' or 'column 3'."""
    return f"{across if len(indices) > 1 else across[:-1]} {_spans(indices)}"


class RuleEngine(Engine):
    """The engine plus labelled line deductions."""

    def line_name(self, i: int) -> tuple[str, int, str, str]:
        if i < self.h:
            return "row", i, f"row {i + 1}", "columns"
        return "col", i - self.h, f"column {i - self.h + 1}", "rows"

    def cell_of(self, i: int, pos: int) -> list[int]:
        return [i, pos] if i < self.h else [pos, i - self.h]

    def line_step(self, i: int, simple_only: bool = False):
        """The first rule that tells something new about line i, as a step dict with
        ``_new`` (the narrowed masks), or None; a dict with ``contradiction`` when the
        line cannot be completed."""
        masks = self.state[i]
        lc = self.clues[i]
        kind, index, name, across = self.line_name(i)
        starts = block_starts(lc, masks)
        if starts is None:
            return {"contradiction": True, "line": [kind, index],
                    "message": f"{name} cannot be completed"}
        # simple boxes, block by block
        for j, s in enumerate(starts):
            length, colour = lc.blocks[j]
            lo = (s & -s).bit_length() - 1
            hi = s.bit_length() - 1
            if hi >= lo + length:
                continue
            sure = ((1 << (lo + length)) - 1) & ~((1 << hi) - 1)
            other = 0
            for v, m in enumerate(masks):
                if v != colour:
                    other |= m
            new_cells = sure & other
            if new_cells:
                new = tuple(m if v == colour else m & ~sure for v, m in enumerate(masks))
                return self._step("simple boxes", i, new_cells, new, colour,
                                  f"simple boxes: {name}, block {j + 1} must cover "
                                  f"{_cells_text(across, list(range(hi, lo + length)))}")
        # simple spaces
        reach = 0
        for j, s in enumerate(starts):
            length = lc.blocks[j][0]
            lo = (s & -s).bit_length() - 1
            hi = s.bit_length() - 1
            reach |= ((1 << (hi + length)) - 1) & ~((1 << lo) - 1)
        full = (1 << lc.n) - 1
        out = full & ~reach
        coloured = 0
        for m in masks[1:]:
            coloured |= m
        new_cells = out & coloured
        if new_cells:
            new = (masks[0],) + tuple(m & ~out for m in masks[1:])
            return self._step("simple spaces", i, new_cells, new, 0,
                              f"simple spaces: {name}, {_cells_text(across, _bits(new_cells))} "
                              f"{'are' if new_cells & (new_cells - 1) else 'is'} out of reach of every block")
        if simple_only:
            return None
        new = self.cache.get((self.cid[i], masks), False)
        if new is False:
            new = self.line_result(i)
        if new is None:
            return {"contradiction": True, "line": [kind, index], "message": f"{name} cannot be completed"}
        if new != masks:
            changed = 0
            for a, b in zip(masks, new):
                changed |= a ^ b
            return self._step("forcing", i, changed, new, None,
                              f"forcing: {name}: every arrangement of the clue that fits the known "
                              f"cells agrees on {_cells_text(across, _bits(changed))}")
        return None

    def _step(self, rule: str, i: int, cells_mask: int, new: tuple, colour, message: str) -> dict:
        kind, index, _, _ = self.line_name(i)
        cells, values = [], []
        keys = self.model.keys
        for pos in _bits(cells_mask):
            cells.append(self.cell_of(i, pos))
            if colour is not None:
                values.append(keys[colour])
            else:
                vals = [v for v, m in enumerate(new) if (m >> pos) & 1]
                values.append(keys[vals[0]] if len(vals) == 1 else "?")
        return {"rule": rule, "line": [kind, index], "cells": cells, "values": values,
                "message": message, "_i": i, "_new": new}

    def apply(self, step: dict) -> bool:
        """Write a line step into the grid and propagate it to the crossing lines only
        (no further solving), so the next steps stay one rule at a time."""
        i, new = step["_i"], step["_new"]
        old = self.state[i]
        self.trail.append((i, old))
        self.state[i] = new
        h = self.h
        base, pos = (h, i) if i < h else (0, i - h)
        clear = ~(1 << pos)
        for v in range(len(old)):
            gone = old[v] & ~new[v]
            while gone:
                low = gone & -gone
                gone ^= low
                j = base + low.bit_length() - 1
                cross = list(self.state[j])
                self.trail.append((j, self.state[j]))
                cross[v] &= clear
                self.state[j] = tuple(cross)
        return True

    def contradiction_step(self):
        """A cell value refuted by running the line rules on the whole grid, as a step,
        or None when no single assumption fails."""
        model = self.model
        for r in range(self.h):
            for c in range(self.w):
                vals = self.cell_values(r, c)
                if len(vals) < 2:
                    continue
                for v in vals:
                    mark = len(self.trail)
                    self.set_cell(r, c, v)
                    ok = self.propagate((r, self.h + c))
                    failed = self.failed
                    self.undo(mark)
                    if ok:
                        continue
                    kind, index, name, _ = self.line_name(failed)
                    rest = [u for u in vals if u != v]
                    new = tuple(m if u in rest else m & ~(1 << c) for u, m in enumerate(self.state[r]))
                    then = _value_name(model, rest[0]) if len(rest) == 1 else "not " + _value_name(model, v)
                    step = self._step("contradiction", r, 1 << c, new, rest[0] if len(rest) == 1 else None,
                                      f"contradiction: if row {r + 1}, column {c + 1} were "
                                      f"{_value_name(model, v)}, {name} could not be completed; "
                                      f"so it is {then}")
                    return step
        return None

    def next_step(self, dirty: list[bool]):
        """The next labelled step (simplest rule first over the dirty lines), or None."""
        for simple in (True, False):
            for i in range(self.nlines):
                if not dirty[i]:
                    continue
                step = self.line_step(i, simple_only=simple)
                if step is not None:
                    return step
                if not simple:
                    dirty[i] = False
        return None


def _value_name(model, v: int) -> str:
    return "blank" if v == 0 else model.colour_name(v)


def _bits(x: int) -> list[int]:
    out = []
    while x:
        low = x & -x
        x ^= low
        out.append(low.bit_length() - 1)
    return out


def _run_steps(eng: RuleEngine, deadline: Deadline, record: list | None, limit_steps: int | None,
               counts: dict) -> bool:
    """Apply rule steps until none applies; False on a contradiction."""
    dirty = [True] * eng.nlines
    while True:
        deadline.check()
        if limit_steps is not None and record is not None and len(record) >= limit_steps:
            return True
        step = eng.next_step(dirty)
        if step is None:
            step = eng.contradiction_step()
            if step is None:
                return True
        if step.get("contradiction"):
            return False
        counts[step["rule"]] = counts.get(step["rule"], 0) + len(step["cells"])
        eng.apply(step)
        i = step["_i"]
        dirty[i] = True
        for r, c in step["cells"]:
            dirty[r] = True
            dirty[eng.h + c] = True
        if record is not None:
            record.append({k: v for k, v in step.items() if not k.startswith("_")})


def solve_rules(model: Model, deadline: Deadline, limit: int = 1) -> Outcome:
    t0 = time.perf_counter()
    eng = RuleEngine(model, deadline)
    counts: dict[str, int] = {}
    ok = _run_steps(eng, deadline, None, None, counts)
    t_rules = time.perf_counter() - t0
    solutions: list[dict] = []
    nodes = 0
    queue: list = []
    tie = 0
    if ok:
        queue.append((eng.unknown_count(), tie, list(eng.state)))
    while queue:
        unknown, _, snapshot = heapq.heappop(queue)
        eng.state = list(snapshot)
        eng.trail.clear()
        if unknown == 0:
            solutions.append({"grid": eng.grid()})
            if len(solutions) >= limit:
                break
            continue
        nodes += 1
        r, c = _branch_cell(eng)
        for v in eng.cell_values(r, c):
            eng.state = list(snapshot)
            eng.trail.clear()
            eng.set_cell(r, c, v)
            # Children are settled with the complete line solver (the rules together
            # are exactly that); contradiction probing stays at the root for speed.
            if eng.propagate((r, eng.h + c)):
                tie += 1
                heapq.heappush(queue, (eng.unknown_count(), tie, list(eng.state)))
    stats = {"t_rules": round(t_rules, 6), "t_search": round(time.perf_counter() - t0 - t_rules, 6),
             "nodes": nodes, "line_solves": eng.line_solves, "cache_hits": eng.cache_hits}
    stats.update({k.replace(" ", "_"): v for k, v in counts.items()})
    return Outcome(solutions=solutions, complete=not queue, stats=stats)


def _branch_cell(eng: RuleEngine) -> tuple[int, int]:
    """The unknown cell with the most known neighbours (ties: first in reading order)."""
    best, best_n = None, -1
    grid = eng.grid()
    for r in range(eng.h):
        row = grid[r]
        for c in range(eng.w):
            if row[c] != "?":
                continue
            n = sum(1 for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                    if not (0 <= rr < eng.h and 0 <= cc < eng.w) or grid[rr][cc] != "?")
            if n > best_n:
                best, best_n = (r, c), n
    return best


def _engine_from(model: Model, grid: list[str], deadline: Deadline) -> RuleEngine:
    eng = RuleEngine(model, deadline)
    index = {k: v for v, k in enumerate(model.keys)}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch != "?":
                eng.set_cell(r, c, index[ch])
    eng.trail.clear()
    return eng


def steps(model: Model, deadline: Deadline, limit: int = MAX_STEPS) -> list[dict]:
    """The rule-based solving steps from the empty grid, at most ``limit`` of them:
    ``{"rule", "line": ["row"|"col", i], "cells": [[r, c], ...], "values": [...], "message"}``
    where ``values`` are the cell characters in the order of ``cells``.  Stops when the
    rules stall (the puzzle then needs search) or at a contradiction."""
    eng = RuleEngine(model, deadline)
    record: list[dict] = []
    _run_steps(eng, deadline, record, limit, {})
    return record


def next_step(model: Model, progress: dict, deadline: Deadline) -> dict | None:
    """The next rule step from the player's progress (see the module docstring), or a
    ``wrong`` answer when the progress contradicts a line (Family.hint has compared
    it with the unique solution first)."""
    grid = read_grid(model, progress, partial=True)
    eng = _engine_from(model, grid, deadline)
    dirty = [True] * eng.nlines
    step = eng.next_step(dirty)
    if step is None:
        step = eng.contradiction_step()
    if step is None:
        return None
    if step.get("contradiction"):
        kind, index = step["line"]
        cells = [[index, k] for k in range(model.width)] if kind == "row" else \
            [[k, index] for k in range(model.height)]
        return {"message": f"{step['message']}: something is wrong", "cells": cells, "wrong": True,
                "lines": [step["line"]]}
    new_grid = [list(row) for row in grid]
    for (r, c), value in zip(step["cells"], step["values"]):
        new_grid[r][c] = value
    return {"message": step["message"], "cells": step["cells"], "lines": [step["line"]],
            "rule": step["rule"], "solution": {"grid": ["".join(row) for row in new_grid]}}
