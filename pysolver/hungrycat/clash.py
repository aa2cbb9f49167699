"""The lines whose clues contradict each other, for a Hungry Cat puzzle without a
solution (:mod:`pysolver.conflict` says why and how)."""
from __future__ import annotations

from ..base import Deadline
from ..conflict import clash_answer, clashing_lines
from .model import Model
from .rules import Contradiction, Rules


class _SomeLinesFree(Rules):
    """The line rules with the inactive lines' clues left out."""

    def __init__(self, m: Model, deadline: Deadline, active: list[bool]):
        super().__init__(m, deadline)
        self.active = active

    def apply_line(self, dom: list[int], li: int) -> bool:
        return super().apply_line(dom, li) if self.active[li] else False


def clash(m: Model, deadline: Deadline) -> dict | None:
    """:meth:`pysolver.base.Family.clash` for Hungry Cat."""
    def contradicts(active: list[bool]) -> bool:
        rules = _SomeLinesFree(m, deadline, active)
        try:
            rules.propagate([rules.full] * (m.width * m.height))
        except Contradiction:
            return True
        return False

    return clash_answer(m.height, clashing_lines(m.height + m.width, contradicts))
