"""Playing a nonogram zoomed in and on a touch screen: the pinned clue strips keep
presses and hints off the cells they cover and give way to the grid when zoomed far
in; a long press crosses even when the finger wobbles inside its cell; undoing Solve
takes its report away."""
import random

import pytest

from board_pixels import pixels, settle
from helpers import cell_point, fold_help, open_puzzle, press_twice, wait_ready

pytestmark = pytest.mark.browser


def runs(line):
    out, n = [], 0
    for v in line + [0]:
        if v:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def random_nonogram(width, height, seed):
    """A puzzle with long clues (up to about half the line), so its clue margins are
    wide: the case where pinned strips could cover most of a zoomed-in view."""
    rng = random.Random(seed)
    g = [[int(rng.random() < 0.55) for _ in range(width)] for _ in range(height)]
    return {"type": "nonogram", "width": width, "height": height, "title": "Long clues",
            "rows": [runs(row) for row in g], "cols": [runs([g[r][c] for r in range(height)]) for c in range(width)]}


BIG = random_nonogram(30, 25, 3)


def zoomed(page, clicks):
    fold_help(page)
    for _ in range(clicks):
        page.click("#zoom-in")
    settle(page)
    return page.evaluate("app.view()")


def test_a_press_on_a_pinned_clue_strip_pans_and_leaves_the_cells_under_it(context, server):
    page = open_puzzle(context, server, BIG)
    view = zoomed(page, 4)
    strips = view["clueStrips"]
    assert strips["right"] > 1 and strips["bottom"] > 1        # both strips pinned
    box = page.locator("#board").bounding_box()
    before = page.evaluate("app.state().progress.grid")
    # A click just inside the top strip, over the grid's columns (a cell is hidden there)
    x, y = box["x"] + view["width"] * 0.6, box["y"] + strips["bottom"] - 3
    page.mouse.click(x, y)
    # and one on the left strip, over the grid's rows.
    page.mouse.click(box["x"] + strips["right"] - 3, box["y"] + view["height"] * 0.6)
    assert page.evaluate("app.state().progress.grid") == before
    # A drag that starts on a strip pans the board.
    ox = page.evaluate("app.cellCenter(10, 10).x")
    page.mouse.move(box["x"] + strips["right"] - 3, box["y"] + view["height"] * 0.6)
    page.mouse.down()
    page.mouse.move(box["x"] + strips["right"] + 60, box["y"] + view["height"] * 0.6, steps=4)
    page.mouse.up()
    assert page.evaluate("app.cellCenter(10, 10).x") > ox + 30
    assert page.evaluate("app.state().progress.grid") == before
    # A cell just beside the strips still takes a click.
    cx, cy = box["x"] + strips["right"] + 0.5 * view["scale"], box["y"] + view["height"] * 0.6
    page.mouse.click(cx, cy)
    after = page.evaluate("app.state().progress.grid")
    assert after != before
    # A drag along a row that runs onto the strip paints up to the first cell in sight,
    # not the cells hidden under the strip.
    settle(page)
    strips = page.evaluate("app.view().clueStrips")
    cy = box["y"] + view["height"] * 0.8
    page.mouse.move(box["x"] + strips["right"] + 3.5 * view["scale"], cy)
    page.mouse.down()
    page.mouse.move(box["x"] + strips["right"] / 2, cy, steps=6)
    page.mouse.up()
    grid = page.evaluate("app.state().progress.grid")
    changed = [(r, c) for r in range(len(grid)) for c in range(len(grid[r])) if grid[r][c] != after[r][c]]
    assert len({r for r, _ in changed}) == 1 and len(changed) >= 3
    first_seen = min(c for _, c in changed)
    x_first = box["x"] + page.evaluate(f"app.cellCenter({changed[0][0]}, {first_seen}).x")
    assert x_first > box["x"] + strips["right"], (changed, strips)   # the leftmost painted is in sight


