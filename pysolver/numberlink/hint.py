"""Hints: one forced segment of a path, with the reason it is forced.

The player's lines are laid on the board and the default search's propagation runs under
the plain rules; its first forced chain (a path end with a single way on, or an empty
cell with only two usable neighbours under full cover) becomes the hint.  When nothing is
forced locally, a search decides: the next cell of the (unique) solution is shown, or the
drawn lines are reported as wrong when they cannot be completed.  Messages count rows
and columns from 1, as players do; "cells" are 0-based as in puzzle JSON.

:func:`forced_moves` and :func:`forced_runs` give every forced move at once; Replay
(``steps.py``) uses them.
"""
from __future__ import annotations

from ..base import Deadline
from .model import Numberlink
from .search import Search

_REASON = {
    "head": "the line from {lab} at row {r}, col {c} has only one way on",
    "cell": "the cell at row {r}, col {c} has only two neighbours it can link to, one of them line {lab}",
}


def _drawn(model: Numberlink, progress: dict) -> dict[int, list[int]]:
    """head index -> cells drawn from that endpoint (endpoint excluded)."""
    fixed = {}
    paths = progress.get("paths") or {}
    for k, (lab, (a, b)) in enumerate(zip(model.labels, model.ends)):
        cells = [r * model.width + c for r, c in paths.get(lab) or []]
        if not cells:
            continue
        if cells[0] != a and cells[0] != b:
            cells.reverse()
        fixed[2 * k + (cells[0] == b)] = cells[1:]
    return fixed


def forced_moves(model: Numberlink, fixed: dict[int, list[int]] | None, deadline: Deadline) -> list | None:
    """Every move the plain rules force once ``fixed`` is drawn (head index -> cells drawn
    from that endpoint, as the search takes them), in the order propagation finds them:
    ``(head, cell or -1 for joining the partner, "head" | "cell")``, each forced by the
    ones before it.  None when the drawn lines lead to a contradiction."""
    log: list = []
    if not Search(model, False, deadline).run(1, fixed, log):
        return None
    return log


def forced_runs(model: Numberlink, fixed: dict[int, list[int]] | None, deadline: Deadline):
    """:func:`forced_moves` as segments: each run of consecutive moves of one head, as
    ``(head, [cell or -1, ...], reason of its first move)``.  None on a contradiction."""
    log = forced_moves(model, fixed, deadline)
    if log is None:
        return None
    runs: list[tuple[int, list[int], str]] = []
    for hi, q, reason in log:
        if runs and runs[-1][0] == hi:
            runs[-1][1].append(q)
        else:
            runs.append((hi, [q], reason))
    return runs


def mistakes(model: Numberlink, progress: dict, solution: dict, deadline: Deadline) -> list[dict]:
    """Per drawn line, the cells from the first one off the unique solution's path on
    (a line may be drawn from either of its endpoints): one error per line."""
    paths = progress.get("paths") if isinstance(progress, dict) else None
    out = []
    for lab in model.labels:
        drawn = _cells(paths.get(lab) if isinstance(paths, dict) else None)
        if len(drawn) < 2:
            continue
        truth = [tuple(x) for x in solution["paths"][lab]]
        if drawn[0] == truth[-1]:
            truth.reverse()
        if drawn[0] != truth[0]:
            continue        # not drawn from an endpoint: the rule check says so
        k = next((i for i, cell in enumerate(drawn) if i >= len(truth) or cell != truth[i]), None)
        if k is None:
            continue
        # the line's own far endpoint is where it has to end: not a wrong cell
        bad = [cell for cell in drawn[k:] if cell != truth[-1]]
        if not bad:
            continue
        r, c = bad[0]
        out.append({"message": f"line {lab}: {len(bad)} cell{'s are' if len(bad) != 1 else ' is'} wrong, "
                               f"from row {r + 1}, col {c + 1} on",
                    "cells": [list(x) for x in bad], "lines": []})
    return out


def _cells(raw) -> list[tuple[int, int]]:
    """A drawn line as (row, col) pairs; empty when it is not a list of cells."""
    if not isinstance(raw, list):
        return []
    out = []
    for cell in raw:
        if not (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)):
            return []
        out.append((cell[0], cell[1]))
    return out


def _continues(model: Numberlink, solution: dict, fixed: dict[int, list[int]]) -> bool:
    """Whether every line drawn (``fixed``: head index -> cells from that end) follows
    ``solution``'s path from its end."""
    try:
        for hi, cells in fixed.items():
            k = hi >> 1
            path = [r * model.width + c for r, c in solution["paths"][model.labels[k]]]
            if path[0] != model.ends[k][hi & 1]:
                path.reverse()
            if path[1:1 + len(cells)] != cells:
                return False
        return True
    except (KeyError, TypeError, ValueError, IndexError):
        return False


