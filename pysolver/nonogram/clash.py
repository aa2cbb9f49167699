"""The lines whose clues contradict each other, for a nonogram without a solution
(:mod:`pysolver.conflict` says why and how)."""
from __future__ import annotations

from ..base import Deadline
from ..conflict import clash_answer, clashing_lines
from .engine import Engine
from .model import Model
from .probing import Prober


class _SomeLinesFree(Engine):
    """The line solver with the inactive lines' clues left out: such a line accepts
    whatever its cells hold (its cache key is its own, so no clue's answer is taken)."""

    def __init__(self, model: Model, deadline: Deadline, active: list[bool]):
        super().__init__(model, deadline)
        self.active = active
        self.cid = [c if on else ("free", i) for i, (c, on) in enumerate(zip(self.cid, active))]

    def line_result(self, i: int):
        return super().line_result(i) if self.active[i] else self.state[i]


def clash(model: Model, deadline: Deadline) -> dict | None:
    """:meth:`pysolver.base.Family.clash` for nonograms: by line reasoning, or, when it
    finds no contradiction, by probing (each cell's values tried with line reasoning
    after them, a value that fails removed: sound as well, and it finds the clash on
    5 of 7 tournament boards with a swapped clue where line reasoning found none, in
    up to 1.9 s of CPU)."""
    def contradicts(active: list[bool]) -> bool:
        eng = _SomeLinesFree(model, deadline, active)
        return not eng.propagate(range(eng.nlines))

    def contradicts_probing(active: list[bool]) -> bool:
        eng = _SomeLinesFree(model, deadline, active)
        return not eng.propagate(range(eng.nlines)) or not Prober(eng).run(None)[0]

    nlines = model.height + model.width
    found = clashing_lines(nlines, contradicts) or clashing_lines(nlines, contradicts_probing)
    return clash_answer(model.height, found)

