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
every answer, so what probing forces is forced by the plain rules too.  Measured on
14x14 full-cover boards (CPython): 3 -> 19, 16 -> 95, 19 -> 71 forced links, in
0.15 to 0.35 s.
"""
from __future__ import annotations

from ..base import Deadline
from .hint import forced_moves
from .model import Numberlink

#: probes (one propagation each, about 0.25 ms on a 14x14 board in CPython) at most
MAX_PROBES = 5_000


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
        self.contradiction = not self._absorb(forced_moves(model, None, deadline))
        while probe and not self.contradiction and self._probe_pass():
            pass
        self.owner = {p: hi >> 1 for hi, chain in enumerate(self.chains) for p in chain}

    def _absorb(self, log) -> bool:
        """Draw the moves of a propagation's log; False for a contradiction (None)."""
        for hi, q, _ in log or ():
            if q < 0:
                self.joined[hi >> 1] = True
            else:
                self.chains[hi].append(q)
        return log is not None

    def _fixed(self, hi: int = -1, q: int = -1) -> dict[int, list[int]]:
        """The chains as the search draws them (``Search.run``'s ``fixed``), with line
        end ``hi`` one step further, to ``q``, when given.  A join is drawn as the second
        chain stepping onto the first one's tip."""
        out = {}
        for h, chain in enumerate(self.chains):
            cells = chain[1:]
            if h & 1 and self.joined[h >> 1]:
                cells = cells + [self.chains[h ^ 1][-1]]
            if h == hi:
                cells = cells + [q]
            if cells:
                out[h] = cells
        return out

    def _probe_pass(self) -> bool:
        """One pass of probing over every line end (see the module docstring); True when
        it forced a move.  On a contradiction it sets ``contradiction`` and returns False;
        past ``MAX_PROBES`` it stops (what it found so far stands)."""
        owned = {p for chain in self.chains for p in chain}
        progress = False
        for hi, chain in enumerate(self.chains):
            if self.joined[hi >> 1]:
                continue
            partner = self.chains[hi ^ 1][-1]
            alive = []
            for q in self.model.neighbours[chain[-1]]:
                if q in owned and q != partner:
                    continue
                if self.probes >= MAX_PROBES:
                    return False
                self.probes += 1
                move = (hi | 1, self.chains[hi & ~1][-1]) if q == partner else (hi, q)
                if forced_moves(self.model, self._fixed(*move), self.deadline) is not None:
                    alive.append(q)
            if not alive:
                self.contradiction = True
                return False
            if len(alive) == 1:
                if alive[0] == partner:
                    self.joined[hi >> 1] = True
                else:
                    chain.append(alive[0])
                if not self._absorb(forced_moves(self.model, self._fixed(), self.deadline)):
                    self.contradiction = True
                    return False
                owned = {p for chain in self.chains for p in chain}
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

    def closed(self) -> set[int]:
        """Cells whose links are all forced: every cell of a joined pair, else the
        cells of a chain before its tip (the tip still needs its next link)."""
        done = set()
        for hi, chain in enumerate(self.chains):
            done.update(chain if self.joined[hi >> 1] else chain[:-1])
        return done

    def note(self) -> str:
        return f"propagated {len(self.links())} links before the model ({self.probes} probes)"
