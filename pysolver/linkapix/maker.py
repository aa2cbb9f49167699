"""The Link-a-Pix puzzle maker: cut a picture into paths, keep it only when unique.

A picture (palette + grid, blank cells allowed) becomes a puzzle in three steps:

1. **Cut.**  Every colour region is partitioned into paths by seeded random walks:
   a walk starts at the free cell with the fewest free neighbours of its colour (so
   no cell gets cut off) and snakes on, preferring the neighbour with the fewest free
   neighbours (Warnsdorff's rule keeps snakes compact), until it reaches a length
   drawn from a long-tailed distribution - many 1s and 2s, some long snakes, as in
   published puzzles.  A path of n cells becomes two clues ``n`` at its ends (one clue
   for n = 1).

2. **Local repair.**  On boards bigger than a tile, each tile (and a second grid of
   tiles shifted by half a tile) is solved as its own little puzzle: the paths lying
   inside the tile keep their clues, cells of paths crossing the tile's edge become
   1-clues of a dummy colour (blocked).  A second picture of such a tile puzzle is a
   second picture of the whole puzzle too (paths outside the tile stay as they are),
   so every ambiguity found there is real, and it is found in milliseconds.  Boards
   of 128 and more get a second pass with tiles twice as big.

3. **Global verification.**  The whole puzzle is solved with ``limit=2``.  While a
   second picture exists, the paths involved in the difference are re-cut and the
   puzzle is solved again.  Only a puzzle the solver proves to have one picture is
   returned.

Re-cutting splits every *involved* path in two: intended paths covering a cell where
the two pictures differ, and intended paths owning the clues that a differing path of
the other solution joins.  The cut makes a differing cell a clue cell (whose colour no
solution can change), or halves the path when it has none.  Each such
path has at least 3 cells (a 1- or 2-path covers only its clue cells, which every
solution paints the same), so every round strictly increases the number of paths: the
process ends, at worst when all paths are 1s and the picture is given away.
"""
from __future__ import annotations

import heapq
import random
import time
from typing import Any

from ..base import Deadline, GaveUp, PuzzleError, SolveTimeout, WorkBound, quote
from .picture_grid import BLANK, picture_labels

#: the solving method used to verify uniqueness
VERIFY_METHOD = "auto"


def _family():
    # Imported late: the solver package imports nothing from the maker, but the maker
    # must stay importable (for pictures and cutting) on its own.
    from . import FAMILY
    return FAMILY


class _Board:
    """The picture as flat arrays plus, per coloured cell, its same-colour neighbours."""

    def __init__(self, labels: list[list[int]]):
        self.h, self.w = len(labels), len(labels[0])
        self.lab = [v for row in labels for v in row]
        h, w, lab = self.h, self.w, self.lab
        self.cells = [i for i in range(h * w) if lab[i] != BLANK]
        nb: list[tuple[int, ...]] = [()] * (h * w)
        for i in self.cells:
            r, c = divmod(i, w)
            out = []
            if r > 0 and lab[i - w] == lab[i]:
                out.append(i - w)
            if r < h - 1 and lab[i + w] == lab[i]:
                out.append(i + w)
            if c > 0 and lab[i - 1] == lab[i]:
                out.append(i - 1)
            if c < w - 1 and lab[i + 1] == lab[i]:
                out.append(i + 1)
            nb[i] = tuple(out)
        self.nb = nb


def _length_weights(max_len: int) -> list[float]:
    """Target path lengths 1..max_len: a long tail (weight ~ n ** -0.7) so that most
    paths are short but most cells lie on snakes of 5 or more."""
    return [n ** -LENGTH_EXPONENT for n in range(1, max_len + 1)]


#: the exponent of the length distribution of the first cut
LENGTH_EXPONENT = 0.7

