"""The editor ("Enter a puzzle", js/editor.js): every family's puzzle typed in from
`#new/<type>/<W>x<H>` with the keyboard, checked unique, opened with Play and solved;
live validation in words and on the board; several solutions outlined, none said;
undo and redo of what was typed, kept across a reload; a Flow screenshot read into a
Numberlink board.  The puzzles are small ones of our own."""
import sys
from pathlib import Path

import pytest

from helpers import open_app, open_puzzle, png, wait_ready

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from flowimage import flow_picture  # noqa: E402

pytestmark = pytest.mark.browser

#: unique, checked with pysolver when they were chosen (test_the_puzzles_are_unique)
NONOGRAM = {"rows": ["1 1", "5", "1 1 1", "3", "1"], "cols": ["2", "2 1", "4", "2 1", "2"]}
HUNGRYCAT = {"rows": ["2w 2k", "[2]w 2k", "2w 2k", "3w 1k"], "cols": ["2w 2k", "[2]w 2k", "2w 2k", "3w 1k"]}
LINKAPIX = [(0, 0, "2", "k"), (0, 1, "2", "k"), (0, 2, "3", "r"), (1, 0, "1", "k"), (1, 1, "1", "r"),
            (2, 2, "3", "r"), (2, 3, "1", "r")]
NUMBERLINK = [(0, 1, "B"), (1, 1, "A"), (2, 2, "B"), (3, 0, "A")]


@pytest.fixture
def context(browser):
    ctx = browser.new_context()
    yield ctx
    ctx.close()


def editor(context, server, fragment):
    page = open_app(context, server.url + "#new/" + fragment)
    page.wait_for_selector("#editor:not([hidden])")
    page.wait_for_function("app.editor.state() !== null")
    page.wait_for_timeout(100)  # (the board fits itself to the shown canvas)
    return page


def switch_to(page, server, fragment):
    """The editor at another address, as typed into the address bar."""
    page.goto(server.url + "#new/" + fragment)
    if "/" in fragment:
        width = int(fragment.split("/")[1].split("x")[0])
        page.wait_for_function(f"app.editor.state() && app.editor.state().width === {width}")
    else:
        page.wait_for_function(f"app.editor.state() && app.editor.state().type === '{fragment}'")


def said(page):
    """Every problem the editor lists, in one text."""
    return " ".join(p["message"] for p in page.evaluate("app.editor.problems()"))


def click_cell(page, r, c):
    p = page.evaluate(f"app.editor.cellCenter({r}, {c})")
    box = page.locator("#editor-board").bounding_box()
    page.mouse.click(box["x"] + p["x"], box["y"] + p["y"])


def type_cells(page, items):
    """Click each cell and type its clue (and a colour's key after it, when given)."""
    for r, c, text, *colour in items:
        click_cell(page, r, c)
        page.keyboard.type(text + "".join(colour))


def type_lines(page, lines):
    page.click("#editor-row-0")
    for text in lines["rows"] + lines["cols"]:
        page.keyboard.type(text)
        page.keyboard.press("Enter")


def clue_texts(page):
    """The texts the editor's board draws next (its clues), read from fillText."""
    return page.evaluate("""async () => {
        const texts = [], fill = CanvasRenderingContext2D.prototype.fillText;
        CanvasRenderingContext2D.prototype.fillText = function (t, ...rest) {
            if (this.canvas.id === "editor-board") texts.push(String(t));
            return fill.call(this, t, ...rest);
        };
        try {
            document.querySelector("#editor-lines input").focus();
            document.activeElement.blur();   // (the board draws again when a line loses the focus)
            await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
        } finally { CanvasRenderingContext2D.prototype.fillText = fill; }
        return texts;
    }""")


def check(page):
    page.click("#editor-check")
    page.wait_for_function("!document.querySelector('#editor-check').hidden", timeout=120_000)
    return page.locator("#editor-message").text_content()


def play_and_solve(page, expected):
    """Play opens the entered puzzle; the solver solves it there (a verified answer)."""
    page.click("#editor-play")
    page.wait_for_selector("#play:not([hidden])")
    state = page.evaluate("app.state()")
    for key, value in expected.items():
        assert state["puzzle"][key] == value, key
    res = page.evaluate("app.solve()")
    assert res["status"] == "solved"
    page.wait_for_function("app.state().solved")


