"""Grid state and constraint propagation shared by the solving methods.

The state is one tuple of colour masks per line (see :mod:`.linesolve`): lines
``0..h-1`` are the rows (bit = column), lines ``h..h+w-1`` the columns (bit = row).
Each cell is thus stored twice; every change made to a line is copied into the
crossing lines at once, which marks them dirty.  Changes are recorded on a trail of
``(line, old tuple)`` so that probing and search undo by popping the trail back to a
mark instead of copying the grid.
"""
from __future__ import annotations

from collections import deque

from ..base import Deadline
from ..sharing import shared
from .linesolve import LineClue, solve_line
from .model import Model

CACHE_LIMIT = 300_000


def prepare_lines(model: Model) -> tuple[list[LineClue], list[int]]:
    """The prepared clue of every line (rows, then columns), and per line an id shared
    by lines with the same clue and length, so that line results can be cached by it."""
    # (inside pysolver.sharing.sharing, as during a make, the engines share clue ids
    # and line results: a maker grades hundreds of pictures that differ in a cell or
    # two, so most lines and the states they pass through recur; random 20x20
    # black-and-white grade-5 nonograms, numbers 0, 1, 3, took 1.7 / 1.2 / 5.1 s of CPU
    # instead of 2.5 / 1.9 / 7.1 s)
    prepared: dict = shared("nonogram clue ids", dict)
    clues: list[LineClue] = []
    cid: list[int] = []
    for n, clue in [(model.width, c) for c in model.rows] + [(model.height, c) for c in model.cols]:
        key = (n, clue)
        if key not in prepared:
            prepared[key] = (len(prepared), LineClue(n, clue))
        i, lc = prepared[key]
        cid.append(i)
        clues.append(lc)
    return clues, cid


