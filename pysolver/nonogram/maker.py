"""Make nonograms: random pictures of a requested grade, and pictures made unique.

A picture is a list of rows of colour indices (0 blank, 1.. the palette in order).
Its clues make the puzzle; :mod:`.grade` grades it, and a grade below 5 proves it
unique on the way (every rule is sound).  At grade 5 the solver proves it instead.

Random pictures are blobs, not noise: random cells are smoothed by a few rounds of a
majority vote among neighbours (denser and smoother for the easier grades, as line
logic gets a grip on long blocks), optionally mirrored left to right.  A picture whose
clues have several solutions is *repaired*: the cells where a second solution differs
are the candidates, and the change that rules out the most second solutions known
(then leaves line logic the fewest unknown cells) is made, until the clues have one
solution (:func:`make_unique`).  Everything draws
from one ``random.Random`` seeded by the request, so the same seed gives the same puzzle.
"""
from __future__ import annotations

import random
from itertools import islice

from ..base import Deadline, ParamError, PuzzleError, SolveTimeout, a_size
from ..blobs import smoothed
from ..climb import climb
from .. import repair
from ..grade import Grade
from ..sharing import sharing
from .engine import Engine
from .fiendish import coloured
from .grade import grade as grade_model, graded_grid
from .model import Model, parse_model, picture_clue
from .switch import colour_switches, line_clue, switch, switches

#: colours of generated multicolour pictures (keys are single letters)
PALETTE = (("r", "#d62728"), ("b", "#1f77b4"), ("g", "#2ca02c"), ("o", "#ff7f0e"), ("p", "#9467bd"),
           ("y", "#e6c619"), ("k", "#222222"), ("c", "#17becf"))
MIN_SIDE, MAX_SIDE = 5, 40
#: per grade 1..5: (share of filled cells, smoothing rounds); measured on 10x10 to
#: 30x30 (see the README's maker table): dense smooth blobs give easy grids, sparse
#: rough ones grids that need contradictions or guessing
STYLE = {1: (0.62, 3), 2: (0.5, 1), 3: (0.45, 1), 4: (0.45, 1), 5: (0.5, 1)}
#: the same for multicolour pictures, whose blocks are shorter: fuller and smoother
STYLE_COLOUR = {1: (0.8, 3), 2: (0.62, 3), 3: (0.62, 3), 4: (0.62, 3), 5: (0.55, 3)}
#: share of filled cells above which a random picture is dropped: grade 1's dense
#: smooth blobs came out 80-100 % filled (a review: 3 of 30 10x10 easy grids all black;
#: median 0.81 in black and white, 0.89 in 3 colours), not a picture
MAX_FILLED = 0.85
#: most cells a repair may change before the picture is dropped
MAX_REPAIRS = 40
#: ... and for a picture the player gave, one cell in this many, if more: thin
#: diagonal strokes are ambiguous all along (two across a 30x30 picture were still
#: ambiguous after 45 changes made one search at a time; 12 now, 19 in 3 colours)
PICTURE_REPAIR_SHARE = 20


def palette_of(colours: int) -> dict[str, str] | None:
    """The palette of a ``colours``-colour puzzle (None: black-and-white)."""
    if colours == 1:
        return None
    if not 2 <= colours <= len(PALETTE):
        raise PuzzleError(f"colours: {colours} is not from 1 to {len(PALETTE)}")
    return dict(PALETTE[:colours])


def clue_of(line: list[int], multicolour: bool) -> list:
    """The clue of a line of colour indices."""
    out: list = []
    prev = 0
    for v in line:
        if v and v == prev:
            if multicolour:
                out[-1][0] += 1
            else:
                out[-1] += 1
        elif v:
            out.append([1, None] if multicolour else 1)
            if multicolour:
                out[-1][1] = v
        prev = v
    return out


def puzzle_of(picture: list[list[int]], palette: dict[str, str] | None) -> dict:
    """Puzzle JSON (with its solution) whose picture is ``picture``."""
    h, w = len(picture), len(picture[0])
    keys = ["."] + (list(palette) if palette else ["#"])
    multi = palette is not None
    cols = [[picture[r][c] for r in range(h)] for c in range(w)]

    def named(clue):
        return [[n, keys[v]] for n, v in clue] if multi else clue
    out = {"type": "nonogram", "width": w, "height": h,
           "rows": [named(clue_of(row, multi)) for row in picture],
           "cols": [named(clue_of(col, multi)) for col in cols],
           "solution": {"grid": ["".join(keys[v] for v in row) for row in picture]}}
    if multi:
        out["palette"] = dict(palette)
    return out


