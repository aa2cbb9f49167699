"""Strict rule check of a Link-a-Pix solution, written independently of the solvers.

Rules: every path runs orthogonally from one clue to another clue of the same number
and colour, covers exactly ``number`` cells without repeating one, passes through no
other clue, shares no cell with another path, and every clue ends exactly one path (a
1-clue is a path of its single cell).  With ``partial`` only the drawn paths are
judged and clues without a path are fine.
"""
from __future__ import annotations

from ..base import CheckReport, counted, read_cell
from .model import Model


def _err(message: str, cells=()) -> dict:
    return {"message": message, "cells": [[int(r), int(c)] for r, c in cells], "lines": []}


def _read_path(path, i: int, model: Model):
    """The path as a list of (r, c), or an error dict."""
    if not isinstance(path, list) or not path:
        return _err(f"paths[{i}]: expected a non-empty list of [row, col] cells")
    cells = []
    for j, item in enumerate(path):
        cell = read_cell(item, model.width, model.height)
        if isinstance(cell, str):
            return _err(f"paths[{i}][{j}]: {cell}")
        cells.append(cell)
    return cells


def check(model: Model, solution, partial: bool = False) -> CheckReport:
    if not isinstance(solution, dict) or not isinstance(solution.get("paths"), list):
        return CheckReport(False, False, [_err('solution: expected {"paths": [[[row, col], ...], ...]}')])
    if len(solution["paths"]) > model.width * model.height:
        return CheckReport(False, False, [_err("solution: more paths than cells")])
    errors: list[dict] = []
    clue_of = {(r, c): (n, k) for r, c, n, k in model.clues}
    owner: dict[tuple[int, int], int] = {}
    ended: dict[tuple[int, int], int] = {}
    for i, raw in enumerate(solution["paths"]):
        cells = _read_path(raw, i, model)
        if isinstance(cells, dict):
            errors.append(cells)
            continue
        start, end = cells[0], cells[-1]
        a = clue_of.get(start)
        if a is None:
            errors.append(_err(f"path {i + 1} starts at ({start[0]},{start[1]}), which is not a clue", [start]))
            continue
        n, key = a
        name = f"path {i + 1} (the {n} at row {start[0] + 1}, col {start[1] + 1})"
        if len(set(cells)) != len(cells):
            dup = [p for j, p in enumerate(cells) if p in cells[:j]]
            errors.append(_err(f"{name} visits a cell twice", dup))
        broken = [q for p, q in zip(cells, cells[1:]) if abs(p[0] - q[0]) + abs(p[1] - q[1]) != 1]
        if broken:
            errors.append(_err(f"{name} is not connected orthogonally", broken))
        if len(cells) != n:
            errors.append(_err(f"{name} covers {len(cells)} cells, the clue says {n}", cells))
        b = clue_of.get(end)
        if b is None:
            errors.append(_err(f"{name} ends at ({end[0]},{end[1]}), which is not a clue", [end]))
        elif b != a:
            errors.append(_err(f"{name} ends on a {b[0]} of colour {b[1]!r}, expected a {n} of colour {key!r}",
                               [start, end]))
        elif len(cells) > 1 and start == end:
            errors.append(_err(f"{name} ends on the clue it starts from", [start]))
        inner = [p for p in cells[1:-1] if p in clue_of]
        if inner:
            errors.append(_err(f"{name} runs through another clue", inner))
        for p in {start, end}:
            if p in ended:
                errors.append(_err(f"the clue at row {p[0] + 1}, col {p[1] + 1} ends two paths "
                                   f"({ended[p] + 1} and {i + 1})", [p]))
            else:
                ended[p] = i
        shared = []
        for p in dict.fromkeys(cells):
            if p in owner and owner[p] != i:
                shared.append(p)
            owner.setdefault(p, i)
        if shared:
            errors.append(_err(f"{name} shares cells with another path", shared))
    if not partial:
        missing = [p for p in clue_of if p not in ended]
        if missing:
            errors.append(_err(f"{counted(len(missing), 'clue')} {'is' if len(missing) == 1 else 'are'} not linked", missing))
    ok = not errors
    solved = ok and all(p in ended for p in clue_of)
    return CheckReport(ok, solved, errors)