def cut_paths(board: _Board, rng: random.Random, max_len: int) -> list[list[int]]:
    """Partition the coloured cells into same-colour paths (lists of flat indices)."""
    nb = board.nb
    size = board.h * board.w
    free = bytearray(size)
    deg = [0] * size
    for i in board.cells:
        free[i] = 1
        deg[i] = len(nb[i])
    targets = rng.choices(range(1, max_len + 1), weights=_length_weights(max_len), k=len(board.cells))
    # Per-cell tie breaks, and one coin per step: a quarter of the steps go to a
    # random neighbour instead of Warnsdorff's choice, so snakes bend irregularly.
    tie = [rng.random() for _ in range(size)]
    heap = [(deg[i], tie[i], i) for i in board.cells]
    heapq.heapify(heap)

    def take(i: int) -> None:
        free[i] = 0
        for j in nb[i]:
            if free[j]:
                deg[j] -= 1
                heapq.heappush(heap, (deg[j], tie[j], j))

    paths = []
    while heap:
        d, _, start = heapq.heappop(heap)
        if not free[start] or d != deg[start]:
            continue
        target = targets[len(paths)]
        path = [start]
        take(start)
        end = start
        while len(path) < target:
            options = [j for j in nb[end] if free[j]]
            if not options:
                break
            coin = rng.random()
            if len(options) > 1 and coin < 0.25:
                end = options[int(coin * 4 * len(options))]
            else:
                end = min(options, key=lambda j: (deg[j], tie[j]))
            path.append(end)
            take(end)
        paths.append(path)
    return paths


def split_path(path: list[int], hot: set[int], rng: random.Random) -> list[list[int]]:
    """Cut a path of at least 2 cells in two.  With hot cells (where two solutions'
    pictures differ) the cut goes next to the hot cell nearest the middle, which
    becomes a piece end, i.e. a clue cell whose colour no solution can change; without
    them, near the middle.  One cut per round keeps paths long: another round is
    cheap, and it cuts again where the ambiguity persists."""
    n = len(path)
    hot_at = [k for k in range(1, n - 1) if path[k] in hot]
    if hot_at:
        k = min(hot_at, key=lambda k: abs(2 * k - (n - 1)))
        # cut after k (k ends the first piece) or before it (k starts the second),
        # whichever leaves the pieces closer in length
        cut = k if 2 * k < n - 1 else k - 1
    else:
        cut = n // 2 - 1 + (rng.randrange(2) if n > 3 else 0)
    cut = min(max(cut, 0), n - 2)
    return [path[:cut + 1], path[cut + 1:]]


