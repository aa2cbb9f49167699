"""Links every answer must use, worked out before ``mip`` or ``paths`` builds its model.

The default search's propagation runs once from the bare board, without a single
guess (:func:`.hint.forced_moves`): a line end with one way on takes it, and under full
cover an empty cell with only two usable neighbours links to both.  Each such move
follows from the plain rules alone, so every answer holds it: fixing these links in a
model (or listing only paths that use them) keeps the model exact, counting and
uniqueness proofs included.  When the propagation meets a contradiction (a line end
with no way on, a pair that can no longer meet) the board has no answer at all.
"""
from __future__ import annotations

from ..base import Deadline
from .hint import forced_moves
from .model import Numberlink


class Forced:
    """The forced lines of one board.

    ``chains[2k]`` / ``chains[2k + 1]``: the cells pair k's line is forced through from
    its first / second endpoint (the endpoint first, then in order; its last cell is the
    *tip*); ``joined[k]``: the two chains meet (pair k's whole path is forced);
    ``owner``: cell -> pair for every cell on a chain; ``contradiction``: no answer."""

    def __init__(self, model: Numberlink, deadline: Deadline):
        K = len(model.ends)
        self.chains: list[list[int]] = [[end] for pair in model.ends for end in pair]
        self.joined = [False] * K
        log = forced_moves(model, None, deadline)
        self.contradiction = log is None
        for hi, q, _ in log or ():
            if q < 0:
                self.joined[hi >> 1] = True
            else:
                self.chains[hi].append(q)
        self.owner = {p: hi >> 1 for hi, chain in enumerate(self.chains) for p in chain}

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
        return f"propagated {len(self.links())} links before the model"
