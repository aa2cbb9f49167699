"""A board as the makers hold it while they work: a list of paths, each a list of cell
indices (row * width + column), labelled in order.  Both the generator and the joins of
:mod:`.thin` turn paths into a board with :func:`board`."""
from __future__ import annotations

from .model import make_model

LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def label(i: int) -> str:
    """The label of the ``i``-th path: letters, then numbers past the 52nd."""
    return LABELS[i] if i < len(LABELS) else str(i)


def board(paths: list[list[int]], width: int, height: int, cover: str):
    """The model of ``paths``' ends, its endpoints, and the paths as an answer."""
    endpoints = []
    for i, path in enumerate(paths):
        for p in (path[0], path[-1]):
            endpoints.append((p // width, p % width, label(i)))
    endpoints.sort(key=lambda e: (e[0], e[1]))
    answer = {"paths": {label(i): [[p // width, p % width] for p in path] for i, path in enumerate(paths)}}
    return make_model(width, height, endpoints, cover), endpoints, answer
