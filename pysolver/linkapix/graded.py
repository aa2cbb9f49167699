"""Random Link-a-Pix puzzles of a requested grade (:mod:`.grade`).

A Link-a-Pix grade follows from how the picture is cut into links, not from the
picture: the maker (:mod:`.maker`) cuts until the *picture* is unique, and what is
left almost always needs a little search to choose between links that paint the same
picture ("tough", 4).  So the grade is steered by re-cutting the puzzle the maker made:

* **down** (grades 1 to 4): while the grade is above the one asked for, a link that the
  rules leave open (after propagation, then after the enclosure rule) is cut in two,
  which gives its cells a new clue; for grade 1, when propagation already solves it,
  the longest link is cut instead (easy puzzles have links of 9 cells or fewer).
  Grades 1 to 3 prove the picture unique on the way (every rule is sound); at grade 4
  the solver proves it (and cutting goes on while it finds a second picture).
* **up** (when a cut made it easier than asked, or the maker's cut was): two links of
  one colour whose ends touch are joined into one, kept while the picture stays unique
  (proved by the grade up to 3, else by the solver), the grade does not pass the one
  asked for and the search it counts does not shrink, until the grade is the one
  asked for.
* **grade 5** (fiendish: the search needs more than 12 tries): the maker's first cut
  has longer links, and the joins go up from there; at each step several joins are
  weighed (drawn mostly among links the rules leave open, where the search is: joins
  elsewhere seldom change it) and the one leaving the longest search is tried first,
  a join refused is not drawn again, and joins are refused whose candidate paths grow
  too many (:data:`LOOK_CELLS`, :data:`MAX_RESIDUAL`): they would leave so much to
  search that the solver's proof of uniqueness would take seconds; that proof is
  bounded by the solver's polls and the candidates its choices undo (work, not
  seconds); a picture whose search stops growing while the steps' work piles up
  (:data:`PLATEAU_POLLS`) is left for the next.  The rules run once per join
  weighed: their engine gives the grade and then, for the join tried, the proof
  (:func:`.grade.rate`, :func:`.auto.finish`), and the engines of one picture share a
  :class:`.memo.Memo` (most of the board is the same from one join to the next).
  Made on boards of 15 or more a side (see :func:`allowed_grades`).

A try whose steps run out, or whose joins are all refused, is dropped for the next
picture; tries are bounded (:data:`MAX_TRIES`).  Each picture draws from its own
``random.Random``, seeded by the request and the picture's number (so a bound that
ends one picture early changes nothing of the next), and every bound counts work, not
seconds, so the same request gives the same puzzle on every machine.
"""
from __future__ import annotations

import random

from ..base import Deadline, GaveUp, ParamError, PuzzleError, SolveTimeout, WorkBound, a_size
from ..grade import WORDS, Grade
from .grade import EASY_LONGEST, grade as grade_model, rate
from .memo import Memo
from .model import parse, picture

#: pictures tried before giving up
MAX_TRIES = 40
#: cuts (down) or joins (up) tried on one picture before the next one
MAX_STEPS = 200
#: longest link of the maker's first cut, per grade asked for (None: the maker's
#: default).  Grade 1 may not have longer links; grade 2 needs one.
FIRST_CUT = {1: EASY_LONGEST, 2: 16, 3: None, 4: None, 5: 16}


#: the smallest side of a grade-5 puzzle: smaller boards seldom hold a search of more
#: than 12 tries with one picture (3 colours, CPU: 12x12 2 of 8 made within 30 s;
#: bench/make_grades.py, 2026-11-26: 15x15 10 of 10 within 60 s, median 5.8 s, and
#: 93 of 100 within 60 s of wall time on a loaded machine, the slowest 47 s of CPU;
#: 20x20 20 of 20, median 2.7 s)
FIENDISH_SIDE = 15


