"""The contradiction rung of the grade (:func:`.grade._contradictions`) for black-and-white
grids, made cheap enough to climb with: most of a fiendish climb's time is spent here.

It refutes the same cell values in the same order as the plain sweep (every open cell in
reading order, blank tried before filled, sweeps until one refutes nothing), so it counts
the same contradictions and leaves the same grid; the shortcuts only make probes cheaper
or skip probes whose answer is known:

* **packed lines** - a line is one integer, its blank mask in the low ``n`` bits and its
  filled mask above them, and each clue's line results are kept in a dictionary keyed by
  that integer: a probe copies the 40 integers of a 20x20 grid instead of keeping a trail
  to undo, and a cached line costs one lookup of an int instead of hashing nested tuples;
* **known to hold** - when a probe of one value survives, line logic reached a fixpoint
  with no line that cannot be completed, and every cell it fixed on the way would
  survive a probe of the value it took (line logic from that one value ends in a fixpoint
  no narrower than this one, which has a completion of every line).  The grid changes
  only at a refutation, so until the next one those probes are skipped, the probe
  itself among them: the sweep after the last refutation runs only the probes of the
  cells before it, and the stall of a fiendish grid is proved in fewer probes.  A
  fixpoint that decided the refuted cell the way it goes stays valid after it;
* **a known solution** (a maker's picture) - line logic never leaves a solution, so a
  probe of a cell's value in it always survives and is skipped: each open cell costs one
  probe, of the value the picture does not have.  Such a probe whose line logic decides
  every cell has found another solution (:attr:`BwProber.second`).

Tried and dropped (numbers 0, 2 and 6 of the 20x20 fiendish climb): starting a probe made
again after refutations from its last fixpoint narrowed to the grid (1.93M line visits
against 1.50M: the narrowed fixpoint differs from the grid in many lines, in states no
other probe meets, while probes from one grid share their lines' states in the cache);
making a stale fixpoint that decided a cell valid again instead of probing the cell (more
line solves than the probes it spared); the same with the fixpoints of the picture graded
before (one cell apart: 15.7k of 42k held, 237k line solves against 197k).
"""
from __future__ import annotations

from ..base import PuzzleError
from ..sharing import shared
from .engine import CACHE_LIMIT
from .linesolve import solve_packed


class _Results:
    """Line results of packed lines, one dictionary per clue id (shared by the gradings
    of a make, like the engine's), emptied all at once past ``CACHE_LIMIT`` entries."""

    def __init__(self):
        self.by_clue: dict[int, dict[int, int]] = {}
        self.size = 0

    def of(self, cid: int) -> dict[int, int]:
        got = self.by_clue.get(cid)
        if got is None:
            got = self.by_clue[cid] = {}
        return got

    def added(self, count: int) -> None:
        """Count ``count`` entries just added."""
        self.size += count
        if self.size > CACHE_LIMIT:
            for d in self.by_clue.values():
                d.clear()
            self.size = 0


