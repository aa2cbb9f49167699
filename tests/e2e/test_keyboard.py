"""Playing with the keyboard alone: Tab to the board, arrows move a cursor, Enter is a
click, X a right click, Delete clears, Shift + arrows drag; the cursor's cell is
announced to screen readers.  Focus stays with the keyboard user, and a browser that
cannot save progress says so."""
from pathlib import Path

import pytest

from helpers import cell_point, open_puzzle, unsolved

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "static" / "puzzles"
pytestmark = pytest.mark.browser


def focus_board(page):
    page.focus("#board")
    page.wait_for_timeout(50)


def test_a_nonogram_is_played_from_the_keyboard(context, server):
    page = open_puzzle(context, server, unsolved(LIB / "nonogram-heart.json"))
    focus_board(page)
    grid = lambda: page.evaluate("app.state().progress.grid")  # noqa: E731
    page.keyboard.press("Enter")                          # the cursor starts at (0, 0)
    assert grid()[0][0] == "#"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("x")
    assert grid()[0][1] == "."
    assert page.locator("#board-cursor").text_content() == "Row 1, column 2: crossed"
    page.keyboard.press("Delete")
    assert grid()[0][1] == "?"
    # Shift + arrows paint a run from the cursor, committed when Shift is let go.
    page.keyboard.press("ArrowDown")
    page.keyboard.down("Shift")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert grid()[1] == "?" * len(grid()[1])               # not yet: still a drag
    page.keyboard.up("Shift")
    assert grid()[1][1:5] == "####"
    page.keyboard.press("Control+z")
    assert grid()[1] == "?" * len(grid()[1])


def test_the_first_tab_after_a_puzzle_opens_offers_a_skip_to_the_board(context, server):
    page = open_puzzle(context, server, unsolved(LIB / "nonogram-heart.json"))
    page.focus("#puzzle-title")             # (where a puzzle opened from the library puts it)
    assert page.locator("#skip-to-board").bounding_box()["width"] <= 1     # out of sight until reached
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "skip-to-board"
    assert page.locator("#skip-to-board").bounding_box()["width"] > 50
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "board"
    page.keyboard.press("Enter")                          # the cursor's cell, (0, 0)
    assert page.evaluate("app.state().progress.grid[0][0]") == "#"


def test_a_numberlink_line_is_drawn_from_the_keyboard(context, server):
    puzzle = {"type": "numberlink", "width": 3, "height": 2, "cover": "free",
              "endpoints": [[0, 0, "A"], [1, 2, "A"]]}
    page = open_puzzle(context, server, puzzle)
    focus_board(page)
    page.keyboard.down("Shift")
    for key in ("ArrowRight", "ArrowRight", "ArrowDown"):
        page.keyboard.press(key)
    page.keyboard.up("Shift")
    assert page.evaluate("app.state().progress.paths") == {"A": [[0, 0], [0, 1], [0, 2], [1, 2]]}
    assert page.evaluate("app.state().solved") is True
    # the win screen takes the focus; Escape closes it and gives the board its focus back
    page.wait_for_selector("#win[open]")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "board"
    page.keyboard.press("ArrowLeft")
    assert page.locator("#board-cursor").text_content() == "Row 2, column 2: empty"
    page.keyboard.press("ArrowRight")
    assert page.locator("#board-cursor").text_content() == "Row 2, column 3: endpoint A, on its line, going up"


def test_focus_stays_where_the_keyboard_user_is(context, server):
    from helpers import wait_ready
    page = wait_ready(open_puzzle(context, server, unsolved(LIB / "nonogram-boat.json")))
    # A busy button gives focus to Cancel meanwhile and gets it back afterwards.
    page.focus("#check")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#message').textContent !== ''")
    page.wait_for_function("!document.querySelector('#check').disabled")
    assert page.evaluate("document.activeElement.id") == "check"
    # Choosing a colour keeps focus on the chosen button.
    second = page.locator("#family-tools button").nth(1)
    second.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.tool") == page.evaluate("app.state().tool")
    assert page.evaluate("document.activeElement.getAttribute('aria-pressed')") == "true"


def test_a_browser_that_cannot_save_says_so_once(browser, server):
    ctx = browser.new_context(viewport={"width": 1000, "height": 760})
    ctx.add_init_script("Storage.prototype.setItem = function () {"
                        " throw new DOMException('full', 'QuotaExceededError'); };")
    try:
        page = open_puzzle(ctx, server, unsolved(LIB / "nonogram-heart.json"))
        page.focus("#board")
        page.keyboard.press("Enter")
        page.wait_for_selector("#error-banner:not([hidden])")
        assert "cannot be saved" in page.locator("#error-text").text_content()
        assert page.evaluate("app.state().progress.grid[0][0]") == "#"     # play goes on
        page.click("#error-close")
        page.keyboard.press("ArrowRight")
        page.focus("#board")
        page.keyboard.press("Enter")
        page.wait_for_timeout(400)
        assert page.locator("#error-banner").is_hidden()                   # said once
    finally:
        ctx.close()


