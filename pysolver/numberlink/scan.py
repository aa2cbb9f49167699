"""Fast first solutions under full cover: a diagonal scan deciding each cell's links.

Cells are visited along anti-diagonals (top-right to bottom-left, diagonal after
diagonal), so when a cell comes up its links to the north and west are already decided
and it only chooses whether to link east and/or south.  The link pattern is kept per
cell as a bitmask (N, E, S, W) and the two ends of every chain know each other (``end``),
which rules out closed loops and chains joining two different labels at once.

The scan finds the answers in which no path runs alongside itself (the rule designed
puzzles obey, after Thomas Ahle's numberlink solver), and under full cover that rule is
strong: a cell with no link from the north or west must turn south-east, and then the
cell diagonally below-right of it is hemmed in by that path and must turn south-east too
(or be an endpoint).  So such a corner is only possible on a diagonal that runs into an
endpoint (``can_se``), and likewise for the other corner shapes.  These tests prune
almost every wrong choice on generated boards; the few self-touching patterns they let
through are rejected when a board is complete.

Everything it returns is a valid solution under the plain rules, but it never finds an
answer whose paths touch themselves, so counts from it prove nothing on their own.
"""
from __future__ import annotations

from ..base import Deadline
from .model import Numberlink

N, E, S, W = 1, 2, 4, 8
SE, SW, NE, NW = S | E, S | W, N | E, N | W
WALL = -2
EMPTY = -1


