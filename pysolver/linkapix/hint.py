"""Hints and mistakes: the next forced link, with the rule that forces it.

The player's progress is ``{"paths": [...]}`` with the links drawn so far.

Mistakes (what the app's Check reports, and Hint names before anything else) are
judged against the puzzle's picture when it is unique:

* a link that paints a cell in a colour the picture does not have there;
* a link that no solution uses.  Link-a-Pix counts *pictures*, so a link can paint
  the right colours and still pair the wrong clues (two 2s side by side in a run of
  one colour).  Whether drawn links can be completed is decided on a reduced puzzle,
  :func:`with_links`, in which every cell they paint is a 1 of its colour: a 1 is a
  link of its own, so nothing else may use that cell, and the links extend to a
  solution exactly when the reduced puzzle has one;
* an unfinished link (left short of its partner; the page sends them as
  ``unfinished``) that runs through such a cell, or that no solution finishes: the
  same reduction, with the rest of its path a link of a fresh colour from its loose
  end to a partner within reach (:func:`stub_completable`).

The hint itself is the first link the propagation engine forces on that reduced
puzzle (in the order it forces them: 1-clues, then the clue and cell rules round by
round, then after the enclosure rule), so it builds on the player's links and never
shares a clue or a cell with them.  When propagation alone stalls, a link of a
solution of the reduced puzzle is given as a last resort; when the reduced puzzle has
no solution at all, the drawn links cannot all be right and the hint says so.

Rows and columns in messages count from 1, as players count; the "cells" are 0-based
as in puzzle JSON.
"""
from __future__ import annotations

from ..base import Cancelled, Deadline, GaveUp, SolveTimeout
from ..reference import lookup, share_of
from .check import check
from .engine import BudgetExceeded, Contradiction, Engine
from .model import Model, make_model, picture

Cell = tuple[int, int]


def next_step(fam, model: Model, progress: dict, deadline: Deadline) -> dict | None:
    """The next forced link from progress that breaks no rule (Family.hint has checked
    the rules and the unique picture first); ``fam`` is the family, whose solution
    memo tells whether the links drawn can still be completed."""
    links = drawn_links(model, progress)
    reduced = with_links(model, links)
    # Against a unique picture the mistakes above already settle that the links can be
    # completed; otherwise a solve must say so before any forced link is trusted.
    verdict = lookup(fam, model, share_of(deadline)).status
    if verdict != "unique" and _continues(reduced, deadline) is False:
        # (with no links drawn, or when the puzzle itself has none, the fault is not
        # the player's)
        if not links or verdict == "none":
            return {"message": "this puzzle has no solution", "cells": [], "wrong": True}
        return {"message": "the links drawn so far cannot all be right: no solution continues them",
                "cells": [list(p) for link in links for p in link], "wrong": True}
    drawn = {p for link in links for p in link}

    def new(path) -> bool:
        # the reduced puzzle's 1s on drawn cells are the player's own links
        return not (len(path) == 1 and tuple(path[0]) in drawn)

    # The most telling forced link: the first longer than 2 (a 1 is a link of its own and
    # a 2 beside its twin is seen at a glance; a player asking for a hint wants what
    # they could not see), else the first there is.
    forced = [(path, reason) for path, reason, _ in forced_links(reduced, deadline, stop_after=2) if new(path)]
    if forced:
        path, reason = next(((p, why) for p, why in forced if len(p) > 2), forced[0])
        return _step(progress, path, reason)
    from .auto import solve

    try:
        outcome = solve(reduced, deadline, 1)
    except GaveUp:
        return None
    for path in outcome.solutions[0]["paths"] if outcome.solutions else ():
        if new(path):
            r, c = path[0]
            r2, c2 = path[-1]
            return _step(progress, path, f"by trial and error (no single rule applies): the {len(path)} at "
                                         f"row {r + 1}, col {c + 1} links to row {r2 + 1}, col {c2 + 1}")
    return None


def mistakes(model: Model, progress: dict, solution: dict, deadline: Deadline) -> list[dict]:
    """The drawn links that are wrong, given the puzzle's unique solution: one error per
    link (see the module docstring).  When the links cannot all be right but none is
    wrong on its own, one error marks those that differ from the solution.  Then the
    unfinished links (the page's ``unfinished``) that no solution continues."""
    truth = picture(model, {"paths": solution["paths"]})
    return (_link_mistakes(model, progress, solution, truth, deadline)
            + _stub_mistakes(model, progress, solution, truth, deadline))


