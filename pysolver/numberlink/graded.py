"""Random Numberlink boards of a requested grade (:mod:`.grade`), by steered tries.

A board's grade follows mostly from how long its lines are: short lines (many pairs)
are drawn by forced moves alone, long ones leave the player choices.  The generator
(:mod:`.generate`) cuts one random path through every cell into pieces of a mean
length; here each try makes a board (unique, proved) and grades it.  A board harder
than asked is cut down to the grade (:func:`_cut_down`): cuts keep it unique with no
further proof and make it easier, one grade at a time nearly always.  After a board
easier than asked the next try moves the mean length one rung along :data:`MEANS`
longer (after one the cuts jumped over, the next is made as the last).  The tries
start where boards are cheap to prove and mostly as hard as asked or harder, per size
(:data:`START`, :data:`START_LARGE`): at 30x30 one try and its cuts make nearly every
grade, where tries stepping both ways along the rungs alone took 2 to 12 tries of
about a second each (2026-11-26, CPython).
Tries are bounded (:data:`MAX_TRIES`); the generator's budgets, the cuts and the grade
count work, not seconds, so the same request gives the same board on every machine.

Not every grade can be made at every size: a small board never needs many choices.
:func:`allowed_grades` says which are made (measured with bench/make_grades.py), and a
grade outside them is refused at once.
"""
from __future__ import annotations

from ..base import Deadline, ParamError, PuzzleError, SolveTimeout, a_size
from ..grade import WORDS
from .grade import grade
from .model import parse_model as parse

#: the rungs, easiest first: the mean piece length of the cut and the cells per pair
#: the pieces are joined down to (None: the generator's own, a mean of about half the
#: side and at least 10, and 10 to 14 cells per pair)
MEANS = ((3, 4), (4, 5), (5, 7), (6, 9), (8, 12), (10, 14), (13, 18), (None, None))
#: the rung the tries start on, per grade asked for, on boards of up to 225 cells
#: (15x15) and of 900 (30x30), and in proportion between: a bigger board of the same
#: mean length leaves more choices.  The 30x30 rungs are the cheapest to prove that
#: mostly come out as hard as asked or harder (cuts then bring a harder board down);
#: there, 4 boards each: mean 3 graded 1-2, mean 4 3-4 (0.4-0.6 s each, CPython),
#: mean 5 fiendish (0.6-1.5 s), mean 6 to 10 fiendish too (0.5-2.7 s)
START = {1: 1, 2: 2, 3: 3, 4: 5, 5: 7}
START_LARGE = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2}
SMALL, LARGE = 225, 900
#: boards tried before giving up
MAX_TRIES = 60
#: a board harder than asked is first cut once per this many of its pairs, then twice
#: as often (:func:`_cut_down`)
FIRST_CUTS = 8

#: (fewest, most) cells of a board for each grade, from 100 tries per size (the share
#: of boards that came out so is at least about 10 %); easy up to 900 cells since
#: boards are cut down to their grade (30x30, numbers 0-19: 20 of 20 made)
CELLS = {1: (4, 900), 2: (25, 900), 3: (49, 900), 4: (144, 900), 5: (225, 900)}


def allowed_grades(width: int, height: int) -> tuple[int, ...]:
    cells = width * height
    return tuple(g for g, (lo, hi) in CELLS.items() if lo <= cells <= hi)


def check_grade(width: int, height: int, level: int) -> None:
    allowed = allowed_grades(width, height)
    if level not in allowed:
        lo, hi = CELLS[level]
        names = ", ".join(f"{g} {WORDS[g - 1]}" for g in allowed) or "none"
        raise ParamError("grade", "Grade", f"{a_size(width, height)} Numberlink board is made in grades {names}; "
                          f"grade {level} needs {lo} to {hi} cells")


def _start(width: int, height: int, level: int) -> float:
    """The place on :data:`MEANS` the tries start at (:data:`START`, :data:`START_LARGE`)."""
    f = min(1.0, max(0.0, (width * height - SMALL) / (LARGE - SMALL)))
    return START[level] + f * (START_LARGE[level] - START[level])


