"""A board as the makers hold it while they work: a list of paths, each a list of cell
indices (row * width + column), labelled in order.  Both the generator and the joins of
:mod:`.thin` turn paths into a board with :func:`board`."""
from __future__ import annotations

from .model import make_model

LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def label(i: int) -> str:
    """A name for the ``i``-th path while a maker works (letters, then numbers past the
    52nd); what a board shows is :func:`shown_labels`."""
    return LABELS[i] if i < len(LABELS) else str(i)


def shown_labels(n: int, cover: str) -> list[str]:
    """The labels a board of ``n`` pairs shows: A to Z; past 26 pairs, numbers from 1 on
    a board whose cells may stay empty (upper and lower case side by side read badly, I
    and l, O and o; and Nikoli's numlin and the contest files number their lines),
    while a Flow board (full cover) goes on with a to z, so that the one-character
    formats of Flow solvers still hold it; numbers past 52 on either."""
    if n <= 26 or (cover == "full" and n <= len(LABELS)):
        return list(LABELS[:n])
    return [str(i + 1) for i in range(n)]


def board(paths: list[list[int]], width: int, height: int, cover: str):
    """The model of ``paths``' ends, its endpoints, and the paths as an answer."""
    names = shown_labels(len(paths), cover)
    endpoints = []
    for i, path in enumerate(paths):
        for p in (path[0], path[-1]):
            endpoints.append((p // width, p % width, names[i]))
    endpoints.sort(key=lambda e: (e[0], e[1]))
    answer = {"paths": {names[i]: [[p // width, p % width] for p in path] for i, path in enumerate(paths)}}
    return make_model(width, height, endpoints, cover), endpoints, answer