def _link_mistakes(model: Model, progress: dict, solution: dict, truth, deadline: Deadline) -> list[dict]:
    links = drawn_links(model, progress)
    out, fine = [], []
    for link in links:
        key = model.clues[model.clue_at[link[0]]][3]
        bad = [p for p in link if truth[p[0]][p[1]] != key]
        if bad:
            where = "blank" if truth[bad[0][0]][bad[0][1]] is None else "in another colour"
            out.append(_err(f"{_name(link)} paints cells the picture leaves {where}", bad))
        else:
            fine.append(link)
    known = {frozenset(map(tuple, p)) for p in solution["paths"]}
    suspects = [link for link in fine if frozenset(link) not in known]
    # Links of the solution always go together; only others need a solve to judge.
    if (out or not suspects or not check(model, progress, partial=True).ok
            or completable(model, fine, deadline) is not False):
        return out
    alone = [link for link in suspects if completable(model, [link], deadline) is False]
    for link in alone:
        out.append(_err(f"{_name(link)} is wrong: no solution uses it", link))
    if not alone:
        out.append(_err(f"the links drawn so far cannot all be right: {len(suspects)} of them "
                        "do not fit with the others", [p for link in suspects for p in link]))
    return out


def _stub_mistakes(model: Model, progress: dict, solution: dict, truth, deadline: Deadline) -> list[dict]:
    """The unfinished links that go where no solution goes: through a cell the picture
    paints otherwise, or, when they are not the start of the solution's own path (the
    picture is unique, its paths need not be), where no path of the clue's number can
    be finished (:func:`stub_completable`)."""
    from_end = {}   # clue cell: the solution's path from it
    for path in solution["paths"]:
        cells = [tuple(p) for p in path]
        from_end[cells[0]], from_end[cells[-1]] = cells, cells[::-1]
    out = []
    for stub in drawn_stubs(model, progress):
        _, _, n, key = model.clues[model.clue_at[stub[0]]]
        name = f"the unfinished link from the {n} at row {stub[0][0] + 1}, col {stub[0][1] + 1}"
        bad = [p for p in stub if truth[p[0]][p[1]] != key]
        if bad:
            where = "blank" if truth[bad[0][0]][bad[0][1]] is None else "in another colour"
            out.append(_err(f"{name} runs through cells the picture leaves {where}", bad))
        elif from_end.get(stub[0], [])[:len(stub)] != stub and stub_completable(model, stub, deadline) is False:
            out.append(_err(f"{name} is wrong: no solution goes that way", stub))
    return out


def stub_completable(model: Model, stub: list[Cell], deadline: Deadline) -> bool | None:
    """Whether some solution finishes this unfinished link (None: time ran out).

    The puzzle is reduced as :func:`with_links` does: the stub's cells but its loose end
    become 1s of its colour, and the rest of the path is a link of its own, from the loose
    end to one possible partner, which a fresh colour key keeps from pairing with any
    other clue; the totals stay those of the puzzle.  One solve per partner within reach."""
    (r0, c0), (re, ce) = stub[0], stub[-1]
    _, _, n, key = model.clues[model.clue_at[stub[0]]]
    left = n - len(stub)        # steps from the loose end to the partner
    partners = [(r, c) for r, c, m, k in model.clues
                if m == n and k == key and (r, c) != (r0, c0)
                and abs(r - re) + abs(c - ce) <= left and (left - abs(r - re) - abs(c - ce)) % 2 == 0]
    fresh = "\0stub"
    palette = {**model.palette, fresh: model.palette[key]}
    base = [cl for cl in model.clues if (cl[0], cl[1]) != (r0, c0)] + [(r, c, 1, key) for r, c in stub[:-1]]
    unknown = False
    for r, c in partners:
        clues = [cl for cl in base if (cl[0], cl[1]) != (r, c)] + [(re, ce, left + 1, fresh), (r, c, left + 1, fresh)]
        verdict = _continues(make_model(model.width, model.height, palette, clues), deadline)
        if verdict:
            return True
        unknown |= verdict is None
    return None if unknown else False


def completable(model: Model, links: list[list[Cell]], deadline: Deadline) -> bool | None:
    """Whether rule-abiding links extend to a solution; None when time runs out first."""
    return _continues(with_links(model, links), deadline)


def _continues(reduced: Model, deadline: Deadline) -> bool | None:
    """Whether a puzzle (reduced by :func:`with_links`) has a solution."""
    from .auto import solve

    try:
        outcome = solve(reduced, deadline, 1)
    except Cancelled:
        raise
    except (SolveTimeout, GaveUp):
        return None
    if outcome.solutions:
        return True
    return False if outcome.complete else None


def with_links(model: Model, links: list[list[Cell]]) -> Model:
    """The puzzle with rule-abiding links drawn in: their clues are gone and every cell
    they paint is a 1 of the link's colour (so the pictures stay the same)."""
    ends = {link[0] for link in links} | {link[-1] for link in links}
    painted = {p: model.clues[model.clue_at[link[0]]][3] for link in links for p in link}
    clues = [cl for cl in model.clues if (cl[0], cl[1]) not in ends]
    clues += [(r, c, 1, key) for (r, c), key in painted.items()]
    return make_model(model.width, model.height, model.palette, clues)