def test_zoomed_far_in_the_strips_shrink_and_a_hint_lands_beside_them(context, server):
    page = open_puzzle(context, server, BIG)
    wait_ready(page)
    view = zoomed(page, 8)
    strips = view["clueStrips"]
    # At this zoom the clue margins would take most of the view; drawn smaller, each
    # strip keeps to about a third of it.
    assert view["layout"]["x0"] * view["scale"] > 0.7 * view["width"]
    assert view["layout"]["y0"] * view["scale"] > 0.7 * view["height"]
    assert strips["right"] - strips["left"] <= 0.36 * view["width"]
    assert strips["bottom"] - strips["top"] <= 0.36 * view["height"]
    assert min(strips["rowClue"], strips["colClue"]) >= 14 and not strips["cut"]
    page.evaluate("app.hint()")                      # (where to look: a line)
    hint = page.evaluate("app.hint()")               # what follows: the cells it decides
    assert hint and hint.get("cells"), hint
    settle(page)
    view = page.evaluate("app.view()")
    strips, half = view["clueStrips"], view["scale"] / 2
    for r, c in hint["cells"]:
        pt = page.evaluate(f"app.cellCenter({r}, {c})")
        # (the whole cell: none half under a strip's edge)
        assert pt["x"] - half >= strips["right"] - 1 and pt["y"] - half >= strips["bottom"] - 1, (r, c, pt, strips)
        assert pt["x"] + half <= view["width"] + 1 and pt["y"] + half <= view["height"] + 1
    # The hint's cells, drawn over the board at half strength until played, stay off
    # the strips: the corner where they cross is plain (the clues under it showed
    # through, and the cells under the strips).
    # (5 px in from its edges: the mask stops a twentieth of a cell short of them)
    corner = [(x, y) for x in range(int(strips["left"]) + 5, int(strips["right"]) - 5, 2)
              for y in range(int(strips["top"]) + 5, int(strips["bottom"]) - 5, 2)]
    assert len(corner) > 100 and len({tuple(px) for px in pixels(page, corner)}) == 1
    # Solve shows the whole answer: the view zoomed in on a part fits the board (it stayed
    # on a few of its cells, a review)
    assert page.evaluate("app.solve({unique: false})")["status"] == "solved"
    settle(page)
    view = page.evaluate("app.view()")
    for r, c in ((0, 0), (BIG["height"] - 1, BIG["width"] - 1)):
        pt = page.evaluate(f"app.cellCenter({r}, {c})")
        assert 0 < pt["x"] < view["width"] and 0 < pt["y"] < view["height"], (r, c, pt)