def test_the_puzzles_are_unique():
    """(the test's puzzles, as Python reads them: each has exactly one solution)"""
    from pysolver import api
    puzzles = [{"type": "nonogram", "width": 5, "height": 5, "rows": [[1, 1], [5], [1, 1, 1], [3], [1]],
                "cols": [[2], [2, 1], [4], [2, 1], [2]]},
               {"type": "hungrycat", "width": 4, "height": 4, "palette": {"w": "#ffffff", "k": "#000000"},
                "rows": [[["w", 2, True], ["k", 2, True]], [["w", 2, False], ["k", 2, True]],
                         [["w", 2, True], ["k", 2, True]], [["w", 3, True], ["k", 1, True]]]},
               {"type": "linkapix", "width": 4, "height": 3, "palette": {"k": "#000000", "r": "#ff0000"},
                "clues": [[r, c, int(n), k] for r, c, n, k in LINKAPIX]},
               {"type": "numberlink", "width": 4, "height": 4, "cover": "full", "endpoints": [list(e) for e in NUMBERLINK]}]
    puzzles[1]["cols"] = puzzles[1]["rows"]
    for p in puzzles:
        assert api.solve(p, unique=True)["unique"] is True, p["type"]


def test_a_nonogram_typed_line_by_line(context, server):
    page = editor(context, server, "nonogram/5x5")
    assert page.evaluate("app.editor.state()")["width"] == 5
    type_lines(page, NONOGRAM)
    assert page.evaluate("app.editor.problems()") == []
    wait_ready(page)
    assert check(page).startswith("One solution")
    play_and_solve(page, {"type": "nonogram", "rows": [[1, 1], [5], [1, 1, 1], [3], [1]],
                          "cols": [[2], [2, 1], [4], [2, 1], [2]]})
    # Back returns to the editor, with the clues as typed
    page.go_back()
    page.wait_for_selector("#editor:not([hidden])")
    assert page.input_value("#editor-row-1") == "5"


def test_a_hungry_cat_typed_with_circles_and_squares(context, server):
    # (from the library's form, this time)
    page = open_app(context, server.url)
    page.select_option("#enter-type", "hungrycat")
    page.fill("#enter-width", "4")
    page.fill("#enter-height", "4")
    page.click("#enter-go")
    page.wait_for_function("app.editor.state() && app.editor.state().type === 'hungrycat'")
    assert page.url.endswith("#new/hungrycat/4x4")
    type_lines(page, HUNGRYCAT)
    assert page.evaluate("app.editor.problems()") == []
    state = page.evaluate("app.editor.state()")
    assert state["rows"][1] == [["w", 2, False], ["k", 2, True]]
    wait_ready(page)
    assert check(page).startswith("One solution")
    play_and_solve(page, {"type": "hungrycat", "rows": state["rows"], "cols": state["cols"]})


def test_a_linkapix_in_two_colours(context, server):
    page = editor(context, server, "linkapix/4x3")
    page.click("#editor-add-colour")
    type_cells(page, LINKAPIX)
    state = page.evaluate("app.editor.state()")
    assert sorted(state["clues"]) == sorted([r, c, int(n), k] for r, c, n, k in LINKAPIX)
    assert state["palette"] == {"k": "#000000", "r": "#ff0000"}
    wait_ready(page)
    assert check(page).startswith("One solution")
    play_and_solve(page, {"type": "linkapix", "clues": state["clues"]})


def test_a_numberlink_by_keyboard_alone(context, server):
    """Arrow keys move, letters place end points, Enter moves on; no mouse."""
    page = editor(context, server, "numberlink/4x4")
    page.focus("#editor-board")
    at = (0, 0)
    for r, c, label in NUMBERLINK:
        while at != (r, c):
            dr, dc = r - at[0], c - at[1]
            key = "ArrowDown" if dr > 0 else "ArrowUp" if dr < 0 else "ArrowRight" if dc > 0 else "ArrowLeft"
            page.keyboard.press(key)
            at = (at[0] + (key == "ArrowDown") - (key == "ArrowUp"), at[1] + (key == "ArrowRight") - (key == "ArrowLeft"))
        page.keyboard.type(label)
        # the cursor's cell as a screen reader says it, with the label just typed
        assert page.text_content("#editor-cursor") == f"Row {r + 1}, column {c + 1}: {label}"
    state = page.evaluate("app.editor.state()")
    assert sorted(map(tuple, state["endpoints"])) == sorted(NUMBERLINK)
    assert state["cover"] == "full"
    wait_ready(page)
    assert check(page).startswith("One solution")
    play_and_solve(page, {"type": "numberlink", "cover": "full"})


