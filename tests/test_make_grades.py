"""Makers of the hard grades (issue 23): nonograms of grade 5 (black and white, and in
colour) and Hungry Cat puzzles of grades 3 and 4, climbed to from easier pictures
(pysolver/climb.py, pysolver/nonogram/fiendish.py), are unique (proved by the solver),
of the grade asked for and made again from their number; the grades a maker cannot make
are refused or not offered."""
import json
import random

import pytest

from pysolver import api, make
from pysolver.base import Deadline, PuzzleError
from pysolver.climb import climb, descend
from pysolver.format import parse_puzzle
from pysolver.grade import Grade
from pysolver.hungrycat import makers as hungrycat_makers
from pysolver.nonogram import maker


def regraded(puzzle: dict) -> int:
    p = parse_puzzle(puzzle)
    return p.family.grade(p.model, Deadline(60)).level


def unique(puzzle: dict) -> bool:
    out = api.solve({k: v for k, v in puzzle.items() if k != "solution"}, unique=True, timeout=60)
    return out["status"] == "solved" and out["unique"] is True


@pytest.mark.parametrize("seed", [0])
def test_a_fiendish_black_and_white_nonogram_needs_guessing_and_is_unique(seed):
    puzzle = maker.make_random(12, 12, 1, 5, seed, Deadline(120))["puzzle"]
    assert puzzle["grade"] == 5 == regraded(puzzle)
    assert unique(puzzle)
    assert maker.make_random(12, 12, 1, 5, seed, Deadline(120))["puzzle"] == puzzle


