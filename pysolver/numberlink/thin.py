"""Fewer pairs on a unique full-cover board: joins that keep its answer unique.

The generator (:mod:`.generate`) makes a board unique by cutting paths, so its boards
come out with about one pair per 7 cells, where published boards have one per 10 or
more.  Cuts never break uniqueness; a join (two paths whose ends x and q are
neighbours made one) can, since the joined line may reroute, so each join is proved:
first the short alternating trails that take the new link x-q out are looked for
(:func:`.nearby.nearby_answer`'s ``through``: a second answer that leaves the link out
differs from ours there; three in four of the second answers met were such short
reroutes), then clause learning with a no-good on ours decides (an answer may also
use x-q in another line, so the link cannot be assumed unused).  A proof that needs
more than its decisions counts as a failure.

When no join keeps the board unique, a path's end moves into a neighbouring path (it
takes that path's end cell, or its part from a middle cell on), with the same proof: a
reshaped board lets other joins through.  A change that failed is tried again only
once a kept change touches a cell where its second answer differed.  The work is
counted in proofs and decisions, never seconds, so a board follows from its arguments
alone.
"""
from __future__ import annotations

import random

from ..base import Deadline
from .cdcl import NumberlinkCDCL, OutOfDecisions
from .board import board
from .nearby import nearby_answer
from .auto import NEARBY_LINKS

#: decisions and conflicts one proof may spend; a proof that needs more counts as failed
PROOF_DECISIONS = 300
#: reshaping moves tried, when no join is left, before giving up
MOVES_PER_STALL = 60

Paths = list[list[int]]
#: a change: what it is (to remember a failure by), the paths after it, and the link
#: x-q it added
Change = tuple[tuple, Paths, tuple[int, int]]


def thin(paths: Paths, width: int, height: int, pairs: int, rng: random.Random,
         deadline: Deadline, proofs: int) -> Paths:
    """``paths`` (a full cover whose answer is unique) joined down towards ``pairs``
    paths by changes that keep the answer unique, spending at most ``proofs`` proofs:
    the paths reached, ``pairs`` of them or more."""
    nbrs = neighbours(width, height).__getitem__
    paths = [list(p) for p in paths]
    failed: dict[tuple, set[int]] = {}
    left = proofs

    def first_kept(changes: list[Change], limit: int | None = None) -> Paths | None:
        nonlocal left
        rng.shuffle(changes)
        tried = 0
        for key, trial, link in changes:
            if left <= 0 or (limit is not None and tried >= limit):
                return None
            if key in failed:
                continue
            tried += 1
            left -= 1
            where = second_answer(trial, link, width, height, deadline)
            if where is None:
                return trial
            failed[key] = where
        return None

    while len(paths) > pairs and left > 0:
        kept = first_kept(list(_joins(paths, nbrs))) or first_kept(list(_moves(paths, nbrs)), MOVES_PER_STALL)
        if kept is None:
            break
        changed = {x for link in _links(paths) ^ _links(kept) for x in link}
        paths = kept
        # (an empty set, a proof out of decisions, is never tried again)
        failed = {key: where for key, where in failed.items() if not where or not where & changed}
    return paths


def second_answer(paths: Paths, link: tuple[int, int], width: int, height: int,
                  deadline: Deadline) -> set[int] | None:
    """None when the full-cover board of ``paths`` has no answer but them, else the
    cells where a second answer differs (empty: the proof ran out of decisions, so
    nothing is known).  ``link``: the link a change added, where a reroute is looked
    for first."""
    model, _, ours = board(paths, width, height, "full")
    other = nearby_answer(model, ours, deadline, NEARBY_LINKS, link)
    if other is None:
        try:
            out = NumberlinkCDCL(model, deadline, avoid=ours, budget=PROOF_DECISIONS).solve(1)
        except OutOfDecisions:
            return set()
        if not out.solutions:
            return None
        other = out.solutions[0]
    theirs = [[r * width + c for r, c in path] for path in other["paths"].values()]
    return {x for pair in _links(paths) ^ _links(theirs) for x in pair}


def neighbours(width: int, height: int) -> list[list[int]]:
    """Per cell (row-major), its grid neighbours: up, down, left, right."""
    out = []
    for p in range(width * height):
        r, c = divmod(p, width)
        out.append([q for q, ok in ((p - width, r), (p + width, r < height - 1), (p - 1, c), (p + 1, c < width - 1))
                    if ok])
    return out


def _links(paths: Paths) -> set[tuple[int, int]]:
    return {(a, b) if a < b else (b, a) for path in paths for a, b in zip(path, path[1:])}


def _where(paths: Paths) -> dict[int, tuple[int, int]]:
    return {x: (k, i) for k, path in enumerate(paths) for i, x in enumerate(path)}


def _ends(paths: Paths):
    """Each path's ends as (path, end cell, the path read so that it ends there)."""
    for k, path in enumerate(paths):
        yield k, path[-1], path
        if len(path) > 1:
            yield k, path[0], path[::-1]


def _joins(paths: Paths, nbrs):
    """Changes with one path fewer: two paths whose ends are neighbours joined."""
    where = _where(paths)
    for k, x, a in _ends(paths):
        for q in nbrs(x):
            j, m = where[q]
            b = paths[j]
            if j > k and m in (0, len(b) - 1):
                rest = [p for t, p in enumerate(paths) if t not in (k, j)]
                yield ("join", x, q), rest + [a + (b if m == 0 else b[::-1])], (x, q)


def _moves(paths: Paths, nbrs):
    """Changes with as many paths: an end x moves into a neighbouring path at q,
    taking its end cell q, or its part from q on (the part left keeps 2 cells)."""
    where = _where(paths)
    for k, x, a in _ends(paths):
        for q in nbrs(x):
            j, m = where[q]
            if j == k:
                continue
            b = paths[j]
            rest = [p for t, p in enumerate(paths) if t not in (k, j)]
            if m in (0, len(b) - 1):
                b = b if m == 0 else b[::-1]
                if len(b) >= 3:
                    yield ("take", x, q), rest + [a + b[:1], b[1:]], (x, q)
                continue
            for part, left in ((b[m:], b[:m]), (b[m::-1], b[m + 1:])):
                if len(left) >= 2:
                    yield ("split", x, q, left[0]), rest + [a + part, left], (x, q)
