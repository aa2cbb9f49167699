"""The lines whose clues contradict each other, for a Hungry Cat puzzle without a
solution (:mod:`pysolver.conflict` says why and how)."""
from __future__ import annotations

from ..base import Deadline
from ..conflict import clash_answer, clashing_lines
from .auto import AutoSolver
from .model import Model
from .rules import Contradiction, Rules


class _SomeLinesFree(Rules):
    """The notebook's line rules with the inactive lines' clues left out."""

    def __init__(self, m: Model, deadline: Deadline, active: list[bool]):
        super().__init__(m, deadline)
        self.active = active

    def apply_line(self, dom: list[int], li: int) -> bool:
        return super().apply_line(dom, li) if self.active[li] else False


class _ExactSomeLinesFree(AutoSolver):
    """The exact line solver (a dynamic programme per line) likewise: it finds
    contradictions the rules miss (a circle typed as a square: "[7]R" for "7R")."""

    def __init__(self, m: Model, deadline: Deadline, active: list[bool]):
        super().__init__(m, deadline)
        self.active = active

    def line(self, li: int, doms: tuple):
        return super().line(li, doms) if self.active[li] else False  # (False: the line is skipped)


def clash(m: Model, deadline: Deadline) -> dict | None:
    """:meth:`pysolver.base.Family.clash` for Hungry Cat: the rules first (cheap), then
    the exact line solver from where they stopped."""
    def contradicts(active: list[bool]) -> bool:
        rules = _SomeLinesFree(m, deadline, active)
        dom = [rules.full] * (m.width * m.height)
        try:
            rules.propagate(dom)
        except Contradiction:
            return True
        return not _ExactSomeLinesFree(m, deadline, active).propagate(dom, range(m.height + m.width))

    return clash_answer(m.height, clashing_lines(m.height + m.width, contradicts))