def test_problems_are_said_and_marked_as_they_are_typed(context, server):
    page = editor(context, server, "numberlink/5x5")
    type_cells(page, [(0, 0, "A"), (2, 2, "A"), (4, 4, "A"), (1, 3, "B")])
    problems = page.evaluate("app.editor.problems()")
    words = said(page)
    assert "A is used 3 times" in words and "B is used once (at row 2, column 4)" in words
    assert [[1, 3]] in [p.get("cells") for p in problems]
    assert "B is used once" in page.locator("#editor-problems").text_content()
    # Play and Check wait until the problems are gone
    page.click("#editor-play")
    assert "Fix what is listed below first" in page.locator("#editor-message").text_content()
    assert page.is_visible("#editor")

    switch_to(page, server, "nonogram/3x2")
    type_lines(page, {"rows": ["2 2", "3"], "cols": ["1", "1 x", "2"]})
    words = said(page)
    assert "Row 1: its blocks need 5 cells, the line has 3." in words
    assert "Column 2: “x” is not a clue" in words
    assert words.index("Row 1:") < words.index("Column 2:")      # (in the lines' order)
    assert "The rows' clues give" not in words      # (no totals while a line does not read)
    assert page.get_attribute("#editor-row-0", "aria-invalid") == "true"
    assert page.get_attribute("#editor-row-1", "aria-invalid") == "false"
    # the board draws a ? for the unreadable clue, not the 0 of an empty line
    assert "?" in clue_texts(page) and "0" not in clue_texts(page)
    page.fill("#editor-row-0", "2")
    page.fill("#editor-col-1", "1")
    words = said(page)
    assert "The rows' clues give 5 filled cells, the columns' 4" in words
    assert "?" not in clue_texts(page)

    switch_to(page, server, "linkapix/5x5")
    type_cells(page, [(0, 0, "3"), (4, 4, "3")])
    problems = page.evaluate("app.editor.problems()")
    assert len(problems) == 2
    assert problems[0]["message"] == ("The 3 at row 1, column 1 has no partner: a path of 3 cells ends 2 steps away, "
                                      "on another 3, and there is none.")
    type_cells(page, [(0, 2, "3")])
    problems = page.evaluate("app.editor.problems()")
    assert problems[0]["message"] == "There are 3 3s: they pair up, so one is missing or mistyped."
    assert [p["cells"] for p in problems[1:]] == [[[4, 4]]]

    switch_to(page, server, "hungrycat/3x2")
    type_lines(page, {"rows": ["2w", "3k"], "cols": ["2k", "2k", "[1]w"]})
    words = said(page)
    assert "Row 1: its counts add up to 2, the line has 3 cells." in words
    assert "[1]w: a single cell is always one block" in words


def test_several_solutions_are_outlined_and_none_is_said(context, server):
    page = editor(context, server, "nonogram/2x2")
    wait_ready(page)
    type_lines(page, {"rows": ["1", "1"], "cols": ["1", "1"]})
    assert check(page).startswith("Several solutions: two of them differ in the 4 outlined cells")
    # the two can be drawn on the board, one at a time; pressed again, the clues' board is back
    # (a maker's review: only the outlines showed, all of them on blank cells)
    assert page.is_visible("#editor-solutions") and page.evaluate("app.editor.shown()") is None
    page.click("#editor-show-a")
    one = page.evaluate("app.editor.shown()")
    assert page.get_attribute("#editor-show-a", "aria-pressed") == "true"
    page.click("#editor-show-b")
    other = page.evaluate("app.editor.shown()")
    assert sorted([one["grid"], other["grid"]]) == [["#.", ".#"], [".#", "#."]]
    assert page.get_attribute("#editor-show-a", "aria-pressed") == "false"
    page.click("#editor-show-b")
    assert page.evaluate("app.editor.shown()") is None
    page.click("#editor-show-a")
    # the rows' and columns' sums agree (2 and 2), yet no picture fits
    page.fill("#editor-row-0", "2")
    page.fill("#editor-row-1", "")
    page.fill("#editor-col-0", "2")
    page.fill("#editor-col-1", "")
    # (a change to the clues: the solutions were of the clues before)
    assert page.is_hidden("#editor-solutions") and page.evaluate("app.editor.shown()") is None
    assert page.evaluate("app.editor.problems()") == []
    assert check(page).startswith("No solution")


