"""The app's Check (api.judge) and the hints that agree with it: rules broken, then the
progress compared with the unique solution, remembered between requests."""
import json
from pathlib import Path

from pysolver import api, reference
from pysolver.registry import get_family

ROOT = Path(__file__).resolve().parents[1]
LIB = ROOT / "static" / "puzzles"
FIX = ROOT / "tests" / "fixtures"


def puzzle(path: Path) -> dict:
    data = json.loads(path.read_text())
    data.pop("solution", None)
    return data


def empty_grid(p: dict) -> list[str]:
    return ["?" * p["width"] for _ in range(p["height"])]


def test_a_wrong_cell_in_an_open_line_is_a_mistake_and_hint_says_the_same():
    heart = puzzle(LIB / "nonogram-heart.json")
    grid = empty_grid(heart)
    grid[9] = "#" + grid[9][1:]          # row 10's clue is empty: the cell is wrong
    rep = api.judge(heart, {"grid": grid})
    assert rep["reference"] == "unique" and rep["ok"] is False
    assert rep["errors"] == [{"message": "1 cell is wrong: row 10, col 1", "cells": [[9, 0]], "lines": [], "kind": "mistake"}]
    hint = api.hint(heart, {"grid": grid})
    assert hint["wrong"] and hint["message"] == "1 cell is wrong: row 10, col 1" and hint["cells"] == [[9, 0]]


def test_no_mistakes_only_when_neither_rules_nor_solution_find_one():
    heart = puzzle(LIB / "nonogram-heart.json")
    truth = json.loads((LIB / "nonogram-heart.json").read_text())["solution"]["grid"]
    grid = empty_grid(heart)
    grid[2] = truth[2]
    rep = api.judge(heart, {"grid": grid})
    assert rep == {"ok": True, "solved": False, "errors": [], "reference": "unique"}
    assert api.judge(heart, {"grid": truth})["solved"] is True


def test_multicolour_messages_name_colours_by_name_when_the_palette_has_one():
    flag = {"type": "nonogram", "width": 3, "height": 2, "palette": {"r": "#ff0000", "x": "#123456"},
            "rows": [[[3, "r"]], [[3, "x"]]], "cols": [[[1, "r"], [1, "x"]]] * 3}
    rep = api.judge(flag, {"grid": ["xxx", "rrr"]})
    rule = next(e for e in rep["errors"] if e["kind"] == "rule")
    assert rule["message"] == "row 1: the blocks (3 in dark blue) do not match the clue (3 in red)"
    # the rule-based hints' words for values ("if row 1, column 2 were red, ...")
    from pysolver.nonogram import FAMILY
    from pysolver.nonogram.rules import _value_name
    model = FAMILY.parse(flag)
    assert [_value_name(model, v) for v in range(3)] == ["blank", "red", "dark blue"]
    assert _value_name(FAMILY.parse(puzzle(LIB / "nonogram-heart.json")), 1) == "filled"


def test_multicolour_messages_name_colours_not_keys_and_by_place_where_names_clash():
    boat = puzzle(LIB / "nonogram-boat.json")      # red #d0312d, brown #6b4226 ("k"), blue #2b7bd6 ("b")
    grid = empty_grid(boat)
    grid[6] = "b" * 10                   # the clue says 10 in brown ("k")
    rep = api.judge(boat, {"grid": grid})
    rule = next(e for e in rep["errors"] if e["kind"] == "rule")
    assert rule["message"] == "row 7: the blocks (10 in blue) do not match the clue (10 in brown)"
    two_browns = dict(boat, palette=dict(boat["palette"], r="#8b5a2b"))
    rule = next(e for e in api.judge(two_browns, {"grid": grid})["errors"] if e["kind"] == "rule")
    assert rule["message"] == "row 7: the blocks (10 in blue) do not match the clue (10 in colour 2)"
    assert rule["lines"] == [["row", 6]]
    assert any(e["kind"] == "mistake" and len(e["cells"]) == 10 for e in rep["errors"])


