"""The solver's steps for the app's "Replay": every link in the order the logic finds it.

The propagation engine records each link it forces and why (a 1, a clue with one path
left, a cell only one path can cover); those come first, with the reasons hints use.
The links the engine cannot force are then taken from the exact solution, marked as
found by search, so the replay always ends on the finished picture.
"""
from __future__ import annotations

from ..base import Deadline
from .auto import solve
from .hint import forced_links
from .model import Model

_RULE = {"one": "a 1", "clue": "only path left", "cell": "only cover"}


def steps(model: Model, deadline: Deadline) -> list[dict]:
    out, seen = [], set()
    for path, reason, why in forced_links(model, deadline):
        seen.add(frozenset(map(tuple, path)))
        out.append({"rule": _RULE.get(why, why), "cells": path, "path": path, "message": reason})
    outcome = solve(model, deadline, 1)
    for path in outcome.solutions[0]["paths"] if outcome.solutions else ():
        if frozenset(map(tuple, path)) not in seen:
            (r, c), (r2, c2) = path[0], path[-1]
            out.append({"rule": "search", "cells": path, "path": path,
                        "message": f"search: the {len(path)} at row {r + 1}, col {c + 1} links to row {r2 + 1}, col {c2 + 1}"})
    return out