def test_undo_redo_and_autosave_of_what_was_typed(context, server):
    page = editor(context, server, "nonogram/3x3")
    page.click("#editor-row-0")
    page.keyboard.type("1 1")
    page.keyboard.press("Enter")
    page.keyboard.type("3")
    # one undo step per line typed, not per key
    page.keyboard.press("Control+z")
    assert page.input_value("#editor-row-1") == ""
    assert page.input_value("#editor-row-0") == "1 1"
    page.keyboard.press("Control+y")
    assert page.input_value("#editor-row-1") == "3"
    page.wait_for_timeout(400)  # (the autosave is batched)
    page.reload()
    page.wait_for_selector("#editor:not([hidden])")
    page.wait_for_function("app.editor.state() !== null")
    assert page.evaluate("app.editor.state()")["rows"] == [[1, 1], [3], []]
    # another size is a new board; Undo brings the last one back
    switch_to(page, server, "nonogram/4x4")
    page.click("#editor-undo")
    assert page.evaluate("app.editor.state()")["rows"] == [[1, 1], [3], []]


def test_a_flow_screenshot_becomes_a_board_to_confirm(context, server):
    from pysolver.base import Deadline
    from pysolver.numberlink.generate import generate
    board = generate(6, 6, 2, "full", Deadline(60))
    img = flow_picture(board, cell=36)
    h, w = img.shape[:2]
    data = png(w, h, lambda x, y: tuple(int(v) for v in img[y, x, :3]))
    page = open_app(context, server.url)
    wait_ready(page)
    page.set_input_files("#enter-shot-input", files=[{"name": "level 12.png", "mimeType": "image/png", "buffer": data}])
    page.wait_for_selector("#editor:not([hidden])")
    page.wait_for_function("app.editor.state() && app.editor.state().type === 'numberlink'")
    got = page.evaluate("app.editor.state()")
    assert (got["width"], got["height"], got["title"]) == (6, 6, "level 12")

    def pairs(p):
        ends = {}
        for r, c, lab in p["endpoints"]:
            ends.setdefault(lab, []).append((r, c))
        return sorted(tuple(sorted(v)) for v in ends.values())
    assert pairs(got) == pairs(board)
    assert "Read from the picture: a 6×6 board" in page.locator("#editor-message").text_content()
    assert page.is_visible("#editor-shot img")
    assert page.url.endswith("#new/numberlink/6x6")
    assert check(page).startswith("One solution")
    # a picture pasted on the library is read as well
    other = generate(5, 4, 1, "full", Deadline(60))
    img = flow_picture(other, cell=30)
    data = png(img.shape[1], img.shape[0], lambda x, y: tuple(int(v) for v in img[y, x, :3]))
    page.click("#home-link")
    page.wait_for_selector("#library:not([hidden])")
    page.evaluate("""(bytes) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(bytes)], "pasted.png", { type: "image/png" }));
        window.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt }));
    }""", list(data))
    page.wait_for_function("app.editor.state() && app.editor.state().width === 5")
    assert pairs(page.evaluate("app.editor.state()")) == pairs(other)
    # Undo goes back to the board read before
    page.click("#editor-undo")
    assert page.evaluate("app.editor.state()")["width"] == 6


def test_a_flow_screenshot_keeps_its_colours(context, server):
    """Pairs are drawn in the order they first appear (red, green, blue, ...): the pairs
    read from a picture are reordered and lettered so that its red pair is drawn red, its
    green pair green and its blue pair blue, whatever order they are read in."""
    board = {"width": 5, "height": 5, "endpoints": [[0, 0, "1"], [4, 4, "1"], [2, 1, "2"], [2, 3, "2"],
                                                     [0, 4, "3"], [4, 0, "3"]]}   # red, green, blue
    img = flow_picture(board, cell=36)
    data = png(img.shape[1], img.shape[0], lambda x, y: tuple(int(v) for v in img[y, x, :3]))
    page = wait_ready(open_app(context, server.url))
    page.set_input_files("#enter-shot-input", files=[{"name": "rgb.png", "mimeType": "image/png", "buffer": data}])
    page.wait_for_function("app.editor.state() && app.editor.state().type === 'numberlink'")
    got = page.evaluate("app.editor.state()")
    label = {(r, c): lab for r, c, lab in got["endpoints"]}
    assert (label[(0, 0)], label[(2, 1)], label[(0, 4)]) == ("A", "B", "C")
    assert [lab for _, _, lab in got["endpoints"]] == ["A", "A", "B", "B", "C", "C"]
    # what is typed afterwards leaves the other pairs where they were in the list (their
    # colours): a label typed in an empty cell and taken back
    type_cells(page, [(1, 1, "D")])
    page.keyboard.press("Delete")
    page.wait_for_function("app.editor.state().endpoints.length === 6")
    assert page.evaluate("app.editor.state()")["endpoints"] == got["endpoints"]


def test_two_tabs_follow_each_other(context, server):
    one = editor(context, server, "nonogram/3x3")
    two = editor(context, server, "nonogram/3x3")
    one.fill("#editor-row-0", "2")
    two.wait_for_function("app.editor.state().rows[0][0] === 2")
    assert two.input_value("#editor-row-0") == "2"


