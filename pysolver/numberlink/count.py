"""Counting answers under the plain rules by dynamic programming over a frontier.

Cells are visited row by row (along the shorter side); what the decided part of the
board means for the rest is only the set of links that cross the frontier below the
last cells, and for each such dangling link where its chain leads: to an endpoint (the
chain carries that label) or back to another dangling link (an unlabelled chain open at
both ends).  Answers that agree on that are interchangeable for what comes next, so all
partial answers with the same frontier are merged and only their number is kept (up to
two: enough for uniqueness).  This is the frontier method of path enumeration (as in
Minato's and Knuth's work on ZDDs), here with labels.

It proves uniqueness where the path search must walk every self-touching detour, as
long as the frontier stays narrow enough: when a row would hold more than
``max_states`` frontiers it gives up (returns None) and the caller keeps its answer.
"""
from __future__ import annotations

from ..base import Deadline
from .model import Numberlink


def count_solutions(model: Numberlink, deadline: Deadline, cap: int = 2,
                    max_states: int = 200_000, stats: dict | None = None) -> int | None:
    """Number of answers under the plain rules, counted up to ``cap``; None when the
    frontier grew past ``max_states``."""
    W, H = model.width, model.height
    label_at = {}
    for k, (a, b) in enumerate(model.ends):
        label_at[a] = label_at[b] = k + 1
    # Scan along the shorter side: the frontier is one row of it.
    width = W
    if W > H:
        W, H = H, W
        cell_of = lambda r, c: c * width + r      # noqa: E731 - row r of the transposed board
    else:
        cell_of = lambda r, c: r * width + c      # noqa: E731
    full = model.cover == "full"
    R = W                     # the slot of the link going east from the last cell
    # A frontier is a tuple of W + 1 slots: slot c is the link going south from column
    # c, slot R the link going east.  0: no link; k > 0: the chain leads to an endpoint
    # of label k; -(j + 1): the chain's other end is the link in slot j.
    states = {(0,) * (W + 1): 1}
    peak = 0
    for r in range(H):
        for c in range(W):
            label = label_at.get(cell_of(r, c), 0)
            can_e = c < W - 1
            can_s = r < H - 1
            nxt: dict = {}
            for i, (st, n) in enumerate(states.items()):
                if not i & 4095:
                    deadline.check()
                for out, new in _moves(st, c, R, label, can_e, can_s, full):
                    got = nxt.get(out)
                    if got is None:
                        if new and _crossed(out, c, R, new):
                            continue
                        got = 0
                    got += n
                    nxt[out] = cap if got > cap else got
            states = nxt
            peak = max(peak, len(states))
            if stats is not None:
                stats["frontier_peak"] = peak
            if not states:
                return 0
            if len(states) > max_states:
                return None
    return states.get((0,) * (W + 1), 0)


def _moves(st: tuple, c: int, R: int, label: int, can_e: bool, can_s: bool, full: bool):
    """The frontiers after deciding the cell in column ``c`` from frontier ``st``, each
    with the label newly written into it (0 when none was: only a new label can make
    two labels alternate, see :func:`_crossed`)."""
    n, w = st[c], st[R]
    if label:
        if n and w:
            return
        if n or w:
            # the incoming chain ends here, at an endpoint of this label
            s = list(st)
            s[c] = s[R] = 0
            v = n or w
            if v > 0:
                if v != label:
                    return                       # two labels joined
                yield tuple(s), 0
            else:
                s[-v - 1] = label
                yield tuple(s), label
            return
        for d, ok in ((R, can_e), (c, can_s)):
            if ok:
                s = list(st)
                s[d] = label
                yield tuple(s), label
        return
    if n and w:
        s = list(st)
        s[c] = s[R] = 0
        if n > 0 and w > 0:
            if n != w:
                return
            yield tuple(s), 0
        elif n > 0 or w > 0:
            lab, m = (n, w) if n > 0 else (w, n)
            s[-m - 1] = lab
            yield tuple(s), lab
        else:
            i, j = -n - 1, -w - 1
            if i == R:                           # w's chain comes back as n: a loop
                return
            s[i], s[j] = -(j + 1), -(i + 1)
            yield tuple(s), 0
        return
    if n or w:
        # A chain passes through; its link moves between two slots that are next to
        # each other along the frontier, so the order of labels does not change.
        src = c if n else R
        v = n or w
        for d, ok in ((R, can_e), (c, can_s)):
            if not ok:
                continue
            s = list(st)
            s[src] = 0
            s[d] = v
            if v < 0:
                s[-v - 1] = -(d + 1)
            yield tuple(s), 0
        return
    if not full:
        yield st, 0                              # the cell stays empty
    if can_e and can_s:
        s = list(st)
        s[c], s[R] = -(R + 1), -(c + 1)
        yield tuple(s), 0


def _crossed(s: tuple, c: int, R: int, k: int) -> bool:
    """Whether the two links of label ``k`` (when both are on the frontier: they must
    meet ahead) and the two links of another label alternate along the frontier where
    no unlabelled chain can carry a path over: those two paths would have to cross.

    Read left to right after the cell in column ``c``, the frontier is the south links
    of columns 0..c, the east link, then the south links of columns c+1 on.  Below it
    the undecided part of the board is a disc; an unlabelled chain open at both ends
    is a bridge over the frontier that a path may take (so alternating labels can
    still be joined when one of them hops over a link of the other).  A path joining
    two links that see the same stretch of frontier (no bridge over one that is not
    over the other) cuts the disc with its bridges in two, and a label with one link
    on each side cannot be joined: that is the only case counted as a crossing."""
    order = s[:c + 1] + (s[R],) + s[c + 1:R]
    i = order.index(k)
    try:
        j = order.index(k, i + 1)
    except ValueError:
        return False
    under = _innermost_bridges(order, c, R)
    if under[i] != under[j]:
        return False
    for x in range(i + 1, j):
        v = order[x]
        if v > 0:
            others = [y for y, u in enumerate(order) if u == v and y != x]
            if others and not i < others[0] < j and under[x] == under[others[0]] == under[i]:
                return True
    return False


def _innermost_bridges(order: tuple, c: int, R: int) -> list[int]:
    """Per position along the frontier: the position of the innermost unlabelled chain
    whose two links enclose it (-1: none).  Chains above the frontier never cross, so
    their links nest like brackets."""
    def position(slot: int) -> int:
        return slot if slot <= c else (c + 1 if slot == R else slot + 1)

    under = []
    open_at = [-1]
    for x, v in enumerate(order):
        if v < 0 and position(-v - 1) < x:
            open_at.pop()
        under.append(open_at[-1])
        if v < 0 and position(-v - 1) > x:
            open_at.append(x)
    return under