def _rung(pos: float, width: int, height: int) -> tuple[int | None, float | None]:
    """The (mean length, cells per pair) at a place ``pos`` on :data:`MEANS`, between two
    rungs in proportion (the last rung, the generator's own, taken as a mean of half the
    side and 12 cells per pair there)."""
    i = int(pos)
    if pos == i:
        return MEANS[i]
    own = (max(10, (width + height) // 2), 12)
    (m0, c0), (m1, c1) = (MEANS[i][0] and MEANS[i]) or own, (MEANS[i + 1][0] and MEANS[i + 1]) or own
    f = pos - i
    return round(m0 + f * (m1 - m0)), c0 + f * (c1 - c0)


def make_graded(width: int, height: int, seed: int, level: int, deadline: Deadline,
                pairs: int | None = None) -> tuple[dict, dict]:
    """A unique full-cover board of grade ``level``: (puzzle dict with its solution and
    ``grade``, stats).  ``pairs``: the generator's join target (None: the rung's); the grade
    wins over it (cuts down to the grade add pairs)."""
    from .generate import generate
    check_grade(width, height, level)
    pos = _start(width, height, level)
    seen: list[int] = []
    for tries in range(1, MAX_TRIES + 1):
        if deadline.expired():
            raise SolveTimeout("out of time")
        mean, per_pair = _rung(pos, width, height)
        target = pairs or (per_pair and max(1, round(width * height / per_pair)))
        puzzle = generate(width, height, f"{seed} grade {level} try {tries}", "full", deadline, target, mean)
        g = first = grade(parse(puzzle), deadline)
        seen.append(g.level)
        cuts = 0
        if g.level > level:
            # harder than asked: cut it down (it stays unique, see generate.cut_longest)
            found = _cut_down(puzzle, level, deadline)
            if found is not None:
                puzzle, g, cuts = found
                seen.append(g.level)
        if g.level == level:
            puzzle["grade"] = level
            return puzzle, {"tries": tries, "grades_seen": seen, "mean_length": mean, "cuts": cuts,
                            "grade": g.to_json()}
        if first.level < level:     # (else the cuts jumped over the grade: another board, as hard)
            pos = min(len(MEANS) - 1.0, pos + 1)
    # (tries run out, not time: the message says what to do, as input errors do;
    # a SolveTimeout would be reported as the time limit running out)
    raise PuzzleError(f"no {width}×{height} board of grade {level} came out in {MAX_TRIES} tries: "
                      "try another number")


def _cut_down(puzzle: dict, level: int, deadline: Deadline):
    """The unique board ``puzzle``, harder than ``level``, cut (:func:`.generate.cut_longest`)
    until it is of grade ``level``: (puzzle, its Grade, cuts), or None when the grade
    jumps over ``level`` or cutting as far as it goes leaves it harder.

    Cuts make a board easier, nearly always one grade at a time, so the count is found by
    doubling, then halving when a count overshoots; the first count tried that gives
    the grade is kept (not necessarily the fewest cuts that would).  Each test asks only whether the grade is at most ``level``, which
    stops the grading search early (at 30x30 a board takes 10 to 50 cuts from
    "fiendish" down to "tough" or "hard")."""
    from .generate import cut_longest, full_board, solution_paths
    width, height = puzzle["width"], puzzle["height"]
    paths = solution_paths(puzzle)

    def at_most(n: int):
        cut, done = cut_longest(paths, n)
        board = full_board(cut, width, height)
        return board, done, grade(parse(board), deadline, level)

    lo, step = 0, max(1, len(paths) // FIRST_CUTS)
    while True:                                 # lo cuts: harder than asked
        board, done, g = at_most(lo + step)
        if g is not None:
            hi = done
            break
        if done < lo + step:
            return None                         # cut as far as it goes: still harder
        lo, step = done, step * 2
    while g.level < level and hi - lo > 1:      # hi cuts: easier than asked
        mid = (lo + hi) // 2
        tried, _, fits = at_most(mid)
        if fits is None:
            lo = mid
        else:
            hi, board, g = mid, tried, fits
    return (board, g, hi) if g.level == level else None