def model_of(picture: list[list[int]], palette: dict[str, str] | None) -> Model:
    if palette is None:
        # (the model parse_model makes of the puzzle, without the puzzle JSON between:
        # a climb makes one per picture graded)
        return Model(len(picture[0]), len(picture), tuple(picture_clue(row) for row in picture),
                     tuple(picture_clue(col) for col in zip(*picture)), None, (".", "#"))
    return parse_model(puzzle_of(picture, palette))


def random_picture(width: int, height: int, colours: int, level: int, rng: random.Random,
                   symmetric: bool) -> list[list[int]]:
    """Blobs: random cells, smoothed by majority votes, mirrored when ``symmetric``."""
    fill, rounds = (STYLE if colours == 1 else STYLE_COLOUR)[level]
    half = (width + 1) // 2 if symmetric else width
    grid = [[(rng.randrange(colours) + 1) if rng.random() < fill else 0 for _ in range(half)]
            for _ in range(height)]
    for _ in range(rounds):
        # (ties broken at random among the sorted values, as this maker always did:
        # old numbers keep their pictures)
        grid = smoothed(grid, lambda winners: rng.choice(sorted(winners)))
    if symmetric:
        grid = [row + row[:width - half][::-1] for row in grid]
    return grid


def _unknown_after_line_logic(model: Model, deadline: Deadline) -> int:
    eng = Engine(model, deadline)
    if not eng.propagate(range(eng.nlines)):
        return 1 << 30
    return eng.unknown_count()


def second_solution(picture: list[list[int]], palette, deadline: Deadline,
                    known: list[str] | None = None) -> list[str] | None:
    """A solution of the picture's clues other than the picture, or None when the
    picture is the only one (proved by the solver).  ``known``: the grid its grading
    left (``?`` where open), which the search starts from."""
    from .auto import solve_auto
    model = model_of(picture, palette)
    mine = puzzle_of(picture, palette)["solution"]["grid"]
    # One search told to differ from the picture.  Asking for two answers instead met
    # the picture first and then searched on past it, which on a very ambiguous
    # picture (two thin diagonals at 30x30) took 2-7 s per call.
    out = solve_auto(model, deadline, 1, avoid=mine, known=known)
    if out.solutions:
        return out.solutions[0]["grid"]
    if not out.complete:
        raise SolveTimeout("the solver could not prove the picture unique")
    return None


def make_unique(picture: list[list[int]], palette, deadline: Deadline, rng: random.Random,
                max_changes: int = MAX_REPAIRS, candidates: int = 12
                ) -> tuple[list[list[int]], list[dict], Grade]:
    """Change as few cells of ``picture`` as it takes for its clues to have one solution
    (:func:`pysolver.repair.make_unique_by_flips`: every second solution met is kept and
    a change rules out as many as it can, then leaves line logic the fewest unknown
    cells; cheap second solutions first, see :func:`_second_solutions`).
    Returns the new picture, the changes ``[{"cell": [r, c], "from": key, "to": key}]``
    and its grade.  PuzzleError when ``max_changes`` changes do not make it unique."""
    keys = ["."] + (list(palette) if palette else ["#"])
    index = {k: i for i, k in enumerate(keys)}

    def ints(grid: list[list[str]]) -> list[list[int]]:
        return [[index[k] for k in row] for row in grid]

    def others(grid: list[list[str]]) -> list[dict]:
        return _second_solutions(grid, ints(grid), palette, deadline)

    fixed, changes = repair.make_unique_by_flips(
        [[keys[v] for v in row] for row in picture],
        lambda grid: _unknown_after_line_logic(model_of(ints(grid), palette), deadline),
        others, line_clue, deadline, rng, max_changes, candidates)
    fixed = ints(fixed)
    return fixed, changes, grade_model(model_of(fixed, palette), deadline)


