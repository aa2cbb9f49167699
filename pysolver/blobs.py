"""Random pictures of smooth blobs, for the Hungry Cat and Link-a-Pix makers: nearest-centre
regions of random centres (each key at least once), smoothed by majority votes of
the 3x3 neighbourhood, so a picture has shapes a player can see rather than noise."""
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
        new = [row[:] for row in grid]
        for r in range(height):
            for c in range(width):
                votes: dict[str, int] = {}
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        rr, cc = r + dr, c + dc
                        if 0 <= rr < height and 0 <= cc < width:
                            k = grid[rr][cc]
                            votes[k] = votes.get(k, 0) + 1
                best = max(votes.values())
                if votes.get(grid[r][c], 0) < best:
                    new[r][c] = max(votes, key=lambda k: (votes[k], k == grid[r][c]))
        grid = new
    return grid
