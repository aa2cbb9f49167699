"""The rule check, written straight from the rules and sharing nothing with the solvers.

For each line and palette colour: the number of cells of that colour must equal the
clue's count (0 for a colour the clue does not list), and with ``contiguous`` true
they form one unbroken block, with false they do not (a count of 1 is always one
block, so the flag says nothing there).  Partial grids use ``?`` for unknown cells;
then only what can no longer be mended is reported.
"""
from __future__ import annotations

from ..base import CheckReport
from .model import Model


def read_grid(m: Model, solution, partial: bool) -> tuple[list[str] | None, str]:
    """The grid rows, or None and a message saying why the dict is malformed."""
    if not isinstance(solution, dict) or "grid" not in solution:
        return None, "solution: expected an object with a \"grid\""
    grid = solution["grid"]
    if not isinstance(grid, list) or len(grid) != m.height:
        return None, f"solution grid: expected a list of {m.height} rows"
    allowed = set(m.keys) | ({"?"} if partial else set())
    for r, row in enumerate(grid):
        if not isinstance(row, str) or len(row) != m.width:
            return None, f"solution grid row {r}: expected a string of {m.width} cells"
        bad = [ch for ch in row if ch not in allowed]
        if bad:
            return None, f"solution grid row {r}: {bad[0]!r} is not a palette key"
    return grid, ""


def _line_errors(m: Model, kind: str, i: int, clue, cells, values: list[str]) -> list[dict]:
    errors = []
    label = f"{kind} {i + 1}"  # 1-based: messages are for players
    line_ref = [[kind, i]]
    want = {m.keys[c]: (n, f) for c, n, f in clue}
    unknown = values.count("?")
    complete = unknown == 0
    for key in m.keys:
        name = m.colour_name(m.keys.index(key))
        pos = [k for k, v in enumerate(values) if v == key]
        n, flag = want.get(key, (0, False))
        have = len(pos)
        where = [list(cells[k]) for k in pos]
        if have > n or (complete and have < n) or have + unknown < n:
            # (the undecided cells are named only where they matter: too few even if
            # all of them took this colour; a player's review found "(5 unknown)" after
            # a count already too high hard to read)
            cells_of = f"{have} {name} cell{'s' if have != 1 else ''}"
            if have < n and not complete:
                cells_of += f" and {unknown} undecided"
            msg = f"{label} has {cells_of}; its clue has " + (f"no {name}" if n == 0 else f"{n}")
            errors.append({"message": msg, "cells": where, "lines": line_ref})
            continue
        if n < 2 or not pos:
            continue
        span = pos[-1] - pos[0] + 1
        if flag:
            # One block: no other colour may sit between two cells of this colour,
            # and the block cannot be longer than the count.
            broken = any(values[k] not in (key, "?") for k in range(pos[0], pos[-1] + 1))
            if broken or span > n:
                errors.append({"message": f"{label}: the {n} {name} cells must form one block",
                               "cells": where, "lines": line_ref})
        elif have == n and span == n:
            errors.append({"message": f"{label}: the {n} {name} cells must not form one block",
                           "cells": where, "lines": line_ref})
    return errors


def check(m: Model, solution, partial: bool = False) -> CheckReport:
    grid, why = read_grid(m, solution, partial)
    if grid is None:
        return CheckReport(False, False, [{"message": why, "cells": [], "lines": []}])
    errors = []
    for kind, i, clue, cells in m.lines():
        values = [grid[r][c] for r, c in cells]
        errors.extend(_line_errors(m, kind, i, clue, cells, values))
    complete = all("?" not in row for row in grid)
    return CheckReport(not errors, complete and not errors, errors)
