"""How hard a Link-a-Pix puzzle is, on the shared 1..5 scale (:mod:`pysolver.grade`).

The rungs follow the ``auto`` method's stages (:mod:`.auto`), which are the ones a
player uses: paths that are the only way to join a clue, cells only one path can paint,
partners and cells every candidate of a clue agrees on; then the enclosure rule; then
trying a link and backing out.

1. **easy** - propagation joins every clue, and no link is longer than ``EASY_LONGEST``
   (short links have few ways to go);
2. **medium** - propagation joins every clue, with longer links;
3. **hard** - the enclosure rule (a link may not wall in an area its clues cannot
   paint) is needed, and then propagation finishes;
4. **tough** - what is left needs search (the exact search of :mod:`.exact`, which
   propagates after every choice), at most ``FEW_TRIES`` choices to settle the picture;
5. **fiendish** - more choices than that.
"""
from __future__ import annotations

from ..base import Deadline, PuzzleError
from ..grade import Grade
from .engine import BudgetExceeded, Contradiction, Engine
from .model import Model

EASY_LONGEST = 9
FEW_TRIES = 12


def grade(model: Model, deadline: Deadline, memo=None) -> Grade:
    """``memo``: a maker's :class:`.memo.Memo` for puzzles of one board (the grade is
    the same with or without it)."""
    try:
        return rate(Engine(model, deadline, memo=memo), deadline)
    except BudgetExceeded as exc:
        return Grade(5, f"some clues have too many ways to go ({exc})", {})


def rate(eng: Engine, deadline: Deadline, most_open: int | None = None) -> Grade | None:
    """The grade, read off a new engine that the rules are run on here and that is left
    with their result (a maker proves the picture unique on it next: see
    :func:`.auto.finish`).  BudgetExceeded when the candidate paths outgrow the engine's
    budget; None, before any search, when the rules leave more than ``most_open``
    candidate paths (a maker's bound on what it is willing to search)."""
    try:
        eng.run()
    except Contradiction:
        raise PuzzleError("the clues have no solution") from None
    longest = max(eng.c_num, default=1)
    _, open_clues, _ = eng.residual()
    stats = {"clues": len(eng.c_num), "open_after_propagation": len(open_clues), "longest": longest}
    if not open_clues:
        if longest <= EASY_LONGEST:
            return Grade(1, f"following the only ways to join clues solves it; links are {longest} cells or shorter",
                         stats)
        return Grade(2, f"following the only ways to join clues solves it, with links up to {longest} cells", stats)
    try:
        eng.prune_enclosures()
    except Contradiction:
        raise PuzzleError("the clues have no solution") from None
    paths, open_clues, _ = eng.residual()
    stats["open_after_enclosures"] = len(open_clues)
    if not open_clues:
        return Grade(3, "the enclosure rule is needed (a link may not wall in an area its clues cannot fill)",
                     stats)
    if most_open is not None and len(paths) > most_open:
        return None
    from .auto import finish
    out = finish(eng, deadline, 1, {}).stats
    nodes = stats["search_nodes"] = out.get("search_nodes", 0)
    level = 4 if nodes <= FEW_TRIES else 5
    return Grade(level, f"{len(open_clues)} clues stay open after every rule; settling their picture takes "
                        f"{nodes} tr{'ies' if nodes != 1 else 'y'} of a link and back", stats)
