"""Making a picture's clues unique by changing as few cells as it takes: the repair the
makers of the line families share (a picture drawn or read from an image seldom has
clues with one solution).

While the clues have a second solution, the cells where it differs from the picture
are the candidates: in each of them (up to ``candidates``, sampled) the picture takes
the other solution's colour, which changes the clues, and the change that scores best
is kept.  The family says what a second solution is and how a picture scores (the cells
its line logic leaves open: fewer is better, and none proves the clues unique without a
search).  A picture is a grid of cell keys (lists of one-character strings).

Two ways: :func:`make_unique` asks for one second solution at a time;
:func:`make_unique_by_flips` keeps every second solution it meets and checks a change
against all of them by their lines' clues (on pictures of thin strokes, which have many
second solutions, it asks the solver far less often).  Nonograms use the second, Hungry
Cat the second and, where it runs out of changes, the first.
"""
from __future__ import annotations

import random
from typing import Callable

from .base import Deadline, PuzzleError

Grid = list[list[str]]


def make_unique(picture: Grid, open_cells: Callable[[Grid], int],
                second_solution: Callable[[Grid], list[str] | None], deadline: Deadline,
                rng: random.Random, max_changes: int, candidates: int = 12,
                score: Callable[[Grid], int] | None = None) -> tuple[Grid, list[dict]]:
    """The repaired picture and its changes ``[{"cell": [r, c], "from": key, "to": key}]``.

    ``open_cells(picture)``: the cells line logic leaves open (0: unique, no search
    needed); ``second_solution(picture)``: another solution's rows, or None once the
    solver proved the picture the only one (SolveTimeout when it cannot tell in time);
    ``score``: what a change is judged by, smaller is better (``open_cells`` unless
    told: a maker that wants a hard puzzle scores by the hardness it keeps instead).
    PuzzleError when ``max_changes`` changes do not make it unique."""
    picture = [list(row) for row in picture]
    score = score or open_cells
    changes: list[dict] = []
    while True:
        deadline.check()
        if not open_cells(picture):
            return picture, changes
        other = second_solution(picture)
        if other is None:
            return picture, changes
        if len(changes) >= max_changes:
            raise PuzzleError(f"the picture is still not unique after {len(changes)} changed cells")
        diff = [(r, c) for r, row in enumerate(picture) for c, v in enumerate(row) if v != other[r][c]]
        if len(diff) > candidates:
            diff = rng.sample(diff, candidates)
        best = None
        for r, c in diff:
            old = picture[r][c]
            picture[r][c] = other[r][c]
            s = score(picture)
            picture[r][c] = old
            if best is None or s < best[0]:
                best = (s, r, c)
        _, r, c = best
        changes.append({"cell": [r, c], "from": picture[r][c], "to": other[r][c]})
        picture[r][c] = other[r][c]


#: a known second solution, as the cells where it differs from the picture: {(r, c): key}
Flip = dict[tuple[int, int], str]
#: most four-cell switches gathered at once (a sparse picture can have thousands)
MOST_QUICK = 200


def make_unique_by_flips(picture: Grid, open_cells: Callable[[Grid], int],
                         second_solutions: Callable[[Grid], list[Flip]], clue: Callable[[list[str]], object],
                         deadline: Deadline, rng: random.Random, max_changes: int, candidates: int = 12,
                         prune: bool = True) -> tuple[Grid, list[dict]]:
    """:func:`make_unique` for a family whose clues are per line (``clue(line)``, a
    line a list of keys): every second solution found is kept, as the cells where it
    differs from the picture, split into parts that share no line (each part alone is
    another solution too), and a change is checked against all of them at once by
    comparing the clues of the lines it touches.  So the solver is asked only once no
    known second solution survives the changes, and the change chosen is the one that
    rules out the most of them (then the one leaving line logic the fewest open cells).
    ``second_solutions(picture)``: some second solutions as flips (:func:`parts`
    splits a solution into them; cheap ones first is the family's business), or []
    once the picture is proved unique (SolveTimeout when that cannot be told in time).
    ``prune``: at the end, undo each change the picture stays unique without.

    On a 30x30 picture of two thin diagonal strokes the one-at-a-time repair asked the
    solver 45 times (0.05-3 s each) and was still ambiguous; see README's nonogram
    ``picture`` paragraph for what this one measured."""
    picture = [list(row) for row in picture]
    changes: dict[tuple[int, int], dict] = {}
    seen: list[Flip] = []      # every second solution met, for the pruning at the end

    def others(known: list[Flip]) -> list[Flip]:
        """The known flips still second solutions, else new ones; [] once unique."""
        alive = [f for f in known if _still_another(picture, f, clue)]
        if alive or not open_cells(picture):
            return alive
        found = second_solutions(picture)
        seen.extend(found)
        return found

    pool: list[Flip] = []
    while True:
        deadline.check()
        pool = others(pool)
        if not pool:
            break
        if len(changes) >= max_changes:
            raise PuzzleError(f"the picture is still not unique after {len(changes)} changed cells")
        (r, c), to = _best_change(picture, pool, changes, open_cells, clue, rng, candidates)
        was = changes.pop((r, c), {"cell": [r, c], "from": picture[r][c]})
        if was["from"] != to:
            changes[(r, c)] = dict(was, to=to)
        picture[r][c] = to
    if prune:
        # a change made early may be needless once later ones are in: undo each one
        # that leaves the picture unique (a second solution met before, brought back by
        # the undo, says no at once)
        for (r, c), change in list(changes.items()):
            deadline.check()
            picture[r][c] = change["from"]
            if others(seen):
                picture[r][c] = change["to"]
            else:
                del changes[(r, c)]
    return picture, list(changes.values())


