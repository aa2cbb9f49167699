"""Work shared between engines (:mod:`.engine`) on puzzles of one board.

A maker weighs hundreds of puzzles that differ from each other in a link or two (the
grade-5 maker joins two links and runs the rules again, :mod:`.graded`).  Most of the
board then looks the same to the rules, and the two costliest parts of a run, the
enumeration of a pair's paths and the enclosure rule's floods around each candidate,
find what they found before.  A :class:`Memo` keeps their answers with what each one
read, and gives an answer back only when everything it read is the same: the engine
then goes on exactly as it would without the memo (same paths in the same order, same
kills), so an engine's answers do not depend on it.  (The grade-5 maker's bound on a
picture's plateau counts the solver's polls actually made, fewer where the memo answers:
that bound follows the time a step takes, and a change to the memo's sizes may change
which picture makes the puzzle; the same request still makes the same puzzle on every
machine.)
"""
from __future__ import annotations

from typing import Callable

from .engine import BudgetExceeded

#: answers of each kind kept before the memo starts again (a 20x20 maker run keeps
#: some thousands of enumerations and tens of thousands of enclosure answers)
MEMO_SIZE = 20_000
#: answers kept per candidate path, for boards that differ in different places (the
#: joins weighed at one step each change the board somewhere else)
VERSIONS = 4
#: cell codes (see :meth:`Memo._codes`) fit a byte
_MAX_CODE = 255


class Memo:
    def __init__(self):
        #: answers given back, per kind ("paths", "walls")
        self.hits = {"paths": 0, "walls": 0}
        self._paths: dict = {}
        self._walls: dict = {}
        self._clue_codes: dict[tuple[int, int], int] = {}
        self._board: tuple[int, int] | None = None
        self._near1: list[int] = []
        self._near2: list[int] = []

    # -- enumeration ------------------------------------------------------------------
    def paths(self, eng, pid: int, cap: int) -> list[tuple[int, ...]] | None:
        """``eng.enumerate_pair(pid, cap)`` (no must cells).  The walk reads nothing
        outside the pair's ellipse (its zone and the clue cells in it, which the zone
        leaves out) but which of those cells are blocked and which are claimed by other
        clues: equal keys give the same paths, in the same order."""
        a, b = eng.pairs[pid]
        zone = eng.pair_zone[pid]
        occupied, claimed = eng.occupied, eng.claimed
        key = (eng.W, eng.N, eng.c_cell[a], eng.c_cell[b], eng.c_num[a], cap, zone,
               bytes(occupied[x] for x in zone), tuple(x for x in zone if claimed[x] not in (-1, a, b)))
        known = self._paths.get(key)
        if known is None:
            before = eng.stats["enum_nodes"]
            found = eng.enumerate_pair(pid, cap)
            if len(self._paths) >= MEMO_SIZE:
                self._paths.clear()
            # (a walk stopped at the node cap found some paths first: the room check
            # below must see them too, or an engine with less room would go on where
            # its own walk would have run out of room)
            walked = len(found) if found is not None else eng.paths_at_stop
            self._paths[key] = found, eng.stats["enum_nodes"] - before, walked
            return found
        found, nodes, walked = known
        self.hits["paths"] += 1
        eng.stats["enum_nodes"] += nodes
        # (the walk's check on the cells kept, as it would have run)
        if walked and eng.max_cells - eng.cells_kept - 2 * (eng.c_num[a] - 2) * (1 + walked) < 0:
            raise BudgetExceeded(f"more than {eng.max_cells} cells on candidate paths")
        return found

    # -- enclosure rule ---------------------------------------------------------------
    def walls_in(self, eng, solid: bytearray) -> Callable:
        """``eng._walls_in`` for one pass of the enclosure rule, answered from the memo
        where the cells an earlier answer read are the same now.  What it reads: the
        path's cells and their neighbours to two steps (the narrow spots next to it),
        and the areas flooded with their neighbours; of each, whether it is painted,
        solid, and which clue (number, colour) it holds."""
        state = self._codes(eng, solid)
        if state is None:
            return eng._walls_in
        now = int.from_bytes(state, "little")
        near1, near2, walls = self._near1, self._near2, self._walls
        p_cells, p_a, p_b, c_cell, fully = eng.p_cells, eng.p_a, eng.p_b, eng.c_cell, eng.fully
        diffs: dict[bytes, int] = {}

        def walls_in(q: int, limit: int, solid: bytearray, marks) -> bool:
            key = (p_cells[q], c_cell[p_a[q]], c_cell[p_b[q]], limit, fully)
            known = walls.get(key)
            if known is None:
                if len(walls) >= MEMO_SIZE:
                    walls.clear()
                known = walls[key] = []
            for answer, then, read in known:
                changed = diffs.get(then)
                if changed is None:
                    changed = diffs[then] = int.from_bytes(then, "little") ^ now
                if not changed & read:
                    self.hits["walls"] += 1
                    return answer
            flooded: list[int] = []
            answer = eng._walls_in(q, limit, solid, marks, flooded)
            read = 0
            for x in p_cells[q]:
                read |= near2[x]
            for x in (key[1], key[2]):
                read |= near2[x]
            for x in flooded:
                read |= near1[x]
            if len(known) >= VERSIONS:
                del known[0]
            known.append((answer, state, read))
            return answer
        return walls_in

    def _codes(self, eng, solid: bytearray) -> bytes | None:
        """A byte per cell, for what the enclosure rule reads there: painted or not,
        solid or not, and the clue's number and colour (numbered in the memo, the same
        on every engine); None when a board has too many kinds of clue for a byte."""
        if self._board != (eng.W, eng.N):
            self._board = (eng.W, eng.N)
            self._walls.clear()
            self._near1, self._near2 = _near_masks(eng.nbrs)
        codes = self._clue_codes
        clue_at, c_num, c_col, occupied = eng.clue_at, eng.c_num, eng.c_col, eng.occupied
        out = bytearray(eng.N)
        for x, c in enumerate(clue_at):
            if c < 0:
                out[x] = occupied[x]
            else:
                kind = codes.setdefault((c_num[c], c_col[c]), len(codes))
                code = 2 + 2 * kind + solid[x]
                if code > _MAX_CODE:
                    return None
                out[x] = code
        return bytes(out)


def _near_masks(nbrs: list[tuple[int, ...]]) -> tuple[list[int], list[int]]:
    """Per cell, masks over :meth:`Memo._codes`'s bytes: the cell and its neighbours,
    and the same to two steps."""
    byte = [0xFF << (8 * x) for x in range(len(nbrs))]
    near1 = [byte[x] for x in range(len(nbrs))]
    for x, nb in enumerate(nbrs):
        for y in nb:
            near1[x] |= byte[y]
    near2 = list(near1)
    for x, nb in enumerate(nbrs):
        for y in nb:
            near2[x] |= near1[y]
    return near1, near2
