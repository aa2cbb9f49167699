"""The editor's "No solution": the lines whose clues clash (pysolver.conflict), for the
two line families, on pictures of our own with clues mistyped as a maker might; and a
Link-a-Pix's reason and the cells it is about (pysolver.linkapix.clash)."""
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
                     "message": "the lines of A and B would have to cross: round the empty cells they must run "
                                "through, their ends come in the order A, B, A, B"}
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


# -- Link-a-Pix: a reason in words and the cells it is about ---------------------------------

def lap(width, height, clues):
    return {"type": "linkapix", "width": width, "height": height,
            "palette": {"r": "#d62728", "b": "#1f77b4"}, "clues": clues}


def lap_clash(p):
    assert api.solve(p)["status"] == "unsolvable"
    clash = api.clash(p)
    assert clash["kind"] == "reason" and clash["lines"] == []
    return clash["message"], clash["cells"]


def test_a_link_forced_elsewhere_that_takes_a_clues_only_way_is_marked_with_the_clue():
    # (the blue 3 can only run straight through the middle, where every red 5 must pass)
    said, cells = lap_clash(lap(3, 3, [[0, 0, 5, "r"], [1, 0, 3, "b"], [1, 2, 3, "b"], [2, 0, 5, "r"]]))
    assert said == ("the 5 in red at row 3, column 1 has no way left to a partner: links that the other clues force "
                    "(outlined in yellow) block every path of 5 cells")
    # (the clue at fault marked, the links that block it apart)
    assert cells == [[2, 0]] and api.clash(lap(3, 3, [[0, 0, 5, "r"], [1, 0, 3, "b"], [1, 2, 3, "b"], [2, 0, 5, "r"]]))[
        "around"] == [[1, 0], [1, 1], [1, 2]]


def test_a_clue_whose_every_path_runs_into_other_clues():
    said, cells = lap_clash(lap(3, 3, [[0, 0, 5, "r"], [0, 1, 3, "b"], [2, 0, 5, "r"], [2, 1, 3, "b"]]))
    assert said == ("the 5 in red at row 3, column 1 has no path: every path of 5 cells to another 5 in red runs "
                    "into other clues") and cells == [[2, 0]]


def test_counts_reach_and_sizes_that_rule_out_any_solution():
    said, cells = lap_clash(lap(3, 3, [[0, 0, 3, "r"], [0, 2, 3, "r"], [2, 2, 3, "r"]]))
    assert said == "there are 3 3s in red: they pair up, so one is missing or mistyped"
    assert cells == [[0, 0], [0, 2], [2, 2]]
    said, cells = lap_clash(lap(4, 2, [[0, 0, 3, "b"], [1, 0, 3, "b"]]))
    assert said.startswith("the 3 in blue at row 1, column 1 has no partner: a path of 3 cells ends an even number "
                           "of steps, at most 2, away") and cells == [[0, 0]]
    said, cells = lap_clash(lap(3, 2, [[0, 0, 5, "r"], [0, 2, 5, "r"], [1, 0, 4, "b"], [1, 1, 4, "b"]]))
    assert said == "the paths of the numbers paint 9 cells, and the board has 6" and cells == []
    # (the numbers fill the board, and the cell at row 1, column 2 is out of every reach)
    said, cells = lap_clash(lap(3, 3, [[0, 0, 1, "b"], [1, 0, 2, "b"], [1, 1, 2, "b"], [1, 2, 4, "r"],
                                      [2, 0, 2, "b"], [2, 1, 2, "b"], [2, 2, 4, "r"]]))
    assert "every cell is painted" in said and cells == [[0, 1]]


def test_a_link_a_pix_with_a_solution_has_no_clash():
    assert api.clash(lap(3, 3, [[0, 0, 5, "r"], [2, 0, 5, "r"], [0, 2, 3, "b"], [2, 2, 3, "b"]])) is None


def test_every_reason_given_for_a_mistyped_link_a_pix_is_sound():
    """Clues of our maker's random pictures mistyped as a maker might (a pair's number
    changed at both ends, so the counts stay even, or one end moved): whenever a reason
    is given, the solver finds no solution, and no puzzle without one goes without."""
    import copy
    import random
    from pysolver.linkapix.maker import make_puzzle
    rng = random.Random(3)
    given = 0
    for number in range(12):
        w, h = rng.randint(5, 8), rng.randint(5, 8)
        grid = ["".join(rng.choice("rb") if rng.random() < 0.8 else "." for _ in range(w)) for _ in range(h)]
        p, _ = make_puzzle({"r": "#d62728", "b": "#1f77b4"}, grid, seed=number, deadline=20)
        at = {(r, c): i for i, (r, c, _, _) in enumerate(p["clues"])}
        pairs = [(at[tuple(path[0])], at[tuple(path[-1])]) for path in p["solution"]["paths"] if len(path) > 1]
        for _ in range(3):
            q = copy.deepcopy(p)
            q.pop("solution")
            a, b = rng.choice(pairs)
            if rng.random() < 0.5:
                for i in (a, b):
                    q["clues"][i][2] += 1
            else:
                free = [(r, c) for r in range(h) for c in range(w) if (r, c) not in at]
                q["clues"][a][:2] = rng.choice(free)
            status = api.solve(q)["status"]
            clash = api.clash(q)
            assert (clash is not None) == (status == "unsolvable"), (q, clash, status)
            given += clash is not None
    assert given >= 20
