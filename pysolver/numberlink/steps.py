"""The solver's steps for the app's "Replay": the lines drawn in the order a solver finds them.

Forced moves come first, with the reasons hints give (a line end with only one way on,
an empty cell with only two usable neighbours under full cover): the propagation behind
hints (:func:`.hint.forced_runs`), run to a fixpoint.  When nothing more is forced the
search takes over the way the default search branches: the line end with the fewest
ways on is drawn on, a straight stretch at a time, along a solution found by the
family's own solver (method ``auto``), and after every stretch the moves it forces are
shown with their reasons again.  A line the search started is drawn until it is joined,
so the replay goes pair by pair like someone drawing, and always ends on the finished
solution.

Each step is ``{"rule", "message", "cells", "label", "lines"}``: ``cells`` are the cells
the step draws (0-based, highlighted by the app; for a bare join the two line ends),
``label`` is the line's label and ``lines`` that line as drawn after the step: one list
of cells from one endpoint to the other once it is joined, else one or two unfinished
lines, each starting at one of its endpoints.  Messages count rows and columns from 1.
"""
from __future__ import annotations

from ..base import Deadline, PuzzleError, SolveTimeout
from .hint import forced_runs
from .model import Numberlink

_RULE = {"head": "one way on", "cell": "two neighbours"}


def steps(model: Numberlink, deadline: Deadline, family=None) -> list[dict]:
    if family is None:
        from . import FAMILY as family
    outcome = family.solve(model, "auto", deadline, 1)
    if not outcome.solutions:
        raise PuzzleError("this puzzle has no solution, so there is nothing to replay")
    return _Replay(model, outcome.solutions[0], deadline).run()


def _at(model: Numberlink, cell: int) -> str:
    r, c = model.rc(cell)
    return f"row {r + 1}, col {c + 1}"