def test_two_tabs_on_one_puzzle_keep_each_others_moves(context, server):
    first = open_puzzle(context, server, unsolved(LIB / "nonogram-heart.json"))
    second = context.new_page()
    second.goto(first.url)
    second.wait_for_function("window.app && app.state().puzzle !== null")
    for page, key in ((first, "Enter"), (second, "x")):
        page.bring_to_front()
        page.focus("#board")
        if page is second:
            page.keyboard.press("ArrowRight")
        page.keyboard.press(key)
        page.evaluate("new Promise((r) => setTimeout(r, 400))")     # the autosave is batched
    # each tab shows both moves, and so does the saved grid
    for page in (first, second):
        page.wait_for_function("app.state().progress.grid[0].startsWith('#.')")
    third = context.new_page()
    third.goto(first.url)
    third.wait_for_function("window.app && app.state().puzzle !== null")
    assert third.evaluate("app.state().progress.grid[0]").startswith("#.")


def test_link_a_pix_cells_are_described_and_the_theme_button_says_what_it_does(context, server):
    page = open_puzzle(context, server, unsolved(LIB / "linkapix-heart.json"))
    focus_board(page)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")                      # the 1 at row 2, column 2
    said = page.locator("#board-cursor").text_content()
    assert said.startswith("Row 2, column 2: clue 1, ") and said.endswith(", not linked"), said
    page.keyboard.press("Enter")
    assert page.locator("#board-cursor").text_content().endswith(", on a link of 1")
    label = page.locator("#theme-toggle").get_attribute("aria-label")
    page.click("#theme-toggle")
    assert {label, page.locator("#theme-toggle").get_attribute("aria-label")} == {
        "Switch to the dark theme", "Switch to the light theme"}


def test_a_drag_can_be_picked_up_and_put_down_with_no_key_held(context, server):
    puzzle = {"type": "numberlink", "width": 3, "height": 2, "cover": "free",
              "endpoints": [[0, 0, "A"], [1, 2, "A"]]}
    page = open_puzzle(context, server, puzzle)
    focus_board(page)
    paths = lambda: page.evaluate("app.state().progress.paths")  # noqa: E731
    page.keyboard.press("d")                              # pick up (0, 0)
    assert page.locator("#board-cursor").text_content().startswith("Drawing from row 1, column 1")
    for key in ("ArrowRight", "ArrowRight"):
        page.keyboard.press(key)
    page.keyboard.press("Escape")                         # dropped: nothing drawn
    assert paths() == {}
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("d")
    for key in ("ArrowRight", "ArrowRight", "ArrowDown"):
        page.keyboard.press(key)
    assert paths() == {}                                  # still in the hand
    page.keyboard.press("d")                              # put down
    assert paths() == {"A": [[0, 0], [0, 1], [0, 2], [1, 2]]}
    # Enter puts a nonogram run down too
    page = open_puzzle(context, server, unsolved(LIB / "nonogram-heart.json"))
    focus_board(page)
    page.keyboard.press("d")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert page.evaluate("app.state().progress.grid")[0][:4] == "###?"


def test_a_held_key_does_not_repeat_its_action(context, server):
    page = open_puzzle(context, server, unsolved(LIB / "nonogram-heart.json"))
    focus_board(page)
    for _ in range(3):
        page.keyboard.down("d")              # repeats: picked up once, not put down again
    page.keyboard.up("d")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("d")
    assert page.evaluate("app.state().progress.grid")[0][:3] == "##?"
    page.keyboard.press("ArrowDown")
    for _ in range(3):
        page.keyboard.down("Enter")          # one fill, not on, off, on
    page.keyboard.up("Enter")
    assert page.evaluate("app.state().progress.grid")[1][1] == "#"


