"""Strict, solver-independent rule check of a nonogram grid.

A line is correct when its blocks (maximal stretches of one colour, blanks excluded)
are exactly the clue.  For a partial grid ('?' = unknown) only complete lines are judged, as
in Simon Tatham's Pattern: a line with a '?' is never reported, even when its known
cells already cannot fit the clue.  That keeps the check simple and obviously right;
the hint function is where deeper reasoning about partial lines happens.

Messages count rows and columns from 1 (as the hints do); ``lines`` and ``cells`` are
0-based like the rest of puzzle JSON.
"""
from __future__ import annotations

from ..base import CheckReport
from .model import Model


def _bad(message: str) -> CheckReport:
    return CheckReport(ok=False, solved=False, errors=[{"message": message, "cells": [], "lines": []}])


def read_grid(model: Model, solution, partial: bool) -> list[str] | str:
    """The grid rows, or an error message when the dict is malformed."""
    if not isinstance(solution, dict) or "grid" not in solution:
        return "solution: expected an object with a \"grid\""
    grid = solution["grid"]
    if not isinstance(grid, list) or len(grid) != model.height:
        return f"grid: expected a list of {model.height} rows"
    allowed = set(model.keys) | ({"?"} if partial else set())
    for r, row in enumerate(grid):
        if not isinstance(row, str) or len(row) != model.width:
            return f"grid[{r}]: expected a string of {model.width} cells"
        for c, ch in enumerate(row):
            if ch not in allowed:
                return f"grid[{r}]: cell {c} is {ch!r}, expected one of {''.join(sorted(allowed))}"
    return grid


def runs(line: str) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    prev = "."
    for ch in line:
        if ch != ".":
            if ch == prev:
                out[-1] = (out[-1][0] + 1, ch)
            else:
                out.append((1, ch))
        prev = ch
    return out


def check_grid(model: Model, solution, partial: bool = False) -> CheckReport:
    grid = read_grid(model, solution, partial)
    if isinstance(grid, str):
        return _bad(grid)
    errors = []
    complete = True
    lines = [("row", i, grid[i], model.rows[i]) for i in range(model.height)]
    lines += [("col", j, "".join(row[j] for row in grid), model.cols[j]) for j in range(model.width)]
    for kind, i, text, clue in lines:
        if "?" in text:
            complete = False
            continue
        want = [(n, model.keys[c]) for n, c in clue]
        got = runs(text)
        if got != want:
            cells = [[i, k] if kind == "row" else [k, i] for k, ch in enumerate(text) if ch != "."]
            name = "row" if kind == "row" else "column"
            errors.append({"message": f"{name} {i + 1}: the blocks {_show(got, model)} do not match the "
                                      f"clue {_show(want, model)}",
                           "cells": cells, "lines": [[kind, i]]})
    ok = not errors
    return CheckReport(ok=ok, solved=ok and complete, errors=errors)


def _show(blocks: list[tuple[int, str]], model: Model) -> str:
    """Blocks as players see them: "3 1", or with colours named as the app's paint
    buttons name them ("10 in red", "2 in colour 3"); never palette keys."""
    if not blocks:
        return "(none)"
    if model.palette is None:
        return " ".join(str(n) for n, _ in blocks)
    index = {k: i for i, k in enumerate(model.keys)}
    return "(" + ", ".join(f"{n} in {model.colour_name(index[k])}" for n, k in blocks) + ")"