class Scan:
    """One scan over a full-cover model.  ``solutions()`` yields the no-self-touch
    answers one by one and ends when there are no more.  Past ``node_limit`` cell visits
    it yields None instead (a pause): raise the limit and ask again to go on."""

    def __init__(self, model: Numberlink, deadline: Deadline, node_limit: int | None = None):
        self.model = model
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0

    def solutions(self):
        model, deadline = self.model, self.deadline
        Wd, Hd = model.width, model.height
        w = Wd + 2
        n = (Hd + 2) * w
        lab = [WALL] * n
        for r in range(Hd):
            for c in range(Wd):
                lab[(r + 1) * w + c + 1] = EMPTY
        for k, pair in enumerate(model.ends):
            for cell in pair:
                lab[(cell // Wd + 1) * w + cell % Wd + 1] = k
        # indexed by a direction bit (lists: this is the innermost loop)
        step = [0] * 9
        step[N], step[E], step[S], step[W] = -w, 1, w, -1
        back = [0] * 9
        back[N], back[E], back[S], back[W] = S, W, N, E

        # A corner that opens south-east (resp. south-west) at p needs an endpoint on the
        # diagonal ray from p going south-east (south-west) through empty cells only.
        can_se = [False] * n
        can_sw = [False] * n
        for p in range(n):
            if lab[p] >= 0:
                q = p - w - 1
                while lab[q] == EMPTY:
                    can_se[q] = True
                    q -= w + 1
                q = p - w + 1
                while lab[q] == EMPTY:
                    can_sw[q] = True
                    q -= w - 1
        order = []
        for start in [w + c for c in range(1, Wd + 1)] + [r * w + Wd for r in range(2, Hd + 1)]:
            p = start
            while lab[p] != WALL:
                order.append(p)
                p += w - 1

        con = [0] * n
        end = list(range(n))
        trail: list[int] = []       # pairs (index, old value); index >= n stands for end[index - n]

        def connect(p: int, d: int) -> bool:
            q = p + step[d]
            if lab[q] == WALL:
                return False
            e1, e2 = end[p], end[q]
            if e1 == q and e2 == p:
                return False                    # would close a loop
            l1, l2 = lab[e1], lab[e2]
            if l1 >= 0 and l2 >= 0 and l1 != l2:
                return False                    # would join two labels
            trail.extend((p, con[p], q, con[q], n + e1, end[e1], n + e2, end[e2]))
            con[p] |= d
            con[q] |= back[d]
            end[e1] = e2
            end[e2] = e1
            return True

        def undo(mark: int) -> None:
            for j in range(len(trail) - 2, mark - 2, -2):
                i = trail[j]
                if i >= n:
                    end[i - n] = trail[j + 1]
                else:
                    con[i] = trail[j + 1]
            del trail[mark:]

        def free_se(p: int) -> bool:
            """Cell p + 1 keeps a way to be filled if we do not link east to it."""
            return con[p + 1] != 0 or can_se[p + 1] or lab[p + 1] != EMPTY

        def choices(p: int) -> list[tuple[int, ...]]:
            """The link sets (east and/or south) cell p may add, best first."""
            c = con[p]
            ne, nw = con[p - w + 1], con[p - w - 1]
            out = []
            if lab[p] >= 0:
                if c == 0:
                    if ne != SW:
                        out.append((E,))
                    if free_se(p):
                        out.append((S,))
                elif (c == N or c == W) and free_se(p):
                    out.append(())
            elif c == 0:
                if can_se[p]:
                    out.append((E, S))
            elif c == W:
                # Going on straight before turning south: an early turn nests paths
                # in small loops whose labels are settled only much later (on the 40x20
                # boards this halves the cell visits).
                if ne != SW and nw != SE:
                    out.append((E,))
                if can_sw[p] and free_se(p):
                    q = p
                    while lab[q] == EMPTY and con[q] == W:
                        q += w - 1
                    if lab[q] >= 0:
                        out.append((S,))
            elif c == NW:
                if (nw == NW or lab[p - w - 1] >= 0) and free_se(p):
                    out.append(())
            elif c == N:
                if ne == NE or (lab[p - w + 1] >= 0 and ne & NE):
                    out.append((E,))
                if ne != SW and nw != SE and free_se(p):
                    out.append((S,))
            return out

        def touches() -> bool:
            """Some path runs alongside itself (the corner tests miss a few such cases)."""
            owner = [-1] * n
            for k, pair in enumerate(model.ends):
                p = (pair[0] // Wd + 1) * w + pair[0] % Wd + 1
                prev = -1
                while True:
                    owner[p] = k
                    nxt = -1
                    for d in (N, E, S, W):
                        q = p + step[d]
                        if con[p] & d:
                            if q != prev:
                                nxt = q
                        elif owner[q] == k and lab[q] != k:
                            return True
                    if nxt < 0:
                        break
                    prev, p = p, nxt
            return False

        def read() -> dict:
            paths = {}
            for k, label in enumerate(model.labels):
                a = model.ends[k][0]
                p = (a // Wd + 1) * w + a % Wd + 1
                prev = -1
                cells = []
                while p >= 0:
                    cells.append([p // w - 1, p % w - 1])
                    nxt = -1
                    for d in (N, E, S, W):
                        if con[p] & d and p + step[d] != prev:
                            nxt = p + step[d]
                    prev, p = p, nxt
                paths[label] = cells
            return {"paths": paths}

        # Iterative depth-first search: a frame is kept only where a choice remains.
        frames: list[list] = []     # [position in order, trail mark, choices, next choice]
        i = 0
        total = len(order)
        alts = None
        k = 0
        while True:
            if i == total:
                if not touches():
                    yield read()
                alts = None
            else:
                deadline.check()
                self.nodes += 1
                if self.node_limit is not None and self.nodes > self.node_limit:
                    yield None
                p = order[i]
                alts = choices(p)
                k = 0
            # Try alternatives k.. of cell order[i]; on failure resume the latest frame.
            while True:
                if alts is not None:
                    p = order[i]
                    while k < len(alts):
                        mark = len(trail)
                        links = alts[k]
                        if not links or connect(p, links[0]) and (len(links) == 1 or connect(p, links[1])):
                            break
                        undo(mark)
                        k += 1
                    else:
                        alts = None
                if alts is not None:
                    if k + 1 < len(alts):
                        frames.append([i, mark, alts, k + 1])
                    i += 1
                    break
                if not frames:
                    return
                i, mark, alts, k = frames.pop()
                undo(mark)