def test_a_screen_reader_hears_each_lines_clue_the_tools_by_digit_and_what_undo_did(context, server):
    """(a keyboard and screen reader review: the clues were only drawn, a colour took a
    Tab round trip, and Undo said nothing)"""
    heart = unsolved(LIB / "nonogram-heart.json")
    words = lambda clue: " ".join(map(str, clue)) or "0"        # noqa: E731
    page = open_puzzle(context, server, heart)
    page.keyboard.press("Tab")                            # from the title: the skip to the board
    page.keyboard.press("Enter")
    said = lambda: page.locator("#board-cursor").text_content()  # noqa: E731
    # reached by the keyboard, the board says where its cursor is, with both clues
    assert said() == f"Row 1, clue {words(heart['rows'][0])}, column 1, clue {words(heart['cols'][0])}: empty"
    page.keyboard.press("ArrowRight")                     # a new column: its clue alone
    assert said() == f"Row 1, column 2, clue {words(heart['cols'][1])}: empty"
    assert page.locator("#board").get_attribute("aria-label") == "Nonogram board, 10 columns by 10 rows"
    page.keyboard.press("2")                              # the second tool: the cross
    assert page.evaluate("app.state().tool") == "." and said() == "Cross: mark cells empty"
    page.keyboard.press("Enter")
    assert page.evaluate("app.state().progress.grid")[0][1] == "."
    page.keyboard.press("Control+z")
    assert said() == "Undone. Row 1, column 2: empty"
    page.keyboard.press("Control+y")
    assert said() == "Redone. Row 1, column 2: crossed"
    # Hungry Cat's clues: each colour's count, and whether its cells are one block
    hc = {"palette": {"w": "#ffffff", "r": "#ff0000"}, "rows": [[["w", 3, False], ["r", 2, True], ["x", 1, True]]]}
    assert page.evaluate("(p) => import('./js/families/hungrycat.js').then((m) => m.default.clueWords(p, 'row', 0))",
                         hc) == "3 white in 2 or more blocks, 2 red in one block, 1 x"


def test_the_keyboard_says_the_edge_and_a_missing_tool_and_a_click_takes_the_cursor(context, server):
    """(rough edges a keyboard review left: a press against the edge and a digit past the
    last tool said nothing; after a click the next arrow went on from the old cell; the
    swatches did not answer the arrow keys)"""
    page = open_puzzle(context, server, unsolved(LIB / "nonogram-heart.json"))
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")                          # the skip: the board, cursor (0, 0)
    said = lambda: page.locator("#board-cursor").text_content()  # noqa: E731
    page.keyboard.press("ArrowUp")
    assert said().startswith("Edge of the board. Row 1, column 1")
    tools = page.locator("#family-tools button").count()
    page.keyboard.press(str(tools + 1))
    assert said() == f"No tool {tools + 1}: the tools are 1 to {tools}"
    # a click on a cell takes the cursor there: the next arrow goes on from it
    page.mouse.click(*cell_point(page, 3, 4))
    page.keyboard.press("ArrowRight")
    assert said().startswith("Row 4, clue") and ", column 6, clue" in said()
    # the tools are a toolbar: the arrow keys go from swatch to swatch
    page.focus("#family-tools button >> nth=0")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement === document.querySelectorAll('#family-tools button')[1]")


def test_focus_follows_the_keyboard_user_from_screen_to_screen(context, server):
    """(the review: focus fell to the page after Undo's last press, the back link, the
    editor's Play, the puzzle of the day and the win screen's Next)"""
    from helpers import wait_ready
    page = wait_ready(open_puzzle(context, server, unsolved(LIB / "nonogram-heart.json")))
    focused = lambda: page.evaluate("document.activeElement.id")  # noqa: E731
    focus_board(page)
    page.keyboard.press("Enter")
    page.focus("#undo")
    page.keyboard.press("Enter")                          # the last undo: Redo takes the focus
    assert page.evaluate("document.querySelector('#undo').disabled") and focused() == "redo"
    # along the toolbar by the arrow keys
    page.focus("#hint")
    page.keyboard.press("ArrowRight")
    assert focused() == "solve"
    page.keyboard.press("ArrowRight")                     # (past the method menu, which keeps its arrows)
    assert focused() == "replay"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert focused() == "hint"
    # C checks and H hints from the board
    focus_board(page)
    page.keyboard.press("c")
    page.wait_for_function("document.querySelector('#message').textContent === 'No mistakes so far.'")
    page.keyboard.press("h")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Hint: Look at')")
    # Escape says no to Solve's question
    page.focus("#solve")
    page.keyboard.press("Enter")
    assert "armed" in page.get_attribute("#solve", "class")
    page.keyboard.press("Escape")
    assert "armed" not in page.get_attribute("#solve", "class")
    assert page.locator("#message").text_content() == ""
    # another puzzle opened while the board has the focus (Next): its title takes it
    focus_board(page)
    page.evaluate("(p) => app.load(p)", unsolved(LIB / "nonogram-boat.json"))
    assert focused() == "puzzle-title"
    page.focus("#play-back")
    page.keyboard.press("Enter")                          # back to the library: its heading
    page.wait_for_selector("#library:not([hidden])")
    assert focused() == "library-heading"
    page.focus("#skip-to-library")
    page.keyboard.press("Enter")                          # past the makers and the filters
    assert page.evaluate("document.querySelector('#library-list').contains(document.activeElement)")