def _second_solutions(grid: list[list[str]], picture: list[list[int]], palette,
                      deadline: Deadline) -> list[dict]:
    """Second solutions of the picture's clues as flips (cells: key), or [] when it is
    the only solution, cheapest first: four-cell switches (microseconds); searches
    inside 10x10 windows; the grading's rules, all sound (below grade 5 they prove it
    unique: 0.04-0.1 s at 30x30); larger windows; one search of the whole grid from the
    cells the grading decided (proofs at the end of a repair of thin strokes took the
    search alone 0.5-1.2 s).  Where the grading goes is a trade: a unique 60x60 picture
    (the bench's number 1) took 1.2 s with both window sizes before it, 0.9 s as here
    (0.17 s with one search and no windows); before the small windows it proved nothing
    in 12 calls on the thin strokes in 3 colours (0.1 s each: 1.9 s -> 2.6 s there)."""
    model = model_of(picture, palette)
    found = _switch_flips(grid) or _local_flips(grid, model, deadline, WINDOWS[0])
    if found:
        return found
    g, known = graded_grid(model, deadline, hard_only=True)
    if g.level < 5:
        return []
    for side in WINDOWS[1:]:
        found = found or _local_flips(grid, model, deadline, side)
    if found:
        return found
    other = second_solution(picture, palette, deadline, known)
    return [] if other is None else repair.parts(grid, other)


def _switch_flips(grid: list[list[str]]) -> list[dict]:
    """The picture's four-cell switches (up to repair.MOST_QUICK), each as the second
    solution it makes: its corners swapped across (in black and white, filled and empty)."""
    if all(k in ".#" for row in grid for k in row):
        found = switches([[int(k != ".") for k in row] for row in grid])
    else:
        found = colour_switches(grid)
    return [{(r1, c1): grid[r1][c2], (r1, c2): grid[r1][c1], (r2, c1): grid[r2][c2], (r2, c2): grid[r2][c1]}
            for r1, r2, c1, c2 in islice(found, repair.MOST_QUICK)]


#: the sides of the windows :func:`_local_flips` searches, overlapping by half, the
#: larger ones only when the smaller found nothing
WINDOWS = (10, 16)


def _local_flips(grid: list[list[str]], model: Model, deadline: Deadline, side: int) -> list[dict]:
    """Second solutions that differ from the picture inside one ``side`` x ``side`` window only: a search
    per window with every cell outside it fixed to the picture's and the cells line
    logic decides fixed inside, windows where it decides every cell skipped (25 windows
    of a 30x30 picture of thin strokes took 0.1 s and found 7 to 10 second solutions,
    where one search of the whole grid took 0.05-3 s)."""
    from .auto import solve_auto
    height, width = len(grid), len(grid[0])
    if height <= side and width <= side:
        return []
    eng = Engine(model, deadline)
    eng.propagate(range(eng.nlines))
    facts = eng.grid()
    mine = ["".join(row) for row in grid]
    found: dict = {}
    for r0 in _starts(height, side):
        for c0 in _starts(width, side):
            if not any("?" in facts[r][c0:c0 + side] for r in range(r0, r0 + side)):
                continue
            known = ["".join(facts[r][c] if r0 <= r < r0 + side and c0 <= c < c0 + side else k
                             for c, k in enumerate(row)) for r, row in enumerate(grid)]
            for other in solve_auto(model, deadline, 1, avoid=mine, known=known).solutions:
                for flip in repair.parts(grid, other["grid"]):
                    found[frozenset(flip.items())] = flip
    return list(found.values())


