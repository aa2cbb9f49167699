"""Fast first solutions under full cover: a diagonal scan over cell tiles with propagation.

Under full cover every cell holds one *tile*: a straight (─ │), a corner (└ ┘ ┌ ┐), or at an
endpoint a stub pointing one way.  The scan finds the answers in which no path runs
alongside itself: two cells of one path that are neighbours are consecutive on it (the
rule designed puzzles obey, after Thomas Ahle's numberlink solver).  Under full cover
that rule is strong and local.  In any 2x2 block, a corner turning into the block
forbids the block's other two links (else its path would come back beside itself), so
a corner forces the cell diagonally inside it to be the same corner (or an endpoint),
and so on along the diagonal: every corner sits on a run of nested corners that ends at
an endpoint.  Both are rules between two neighbouring tiles (orthogonal or diagonal),
and the scan keeps the tile domains *arc consistent*: after every decision each cell
keeps only the tiles that some tile of each neighbour allows.  Long straight runs,
nested corners and whole rings around the board follow without search.

Paths are followed too: links that every tile left at a cell has are joined into
chains whose two ends know each other (``end``) and which carry their label once they
reach an endpoint (``clab``).  A link may not close a loop or join two labels, and two
neighbouring cells whose chains carry the same label must be linked (else that path
would touch itself), which settles many cells far ahead of the scan.

Decisions go cell by cell along anti-diagonals from the top-left corner, straight tile
first; a refuted tile is removed and propagation runs again (two-way branching).  After
a dead end the cell that failed is decided first until it holds ("last conflict"),
which jumps back over decisions that had nothing to do with it.  On the 50x50 boards of
the corpus this needs a few hundred to a few thousand decisions where a scan without
propagation needed millions of cell visits.

With ``beside_ends`` the rule is weaker: a path may also pass beside one of its own
endpoints (our generator's boards have such answers).  The 2x2 rules then do not hold
in blocks where the two cells side by side include an endpoint, which leaves more to
search.  Either way the scan lists exactly the answers that keep its rule (each once),
all valid under the plain rules; counts from it prove nothing on their own.
"""
from __future__ import annotations

from ..base import Deadline
from .model import Numberlink

N, E, S, W = 1, 2, 4, 8
DIRS = (N, E, S, W)
BACK = {N: S, E: W, S: N, W: E}

# Tiles.  An empty cell takes one of the first six, an endpoint one of the four stubs;
# the border around the board is made of WALL tiles (no links).
H, V, NE, NW, SE, SW, STUB_N, STUB_E, STUB_S, STUB_W, WALL = range(11)
LINKS = (E | W, N | S, N | E, N | W, S | E, S | W, N, E, S, W, 0)
CELL_TILES = (1 << 6) - 1
STUB_TILES = 0b1111 << 6
WALL_TILES = 1 << WALL
#: tiles tried first: straight on before turning (an early turn nests paths in small
#: loops whose labels are settled only much later)
PREFERENCE = (H, V, SE, NE, SW, NW, STUB_E, STUB_S, STUB_N, STUB_W)


def _has(link: int) -> int:
    return sum(1 << t for t in range(11) if LINKS[t] & link)


HAS = {d: _has(d) for d in DIRS}
LINK_COUNT = [bin(links).count("1") for links in range(16)]

# The pair rules.  A corner turning into a 2x2 block forbids the block's other two
# links: the path would come back beside itself there.  Under the weaker rule that is
# allowed where one of the two cells side by side is an endpoint, so each rule takes
# flags saying which bans are lifted (for an orthogonal pair: in which of its two
# blocks an endpoint lifts them).
BELOW, ABOVE, RIGHT, LEFT = 1, 2, 4, 8


def _beside_ok(a: int, b: int, lifted: int) -> bool:
    """Tile a left of tile b; ``lifted``: BELOW and/or ABOVE."""
    la, lb = LINKS[a], LINKS[b]
    if bool(la & E) != bool(lb & W):
        return False
    if not lifted & BELOW and ((a == SE and lb & S) or (b == SW and la & S)):
        return False
    return lifted & ABOVE or not ((a == NE and lb & N) or (b == NW and la & N))