class _Replay:
    def __init__(self, model: Numberlink, solution: dict, deadline: Deadline):
        self.model = model
        self.deadline = deadline
        W = model.width
        #: per head (2 * pair + end): the solution path read from that endpoint
        self.seq: list[list[int]] = []
        for lab, (a, b) in zip(model.labels, model.ends):
            path = [r * W + c for r, c in solution["paths"][lab]]
            if path[0] != a:
                path.reverse()
            if path[0] != a or path[-1] != b:
                raise RuntimeError(f"the solver's path {lab} does not join its endpoints")
            self.seq += [path, path[::-1]]
        K = len(model.labels)
        self.drawn: list[list[int]] = [[] for _ in range(2 * K)]   # per head, endpoint excluded
        self.joined = [False] * K
        self.occupied = {p for ends in model.ends for p in ends}
        self.out: list[dict] = []

    # -- state -------------------------------------------------------------------------
    def tip(self, hi: int) -> int:
        return self.drawn[hi][-1] if self.drawn[hi] else self.seq[hi][0]

    def next_cell(self, hi: int, ahead: int = 0) -> int:
        return self.seq[hi][len(self.drawn[hi]) + 1 + ahead]

    def fixed(self) -> dict[int, list[int]]:
        """The drawn lines in the search's ``fixed`` form (a joined pair as one chain)."""
        out = {}
        for hi, cells in enumerate(self.drawn):
            if self.joined[hi >> 1]:
                if not hi & 1:
                    out[hi] = self.seq[hi][1:]
            elif cells:
                out[hi] = cells
        return out

    def ways(self, hi: int) -> int:
        """Ways on for a line end: free neighbours, and its partner when adjacent."""
        W, H = self.model.width, self.model.height
        t = self.tip(hi)
        r, c = divmod(t, W)
        partner = self.tip(hi ^ 1)
        n = 0
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < H and 0 <= cc < W:
                q = rr * W + cc
                n += q not in self.occupied or q == partner
        return n

    def draw(self, hi: int, moves: list[int]) -> list[int]:
        """Draw ``moves`` (cells, -1 for the join) from line end ``hi``; the new cells."""
        k = hi >> 1
        new = []
        for q in moves:
            if self.joined[k]:
                raise RuntimeError(f"line {self.model.labels[k]} is already joined")
            expect = self.next_cell(hi)
            if q == -1:
                if expect != self.tip(hi ^ 1):
                    raise RuntimeError(f"forced join of line {self.model.labels[k]} is not the solver's")
                self.joined[k] = True
            else:
                if q != expect or q in self.occupied:
                    raise RuntimeError(f"forced move of line {self.model.labels[k]} to {_at(self.model, q)} "
                                       "is not the solver's")
                self.drawn[hi].append(q)
                self.occupied.add(q)
                new.append(q)
        return new

    def record(self, hi: int, rule: str, message: str, new: list[int]) -> None:
        model = self.model
        k = hi >> 1
        if self.joined[k]:
            lines = [self.seq[2 * k]]
        else:
            lines = [[self.seq[h][0]] + self.drawn[h] for h in (2 * k, 2 * k + 1) if self.drawn[h]]
        cells = new or [self.tip(hi), self.tip(hi ^ 1)]
        self.out.append({"rule": rule, "message": message, "label": model.labels[k],
                         "cells": [list(model.rc(p)) for p in cells],
                         "lines": [[list(model.rc(p)) for p in line] for line in lines]})

    # -- the two kinds of step ---------------------------------------------------------
    def forced(self) -> None:
        runs = forced_runs(self.model, self.fixed(), self.deadline)
        if runs is None:
            raise RuntimeError("the solver's lines contradict the forced moves")
        model = self.model
        for hi, moves, reason in runs:
            lab = model.labels[hi >> 1]
            start = self.tip(hi)
            new = self.draw(hi, moves)
            if reason == "cell":
                why = (f"the cell at {_at(model, new[0])} has only two neighbours it can link to, "
                       f"one of them line {lab}")
            else:
                why = f"the end of line {lab} at {_at(model, start)} has only one way on"
            if self.joined[hi >> 1]:
                why += f"; line {lab} is complete"
            elif len(new) > 1:
                why += f" (forced on to {_at(model, new[-1])})"
            self.record(hi, _RULE.get(reason, reason), why, new)

    def search(self, hi: int) -> None:
        """Draw line end ``hi`` one straight stretch on along the solution."""
        model = self.model
        partner = self.tip(hi ^ 1)
        start = prev = self.tip(hi)
        moves, step, ahead = [], None, 0
        while True:
            q = self.next_cell(hi, ahead)
            if q == partner:
                moves.append(-1)
                break
            if step is not None and q - prev != step:
                break
            step, prev = q - prev, q
            moves.append(q)
            ahead += 1
        lab = model.labels[hi >> 1]
        new = self.draw(hi, moves)
        if not new:
            message = f"search: line {lab} joins its ends at {_at(model, start)} and {_at(model, partner)}"
        else:
            message = f"search: line {lab} goes on from {_at(model, start)} to {_at(model, new[-1])}"
            if self.joined[hi >> 1]:
                message += " and is complete"
        self.record(hi, "search", message, new)

    def run(self) -> list[dict]:
        current = -1
        K = len(self.joined)
        remaining = lambda hi: len(self.seq[hi]) - len(self.drawn[hi]) - len(self.drawn[hi ^ 1])  # noqa: E731
        while True:
            if self.deadline.expired():
                raise SolveTimeout("time limit reached")
            self.forced()
            if all(self.joined):
                return self.out
            if current < 0 or self.joined[current >> 1]:
                # A new line, chosen as the search branches: the end with the fewest ways
                # on, then the shortest way left.
                current = min((hi for hi in range(2 * K) if not self.joined[hi >> 1]),
                              key=lambda hi: (self.ways(hi), remaining(hi), hi))
            self.search(current)
