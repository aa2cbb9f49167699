"""Make Numberlink puzzles: random non-crossing paths, kept when the answer is unique.

Under full cover one random path through every cell (a snake shuffled by "backbite"
moves) is cut into pieces of random length, cut early where a piece would run
alongside itself (which keeps the paths puzzle-like), and pieces whose ends meet are
then joined at random, under the same rule, down to the usual number of pairs.  Every
cell is covered by construction, so each try gives a board (random walks that must
cover the grid fail more often the bigger it is).  Under free cover paths are random
walks from random empty cells.  The path ends become the endpoints.  Then a second
answer is looked for: when one is found, a path it routes differently is cut in two
where it leaves ours, and the search goes on; the board is kept once the answer is
proved unique under the plain rules within a budget of decisions and frontiers
(``TRY_WORK``, ``TRY_FRONTIERS``), otherwise the next try starts.  Under full cover
our paths are an answer by construction and the proof is clause learning
(:mod:`.cdcl`), whose learned clauses stay valid from one cut to the next; a search
that spends its share of the budget (``PROOF_SHARE``) without an answer has the board
cut where it fought most.  The budgets count
work, not seconds, so the board follows from the size, ``seed`` and ``cover`` alone:
the same on a slow phone as on a fast desktop.  The deadline only ends the whole
attempt (SolveTimeout), it never chooses between boards.

Rough: under free cover a random board is rarely unique (a path can detour through
empty cells) and the exact search is slow to find the second answer that would guide
the cuts, so free-cover boards come out in seconds only up to about 7x7.
"""
from __future__ import annotations

import heapq
import random

from ..base import Cancelled, Deadline, ParamError, PuzzleError, SolveTimeout, a_size, quote
from .board import board, label
from .cdcl import NumberlinkCDCL, OutOfDecisions, after_cut
from .nearby import nearby_answer
from .auto import NEARBY_LINKS, OutOfWork, solve_auto
from .thin import thin


def _random_paths(width: int, height: int, rng: random.Random, full: bool,
                  pairs: int | None = None, mean: int | None = None) -> list[list[int]] | None:
    """Disjoint paths of at least two cells; under ``full`` they cover the grid."""
    size = width * height
    owner = [-1] * size

    def nbrs(p: int):
        r, c = divmod(p, width)
        if r:
            yield p - width
        if r < height - 1:
            yield p + width
        if c:
            yield p - 1
        if c < width - 1:
            yield p + 1

    if full:
        return _cut_random_path(width, height, rng, nbrs, pairs, mean)
    paths: list[list[int]] = []
    cells = list(range(size))
    rng.shuffle(cells)
    target = int(size * rng.uniform(0.5, 0.8))
    covered = 0
    longest = max(3, (width + height) * 2)
    for start in cells:
        if covered >= target:
            break
        if owner[start] >= 0:
            continue
        k = len(paths)
        path = [start]
        owner[start] = k
        goal = rng.randint(2, longest)
        while len(path) < goal:
            tip = path[-1]
            steps = [q for q in nbrs(tip) if owner[q] < 0
                     and all(owner[m] != k or m == tip for m in nbrs(q))]
            if not steps:
                break
            q = rng.choice(steps)
            owner[q] = k
            path.append(q)
        if len(path) < 2:
            owner[start] = -1
            continue
        paths.append(path)
        covered += len(path)
    return paths



