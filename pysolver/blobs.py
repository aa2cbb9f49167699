"""Random pictures of smooth blobs, for the Hungry Cat and Link-a-Pix makers: nearest-centre
regions of random centres (each key at least once), smoothed by majority votes of
the 3x3 neighbourhood (:func:`smoothed`, which the nonogram maker shares), so a
picture has shapes a player can see rather than noise."""
from __future__ import annotations

import random


def blob_grid(width: int, height: int, keys: list[str], seed: int, blobs: int | None = None,
              smooth: int = 2) -> list[list[str]]:
    """A ``height`` x ``width`` grid of ``keys``: ``blobs`` regions (about one per 18
    cells by default), ``smooth`` rounds of majority smoothing; the same seed, the same
    grid."""
    rng = random.Random(seed)
    n = blobs or max(len(keys) + 1, (width * height) // 18)
    centres = [(rng.uniform(0, height), rng.uniform(0, width), keys[i] if i < len(keys) else rng.choice(keys))
               for i in range(n)]
    grid = [[min(centres, key=lambda p: (p[0] - r) ** 2 + (p[1] - c) ** 2)[2]
             for c in range(width)] for r in range(height)]
    for _ in range(smooth):
        grid = smoothed(grid)
    return grid


def blob_grid_of_all(width: int, height: int, keys: list[str], seed: int, blobs: int | None = None,
                     smooth: int = 2, spare: str | None = None, tries: int = 40) -> list[list[str]]:
    """:func:`blob_grid` with every key in it (but ``spare``, a background that may be
    missing): a key whose blob the smoothing took away is drawn again, from seeds made
    from ``seed``, since a maker asked for k colours should not give fewer (12x12 in 3
    colours lost one in 8 of 200 numbers; 5x5 in 3 colours in 91).  On a board too
    small for them all, the try with the most.  The same seed, the same grid."""
    need = set(keys) - {spare}
    best, best_n = None, -1
    for t in range(tries):
        grid = blob_grid(width, height, keys, seed if t == 0 else seed * 7919 + t, blobs, smooth)
        n = len(need & {k for row in grid for k in row})
        if n == len(need):
            return grid
        if n > best_n:
            best, best_n = grid, n
    return best


def smoothed(grid: list[list], pick=None) -> list[list]:
    """One round of majority smoothing: a cell takes the value most common in its 3x3
    neighbourhood (itself included), and keeps its own when that is among the most
    common.  ``pick`` chooses among the tied values (in the neighbourhood's reading
    order) when it is not; by default the first of them.  Values are any hashable."""
    h = len(grid)
    out = []
    for r in range(h):
        near_rows = grid[max(0, r - 1):r + 2]
        row = []
        for c, mine in enumerate(grid[r]):
            lo = max(0, c - 1)
            cells = [v for line in near_rows for v in line[lo:c + 2]]
            # (inside a blob the cell's own value holds most of its neighbourhood: it
            # stays without a count of every value, the bulk of a maker's smoothing)
            if 2 * cells.count(mine) > len(cells):
                row.append(mine)
                continue
            votes: dict = {}
            for v in cells:
                votes[v] = votes.get(v, 0) + 1
            best = max(votes.values())
            if votes[mine] == best:
                row.append(mine)
                continue
            winners = [v for v, n in votes.items() if n == best]
            row.append(winners[0] if pick is None else pick(winners))
        out.append(row)
    return out
