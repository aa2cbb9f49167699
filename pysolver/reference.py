"""The solution of the puzzle being played, remembered between requests.

The app's Check and Hint compare the player's progress with the puzzle's solution when
it is unique (a rule check alone cannot see a cell that is wrong while its lines are
still open).  Solving again on every press would repeat the same work, seconds on big
boards, so the verdict for the last few puzzles is kept here, keyed by the puzzle
itself (its type, size and canonical share-link body).  A solve that asked about
uniqueness (``api.solve(unique=True)``) fills the memo as well.

Only settled verdicts are remembered: when the time given runs out the answer is
"unknown" and a later request, perhaps with more time, tries again.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from .base import Cancelled, Deadline, Family, GaveUp, SolveTimeout

#: puzzles remembered at once (a player has one open; a few more cost little)
MEMO_SIZE = 8

#: the verdicts a reference can hold
STATUSES = ("unique", "several", "none", "unknown")


@dataclass(frozen=True)
class Reference:
    """What is known about a puzzle's solutions: ``status`` is "unique" (exactly one,
    then ``solution`` holds it), "several", "none" (no solution) or "unknown" (not
    settled in the time given); ``solutions``: those found (two of "several": a hint
    may follow one the player's lines agree with)."""

    status: str
    solution: dict | None = None
    solutions: tuple = ()


_memo: OrderedDict[str, Reference] = OrderedDict()


def _key(fam: Family, model: Any) -> str:
    return f"{fam.type}/{model.width}x{model.height}/{fam.encode_compact(model)}"


def remember(fam: Family, model: Any, ref: Reference) -> None:
    if ref.status == "unknown":
        return
    key = _key(fam, model)
    _memo[key] = ref
    _memo.move_to_end(key)
    while len(_memo) > MEMO_SIZE:
        _memo.popitem(last=False)


def lookup(fam: Family, model: Any, deadline: Deadline) -> Reference:
    """The remembered verdict, or a fresh one: the family's default method looks for
    two solutions, and each one it returns is verified by the rule checker."""
    key = _key(fam, model)
    known = _memo.get(key)
    if known is not None:
        _memo.move_to_end(key)
        return known
    try:
        outcome = fam.solve(model, fam.method_names[0], deadline, limit=2)
    except Cancelled:
        raise
    except (SolveTimeout, GaveUp):
        return Reference("unknown")
    if any(not fam.check(model, sol).solved for sol in outcome.solutions):
        return Reference("unknown")      # a solver fault must not become a player's "mistake"
    ref = _verdict(outcome.solutions, outcome.complete, outcome.more)
    remember(fam, model, ref)
    return ref


def _verdict(solutions: list[dict], complete: bool, more: bool) -> Reference:
    if len(solutions) > 1 or more:
        return Reference("several", solutions=tuple(solutions))
    if not complete:
        return Reference("unknown")
    if not solutions:
        return Reference("none")
    return Reference("unique", solutions[0], (solutions[0],))


def share_of(deadline: Deadline, part: float = 0.5, without_limit: float = 5.0) -> Deadline:
    """A deadline for looking the solution up inside a request that must still do its
    own work afterwards: ``part`` of the time left (or ``without_limit`` seconds when
    the request has no limit), with the same cancel hook."""
    left = deadline.remaining()
    return Deadline(without_limit if left is None else left * part, cancel=deadline.cancel)


def grid_mistakes(grid: list[str], truth: list[str], unknown: str = "?") -> list[dict]:
    """The known cells of a partial grid that differ from the solution's grid, as one
    error (families whose progress is a grid of cell characters)."""
    bad = [[r, c] for r, row in enumerate(grid) for c, ch in enumerate(row)
           if ch != unknown and ch != truth[r][c]]
    if not bad:
        return []
    return [{"message": f"{len(bad)} cell{'s are' if len(bad) != 1 else ' is'} wrong: {cells_words(bad)}",
             "cells": bad, "lines": []}]


def cells_words(cells: list, most: int = 3) -> str:
    """Where cells are, in words, the first ``most`` of them: "row 3, col 5; row 4, col 1
    and 2 more" (a player who cannot see the outline hears where to look)."""
    said = "; ".join(f"row {r + 1}, col {c + 1}" for r, c in cells[:most])
    return said + (f" and {len(cells) - most} more" if len(cells) > most else "")


def mistake_hint(fam: Family, model: Any, progress: dict, deadline: Deadline) -> dict | None:
    """The first mistake as a "wrong" hint, when the puzzle has one solution and the
    progress differs from it (``fam.mistakes`` is the family's comparison, the same
    one the app's Check reports)."""
    ref = lookup(fam, model, share_of(deadline))
    if ref.status != "unique":
        return None
    found = fam.mistakes(model, progress, ref.solution, deadline)
    if not found:
        return None
    first = found[0]
    # (clear: these cells are where the progress leaves the solution, so the app's next
    # Hint takes them back, saying where: clear_where)
    return {"message": first["message"], "cells": first["cells"], "lines": first.get("lines", []), "wrong": True,
            "clear": first["cells"], "clear_where": cells_words(first["cells"])}


def with_take_back(fam: Family, model: Any, progress: dict, hint: dict, deadline: Deadline) -> dict:
    """A broken rule's hint with ``clear``, when the puzzle has one solution: those of
    its cells where the progress leaves the solution (a Hungry Cat column with a colour
    its clue has not: the cells of that colour there), which the app's next Hint takes
    back; the hint as it is when there are none (too few cells of a colour: the cells
    marked are right)."""
    ref = lookup(fam, model, share_of(deadline))
    if ref.status != "unique" or not hint.get("cells"):
        return hint
    off = {tuple(cell) for m in fam.mistakes(model, progress, ref.solution, deadline) for cell in m["cells"]}
    clear = [cell for cell in hint["cells"] if tuple(cell) in off]
    return {**hint, "clear": clear, "clear_where": cells_words(clear)} if clear else hint


def no_solution_hint(fam: Family, model: Any, deadline: Deadline) -> dict | None:
    """For a puzzle without a solution, a "wrong" hint that says so, with the lines
    whose clues clash (:meth:`Family.clash`) when the family finds them: the rule steps
    that would follow end in a line "that cannot be completed", which blames the
    player's grid for the puzzle's fault."""
    if lookup(fam, model, share_of(deadline)).status != "none":
        return None
    try:
        clash = fam.clash(model, deadline)
    except SolveTimeout:
        clash = None
    message = "this puzzle has no solution" + (f": {clash['message']}" if clash else "")
    return {"message": message, "cells": (clash or {}).get("cells", []), "lines": clash["lines"] if clash else [],
            "wrong": True}
