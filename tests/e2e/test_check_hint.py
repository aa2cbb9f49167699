"""Check and Hint tell the same truth in every family: rules broken, then (when the
puzzle has one solution) where the grid differs from it, marked on the board."""
from pathlib import Path

import pytest

from board_pixels import close, colour_at, css_var, hex_rgb
from helpers import cell_point, drag, open_puzzle, unsolved, wait_ready


ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "static" / "puzzles"
FIX = ROOT / "tests" / "fixtures"
pytestmark = pytest.mark.browser


def open_file(context, server, path):
    return wait_ready(open_puzzle(context, server, unsolved(path)))


def message(page):
    return page.locator("#message").text_content()


def press(page, button):
    """Click Check or Hint and wait for its answer."""
    page.evaluate("document.querySelector('#message').textContent = ''")
    page.click("#" + button)
    page.wait_for_function(f"!document.querySelector('#{button}').disabled && "
                           "document.querySelector('#message').textContent !== ''")
    return message(page)


def test_nonogram_check_finds_a_wrong_cell_in_an_open_line_as_hint_does(context, server):
    page = open_file(context, server, LIB / "nonogram-heart.json")
    page.mouse.click(*cell_point(page, 9, 0))        # row 10's clue is empty
    assert press(page, "check") == "1 cell is wrong: row 10, col 1"
    assert "error" in page.locator("#message").get_attribute("class")
    # marked on the board: the cell's outline in dashes of the error colour from its
    # corner, the text colour between them (not taken for a cell painted red)
    assert close(colour_at(page, 9.05, 0.2), css_var(page, "error"))
    assert close(colour_at(page, 9.05, 0.44), css_var(page, "fg"))
    assert press(page, "hint") == "Hint: 1 cell is wrong: row 10, col 1. Hint again takes back what is wrong."
    # (a player's review: Hint only ever said so again) the next press takes it back
    assert press(page, "hint") == "Hint took back what was wrong (row 10, col 1). Undo puts it back."
    assert all(set(row) == {"?"} for row in page.evaluate("app.state().progress.grid"))
    page.click("#undo")                              # the wrong cell again
    assert press(page, "check") == "1 cell is wrong: row 10, col 1"
    page.click("#undo")
    assert press(page, "check") == "No mistakes so far."


def test_link_a_pix_check_and_hint_find_a_link_between_the_wrong_clues(context, server):
    page = open_file(context, server, LIB / "linkapix-heart.json")
    drag(page, [[3, 3], [3, 4]])                     # the right colour, the wrong partners
    assert page.evaluate("app.state().progress.paths") == [[[3, 3], [3, 4]]]
    wrong = "the link of 2 from row 4, col 4 to row 4, col 5 is wrong: no solution uses it"
    assert press(page, "check") == wrong[0].upper() + wrong[1:]
    assert press(page, "hint") == "Hint: " + wrong + ". Hint again takes back what is wrong."
    # Hint never builds on the wrong link (which once ended in two links sharing the
    # clue at row 4, col 5): it takes it back, then goes on from the grid without it.
    h = page.evaluate("app.hint()")
    assert h["wrong"] and h["applied"] and h["cells"] == [[3, 3], [3, 4]]
    assert page.evaluate("app.state().progress.paths") == []
    assert not page.evaluate("app.hint()").get("wrong")


def test_link_a_pix_hints_from_a_right_link_build_on_it(context, server):
    # One picture, two ways to pair its clues: the player's pairing is no mistake, and
    # the hints finish it without sharing a clue or a cell with it.
    page = open_file(context, server, FIX / "linkapix" / "variants_2x2.json")
    solver_paths = page.evaluate("app.call('solve', {puzzle: app.state().puzzle})")["solution"]["paths"]
    mine = [[0, 0], [1, 0]] if [[0, 0], [0, 1]] in solver_paths else [[0, 0], [0, 1]]
    drag(page, mine)
    assert press(page, "check") == "No mistakes so far."
    steps = [page.evaluate("app.hint()") for _ in range(3)]      # where, what, played
    assert not any(h.get("wrong") for h in steps) and [h["applied"] for h in steps] == [False, False, True]
    assert page.evaluate("app.state().solved") is True
    assert mine in page.evaluate("app.state().progress.paths")
    # (a player's review: a solve by hints looked like one's own) the win screen says
    # how many were played, and such a solve sets no best time
    page.wait_for_selector("#win[open]")
    assert " with 1 hint" in page.locator("#win-time").text_content()
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('pl.best.'))") == []
    # Clear starts over: the hints before no longer count (a review: one hint kept a
    # puzzle from ever having a best time)
    page.keyboard.press("Escape")
    page.click("#restart")
    for path in solver_paths:
        drag(page, path)
    page.wait_for_selector("#win[open]")
    assert "hint" not in page.locator("#win-time").text_content()
    assert len(page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('pl.best.'))")) == 1