def _cut_random_path(width: int, height: int, rng: random.Random, nbrs,
                     pairs: int | None = None, mean: int | None = None) -> list[list[int]] | None:
    """Paths covering the grid: one random path through every cell, cut into pieces."""
    size = width * height
    # A snake (back and forth along the rows) made random by "backbite" moves: join an
    # end to one of its grid neighbours on the path and drop the edge that closed the
    # loop.  Each move keeps a path through every cell.
    path = [r * width + (c if r % 2 == 0 else width - 1 - c) for r in range(height) for c in range(width)]
    pos = [0] * size
    for i, p in enumerate(path):
        pos[p] = i
    # Each move works at the path's far end, which half the time first turns round:
    # ``flipped`` says the path is read backwards instead of reversing it in place (the
    # same paths as a reversal, the pos updates of the whole path saved: a third of a
    # 30x30 try's making).
    flipped = False
    for _ in range(min(10 * size, 20_000)):
        if rng.random() < 0.5:
            flipped = not flipped
        x = rng.choice(list(nbrs(path[0] if flipped else path[-1])))
        i = pos[x]
        if flipped:
            if i == 1:
                continue
            head = path[:i]
            head.reverse()
            path[:i] = head
            for j in range(i):
                pos[path[j]] = j
        else:
            if i == size - 2:
                continue
            tail = path[i + 1:]
            tail.reverse()
            path[i + 1:] = tail
            for j in range(i + 1, size):
                pos[path[j]] = j
    if flipped:
        path.reverse()
    # Cut it into pieces of a random length that never run alongside themselves.
    mean = mean or max(10, (width + height) // 2)
    pieces: list[list[int]] = []
    piece: list[int] = []
    mine: set[int] = set()
    goal = 0
    for p in path:
        if piece and (len(piece) >= goal or any(q in mine and q != piece[-1] for q in nbrs(p))):
            pieces.append(piece)
            piece = []
            mine = set()
        if not piece:
            goal = rng.randint(max(2, mean // 3), mean * 5 // 3)
        piece.append(p)
        mine.add(p)
    pieces.append(piece)
    # A piece cut to one cell joins the piece after it (the path goes on into it), or
    # the one before it at the very end.
    out: list[list[int]] = []
    carry: list[int] = []
    for piece in pieces:
        piece = carry + piece
        carry = []
        if len(piece) == 1:
            carry = piece
        else:
            out.append(piece)
    if carry:
        if not out:
            return None                 # a one-cell grid: no pair fits
        out[-1] += carry
    return _merge_pieces(out, size, rng, nbrs, pairs)


def _merge_pieces(pieces: list[list[int]], size: int, rng: random.Random, nbrs,
                  pairs: int | None = None) -> list[list[int]]:
    """Join paths end to end at random, where the joined path does not run alongside
    itself, down to about one pair per 10-14 cells (the density of published boards:
    a random path wiggles so much that the cuts alone leave two or three times more)."""
    owner = [0] * size
    for k, piece in enumerate(pieces):
        for p in piece:
            owner[p] = k
    alive = list(range(len(pieces)))
    target = max(1, round(size / rng.uniform(10, 14)))
    if pairs is not None:
        target = pairs      # asked for: fewer pairs make longer lines (the check may cut a few)
    stuck = 0
    while len(alive) > target and stuck < 50 * len(alive):
        k = rng.choice(alive)
        a = pieces[k]
        p = a[-1] if rng.random() < 0.5 else a[0]
        joins = [q for q in nbrs(p) if owner[q] != k and q in (pieces[owner[q]][0], pieces[owner[q]][-1])]
        if not joins:
            stuck += 1
            continue
        q = rng.choice(joins)
        j = owner[q]
        b = pieces[j]
        if any(owner[y] == k and not (x == q and y == p) for x in b for y in nbrs(x)):
            stuck += 1
            continue
        stuck = 0
        pieces[k] = (a if p == a[-1] else a[::-1]) + (b if q == b[0] else b[::-1])
        for x in b:
            owner[x] = k
        alive.remove(j)
    return [pieces[k] for k in sorted(alive)]


#: a try is dropped after this many cuts without a unique answer
MAX_CUTS = 12
#: under full cover, where a search that runs out of its share cuts too (fewer tries
#: dropped: 30x30 numbers 0-19 took at most 2.1 s of CPU instead of 2.9 s)
MAX_CUTS_FULL = 20


def _cut_where_answers_differ(paths: list[list[int]], solutions: list[dict], width: int,
                              rng: random.Random) -> tuple[int, int] | None:
    """Cut one of ``paths`` (the intended answer) at a link that another answer does
    not use: the link cut (its two cells), or None when no path can be cut there
    (pieces keep 2 cells).

    Every answer of the cut board, joined again at the cut, is an answer of the old
    board that uses the cut link, so the other answer is ruled out."""
    ours = {label(i): path for i, path in enumerate(paths)}
    for sol in solutions:
        theirs = set()
        for cells in sol["paths"].values():
            steps = [r * width + c for r, c in cells]
            theirs.update(zip(steps, steps[1:]))
            theirs.update(zip(steps[1:], steps))
        # piece one is path[:j], piece two path[j:]
        options = [(lab, j) for lab, path in ours.items() for j in range(2, len(path) - 1)
                   if (path[j - 1], path[j]) not in theirs]
        if options:
            lab, j = rng.choice(options)
            k = next(i for i in range(len(paths)) if label(i) == lab)
            path = paths[k]
            paths[k] = path[:j]
            paths.append(path[j:])
            return path[j - 1], path[j]
    return None


def _cut_hottest(paths: list[list[int]], engine) -> tuple[int, int] | None:
    """Cut the link of ``paths`` that the clause-learning search ``engine`` bumped most
    (pieces keep 2 cells): the link cut, or None."""
    best, where = -1.0, None
    for k, path in enumerate(paths):
        for j in range(2, len(path) - 1):
            a = engine.activity[engine.link_var[(path[j - 1], path[j])]]
            if a > best:
                best, where = a, (k, j)
    if where is None:
        return None
    k, j = where
    path = paths[k]
    paths[k] = path[:j]
    paths.append(path[j:])
    return path[j - 1], path[j]


#: decisions (scan decisions and search nodes) a try may spend per 200 cells (at least
#: this many) before it is dropped for the next one; a count of decisions, not seconds,
#: so that the board kept does not depend on the machine's speed
TRY_WORK = 3_000
#: and at most this many frontiers per cell when counting answers (a smaller cap than a
#: solve's: a try whose proof needs more is cheaper to replace than to finish)
TRY_FRONTIERS = 10_000
#: under full cover, the share of ``TRY_WORK`` one clause-learning search may spend
#: before the board is cut where it fought most
PROOF_SHARE = 0.15


def generate(width: int, height: int, seed: int, cover: str = "full",
             deadline: Deadline | None = None, pairs: int | None = None, mean: int | None = None) -> dict:
    """A puzzle dict (with its solution) whose solution is unique under the plain rules.

    ``pairs``: about how many pairs (under full cover; pieces are joined down to it,
    and the uniqueness check may cut a few more); None for about one per 12 cells.
    The board is a function of the arguments alone: tries are dropped after a count
    of decisions, never after a time.  The deadline only makes the generator give up
    (SolveTimeout) when no board is made in time."""
    if cover not in ("full", "free"):
        raise PuzzleError(f"cover: {quote(cover)} is not \"full\" or \"free\"")
    if width < 1 or height < 1 or width * height < 2:
        raise PuzzleError(f"{width}x{height}: too small for a pair of endpoints")
    deadline = deadline or Deadline(30.0)
    # (seeded as before when no pair count is asked for: old seeds keep their boards)
    rng = random.Random(seed if pairs is None and mean is None else
                        f"{seed} pairs {pairs}" if mean is None else f"{seed} pairs {pairs} mean {mean}")
    work = round(TRY_WORK * max(1.0, width * height / 200))
    try:
        while True:
            if deadline.expired():
                raise SolveTimeout("out of time")
            paths = _random_paths(width, height, rng, cover == "full", pairs, mean)
            if paths:
                puzzle = _settle(paths, width, height, cover, rng, deadline, work)
                if puzzle is not None:
                    return puzzle
    except Cancelled:
        raise
    except SolveTimeout:
        deadline.expired()          # raises Cancelled when a solver took a cancel for the time
        raise SolveTimeout(f"could not make {a_size(width, height, 'x')} board in {_seconds(deadline)}") from None


def _seconds(deadline: Deadline) -> str:
    return "the time given" if deadline.limit is None else f"{deadline.limit - deadline.start:.0f} s"


def _puzzle(width: int, height: int, endpoints, cover: str, solution: dict) -> dict:
    return {"type": "numberlink", "width": width, "height": height,
            "endpoints": [[r, c, lab] for r, c, lab in endpoints], "cover": cover,
            "solution": solution}


def _as_solver_reads(model, answer: dict) -> dict:
    """``answer`` as the solver gives answers: paths in the model's order of labels,
    each from its first endpoint (a board made as before is the same JSON as before)."""
    W = model.width
    paths = {}
    for lab, (first, _) in zip(model.labels, model.ends):
        path = answer["paths"][lab]
        paths[lab] = path if path[0] == [first // W, first % W] else path[::-1]
    return {"paths": paths}


def _settle(paths: list[list[int]], width: int, height: int, cover: str, rng: random.Random,
            deadline: Deadline, work: int) -> dict | None:
    """The board of ``paths`` once its answer is unique, or None (the try is dropped).

    When the solver finds a second answer, a path it routes differently is cut in two
    where it leaves ours: the cut cell becomes an endpoint, which rules that answer
    out.  Repeat until the answer is unique, or drop the try."""
    if cover == "full":
        return _settle_full(paths, width, height, rng, deadline, work)
    for _ in range(MAX_CUTS):
        model, endpoints, _ = board(paths, width, height, cover)
        try:
            out = solve_auto(model, deadline, 2, work=work, frontiers=TRY_FRONTIERS)
        except OutOfWork:
            return None
        if not out.complete:
            raise SolveTimeout("out of time")        # only the deadline leaves it open
        if len(out.solutions) == 1 and not out.more:
            return _puzzle(width, height, endpoints, cover, out.solutions[0])
        # (a second answer known only from counting shows no place to cut)
        if len(out.solutions) < 2 or _cut_where_answers_differ(paths, out.solutions, width, rng) is None:
            return None
    return None


def _settle_full(paths: list[list[int]], width: int, height: int, rng: random.Random,
                 deadline: Deadline, work: int) -> dict | None:
    """Full cover: our paths are an answer by construction, so no solve is needed to
    find one; only a second answer is looked for, first near ours (a short alternating
    trail, :mod:`.nearby`), then by clause learning with a no-good on ours (``cdcl``).
    What one clause-learning search learned carries over to the next board: the cut
    board's answers are answers of the old one (:func:`.cdcl.after_cut`), so each
    proof starts where the last search stopped instead of from nothing (on 30x30
    boards it was most of the time: four to six proofs of 0.4-0.9 s each per board)."""
    carried: list = []
    for _ in range(MAX_CUTS_FULL):
        model, endpoints, ours = board(paths, width, height, "full")
        # (once a search has learned something it finds near answers as fast)
        other = None if carried else nearby_answer(model, ours, deadline, NEARBY_LINKS)
        if other is None:
            engine = NumberlinkCDCL(model, deadline, avoid=ours, budget=round(work * PROOF_SHARE), learned=carried)
            try:
                out = engine.solve(1)
            except OutOfDecisions:
                # No answer found and no proof yet: cut where the search fought most
                # (the link of ours with the highest activity), which narrows the
                # board where it is hardest, and go on with what it learned.
                carried = engine.carried()
                cut = _cut_hottest(paths, engine)
                if cut is None:
                    return None
                carried = after_cut(carried, engine.link_var[cut])
                continue
            if not out.solutions:
                if not out.complete:
                    raise SolveTimeout("out of time")
                return _puzzle(width, height, endpoints, "full", _as_solver_reads(model, ours))
            other = out.solutions[0]
            carried = engine.carried()
        cut = _cut_where_answers_differ(paths, [other], width, rng)
        if cut is None:
            return None
        if carried:
            carried = after_cut(carried, engine.link_var[cut])
    return None


# -- more pairs on a unique board, by cuts ---------------------------------------------
#
# Under the plain rules a cut keeps a full-cover board unique: every answer of the cut
# board, joined again at the cut (two neighbouring endpoints), is an answer of the old
# board, which has one only.  So a board proved unique gives, with no further proof,
# boards of every larger number of pairs: the graded maker (:mod:`.graded`) cuts down to
# a grade, and a number of pairs asked for is reached exactly.

def solution_paths(puzzle: dict) -> list[list[int]]:
    """The cells (row-major indices) of each path of ``puzzle``'s solution."""
    width = puzzle["width"]
    return [[r * width + c for r, c in path] for path in puzzle["solution"]["paths"].values()]


def cut_longest(paths: list[list[int]], n: int) -> tuple[list[list[int]], int]:
    """``paths`` with up to ``n`` more cuts, each of the longest path (the first of
    equal ones) at its middle, while one has 4 cells to cut (pieces keep 2): (the
    paths, the cuts made).  The same paths and ``n`` give the same cuts."""
    paths = list(paths)
    heap = [(-len(p), k) for k, p in enumerate(paths)]
    heapq.heapify(heap)
    for done in range(n):
        length, k = heapq.heappop(heap)
        if -length < 4:
            return paths, done
        path = paths[k]
        j = len(path) // 2
        paths[k] = path[:j]
        paths.append(path[j:])
        heapq.heappush(heap, (-j, k))
        heapq.heappush(heap, (j - len(path), len(paths) - 1))
    return paths, n


def full_board(paths: list[list[int]], width: int, height: int) -> dict:
    """The full-cover puzzle dict whose endpoints are ``paths``' ends, ``paths`` its
    solution (unique when ``paths`` are cuts of a board proved unique)."""
    model, endpoints, ours = board(paths, width, height, "full")
    return _puzzle(width, height, endpoints, "full", _as_solver_reads(model, ours))


#: boards tried for one with no more pairs than asked: this many cells' worth (each
#: 30x30 try is a proof of about 1.5 s in CPython, a 10x10 one a few hundredths), 2 to 40
PAIR_TRIES_CELLS = 3_000
#: then the try with the fewest is joined down (:mod:`.thin`) with at most this many
#: proofs (a 15x15 proof takes about 12 ms of CPU, so the joins take up to 5 s there),
#: fewer on boards above :data:`THIN_CELLS` cells in proportion (a proof costs more)
THIN_PROOFS = 400
THIN_CELLS = 400


def pair_range(width: int, height: int) -> tuple[int, int]:
    """(fewest, most) pairs a full-cover board of this size is made with on every
    number: the fewest one per 6 cells (tries come out with one per 6 to 8 cells, and
    cuts add the rest; the joins reach further on some numbers only: asked for one
    per 7 cells, 15x15 made 9 of 10 and 20x20 5 of 10), the most one per 3 cells (cut
    as far as it goes, every line has 2 or 3 cells)."""
    cells = width * height
    return max(1, -(-cells // 6)), max(1, cells // 3)


def generate_pairs(width: int, height: int, seed, pairs: int, deadline: Deadline | None = None) -> dict:
    """A unique full-cover board of exactly ``pairs`` pairs: a board made with no more
    (the first of a few tries, else the try with the fewest joined down by
    :func:`.thin.thin`), then cut up to the count (:func:`cut_longest`: it stays
    unique).  Fewer pairs than :func:`pair_range` allows are made when the joins reach
    them, else refused, as are more than it allows."""
    fewest, most = pair_range(width, height)
    words = f"{a_size(width, height)} board is made with {fewest} to {most} pairs"
    if pairs > most:
        raise ParamError("pairs", "Pairs", f"{words}")
    deadline = deadline or Deadline(30.0)
    best: list[list[int]] | None = None
    for t in range(max(2, min(40, PAIR_TRIES_CELLS // (width * height)))):
        puzzle = generate(width, height, seed if t == 0 else f"{seed} try {t}", "full", deadline, pairs)
        paths = solution_paths(puzzle)
        if len(paths) == pairs:
            return puzzle
        if len(paths) < pairs:          # (at most one per 3 cells: the cuts reach it)
            return full_board(cut_longest(paths, pairs - len(paths))[0], width, height)
        if best is None or len(paths) < len(best):
            best = paths
    proofs = THIN_PROOFS * min(1.0, THIN_CELLS / (width * height))
    paths = thin(best, width, height, pairs, random.Random(f"{seed} thin {pairs}"), deadline, round(proofs))
    if len(paths) <= pairs:
        return full_board(cut_longest(paths, pairs - len(paths))[0], width, height)
    raise ParamError("pairs", "Pairs", f"{words}, fewer when joining lines gets there: here it got down to "
                                       f"{len(paths)}, not {pairs}")