def test_on_a_phone_long_clues_stay_readable_when_zoomed_in(browser, server):
    """Where the strips would draw their clues too small to read, the clues nearest the
    grid stay at 14 px or more and the others are cut at the view's edge (a player's
    review: a 40x40 colour nonogram's clues were 5 px on a phone at every zoom)."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    try:
        page = open_puzzle(ctx, server, random_nonogram(60, 50, 5))
        fold_help(page)
        page.click("#more-tools")                       # (the zoom buttons are among them on a phone)
        for _ in range(6):
            page.click("#zoom-in")
        settle(page)
        view = page.evaluate("app.view()")
        strips = view["clueStrips"]
        assert min(strips["rowClue"], strips["colClue"]) >= 14 and strips["cut"], strips
        assert strips["right"] - strips["left"] <= 0.36 * view["width"]
        assert strips["bottom"] - strips["top"] <= 0.36 * view["height"]
    finally:
        ctx.close()


@pytest.fixture
def touch_context(browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(180_000)
    yield ctx
    ctx.close()


def fingers(context, page):
    """touch(kind, [(x, y), ...]): touch events as fingers send them (CDP), one point per
    finger down ("touchStart", "touchMove", "touchEnd"); touch.tap(r, c) taps a cell."""
    cdp = context.new_cdp_session(page)

    def touch(kind, points):
        cdp.send("Input.dispatchTouchEvent",
                 {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})

    def tap(r, c):      # one finger on the cell's centre, lifted at once
        touch("touchStart", [cell_point(page, r, c)])
        touch("touchEnd", [])
    touch.tap = tap
    return touch


def test_a_long_press_that_wobbles_inside_its_cell_still_crosses(touch_context, server):
    page = open_puzzle(touch_context, server, BIG)
    touch = fingers(touch_context, page)

    settle(page)
    # (cells too small to touch at Fit size: a first tap zooms in on them, filling nothing)
    assert page.evaluate("app.view().scale") < 10
    touch.tap(12, 12)
    settle(page)
    assert page.evaluate("app.view().scale") >= 20
    assert all(set(row) == {"?"} for row in page.evaluate("app.state().progress.grid"))
    x, y = cell_point(page, 12, 12)
    touch("touchStart", [(x, y)])
    page.wait_for_timeout(150)
    touch("touchMove", [(x + 2, y + 1)])                     # a real finger is never still
    page.wait_for_timeout(600)
    touch("touchEnd", [])
    page.wait_for_timeout(50)
    assert page.evaluate("app.state().progress.grid[12][12]") == "."
    # A quick tap still fills.  (How quick the page saw it decides: on a busy machine
    # the touch's end can come after the long press's 450 ms, and then it crosses.)
    page.evaluate("""() => { const cv = document.getElementById('board');
      window.pressSeen = [];
      for (const kind of ['pointerdown', 'pointerup'])
        cv.addEventListener(kind, () => window.pressSeen.push(performance.now()), { capture: true }); }""")
    x, y = cell_point(page, 12, 13)
    touch("touchStart", [(x, y)])
    touch("touchMove", [(x + 1, y)])
    touch("touchEnd", [])
    page.wait_for_timeout(50)
    down, up = page.evaluate("window.pressSeen")
    assert page.evaluate("app.state().progress.grid[12][13]") == ("#" if up - down < 450 else ".")


def test_two_fingers_pinch_and_pan_and_a_stroke_begun_by_the_first_is_dropped(touch_context, server):
    page = open_puzzle(touch_context, server, BIG)
    touch = fingers(touch_context, page)

    settle(page)
    x, y = cell_point(page, 12, 12)
    touch("touchStart", [(x, y)])                            # (zooms in on the tiny cells)
    touch("touchEnd", [])
    settle(page)
    before = page.evaluate("app.view().scale")
    x, y = cell_point(page, 10, 10)
    touch("touchStart", [(x, y)])                            # a first finger starts a stroke...
    touch("touchStart", [(x, y), (x + 40, y)])               # ...a second one turns it into a pinch
    for step in range(1, 6):
        touch("touchMove", [(x - 8 * step, y), (x + 40 + 8 * step, y)])
    touch("touchEnd", [])
    settle(page)
    assert page.evaluate("app.view().scale") > before * 1.5
    assert all(set(row) == {"?"} for row in page.evaluate("app.state().progress.grid"))


def test_undoing_solve_takes_its_report_away(context, server):
    page = wait_ready(open_puzzle(context, server, BIG))
    press_twice(page, "#solve")
    # (after the uniqueness check: a check still running when the grid is undone says
    # what it learnt about the puzzle when it ends, which is another test's matter)
    page.wait_for_function("document.querySelector('#message').textContent.includes('Undo brings')")
    page.click("#undo")
    assert page.locator("#message").text_content() == ""
    assert all(set(row) == {"?"} for row in page.evaluate("app.state().progress.grid"))


def test_a_phone_held_sideways_has_the_board_whole_on_the_screen(browser, server):
    """(a player's review: at 740x360 the desktop's three rows of tools pushed the board
    off the screen's foot, then the compact tools above it left it 150 px)"""
    ctx = browser.new_context(viewport={"width": 740, "height": 360}, has_touch=True, is_mobile=True)
    try:
        page = open_puzzle(ctx, server, BIG)
        assert page.locator("#more-tools").is_visible() and page.locator("#restart").is_hidden()
        # (beside the tools, the whole height: it was 150 px tall below them, 12 px cells)
        box = page.locator("#board").bounding_box()
        tools = page.locator("#play .toolbar").bounding_box()
        assert box["y"] + box["height"] <= 360 and box["height"] >= 250
        assert box["x"] >= tools["x"] + tools["width"]
    finally:
        ctx.close()


def test_solve_and_replay_ask_first_until_the_puzzle_is_solved(context, server):
    """(a player's review: Solve sits beside Hint, and one slip showed the answer)"""
    page = wait_ready(open_puzzle(context, server, random_nonogram(8, 8, 5)))
    page.click("#solve")
    assert page.locator("#message").text_content() == (
        "Solve fills in the whole solution (Undo brings your grid back). Press Solve again to go on.")
    assert "armed" in page.get_attribute("#solve", "class")
    page.click("#replay")                          # another tool: asks in its turn
    assert page.locator("#message").text_content().startswith("Replay shows the solver's steps")
    assert "armed" not in (page.get_attribute("#solve", "class") or "")
    page.click("#check")                           # going on without it: the question lapses
    assert "armed" not in (page.get_attribute("#replay", "class") or "")
    assert "again to go on" not in page.locator("#message").text_content()
    page.click("#solve")                           # (so this press asks afresh)
    assert "armed" in page.get_attribute("#solve", "class")
    page.wait_for_timeout(200)
    assert all(set(row) == {"?"} for row in page.evaluate("app.state().progress.grid"))
    page.click("#solve")
    page.wait_for_function("app.state().solved === true")
    page.click("#replay")                          # solved: nothing left to spoil
    page.wait_for_function("/^(Replaying|Step|Replay finished)/.test(document.querySelector('#message').textContent)")


def test_on_a_phone_occasional_tools_wait_behind_more(touch_context, context, server):
    page = open_puzzle(touch_context, server, BIG)
    assert page.locator("#restart").is_hidden() and page.locator("#zoom-fit").is_hidden()
    # (the solving method and the replay are not a player's tools: behind More too)
    assert page.locator("#method").is_hidden() and page.locator("#replay").is_hidden()
    assert page.locator("#check").is_visible() and page.locator("#share").is_visible()
    page.click("#more-tools")
    assert page.locator("#more-tools").get_attribute("aria-expanded") == "true"
    assert page.locator("#restart").is_visible() and page.locator("#zoom-fit").is_visible()
    assert page.locator("#show-errors").is_visible()
    page.click("#more-tools")
    assert page.locator("#restart").is_hidden()
    # On a wide screen every tool is in sight and there is no More.
    wide = open_puzzle(context, server, BIG)
    assert wide.locator("#more-tools").is_hidden() and wide.locator("#restart").is_visible()


def test_the_cross_tool_marks_cells_empty_with_a_plain_press(context, server):
    """(a player's review: on a touch screen a cross took a long press; nonogram apps
    give a pen/cross switch) black and white: fill, then cross (after the colours in colour)"""
    page = open_puzzle(context, server, BIG)
    swatches = page.locator("#family-tools .swatch")
    assert swatches.count() == 2 and page.evaluate("app.state().tool") == "#"
    swatches.last.click()
    assert page.evaluate("app.state().tool") == "."
    settle(page)
    page.mouse.click(*cell_point(page, 0, 0))
    assert page.evaluate("app.state().progress.grid")[0][0] == "."
    swatches.first.click()
    page.mouse.click(*cell_point(page, 0, 0))             # filled over the cross
    assert page.evaluate("app.state().progress.grid")[0][0] == "#"


def test_a_stroke_held_at_the_edge_of_a_zoomed_board_scrolls_on_and_keeps_painting(context, server):
    """A drag that reaches an edge of the view where the board goes on scrolls the view
    (a Link-a-Pix link longer than the zoomed view could not be drawn): the row is
    painted on into cells that were out of sight."""
    page = open_puzzle(context, server, BIG)
    view = zoomed(page, 4)
    box = page.locator("#board").bounding_box()
    row = 12
    visible = [c for c in range(30) if page.evaluate(f"app.cellCenter({row}, {c}).x") < view["width"] - 2]
    start = visible[-4]
    before = page.evaluate("app.state().progress.grid")
    x0 = page.evaluate(f"app.cellCenter({row}, {start}).x")
    y = box["y"] + page.evaluate(f"app.cellCenter({row}, {start}).y")
    page.mouse.move(box["x"] + x0, y)
    page.mouse.down()
    page.mouse.move(box["x"] + view["width"] - 4, y, steps=5)
    page.wait_for_timeout(1500)
    page.mouse.up()
    assert page.evaluate(f"app.cellCenter({row}, {start}).x") < x0 - view["scale"]     # it scrolled
    grid = page.evaluate("app.state().progress.grid")
    painted = [c for c in range(30) if grid[row][c] != before[row][c]]
    assert painted[0] == start and max(painted) > visible[-1] + 1, (painted, visible)
    assert all(grid[r] == before[r] for r in range(len(grid)) if r != row)


def test_a_tap_that_zooms_keeps_its_cell_beside_the_strips_and_no_pan_loses_the_grid(touch_context, server):
    """(a player's review: on a phone, a tap near the clues zoomed in with the cell
    tapped under the pinned strips, so the next tap there painted nothing; two-finger
    pans pushed the whole board out of sight)"""
    page = open_puzzle(touch_context, server, BIG)
    touch = fingers(touch_context, page)
    tap = touch.tap
    settle(page)
    assert page.evaluate("app.view().scale") < 10
    tap(0, 0)
    settle(page)
    view = page.evaluate("app.view()")
    strips, half = view["clueStrips"], view["scale"] / 2
    assert view["scale"] >= 20 and strips["right"] > 1 and strips["bottom"] > 1    # (zoomed in, both strips pinned)
    pt = page.evaluate("app.cellCenter(0, 0)")
    assert pt["x"] - half >= strips["right"] - 1 and pt["y"] - half >= strips["bottom"] - 1, (pt, strips)
    tap(0, 0)
    assert page.evaluate("app.state().progress.grid[0][0]") != "?"
    # two fingers pan far down and right, then far up and left: the grid keeps the view's
    # middle covered
    for dx in (400, -400):
        for _ in range(4):
            touch("touchStart", [(150, 300), (200, 300)])
            touch("touchMove", [(150 + dx / 2, 300 + dx / 2), (200 + dx / 2, 300 + dx / 2)])
            touch("touchMove", [(150 + dx, 300 + dx), (200 + dx, 300 + dx)])
            touch("touchEnd", [])
        settle(page)
        view = page.evaluate("app.view()")
        first, last = page.evaluate("app.cellCenter(0, 0)"), page.evaluate(f"app.cellCenter({BIG['height'] - 1}, {BIG['width'] - 1})")
        assert first["x"] <= view["width"] / 2 + view["scale"] and last["x"] >= view["width"] / 2 - view["scale"], (dx, first, last)
        assert first["y"] <= view["height"] / 2 + view["scale"] and last["y"] >= view["height"] / 2 - view["scale"], (dx, first, last)
