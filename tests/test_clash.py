"""The editor's "No solution": the lines whose clues clash (pysolver.conflict), for the
two line families, on pictures of our own with clues mistyped as a maker might."""
import pytest

from pysolver import api
from pysolver.hungrycat.maker import from_picture
from testkit import runs_of

# (a picture with rows of two and three blocks of different lengths, so that swapping
# two blocks of a row's clue is a typo that leaves the totals as they were)
PICTURE = [
    "###.#.....",
    ".##..###..",
    "#.####..#.",
    "..###.##.#",
    "####.#..##",
    "#..##.###.",
    ".#####.#..",
    "##..#.####",
    "..##..##.#",
    "#.###.#...",
]


def nonogram(rows=None):
    grid = [[ch == "#" for ch in row] for row in PICTURE]
    return {"type": "nonogram", "width": 10, "height": 10,
            "rows": rows or [runs_of(r) for r in grid], "cols": [runs_of(c) for c in zip(*grid)]}


def swapped(rows, i):
    """Row i's clue with its first two blocks swapped."""
    out = [list(r) for r in rows]
    out[i][0], out[i][1] = out[i][1], out[i][0]
    return out


def test_a_puzzle_with_a_solution_has_no_clash():
    assert api.solve(nonogram())["status"] == "solved"
    assert api.clash(nonogram()) is None


@pytest.mark.parametrize("row", [1, 3, 5, 7, 9])
def test_a_mistyped_row_is_among_the_suspects(row):
    p = nonogram(swapped(nonogram()["rows"], row))
    assert api.solve(p)["status"] == "unsolvable"
    clash = api.clash(p)
    assert clash["kind"] == "suspects"
    assert ["row", row] in clash["lines"]
    assert len(clash["lines"]) < 20 and clash["message"].endswith("no longer clash)")


def test_two_separate_mistakes_give_lines_that_cannot_all_hold():
    rows = swapped(swapped(nonogram()["rows"], 1), 7)
    clash = api.clash(nonogram(rows))
    assert clash["kind"] == "conflict" and "cannot all hold" in clash["message"]
    # (every line of a conflict is needed: with one left out, the rest are consistent;
    # one of the two typos is among them)
    assert ["row", 1] in clash["lines"] or ["row", 7] in clash["lines"]


def test_the_message_names_the_lines_as_a_player_counts_them():
    from pysolver.conflict import clash_answer
    assert clash_answer(3, ("suspects", [0])) == {
        "kind": "suspects", "lines": [["row", 0]],
        "message": "if only one clue is mistyped, it is the clue of row 1 (without it the other clues no longer clash)"}
    got = clash_answer(3, ("conflict", [0, 2, 3, 5]))
    assert got["message"].startswith("the clues of rows 1, 3 and columns 1, 3 cannot all hold")
    assert got["lines"] == [["row", 0], ["row", 2], ["col", 0], ["col", 2]]


def test_a_hungry_cat_with_a_circle_mistyped():
    picture = ["RRBWB", "RWBBB", "RRWWB", "WRBBW", "BRWRR"]
    p = from_picture(picture, {"R": "#ff0000", "B": "#0000ff", "W": "#ffffff"})
    p.update(type="hungrycat", width=5, height=5)
    assert api.clash(p) is None
    # row 2 (index 1): its blue cells form one block, so the clue circles them; a maker
    # typing it without the circle says they do not
    item = next(i for i in p["rows"][1] if i[0] == "B")
    item[2] = False
    assert api.solve(p)["status"] == "unsolvable"
    clash = api.clash(p)
    assert ["row", 1] in clash["lines"]


def test_a_hint_on_a_puzzle_without_a_solution_says_so_and_where():
    """(the rule steps went on to "row 4 cannot be completed: something is wrong",
    blaming the player's grid for the puzzle's fault)"""
    p = nonogram(swapped(nonogram()["rows"], 3))
    hint = api.hint(p, {"grid": ["?" * 10] * 10})
    assert hint["wrong"] is True and hint["lines"] == [["row", 3]]
    assert hint["message"].startswith("this puzzle has no solution: if only one clue is mistyped, it is the clue of row 4")


def test_a_numberlink_without_an_answer_says_why_in_words():
    crossing = {"type": "numberlink", "width": 3, "height": 3, "cover": "free",
                "endpoints": [[0, 1, "A"], [2, 1, "A"], [1, 0, "B"], [1, 2, "B"]]}
    assert api.solve(crossing)["status"] == "unsolvable"
    clash = api.clash(crossing)
    assert clash == {"kind": "reason", "lines": [], "cells": [[0, 1], [2, 1], [1, 0], [1, 2]],   # (the endpoints)
                     "message": "A and B meet the edge of the free cells in crossing order: their lines would cross"}
    assert api.hint(crossing, {"paths": {}})["message"] == "this puzzle has no solution: " + clash["message"]


def test_out_of_time_while_suspects_are_looked_for_says_nothing_rather_than_a_part():
    """(a review: a 55x60 board ran out of time with rows tried first, and the partial
    list, which left out the mistyped column, read as complete)"""
    from pysolver.base import SolveTimeout
    from pysolver.conflict import clashing_lines
    calls = []

    def contradicts(active):
        calls.append(1)
        if len(calls) > 5:
            raise SolveTimeout("out of time")
        return active[2]  # (line 2 a suspect, found before the time runs out: the rest are not tried)
    with pytest.raises(SolveTimeout):
        clashing_lines(20, contradicts)


def test_a_hungry_cat_circle_typed_as_a_square_is_found_by_the_exact_line_solver():
    """(a review: "[7]R 4B" for "7R 4B" in the library's "Four colours" got no outline:
    the notebook's rules find no contradiction there, the exact line solver does)"""
    import json
    from testkit import ROOT
    p = json.loads((ROOT / "static" / "puzzles" / "hungrycat-11x11.json").read_text())
    p.pop("solution")
    p["rows"][1] = [["R", 7, False], ["B", 4, True]]
    clash = api.clash(p)
    assert clash["kind"] == "suspects" and clash["lines"] == [["row", 1]]


def test_a_board_beyond_the_editors_sides_is_not_looked_through():
    """(each line is a run of line reasoning over the whole board: a 512x512 would keep
    the worker for minutes after "no solution")"""
    from pysolver.conflict import MAX_LINES, clashing_lines
    asked = []
    assert clashing_lines(MAX_LINES + 1, lambda active: asked.append(1) or True) is None and not asked


def test_where_line_reasoning_finds_nothing_probing_finds_the_clash():
    """(a tough 10x10 of our maker, number 0, with row 2's blocks swapped: line logic
    alone stalls without a contradiction, and so it did on 7 of 8 tournament boards with
    a swapped clue, of which probing found 5)"""
    from pysolver.base import Deadline
    from pysolver.format import parse_puzzle
    from pysolver.nonogram.clash import _SomeLinesFree
    p = {"type": "nonogram", "width": 10, "height": 10,
         "rows": [[2], [1, 2], [2, 1], [3], [1, 4], [3], [3], [1], [2], [3]],
         "cols": [[2, 3], [2, 2], [2], [1], [3], [2], [1], [2], [1, 3], [2, 2]]}
    assert api.solve(p)["status"] == "unsolvable"
    assert _SomeLinesFree(parse_puzzle(p).model, Deadline(10), [True] * 20).propagate(range(20))  # (no contradiction)
    assert api.clash(p)["lines"] == [["row", 1]]