class Engine:
    def __init__(self, model: Model, deadline: Deadline):
        self.model = model
        self.deadline = deadline
        self.h, self.w = model.height, model.width
        self.ncol = model.colours
        self.clues, self.cid = prepare_lines(model)
        self.nlines = self.h + self.w
        full_row = (1 << self.w) - 1
        full_col = (1 << self.h) - 1
        self.state: list[tuple[int, ...]] = (
            [(full_row,) * self.ncol] * self.h + [(full_col,) * self.ncol] * self.w)
        self.trail: list[tuple[int, tuple[int, ...]]] = []
        self.cache: dict = shared("nonogram line results", dict)
        self.line_solves = 0
        self.cache_hits = 0
        #: the line that could not be completed in the last failed propagation
        self.failed = -1
        if self.ncol == 2:
            self.propagate = self._propagate_bw

    # -- state --------------------------------------------------------------------------
    def undo(self, mark: int) -> None:
        trail, state = self.trail, self.state
        while len(trail) > mark:
            i, old = trail.pop()
            state[i] = old

    def cell_values(self, r: int, c: int) -> list[int]:
        masks = self.state[r]
        return [v for v in range(self.ncol) if (masks[v] >> c) & 1]

    def restrict_cell(self, r: int, c: int, keep: int) -> None:
        """Limit cell (r, c) to the colour set ``keep`` (bit v = colour v), in both views."""
        state, trail = self.state, self.trail
        for line, bit in ((r, c), (self.h + c, r)):
            old = state[line]
            clear = ~(1 << bit)
            new = tuple(m if (keep >> v) & 1 else m & clear for v, m in enumerate(old))
            if new != old:
                trail.append((line, old))
                state[line] = new

    def set_cell(self, r: int, c: int, v: int) -> None:
        """Fix cell (r, c) to colour v: the hot path of probing and search."""
        state, trail = self.state, self.trail
        line = r
        for bit in (c, r):
            old = state[line]
            keep = 1 << bit
            clear = ~keep
            lst = [m & clear for m in old]
            lst[v] |= old[v] & keep
            new = tuple(lst)
            if new != old:
                trail.append((line, old))
                state[line] = new
            line = self.h + c

    def unknown_count(self) -> int:
        total = 0
        for masks in self.state[:self.h]:
            total += sum(m.bit_count() for m in masks) - self.w
        return total

    def solved(self) -> bool:
        w = self.w
        for masks in self.state[:self.h]:
            if sum(m.bit_count() for m in masks) != w:
                return False
        return True

    def grid(self) -> list[str]:
        keys = self.model.keys
        out = []
        for masks in self.state[:self.h]:
            row = ["?"] * self.w
            for v, m in enumerate(masks):
                others = 0
                for u, mu in enumerate(masks):
                    if u != v:
                        others |= mu
                only = m & ~others
                while only:
                    low = only & -only
                    only ^= low
                    row[low.bit_length() - 1] = keys[v]
            out.append("".join(row))
        return out

    # -- propagation ----------------------------------------------------------------------
    def line_result(self, i: int):
        """Solve line i from scratch and cache the result (callers look up first)."""
        self.line_solves += 1
        got = solve_line(self.clues[i], self.state[i])
        if len(self.cache) >= CACHE_LIMIT:
            self.cache.clear()
        self.cache[(self.cid[i], self.state[i])] = got
        return got

    def _queue(self, dirty) -> tuple[deque, list[bool]]:
        """The lines to solve, each once, and which are queued."""
        queue = deque()
        queued = [False] * self.nlines
        for i in dirty:
            if not queued[i]:
                queued[i] = True
                queue.append(i)
        return queue, queued

    def propagate(self, dirty) -> bool:
        """Line-solve dirty lines to a fixpoint; False on a contradiction."""
        state, trail, h = self.state, self.trail, self.h
        check = self.deadline.check
        cache, cid = self.cache, self.cid
        hits = 0
        queue, queued = self._queue(dirty)
        while queue:
            check()
            i = queue.popleft()
            queued[i] = False
            old = state[i]
            key = (cid[i], old)
            new = cache.get(key, False)
            if new is False:
                new = self.line_result(i)
            else:
                hits += 1
            if new is None:
                self.cache_hits += hits
                self.failed = i
                return False
            if new == old:
                continue
            trail.append((i, old))
            state[i] = new
            if i < h:
                base, pos = h, i
            else:
                base, pos = 0, i - h
            clear = ~(1 << pos)
            for v in range(len(old)):
                gone = old[v] ^ new[v]
                while gone:
                    low = gone & -gone
                    gone ^= low
                    j = base + low.bit_length() - 1
                    cross = state[j]
                    trail.append((j, cross))
                    lst = list(cross)
                    lst[v] &= clear
                    state[j] = tuple(lst)
                    if not queued[j]:
                        queued[j] = True
                        queue.append(j)
        self.cache_hits += hits
        return True

    def _propagate_bw(self, dirty) -> bool:
        """:meth:`propagate` for black-and-white grids (two masks per line), with the
        crossing-line updates written out: most of probing's time is spent here."""
        state, trail, h = self.state, self.trail, self.h
        check = self.deadline.check
        cache, cid = self.cache, self.cid
        hits = 0
        queue, queued = self._queue(dirty)
        push = queue.append
        append = trail.append
        while queue:
            check()
            i = queue.popleft()
            queued[i] = False
            old = state[i]
            new = cache.get((cid[i], old), False)
            if new is False:
                new = self.line_result(i)
            else:
                hits += 1
            if new is None:
                self.cache_hits += hits
                self.failed = i
                return False
            if new == old:
                continue
            append((i, old))
            state[i] = new
            if i < h:
                base, pos = h, i
            else:
                base, pos = 0, i - h
            clear = ~(1 << pos)
            gone = old[0] ^ new[0]  # cells that became filled
            while gone:
                low = gone & -gone
                gone ^= low
                j = base + low.bit_length() - 1
                cross = state[j]
                append((j, cross))
                state[j] = (cross[0] & clear, cross[1])
                if not queued[j]:
                    queued[j] = True
                    push(j)
            gone = old[1] ^ new[1]  # cells that became blank
            while gone:
                low = gone & -gone
                gone ^= low
                j = base + low.bit_length() - 1
                cross = state[j]
                append((j, cross))
                state[j] = (cross[0], cross[1] & clear)
                if not queued[j]:
                    queued[j] = True
                    push(j)
        self.cache_hits += hits
        return True
