"""How hard a Numberlink board is, on the shared 1..5 scale (:mod:`pysolver.grade`).

Players of Numberlink and Flow draw forced moves (a line end with only one way on; under
full cover an empty cell with only two usable neighbours) and, when none is left, try a
line and back out of it when it runs into a dead end.  The grade follows that:

1. **easy** - forced moves alone join every pair;
2. **medium** - forced moves draw at least ``MEDIUM_FORCED`` of the cells and the
   solver's search (forced moves and dead-region checks after every choice) needs at
   most ``FEW_CHOICES`` choices to finish;
3. **hard** - at most ``SOME_CHOICES`` choices;
4. **tough** - at most ``MANY_CHOICES`` choices;
5. **fiendish** - more choices than that: long trial and error.

Choices are counted by the search of :mod:`.search` looking for a first answer, always
in the same order, so the grade is the same on every machine.  Uniqueness is the
maker's business (a grade is no proof of it here).
"""
from __future__ import annotations

from ..base import Deadline, PuzzleError
from ..grade import Grade
from .model import Numberlink
from .search import Search, _Budget

MEDIUM_FORCED = 0.35
FEW_CHOICES = 10
SOME_CHOICES = 60
MANY_CHOICES = 600
#: the most choices a board of each grade may need (grade 5: any number)
MOST_CHOICES = {2: FEW_CHOICES, 3: SOME_CHOICES, 4: MANY_CHOICES}


def grade(model: Numberlink, deadline: Deadline, at_most: int = 5) -> Grade | None:
    """The board's grade; with ``at_most`` below 5, None as soon as it is known to be
    harder than that: the search stops after the choices grade ``at_most`` allows, so
    the test is cheap (the maker asks it of many cut boards, :mod:`.graded`)."""
    size = model.width * model.height
    log: list = []
    if not Search(model, False, deadline).run(1, None, log):
        raise PuzzleError("the endpoints have no solution")
    joins = sum(1 for _, q, _ in log if q == -1)
    drawn = (sum(1 for _, q, _ in log if q != -1) + 2 * len(model.labels)) / size
    stats = {"cells": size, "pairs": len(model.labels), "forced_joins": joins, "forced_share": round(drawn, 3)}
    if joins == len(model.labels):
        return Grade(1, "forced moves alone join every pair", stats)
    if at_most <= 1:
        return None
    search = Search(model, False, deadline, node_limit=MOST_CHOICES.get(at_most, MANY_CHOICES))
    try:
        if not search.run(1):
            raise PuzzleError("the endpoints have no solution")
    except _Budget:
        if at_most < 5:
            return None
        stats["choices"] = f">{MANY_CHOICES}"
        return Grade(5, f"forced moves draw {drawn:.0%} of the cells; the rest takes over "
                        f"{MANY_CHOICES} tries of a line and back", stats)
    choices = stats["choices"] = search.stats["nodes"]
    if choices <= FEW_CHOICES and drawn >= MEDIUM_FORCED:
        level = 2
    elif choices <= SOME_CHOICES:
        level = 3
    else:
        level = 4
    if level > at_most:
        return None
    return Grade(level, f"forced moves draw {drawn:.0%} of the cells; the rest takes {choices} "
                        f"choice{'s' if choices != 1 else ''} of where a line goes", stats)