def _starts(length: int, side: int) -> list[int]:
    """Where windows start along a side: every half window, the last one at the end."""
    if length <= side:
        return [0]
    return sorted(set(range(0, length - side, side // 2)) | {length - side})


#: the least side of a fiendish colour nonogram: below it the stall left by the rungs
#: below guessing covers nearly every line and colouring one in seldom keeps it unique
#: (10x10, 2 and 3 colours, seeds 1-3: 3 of 6 made within 30 s; 12x12: 4 of 4, 7-20 s)
FIENDISH_COLOUR_SIDE = 12
#: the least side of a fiendish black-and-white nonogram: smaller pictures leave few
#: places for a stall that keeps one answer (CPU, numbers 0-2, 2026-11-26: 10x10 0.2-0.6 s,
#: 8x8 10-11 s, 7x7 3-17 s and 1 not made in 40 s; 5x5 and 6x6 not made in 20 s)
FIENDISH_SIDE = 8
#: the largest side of a fiendish colour nonogram: above it a make often runs past the
#: app's time limit in the browser (a review, 2026-11-27: 40x40 in 3 colours took 53 s
#: there, in 8 colours it ran out of time twice; CPython, 8 colours, numbers 0-1, CPU on a
#: loaded machine: 20x20 0.7-6.6 s, 30x30 20-24 s, 40x40 not made in 60 s)
FIENDISH_COLOUR_MAX_SIDE = 30


def check_grade(width: int, height: int, colours: int, level: int) -> None:
    """PuzzleError for a grade the maker does not make at this size and colours."""
    if level == 5 and colours > 1 and min(width, height) < FIENDISH_COLOUR_SIDE:
        raise ParamError("grade", "Grade", f"{a_size(width, height)} nonogram in colour is made in grades 1 to 4; grade 5 "
                          f"fiendish needs {FIENDISH_COLOUR_SIDE} or more cells a side (on smaller colour "
                          f"pictures guessing is seldom left with one answer; black and white from "
                          f"{FIENDISH_SIDE} a side)")
    if level == 5 and colours > 1 and max(width, height) > FIENDISH_COLOUR_MAX_SIDE:
        raise ParamError("grade", "Grade", f"{a_size(width, height)} nonogram in colour is made in grades 1 to 4; grade 5 "
                          f"fiendish in colour is made up to {FIENDISH_COLOUR_MAX_SIDE} cells a side (larger ones "
                          f"take longer than the maker waits; black and white up to {MAX_SIDE})")
    if level == 5 and min(width, height) < FIENDISH_SIDE:
        raise ParamError("grade", "Grade", f"{a_size(width, height)} nonogram is made in grades 1 to 4; grade 5 fiendish needs "
                          f"{FIENDISH_SIDE} or more cells a side (on smaller pictures guessing is seldom left "
                          f"with one answer)")


#: the least side from which every fiendish picture is mirrored (left to right or top to
#: bottom), by colours (1: black and white, else colour): climbs to fiendish from
#: mirrored pictures succeed far more often (20x20, black and white, 25 starts each: 15
#: reached grade 5 unique, 1.0 s of CPU per success, against 7 and 4.1 s unmirrored).
#: Smaller pictures are mirrored as often as the other grades, 2 in 5: there mirroring
#: made it slower or failed (8x8 b/w, numbers 0-7: 2 not made in 20 s against none;
#: 12x12, 3 colours, numbers 0-3: 2 not made against 1)
FIENDISH_MIRROR_SIDE = {True: 10, False: 15}


def _mirror_share(width: int, height: int, colours: int, level: int) -> float:
    """How often a random picture for this request is mirrored."""
    if level == 5 and min(width, height) >= FIENDISH_MIRROR_SIDE[colours == 1]:
        return 1.0
    return 0.4


#: pictures a climber remembers the grades of (then it forgets them all)
SEEN_LIMIT = 1000


class _Climber:
    """Grades pictures of one palette for a climb without the simple rules
    (:func:`.grade.graded_grid` with ``hard_only``: only grades 3 and up matter there)
    and proves a fiendish one unique from the grid its grading left: the cells the
    rungs below guessing decided are facts of the clues, so the solver searches the
    stall only (about 2.6 times faster on 20x20 pictures)."""

    def __init__(self, palette, deadline: Deadline):
        self.palette, self.deadline = palette, deadline
        self.last: tuple[tuple, list[str] | None] | None = None
        # (what each picture met graded to and whether it was unique: a climb that
        # undoes a change may try the same change again later)
        self.seen: dict[tuple, tuple[Grade, list[str]]] = {}
        self.proved: dict[tuple, bool] = {}

    def graded(self, picture: list[list[int]]) -> tuple[Grade, list[str]]:
        key = _frozen(picture)
        got = self.seen.get(key)
        if got is None:
            # (the picture is a solution of its clues: the grading skips the probes
            # of its values)
            got = graded_grid(model_of(picture, self.palette), self.deadline, hard_only=True, solution=picture)
            if len(self.seen) >= SEEN_LIMIT:
                self.seen.clear()
            self.seen[key] = got
        self.last = (key, got[1])
        return got

    def grade(self, picture: list[list[int]]) -> Grade:
        if self.palette is None and switch(picture):
            # two solutions, told at once: grading would stall on it, and the proof
            # fail, after far longer (20x20 climbs to fiendish, numbers 0-9: 137 of
            # the 248 stalls met); the climb treats it as it would that stall
            self.last = (_frozen(picture), None)
            return _SWITCH
        return self.graded(picture)[0]

    def unique(self, picture: list[list[int]]) -> bool:
        """Whether the solver proves ``picture`` unique (from the grid its grading left,
        when it was the picture graded last)."""
        key = _frozen(picture)
        if key not in self.proved:
            if key in self.seen and self.seen[key][0].stats.get("solutions") == 2:
                return False        # the grading met a second solution
            if self.last is not None and self.last[0] == key:
                if self.last[1] is None:
                    return False        # it has a switch (see grade)
                self.proved[key] = second_solution(picture, self.palette, self.deadline, self.last[1]) is None
            else:
                self.proved[key] = second_solution(picture, self.palette, self.deadline, None) is None
        return self.proved[key]


#: the grade of a black-and-white picture with a four-cell switch: two solutions, a stall
_SWITCH = Grade(5, "four cells can swap filled and empty: the clues have two solutions", {"solutions": 2})


def _frozen(picture: list[list[int]]) -> tuple:
    return tuple(map(tuple, picture))


def _climbed(picture: list[list[int]], level: int, palette, colours: int, rng: random.Random,
             deadline: Deadline, sym: bool) -> list[list[int]] | None:
    """A picture of grade ``level`` (3 to 5) made from the random ``picture``, or None
    to draw another.  At 5, ``picture`` is black and white."""
    bw = _Climber(None, deadline)
    if level == 5:
        # (random pictures that need guessing are almost never unique: climb to one)
        g = bw.grade(picture)
        if g.level not in (3, 4):
            return None
        found = climb(picture, g, 5, [0, 1], rng, bw.grade, bw.unique, sym)
        if found is not None and palette is not None:
            found = coloured(found[0], colours, rng, _Climber(palette, deadline), sym)
        return None if found is None else found[0]
    climber = _Climber(palette, deadline)
    g = climber.grade(picture)
    if g.level == level:
        return picture
    if level == 4 and g.level == 3 and palette is not None:
        # (in colour, grade 4 is rare among random pictures (none in 500 at 20x20, 3
        # colours: 296 graded 1-2, 188 5, 16 3) but a climb from 3 reaches it; the grade
        # proves it unique.  20x20, 3 colours, numbers 0-9: median 0.33 s instead of
        # about 2 s, slowest 0.86 s instead of 4.9 s)
        found = climb(picture, g, 4, list(range(colours + 1)), rng, climber.grade, climber.unique, sym)
        return None if found is None else found[0]
    return None


def _full_grade(picture: list[list[int]], palette, deadline: Deadline) -> Grade:
    """The grade of the picture's puzzle, every rung (the picture is a solution: the
    grading skips the probes of its values)."""
    return graded_grid(model_of(picture, palette), deadline, solution=picture)[0]


@sharing()
def make_random(width: int, height: int, colours: int = 1, level: int = 2, seed: int = 0,
                deadline: Deadline | None = None, symmetric: bool | None = None) -> dict:
    """A random nonogram of grade ``level`` with exactly one solution: puzzle JSON with
    its ``grade`` and solution.  The same arguments give the same puzzle."""
    for name, side in (("width", width), ("height", height)):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise PuzzleError(f"{name}: {side} is not from {MIN_SIDE} to {MAX_SIDE}")
    palette = palette_of(colours)
    check_grade(width, height, colours, level)
    deadline = deadline or Deadline(None)
    rng = random.Random(f"nonogram {width}x{height} {colours} {level} {seed}")
    tries = 0
    while True:
        deadline.check()
        tries += 1
        sym = rng.random() < _mirror_share(width, height, colours, level) if symmetric is None else symmetric
        # (a fiendish picture mirrored top to bottom is made on its transpose, mirrored
        # left to right: that grade and uniqueness do not depend on the way round)
        upright = sym and level == 5 and rng.random() < 0.5
        across, down = (height, width) if upright else (width, height)
        # (a fiendish picture is climbed to in black and white, then coloured in)
        picture = random_picture(across, down, 1 if level == 5 else colours, level, rng, sym)
        filled = sum(bool(v) for row in picture for v in row)
        if not filled or filled > MAX_FILLED * across * down:
            continue
        if level < 3:
            g = _full_grade(picture, palette, deadline)
            if g.level != level:
                continue
        else:
            found = _climbed(picture, level, palette, colours, rng, deadline, sym)
            if found is None:
                continue
            picture = [list(col) for col in zip(*found)] if upright else found
            # (the climb graded without the simple rules, at 5 perhaps the transposed
            # picture: the full grade for the record, the same from 3 up)
            g = _full_grade(picture, palette, deadline)
            if g.level != level:
                continue
        puzzle = puzzle_of(picture, palette)
        kind = "black-and-white" if palette is None else f"{colours} colours"
        puzzle.update(title=f"Nonogram {width}×{height}, {kind}, {g.words} #{seed}", author="Picture Logic",
                      license="CC0-1.0", grade=g.level)
        return {"puzzle": puzzle, "stats": {"tries": tries, "grade": g.to_json()}}


def _keyed(colours: list[str]) -> dict[str, str]:
    """A picture's colours keyed by the first letter of their names where that is free
    ("b" a blue, "g" a green: a clue "4b" should not be green; black is "k"), else by a
    letter that names no colour."""
    from ..colournames import name_of, plain_name
    out: dict[str, str] = {}
    for hex_ in colours:
        name = name_of(hex_) or plain_name(hex_) or ""
        want = "k" if name == "black" else name.split()[-1][:1] if name else ""
        key = want if want.isascii() and want.isalpha() and want not in out else \
            next(k for k in NEUTRAL_KEYS if k not in out)
        out[key] = hex_
    return out


#: keys for colours whose initial is taken: letters no name of colournames' table nor
#: of plain_name starts with (h would be hotpink's)
NEUTRAL_KEYS = "xzqjuefa"


def snapped_picture(rgba, source_width: int, source_height: int, width: int, colours: int = 1,
                    seed: int = 0, threshold: int | None = None) -> tuple[dict, list[str]]:
    """The picture :func:`make_from_picture` starts from: ``(palette, rows)``, '.' blank."""
    from ..linkapix.pictures import picture_from_rgba, pixels_of
    arr = pixels_of(rgba, source_width, source_height)
    height = max(1, round(width * source_height / source_width))
    if not (MIN_SIDE <= height <= 4 * MAX_SIDE):
        raise PuzzleError(f"picture: {width} cells across makes it {height} cells down")
    return picture_from_rgba(arr, width, height, colours, "auto", seed, threshold=threshold)


@sharing()
def make_from_picture(rgba, source_width: int, source_height: int, width: int, colours: int = 1,
                      seed: int = 0, deadline: Deadline | None = None, title: str | None = None,
                      threshold: int | None = None) -> dict:
    """A unique nonogram from RGBA pixels (base64 text, bytes or an array): scaled to at
    most ``width`` cells across, colours snapped to ``colours`` palette colours (a plain
    border colour, or transparency, stays blank; in black and white, cells darker than
    ``threshold`` per cent are filled, None finding a threshold from the picture: see
    :func:`..linkapix.pictures.picture_from_rgba`), then repaired by :func:`make_unique`.
    ``stats.changed`` lists the cells the repair changed, ``stats.colours`` the colour
    of each key of the solution."""
    palette_in, rows = snapped_picture(rgba, source_width, source_height, width, colours, seed, threshold)
    keys_in = list(palette_in)
    palette = None if colours == 1 else _keyed([palette_in[k] for k in keys_in])
    picture = [[0 if ch == "." else (1 if colours == 1 else keys_in.index(ch) + 1) for ch in row] for row in rows]
    if not any(any(row) for row in picture):
        raise PuzzleError("picture: nothing is left to fill once the background is taken away")
    deadline = deadline or Deadline(None)
    rng = random.Random(f"nonogram picture {seed}")
    most = max(MAX_REPAIRS, len(picture) * len(picture[0]) // PICTURE_REPAIR_SHARE)
    picture, changes, g = make_unique(picture, palette, deadline, rng, most)
    puzzle = puzzle_of(picture, palette)
    h, w = len(picture), len(picture[0])
    # (no licence: the picture is the maker's own, whatever its terms; random puzzles are CC0)
    puzzle.update(title=title or f"Nonogram {w}×{h} from a picture", grade=g.level)
    # (colours: what the app draws the picture made in, the changed cells ringed)
    colours = {".": "#ffffff", **(palette or {"#": "#000000"})}
    return {"puzzle": puzzle, "stats": {"changed": changes, "colours": colours, "grade": g.to_json()}}