def _above_ok(a: int, b: int, lifted: int) -> bool:
    """Tile a above tile b; ``lifted``: RIGHT and/or LEFT."""
    la, lb = LINKS[a], LINKS[b]
    if bool(la & S) != bool(lb & N):
        return False
    if not lifted & RIGHT and ((a == SE and lb & E) or (b == NE and la & E)):
        return False
    return lifted & LEFT or not ((a == SW and lb & W) or (b == NW and la & W))


# Diagonal pairs: what the two orthogonal rules of their block imply, which carries
# nested corners along the diagonal (a ┌ needs a ┌ or an endpoint inside it).  Flags:
# which implied link ban is lifted because the cells side by side hold an endpoint.
A_N, A_W, B_S, B_E = 1, 2, 4, 8


def _falling_ok(a: int, b: int, lifted: int) -> bool:
    """Tile a up-left of tile b: a ┌ bans links north and west at b, a ┘ at b bans
    links south and east at a (the flags lift them one by one)."""
    if a == SE and LINKS[b] & ((0 if lifted & A_N else N) | (0 if lifted & A_W else W)):
        return False
    return not (b == NW and LINKS[a] & ((0 if lifted & B_S else S) | (0 if lifted & B_E else E)))


def _rising_ok(a: int, b: int, lifted: int) -> bool:
    """Tile a up-right of tile b: a ┐ bans links north and east at b, a └ at b bans
    links south and west at a (flags as for ``_falling_ok``, mirrored: A_W stands
    for east here and B_E for west)."""
    if a == SW and LINKS[b] & ((0 if lifted & A_N else N) | (0 if lifted & A_W else E)):
        return False
    return not (b == NE and LINKS[a] & ((0 if lifted & B_S else S) | (0 if lifted & B_E else W)))


# Neighbour directions: (row step, column step, rule on (tile here, tile there, flags)),
# and per direction the opposite one.
TO_N, TO_E, TO_S, TO_W, TO_NE, TO_SE, TO_SW, TO_NW = range(8)
_RELATIONS = (
    (-1, 0, lambda a, b, lifted: _above_ok(b, a, lifted)),
    (0, 1, _beside_ok),
    (1, 0, _above_ok),
    (0, -1, lambda a, b, lifted: _beside_ok(b, a, lifted)),
    (-1, 1, lambda a, b, lifted: _rising_ok(b, a, lifted)),
    (1, 1, _falling_ok),
    (1, -1, _rising_ok),
    (-1, -1, lambda a, b, lifted: _falling_ok(b, a, lifted)))
_OPPOSITE = (TO_S, TO_W, TO_N, TO_E, TO_SW, TO_NW, TO_NE, TO_SE)

#: every tile set a domain can be
_DOMAINS = list(range(1, 64)) + [k << 6 for k in range(1, 16)] + [WALL_TILES]
_support_cache: dict[tuple[int, int], list[int]] = {}


def _support(relation: int, lifted: int) -> list[int]:
    """Indexed by a neighbour's domain: the tiles it still allows here."""
    key = (relation, lifted)
    table = _support_cache.get(key)
    if table is None:
        rule = _RELATIONS[relation][2]
        allowed = [sum(1 << b for b in range(11) if rule(a, b, lifted)) for a in range(11)]
        table = [0] * 2048
        for dom in _DOMAINS:
            table[dom] = sum(1 << a for a in range(11) if allowed[a] & dom)
        _support_cache[key] = table
    return table


def _sure_links() -> list[int]:
    """Per domain: the links every tile in it has."""
    sure = [0] * 2048
    for dom in _DOMAINS:
        links = 15
        for t in range(11):
            if dom >> t & 1:
                links &= LINKS[t]
        sure[dom] = links
    return sure


SURE = _sure_links()