class _Cut:
    """The current partition: paths by id and the owner path of every cell."""

    def __init__(self, board: _Board, paths: list[list[int]]):
        self.board = board
        self.paths: dict[int, list[int]] = {}
        self.owner = [-1] * (board.h * board.w)
        self._next = 0
        for p in paths:
            self.add(p)

    def add(self, path: list[int]) -> None:
        pid = self._next
        self._next += 1
        self.paths[pid] = path
        for i in path:
            self.owner[i] = pid

    def split(self, pid: int, hot: set[int], rng) -> None:
        path = self.paths.pop(pid)
        for piece in split_path(path, hot, rng):
            self.add(piece)

    def clues(self, keys: list[str]) -> list[list]:
        w, lab = self.board.w, self.board.lab
        out = []
        for path in self.paths.values():
            n = len(path)
            for i in {path[0], path[-1]}:
                out.append([i // w, i % w, n, keys[lab[i]]])
        out.sort(key=lambda c: (c[0], c[1]))
        return out

    def solution(self) -> dict:
        w = self.board.w
        ordered = sorted(self.paths.values(), key=lambda p: min(p[0], p[-1]))
        return {"paths": [[[i // w, i % w] for i in (p if p[0] <= p[-1] else p[::-1])]
                          for p in ordered]}


def _solution_picture(solution: dict, colour_at: dict[int, int], w: int,
                      size: int) -> tuple[list[int], list[list[int]]]:
    """Label per cell painted by a solver's solution (colour of the clue its path
    starts on), and its paths as flat index lists."""
    pic = [BLANK] * size
    paths = []
    for path in solution["paths"]:
        cells = [r * w + c for r, c in path]
        colour = colour_at[cells[0]]
        for i in cells:
            pic[i] = colour
        paths.append(cells)
    return pic, paths


def _involved(cut: _Cut, intended: list[int], pic: list[int], paths: list[list[int]],
              to_global=None) -> tuple[set[int], set[int]]:
    """Intended path ids to re-cut and the differing cells, given another solution
    (``pic``/``paths`` in the same flat indexing as ``intended``; ``to_global`` maps
    that indexing to the board's when it is a tile's)."""
    g = to_global or (lambda i: i)
    diff = {i for i in range(len(intended)) if intended[i] != pic[i]}
    pids = set()
    for i in diff:
        if intended[i] != BLANK:
            pids.add(cut.owner[g(i)])
    for p in paths:
        if any(i in diff for i in p):
            pids.add(cut.owner[g(p[0])])
            pids.add(cut.owner[g(p[-1])])
    pids.discard(-1)
    return pids, {g(i) for i in diff}


def _solve(family, puzzle: dict, deadline: Deadline, seconds: float | None, work: int | None = None):
    """FAMILY.solve with limit=2 under its own time limit (inside the caller's), and
    its search's bulk ``work`` bound when given (:class:`~pysolver.base.WorkBound`)."""
    rem = deadline.remaining()
    if seconds is None:
        limit = rem
    else:
        limit = seconds if rem is None else min(seconds, rem)
    sub = Deadline(limit, deadline.cancel)
    if work is not None:
        sub = WorkBound(sub, None, work)
    model = family.parse(puzzle)
    return model, family.solve(model, VERIFY_METHOD, sub, limit=2)


def _tile_puzzle(cut: _Cut, keys: list[str], palette: dict, dummy: str,
                 r0: int, c0: int, r1: int, c1: int):
    """The tile [r0, r1) x [c0, c1) as a puzzle of its own.  Paths wholly inside keep
    their clues; cells of paths that leave the tile are blocked by 1-clues of the
    ``dummy`` colour.  Returns (puzzle dict or None when no inside path can vary,
    intended labels in tile indexing with ``len(keys)`` for blocked cells)."""
    board = cut.board
    w, lab = board.w, board.lab
    tw, th = c1 - c0, r1 - r0
    block = len(keys)
    intended = [BLANK] * (tw * th)
    clues = []
    varies = False
    inside: dict[int, bool] = {}
    for r in range(r0, r1):
        for c in range(c0, c1):
            i = r * w + c
            pid = cut.owner[i]
            if pid == -1:
                continue
            p = cut.paths[pid]
            j = (r - r0) * tw + (c - c0)
            if pid not in inside:
                inside[pid] = all(r0 <= q // w < r1 and c0 <= q % w < c1 for q in p)
            if inside[pid]:
                intended[j] = lab[i]
                if i == p[0] or i == p[-1]:
                    clues.append([r - r0, c - c0, len(p), keys[lab[i]]])
                varies = varies or len(p) > 2
            else:
                intended[j] = block
                clues.append([r - r0, c - c0, 1, dummy])
    if not varies:
        return None, intended
    pal = dict(palette)
    pal[dummy] = _DUMMY_COLOUR
    return {"type": "linkapix", "width": tw, "height": th, "palette": pal,
            "clues": clues}, intended


def _other_pictures(outcome, clues_colour: dict[int, int], intended: list[int], w: int):
    """The solver's solutions whose picture differs from the intended one."""
    out = []
    for sol in outcome.solutions:
        pic, paths = _solution_picture(sol, clues_colour, w, len(intended))
        if pic != intended:
            out.append((pic, paths))
    return out


def _recut(cut: _Cut, intended, others, rng, to_global=None) -> None:
    for pic, paths in others:
        pids, diff = _involved(cut, intended, pic, paths, to_global)
        if not pids:
            raise RuntimeError("maker: two pictures differ but no path is involved")
        for pid in pids:
            if pid in cut.paths and len(cut.paths[pid]) > 1:
                cut.split(pid, diff, rng)


def _shorten(cut: _Cut, pids, rng) -> bool:
    """Halve the longest quarter of the given paths (after a solver time-out, or the
    solver giving up on too many paths to list)."""
    long = sorted((pid for pid in pids if len(cut.paths[pid]) > 2),
                  key=lambda q: -len(cut.paths[q]))
    for pid in long[:max(1, len(long) // 4)]:
        cut.split(pid, set(), rng)
    return bool(long)


def _repair_tiles(family, cut: _Cut, keys, palette, tile: int, deadline, rng, stats) -> None:
    """Make every tile (two staggered tilings) unique on its own; see module doc."""
    h, w = cut.board.h, cut.board.w
    dummy = next(k for k in "0123456789" + "".join(map(chr, range(0x3b1, 0x3ca)))
                 if k not in palette)
    for offset in (0, tile // 2):
        starts_r = sorted({0, *range(offset, h, tile)} - {h})
        starts_c = sorted({0, *range(offset, w, tile)} - {w})
        for a, r0 in enumerate(starts_r):
            r1 = starts_r[a + 1] if a + 1 < len(starts_r) else h
            for b, c0 in enumerate(starts_c):
                c1 = starts_c[b + 1] if b + 1 < len(starts_c) else w
                _repair_tile(family, cut, keys, palette, dummy, r0, c0, r1, c1,
                             deadline, rng, stats)


def _repair_tile(family, cut, keys, palette, dummy, r0, c0, r1, c1, deadline, rng, stats):
    w, tw = cut.board.w, c1 - c0

    def to_global(j: int) -> int:
        return (r0 + j // tw) * w + c0 + j % tw

    while True:
        puzzle, intended = _tile_puzzle(cut, keys, palette, dummy, r0, c0, r1, c1)
        if puzzle is None:
            return
        try:
            _, outcome = _solve(family, puzzle, deadline, _TILE_SECONDS)
        except (SolveTimeout, GaveUp):
            # (GaveUp: long snakes in open country have too many paths to list)
            if deadline.expired():
                raise
            stats["tile_timeouts"] += 1
            inside = {cut.owner[to_global(cl[0] * tw + cl[1])]
                      for cl in puzzle["clues"] if cl[3] != dummy}
            _shorten(cut, inside, rng)
            continue
        stats["tile_solves"] += 1
        colour = {cl[0] * tw + cl[1]: (len(keys) if cl[3] == dummy else keys.index(cl[3]))
                  for cl in puzzle["clues"]}
        others = _other_pictures(outcome, colour, intended, tw)
        if not others:
            return
        stats["tile_rounds"] += 1
        _recut(cut, intended, others, rng, to_global)


#: seconds one tile solve may take before the tile's long paths are shortened
_TILE_SECONDS = 1.0
#: colour of the blocked cells of a tile puzzle (never shown)
_DUMMY_COLOUR = "#010203"


def _verify(family, cut: _Cut, keys, palette, meta: dict, dl: Deadline, rng, stats,
            solve_seconds, solve_work=None) -> dict:
    """Solve the whole puzzle, re-cutting until the solver proves one picture; return
    the puzzle dict with the checked solution."""
    w, intended = cut.board.w, cut.board.lab
    while True:
        dl.check()
        clues = cut.clues(keys)
        puzzle = dict(meta, palette=palette, clues=clues)
        try:
            model, outcome = _solve(family, puzzle, dl, solve_seconds, solve_work)
        except (SolveTimeout, GaveUp):
            # (GaveUp: long snakes in open country have too many paths to list)
            if dl.expired():
                raise
            stats["timeouts"] += 1
            if not _shorten(cut, list(cut.paths), rng):
                raise RuntimeError("maker: the solver timed out on a puzzle of 1s and 2s")
            continue
        stats["solves"] += 1
        colour = {r * w + c: keys.index(k) for r, c, _, k in clues}
        others = _other_pictures(outcome, colour, intended, w)
        if others:
            stats["rounds"] += 1
            _recut(cut, intended, others, rng)
            continue
        if not outcome.solutions:
            raise RuntimeError("maker: the solver found no solution of a puzzle cut "
                               "from a picture (solver bug)")
        if not outcome.complete:
            # No verdict on a second picture: shorten paths as after a time-out.
            stats["timeouts"] += 1
            if not _shorten(cut, list(cut.paths), rng):
                raise RuntimeError("maker: the solver gave no verdict on a puzzle of 1s and 2s")
            continue
        break
    solution = cut.solution()
    report = family.check(model, solution)
    if not report.solved:
        raise RuntimeError(f"maker: the cut does not pass the checker ({report.reason})")
    puzzle["solution"] = solution
    return puzzle


def default_max_len(width: int, height: int) -> int:
    """Longest path the first cut aims for: about 0.4 of the side, at most 16, and at
    most 12 on boards over 48 cells a side.  Longer snakes in open areas make the
    solver's path enumeration (and with it the maker) explode on big boards without
    making the picture any more unique."""
    side = max(width, height)
    return int(min(12 if side > 48 else 16, max(6, round(side / 2.5))))


def make_puzzle(palette: dict, grid, seed: int = 0, deadline: Deadline | float | None = None,
                max_len: int | None = None, tile: int = 16, solve_seconds: float | None = 20.0,
                solve_work: int | None = None,
                title: str | None = None, source: str | None = None,
                license: str | None = None) -> tuple[dict, dict]:
    """A Link-a-Pix puzzle whose only picture is the given one.

    ``palette``/``grid``: the picture (see :mod:`.pictures`; '.' cells stay blank and
    are covered by no path).  ``seed`` makes the result deterministic.  ``deadline``
    (a Deadline or seconds) bounds the whole run: SolveTimeout when it runs out.
    ``max_len``: longest path of the first cut.  ``tile``: side of the tiles solved
    locally first (0 disables it).  ``solve_seconds``: limit of one global solve,
    after which the longest paths are shortened and the solve repeated.
    ``solve_work``: the same, bounded by the search's work instead (the same on every
    machine), for makers that must give the same puzzle everywhere.  ``title``,
    ``source``, ``license``: the puzzle's meta keys (neither unless given).

    The result is a function of the picture and the seed as long as no solve hits its
    time limit (``stats["timeouts"]`` and ``["tile_timeouts"]`` zero): a time-out
    shortens paths, and when it strikes depends on the machine.  Running out of
    ``solve_work`` shortens them too, the same way on every machine.

    Returns ``(puzzle, stats)``: the puzzle dict with its verified ``solution``, and
    counters: seconds, rounds (global re-cuts), solves, tile solves and rounds, paths,
    clues, largest number."""
    t0 = time.perf_counter()
    dl = deadline if isinstance(deadline, Deadline) else Deadline(deadline)
    keys, colours, labels = picture_labels(palette, grid)
    pal = dict(zip(keys, colours))
    h, w = len(labels), len(labels[0])
    if max_len is None:
        max_len = default_max_len(w, h)
    if isinstance(max_len, bool) or not isinstance(max_len, int) or max_len < 1:
        raise PuzzleError(f"max_len: {quote(max_len)} is not a positive whole number")
    family = _family()
    rng = random.Random(seed)
    board = _Board(labels)
    cut = _Cut(board, cut_paths(board, rng, max_len))
    stats: dict[str, Any] = {"rounds": 0, "solves": 0, "timeouts": 0, "tile_solves": 0,
                             "tile_rounds": 0, "tile_timeouts": 0}
    t1 = time.perf_counter()
    stats["t_cut"] = t1 - t0
    # Tiles, then on big boards tiles twice as big: an ambiguity across a small tile's
    # edge is usually inside a bigger one, and far cheaper to find there than globally
    # (each global round on a 128x128 board costs seconds).
    size = tile
    while tile and max(h, w) > size and (size == tile or max(h, w) >= 4 * size):
        _repair_tiles(family, cut, keys, pal, size, dl, rng, stats)
        size *= 2
    t2 = time.perf_counter()
    stats["t_tiles"] = t2 - t1
    meta = {"type": "linkapix", "width": w, "height": h,
            "title": title or f"Picture {w}x{h}"}
    if source:
        # (none for a drawing: the player's own picture, which the author field credits)
        meta["source"] = source
    if license:
        # Only when the caller knows it: a user's uploaded picture keeps its rights.
        meta["license"] = license
    puzzle = _verify(family, cut, keys, pal, meta, dl, rng, stats, solve_seconds, solve_work)
    intended = board.lab
    lengths = [len(p) for p in cut.paths.values()]
    stats.update({"t_verify": time.perf_counter() - t2, "seconds": time.perf_counter() - t0,
                  "paths": len(lengths), "clues": len(puzzle["clues"]), "max_number": max(lengths),
                  "ones": sum(1 for n in lengths if n == 1),
                  "filled": int(all(v != BLANK for v in intended))})
    return puzzle, stats


def make_from_rgba(rgba, width: int, height: int, colours: int, background: str = "auto",
                   seed: int = 0, deadline: Deadline | float | None = None,
                   source_width: int | None = None, title: str | None = None
                   ) -> tuple[dict, dict]:
    """The web app's "make a puzzle from this picture": pixels (H x W x 4 RGBA, or a
    flat RGBA buffer with ``source_width``) to a unique puzzle of at most
    ``width`` x ``height`` cells (aspect kept) and ``colours`` colours.
    ``background``: "auto" | "none" | "transparent" (see :func:`picture_from_rgba`).
    ``deadline``: a Deadline (its ``cancel`` hook is honoured) or seconds.
    Returns ``(puzzle with solution, stats)``; the puzzle has no ``license`` key (the
    picture's rights stay with whoever uploaded it).  Raises PuzzleError for bad
    pixels or options, SolveTimeout (Cancelled) when the deadline ends it."""
    from .pictures import picture_from_rgba  # (NumPy: pixels only)
    t0 = time.perf_counter()
    palette, grid = picture_from_rgba(rgba, width, height, colours, background, seed,
                                      source_width=source_width)
    t_pic = time.perf_counter() - t0
    puzzle, stats = make_puzzle(palette, grid, seed=seed, deadline=deadline,
                                title=title or "My picture",
                                source=f"made from a picture, number {seed}")
    stats["t_picture"] = t_pic
    stats["seconds"] += t_pic
    return puzzle, stats