def test_numberlink_check_and_hint_find_a_line_off_the_solution(context, server):
    page = open_file(context, server, LIB / "numberlink-7x7.json")
    drag(page, [[2, 3], [2, 4], [3, 4], [4, 4], [4, 3]])   # E joins its ends the wrong way
    wrong = "line E: 3 cells are wrong, from row 3, col 5 on"
    assert press(page, "check") == wrong[0].upper() + wrong[1:]
    rep = page.evaluate("app.check()")
    assert [e["cells"] for e in rep["errors"]] == [[[2, 4], [3, 4], [4, 4]]]
    assert press(page, "hint") == "Hint: " + wrong + ". Hint again takes back what is wrong."
    # the next press cuts the line back to before its first cell off the solution: here
    # only its endpoint is left, which is no line
    assert press(page, "hint") == ("Hint took back what was wrong (row 3, col 5; row 4, col 5; row 5, col 5). "
                                   "Undo puts it back.")
    assert "E" not in page.evaluate("app.state().progress.paths")


def test_check_says_when_only_the_rules_could_be_checked(context, server):
    page = open_file(context, server, FIX / "hungrycat" / "two-solutions.json")
    page.mouse.click(*cell_point(page, 0, 0))
    assert press(page, "check") == ("No rule is broken so far. This puzzle has more than one solution, "
                                    "so only the rules could be checked.")


def test_multicolour_wrong_line_clue_is_marked_not_faded_and_named_as_players_see_it(context, server):
    boat = unsolved(LIB / "nonogram-boat.json")
    page = open_file(context, server, LIB / "nonogram-boat.json")
    page.evaluate("app.setTool('b')")                # blue, the third colour button
    drag(page, [[6, c] for c in range(10)])           # row 7's clue is 10 in brown
    text = press(page, "check")
    assert text.startswith("Row 7: the blocks (10 in blue) do not match the clue (10 in brown)")
    assert "10b" not in text and "10k" not in text
    assert page.locator("#family-tools .swatch").nth(2).get_attribute("title") == "Paint blue"   # #2b7bd6, named by its hue
    # The clue box keeps its colour (not faded as a done line's is) inside a red outline.
    assert close(colour_at(page, 6.15, -1.08), hex_rgb(boat["palette"]["k"]))
    assert close(colour_at(page, 6.5, -1.22), css_var(page, "error"))


def test_a_hint_comes_in_three_presses_and_a_move_starts_it_over(context, server):
    page = open_file(context, server, LIB / "nonogram-heart.json")
    for name in ["nonogram-heart.json", "linkapix-heart.json", "numberlink-7x7.json", "hungrycat-blob.json"]:
        page.evaluate("(p) => app.load(p)", unsolved(LIB / name))
        three_presses(page)


def three_presses(page):
    grid = lambda: page.evaluate("JSON.stringify(app.state().progress)")   # noqa: E731
    before = grid()
    where = page.evaluate("app.hint()")
    assert where["applied"] is False and where["message"].startswith("Look at")
    assert where["cells"] or where["lines"]                  # the place is highlighted
    assert message(page).startswith("Hint: Look at") and grid() == before
    what = page.evaluate("app.hint()")
    assert what["applied"] is False and what["cells"] and what["message"] != where["message"]
    assert "Hint again plays it" in message(page) and grid() == before
    played = page.evaluate("app.hint()")
    assert played["applied"] is True and played["cells"] == what["cells"] and grid() != before
    assert message(page).startswith("Hint played:")
    # Any change to the grid meanwhile starts over: undo after the first press of a
    # new hint, and the next press is a first press again.
    page.evaluate("app.hint()")
    page.evaluate("app.undo()")
    assert grid() == before and message(page) == ""
    again = page.evaluate("app.hint()")
    assert again["applied"] is False and again["message"] == where["message"]


def test_a_solve_that_runs_out_of_time_says_so_once(context, server):
    page = open_file(context, server, LIB / "linkapix-64x64.json")
    res = page.evaluate("app.solve({timeout: 0.05})")
    assert res["status"] == "timeout"
    text = message(page)
    assert text.startswith("Gave up after ") and text.endswith("no solution found within the time limit."), text
    assert "error" in page.locator("#message").get_attribute("class")