def _pair_flags(relation: int, p: int, w: int, ends: set[int]) -> int:
    """Which bans of the rule between cell p and its neighbour in ``relation`` are
    lifted by endpoints (cells of the padded grid, stride w)."""
    # the pair in its rule's own order: x first (left, above, up-left or up-right)
    dr, dc, _ = _RELATIONS[relation]
    x = p if relation in (TO_E, TO_S, TO_SE, TO_SW) else p + dr * w + dc
    at = ends.__contains__
    if relation in (TO_E, TO_W):    # x left of x + 1
        return (BELOW if at(x + w) or at(x + w + 1) else 0) | (ABOVE if at(x - w) or at(x - w + 1) else 0)
    if relation in (TO_N, TO_S):    # x above x + w
        return (RIGHT if at(x + 1) or at(x + w + 1) else 0) | (LEFT if at(x - 1) or at(x + w - 1) else 0)
    if relation in (TO_SE, TO_NW):  # x up-left of y = x + w + 1
        y = x + w + 1
        return ((A_N if at(x + w) or at(y) else 0) | (A_W if at(x + 1) or at(y) else 0)
                | (B_S if at(x) or at(x + 1) else 0) | (B_E if at(x) or at(x + w) else 0))
    y = x + w - 1                   # x up-right of y
    return ((A_N if at(y) or at(x + w) else 0) | (A_W if at(y) or at(x - 1) else 0)
            | (B_S if at(x - 1) or at(x) else 0) | (B_E if at(x) or at(x + w) else 0))


def _neighbour_rules(lab: list[int], w: int, beside_ends: bool):
    """Per cell of the padded grid: (offset, table) for each neighbour, the tables
    giving the tiles allowed here by the neighbour's domain (``checks``) and the
    tiles the neighbour keeps given this cell's domain (``revisions``).  Cells
    with no endpoint near them share one plain list."""
    ends = {p for p, k in enumerate(lab) if k >= 0} if beside_ends else set()
    offsets = [dr * w + dc for dr, dc, _ in _RELATIONS]
    plain = ([(off, _support(i, 0)) for i, off in enumerate(offsets)],
             [(off, _support(_OPPOSITE[i], 0)) for i, off in enumerate(offsets)])
    checks: list = [None] * len(lab)
    revisions: list = [None] * len(lab)
    for p, k in enumerate(lab):
        if k == -2:
            continue
        flags = [_pair_flags(i, p, w, ends) for i in range(8)] if ends else [0]
        if not any(flags):
            checks[p], revisions[p] = plain
        else:
            checks[p] = [(off, _support(i, f)) for i, (off, f) in enumerate(zip(offsets, flags))]
            revisions[p] = [(off, _support(_OPPOSITE[i], f))
                            for i, (off, f) in enumerate(zip(offsets, flags))]
    return checks, revisions