def test_link_a_pix_link_of_the_right_colours_between_the_wrong_clues():
    heart = puzzle(LIB / "linkapix-heart.json")
    progress = {"paths": [[[3, 3], [3, 4]]]}
    assert api.check(heart, progress, partial=True)["ok"]     # no rule is broken
    rep = api.judge(heart, progress)
    assert [e["kind"] for e in rep["errors"]] == ["mistake"]
    wrong = rep["errors"][0]
    assert wrong["cells"] == [[3, 3], [3, 4]] and "no solution uses it" in wrong["message"]
    hint = api.hint(heart, progress)
    assert hint["wrong"] and hint["message"] == wrong["message"]


def test_link_a_pix_hints_build_on_the_players_links_and_never_share_a_clue():
    # One picture, two ways to pair the clues: the player's pairing is not a mistake,
    # and the hint completes it instead of the solver's own pairing.
    variants = puzzle(FIX / "linkapix" / "variants_2x2.json")
    solver_paths = api.solve(variants)["solution"]["paths"]
    mine = [[0, 0], [1, 0]] if [[0, 0], [0, 1]] in solver_paths else [[0, 0], [0, 1]]
    progress = {"paths": [mine]}
    assert api.judge(variants, progress)["errors"] == []
    hint = api.hint(variants, progress)
    assert not hint.get("wrong")
    assert api.check(variants, hint["solution"])["solved"]


def test_link_a_pix_hints_from_a_wrong_link_report_it_instead_of_colliding():
    heart = puzzle(LIB / "linkapix-heart.json")
    progress = {"paths": [[[3, 3], [3, 4]]]}
    for _ in range(80):
        hint = api.hint(heart, progress)
        assert hint is not None
        if hint.get("wrong"):
            break
        progress = hint["solution"]
        assert api.check(heart, progress, partial=True)["ok"]
    assert hint["wrong"] and hint["cells"] == [[3, 3], [3, 4]]


def test_numberlink_line_off_the_solution_is_a_mistake_from_where_it_leaves():
    board = puzzle(LIB / "numberlink-7x7.json")
    progress = {"paths": {"E": [[2, 3], [2, 4], [3, 4], [4, 4], [4, 3]]}}
    rep = api.judge(board, progress)
    assert rep["errors"] == [{"message": "line E: 3 cells are wrong, from row 3, col 5 on",
                              "cells": [[2, 4], [3, 4], [4, 4]], "lines": [], "kind": "mistake"}]
    hint = api.hint(board, progress)
    assert hint["wrong"] and hint["message"] == rep["errors"][0]["message"]


def test_hungry_cat_wrong_colour_is_a_mistake():
    blob = puzzle(LIB / "hungrycat-blob.json")
    truth = api.solve(blob)["solution"]["grid"]
    keys = list(blob["palette"])
    grid = empty_grid(blob)
    other = next(k for k in keys if k != truth[5][0])
    grid[5] = other + grid[5][1:]
    rep = api.judge(blob, {"grid": grid})
    assert {"message": "1 cell is wrong: row 6, col 1", "cells": [[5, 0]], "lines": [], "kind": "mistake"} in rep["errors"]


def test_several_solutions_only_rules_are_checked():
    two = puzzle(FIX / "hungrycat" / "two-solutions.json")
    rep = api.judge(two, {"grid": ["R?", "??"]})
    assert rep == {"ok": True, "solved": False, "errors": [], "reference": "several"}
    pictures = puzzle(FIX / "linkapix" / "two_pictures.json")
    assert api.judge(pictures, {"paths": []})["reference"] == "several"


def test_a_solve_that_settles_uniqueness_is_remembered():
    house = puzzle(FIX / "nonogram" / "house.json")
    fam = get_family("nonogram")
    model = fam.parse(house)
    reference._memo.pop(reference._key(fam, model), None)
    res = api.solve(house, unique=True)
    assert res["unique"] is True
    known = reference._memo[reference._key(fam, model)]
    assert known == reference.Reference("unique", res["solution"])
