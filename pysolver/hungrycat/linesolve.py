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

A state at position p is ``(placed bits, used counts, second-block bits, previous)``,
packed into one int (see ``solve_line``).
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
    # A state is one int (see the module docstring for what it holds), packed from the
    # low bits up: the previous split colour + 1, the second-block bits, the placed
    # bits, then each split colour's count in a field of FIELD bits.  Ints hash and
    # compare far faster than tuples, and all counts are tested at once: field s of
    # ``cnts + bias[p]`` has its top bit set exactly when count s is at least what the
    # rest of the line needs of colour s at p (no field overflows into the next).
    FIELD = L.bit_length() + 1
    top = 1 << (FIELD - 1)
    fmask = (1 << FIELD) - 1
    pbits = ns.bit_length()
    SECOND = pbits
    PLACED = SECOND + ns
    CNT = PLACED + nb
    guard = 0
    for t in range(ns):
        guard |= top << (FIELD * t)
    bias = []
    for p in range(L + 1):
        b = 0
        for t in range(ns):
            b |= (top - max(0, splits[t][1] - suffix[t][p])) << (FIELD * t)
        bias.append(b)
    shifts = [FIELD * t for t in range(ns)]
    split_bits = [1 << c for c, _ in splits]
    split_n = [n for _, n in splits]
    all_placed = (1 << nb) - 1
    late = [0] * (L + 1)                      # block colours that can no longer start at p
    for p in range(L + 1):
        for b in range(nb):
            if last_start[b] < p:
                late[p] |= 1 << b
    block_moves = [(b, 1 << b, 1 << blocks[b][0], blocks[b][1]) for b in range(nb)]
    split_moves = [(s, split_bits[s], split_n[s], shifts[s], 1 << s, s + 1) for s in range(ns)]
    prev_mask = (1 << pbits) - 1

    if late[0] or (ns and ((bias[0] & guard) != guard)):
        return None
    layers: list[dict] = [dict() for _ in range(L + 1)]
    layers[0][0] = []
    total = 1
    for p in range(L):
        layer = layers[p]
        if not layer:
            continue
        dom = doms[p]
        nxt_layer = layers[p + 1]
        late1 = late[p + 1]
        bias1 = bias[p + 1]
        for state, edges in layer.items():
            cnts = state >> CNT
            placed = (state >> PLACED) & all_placed
            second = (state >> SECOND)
            prev = (state & prev_mask) - 1
            for b, bbit, cbit, n in block_moves:
                if placed & bbit or not starts[b][p]:
                    continue
                q = p + n
                nplaced = placed | bbit
                if q == L and nplaced != all_placed:
                    continue
                if late[q] & ~nplaced or ((cnts + bias[q]) & guard) != guard:
                    continue
                nxt = (cnts << CNT) | (nplaced << PLACED) | ((second & ~(-1 << ns)) << SECOND)
                edges.append((cbit, q, nxt))
                lq = layers[q]
                if nxt not in lq:
                    lq[nxt] = []
                    total += 1
            if late1 & ~placed:
                pass                            # (no split move can keep a block placeable)
            else:
                sec = second & ~(-1 << ns)
                for s, sbit, n, sh, secbit, prev1 in split_moves:
                    if not dom & sbit:
                        continue
                    used = (cnts >> sh) & fmask
                    if used == n:
                        continue
                    nsecond = sec
                    if used and prev != s:
                        nsecond |= secbit
                    used += 1
                    if used == n and not nsecond & secbit:
                        continue                # would finish as a single block
                    ncnts = cnts + (1 << sh)
                    if ((ncnts + bias1) & guard) != guard:
                        continue
                    # (the previous colour matters only while colour s is in its first
                    # block and short of its count: merging the rest keeps states few)
                    nprev = 0 if (nsecond & secbit or used == n) else prev1
                    nxt = (ncnts << CNT) | (placed << PLACED) | (nsecond << SECOND) | nprev
                    edges.append((sbit, p + 1, nxt))
                    if nxt not in nxt_layer:
                        nxt_layer[nxt] = []
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