class _Grid:
    """The state of one scan over the padded grid (stride ``w``), in flat lists.

    Every change goes on ``trail`` as (list, index, old value), so undoing is the same
    for all of them; ``queue`` holds the cells whose domains changed."""

    __slots__ = ("model", "Wd", "Hd", "w", "n", "lab", "dom", "step", "back", "not_has", "checks",
                 "revisions", "exempt", "on", "end", "clab", "trail", "queue")

    def __init__(self, model: Numberlink, beside_ends: bool):
        self.model = model
        Wd, Hd = model.width, model.height
        w = Wd + 2
        n = (Hd + 2) * w
        self.Wd, self.Hd, self.w, self.n = Wd, Hd, w, n
        lab = [-2] * n              # endpoint label, -1 empty cell, -2 wall
        dom = [WALL_TILES] * n      # tiles a cell may still take
        for r in range(Hd):
            for c in range(Wd):
                lab[(r + 1) * w + c + 1] = -1
                dom[(r + 1) * w + c + 1] = CELL_TILES
        for k, pair in enumerate(model.ends):
            for cell in pair:
                p = self.at(cell)
                lab[p] = k
                dom[p] = STUB_TILES
        self.lab, self.dom = lab, dom
        # per direction bit (N, E, S, W): the step to the neighbour, the direction back,
        # and the tiles without that link (lists: faster to index than the dicts)
        self.step = [0] * 9
        self.step[N], self.step[E], self.step[S], self.step[W] = -w, 1, w, -1
        self.back = [0] * 9
        self.not_has = [0] * 9
        for d in DIRS:
            self.back[d] = BACK[d]
            self.not_has[d] = ~HAS[d]
        self.checks, self.revisions = _neighbour_rules(lab, w, beside_ends)
        # the label of the endpoint at a cell when paths may pass beside their own
        # endpoints (a cell next to it on that path need not be linked to it), else none
        self.exempt = lab if beside_ends else [-2] * n
        self.on = [0] * n                # links joined so far
        self.end = list(range(n))        # at a chain end: the chain's other end
        self.clab = list(lab)            # label of the chain through a cell, -1 while unknown
        self.trail: list[tuple] = []     # (list, index, old value)
        self.queue: list[int] = []

    def at(self, cell: int) -> int:
        """The padded-grid index of a model cell."""
        return (cell // self.Wd + 1) * self.w + cell % self.Wd + 1

    def order(self) -> list[int]:
        """The cells in the order they are decided: anti-diagonals from the top-left
        corner, each from its top-right end down to the left."""
        lab, w, Wd, Hd = self.lab, self.w, self.Wd, self.Hd
        order = []
        for start in [w + c for c in range(1, Wd + 1)] + [r * w + Wd for r in range(2, Hd + 1)]:
            p = start
            while lab[p] != -2:
                order.append(p)
                p += w - 1
        return order

    def undo(self, mark: int) -> None:
        trail = self.trail
        for lst, i, old in reversed(trail[mark:]):
            lst[i] = old
        del trail[mark:]

    def settle(self, narrow, propagate) -> bool:
        """Arc consistency from scratch, and no link between two labels' endpoints."""
        lab, dom, checks, queue, step = self.lab, self.dom, self.checks, self.queue, self.step
        exempt, not_has = self.exempt, self.not_has
        for p in range(self.n):
            if lab[p] != -2:
                tiles = dom[p]
                for off, table in checks[p]:
                    tiles &= table[dom[p + off]]
                if not tiles:
                    return False
                dom[p] = tiles
                queue.append(p)
        for p in range(self.n):
            if lab[p] >= 0:
                for d in DIRS:
                    k = lab[p + step[d]]
                    if k >= 0 and not (narrow(p, not_has[d]) if k != lab[p] else
                                       exempt[p] == k or narrow(p, HAS[d])):
                        return False
        return propagate()

    def path(self, k: int) -> list[int]:
        """The cells of pair k's path, followed along its links from its first endpoint."""
        on, step = self.on, self.step
        p, prev = self.at(self.model.ends[k][0]), -1
        cells = []
        while p >= 0:
            cells.append(p)
            nxt = -1
            for d in DIRS:
                if on[p] & d and p + step[d] != prev:
                    nxt = p + step[d]
            prev, p = p, nxt
        return cells

    def touches(self) -> bool:
        """Some path runs alongside itself away from its endpoints (a safety net:
        propagation rules that out)."""
        on, clab, exempt, step = self.on, self.clab, self.exempt, self.step
        for k in range(len(self.model.ends)):
            for p in self.path(k):
                for d in DIRS:
                    q = p + step[d]
                    if not on[p] & d and clab[q] == k and exempt[q] != k and exempt[p] != k:
                        return True
        return False

    def read(self) -> dict:
        """The answer on the grid, each path from its first endpoint."""
        w = self.w
        return {"paths": {label: [[p // w - 1, p % w - 1] for p in self.path(k)]
                          for k, label in enumerate(self.model.labels)}}


def _chains(g: _Grid):
    """``narrow(p, tiles)`` (keep only those tiles at p) and ``join(p, d)`` (link p to its
    neighbour in direction d), which keep the chains and their labels.  Closures over
    the grid's lists: propagation calls them for every link it finds."""
    lab, dom, on, end, clab, exempt = g.lab, g.dom, g.on, g.end, g.clab, g.exempt
    step, back, not_has, trail, queue = g.step, g.back, g.not_has, g.trail, g.queue

    def narrow(p: int, tiles: int) -> bool:
        """Keep only ``tiles`` at p; False when nothing is left."""
        old = dom[p]
        new = old & tiles
        if new != old:
            if not new:
                return False
            trail.append((dom, p, old))
            dom[p] = new
            queue.append(p)
        return True

    def label_chain(c: int, prev: int, k: int) -> bool:
        """The chain through c (away from prev) now carries label k.  A neighbour
        with another label may not be linked to it, one with label k must be."""
        while True:
            trail.append((clab, c, clab[c]))
            clab[c] = k
            nxt = -1
            for d in DIRS:
                r = c + step[d]
                if on[c] & d:
                    if r != prev:
                        nxt = r
                elif clab[r] >= 0:
                    if clab[r] != k:
                        if not narrow(c, not_has[d]):
                            return False
                    elif exempt[c] != k and exempt[r] != k and not narrow(c, HAS[d]):
                        return False
            if nxt < 0:
                return True
            prev, c = c, nxt

    def join(p: int, d: int) -> bool:
        """Link p to its neighbour in direction d (a link every tile left at p has)."""
        q = p + step[d]
        if LINK_COUNT[on[q]] >= (1 if lab[q] >= 0 else 2):
            return False                    # q is full (its tiles are not revised yet)
        a, b = end[p], end[q]
        if a == q:
            return False                    # would close a loop
        kp, kq = clab[p], clab[q]
        if kp >= 0 and kq >= 0 and kp != kq:
            return False                    # would join two labels
        trail.extend(((on, p, on[p]), (on, q, on[q]), (end, a, end[a]), (end, b, end[b])))
        on[p] |= d
        on[q] |= back[d]
        end[a] = b
        end[b] = a
        if kp != kq and not (label_chain(p, q, kq) if kp < 0 else label_chain(q, p, kp)):
            return False
        # the new chain's two ends side by side may not be linked: that closes a loop
        gap = b - a
        for e in DIRS:
            if step[e] == gap and not on[a] & e:
                return narrow(a, not_has[e])
        return True

    return narrow, join


def _propagator(g: _Grid, join):
    """``propagate()``: arc consistency and chains from the cells in the queue; False
    (queue emptied) on a contradiction."""
    dom, on, revisions, trail, queue = g.dom, g.on, g.revisions, g.trail, g.queue

    def propagate() -> bool:
        while queue:
            p = queue.pop()
            tiles = dom[p]
            # links every tile left here has are joined now
            new = SURE[tiles] & ~on[p]
            if new:
                for d in DIRS:
                    if new & d and not join(p, d):
                        queue.clear()
                        return False
            for off, table in revisions[p]:
                y = p + off
                old = dom[y]
                kept = old & table[tiles]
                if kept != old:
                    if not kept:
                        queue.clear()
                        return False
                    trail.append((dom, y, old))
                    dom[y] = kept
                    queue.append(y)
        return True

    return propagate


class Scan:
    """One scan over a full-cover model.  ``solutions()`` yields the answers without
    self-touch one by one and ends when there are no more.  Past ``node_limit``
    decisions it yields None instead (a pause): raise the limit and ask again to go on."""

    def __init__(self, model: Numberlink, deadline: Deadline, node_limit: int | None = None,
                 beside_ends: bool = False):
        self.model = model
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        #: a path may pass beside its own endpoint (a weaker rule: more answers, more search)
        self.beside_ends = beside_ends

    def solutions(self):
        g = _Grid(self.model, self.beside_ends)
        narrow, join = _chains(g)
        propagate = _propagator(g, join)
        if not g.settle(narrow, propagate):
            return
        yield from self._decide(g, propagate)

    def _decide(self, g: _Grid, propagate):
        """Depth-first search over the settled grid, yielding each answer (None at a pause)."""
        deadline = self.deadline
        dom, trail, queue = g.dom, g.trail, g.queue
        order = g.order()
        total = len(order)
        # a frame is (trail mark, cell, tiles left to it, scan position)
        frames: list[tuple[int, int, int, int]] = []
        i = 0                   # order[:i] is decided
        conflict = -1           # the cell whose decision failed last, decided first
        while True:
            deadline.check()
            if conflict >= 0 and not dom[conflict] & (dom[conflict] - 1):
                conflict = -1
            while i < total and not dom[order[i]] & (dom[order[i]] - 1):
                i += 1
            p = conflict if conflict >= 0 else (order[i] if i < total else -1)
            if p < 0:
                if not g.touches():
                    yield g.read()
            else:
                self.nodes += 1
                if self.node_limit is not None and self.nodes > self.node_limit:
                    yield None
                tiles = dom[p]
                tile = next(t for t in PREFERENCE if tiles >> t & 1)
                frames.append((len(trail), p, tiles & ~(1 << tile), i))
                trail.append((dom, p, tiles))
                dom[p] = 1 << tile
                queue.append(p)
                if propagate():
                    continue
                if conflict < 0:
                    conflict = p
            # Backtrack: the latest decision's other tiles, then older ones.
            while frames:
                mark, q, rest, i = frames.pop()
                g.undo(mark)
                trail.append((dom, q, dom[q]))
                dom[q] = rest
                queue.append(q)
                if propagate():
                    break
            else:
                return
