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
  asked for.  Grade 5 is not made (see :func:`allowed_grades`).

A try whose steps run out, or whose joins are all refused, is dropped for the next
picture; tries are bounded (:data:`MAX_TRIES`).  Everything draws from one
``random.Random`` seeded by the request, and every bound counts work, not seconds, so
the same request gives the same puzzle on every machine.
"""
from __future__ import annotations

import random

from ..base import Deadline, GaveUp, PuzzleError, SolveTimeout
from ..grade import WORDS, Grade
from .grade import EASY_LONGEST, grade as grade_model
from .model import parse, picture

#: pictures tried before giving up
MAX_TRIES = 40
#: cuts (down) or joins (up) tried on one picture before the next one
MAX_STEPS = 200
#: longest link of the maker's first cut, per grade asked for (None: the maker's
#: default).  Grade 1 may not have longer links; grade 2 needs one.
FIRST_CUT = {1: EASY_LONGEST, 2: 16, 3: None, 4: None}


def allowed_grades(width: int, height: int) -> tuple[int, ...]:
    """The grades made at this size within a few seconds (measured: bench/make_grades.py).

    Grades 2 and 3 need a link longer than 9 cells that the rules still settle, or an
    enclosure, which small boards seldom hold (6x6 grade 3: 5 of 8 within 40 pictures).  Grade 5 is not made: joining links until the search needs
    more than 12 tries while the picture stays unique took 2 to over 60 s per 20x20
    puzzle (7 of 10 within 60 s), 12x12 ones seldom got there at all."""
    small = min(width, height) < 10
    return (1, 4) if small else (1, 2, 3, 4)


def check_grade(width: int, height: int, level: int) -> None:
    allowed = allowed_grades(width, height)
    if level not in allowed:
        names = ", ".join(f"{g} {WORDS[g - 1]}" for g in allowed)
        why = ("needs a board of 10 or more a side" if level in (2, 3) else
               "is not made (fiendish pictures that stay unique are too rare)")
        raise PuzzleError(f"Grade: a {width}×{height} Link-a-Pix is made in grades {names}; grade {level} {why}")


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


def _open_links(links: _Links, model, deadline: Deadline) -> list[int]:
    """Indices of the links whose clues the rules (propagation, then the enclosure rule)
    leave open."""
    from .engine import Engine
    eng = Engine(model, deadline)
    eng.run()
    eng.prune_enclosures()
    _, open_clues, _ = eng.residual()
    cells = {eng.c_cell[q] for q in open_clues}
    return [k for k, (path, _) in enumerate(links.links) if path[0] in cells or path[-1] in cells]


def _unique(model, deadline: Deadline) -> bool:
    """The solver proves the picture unique (a time-out counts as no)."""
    from .auto import solve
    try:
        out = solve(model, deadline, 2)
    except (SolveTimeout, GaveUp):
        if deadline.expired():
            raise SolveTimeout("out of time") from None
        return False
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
            choices = [k for k in _open_links(links, model, deadline) if len(links.links[k][0]) > 1]
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


#: the longest link a join may make: longer ones open so many ways for a clue that
#: proving the picture unique takes the solver seconds
MAX_JOINED = 12


def _up(links: _Links, g: Grade, level: int, rng: random.Random, deadline: Deadline):
    """Join links until the grade is ``level`` with the picture still proved unique: the
    puzzle and its grade, or None when no join is left or the steps run out.  A join is
    kept when the picture stays unique, the grade does not pass ``level`` and the search
    it counts does not shrink."""
    best = _search_score(g)
    for _ in range(MAX_STEPS):
        options = [j for j in links.joins()
                   if len(links.links[j[0]][0]) + len(links.links[j[1]][0]) <= MAX_JOINED]
        if not options:
            return None
        a, b, ra, rb = rng.choice(options)
        kept = list(links.links)
        links.join(a, b, ra, rb)
        model = parse(links.puzzle())
        g = grade_model(model, deadline)
        if best <= _search_score(g) and g.level <= level and (g.level <= 3 or _unique(model, deadline)):
            if g.level == level:
                return links.puzzle(), g
            best = _search_score(g)
        else:
            links.links = kept
    return None


def make_random(width: int, height: int, colours: int, level: int, seed: int, deadline: Deadline) -> dict:
    """``{"puzzle", "stats"}``: a random blob picture cut into links, unique and of grade
    ``level`` (PuzzleError for a grade the size does not allow, SolveTimeout when the
    deadline ends it or no try succeeds)."""
    from ..blobs import blob_grid
    from .maker import default_max_len, make_puzzle
    from .makers import RANDOM_COLOURS, RANDOM_PALETTE

    check_grade(width, height, level)
    rng = random.Random(f"linkapix {width}x{height} {colours} {level} {seed}")
    for tries in range(1, MAX_TRIES + 1):
        if deadline.expired():
            raise SolveTimeout("out of time")
        grid = ["".join(row) for row in blob_grid(width, height, [".", *RANDOM_PALETTE[:colours]],
                                                   rng.randrange(1 << 30))]
        palette = {key: colour for key, colour in zip(RANDOM_PALETTE, RANDOM_COLOURS) if any(key in row for row in grid)}
        if not palette:
            continue
        longest = FIRST_CUT[level] or default_max_len(width, height)
        puzzle, stats = make_puzzle(palette, grid, seed=rng.randrange(1 << 30), deadline=deadline,
                                    max_len=longest, solve_seconds=None)
        g = grade_model(parse(puzzle), deadline)
        links = _Links(puzzle)
        found = _down(links, g, level, rng, deadline) if level <= g.level else g
        if isinstance(found, Grade):
            # easier than asked (at first or after a cut): join links up to the grade
            found = _up(links, found, level, rng, deadline)
        if found is None:
            continue
        puzzle, g = found
        puzzle.update(title=f"Link-a-Pix {width}×{height}, {g.words} #{seed}", author="Picture Logic",
                      license="CC0-1.0", source=f"made by Picture Logic, number {seed}", grade=g.level)
        lengths = [len(cells) for cells, _ in links.links]
        return {"puzzle": puzzle, "stats": {"tries": tries, "grade": g.to_json(), "links": len(lengths),
                                            "longest": max(lengths), "maker": stats}}
    # (tries run out, not time: the message says what to do, as input errors do;
    # a SolveTimeout would be reported as the time limit running out)
    raise PuzzleError(f"no {width}×{height} Link-a-Pix of grade {level} came out in {MAX_TRIES} pictures: "
                      "try another number")