def drawn_links(model: Model, progress: dict) -> list[list[Cell]]:
    """The drawn links as lists of (row, col): those that start on a clue and stay in
    the grid (anything else is for the rule check to report)."""
    out = []
    paths = progress.get("paths") if isinstance(progress, dict) else None
    for path in paths if isinstance(paths, list) else ():
        cells = [tuple(p) for p in path if isinstance(p, list) and len(p) == 2
                 and all(type(v) is int for v in p)] if isinstance(path, list) else []
        if (cells and len(cells) == len(path) and cells[0] in model.clue_at
                and all(0 <= r < model.height and 0 <= c < model.width for r, c in cells)):
            out.append(cells)
    return out


def drawn_stubs(model: Model, progress: dict) -> list[list[Cell]]:
    """The unfinished links (``progress["unfinished"]``, the page's links left short of
    their partner) that could still become links: from a clue, orthogonal steps through
    cells that are no clue and no drawn link's, shorter than the clue's number; others
    (only a hostile page sends them) are left out."""
    taken = {p for link in drawn_links(model, progress) for p in link}
    seen: set[Cell] = set()
    out = []
    for cells in drawn_links(model, {"paths": progress.get("unfinished")} if isinstance(progress, dict) else {}):
        n = model.clues[model.clue_at[cells[0]]][2]
        steps = all(abs(a - c) + abs(b - d) == 1 for (a, b), (c, d) in zip(cells, cells[1:]))
        if (1 < len(cells) < n and steps and len(set(cells)) == len(cells)
                and not any(p in model.clue_at for p in cells[1:]) and (seen | taken).isdisjoint(cells)):
            seen.update(cells)
            out.append(cells)
    return out


class _Enough(Exception):
    """The link looked for is forced: propagation need not go on."""


def forced_links(model: Model, deadline: Deadline, stop_after: int | None = None) -> list[tuple[list, str, str]]:
    """The links propagation forces, in the order it forces them: (path, reason, rule).
    With ``stop_after``, propagation stops at the first forced link longer than that
    (a hint wants only that one: on a 128x128 picture this is 0.2 s against 0.7 s for
    all 3,500 links)."""
    eng = Engine(model, deadline)

    def enough(q: int) -> None:
        if eng.c_num[eng.p_a[q]] > stop_after:
            raise _Enough

    if stop_after is not None:
        eng.on_force = enough
    try:
        eng.run()
        eng.prune_enclosures()
    except (Contradiction, BudgetExceeded, _Enough):
        pass    # the links forced before the engine stopped are still forced
    out = []
    for q, why, what in eng.forced:
        if why == "one":
            x = eng.c_cell[what]
            path = [[x // eng.W, x % eng.W]]
        else:
            path = eng.path_cells(q)
        out.append((path, _reason(model, eng, path, why, what), why))
    return out


def _reason(model: Model, eng: Engine, path, why: str, what: int) -> str:
    (r, c), (r2, c2) = path[0], path[-1]
    n = len(path)
    if why == "one":
        return f"the 1 at row {r + 1}, col {c + 1} is a link of its own"
    if why == "clue":
        x = eng.c_cell[what]
        if (r, c) != (x // eng.W, x % eng.W):
            (r, c), (r2, c2) = (r2, c2), (r, c)
        return f"the only path left for the {n} at row {r + 1}, col {c + 1} goes to row {r2 + 1}, col {c2 + 1}"
    return (f"the cell at row {what // eng.W + 1}, col {what % eng.W + 1} can only be covered by the {n} from "
            f"row {r + 1}, col {c + 1} to row {r2 + 1}, col {c2 + 1}")


def _name(link: list[Cell]) -> str:
    (r, c), (r2, c2) = link[0], link[-1]
    if len(link) == 1:
        return f"the 1 at row {r + 1}, col {c + 1}"
    return f"the link of {len(link)} from row {r + 1}, col {c + 1} to row {r2 + 1}, col {c2 + 1}"


def _err(message: str, cells) -> dict:
    return {"message": message, "cells": [list(p) for p in cells], "lines": []}


def _step(progress: dict, path, message: str) -> dict:
    (r, c), (r2, c2) = path[0], path[-1]
    where = (f"Look at the 1 at row {r + 1}, col {c + 1}" if len(path) == 1 else
             f"Look at the {len(path)}s at row {r + 1}, col {c + 1} and row {r2 + 1}, col {c2 + 1}")
    return {"message": message, "cells": [list(p) for p in path],
            "focus": {"cells": [list(path[0]), list(path[-1])] if len(path) > 1 else [list(path[0])], "lines": []},
            "where": where,
            "solution": {"paths": list(progress["paths"]) + [[list(p) for p in path]]}}
