"""Puzzle maker: clues from a picture, random pictures, and a uniqueness filter.

A picture is a list of strings of palette keys (every pixel a palette colour).  The
clue of a line lists, in palette order, each colour present with its count and
whether its cells form one block.  Random pictures are smooth blobs (Voronoi regions
of random seeds, then a few rounds of majority smoothing), which look like pictures
and give lines with few colours; only pictures whose clues have exactly one solution
are kept.
"""
from __future__ import annotations

import random

from ..base import Deadline, PuzzleError, SolveTimeout, quote
from ..blobs import blob_grid_of_all
from ..repair import parts
from . import cdcl
from .model import parse

#: distinct colours for generated palettes, in the order they are used
COLOURS = [("K", "#000000"), ("W", "#ffffff"), ("R", "#ff0000"), ("B", "#0000ff"),
           ("Y", "#ffff00"), ("G", "#008000"), ("O", "#ffa500"), ("P", "#800080"),
           ("N", "#a52a2a"), ("S", "#87cefa")]


def line_clue(values, keys) -> list:
    """The clue of one line (a sequence of keys), colours in palette order."""
    out = []
    for k in keys:
        pos = [i for i, v in enumerate(values) if v == k]
        if pos:
            out.append([k, len(pos), pos[-1] - pos[0] + 1 == len(pos)])
    return out


def four_cell_switch(picture) -> tuple[int, int, int, int] | None:
    """Rows r1, r2 and columns c1, c2 whose four corner cells can swap colours without
    changing any clue, or None.  Such a picture has a second solution: the commonest
    kind among stalled pictures (20 of 30 stalled 6x6 ones), and found here in a
    fraction of the time grading takes to stall on it.  Counts never change under the
    swap; only whether the colours of the four lines stay one block can."""
    return next(_switches(picture), None)


def switch_flips(picture, most: int) -> list[dict[tuple[int, int], str]]:
    """Up to ``most`` four-cell switches of ``picture``, each as the second solution it
    makes: the four cells with their swapped colours ({(r, c): key}, as
    :func:`pysolver.repair.make_unique_by_flips` takes them)."""
    out = []
    for r1, r2, c1, c2 in _switches(picture):
        if len(out) == most:
            break
        out.append({(r1, c1): picture[r1][c2], (r1, c2): picture[r1][c1],
                    (r2, c1): picture[r2][c2], (r2, c2): picture[r2][c1]})
    return out


def second_solutions(grid, switches: int, another) -> list[dict[tuple[int, int], str]]:
    """Second solutions of the picture ``grid`` (rows of keys) as flips, as
    :func:`pysolver.repair.make_unique_by_flips` asks for them: up to ``switches``
    four-cell switches when it has any (no search), else the parts of the other
    solution ``another(rows)`` found (:func:`pysolver.repair.parts`), else [] (it
    proved the picture the only one)."""
    rows = ["".join(row) for row in grid]
    flips = switch_flips(rows, switches)
    if flips:
        return flips
    other = another(rows)
    return [] if other is None else parts(grid, other)


def _switches(picture):
    """Every four-cell switch (r1, r2, c1, c2), rows first."""
    height, width = len(picture), len(picture[0])
    rows = [_positions(row) for row in picture]
    cols = [_positions([row[c] for row in picture]) for c in range(width)]
    for r1 in range(height):
        for r2 in range(r1 + 1, height):
            a_row, b_row = picture[r1], picture[r2]
            by_pair: dict = {}
            for c in range(width):
                if a_row[c] != b_row[c]:
                    by_pair.setdefault((a_row[c], b_row[c]), []).append(c)
            for (x, y), here in by_pair.items():
                for c2 in by_pair.get((y, x), ()):
                    for c1 in here:
                        if c1 < c2 and _swaps(rows, cols, r1, r2, c1, c2, x, y):
                            yield r1, r2, c1, c2