class BwProber:
    """An engine's black-and-white grid as packed lines (rows, then columns), with line
    logic to a fixpoint and probes on them."""

    def __init__(self, eng, solution: list[list[int]] | None = None):
        self.eng = eng
        self.h, self.w = eng.h, eng.w
        h, w = self.h, self.w
        self.length = [w] * h + [h] * w
        self.lines = [b | (f << n) for (b, f), n in zip(eng.state, self.length)]
        results = shared("nonogram packed line results", _Results)
        self.results = results
        self.cache = [results.of(i) for i in eng.cid]
        self.plans = [lc.packed for lc in eng.clues]
        self.check = eng.deadline.check
        #: probes run (for the tests and the bench)
        self.probes = 0
        #: after a stall, when the truth is known: a probe's fixpoint that decided every
        #: cell, so another solution (packed lines), or None.  (A solution lies within the
        #: grid at every step, so such a fixpoint is never dropped from the valid ones.)
        self.second: list[int] | None = None
        #: per row, the values of a known solution, packed as in ``held`` (their probes
        #: always survive: line logic never leaves the solution)
        self.solution_known = solution is not None
        self.truth = [0] * self.h if solution is None else [
            sum(1 << (c if v else c + self.w) for c, v in enumerate(row)) for row in solution]

    # -- line logic -----------------------------------------------------------------------
    def fixpoint(self, lines: list[int], dirty: int) -> bool:
        """Line logic on ``lines`` (changed in place) from the lines whose bits are set
        in ``dirty``, to a fixpoint; False when a line cannot be completed.  The dirty
        rows are solved, then the dirty columns, and so on: changes pile up in a line
        before it is solved (fewer distinct line states to solve than one line at a time,
        lowest first: 61k line solves instead of 75k on number 0's climb)."""
        h, w = self.h, self.w
        cache, plans = self.cache, self.plans
        # (todo: the dirty lines of one side, by their index on it; other: the other's)
        todo, other, across = dirty & ((1 << h) - 1), dirty >> h, True
        if not todo:
            todo, other, across = other, 0, False
        solved = 0
        while todo:
            if across:
                first, n, base, cross_n = 0, w, h, h
            else:
                first, n, base, cross_n = h, h, 0, w
            mask = (1 << n) - 1
            while todo:
                low = todo & -todo
                todo ^= low
                pos = low.bit_length() - 1      # (also the line's bit in the crossing lines)
                i = first + pos
                old = lines[i]
                new = cache[i].get(old)
                if new is None:
                    new = cache[i][old] = solve_packed(plans[i], old)
                    solved += 1
                if new == old:
                    continue
                if not new:
                    self.results.added(solved)
                    return False
                lines[i] = new
                gone = old ^ new
                lost_blank = gone & mask        # cells now filled
                lost_fill = gone >> n           # cells now blank
                other |= lost_blank | lost_fill
                keep = ~(1 << pos)
                while lost_blank:
                    bit = lost_blank & -lost_blank
                    lost_blank ^= bit
                    lines[base + bit.bit_length() - 1] &= keep
                keep = ~(1 << (pos + cross_n))
                while lost_fill:
                    bit = lost_fill & -lost_fill
                    lost_fill ^= bit
                    lines[base + bit.bit_length() - 1] &= keep
            todo, other, across = other, 0, not across
        self.results.added(solved)
        return True

    def line_logic(self) -> bool:
        """Line logic on the grid from every line, written back into the engine: False
        when a line cannot be completed."""
        ok = self.fixpoint(self.lines, (1 << (self.h + self.w)) - 1)
        self.store()
        return ok

    def _assume(self, lines: list[int], r: int, c: int, filled: bool) -> bool:
        """Cell (r, c) set filled or blank in ``lines``, then line logic: False on a
        line that cannot be completed."""
        h, w = self.h, self.w
        if filled:
            lines[r] &= ~(1 << c)
            lines[h + c] &= ~(1 << r)
        else:
            lines[r] &= ~(1 << (c + w))
            lines[h + c] &= ~(1 << (r + h))
        return self.fixpoint(lines, (1 << r) | (1 << (h + c)))

    def _probe(self, r: int, c: int, held: int) -> tuple[bool | None, list[tuple[int, list[int]]]] | None:
        """Probes of cell (r, c) blank, then filled, on copies of the grid, skipping a
        value whose bit is set in ``held`` (the row's values known to hold).  Returns
        the refuted value (True: filled), or None, and the surviving probes as
        ``(value, fixpoint)``; None when the cell is decided already."""
        self.check()
        x = self.lines[r]
        if not (x >> c) & (x >> (c + self.w)) & 1:
            return None
        fits = []
        for filled in (False, True):
            if (held >> (c if filled else c + self.w)) & 1:
                continue
            work = self.lines[:]
            self.probes += 1
            if not self._assume(work, r, c, filled):
                return filled, fits
            fits.append((int(filled), work))
        return None, fits

    # -- the contradiction rung -------------------------------------------------------------
    def contradictions(self) -> int:
        """The plain sweep's refutations (see the module docstring), made on the grid;
        the number of them."""
        h, w = self.h, self.w
        lines = self.lines
        count = 0
        # the fixpoints of the probes that survived, while each is within the grid, and
        # held[r]: the cells of row r they decide, packed as a row (bit c: filled holds;
        # bit w + c: blank holds)
        fixpoints: list[list[int]] = []
        truth = self.truth
        held = list(truth)
        swept_clean = False
        while not swept_clean and not self.solved():
            swept_clean = True
            for r, c in self._open_cells():
                probed = self._probe(r, c, held[r])
                if probed is None:
                    continue                # decided since the sweep began
                refuted, fits = probed
                for _, work in fits:
                    fixpoints.append(work)
                    held = [m | (x ^ y) for m, x, y in zip(held, lines, work)]
                if refuted is None:
                    continue
                if not self._assume(lines, r, c, not refuted):
                    raise PuzzleError("the clues have no solution")
                count += 1
                swept_clean = False
                fixpoints = _within(fixpoints, r, c + w if refuted else c)
                held = _decided(fixpoints, lines, truth)
        if not self.solved() and self.solution_known:
            self.second = next((f for f in fixpoints if not any(x & (x >> w) for x in f[:h])), None)
        return count

    # -- the root pass of the clause-learning search ---------------------------------------
    def root_pass(self) -> dict[tuple[int, int], tuple[int, list[int]]] | None:
        """One probing sweep over the open cells, as :class:`.probing.Prober` makes it with
        one sweep (the root pass of :mod:`.cdcl`), on packed lines: the same cells in the
        same order, the same refutations, agreements and scores, so the same facts, first
        activities and phases, in about four fifths of the time (a probe copies 50
        integers on a 25x25 grid instead of keeping a trail of tuples; the line solves,
        most of the time, are the same: on 82 tournament boards 3.43 s -> 2.71 s).  The
        grid is left narrowed in ``lines``; returns each scored cell's ``(score, values
        in the order to try)``, or None when the clues have no solution.  (One sweep,
        not sweeps to a fixpoint: see the note in :mod:`.cdcl` above ``PROBE_MAX_CELLS``.)"""
        h, w = self.h, self.w
        lines = self.lines
        if not self.fixpoint(lines, (1 << (h + w)) - 1):
            return None
        scores: dict[tuple[int, int], tuple[int, list[int]]] = {}
        # held[r]: the row's cells that a surviving probe since the last change decided
        # (bits as in contradictions()): probing that value again cannot fail and decides
        # no more than that probe did, so it is skipped
        held = [0] * h
        for r, c in self._open_cells():
            probed = self._probe(r, c, held[r])
            if probed is None:
                continue                # decided since the sweep began
            refuted, fits = probed
            if refuted is not None:
                if not self._assume(lines, r, c, not refuted):
                    return None
                held = [0] * h
                continue
            for _, work in fits:
                held = [m | (a ^ b) for m, a, b in zip(held, lines, work)]
            if len(fits) < 2:
                continue
            # what both values agree on holds: the union of their fixpoints
            union = [a | b for a, b in zip(fits[0][1], fits[1][1])]
            if union != lines:
                dirty = sum(1 << k for k, (a, b) in enumerate(zip(union, lines)) if a != b)
                lines[:] = union
                if not self.fixpoint(lines, dirty):
                    return None
                held = [0] * h
                continue
            gains = [sum(a.bit_count() - b.bit_count() for a, b in zip(lines[:h], work[:h]))
                     for _, work in fits]
            # (the cells where even the weaker value decides much first; the stronger
            # value tried first, blank on a tie, as Prober does)
            scores[(r, c)] = ((min(gains) + 1) * (max(gains) + 1),
                              [v for _, v in sorted(zip([-g for g in gains], (0, 1)))])
        return scores

    def _open_cells(self) -> list[tuple[int, int]]:
        """The undecided cells, in reading order."""
        w = self.w
        out = []
        for r, x in enumerate(self.lines[:self.h]):
            both = x & (x >> w)
            while both:
                bit = both & -both
                both ^= bit
                out.append((r, bit.bit_length() - 1))
        return out

    def solved(self) -> bool:
        w = self.w
        return not any(x & (x >> w) for x in self.lines[:self.h])

    def store(self) -> None:
        """Write the grid back into the engine's state (on its trail)."""
        eng = self.eng
        for i, (x, n) in enumerate(zip(self.lines, self.length)):
            masks = (x & ((1 << n) - 1), x >> n)
            if masks != eng.state[i]:
                eng.trail.append((i, eng.state[i]))
                eng.state[i] = masks


def _within(fixpoints: list[list[int]], r: int, bit: int) -> list[list[int]]:
    """The fixpoints that lack ``bit`` of row ``r``: those within the grid once that value
    is refuted (a fixpoint that already decided the cell the other way is a fixpoint of
    the grid narrowed by the refutation, so it lies within the grid line logic leaves)."""
    return [f for f in fixpoints if not (f[r] >> bit) & 1]


def _decided(fixpoints: list[list[int]], lines: list[int], truth: list[int]) -> list[int]:
    """Per row, the cell values the ``fixpoints`` decide and those of ``truth`` (bits as
    in ``held``)."""
    held = list(truth)
    for f in fixpoints:
        for k in range(len(held)):
            held[k] |= lines[k] ^ f[k]
    return held