def test_a_fiendish_nonogram_in_colour_needs_guessing_is_unique_and_uses_every_colour():
    """(a black-and-white fiendish picture coloured in, pysolver/nonogram/fiendish.py)"""
    puzzle = maker.make_random(15, 15, 2, 5, 4, Deadline(120))["puzzle"]
    assert puzzle["grade"] == 5 == regraded(puzzle)
    assert unique(puzzle)
    cells = "".join(puzzle["solution"]["grid"])
    filled = sum(ch != "." for ch in cells)
    assert all(cells.count(key) >= filled // 4 for key in puzzle["palette"])
    assert maker.make_random(15, 15, 2, 5, 4, Deadline(120))["puzzle"] == puzzle


def test_a_fiendish_colour_nonogram_too_small_or_too_large_to_be_made_is_refused_at_once():
    with pytest.raises(PuzzleError, match="nonogram in colour is made in grades 1 to 4; grade 5 fiendish needs 12 or more"):
        maker.make_random(10, 14, 3, 5, 0, Deadline(1))
    with pytest.raises(PuzzleError, match="grade 5 fiendish in colour is made up to 30 cells a side"):
        make.make("nonogram", {"width": 40, "height": 40, "colours": 8, "grade": 5, "seed": 0})


@pytest.mark.parametrize("level,seed", [(3, 0), (4, 0)])
def test_hungry_cat_grades_3_and_4_are_made_as_asked(level, seed):
    values = {"width": 10, "height": 10, "colours": 3, "grade": level, "seed": seed}
    puzzle = make.make("hungrycat", values, timeout=120)["puzzle"]
    assert puzzle["grade"] == level == regraded(puzzle)
    assert unique(puzzle)
    assert make.make("hungrycat", values, timeout=120)["puzzle"] == puzzle


def test_a_fiendish_hungry_cat_needs_more_than_20_contradictions_and_is_unique():
    """(no stalled Hungry Cat has ever had one solution: its fiendish rung counts)"""
    values = {"width": 8, "height": 8, "colours": 3, "grade": 5, "seed": 2}
    made = make.make("hungrycat", values, timeout=120)
    puzzle = made["puzzle"]
    assert puzzle["grade"] == 5 == regraded(puzzle)
    stats = made["stats"]["grade"]["stats"]
    assert stats["contradictions"] > 20 and "guess_left" not in stats
    assert unique(puzzle)
    assert make.make("hungrycat", values, timeout=120)["puzzle"] == puzzle


def test_the_hungry_cat_form_offers_fiendish_where_it_is_made():
    grade = next(p for p in hungrycat_makers.MAKERS["random"].params if p.name == "grade")
    assert (grade.min, grade.max) == (1, 5)
    with pytest.raises(PuzzleError, match="grade 5 fiendish needs 6 or more cells a side"):
        make.make("hungrycat", {"width": 5, "height": 8, "grade": 5, "seed": 0})
    with pytest.raises(PuzzleError, match="in 2 colours is made in grades 1 to 4"):
        make.make("hungrycat", {"width": 8, "height": 8, "colours": 2, "grade": 5, "seed": 0})
    # (hard and tough need room too: a review's 4x4 tough ran out of the app's 120 s)
    with pytest.raises(PuzzleError, match="made in grades 1 and 2; grade 4 tough needs 5 or more cells a side"):
        make.make("hungrycat", {"width": 4, "height": 4, "colours": 3, "grade": 4, "seed": 0})
    with pytest.raises(PuzzleError, match="in 2 colours is made in grades 1 to 3; grade 4 tough needs 6 or more"):
        make.make("hungrycat", {"width": 5, "height": 5, "colours": 2, "grade": 4, "seed": 0})


def test_a_climb_keeps_what_does_not_lower_the_score_and_stops_at_the_grade_asked():
    """On a toy grading (the grade is the count of ones, capped at 5) the climb must end
    on the grade asked for, leave the picture given alone and give up after its steps."""
    def grade_of(pic):
        ones = sum(map(sum, pic))
        return Grade(min(5, max(1, ones)), "toy", {"contradictions": 0})
    start = [[0, 0, 0], [0, 0, 0]]
    pic, g = climb(start, grade_of(start), 4, [0, 1], random.Random(3), grade_of, lambda p: True)
    assert g.level == 4 == sum(map(sum, pic)) and start == [[0, 0, 0], [0, 0, 0]]
    # a grade-5 picture the solver does not prove unique is never the answer
    assert climb(start, grade_of(start), 5, [0, 1], random.Random(3), grade_of, lambda p: False,
                 steps=50) is None


def test_a_walk_down_moves_blob_edges_stays_unique_and_stops_at_the_grade_asked():
    """climb.descend on the toy grading: from a harder picture to the grade asked, never
    through a picture ``unique`` refuses, the picture given left alone."""
    def grade_of(pic):
        ones = sum(map(sum, pic))
        return Grade(min(5, max(1, ones)), "toy", {"contradictions": 0})
    start = [[1, 1, 1, 1], [1, 0, 0, 0]]
    pic, g = descend(start, grade_of(start), 2, random.Random(1), grade_of, lambda p: True)
    assert g.level == 2 == sum(map(sum, pic)) and start == [[1, 1, 1, 1], [1, 0, 0, 0]]
    assert descend(start, grade_of(start), 2, random.Random(1), grade_of, lambda p: False, steps=50) is None


# -- Numberlink and Link-a-Pix: grades steered by how long the lines / links are ----------

@pytest.mark.parametrize("family,values", [
    ("numberlink", {"width": 7, "height": 7, "grade": 1, "seed": 0}),
    ("numberlink", {"width": 8, "height": 8, "grade": 3, "seed": 1}),
    ("numberlink", {"width": 12, "height": 12, "grade": 4, "seed": 2}),
    ("numberlink", {"width": 12, "height": 12, "grade": 1, "seed": 3}),     # a grade-2 board cut down
    ("linkapix", {"width": 8, "height": 8, "colours": 2, "grade": 1, "seed": 0}),
    ("linkapix", {"width": 12, "height": 10, "colours": 2, "grade": 2, "seed": 1}),
    ("linkapix", {"width": 12, "height": 12, "colours": 3, "grade": 3, "seed": 2}),
    ("linkapix", {"width": 10, "height": 10, "colours": 2, "grade": 4, "seed": 3}),
])
def test_a_grade_asked_is_the_grade_got_unique_and_made_again(family, values):
    puzzle = make.make(family, values, timeout=120)["puzzle"]
    assert puzzle["grade"] == values["grade"] == regraded(puzzle)
    assert (puzzle["width"], puzzle["height"]) == (values["width"], values["height"])
    assert unique(puzzle)
    assert make.make(family, values, timeout=120)["puzzle"] == puzzle


@pytest.mark.parametrize("family,values,words", [
    ("numberlink", {"width": 5, "height": 5, "grade": 5}, "made in grades 1 easy, 2 medium; grade 5 needs 225"),
    ("numberlink", {"width": 10, "height": 10, "grade": 4}, "made in grades 1 easy, 2 medium, 3 hard; grade 4 needs 144"),
    ("linkapix", {"width": 8, "height": 8, "grade": 2}, "made in grades 1 easy, 4 tough; grade 2 needs a board of 10"),
    ("linkapix", {"width": 14, "height": 20, "grade": 5}, "4 tough; grade 5 needs a board of 15 or more a side"),
])
def test_a_grade_a_size_cannot_have_is_refused_with_the_grades_it_can(family, values, words):
    with pytest.raises(PuzzleError, match=words):
        make.make(family, dict(values, seed=0), timeout=5)


def test_a_fiendish_link_a_pix_needs_a_long_search_and_has_one_picture():
    """(links joined while the search grows, pysolver/linkapix/graded.py)"""
    values = {"width": 20, "height": 20, "colours": 3, "grade": 5, "seed": 5}
    made = make.make("linkapix", values, timeout=120)
    puzzle = made["puzzle"]
    assert puzzle["grade"] == 5 == regraded(puzzle)
    assert made["stats"]["grade"]["stats"]["search_nodes"] > 12
    assert unique(puzzle)
    assert make.make("linkapix", values, timeout=120)["puzzle"] == puzzle


def test_without_a_grade_the_makers_make_the_boards_they_made_before():
    from pysolver.numberlink.generate import generate
    board = make.make("numberlink", {"width": 6, "height": 5, "seed": 3})["puzzle"]
    assert board["endpoints"] == generate(6, 5, 3)["endpoints"] and board["title"] == "Numberlink 6×5 #3"


def test_link_a_pix_cuts_and_joins_keep_the_picture_and_its_clues_consistent():
    """The re-cutting helpers: a cut makes two links of the same colour covering the same
    cells; a join of two touching links makes one; the puzzle JSON's clues are the ends."""
    from pysolver.linkapix.graded import _Links
    puzzle = make.make("linkapix", {"width": 10, "height": 10, "colours": 2, "grade": 1, "seed": 4})["puzzle"]
    links = _Links(puzzle)
    cells = sorted(i for path, _ in links.links for i in path)
    k = max(range(len(links.links)), key=lambda k: len(links.links[k][0]))
    links.cut(k, random.Random(0))
    assert sorted(i for path, _ in links.links for i in path) == cells
    a, b, ra, rb = links.joins()[0]
    n = len(links.links)
    links.join(a, b, ra, rb)
    assert len(links.links) == n - 1 and sorted(i for path, _ in links.links for i in path) == cells
    again = links.puzzle()
    ends = {(r, c) for r, c, _, _ in again["clues"]}
    assert all((p[0][0], p[0][1]) in ends and (p[-1][0], p[-1][1]) in ends for p in again["solution"]["paths"])
    p = parse_puzzle(again)
    assert p.family.check(p.model, again["solution"]).solved


@pytest.mark.parametrize("family,values,refused", [
    ("numberlink", {"width": 5, "height": 5}, {3, 4, 5}),
    ("numberlink", {"width": 15, "height": 15}, set()),
    ("nonogram", {"width": 10, "height": 10, "colours": 2}, {5}),
    ("nonogram", {"width": 10, "height": 10, "colours": 1}, set()),
    ("nonogram", {"width": 6, "height": 9, "colours": 1}, {5}),
    ("linkapix", {"width": 8, "height": 8}, {2, 3, 5}),
    ("linkapix", {"width": 15, "height": 15}, set()),
    ("hungrycat", {"width": 8, "height": 8, "colours": 2}, {5}),
    ("hungrycat", {"width": 8, "height": 8, "colours": 3}, set()),
    ("hungrycat", {"width": 30, "height": 30, "colours": 3}, set()),
    ("hungrycat", {"width": 30, "height": 30, "colours": 2}, set()),
    ("hungrycat", {"width": 25, "height": 25, "colours": 8}, {3, 4, 5}),
    ("hungrycat", {"width": 24, "height": 24, "colours": 8}, set()),
])
def test_the_form_is_told_which_grades_a_size_cannot_have_and_why(family, values, refused):
    # what the page greys out comes from the same check that refuses a request
    from pysolver import webapi
    got = json.loads(webapi.handle(json.dumps({"cmd": "refusals", "args": {"type": family, "maker": "random", **values}})))
    reasons = got["result"]["refused"].get("grade", {})
    assert {int(g) for g in reasons} == refused
    for g, why in reasons.items():
        with pytest.raises(PuzzleError) as exc:
            make.make(family, dict(values, grade=int(g), seed=0), timeout=5)
        # (the form says it by the field's label; the library by the parameter's name)
        assert exc.value.plain == why and why.startswith("Grade: ")
        assert str(exc.value) == "grade: " + why[len("Grade: "):]
