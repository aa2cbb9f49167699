"""Strict rule check of a Numberlink solution, written apart from the solvers.

Rules: each label's path is an orthogonally connected chain of distinct cells from one
of its endpoints to the other; it passes through no other endpoint; no cell lies on two
paths; under full cover every cell lies on a path.  With ``partial`` a path may be
missing or unfinished (it starts at one of its endpoints and stops anywhere) and only
what is already broken counts.
"""
from __future__ import annotations

from ..base import CheckReport, counted, read_cell
from .model import Numberlink


def _err(message: str, cells=(), lines=()) -> dict:
    return {"message": message, "cells": [list(c) for c in cells], "lines": list(lines)}


def check_solution(model: Numberlink, solution, partial: bool = False) -> CheckReport:
    if not isinstance(solution, dict) or not isinstance(solution.get("paths"), dict):
        return CheckReport(False, False, [_err("solution: expected {\"paths\": {label: [[r, c], ...]}}")])
    paths = solution["paths"]
    ends = {lab: (model.rc(a), model.rc(b)) for lab, (a, b) in zip(model.labels, model.ends)}
    endpoint_label = {}
    for lab, (a, b) in ends.items():
        endpoint_label[a] = lab
        endpoint_label[b] = lab
    errors: list[dict] = []
    owner: dict[tuple[int, int], str] = {}
    complete = 0

    for lab, raw in paths.items():
        if lab not in ends:
            errors.append(_err(f"paths: {lab!r} is not a label of this puzzle"))
            continue
        if not isinstance(raw, list):
            errors.append(_err(f"path {lab}: expected a list of [row, col] cells"))
            continue
        cells = []
        for i, item in enumerate(raw):
            cell = read_cell(item, model.width, model.height)
            if isinstance(cell, str):
                errors.append(_err(f"path {lab}: cell {i}: {cell}"))
                break
            cells.append(cell)
        else:
            if not cells:
                if not partial:
                    errors.append(_err(f"path {lab}: empty", ends[lab]))
                continue
            a, b = ends[lab]
            if cells[0] not in (a, b) and cells[-1] in (a, b):
                cells.reverse()
            if cells[0] not in (a, b):
                errors.append(_err(f"path {lab}: does not start at an endpoint {lab}", [cells[0]]))
                continue
            goal = b if cells[0] == a else a
            finished = len(cells) > 1 and cells[-1] == goal
            if not partial and not finished:
                errors.append(_err(f"path {lab}: does not join its two endpoints", [cells[0], cells[-1]]))
            ok = True
            seen = set()
            for i, cell in enumerate(cells):
                if cell in seen:
                    errors.append(_err(f"path {lab}: visits row {cell[0] + 1}, col {cell[1] + 1} twice", [cell]))
                    ok = False
                    break
                seen.add(cell)
                if i and abs(cell[0] - cells[i - 1][0]) + abs(cell[1] - cells[i - 1][1]) != 1:
                    errors.append(_err(f"path {lab}: steps from row {cells[i - 1][0] + 1}, col {cells[i - 1][1] + 1} "
                                       f"to row {cell[0] + 1}, col {cell[1] + 1}, which is not a neighbour",
                                       [cells[i - 1], cell]))
                    ok = False
                    break
                if 0 < i and not (finished and i == len(cells) - 1) and cell in endpoint_label:
                    other = endpoint_label[cell]
                    what = f"endpoint {other}" if other != lab else "its own endpoint"
                    errors.append(_err(f"path {lab}: runs through {what} at row {cell[0] + 1}, col {cell[1] + 1}", [cell]))
                    ok = False
                    break
            for cell in seen:
                if cell in owner:
                    errors.append(_err(f"paths {owner[cell]} and {lab} share row {cell[0] + 1}, col {cell[1] + 1}", [cell]))
                    ok = False
                else:
                    owner[cell] = lab
            if ok and finished:
                complete += 1

    for lab in model.labels:
        if lab not in paths and not partial:
            errors.append(_err(f"path {lab}: missing", ends[lab]))
    all_joined = complete == len(model.labels) and not errors
    if model.cover == "full" and (all_joined or not partial):
        empty = [(r, c) for r in range(model.height) for c in range(model.width) if (r, c) not in owner]
        if empty:
            errors.append(_err(f"{counted(len(empty), 'cell')} {'lies' if len(empty) == 1 else 'lie'} on no path (every cell must be used)", empty))
    ok = not errors
    return CheckReport(ok, ok and complete == len(model.labels), errors)