def allowed_grades(width: int, height: int) -> tuple[int, ...]:
    """The grades made at this size (measured: bench/make_grades.py).

    Grades 2 and 3 need a link longer than 9 cells that the rules still settle, or an
    enclosure, which small boards seldom hold (6x6 grade 3: 5 of 8 within 40 pictures).
    Grade 5 needs :data:`FIENDISH_SIDE` cells a side."""
    side = min(width, height)
    return (1, 4) if side < 10 else (1, 2, 3, 4) if side < FIENDISH_SIDE else (1, 2, 3, 4, 5)


def check_grade(width: int, height: int, level: int) -> None:
    allowed = allowed_grades(width, height)
    if level not in allowed:
        names = ", ".join(f"{g} {WORDS[g - 1]}" for g in allowed)
        why = f"needs a board of {10 if level in (2, 3) else FIENDISH_SIDE} or more a side"
        raise ParamError("grade", "Grade", f"{a_size(width, height)} Link-a-Pix is made in grades {names}; grade {level} {why}")


class _Links:
    """A made puzzle as links (flat cell lists with a colour key) that can be cut and
    joined, and turned back into puzzle JSON."""

    def __init__(self, puzzle: dict):
        self.meta = {k: v for k, v in puzzle.items() if k not in ("clues", "solution", "grade")}
        self.w = puzzle["width"]
        key_at = {(r, c): k for r, c, _, k in puzzle["clues"]}
        self.links = [([r * self.w + c for r, c in path], key_at[tuple(path[0])])
                      for path in puzzle["solution"]["paths"]]

    def puzzle(self) -> dict:
        w = self.w
        clues = sorted([i // w, i % w, len(cells), key]
                       for cells, key in self.links for i in {cells[0], cells[-1]})
        ordered = sorted((cells if cells[0] <= cells[-1] else cells[::-1] for cells, _ in self.links),
                         key=lambda cells: cells[0])
        return dict(self.meta, clues=clues,
                    solution={"paths": [[[i // w, i % w] for i in cells] for cells in ordered]})

    def cut(self, k: int, rng: random.Random) -> None:
        cells, key = self.links[k]
        j = rng.randrange(1, len(cells))
        self.links[k] = (cells[:j], key)
        self.links.append((cells[j:], key))

    def joins(self) -> list[tuple[int, int, bool, bool]]:
        """Pairs of links of one colour whose ends touch: (a, b, a reversed, b reversed)
        so that a's last cell meets b's first."""
        w = self.w
        ends: dict[int, list[tuple[int, bool]]] = {}
        for k, (cells, _) in enumerate(self.links):
            ends.setdefault(cells[-1], []).append((k, False))
            if len(cells) > 1:
                ends.setdefault(cells[0], []).append((k, True))
        out = []
        for i, owners in ends.items():
            r, c = divmod(i, w)
            for j in (i - w, i + w, i - 1 if c else -1, i + 1 if c < w - 1 else -1):
                for a, ra in owners:
                    for b, rb in ends.get(j, ()):
                        if a < b and self.links[a][1] == self.links[b][1]:
                            # a ends at i (its last cell unless reversed), b starts at j
                            out.append((a, b, ra, not rb))
        return out

    def join(self, a: int, b: int, ra: bool, rb: bool) -> None:
        first = self.links[a][0][::-1] if ra else self.links[a][0]
        second = self.links[b][0][::-1] if rb else self.links[b][0]
        self.links[a] = (first + second, self.links[a][1])
        del self.links[b]


def _open_links(links: _Links, model, deadline: Deadline, max_cells: int | None = None) -> tuple[list[int], int] | None:
    """Indices of the links whose clues the rules (propagation, then the enclosure rule)
    leave open, and how many candidate paths they leave; None when the candidates would
    hold more than ``max_cells`` cells (a quick look that gives up early)."""
    from .engine import BudgetExceeded, Engine
    eng = Engine(model, deadline, max_cells)
    try:
        eng.run()
        eng.prune_enclosures()
    except BudgetExceeded:
        if max_cells is None:
            raise
        return None
    paths, open_clues, _ = eng.residual()
    cells = {eng.c_cell[q] for q in open_clues}
    return [k for k, (path, _) in enumerate(links.links) if path[0] in cells or path[-1] in cells], len(paths)


#: work (candidates undone, :class:`~pysolver.base.WorkBound`) the solve checking the
#: first cut's picture may take before its longest links are shortened: 15x15, grades
#: 2, 3 and 5, 18 numbers: at most 2,836; the puzzle of the day of 2026-11-25 (a
#: grade-2 first cut of links up to 16 cells) took 2.7 million, 12 s of CPython
VERIFY_WORK = 100_000


#: the solver's polls the search proving the picture unique may take while joining
#: links, once the rules have run (20x20, 3 colours: mostly under 500, the slowest seen
#: 2,700 in 0.3 s of CPython; proofs that need more are refused)
UNIQUE_WORK = 10_000
#: and the candidates its choices may undo (a node that undoes thousands polls once):
#: a join step's proofs undid up to 3.4 million, 12 s of CPython, within their polls.
#: 15x15 and 20x20, 3 colours, numbers 0-13 and 0-9: at 500,000 every
#: puzzle made is the one made without the bound, 15x15 in 4 % less time on top of
#: :data:`PLATEAU_POLLS` (196.4 -> 188.2 s; number 2 63.1 -> 53.2 s); at 100,000 proofs
#: that succeed are cut (number 0 took 30 pictures instead of 5)
UNIQUE_BULK = 500_000


def _unique(model, deadline: Deadline, work: int | None = None) -> bool:
    """The solver proves the picture unique (a time-out, or running out of ``work``
    polls, counts as no)."""
    from .auto import solve
    return _one_picture(model, lambda d: solve(model, d, 2), deadline, work)


def _unique_on(eng, deadline: Deadline, work: int, bulk: int | None = None) -> bool:
    """:func:`_unique` on an engine the rules have run on (:func:`.grade.rate`): only
    the search is left to do, ``work`` bounds its polls, the engine's own included, and
    ``bulk`` the candidates its choices undo."""
    from .auto import finish

    def search(bounded: Deadline):
        outer, eng.deadline = eng.deadline, bounded
        try:
            return finish(eng, bounded, 2, {})
        finally:
            eng.deadline = outer
    return _one_picture(eng.model, search, deadline, work, bulk)


class _Tally(Deadline):
    """The caller's deadline (its time and its Cancel), counting the solver's polls made
    under it, bounds of work inside it included: the work of a step towards grade 5,
    the same on every machine."""

    __slots__ = ("polls",)

    def __init__(self, outer: Deadline):
        super().__init__(outer.remaining(), outer.cancel)
        self.polls = 0

    def check(self) -> None:
        self.polls += 1
        super().check()


def _one_picture(model, solve, deadline: Deadline, work: int | None, bulk: int | None = None) -> bool:
    """Whether ``solve`` (called with the deadline, bounded by ``work`` polls and
    ``bulk`` candidates undone when given) finds every picture there is and they are one."""
    bounded = deadline if work is None else WorkBound(deadline, work, bulk)
    try:
        out = solve(bounded)
    except (SolveTimeout, GaveUp):
        if deadline.expired():
            raise SolveTimeout("out of time") from None
        return False
    finally:
        if bounded is not deadline and isinstance(deadline, _Tally):
            deadline.polls += work - max(bounded.left, 0)
    if not out.complete or not out.solutions:
        return False
    first = picture(model, out.solutions[0])
    return all(picture(model, s) == first for s in out.solutions[1:])


def _proved(g: Grade, level: int, model, deadline: Deadline) -> bool:
    """Is a puzzle graded ``g`` of grade ``level`` and its picture proved unique?  Grades
    1 to 3 prove it on the way; 4 and 5 ask the solver."""
    return g.level == level and (level <= 3 or _unique(model, deadline))


def _down(links: _Links, g: Grade, level: int, rng: random.Random, deadline: Deadline):
    """Cut links until the grade is ``level`` (and the picture proved unique): the puzzle
    and its grade; or None when the steps run out, and the grade reached when a cut
    makes it easier than asked (the links are left as they are then)."""
    for _ in range(MAX_STEPS):
        model = parse(links.puzzle())
        if _proved(g, level, model, deadline):
            return links.puzzle(), g
        if g.level < level:
            return g
        if g.level <= 2:
            # propagation solves it, with a link longer than grade 1 allows
            k = max(range(len(links.links)), key=lambda k: len(links.links[k][0]))
        else:
            choices = [k for k in _open_links(links, model, deadline)[0] if len(links.links[k][0]) > 1]
            if not choices:
                choices = [k for k, (cells, _) in enumerate(links.links) if len(cells) > 2]
            if not choices:
                return None
            k = rng.choice(choices)
        links.cut(k, rng)
        g = grade_model(parse(links.puzzle()), deadline)
    return None


def _search_score(g: Grade) -> tuple[int, int]:
    return g.level, g.stats.get("search_nodes", 0)


#: the longest link a join may make below grade 5: longer ones open so many ways for a
#: clue that proving the picture unique takes the solver seconds
MAX_JOINED = 12
#: the same for grade 5, whose search needs long links with many ways; the solver's
#: cost is kept down by :data:`MAX_RESIDUAL` instead (20x20, 3 colours: at 12, 1 of 8
#: pictures reached grade 5, at 20, 3 of 4).  Boards under :data:`LOOK_SIDE` a side
#: take longer ones: 15x15, 3 colours, numbers 0-35, CPU, 40 s each: at 20, 5 not made
#: within the 40 s, 26 within 20 s, median 6.9 s (those not made counted at 40 s), 488 s
#: in all; at 24, 0, 29, 5.4 s and 364 s; at 28, 1, 30, 8.7 s and 443 s (most pictures
#: that fail at 20 run out of joins a step or two short of grade 5)
MAX_JOINED_FIENDISH = 20
MAX_JOINED_FIENDISH_SMALL = 24
#: candidate paths the rules may leave open in a grade-5 join: beyond some thousands
#: a proof of uniqueness takes the solver seconds (a 20x20 with 4,105 took over 5 s)
MAX_RESIDUAL = 600
#: cells the quick look at a join lets the candidate paths hold before it refuses it:
#: on 20x20 joins past some tens of thousands cost the rules tens of milliseconds each
#: and seldom lead to a fiendish puzzle (3 colours, numbers 0-39, CPU: at 100,000
#: median 2.6 s, slowest 31 s, 183 s in all; at 30,000 2.5 s, 11.9 s, 136 s; at 20,000
#: on 0-19 the slowest was 16 s); 15x15 needs them (at 30,000 number 2 was not made
#: within 60 s, at 100,000 10 of 10 were).  Other sizes are not measured: the lower
#: bound is kept for boards of :data:`LOOK_SIDE` or more a side
LOOK_CELLS = 100_000
LOOK_CELLS_LARGE = 30_000
LOOK_SIDE = 20
#: steps towards grade 5 on one picture before the next: pictures that get there mostly
#: do within 40 (20x20, 3 colours: 3 to 37 steps)
FIENDISH_STEPS = 40
#: joins weighed at each step towards grade 5
FIENDISH_SAMPLE = 6
#: the solver's polls (:class:`_Tally`) a picture may spend on steps towards grade 5
#: since its search last grew before the next picture is tried.  Pictures that fail
#: take most of a slow request (15x15, 3 colours, numbers 0-13: 169 of 223 s), often
#: on such plateaus, each step costlier as the puzzle grows harder.  The pictures that
#: succeeded spent at most 137,000 on one (258,000 in an earlier sample); at 300,000
#: every number measured makes the same puzzle as without the bound, 15x15 in 14 % less time
#: (227.6 -> 196.4 s; number 1 31.8 -> 22.6 s, number 11 35.7 -> 25.6 s), 20x20
#: numbers 0-9 as before (51 s).  The polls are those actually made: an answer of the
#: memo costs none, as it costs no time (counted as if found again, 300,000 cut pictures
#: that made a puzzle, and the bound that cut none, 1,000,000, saved next to nothing)
PLATEAU_POLLS = 300_000
#: how often a join is drawn among those touching a link the rules leave open (where
#: the search is), when there are some: joins elsewhere seldom change the search
TOWARDS_OPEN = 0.8


def _join_key(links: _Links, join) -> frozenset:
    return frozenset((tuple(links.links[join[0]][0]), tuple(links.links[join[1]][0])))


def _fiendish_score(g: Grade) -> tuple[int, int, int]:
    # (among joins of the same search, the one leaving more clues open comes first:
    # more is left for the search to do)
    return g.level, g.stats.get("search_nodes", 0), g.stats.get("open_after_enclosures", 0)


def _draw(links: _Links, level: int, rng: random.Random, refused: set, opened: set) -> list:
    """The joins to weigh next: below grade 5 one, drawn among all; for grade 5 up to
    :data:`FIENDISH_SAMPLE` not refused before, drawn mostly among those touching a link
    the rules leave open."""
    small = min(links.w, links.meta["height"]) < LOOK_SIDE
    longest = MAX_JOINED if level < 5 else MAX_JOINED_FIENDISH_SMALL if small else MAX_JOINED_FIENDISH
    options = [j for j in links.joins() if len(links.links[j[0]][0]) + len(links.links[j[1]][0]) <= longest]
    if level < 5:
        return [rng.choice(options)] if options else []
    options = [j for j in options if _join_key(links, j) not in refused]
    drawn = []
    while options and len(drawn) < FIENDISH_SAMPLE:
        near = [j for j in options if tuple(links.links[j[0]][0]) in opened or tuple(links.links[j[1]][0]) in opened]
        join = rng.choice(near if near and rng.random() < TOWARDS_OPEN else options)
        options.remove(join)
        drawn.append(join)
    return drawn


def _weigh(links: _Links, join, level: int, deadline: Deadline, memo: Memo):
    """``(grade, open links, engine)`` after ``join`` (undone again): for grade 5 the
    links the rules leave open and the engine they ran on (the proof of uniqueness goes
    on from it), else None twice.  None when grade 5's look finds too much left to
    search: candidates over :data:`LOOK_CELLS` cells or :data:`MAX_RESIDUAL` paths (a
    join that leaves the rules thousands of candidates would cost the solver seconds to
    grade and to prove unique).  The rules run once for both the look and the grade."""
    from .engine import BudgetExceeded, Engine
    kept = list(links.links)
    links.join(*join)
    try:
        model = parse(links.puzzle())
        if level < 5:
            return grade_model(model, deadline, memo), None, None
        large = min(model.width, model.height) >= LOOK_SIDE
        eng = Engine(model, deadline, LOOK_CELLS_LARGE if large else LOOK_CELLS, memo)
        try:
            g = rate(eng, deadline, MAX_RESIDUAL)
        except BudgetExceeded:
            return None
        if g is None:
            return None
        _, open_clues, _ = eng.residual()
        cells = {eng.c_cell[c] for c in open_clues}
        return g, {tuple(path) for path, _ in links.links if path[0] in cells or path[-1] in cells}, eng
    finally:
        links.links = kept


def _up(links: _Links, g: Grade, level: int, rng: random.Random, deadline: Deadline, memo: Memo):
    """Join links until the grade is ``level`` with the picture still proved unique: the
    puzzle and its grade, or None when no join is left or the steps run out.  A join is
    kept when the picture stays unique, the grade does not pass ``level`` and the search
    it counts does not shrink.  For grade 5, several joins are weighed at each step
    (drawn mostly where the rules leave links open) and the one that makes the search
    longest is tried first; a join refused is not drawn again.  ``memo``: what the rules
    found on earlier puzzles of this board (:mod:`.memo`)."""
    best = _search_score(g)
    refused: set[frozenset] = set()
    opened = set()
    plateau = 0        # polls spent since the search last grew
    if level == 5:
        opened = {tuple(links.links[k][0]) for k in _open_links(links, parse(links.puzzle()), deadline)[0]}
    for _ in range(FIENDISH_STEPS if level == 5 else MAX_STEPS):
        drawn = _draw(links, level, rng, refused, opened)
        if not drawn:
            return None
        step = _Tally(deadline) if level == 5 else deadline
        weighed = []
        for join in drawn:
            found = _weigh(links, join, level, step, memo)
            if found is not None and best <= _search_score(found[0]) and found[0].level <= level:
                weighed.append((found, join))
            else:
                refused.add(_join_key(links, join))
        weighed.sort(key=lambda item: _fiendish_score(item[0][0]), reverse=True)
        grew = False
        for (g, look, eng), join in weighed:
            kept, key = list(links.links), _join_key(links, join)
            links.join(*join)
            if g.level <= 3 or (_unique_on(eng, step, UNIQUE_WORK, UNIQUE_BULK) if eng is not None
                                else _unique(parse(links.puzzle()), deadline)):
                if g.level == level:
                    return links.puzzle(), g
                grew = _search_score(g) > best
                best = _search_score(g)
                opened = look
                break
            refused.add(key)
            links.links = kept
        if isinstance(step, _Tally):
            plateau = 0 if grew else plateau + step.polls
            if PLATEAU_POLLS is not None and plateau > PLATEAU_POLLS:
                return None
    return None


def make_random(width: int, height: int, colours: int, level: int, seed: int, deadline: Deadline) -> dict:
    """``{"puzzle", "stats"}``: a random blob picture cut into links, unique and of grade
    ``level`` (PuzzleError for a grade the size does not allow, SolveTimeout when the
    deadline ends it or no try succeeds)."""
    from ..blobs import blob_grid_of_all
    from .maker import default_max_len, make_puzzle
    from .makers import RANDOM_COLOURS, RANDOM_PALETTE

    check_grade(width, height, level)
    for tries in range(1, MAX_TRIES + 1):
        if deadline.expired():
            raise SolveTimeout("out of time")
        # (each picture draws from its own generator and keeps its own memo: what one
        # picture does, or where a bound stops it, changes nothing of the next)
        rng = random.Random(f"linkapix {width}x{height} {colours} {level} {seed} {tries}")
        memo = Memo()
        grid = ["".join(row) for row in blob_grid_of_all(width, height, [".", *RANDOM_PALETTE[:colours]],
                                                          rng.randrange(1 << 30), spare=".")]
        palette = {key: colour for key, colour in zip(RANDOM_PALETTE, RANDOM_COLOURS) if any(key in row for row in grid)}
        if not palette:
            continue
        longest = FIRST_CUT[level] or default_max_len(width, height)
        puzzle, stats = make_puzzle(palette, grid, seed=rng.randrange(1 << 30), deadline=deadline,
                                    max_len=longest, solve_seconds=None, solve_work=VERIFY_WORK)
        g = grade_model(parse(puzzle), deadline)
        links = _Links(puzzle)
        found = _down(links, g, level, rng, deadline) if level <= g.level else g
        if isinstance(found, Grade):
            # easier than asked (at first or after a cut): join links up to the grade
            found = _up(links, found, level, rng, deadline, memo)
        if found is None:
            continue
        puzzle, g = found
        puzzle.update(title=f"Link-a-Pix {width}×{height}, {g.words} #{seed}", author="Picture Logic",
                      license="CC0-1.0", source=f"made at random, number {seed}", grade=g.level)
        lengths = [len(cells) for cells, _ in links.links]
        return {"puzzle": puzzle, "stats": {"tries": tries, "grade": g.to_json(), "links": len(lengths),
                                            "longest": max(lengths), "maker": stats}}
    # (tries run out, not time: the message says what to do, as input errors do;
    # a SolveTimeout would be reported as the time limit running out)
    raise PuzzleError(f"no {width}×{height} Link-a-Pix of grade {level} came out in {MAX_TRIES} pictures: "
                      "try another number")
