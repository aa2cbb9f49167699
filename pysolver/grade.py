"""Difficulty grades: one scale from 1 to 5 for every family.

A family grades a puzzle by what its rule-based method needs to solve it, on a ladder
every family climbs the same way (what each rung holds is the family's own, written in
its ``grade`` module and in the README):

1. **easy** - the simplest rules alone (a line's overlap and reach; one way on);
2. **medium** - complete logic on one line or clue at a time;
3. **hard** - a few contradictions: assume a cell, follow the logic, reject it;
4. **tough** - many contradictions, or contradictions on a large part of the grid;
5. **fiendish** - the logic stalls and the solver must guess and backtrack (for Hungry
   Cat, whose stalled puzzles have never had one solution, far more contradictions
   than tough).

Shared code never names a family: it calls ``Family.grade(model, deadline)``, which
returns a :class:`Grade` (or None for a family that does not grade).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: the words of the grades 1..5, as the library shows them
WORDS = ("easy", "medium", "hard", "tough", "fiendish")
LEVELS = range(1, len(WORDS) + 1)


def grade_param(most: int = len(WORDS), as_it_comes: bool = False, default: int | None = None):
    """A maker's ``grade`` parameter: 1 to ``most`` (and 0, "as it comes", when the
    maker can skip grading), each labelled with its word, so the form shows a list
    whose entries the maker's ``check`` can grey out for the size asked."""
    from .base import Param
    first = 0 if as_it_comes else 1
    choices = (((0, "0 as it comes"),) if as_it_comes else ()) + tuple(
        (g, f"{g} {WORDS[g - 1]}") for g in range(1, most + 1))
    return Param("grade", "int", "Grade", first, most, first if default is None else default, choices)


@dataclass(frozen=True)
class Grade:
    """A puzzle's grade: ``level`` 1..5, ``why`` one sentence a player can read (what the
    rule-based method needed), ``stats`` the counts it was decided from."""
    level: int
    why: str
    stats: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self):
        if self.level not in LEVELS:
            raise ValueError(f"grade level {self.level} is not in 1..{len(WORDS)}")

    @property
    def words(self) -> str:
        return WORDS[self.level - 1]

    def to_json(self) -> dict:
        return {"level": self.level, "words": self.words, "why": self.why, "stats": self.stats}


def read_level(value: Any) -> int:
    """A requested grade: a number 1..5 or its word ("hard"); PuzzleError otherwise."""
    from .base import PuzzleError, quote
    if isinstance(value, str):
        text = value.strip().lower()
        if text in WORDS:
            return WORDS.index(text) + 1
        if text.isdigit():
            value = int(text)
    if isinstance(value, int) and not isinstance(value, bool) and value in LEVELS:
        return value
    raise PuzzleError(f"grade: {quote(value)} is not 1 to {len(WORDS)} or one of {', '.join(WORDS)}")


def by_threshold(value: float, bounds: tuple[float, ...]) -> int:
    """The rung of ``value`` among ascending ``bounds``: 0 below bounds[0], 1 below
    bounds[1], ... (how families turn "how much" into a step up the ladder)."""
    for i, b in enumerate(bounds):
        if value < b:
            return i
    return len(bounds)