def _swaps(rows, cols, r1: int, r2: int, c1: int, c2: int, x: str, y: str) -> bool:
    """Whether the corners (r1, c1) and (r2, c2), of key ``x``, and (r1, c2) and
    (r2, c1), of key ``y``, can swap keeping every clue (``rows`` and ``cols``: the
    lines' :func:`_positions`)."""
    # x moves from c1 to c2 in row r1 and from r1 to r2 in column c1, y the other way;
    # in row r2 and column c2 the other way round
    return (_keeps_block(rows[r1], x, c1, c2) and _keeps_block(rows[r1], y, c2, c1)
            and _keeps_block(rows[r2], y, c1, c2) and _keeps_block(rows[r2], x, c2, c1)
            and _keeps_block(cols[c1], x, r1, r2) and _keeps_block(cols[c1], y, r2, r1)
            and _keeps_block(cols[c2], y, r1, r2) and _keeps_block(cols[c2], x, r2, r1))


class SwitchWatch:
    """Four-cell switches along a walk of pictures that differ from each other in a cell
    or two (a maker's climb): the first picture is searched whole, each later one only
    for the switches that use a row or a column changed since the last picture found
    without one.  (A switch is told by its two rows and two columns alone: one whose
    four lines are as they were was no switch then either.)  The daily Hungry Cat of
    2026-11-05 (12x12, grade 3, 2,041 pictures graded) spent a third of its time
    searching whole pictures."""

    def __init__(self):
        self.clean: list[str] | None = None

    def has_switch(self, picture: list[str]) -> bool:
        clean = self.clean
        if clean is None or len(clean) != len(picture) or len(clean[0]) != len(picture[0]):
            found = four_cell_switch(picture) is not None
        else:
            at_rows, at_cols = set(), set()
            for r, (a, b) in enumerate(zip(picture, clean)):
                if a != b:
                    at_rows.add(r)
                    at_cols.update(c for c, (u, v) in enumerate(zip(a, b)) if u != v)
            found = bool(at_rows) and _switch_touching(picture, at_rows, at_cols)
        if not found:
            self.clean = list(picture)
        return found


def _switch_touching(picture, at_rows: set[int], at_cols: set[int]) -> bool:
    """Whether ``picture`` has a four-cell switch with a row in ``at_rows`` or a column
    in ``at_cols``."""
    height, width = len(picture), len(picture[0])
    # (the lines' positions as a candidate needs them: most row pairs have none)
    rows = _Positions(lambda r: picture[r])
    cols = _Positions(lambda c: [row[c] for row in picture])
    for r1 in range(height):
        for r2 in range(r1 + 1, height):
            a_row, b_row = picture[r1], picture[r2]
            firsts = range(width) if r1 in at_rows or r2 in at_rows else at_cols
            for c in firsts:
                x, y = a_row[c], b_row[c]
                if x == y:
                    continue
                for d in range(width):
                    if a_row[d] == y and b_row[d] == x:
                        if c < d and _swaps(rows, cols, r1, r2, c, d, x, y):
                            return True
                        if d < c and _swaps(rows, cols, r1, r2, d, c, y, x):
                            return True
    return False


class _Positions(dict):
    """The :func:`_positions` of line i, worked out when first asked for."""

    def __init__(self, line):
        super().__init__()
        self.line = line

    def __missing__(self, i: int) -> dict[str, list[int]]:
        got = self[i] = _positions(self.line(i))
        return got


def _positions(line) -> dict[str, list[int]]:
    """Where each key of ``line`` is, in order."""
    out: dict[str, list[int]] = {}
    for i, v in enumerate(line):
        out.setdefault(v, []).append(i)
    return out


