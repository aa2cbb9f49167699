"""The nonogram maker's shortcuts (issue 23) change nothing they should not: grading
without the simple rules gives the same grade from 3 up, a search started from the cells
a grading decided finds the same answers, colour grade 4 is climbed to, and a fiendish
picture is mirrored (top to bottom ones are made on the transposed picture)."""
import random

import pytest

from pysolver import api
from pysolver.base import Deadline
from pysolver.format import parse_puzzle
from pysolver.nonogram import maker
from pysolver.nonogram.grade import graded_grid


def pictures(count: int, side: int, seed: int):
    """Random blob pictures of 1 to 3 colours and the styles of grades 3 to 5."""
    rng = random.Random(seed)
    for _ in range(count):
        colours = rng.choice([1, 2, 3])
        picture = maker.random_picture(side, side, colours, rng.choice([3, 4, 5]), rng, rng.random() < 0.4)
        if any(any(row) for row in picture):
            yield picture, maker.palette_of(colours)


def test_grading_without_the_simple_rules_gives_the_same_grade_from_3_up():
    levels = set()
    for picture, palette in pictures(120, 15, 1):
        model = maker.model_of(picture, palette)
        full, full_grid = graded_grid(model, Deadline(30))
        hard, hard_grid = graded_grid(model, Deadline(30), hard_only=True)
        levels.add(full.level)
        assert hard.level == max(2, full.level)
        assert hard.stats.get("contradictions") == full.stats.get("contradictions")
        assert hard_grid == full_grid
    assert {2, 5} <= levels and levels & {3, 4}


def test_a_search_from_the_cells_a_grading_decided_finds_the_same_answers():
    fiendish = maker.make_random(12, 12, 1, 5, 0, Deadline(120))["puzzle"]["solution"]["grid"]
    cases = [([[int(ch == "#") for ch in row] for row in fiendish], None)] + list(pictures(80, 10, 2))
    seen = {(unique, colour): 0 for unique in (True, False) for colour in (True, False)}
    for picture, palette in cases:
        model = maker.model_of(picture, palette)
        g, grid = graded_grid(model, Deadline(30), hard_only=True)
        if g.level < 5:
            continue
        plain = maker.second_solution(picture, palette, Deadline(30))
        started = maker.second_solution(picture, palette, Deadline(30), known=grid)
        assert (plain is None) == (started is None)
        if started is not None:
            assert started != maker.puzzle_of(picture, palette)["solution"]["grid"]
            p = parse_puzzle(maker.puzzle_of(picture, palette))
            assert p.family.check(p.model, {"grid": started}).solved
        seen[(started is None, palette is not None)] += 1
    # (a unique one, and others in black and white and in colour: the two solvers)
    assert seen[(True, False)] and seen[(False, False)] and seen[(False, True)]


def solved_once(puzzle: dict) -> bool:
    out = api.solve({k: v for k, v in puzzle.items() if k != "solution"}, unique=True, timeout=60)
    return out["status"] == "solved" and out["unique"] is True


def regraded(puzzle: dict) -> int:
    p = parse_puzzle(puzzle)
    return p.family.grade(p.model, Deadline(60)).level


def test_colour_grade_4_is_climbed_to_and_unique():
    puzzle = maker.make_random(15, 15, 3, 4, 1, Deadline(120))["puzzle"]
    assert puzzle["grade"] == 4 == regraded(puzzle)
    assert solved_once(puzzle)


@pytest.mark.parametrize("width,height,seed", [(12, 12, 0), (12, 10, 1), (10, 12, 2)])
def test_a_fiendish_picture_is_mirrored_one_way_or_the_other(width, height, seed):
    puzzle = maker.make_random(width, height, 1, 5, seed, Deadline(120))["puzzle"]
    rows = puzzle["solution"]["grid"]
    assert (len(rows[0]), len(rows)) == (width, height) == (puzzle["width"], puzzle["height"])
    assert all(row == row[::-1] for row in rows) or rows == rows[::-1]
    assert puzzle["grade"] == 5 == regraded(puzzle)
    assert solved_once(puzzle)


def test_a_four_cell_switch_is_found_exactly_when_one_exists():
    """pysolver/nonogram/switch.py against trying every rectangle, on random pictures:
    the switch it names keeps every clue, and none is missed."""
    import random as rnd
    from pysolver.nonogram.switch import switch

    def blocks(line):
        return [len(run) for run in "".join(map(str, line)).split("0") if run]

    def clues(p):
        return [blocks(row) for row in p], [blocks(col) for col in zip(*p)]

    def swapped(p, r1, r2, c1, c2):
        q = [list(row) for row in p]
        for r in (r1, r2):
            q[r][c1], q[r][c2] = q[r][c2], q[r][c1]
        return q

    def any_switch(p):
        h, w = len(p), len(p[0])
        return any(p[r1][c1] == p[r2][c2] != p[r1][c2] == p[r2][c1]
                   and clues(swapped(p, r1, r2, c1, c2)) == clues(p)
                   for r1 in range(h) for r2 in range(r1 + 1, h) for c1 in range(w) for c2 in range(c1 + 1, w))

    rng = rnd.Random(3)
    found = 0
    for _ in range(1500):
        h, w, share = rng.randint(2, 8), rng.randint(2, 8), rng.choice((0.2, 0.5, 0.7))
        p = [[int(rng.random() < share) for _ in range(w)] for _ in range(h)]
        got = switch(p)
        assert (got is not None) == any_switch(p), p
        if got:
            found += 1
            q = swapped(p, *got)
            assert q != p and clues(q) == clues(p)
    assert found > 300


def test_an_easy_random_picture_is_not_a_filled_block():
    """Grade 1's dense smooth blobs came out 80-100 % filled (a review: number 42 at
    10x10 was all black, and 3 of 30 others): pictures fuller than MAX_FILLED are drawn
    again."""
    from pysolver.make import make
    from pysolver.nonogram.maker import MAX_FILLED
    for seed in [42, *range(12)]:
        grid = make("nonogram", {"width": 10, "height": 10, "colours": 1, "grade": 1, "seed": seed})["puzzle"]
        cells = "".join(grid["solution"]["grid"])
        assert cells.count("#") <= MAX_FILLED * len(cells), seed


def test_a_pictures_colours_are_keyed_by_their_names_initials():
    # (a clue "4b" must not be green; a second red, or a black, gets a letter of its own)
    from pysolver.nonogram.maker import _keyed
    assert _keyed(["#c72324", "#18961e", "#1514c7"]) == {"r": "#c72324", "g": "#18961e", "b": "#1514c7"}
    assert list(_keyed(["#c72324", "#d0312d", "#000000"])) == ["r", "x", "k"]
