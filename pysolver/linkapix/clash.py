"""Why a Link-a-Pix has no solution, where the rules can say: the editor's and the play
page's "No solution" name a clue or a cell and mark it (``Family.clash``, kind
"reason"), so a maker who typed a puzzle from a book knows where to compare.

In order, each reason sound on its own:

* the numbers add up to more cells than the board has (every path paints its cells);
* a number and colour occurs an odd number of times (clues of 2 or more pair up);
* a clue has no partner: no other clue of its number and colour is a path's length
  away (the Manhattan distance at most the number less one, and of its parity);
* propagation (:class:`.engine.Engine`, then the enclosure rule) leaves a clue with no
  path, marked together with the links forced by the other clues that take a cell of
  one of its paths or one of its partners; or, when the numbers add up to the whole
  board, a cell that no path can paint.

Otherwise None: only a search shows that there is no solution, and the editor says
just that.
"""
from __future__ import annotations

from ..base import Deadline
from ..colournames import player_names
from .engine import BudgetExceeded, Contradiction, Engine
from .model import Model


def clash(model: Model, deadline: Deadline) -> dict | None:
    names = player_names(list(model.palette.values()))
    colour_of = dict(zip(model.palette, names))

    def tint(key: str) -> str:
        return f" in {colour_of[key]}" if len(model.palette) > 1 else ""

    def clue_name(r: int, c: int, n: int, key: str) -> str:
        return f"the {n}{tint(key)} at row {r + 1}, column {c + 1}"

    def reason(message: str, cells, around=()) -> dict:
        # (around: cells that explain the reason, shown apart from the clues at fault)
        out = {"kind": "reason", "message": message, "lines": [], "cells": [list(rc) for rc in cells]}
        if around:
            out["around"] = [list(rc) for rc in around]
        return out

    if model.area > model.width * model.height:
        return reason(f"the paths of the numbers paint {model.area} cells, and the board has "
                      f"{model.width * model.height}", [])
    groups: dict[tuple[int, str], list[tuple[int, int]]] = {}
    for r, c, n, key in model.clues:
        if n > 1:
            groups.setdefault((n, key), []).append((r, c))
    for (n, key), where in groups.items():
        if len(where) % 2:
            if len(where) == 1:
                return reason(f"there is one {n}{tint(key)}: numbers of 2 or more pair up, so its partner is "
                              f"missing or it is mistyped", where)
            return reason(f"there are {len(where)} {n}s{tint(key)}: they pair up, so one is missing or mistyped",
                          where)
    eng = Engine(model, deadline)
    try:
        eng.run()
        eng.prune_enclosures()
    except BudgetExceeded:
        return None
    except Contradiction as why:
        W = model.width
        if why.clue is not None:
            r, c, n, key = model.clues[why.clue]
            if not eng.clue_pairs[why.clue]:
                steps = "1 step" if n == 2 else f"an {'odd' if n % 2 == 0 else 'even'} number of steps, at most {n - 1},"
                return reason(f"{clue_name(r, c, n, key)} has no partner: a path of {n} cells ends {steps} "
                              f"away, and no other {n}{tint(key)} is there", [(r, c)])
            blocking, bare_paths = _blocking_links(eng, why.clue, deadline)
            if not bare_paths:
                return reason(f"{clue_name(r, c, n, key)} has no path: every path of {n} cells to another "
                              f"{n}{tint(key)} runs into other clues", [(r, c)])
            if blocking:
                links = [tuple(rc) for q in blocking for rc in eng.path_cells(q)]
                return reason(f"{clue_name(r, c, n, key)} has no way left to a partner: links that the other "
                              f"clues force (outlined in yellow) block every path of {n} cells", [(r, c)], links)
            return reason(f"{clue_name(r, c, n, key)} has no way left to a partner: the paths that the other "
                          f"clues must take block every path of {n} cells", [(r, c)])
        if why.cell is not None:
            r, c = divmod(why.cell, W)
            return reason(f"the numbers add up to every cell of the board, so every cell is painted, but no "
                          f"path can reach the cell at row {r + 1}, column {c + 1}", [(r, c)])
        return None
    return None


#: DFS nodes per pair when the clue's paths are listed on the bare board (past it, the
#: pair's reach, its ellipse of cells, stands in for them)
BARE_NODES = 20_000


def _blocking_links(eng: Engine, clue: int, deadline: Deadline) -> tuple[list[int], bool]:
    """The forced paths of ``eng`` that take a cell of one of the clue's paths on the
    bare board (clues only, no links drawn), or one of its possible partners: as far as
    forced links go, why its candidates died; and whether it has such paths at all."""
    bare = Engine(eng.model, deadline)
    bare.build_pairs()
    needed = set()
    c_cell = eng.c_cell
    any_path = False
    for pid in bare.clue_pairs[clue]:
        a, b = bare.pairs[pid]
        paths = bare.enumerate_pair(pid, BARE_NODES)
        if paths is None:
            needed.update(bare.pair_zone[pid])
        else:
            for inside in paths:
                needed.update(inside)
        if paths != []:
            any_path = True
            needed.add(c_cell[b if a == clue else a])
    out = []
    for q, how, _ in eng.forced:
        if how == "one":
            continue                          # (a 1 is a clue cell: never a path's inside)
        if needed.intersection(eng.p_cells[q]) or c_cell[eng.p_a[q]] in needed or c_cell[eng.p_b[q]] in needed:
            out.append(q)
    return out, any_path