def _keeps_block(positions: dict[str, list[int]], key: str, away: int, to: int) -> bool:
    """Whether ``key`` of a line (its ``positions``) is one block after its cell at
    ``away`` moves to ``to`` exactly when it is one block now (its count stays)."""
    pos = positions[key]
    n = len(pos)
    before = pos[-1] - pos[0] + 1 == n
    if n == 1:
        return True     # one cell is one block wherever it is
    first = min(pos[1] if pos[0] == away else pos[0], to)
    last = max(pos[-2] if pos[-1] == away else pos[-1], to)
    return (last - first + 1 == n) == before


def from_picture(picture: list[str], palette: dict[str, str]) -> dict:
    """Puzzle JSON (without meta) whose solution is the picture."""
    if not picture or not all(isinstance(r, str) for r in picture):
        raise PuzzleError("picture: expected a non-empty list of strings")
    w = len(picture[0])
    for r, row in enumerate(picture):
        if len(row) != w:
            raise PuzzleError(f"picture row {r}: {len(row)} cells, expected {w}")
        for c, ch in enumerate(row):
            if ch not in palette:
                raise PuzzleError(f"picture row {r}, col {c}: {quote(ch)} is not a palette key")
    keys = list(palette)
    cols = ["".join(row[c] for row in picture) for c in range(w)]
    return {"type": "hungrycat", "width": w, "height": len(picture), "palette": dict(palette),
            "rows": [line_clue(row, keys) for row in picture],
            "cols": [line_clue(col, keys) for col in cols],
            "solution": {"grid": list(picture)}}


def random_picture(width: int, height: int, ncolours: int, seed: int,
                   blobs: int | None = None, smooth: int = 2) -> tuple[list[str], dict[str, str]]:
    if not 2 <= ncolours <= len(COLOURS):
        raise PuzzleError(f"colours: between 2 and {len(COLOURS)}")
    palette = dict(COLOURS[:ncolours])
    grid = blob_grid_of_all(width, height, list(palette), seed, blobs, smooth)
    used = {k for row in grid for k in row}
    palette = {k: v for k, v in palette.items() if k in used}
    return ["".join(row) for row in grid], palette


def solutions(puzzle: dict, deadline: Deadline) -> list[dict] | None:
    """Up to two solutions, or None when the deadline ran out first."""
    try:
        out = cdcl.solve(parse(puzzle), deadline, 2)
    except SolveTimeout:
        return None
    return out.solutions


def is_unique(puzzle: dict, deadline: Deadline) -> bool:
    """Exactly one solution, proven within the deadline (a timeout counts as no)."""
    sols = solutions(puzzle, deadline)
    return sols is not None and len(sols) == 1


def make(width: int, height: int, ncolours: int, seed: int, tries: int = 200,
         timeout: float = 10.0, mends: int = 12) -> dict:
    """A unique puzzle from random pictures (seeds seed, seed+1, ...).

    When a picture's clues have two solutions, one cell where they differ is
    recoloured (to the other solution's colour there, which changes the clues) and
    the picture is tried again, up to ``mends`` times; pictures whose check runs out
    of time are dropped.
    """
    for k in range(tries):
        s = seed + k
        rng = random.Random(-s)
        picture, palette = random_picture(width, height, ncolours, s)
        if len(palette) < min(2, ncolours):
            continue
        for _ in range(mends + 1):
            puzzle = from_picture(picture, palette)
            sols = solutions(puzzle, Deadline(timeout))
            if sols is None:
                break
            if len(sols) == 1:
                puzzle.update(title=f"Random {width}x{height}, {len(palette)} colours",
                              source=f"made at random, number {s}", license="CC0-1.0")
                return puzzle
            a, b = (sol["grid"] for sol in sols)
            diff = [(r, c) for r in range(height) for c in range(width) if a[r][c] != b[r][c]]
            r, c = rng.choice(diff)
            other = b[r][c] if picture[r][c] != b[r][c] else a[r][c]
            picture = picture[:r] + [picture[r][:c] + other + picture[r][c + 1:]] + picture[r + 1:]
    raise PuzzleError(f"no unique puzzle in {tries} pictures from seed {seed}")
