"""Links every answer must use, worked out before ``mip`` or ``paths`` builds its model.

The default search's propagation runs once from the bare board, without a single
guess (:func:`.hint.forced_moves`): a line end with one way on takes it, and under full
cover an empty cell with only two usable neighbours links to both.  Each such move
follows from the plain rules alone, so every answer holds it: fixing these links in a
model (or listing only paths that use them) keeps the model exact, counting and
uniqueness proofs included.  When the propagation meets a contradiction (a line end
with no way on, a pair that can no longer meet) the board has no answer at all.

Then *probing* (a look-ahead of one move, still no guess kept): each way on of each
line end is drawn and propagated; a way that leads to a contradiction is ruled out,
and a line end with a single way left takes it.  A ruled-out way is impossible in
every answer, so what probing forces is forced by the plain rules too.  ``deepen``
looks two moves ahead (a way is ruled out when probing one move ahead after it ends
in a contradiction).  Forced links measured on 14x14 full-cover boards of
bench/numberlink (CPython), propagation -> one move ahead -> two: nl20 3 -> 19 -> 172
(0.15 s, then 0.7 s), nl19 16 -> 95, nl24 19 -> 71, nl27 3 -> 3 -> 171 (about 3 s).
"""
from __future__ import annotations

import time

from ..base import Deadline
from .hint import forced_moves
from .model import Numberlink

#: probes (one propagation each, about 0.25 ms on a 14x14 board in CPython) at most,
#: for probing one move ahead / for :meth:`Forced.deepen`
MAX_PROBES = 5_000
DEEP_PROBES = 40_000


class Forced:
    """The forced lines of one board.

    ``chains[2k]`` / ``chains[2k + 1]``: the cells pair k's line is forced through from
    its first / second endpoint (the endpoint first, then in order; its last cell is the
    *tip*); ``joined[k]``: the two chains meet (pair k's whole path is forced);
    ``owner``: cell -> pair for every cell on a chain; ``contradiction``: no answer."""

    def __init__(self, model: Numberlink, deadline: Deadline, probe: bool = True):
        self.model = model
        self.deadline = deadline
        K = len(model.ends)
        self.chains: list[list[int]] = [[end] for pair in model.ends for end in pair]
        self.joined = [False] * K
        self.probes = 0
        self.depth = 0                  #: moves looked ahead (0: propagation alone)
        self.stop_at = float("inf")     #: probing stops at this perf_counter() time
        self.contradiction = not self._absorb(forced_moves(model, None, deadline))
        if probe:
            self._settle(1, MAX_PROBES)
        self._own()

    def deepen(self) -> bool:
        """Probing two moves ahead: a way on is ruled out when probing one move ahead
        after it ends in a contradiction.  Dearer (up to ``DEEP_PROBES`` probes and half
        the time left; what it found when it stops stands), so
        ``paths`` asks for it only when its list grows too long.  True when it forced
        more links."""
        before = len(self.links())
        left = self.deadline.remaining()
        if left is not None:            # and half the time left at most, for the model
            self.stop_at = time.perf_counter() + left / 2
        self._settle(2, self.probes + DEEP_PROBES)
        self._own()
        return len(self.links()) > before or self.contradiction

    def _own(self) -> None:
        self.owner = {p: hi >> 1 for hi, chain in enumerate(self.chains) for p in chain}

    def _settle(self, depth: int, budget: int) -> None:
        """Probing passes ``depth`` moves ahead until one forces nothing (or the probe
        count reaches ``budget``)."""
        self.depth = max(self.depth, depth)
        while not self.contradiction and self._probe_pass(depth, budget):
            pass

    def _absorb(self, log) -> bool:
        """Draw the moves of a propagation's log; False for a contradiction (None)."""
        for hi, q, _ in log or ():
            if q < 0:
                self.joined[hi >> 1] = True
            else:
                self.chains[hi].append(q)
        return log is not None

    def _fixed(self) -> dict[int, list[int]]:
        """The chains as the search draws them (``Search.run``'s ``fixed``); a join is
        drawn as the second chain stepping onto the first one's tip."""
        out = {}
        for h, chain in enumerate(self.chains):
            cells = chain[1:]
            if h & 1 and self.joined[h >> 1]:
                cells = cells + [self.chains[h ^ 1][-1]]
            if cells:
                out[h] = cells
        return out

    def _after(self, hi: int, q: int) -> "Forced | None":
        """A copy with line end ``hi`` moved to ``q`` (its partner's tip: a join) and
        propagated; None when that ends in a contradiction."""
        g = object.__new__(Forced)
        g.model, g.deadline, g.probes, g.depth = self.model, self.deadline, self.probes + 1, self.depth
        g.stop_at = self.stop_at
        g.chains = [list(chain) for chain in self.chains]
        g.joined = list(self.joined)
        g.contradiction = False
        if q == self.chains[hi ^ 1][-1]:
            g.joined[hi >> 1] = True
        else:
            g.chains[hi].append(q)
        return g if g._absorb(forced_moves(g.model, g._fixed(), g.deadline)) else None

    def _probe_pass(self, depth: int, budget: int) -> bool:
        """One pass of probing ``depth`` moves ahead over every line end (see the module
        docstring); True when it forced a move.  On a contradiction it sets
        ``contradiction`` and returns False; past ``budget`` probes it stops (what it
        found so far stands)."""
        progress = False
        for hi in range(len(self.chains)):
            if self.joined[hi >> 1]:
                continue
            owned = {p for chain in self.chains for p in chain}
            partner = self.chains[hi ^ 1][-1]
            alive = []
            for q in self.model.neighbours[self.chains[hi][-1]]:
                if q in owned and q != partner:
                    continue
                if self.probes >= budget or time.perf_counter() > self.stop_at:
                    return False
                g = self._after(hi, q)
                self.probes += 1
                if g is not None and depth > 1:
                    g._settle(depth - 1, budget)
                    self.probes = g.probes
                    if g.contradiction:
                        g = None
                if g is not None:
                    alive.append(g)
            if not alive:
                self.contradiction = True
                return False
            if len(alive) == 1:         # the only way on, and what follows from it
                self.chains, self.joined = alive[0].chains, alive[0].joined
                progress = True
        return progress

    def tips(self, k: int) -> tuple[int, int]:
        return self.chains[2 * k][-1], self.chains[2 * k + 1][-1]

    def path(self, k: int) -> list[int]:
        """Pair k's whole path when it is forced (``joined[k]``)."""
        return self.chains[2 * k] + self.chains[2 * k + 1][::-1]

    def links(self) -> list[tuple[int, int]]:
        """Every forced link as a (cell, cell) pair."""
        out = [(c[i], c[i + 1]) for c in self.chains for i in range(len(c) - 1)]
        out += [self.tips(k) for k, j in enumerate(self.joined) if j]
        return out

    def note(self) -> str:
        ahead = f", probing {self.depth} move{'s' * (self.depth > 1)} ahead" if self.depth else ""
        return f"propagated {len(self.links())} links before the model ({self.probes} probes{ahead})"
