"""Exact line deduction: which colours each cell can still take in SOME arrangement
of the whole line that meets every colour's count and block flag.

A dynamic programme over positions, not an enumeration of arrangements.  Colours fall
in two kinds:

* *block* colours (one block, or count 1): placed as a whole block of ``n`` cells in
  one step, so the state only needs one "placed" bit for each of them;
* *split* colours (count >= 2, NOT one block): taken one cell at a time; the state
  keeps how many cells were used, whether a second block has started, and which split
  colour (if any) the previous cell had, so that a new block can be told from the
  continuation of one.

A state at position p is ``(placed bits, used counts, second-block bits, previous)``.
Forward, we expand every reachable state (pruned when a colour can no longer reach
its count in the rest of the line); backward, we keep the states from which the line
can be completed; every edge between two kept states supports its colour on the
cells it covers.  The number of states is small once the line is partly known; on a
wide-open line with many split colours it can grow, so a budget lets the caller skip
such a line for now (the deduction is then weaker but still sound, and the search
stays complete because leaves are checked in full).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LineSpec:
    length: int
    allowed: int                          # bitmask of colours listed in the clue
    blocks: tuple[tuple[int, int], ...]   # (colour, count) placed as one block
    splits: tuple[tuple[int, int], ...]   # (colour, count) that must not be one block


def make_spec(clue, length: int) -> LineSpec:
    allowed = 0
    blocks, splits = [], []
    for colour, n, flag in clue:
        allowed |= 1 << colour
        if flag or n == 1:
            blocks.append((colour, n))
        else:
            splits.append((colour, n))
    return LineSpec(length, allowed, tuple(blocks), tuple(splits))


class Overflow(Exception):
    """The line's state space exceeded the budget; nothing was deduced."""


def solve_line(doms: list[int], spec: LineSpec, budget: int = 50000) -> list[int] | None:
    """The narrowed candidate masks of one line, or None when no arrangement fits.

    Raises Overflow when more than ``budget`` states would be needed.
    """
    L = spec.length
    allowed = spec.allowed
    doms = [d & allowed for d in doms]
    if 0 in doms:
        return None
    blocks, splits = spec.blocks, spec.splits
    nb, ns = len(blocks), len(splits)

    # Where each block colour may start (all its cells allow it) and its last start.
    starts = []
    last_start = []
    for colour, n in blocks:
        bit = 1 << colour
        ok = [False] * (L + 1)
        run = 0
        # run = number of consecutive cells allowing the colour ending at k
        for k in range(L):
            run = run + 1 if doms[k] & bit else 0
            if run >= n:
                ok[k - n + 1] = True
        starts.append(ok)
        last = max((p for p in range(L) if ok[p]), default=-1)
        if last < 0:
            return None
        last_start.append(last)
    # suffix[s][p]: cells at p or later that allow split colour s.
    suffix = []
    for colour, n in splits:
        bit = 1 << colour
        suf = [0] * (L + 1)
        for k in range(L - 1, -1, -1):
            suf[k] = suf[k + 1] + (1 if doms[k] & bit else 0)
        if suf[0] < n:
            return None
        suffix.append(suf)
    split_bits = [1 << c for c, _ in splits]
    split_n = [n for _, n in splits]
    all_placed = (1 << nb) - 1

    # late[p]: block colours that can no longer start at p or after.
    late = [0] * (L + 1)
    for p in range(L + 1):
        for b in range(nb):
            if last_start[b] < p:
                late[p] |= 1 << b
    split_range = range(ns)

    def viable(p: int, placed: int, cnts: tuple) -> bool:
        if late[p] & ~placed:
            return False
        for s in split_range:
            if split_n[s] - cnts[s] > suffix[s][p]:
                return False
        return True

    def norm_prev(s: int, cnts: tuple, second: int) -> int:
        # The previous colour only matters while a split colour is in its first
        # block and still short of its count: merging the rest keeps states few.
        if s < 0 or second >> s & 1 or cnts[s] == split_n[s]:
            return -1
        return s

    layers: list[dict] = [dict() for _ in range(L + 1)]
    start = (0, (0,) * ns, 0, -1)
    if not viable(0, 0, start[1]):
        return None
    layers[0][start] = []
    total = 1
    for p in range(L):
        layer = layers[p]
        if not layer:
            continue
        dom = doms[p]
        for state, edges in layer.items():
            placed, cnts, second, prev = state
            for b in range(nb):
                if placed >> b & 1 or not starts[b][p]:
                    continue
                colour, n = blocks[b]
                q = p + n
                nplaced = placed | (1 << b)
                if q == L and nplaced != all_placed:
                    continue
                if not viable(q, nplaced, cnts):
                    continue
                nxt = (nplaced, cnts, second, -1)
                edges.append((1 << colour, q, nxt))
                if nxt not in layers[q]:
                    layers[q][nxt] = []
                    total += 1
            for s in range(ns):
                if not dom & split_bits[s]:
                    continue
                used = cnts[s]
                if used == split_n[s]:
                    continue
                nsecond = second
                if used and prev != s:
                    nsecond |= 1 << s
                used += 1
                if used == split_n[s] and not nsecond >> s & 1:
                    continue  # would finish as a single block
                ncnts = cnts[:s] + (used,) + cnts[s + 1:]
                if not viable(p + 1, placed, ncnts):
                    continue
                nxt = (placed, ncnts, nsecond, norm_prev(s, ncnts, nsecond))
                edges.append((split_bits[s], p + 1, nxt))
                if nxt not in layers[p + 1]:
                    layers[p + 1][nxt] = []
                    total += 1
            if total > budget:
                raise Overflow(total)
    if not layers[L]:
        return None
    good = [set() for _ in range(L + 1)]
    good[L] = set(layers[L])
    support = [0] * L
    for p in range(L - 1, -1, -1):
        gp = good[p]
        for state, edges in layers[p].items():
            for bit, q, nxt in edges:
                if nxt in good[q]:
                    gp.add(state)
                    for k in range(p, q):
                        support[k] |= bit
    if not good[0]:
        return None
    return support


def estimate(doms, spec: LineSpec) -> int:
    """A rough size of the DP for these masks: lets propagation take cheap lines
    first, so that wide-open lines with many split colours are narrowed by others
    before (or instead of) being solved."""
    est = spec.length
    for colour, n in spec.splits:
        bit = 1 << colour
        fixed = open_ = 0
        for d in doms:
            if d & bit:
                if d == bit:
                    fixed += 1
                else:
                    open_ += 1
        est *= min(n - fixed, open_) + 1 if n > fixed else 1
    return est
