"""Nonogram "Show errors" (as in Simon Tatham's Pattern): with the toggle on, every
finished move marks the lines whose settled cells contradict their own clue, judged
in JavaScript from the clue and the player's marks alone."""
from pathlib import Path

import pytest

from board_pixels import close, colour_at, css_var, hex_rgb
from helpers import cell_point, open_app, open_puzzle, unsolved


ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "static" / "puzzles"
pytestmark = pytest.mark.browser

JUDGE = """async (cases) => {
  const { lineBroken } = await import(new URL("js/families/nonogram.js", location.href).href);
  return cases.map(([clue, text]) => lineBroken(clue, text));
}"""

BW = [3, 1]                                   # a line of 8 cells
COLOUR = [[2, "r"], [1, "b"]]                 # a line of 6 cells
CASES = [
    # (clue, line, broken?, why)
    (BW, "????????", False, "nothing settled"),
    (BW, "#???????", False, "a run next to an unknown cell may still grow"),
    (BW, "#.??????", True, "a complete run of 1 where the first clue is 3"),
    (BW, "###.????", False, "the first clue, complete"),
    (BW, "###.#.??", False, "both clues, complete, the rest open"),
    (BW, "??.#.???", False, "a run between unknown cells is not judged"),
    (BW, "??????.#", False, "the last clue, complete, from the right"),
    (BW, "?????.##", True, "a complete run of 2 where the last clue is 1"),
    (BW, "###.###?", True, "more filled cells than the clue's 4"),
    (BW, "#.#.#.??", True, "more complete runs than the clue has"),
    (BW, "###.#...", False, "a complete line that matches"),
    (BW, "###.##..", True, "a complete line that does not match"),
    ([], "........", False, "an empty line with an empty clue"),
    ([], "#???????", True, "any filled cell in a line whose clue is empty"),
    (COLOUR, "r?????", False, "open"),
    (COLOUR, "rb????", True, "another colour ends a run: a complete red 1 where the clue starts with red 2"),
    (COLOUR, "r.????", True, "a cross ends a run too"),
    (COLOUR, "rrb???", False, "red 2 then blue touching it, which multicolour clues allow"),
    (COLOUR, "????rb", False, "blue 1 last, ended by the edge and by red"),
    (COLOUR, "???.rr", True, "a complete red run where the last clue is blue"),
    (COLOUR, "????bb", True, "more blue cells than the clue's one"),
    (COLOUR, "k?????", True, "a colour the clue does not have"),
    (COLOUR, "rrb...", False, "complete and matching"),
    (COLOUR, "r.rb..", True, "complete and not matching"),
    ([[1, "r"], [1, "r"]], "rr.???", True, "same-colour runs need a gap: red 2 is one run"),
]


def test_line_judge_uses_only_the_clue_and_complete_runs(context, server):
    page = open_app(context, server.url)
    got = page.evaluate(JUDGE, [[clue, text] for clue, text, _, _ in CASES])
    wrong = [(text, clue, why) for (clue, text, want, why), g in zip(CASES, got) if g != want]
    assert wrong == []


def open_library_puzzle(context, server, name):
    data = unsolved(LIB / name)
    return open_puzzle(context, server, data), data


def marked(page):
    return page.evaluate("app.view().brokenLines")


def click(page, r, c, button="left"):
    page.mouse.click(*cell_point(page, r, c), button=button)


def test_a_complete_wrong_run_is_marked_only_with_the_toggle_on(context, server):
    page, _ = open_library_puzzle(context, server, "nonogram-heart.json")   # row 1's clue is 2 2
    toggle = page.locator("#show-errors")
    assert toggle.is_visible() and not toggle.is_checked()         # off by default
    assert page.locator("label:has(#show-errors)").text_content().strip() == "Show errors"
    click(page, 0, 0)
    assert marked(page) is None
    toggle.check()
    assert marked(page) == []                                      # the run of 1 may still grow
    click(page, 0, 1, "right")                                     # now it is complete: 1, not 2
    assert marked(page) == [["row", 0]]
    # The clue of the row is outlined in the error colour, as Check marks a line.
    assert close(colour_at(page, 0.5, -1.22), css_var(page, "error"))
    toggle.uncheck()
    assert marked(page) is None
    assert not close(colour_at(page, 0.5, -1.22), css_var(page, "error"))
    toggle.check()
    page.click("#undo")                                            # the mark follows undo
    assert marked(page) == []
    page.click("#redo")
    # Remembered: after a reload the toggle is still on and the line still marked.
    page.reload()
    page.wait_for_function("window.app && app.state().puzzle !== null")
    assert page.locator("#show-errors").is_checked()
    assert marked(page) == [["row", 0]]
    assert close(colour_at(page, 0.5, -1.22), css_var(page, "error"))


def test_multicolour_runs_are_complete_at_crosses_and_other_colours(context, server):
    page, boat = open_library_puzzle(context, server, "nonogram-boat.json")
    assert boat["cols"][7] == [[2, "r"], [3, "k"], [1, "b"]]
    page.locator("#show-errors").check()
    for r in range(5):
        click(page, r, 7, "right")
    page.evaluate("app.setTool('r')")
    click(page, 5, 7)
    assert marked(page) == []                                      # red 1, open below
    page.evaluate("app.setTool('k')")
    click(page, 6, 7)                                              # brown ends the red run: 1, not 2
    assert marked(page) == [["col", 7]]
    # The colour box keeps its colour inside a red outline.
    assert close(colour_at(page, -1.22, 7.5), css_var(page, "error"))
    assert close(colour_at(page, -1.08, 7.5), hex_rgb(boat["palette"]["b"]))
    page.click("#undo")
    assert marked(page) == []
    click(page, 6, 7, "right")                                     # a cross ends it as well
    assert marked(page) == [["col", 7]]


def test_the_toggle_is_only_offered_where_the_family_can_judge_lines(context, server):
    page, _ = open_library_puzzle(context, server, "numberlink-7x7.json")
    assert page.locator("#show-errors").is_hidden()
    assert page.evaluate("app.view().brokenLines") is None