def parts(picture: Grid, other: list[str]) -> list[Flip]:
    """The cells where ``other`` differs from ``picture``, split into parts that share
    no row or column: each part alone keeps every clue, so each is a second solution."""
    diff = [(r, c) for r, row in enumerate(picture) for c, v in enumerate(row) if v != other[r][c]]
    height = len(picture)
    parent = list(range(height + len(picture[0])))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    for r, c in diff:
        parent[root(r)] = root(height + c)
    groups: dict[int, Flip] = {}
    for r, c in diff:
        groups.setdefault(root(r), {})[(r, c)] = other[r][c]
    return list(groups.values())


def _still_another(picture: Grid, flip: Flip, clue: Callable[[list[str]], object],
                   only: tuple[int, int] | None = None) -> bool:
    """Whether ``picture`` with ``flip``'s cells is another solution of its clues: it
    differs somewhere and every line it touches keeps its clue (``only``: the row and
    column of the one cell changed since it last was, the only lines to look at)."""
    if all(picture[r][c] == v for (r, c), v in flip.items()):
        return False
    by_row: dict[int, dict[int, str]] = {}
    by_col: dict[int, dict[int, str]] = {}
    for (r, c), v in flip.items():
        if only is None or r == only[0]:
            by_row.setdefault(r, {})[c] = v
        if only is None or c == only[1]:
            by_col.setdefault(c, {})[r] = v
    return (all(_keeps_clue(picture[r], cells, clue) for r, cells in by_row.items())
            and all(_keeps_clue([row[c] for row in picture], cells, clue) for c, cells in by_col.items()))


def _keeps_clue(line: list[str], cells: dict[int, str], clue) -> bool:
    """Whether ``line`` with ``cells`` (index: key) set keeps its clue."""
    alt = list(line)
    for i, v in cells.items():
        alt[i] = v
    return clue(alt) == clue(line)


def _best_change(picture: Grid, pool: list[Flip], changes: dict, open_cells, clue, rng: random.Random,
                 candidates: int) -> tuple[tuple[int, int], str]:
    """The change (cell, key) taken from the known second solutions that rules out the
    most of them; among the ``candidates`` best, the one leaving the fewest open cells.
    Cells changed already are tried only when nothing else is left."""
    offers = sorted({(cell, v) for f in pool for cell, v in f.items() if picture[cell[0]][cell[1]] != v})
    fresh = [o for o in offers if o[0] not in changes]
    offers = fresh or offers
    rng.shuffle(offers)
    scored = []
    for (r, c), v in offers:
        old = picture[r][c]
        picture[r][c] = v
        ruled_out = sum(1 for f in pool if not _still_another(picture, f, clue, (r, c)))
        picture[r][c] = old
        scored.append((-ruled_out, (r, c), v))
    scored.sort(key=lambda s: s[0])
    best = None
    for ruled_out, (r, c), v in scored[:candidates]:
        old = picture[r][c]
        picture[r][c] = v
        key = (ruled_out, open_cells(picture))
        picture[r][c] = old
        if best is None or key < best[0]:
            best = (key, (r, c), v)
    return best[1], best[2]
