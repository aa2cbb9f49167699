"""A quick proof that a black-and-white picture's clues have a second solution: four
cells, corners of a rectangle, that can swap filled and empty without changing a clue.

In one line, moving a filled cell to an empty one keeps the clue only when a block
slides one cell along (its first cell moves just past its last, or its last just
before its first) or a one-cell block moves within its gap or past other one-cell
blocks, in both cases without touching another block (anything else changes a
block's length, the number of blocks or their order).
So each line has few such moves, and a rectangle whose two rows and
two columns each have the matching move is found from those moves alone, far faster
than the grading that would stall on the picture (a climb to fiendish meets many such
pictures: 137 of the 248 stalls in 20x20 climbs, numbers 0-9).
"""
from __future__ import annotations

from itertools import groupby

from ..sharing import shared

#: lines whose moves a make keeps (then it forgets them all)
MOVES_KEPT = 20_000


def _moves(line: list[int]) -> list[tuple[int, int]]:
    """(from, to): a filled cell at ``from`` can move to the empty ``to`` with the
    line's blocks unchanged."""
    n = len(line)
    blocks = []
    i = 0
    while i < n:
        if line[i]:
            start = i
            while i < n and line[i]:
                i += 1
            blocks.append((start, i - 1))
        i += 1

    def gap(left: int, right: int) -> range:
        """The cells a one-cell block may take between blocks ``left`` and ``right``
        (indices; -1 and len(blocks) for the ends) without touching either."""
        lo = blocks[left][1] + 2 if left >= 0 else 0
        hi = blocks[right][0] - 2 if right < len(blocks) else n - 1
        return range(lo, hi + 1)

    out = []
    for k, (start, end) in enumerate(blocks):
        if start != end:
            if end + 1 < n and (k + 1 == len(blocks) or blocks[k + 1][0] > end + 2):
                out.append((start, end + 1))    # slides one cell on
            if start > 0 and (k == 0 or blocks[k - 1][1] < start - 2):
                out.append((end, start - 1))    # slides one cell back
            continue
        # a one-cell block may go anywhere in its gap, and past other one-cell blocks
        targets = list(gap(k - 1, k + 1))
        j = k - 1
        while j >= 0 and blocks[j][0] == blocks[j][1]:
            targets += gap(j - 1, j)
            j -= 1
        j = k + 1
        while j < len(blocks) and blocks[j][0] == blocks[j][1]:
            targets += gap(j, j + 1)
            j += 1
        out.extend((start, to) for to in targets if to != start)
    return out


def switch(picture: list[list[int]]) -> tuple[int, int, int, int] | None:
    """Rows r1, r2 and columns c1, c2 whose corner cells swap filled and empty with every
    clue unchanged (so the clues have another solution), or None.  ``picture``: rows of
    0 (empty) and 1 (filled)."""
    return next(switches(picture), None)


def switches(picture: list[list[int]]):
    """Every such (r1, r2, c1, c2), each rectangle once per way round it is found."""
    # (inside a make, each line's moves are worked out once: a climb's pictures share
    # all their lines but two or three)
    known: dict = shared("nonogram line moves", dict)

    def moves(line: tuple) -> list[tuple[int, int]]:
        got = known.get(line)
        if got is None:
            if len(known) >= MOVES_KEPT:
                known.clear()
            got = known[line] = _moves(line)
        return got
    by_row: dict[tuple[int, int], list[int]] = {}
    for r, row in enumerate(picture):
        for move in moves(tuple(row)):
            by_row.setdefault(move, []).append(r)
    by_col: dict[tuple[int, int], set[int]] = {}
    for c, col in enumerate(zip(*picture)):
        for move in moves(col):
            by_col.setdefault(move, set()).add(c)
    for (c1, c2), rows in by_row.items():
        back = by_row.get((c2, c1))
        if not back:
            continue
        # row r1 moves its filled cell c1 -> c2 and row r2 moves c2 -> c1; then column
        # c1 moves r1 -> r2 and column c2 moves r2 -> r1
        for r1 in rows:
            for r2 in back:
                if c1 in by_col.get((r1, r2), ()) and c2 in by_col.get((r2, r1), ()):
                    yield r1, r2, c1, c2


def line_clue(line) -> list[tuple[str, int]]:
    """A line's clue from its keys ('.' blank): its blocks, (key, length) in order."""
    return [(k, len(list(run))) for k, run in groupby(line) if k != "."]


#: most pairs of cells :func:`colour_switches` may try in all, else it finds none: the
#: bench's 30x30 photo-like pictures in 3 colours have 12,000-22,000; a 30x30 picture of
#: noise in 3 colours 51,000 (0.17 s a call), 60x60 noise eight times as many (2.4 s)
MOST_PAIRS = 50_000


def _edges(line) -> list[int]:
    """The cells at an end of their block or of the line."""
    n = len(line)
    return [i for i in range(n) if i in (0, n - 1) or line[i - 1] != line[i] or line[i + 1] != line[i]]


def _swaps(line, edges: list[int]) -> set[tuple[int, int]]:
    """Pairs i < j of cells of different keys that swap with the line's clue unchanged.
    One of them is in ``edges`` (at the end of its block or of the line): swapping two
    cells inside blocks splits both and adds blocks."""
    n = len(line)
    clue = line_clue(line)
    out = set()
    for i in edges:
        for j in range(n):
            pair = (min(i, j), max(i, j))
            if line[j] != line[i] and pair not in out:
                swapped = list(line)
                swapped[i], swapped[j] = line[j], line[i]
                if line_clue(swapped) == clue:
                    out.add(pair)
    return out


def colour_switches(grid: list[list[str]]):
    """:func:`switches` for a picture of any number of colours (rows of keys, '.'
    blank): rows r1, r2 and columns c1, c2 whose corners swap across, the colours at
    (r1, c1) and (r2, c2) alike and those at (r1, c2) and (r2, c1) alike, so that each
    column swaps its two corners too, with every clue unchanged.  Slower than the
    black-and-white one (every pair of cells of a line is tried, from a block's end):
    none is looked for when that is over ``MOST_PAIRS`` pairs."""
    height, width = len(grid), len(grid[0])
    lines = [list(row) for row in grid] + [[grid[r][c] for r in range(height)] for c in range(width)]
    edges = [_edges(line) for line in lines]
    if sum(len(e) * len(line) for e, line in zip(edges, lines)) > MOST_PAIRS:
        return
    by_pair: dict[tuple[int, int], list[int]] = {}
    for r in range(height):
        for pair in _swaps(lines[r], edges[r]):
            by_pair.setdefault(pair, []).append(r)
    cols = [_swaps(lines[height + c], edges[height + c]) for c in range(width)]
    for (c1, c2), rows in by_pair.items():
        for k, r1 in enumerate(rows):
            for r2 in rows[k + 1:]:
                if (grid[r1][c1] == grid[r2][c2] and grid[r1][c2] == grid[r2][c1]
                        and (r1, r2) in cols[c1] and (r1, r2) in cols[c2]):
                    yield r1, r2, c1, c2