def hint_progress(progress: dict) -> dict:
    """The paths of a hint request's progress (anything malformed reads as none)."""
    if not isinstance(progress, dict) or not isinstance(progress.get("paths", {}), dict):
        progress = {"paths": {}}
    return {"paths": dict(progress.get("paths") or {})}


def next_step(model: Numberlink, progress: dict, deadline: Deadline, known: tuple = (),
              unique: bool = False) -> dict | None:
    """The next forced segment from progress that breaks no rule (Family.hint has
    checked the rules and the unique solution first).  Where nothing is forced, the next
    cell of a solution the drawn lines agree with: one of ``known`` (``unique``: it is
    the only one), else one a search finds (on a 50x50 board with two solutions that
    search ran past the hint's 20 s, where the puzzle's own solve had found two in 2 s)."""
    fixed = _drawn(model, progress)
    drawn_cells = [list(model.rc(p)) for cells in fixed.values() for p in cells]
    log = forced_moves(model, fixed, deadline)
    if log is None:
        return {"message": "the lines drawn so far cannot all be right: they leave no way to finish",
                "cells": drawn_cells, "wrong": True}
    for hi, _, reason in log:
        k = hi >> 1
        if hi ^ 1 in fixed:
            continue        # that label is being drawn from its other end
        lab = model.labels[k]
        start = model.ends[k][hi & 1]
        path = [start] + fixed.get(hi, [])
        other = [model.ends[k][(hi & 1) ^ 1]]
        segment = []
        for h, q, _ in log:
            if h == hi ^ 1 and q != -1:
                other.append(q)
            if h != hi and h != hi ^ 1:
                continue
            if q == -1:
                # the two ends joined (the join may be logged as the other end's move:
                # the line then stopped a cell short of its partner, drawn in full here)
                path += other[::-1]
                segment += [model.rc(p) for p in other[::-1]]
                break
            if h != hi:
                continue
            path.append(q)
            segment.append(model.rc(q))
        tip = model.rc(path[-len(segment) - 1]) if segment else model.rc(start)
        r, c = tip if reason == "head" else segment[0]
        new = dict(progress["paths"])
        new[lab] = [list(model.rc(p)) for p in path]
        where = (f"Look at line {lab}'s end at row {r + 1}, col {c + 1}" if reason == "head"
                 else f"Look at the empty cell at row {r + 1}, col {c + 1}")
        # (the hint draws the whole run of moves that follow, each forced by the ones
        # before it: said, where it was the first step's reason alone)
        more = f" (drawn on for {len(segment)} cells, each forced by the ones before it)" if len(segment) > 1 else ""
        return {"message": _REASON[reason].format(lab=lab, r=r + 1, c=c + 1) + more,
                "cells": [list(x) for x in segment], "solution": {"paths": new},
                "focus": {"cells": [[r, c]], "lines": []}, "where": where}
    # Nothing forced locally: a known solution that continues the lines drawn, or the
    # search decides the next step.
    agree = [s for s in known if _continues(model, s, fixed)]
    if agree:
        sol, alone = agree[0], unique
    else:
        sols = Search(model, False, deadline).run(2, fixed)
        if not sols:
            return {"message": "the lines drawn so far cannot all be right: no solution continues them",
                    "cells": drawn_cells, "wrong": True}
        sol, alone = sols[0], len(sols) == 1
    for k, lab in enumerate(model.labels):
        full = [r * model.width + c for r, c in sol["paths"][lab]]
        a, b = model.ends[k]
        if 2 * k + 1 in fixed:
            full.reverse()
            hi = 2 * k + 1
        else:
            hi = 2 * k
        done = 1 + len(fixed.get(hi, []))
        if done >= len(full):
            continue
        step = full[done]
        new = dict(progress["paths"])
        new[lab] = [list(model.rc(p)) for p in full[:done + 1]]
        why = ("only this way leads to a solution (found by trial)" if alone
               else "one way to continue (the puzzle has more than one solution)")
        tr, tc = model.rc(full[done - 1])
        return {"message": f"line {lab} continues to row {step // model.width + 1}, col {step % model.width + 1}: {why}",
                "cells": [list(model.rc(step))], "solution": {"paths": new},
                "focus": {"cells": [[tr, tc]], "lines": []},
                "where": f"Look at line {lab}'s end at row {tr + 1}, col {tc + 1} (no single rule applies here)"}
    return None
