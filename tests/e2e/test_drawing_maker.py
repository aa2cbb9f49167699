"""The drawing maker ("Draw a nonogram or a Hungry Cat puzzle"): paint a picture with
the mouse, its clues follow, the solver says whether they are unique (and where two
solutions differ), and "Play and share" opens the puzzle; the drawing survives a
reload and Back."""
import pytest

from helpers import hold_solver_wheel, open_app, wait_ready

pytestmark = pytest.mark.browser


def point(page, r, c):
    p = page.evaluate(f"app.design.cellCenter({r}, {c})")
    box = page.locator("#design-board").bounding_box()
    return box["x"] + p["x"], box["y"] + p["y"]


def new_drawing(page, width, height, colours=1):
    page.fill("#nono-maker-width", str(width))
    page.fill("#nono-maker-height", str(height))
    page.fill("#nono-maker-colours", str(colours))
    page.click("#nono-maker-go")
    page.wait_for_function(f"app.design.state() && app.design.state().drawing.grid.length === {height}")
    page.wait_for_timeout(100)  # (the board fits itself to the shown canvas)


def drag(page, a, b):
    page.mouse.move(*point(page, *a))
    page.mouse.down()
    page.mouse.move(*point(page, *b), steps=6)
    page.mouse.up()


def shade(page, r, c):
    """Brightness (0-255) of the design board's canvas at cell (r, c)'s centre: where the
    board maps pointers must be where the family draws the cell."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return page.evaluate("""([r, c]) => {
      const cv = document.querySelector('#design-board'), k = cv.width / cv.getBoundingClientRect().width;
      const p = app.design.cellCenter(r, c);
      const d = cv.getContext('2d').getImageData(Math.floor(p.x * k), Math.floor(p.y * k), 1, 1).data;
      return (d[0] + d[1] + d[2]) / 3;
    }""", [r, c])


def check(page):
    page.click("#design-check")
    page.wait_for_function("!app.design.state().busy", timeout=120_000)
    return page.locator("#design-message").text_content()


def test_draw_check_unique_and_play(context, server):
    errors = []
    page = open_app(context, server.url, errors)
    new_drawing(page, 8, 6)
    drag(page, (1, 1), (1, 5))            # a row of five
    page.mouse.click(*point(page, 3, 2))
    page.mouse.click(*point(page, 4, 2))
    page.mouse.click(*point(page, 4, 4))
    page.mouse.click(*point(page, 4, 4))  # a second click blanks the cell again
    page.mouse.click(*point(page, 3, 2), button="right")  # so does a right click
    st = page.evaluate("app.design.state()")
    assert st["drawing"]["grid"] == ["????????", "?#####??", "????????", "????????", "??#?????", "????????"]
    assert shade(page, 1, 1) < 80 and shade(page, 4, 2) < 80     # drawn where they were clicked
    assert shade(page, 0, 0) > 200 and shade(page, 3, 2) > 200
    p = st["puzzle"]
    assert p["rows"] == [[], [5], [], [], [1], []]
    assert p["cols"] == [[], [1], [1, 1], [1], [1], [1], [], []]
    assert "palette" not in p
    wait_ready(page)
    text = check(page)
    assert text.startswith("Unique:") and "Line logic alone solves it" in text, text
    page.fill("#design-name", "A tiny hammer")
    page.fill("#design-author", "Tester")
    page.click("#design-play")
    page.wait_for_function("app.state().puzzle !== null")
    played = page.evaluate("app.state().puzzle")
    assert played["title"] == "A tiny hammer" and played["author"] == "Tester"
    assert played["rows"] == p["rows"] and played["cols"] == p["cols"]
    assert played["grade"] == 1            # graded on the library's scale, and said so
    assert " · easy · " in page.locator("#puzzle-meta").text_content() + " · "
    page.wait_for_function("app.state().link !== null")  # the play page makes its share link
    # Back returns to the drawing, as it was
    page.go_back()
    page.wait_for_function("!document.getElementById('design').hidden")
    assert page.evaluate("app.design.state().drawing.grid")[1] == "?#####??"
    assert errors == []


def test_an_ambiguous_picture_is_outlined_where_solutions_differ(context, server):
    page = open_app(context, server.url)
    new_drawing(page, 4, 4)
    # Two cells on a diagonal: the other diagonal has the same clues.
    page.mouse.click(*point(page, 1, 1))
    page.mouse.click(*point(page, 2, 2))
    wait_ready(page)
    text = check(page)
    assert text.startswith("Not unique") and "4 outlined cells" in text, text
    cells = sorted(map(tuple, page.evaluate("app.design.state().highlight.cells")))
    assert cells == [(1, 1), (1, 2), (2, 1), (2, 2)]
    # "Play and share" on it warns first, with the cells outlined; a second press plays it.
    page.evaluate("document.getElementById('design-message').textContent = ''")
    page.click("#design-play")
    page.wait_for_function("document.getElementById('design-message').textContent.includes('Press Play and share again')")
    assert "4 outlined cells" in page.locator("#design-message").text_content()
    assert page.evaluate("app.state().puzzle") is None and page.locator("#design").is_visible()
    page.click("#design-play")
    page.wait_for_function("app.state().puzzle !== null")
    page.go_back()
    page.wait_for_function("!document.getElementById('design').hidden")
    # A change takes the outline away; a third cell makes the picture unique.
    page.mouse.click(*point(page, 1, 2))
    assert page.evaluate("app.design.state().highlight") is None
    assert check(page).startswith("Unique:")
    # A unique picture that line logic alone cannot settle: the maker is told.
    page.click("#design-clear")
    for r, c in [(0, 2), (1, 0), (1, 3), (2, 2), (3, 0), (3, 1)]:  # line solving settles no cell
        page.mouse.click(*point(page, r, c))
    text = check(page)
    assert text.startswith("Unique:") and "Line logic alone does not solve it" in text, text
    # A blank grid is no puzzle
    page.click("#design-clear")
    assert "Draw something first" in check(page)


def test_multicolour_drawing_uses_its_colours(context, server):
    page = open_app(context, server.url)
    new_drawing(page, 5, 5, colours=3)
    swatches = page.locator("#design-tools .swatch")
    assert swatches.count() == 3
    assert swatches.nth(1).get_attribute("aria-label") == "Paint red"
    drag(page, (0, 0), (0, 2))            # black (the first colour)
    swatches.nth(1).click()
    drag(page, (0, 3), (0, 4))            # red, touching the black block
    page.mouse.click(*point(page, 2, 2))
    p = page.evaluate("app.design.state().puzzle")
    assert p["palette"] == {"k": "#000000", "r": "#ff0000"}  # only the colours used
    assert p["rows"][0] == [[3, "k"], [2, "r"]]
    assert p["rows"][2] == [[1, "r"]]
    wait_ready(page)
    assert check(page).startswith("Unique:")
    # The chosen swatch takes another colour (undoable); not one another swatch has.
    pick = "(c) => { const i = document.getElementById('design-colour'); i.value = c; i.dispatchEvent(new Event('change')); }"
    assert page.input_value("#design-colour") == "#ff0000"
    page.evaluate(pick, "#008000")
    assert page.evaluate("app.design.state().puzzle.palette") == {"k": "#000000", "r": "#008000"}
    assert swatches.nth(1).get_attribute("aria-label") == "Paint green"
    page.evaluate(pick, "#000000")
    assert "Another swatch has that colour" in page.text_content("#design-message")
    assert page.input_value("#design-colour") == "#008000"
    page.click("#design-undo")
    assert page.evaluate("app.design.state().puzzle.palette") == {"k": "#000000", "r": "#ff0000"}


def test_the_drawing_survives_a_reload_and_a_new_one_is_undoable(context, server):
    page = open_app(context, server.url)
    new_drawing(page, 6, 6)
    drag(page, (2, 0), (2, 5))
    page.wait_for_timeout(400)            # (the autosave is batched)
    page.reload()
    page.wait_for_function("window.app && app.design.state() !== null")
    assert not page.locator("#design").is_hidden()
    assert page.evaluate("app.design.state().drawing.grid")[2] == "######"
    # The library offers to continue it; a new drawing replaces it, and Undo brings it back.
    page.click("#home-link")
    assert "Continue drawing (nonogram, 6×6)" in page.locator("#nono-maker-continue").text_content()
    new_drawing(page, 3, 4)
    assert "Undo brings your last one back" in page.locator("#design-message").text_content()
    page.click("#design-undo")
    page.wait_for_function("app.design.state().drawing.grid.length === 6")
    assert page.evaluate("app.design.state().drawing.grid")[2] == "######"


def test_a_hungry_cat_puzzle_is_drawn_on_white_and_checked(context, server):
    page = open_app(context, server.url)
    page.select_option("#nono-maker-kind", "hungrycat")
    new_drawing(page, 4, 4, colours=3)
    assert page.locator("#design-title").text_content() == "Draw a Hungry Cat puzzle"
    swatches = page.locator("#design-tools .swatch")
    assert [swatches.nth(i).get_attribute("aria-label") for i in range(3)] == ["Paint white", "Paint black", "Paint red"]
    assert swatches.nth(1).get_attribute("aria-pressed") == "true"   # black first: white is unpainted
    page.mouse.click(*point(page, 0, 0))
    page.mouse.click(*point(page, 0, 1))
    page.mouse.click(*point(page, 2, 0))
    swatches.nth(2).click()
    for r, c in [(0, 3), (2, 1), (2, 3)]:
        page.mouse.click(*point(page, r, c))
    page.mouse.click(*point(page, 2, 1), button="right")   # back to white
    page.mouse.click(*point(page, 2, 1))
    st = page.evaluate("app.design.state()")
    assert st["drawing"]["grid"] == ["kkwr", "wwww", "krwr", "wwww"]
    p = st["puzzle"]
    assert p["type"] == "hungrycat" and p["palette"] == {"w": "#ffffff", "k": "#000000", "r": "#ff0000"}
    assert p["rows"][0] == [["w", 1, True], ["k", 2, True], ["r", 1, True]]
    assert p["cols"][1] == [["w", 2, False], ["k", 1, True], ["r", 1, True]]
    wait_ready(page)
    text = check(page)
    assert text.startswith("Unique:") and "Line logic alone solves it" in text, text
    page.click("#design-play")
    page.wait_for_function("app.state().puzzle !== null")
    assert page.evaluate("app.state().puzzle.type") == "hungrycat"


def test_cancel_works_while_the_solver_is_still_loading(context, server):
    release = hold_solver_wheel(context)       # (until the cancel is seen)
    page = open_app(context, server.url)
    new_drawing(page, 5, 5)
    page.mouse.click(*point(page, 2, 2))
    assert page.evaluate("app.solverState") != "ready"
    page.click("#design-check")
    page.click("#design-cancel")
    page.wait_for_function("!app.design.state().busy")     # at once, not once Python is ready
    assert page.locator("#design-message").text_content() == "Check cancelled."
    assert page.evaluate("app.solverState") != "ready"
    release(page)
    wait_ready(page)
    assert check(page).startswith("Unique:")               # and the next check runs


def test_clues_that_need_more_room_keep_the_cursor_the_zoom_and_the_pointer(context, server):
    errors = []
    page = open_app(context, server.url, errors)
    new_drawing(page, 10, 8)
    # Keyboard: each Enter here gives row 1 a new block, so its clue needs more room.
    page.focus("#design-board")
    page.keyboard.press("Enter")
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    assert page.locator("#design-cursor").text_content().startswith("Row 1, column 6")
    page.keyboard.press("Enter")
    assert page.evaluate("app.design.state().drawing.grid[0]") == "#???##????"
    # A drag whose preview would deepen a column's clue is drawn under the pointer.
    page.mouse.click(*point(page, 3, 4))
    page.mouse.move(*point(page, 1, 4))
    page.mouse.down()
    page.mouse.move(*point(page, 6, 4), steps=6)
    assert shade(page, 5, 4) < 80
    page.mouse.up()
    # Zoomed in by hand, a stroke that changes the clue room keeps the zoom.
    box = page.locator("#design-board").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -150)
    page.wait_for_timeout(100)
    scale = page.evaluate("app.design.cellCenter(0, 1).x - app.design.cellCenter(0, 0).x")
    for c in (1, 7):                         # row 3 gets three blocks: its clue grows
        page.mouse.click(*point(page, 3, c))
    assert page.evaluate("app.design.cellCenter(0, 1).x - app.design.cellCenter(0, 0).x") == pytest.approx(scale)
    assert page.evaluate("app.design.state().drawing.grid[3]") == "?#??#??#??"
    assert errors == []


def test_the_title_survives_visits_that_never_open_the_maker(context, server):
    page = open_app(context, server.url)
    new_drawing(page, 5, 5)
    page.mouse.click(*point(page, 2, 2))
    page.fill("#design-name", "My cat")
    page.fill("#design-author", "Ann")
    page.click("#home-link")
    page.reload()
    page.wait_for_function("window.app")
    page.reload()
    page.wait_for_function("window.app")
    page.click("#nono-maker-continue")
    assert page.locator("#design-name").input_value() == "My cat"
    assert page.locator("#design-author").input_value() == "Ann"
    # a new drawing starts untitled
    page.click("#home-link")
    new_drawing(page, 4, 4)
    assert page.locator("#design-name").input_value() == ""


@pytest.mark.parametrize("saved", [
    {"present": {"grid": ["?"]}, "past": [], "future": []},                              # too small
    {"present": {"grid": ["??", "??"], "palette": None}, "past": [None, "x"], "future": "abc"},
    {"present": {"kind": "hungrycat", "grid": ["ww", "ww"], "palette": None}},           # no palette
    {"present": {"kind": "toString", "grid": ["??", "??"], "palette": None}},
    {"present": {"grid": ["a?", "??"], "palette": {"a": 5}}},                          # not a colour
    {"present": {"grid": ["z?", "??"], "palette": {"a": "#000000"}}},                  # not a key
])
def test_a_tampered_saved_drawing_is_left_out(context, server, saved):
    errors = []
    page = open_app(context, server.url, errors)
    page.evaluate("(s) => localStorage.setItem('pl.progress.design.nonogram', JSON.stringify(s))", saved)
    page.reload()
    page.wait_for_function("window.app")
    new_drawing(page, 3, 3)
    page.mouse.click(*point(page, 1, 1))
    page.click("#design-undo")
    page.click("#design-undo")
    assert page.evaluate("app.design.state().drawing.grid.length") in (2, 3, 15)  # never the 1x1
    assert errors == []


def test_a_link_a_pix_picture_is_made_into_its_puzzle(context, server):
    page = open_app(context, server.url)
    page.select_option("#nono-maker-kind", "linkapix")
    new_drawing(page, 6, 5, colours=2)
    assert page.locator("#design-title").text_content() == "Draw a Link-a-Pix picture"
    assert page.locator("#design-check").text_content() == "Make the puzzle"
    assert page.locator("#design-play").is_hidden()
    drag(page, (0, 0), (0, 3))                          # black
    page.locator("#design-tools .swatch").nth(1).click()
    drag(page, (2, 1), (4, 1))                          # red, down a column
    page.mouse.click(*point(page, 4, 4))
    assert shade(page, 0, 2) < 80 and shade(page, 1, 2) > 200   # drawn where painted
    grid = page.evaluate("app.design.state().drawing.grid")
    assert grid == ["kkkk??", "??????", "?r????", "?r????", "?r??r?"]
    page.fill("#design-name", "Two strokes")
    wait_ready(page)
    page.click("#design-check")
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'linkapix'", timeout=120_000)
    p = page.evaluate("app.state().puzzle")
    assert p["title"] == "Two strokes" and (p["width"], p["height"]) == (6, 5)
    assert sorted(p["palette"].values()) == ["#000000", "#ff0000"]
    res = page.evaluate("app.solve({unique: true})")
    assert res["status"] == "solved" and res["unique"] is True
    covered = {(r, c) for path in res["solution"]["paths"] for r, c in path}
    assert covered == {(r, c) for r, row in enumerate(grid) for c, k in enumerate(row) if k != "?"}


def test_undo_drops_a_stroke_still_in_the_hand_and_titles_stay_with_their_drawing(context, server):
    page = open_app(context, server.url)
    page.select_option("#nono-maker-kind", "linkapix")
    new_drawing(page, 6, 6, colours=2)
    page.mouse.click(*point(page, 0, 0))
    page.fill("#design-name", "First")
    page.click("#home-link")
    page.select_option("#nono-maker-kind", "nonogram")
    new_drawing(page, 6, 6)
    assert page.locator("#design-name").input_value() == ""       # a new drawing is untitled
    page.fill("#design-name", "Second")
    page.mouse.click(*point(page, 5, 5))
    page.focus("#design-board")
    page.keyboard.press("d")                                        # picked up at (0, 0)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Control+z")                                # drops the stroke
    page.keyboard.press("Control+z")                                # back to the Link-a-Pix picture
    page.keyboard.press("ArrowRight")
    page.keyboard.press("d")                                        # a new pick-up, not a put-down
    page.keyboard.press("Escape")
    st = page.evaluate("app.design.state()")
    assert st["drawing"]["kind"] == "linkapix" and st["drawing"]["grid"][0] == "k?????"
    assert page.locator("#design-name").input_value() == "First"   # its own title came back
    page.click("#design-redo")
    page.click("#design-redo")
    assert page.locator("#design-name").input_value() == "Second"


def saved_row(page, row):
    """Wait until the drawing kept in storage has ``row`` as its first row (a busy
    machine saves later than a quiet one)."""
    page.wait_for_function("""(row) => { const kept = localStorage.getItem('pl.progress.design.nonogram');
        return kept !== null && JSON.parse(kept).present.grid[0] === row; }""", arg=row)


def test_a_tab_busy_checking_takes_the_other_tabs_drawing_and_does_not_overwrite_it(context, server):
    a = open_app(context, server.url)
    new_drawing(a, 5, 5)
    a.mouse.click(*point(a, 0, 0))
    saved_row(a, "#????")
    b = open_app(context, server.url)
    b.click("#nono-maker-continue")
    b.wait_for_function("app.design.state() && app.design.state().drawing.grid.length === 5")
    b.click("#design-check")                                         # busy while Python loads
    for c in range(1, 4):
        a.mouse.click(*point(a, 0, c))
    saved_row(a, "####?")
    b.wait_for_function("!app.design.state().busy", timeout=120_000)
    assert b.evaluate("app.design.state().drawing.grid[0]") == "####?"
    b.close()                                                        # its page-hide writes nothing stale
    a.reload()
    a.wait_for_function("window.app && app.design.state() !== null")
    assert a.evaluate("app.design.state().drawing.grid[0]") == "####?"


def test_the_grid_stays_still_while_its_clues_grow(context, server):
    """A clue that grows a margin moves the clue strip, not the cells under the pointer,
    while the board still fits its view (here across: the view is wider than tall)."""
    page = open_app(context, server.url)
    wait_ready(page)
    new_drawing(page, 8, 8)
    page.mouse.click(*point(page, 0, 0))
    page.wait_for_timeout(100)
    before = page.evaluate("app.design.cellCenter(5, 5)")
    page.mouse.click(*point(page, 0, 2))               # row 0: a second block, a wider margin
    page.wait_for_timeout(100)
    assert page.evaluate("app.design.state()")["drawing"]["grid"][0][:3] == "#?#"
    assert page.evaluate("app.design.cellCenter(5, 5)") == before


def test_the_drawing_maker_and_the_editor_link_back_to_the_library(context, server):
    """(a review: only the page's title or the browser's Back left them)"""
    page = open_app(context, server.url)
    new_drawing(page, 5, 5)
    shade(page, 1, 1)
    page.click("#design-back")
    page.wait_for_selector("#library:not([hidden])")
    page.goto(server.url + "#new/nonogram/5x5")
    page.wait_for_selector("#editor:not([hidden])")
    page.click("#editor-back")
    page.wait_for_selector("#library:not([hidden])")
    assert page.locator("#editor").is_hidden() and page.locator("#design").is_hidden()