def test_a_broken_saved_draft_gives_way(context, server):
    """What storage holds may be anything: a draft the editor cannot read is dropped
    (the newest good one is taken), and the page works on."""
    errors = []
    page = open_app(context, server.url, errors)
    page.evaluate("""() => localStorage.setItem('pl.progress.editor.nonogram', JSON.stringify({
        past: [{type: 'nonogram', width: 2, height: 1, palette: null, rows: ['1'], cols: ['1', '']}],
        present: {type: 'nonogram', width: 3, height: 3, rows: 7}, future: [null]}))""")
    switch_to(page, server, "nonogram")
    assert page.evaluate("app.editor.state()")["rows"] == [[1]]
    switch_to(page, server, "nonogram/3x3")
    page.fill("#editor-row-0", "3")
    assert page.evaluate("app.editor.state()")["rows"] == [[3], [], []]
    assert not errors


def test_on_a_phone_a_tap_opens_the_cell_field(browser, server):
    """A canvas cannot bring up a phone's keyboard: a tap on a cell puts the focus in
    the cell field, which types into that cell; Enter goes on to the next."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    try:
        page = editor(ctx, server, "linkapix/5x5")
        p = page.evaluate("app.editor.cellCenter(1, 1)")
        box = page.locator("#editor-board").bounding_box()
        page.touchscreen.tap(box["x"] + p["x"], box["y"] + p["y"])
        assert page.evaluate("document.activeElement.id") == "editor-cell"
        assert page.locator("#editor-cell-label").text_content() == "Row 2, column 2"
        page.keyboard.type("1")
        page.keyboard.press("Enter")
        page.keyboard.type("1")
        assert page.evaluate("app.editor.state()")["clues"] == [[1, 1, 1, "k"], [1, 2, 1, "k"]]
    finally:
        ctx.close()


def test_on_a_phone_a_check_refused_for_a_problem_brings_the_message_into_sight(browser, server):
    """(a maker's review: only the field's red border showed; the message was at the
    bottom of the page, which did not scroll)"""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    try:
        page = editor(ctx, server, "nonogram/10x10")
        page.fill("#editor-row-0", "11")
        page.click("#editor-check")
        message = page.locator("#editor-message")
        assert message.text_content().startswith("Fix what is listed below first: Row 1: its blocks need 11 cells")
        page.wait_for_function("""() => { const r = document.querySelector('#editor-message').getBoundingClientRect();
                                           return r.top >= 0 && r.bottom <= innerHeight; }""", timeout=5_000)
    finally:
        ctx.close()


def test_an_added_colour_is_one_the_palette_lacks_under_a_free_key(context, server):
    """Add colour's choice (editor-palette.js newColour) on palettes a puzzle may bring:
    the colour's initial as its key when free, another letter when not, and never a
    colour the palette has."""
    page = open_app(context, server.url)
    got = page.evaluate("""async () => {
      const { newColour } = await import(new URL("js/editor-palette.js", location.href).href);
      const offered = { k: "#000000", r: "#ff0000", b: "#0000ff" };
      return [newColour({ k: "#000000" }, offered),                     // the next initial
              newColour({ a: "#000000", b: "#FF0000" }, offered),       // black and red under other keys
              newColour({ k: "#123456" }, offered),                     // its k is another colour
              newColour({ a: "#000000", r: "#00ff00" }, offered)];      // red is free, its key is not
    }""")
    assert got == [["r", "#ff0000"], ["c", "#0000ff"], ["a", "#000000"], ["b", "#ff0000"]]


def test_a_resize_says_what_it_dropped(context, server):
    """(it said "clues outside it were dropped" when none were, a maker's review found)"""
    page = editor(context, server, "nonogram/5x5")
    page.fill("#editor-row-0", "2")
    page.fill("#editor-row-4", "1")
    page.fill("#editor-width", "6")
    page.click("#editor-resize")
    assert page.text_content("#editor-message") == "Now 6×5."
    page.fill("#editor-height", "4")
    page.click("#editor-resize")
    assert page.text_content("#editor-message") == "Now 6×4: 1 clue outside it dropped (Undo brings it back)."
    assert page.evaluate("app.editor.state()")["rows"] == [[2], [], [], []]
    page.fill("#editor-width", "5000")
    page.click("#editor-resize")
    assert "(at most" in page.text_content("#editor-message")


def test_an_editor_address_of_a_size_it_cannot_take_says_so(context, server):
    """(a side of 0 opened the default size without a word; one of five digits, or below
    0, was refused as a link whose type "new" is no puzzle type)"""
    for size in ("0x3", "1000x1000", "99999x99999", "-5x3"):
        page = open_app(context, server.url + "#new/nonogram/" + size)
        page.wait_for_selector("#error-banner:not([hidden])")
        w, h = size.split("x")
        assert f"{w}×{h} board: the editor takes sides of 1 to" in page.locator("#error-text").text_content()
        page.close()
    page = open_app(context, server.url + "#new/nonogram/big")
    page.wait_for_selector("#error-banner:not([hidden])")
    assert page.locator("#error-text").text_content().endswith('size "big" is not a width and a height, as in 10x10')


def test_no_solution_outlines_the_mistyped_line(context, server):
    """(a maker's review: "No solution" did not say where the clues clash)"""
    from test_clash import nonogram, swapped
    right = nonogram()
    wrong = swapped(right["rows"], 3)
    page = editor(context, server, "nonogram/10x10")
    wait_ready(page)
    text = lambda clue: " ".join(map(str, clue))  # noqa: E731
    type_lines(page, {"rows": [text(r) for r in wrong], "cols": [text(c) for c in right["cols"]]})
    said_now = check(page)
    assert said_now.startswith("No solution: ") and "if only one clue is mistyped, it is the clue of row 4" in said_now, said_now
    assert "outlined: compare it with your puzzle" in said_now
    # the message's lines are the ones outlined on the board
    assert page.evaluate("app.editor.highlight()") == {"cells": [], "lines": [["row", 3]], "wrong": True}
    # ... and its field is marked, the others not
    invalid = page.eval_on_selector_all("#editor-lines input", "fs => fs.filter(f => f.ariaInvalid === 'true').map(f => f.id)")
    assert invalid == ["editor-row-3"]
    page.fill("#editor-row-3", text(right["rows"][3]))
    assert page.evaluate("app.editor.highlight()") is None
    assert page.get_attribute("#editor-row-3", "aria-invalid") == "false"
    assert check(page).startswith("One solution")


def test_a_saved_draft_is_continued_from_the_library(context, server):
    """(a maker's review: after a reload the editor was found again only by entering the
    same family and size; the draw view has its "Continue drawing")"""
    page = editor(context, server, "nonogram/4x3")
    assert page.is_hidden("#enter-continue")
    type_lines(page, {"rows": ["1 1"], "cols": []})
    page.wait_for_timeout(400)  # (the autosave is batched)
    page.goto(server.url)
    page.reload()
    page.wait_for_function("window.app !== undefined")
    button = page.locator("#enter-continue-nonogram")
    button.wait_for()
    assert button.text_content() == "Continue: Nonogram 4×3"
    assert page.locator("#enter-continue button").count() == 1     # (the other families' drafts are blank)
    button.click()
    page.wait_for_selector("#editor:not([hidden])")
    assert page.input_value("#editor-row-0") == "1 1" and page.url.endswith("#new/nonogram/4x3")


def test_a_puzzle_played_is_edited_as_a_copy(context, server):
    """(a maker's review: a mistake found while playing meant typing the clues again)"""
    page = editor(context, server, "nonogram/3x3")
    type_lines(page, {"rows": ["1"], "cols": []})   # (a draft of their own, kept under Undo)
    page.wait_for_timeout(400)  # (the autosave is batched)
    page.close()
    puzzle = {"type": "nonogram", "width": 5, "height": 5, "title": "Five", "author": "Ann",
              "rows": [[1, 1], [5], [1, 1, 1], [3], [1]], "cols": [[2], [2, 1], [4], [2, 1], [2]]}
    page = open_puzzle(context, server, puzzle)
    page.click("#edit-puzzle")
    page.wait_for_selector("#editor:not([hidden])")
    # (title and author kept: Edit on a puzzle drawn and signed dropped the name)
    assert page.evaluate("app.editor.state()") == {**puzzle}
    assert page.input_value("#editor-name") == "Five" and page.input_value("#editor-author") == "Ann"
    message = page.locator("#editor-message").text_content()
    assert message.startswith("A copy of “Five” to change") and "Undo brings back the draft that was here" in message
    assert page.url.endswith("#new/nonogram/5x5")
    page.click("#editor-undo")
    assert page.evaluate("app.editor.state()")["rows"] == [[1], [], []]
    # the address follows the draft's size, so a reload keeps the copy under Redo (it
    # said 5x5 still, and a reload started a new 5x5 board in place of the copy)
    assert page.url.endswith("#new/nonogram/3x3")
    page.wait_for_timeout(400)  # (the autosave is batched)
    page.reload()
    page.wait_for_function("window.app && app.editor.state() !== null")   # (app comes with the page's modules)
    page.click("#editor-redo")
    assert page.evaluate("app.editor.state()") == {**puzzle}
    page.click("#editor-undo")
    # Back returns to the puzzle, as it was
    page.go_back()
    page.wait_for_selector("#play:not([hidden])")
    assert page.evaluate("app.state().puzzle.title") == "Five"


@pytest.mark.parametrize("puzzle", [
    # (a Nonny file's keys: "0" read as part of the number, "@" refused as no clue)
    {"type": "nonogram", "width": 3, "height": 2, "palette": {"0": "#50c878", "@": "#ffff00", "a": "#ff0000"},
     "rows": [[[1, "0"], [2, "@"]], [[1, "a"], [1, "0"]]], "cols": [[[1, "0"], [1, "a"]], [[1, "@"], [1, "0"]], [[1, "@"]]]},
    {"type": "hungrycat", "width": 2, "height": 2, "palette": {"1": "#ffffff", "*": "#000000"},
     "rows": [[["1", 2, True]], [["1", 1, True], ["*", 1, True]]], "cols": [[["1", 2, True]], [["1", 1, True], ["*", 1, True]]]},
    {"type": "linkapix", "width": 3, "height": 1, "palette": {"1": "#000000", "@": "#ff0000"},
     "clues": [[0, 0, 2, "1"], [0, 1, 2, "1"], [0, 2, 1, "@"]]},
], ids=["nonogram", "hungrycat", "linkapix"])
def test_a_puzzle_whose_colour_keys_are_not_letters_is_edited_with_letters(context, server, puzzle):
    """(a maker's review: Edit on a Nonny file kept its keys "@" and "0", which the
    editor then refused or read as part of the number)"""
    page = open_puzzle(context, server, puzzle)
    page.click("#edit-puzzle")
    page.wait_for_selector("#editor:not([hidden])")
    state = page.evaluate("app.editor.state()")
    assert all(len(k) == 1 and k.isalpha() for k in state["palette"])
    assert sorted(state["palette"].values()) == sorted(puzzle["palette"].values())
    assert page.evaluate("app.editor.problems()") == []
    if puzzle["type"] == "nonogram":
        # numbers and keys written together read as well ("1g2y")
        page.fill("#editor-row-0", page.input_value("#editor-row-0").replace(" ", ""))
        assert page.evaluate("app.editor.problems()") == []
    elif puzzle["type"] == "hungrycat":
        # the example fills a row of this board (it was "5w [3]k" on every board)
        assert page.get_attribute("#editor-row-0", "placeholder") == "e.g. 1w 1" + list(state["palette"])[1]
    wait_ready(page)
    assert check(page).startswith("One solution")


def test_a_puzzle_without_a_solution_says_where_and_is_corrected_from_its_page(context, server):
    from test_clash import nonogram, swapped
    right = nonogram()
    page = wait_ready(open_puzzle(context, server, dict(right, rows=swapped(right["rows"], 3), title="Typo")))
    assert page.evaluate("app.solve()")["status"] == "unsolvable"
    page.wait_for_function("document.querySelector('#message').textContent.includes('outlined')")
    assert page.locator("#message").text_content() == (
        "This puzzle has no solution: if only one clue is mistyped, it is the clue of row 4 (without it the other "
        "clues no longer clash). It is outlined. Edit opens a copy of the puzzle to correct it.")
    hint = page.evaluate("app.hint()")
    assert hint["lines"] == [["row", 3]] and "no solution" in hint["message"]
    page.evaluate("app.check()")
    assert page.locator("#message").text_content().startswith(
        "No rule is broken so far, but this puzzle has no solution: if only one clue is mistyped, it is the clue of row 4")
    page.click("#edit-puzzle")
    page.wait_for_selector("#editor:not([hidden])")
    page.fill("#editor-row-3", " ".join(map(str, right["rows"][3])))
    assert check(page).startswith("One solution")


def test_a_linkapix_without_an_answer_says_which_clue_and_marks_what_blocks_it(context, server):
    """(a Link-a-Pix's "No solution" said no more, a rough edge named at stop 46; the
    counts and the partners are fine here, so the editor lists no problem before the check)"""
    page = editor(context, server, "linkapix/3x3")
    page.click("#editor-add-colour")
    type_cells(page, [(0, 0, "5", "r"), (2, 0, "5", "r"), (1, 0, "3", "k"), (1, 2, "3", "k")])
    assert page.evaluate("app.editor.problems()") == []
    wait_ready(page)
    assert check(page) == ("No solution: the 5 in red at row 3, column 1 has no way left to a partner: links that the "
                           "other clues force (outlined in yellow) block every path of 5 cells (marked on the board). "
                           "Compare the clues with your puzzle.")
    assert page.evaluate("app.editor.highlight()") == {"cells": [[2, 0]], "lines": [], "wrong": True,
                                                       "around": [[1, 0], [1, 1], [1, 2]]}


def test_a_numberlink_with_two_answers_outlines_where_their_lines_differ(context, server):
    """(a maker's review: every cell is on line A in both answers, so comparing the
    cells' labels outlined nothing; the ways a line leaves a cell tell them apart)"""
    page = editor(context, server, "numberlink/3x3")
    wait_ready(page)
    type_cells(page, [(0, 0, "A"), (2, 2, "A")])
    said = check(page)
    assert said.startswith("Several solutions: two of them differ in the ") and " outlined cells. " in said, said
    marked = page.evaluate("app.editor.highlight()")["cells"]
    assert len(marked) >= 2 and f"differ in the {len(marked)} outlined cells" in said


def test_play_says_first_when_the_puzzle_has_several_solutions_and_opens_it_when_asked_again(context, server):
    """(a maker's review: a puzzle of two solutions was played and shared without a word)"""
    page = editor(context, server, "linkapix/3x3")
    type_cells(page, [(0, 0, "3"), (0, 2, "3"), (1, 1, "1"), (2, 0, "3"), (2, 2, "3")])
    wait_ready(page)
    page.click("#editor-play")
    page.wait_for_function("document.querySelector('#editor-message').textContent.endsWith('Play again to open it as "
                           "it is.')")
    said = page.locator("#editor-message").text_content()
    assert said.startswith("Several solutions: two of them differ in the 4 outlined cells."), said
    assert page.is_visible("#editor") and not page.is_visible("#play")
    page.click("#editor-play")
    page.wait_for_selector("#play:not([hidden])")
    assert page.evaluate("app.state().puzzle.clues") == [[0, 0, 3, "k"], [0, 2, 3, "k"], [1, 1, 1, "k"],
                                                          [2, 0, 3, "k"], [2, 2, 3, "k"]]


def test_a_number_too_long_for_the_board_is_said_once(context, server):
    page = editor(context, server, "linkapix/3x3")
    type_cells(page, [(0, 0, "5"), (2, 0, "5"), (1, 2, "99")])
    assert [p["message"] for p in page.evaluate("app.editor.problems()")] == [
        "The 99 at row 2, column 3 is longer than the board has cells."]


def test_a_numberlink_without_an_answer_says_why_and_where(context, server):
    page = editor(context, server, "numberlink/3x3")
    wait_ready(page)
    page.select_option("#editor-option-cover", "free")
    type_cells(page, [(0, 1, "A"), (2, 1, "A"), (1, 0, "B"), (1, 2, "B")])
    assert check(page) == ("No solution: the lines of A and B would have to cross: round the empty cells they must "
                           "run through, their ends come in the order A, B, A, B (marked on the board). Compare the "
                           "clues with your puzzle.")
    assert page.evaluate("app.editor.highlight()") == {"cells": [[0, 1], [2, 1], [1, 0], [1, 2]], "lines": [],
                                                       "wrong": True}


def test_a_linkapix_0_is_refused_in_words_and_10_still_types(context, server):
    """(a maker's review: a 0 typed alone cleared the cell without a word)"""
    page = editor(context, server, "linkapix/3x3")
    type_cells(page, [(0, 0, "3"), (1, 1, "0")])
    assert page.evaluate("app.editor.state().clues") == [[0, 0, 3, "k"]]
    assert page.locator("#editor-message").text_content().startswith("There is no 0 in Link-a-Pix")
    page.keyboard.type("10")                              # a 0 after a 1 makes 10
    assert page.evaluate("app.editor.state().clues") == [[0, 0, 3, "k"], [1, 1, 10, "k"]]
    assert page.locator("#editor-message").text_content() == ""
    click_cell(page, 0, 0)
    page.fill("#editor-cell", "0")                        # the phone's cell field
    assert page.evaluate("app.editor.state().clues") == [[0, 0, 3, "k"], [1, 1, 10, "k"]]
    assert page.locator("#editor-message").text_content().startswith("There is no 0 in Link-a-Pix")
    # (said beside the field too, which shows the cell's clue again: on a phone the
    # message line is out of sight below the board)
    assert page.input_value("#editor-cell") == "3"
    assert page.locator("#editor-cell-note").text_content().startswith("There is no 0 in Link-a-Pix")
