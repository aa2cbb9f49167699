"""Make Numberlink puzzles: random non-crossing paths, kept when the answer is unique.

Paths are grown one at a time by random walks from random empty cells (a walk never runs
alongside itself, which keeps the paths puzzle-like); under full cover, cells left over
are absorbed by a neighbouring path end.  The path ends become the endpoints, and the
puzzle is kept only when the default solver proves the solution unique under the plain
rules; otherwise the next attempt starts.  Everything follows from ``seed``.
"""
from __future__ import annotations

import random

from ..base import Deadline, PuzzleError, SolveTimeout
from .model import make_model
from .search import solve_auto

_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def _label(i: int) -> str:
    return _LABELS[i] if i < len(_LABELS) else str(i)


def _random_paths(width: int, height: int, rng: random.Random, full: bool) -> list[list[int]] | None:
    """Disjoint paths of at least two cells; under ``full`` they cover the grid."""
    size = width * height
    owner = [-1] * size

    def nbrs(p: int):
        r, c = divmod(p, width)
        if r:
            yield p - width
        if r < height - 1:
            yield p + width
        if c:
            yield p - 1
        if c < width - 1:
            yield p + 1

    paths: list[list[int]] = []
    cells = list(range(size))
    rng.shuffle(cells)
    target = size if full else int(size * rng.uniform(0.5, 0.8))
    covered = 0
    longest = max(3, (width + height) * 2)
    for start in cells:
        if covered >= target:
            break
        if owner[start] >= 0:
            continue
        k = len(paths)
        path = [start]
        owner[start] = k
        goal = rng.randint(2, longest)
        while len(path) < goal:
            tip = path[-1]
            steps = [q for q in nbrs(tip) if owner[q] < 0
                     and all(owner[m] != k or m == tip for m in nbrs(q))]
            if not steps:
                break
            q = rng.choice(steps)
            owner[q] = k
            path.append(q)
        if len(path) < 2:
            owner[start] = -1
            continue
        paths.append(path)
        covered += len(path)
    if full:
        for p in range(size):
            if owner[p] >= 0:
                continue
            # Absorb a leftover cell into a path whose end is next to it.
            for q in nbrs(p):
                k = owner[q]
                if k >= 0 and q in (paths[k][0], paths[k][-1]):
                    if q == paths[k][0]:
                        paths[k].insert(0, p)
                    else:
                        paths[k].append(p)
                    owner[p] = k
                    break
            else:
                return None
    return paths


def generate(width: int, height: int, seed: int, cover: str = "full",
             deadline: Deadline | None = None) -> dict:
    """A puzzle dict (with its solution) whose solution is unique under the plain rules."""
    if cover not in ("full", "free"):
        raise PuzzleError(f"cover: {cover!r} is not \"full\" or \"free\"")
    if width < 1 or height < 1 or width * height < 2:
        raise PuzzleError(f"{width}x{height}: too small for a pair of endpoints")
    deadline = deadline or Deadline(30.0)
    rng = random.Random(seed)
    while True:
        if deadline.expired():
            raise SolveTimeout("no unique puzzle found before the time limit")
        paths = _random_paths(width, height, rng, cover == "full")
        if not paths:
            continue
        endpoints = []
        for i, path in enumerate(paths):
            for p in (path[0], path[-1]):
                endpoints.append((p // width, p % width, _label(i)))
        endpoints.sort(key=lambda e: (e[0], e[1]))
        model = make_model(width, height, endpoints, cover)
        try:
            out = solve_auto(model, Deadline(deadline.remaining()), 2)
        except SolveTimeout:
            continue
        if len(out.solutions) == 1 and out.complete:
            return {"type": "numberlink", "width": width, "height": height,
                    "endpoints": [[r, c, lab] for r, c, lab in endpoints], "cover": cover,
                    "solution": out.solutions[0]}
