"""The play page as the best puzzle apps have it: a timer (counts, stands still while
the page is hidden or a replay runs, survives a reload, can be hidden), a win screen
when the player (not Solve) completes a puzzle (time, picture, Share, Next, Escape),
Hungry Cat's white cells unlike its blank ones, Check's "Checking…" and its report gone
after a move, and on a touch screen a tap that zooms in on cells too small to touch."""
import json
import random
import re
from pathlib import Path

import pytest

from board_pixels import colour_at
from helpers import cell_point, drag, open_app, open_puzzle, paste_set, unsolved, wait_ready

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "static" / "puzzles"
pytestmark = pytest.mark.browser

HIDE = """(hidden) => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => hidden ? "hidden" : "visible" });
  document.dispatchEvent(new Event("visibilitychange"));
}"""
#: a 2x2 nonogram with one solution: "##" over "#."
TINY = {"type": "nonogram", "width": 2, "height": 2, "title": "Tiny corner", "rows": [[2], [1]], "cols": [[2], [1]]}


def elapsed(page):
    return page.evaluate("app.state().time")


def win_open(page):
    return page.evaluate("document.getElementById('win').open")


def play_solution(page, solution):
    """Fill a black-and-white nonogram's solution by hand: one drag per run of a row."""
    for r, row in enumerate(solution):
        for m in re.finditer(r"#+", row):
            drag(page, [[r, m.start()], [r, m.end() - 1]])


def test_the_timer_counts_stands_still_when_hidden_and_survives_a_reload(context, server):
    page = wait_ready(open_puzzle(context, server, TINY))
    page.mouse.click(*cell_point(page, 0, 0))              # a move: the puzzle is saved from now on
    page.wait_for_timeout(1300)
    first = elapsed(page)
    assert first >= 1000
    # (the time shown is the time counted since the puzzle opened, to the second; how
    # long opening took depends on the machine's load)
    shown = re.fullmatch(r"(\d+):(\d\d)", page.locator("#timer").text_content())
    assert shown and abs(int(shown[1]) * 60 + int(shown[2]) - first / 1000) < 2.5
    page.evaluate(HIDE, True)                              # another tab, a locked phone
    still = elapsed(page)
    page.wait_for_timeout(1200)
    assert elapsed(page) - still < 50
    assert "paused" in page.get_attribute("#timer", "class")
    page.evaluate(HIDE, False)
    page.wait_for_timeout(1200)
    before_reload = elapsed(page)
    assert before_reload - still >= 1000
    page.reload()
    page.wait_for_function("window.app && app.state().puzzle !== null")
    assert elapsed(page) >= before_reload                   # goes on from where it was
    # hidden by the player, and still hidden after a reload; shown again
    page.click("#timer-toggle")
    assert page.is_hidden("#timer") and page.get_attribute("#timer-toggle", "aria-label") == "Show the timer"
    page.reload()
    page.wait_for_function("window.app && app.state().puzzle !== null")
    assert page.is_hidden("#timer")
    page.click("#timer-toggle")
    assert page.is_visible("#timer")


def test_the_timer_stands_still_while_a_replay_runs(context, server):
    page = wait_ready(open_puzzle(context, server, unsolved(LIB / "nonogram-heart.json")))
    page.evaluate("() => { app.replay(); }")
    page.wait_for_selector("#stop-replay:not([hidden])")
    page.wait_for_timeout(200)
    during = elapsed(page)
    page.wait_for_timeout(1200)
    assert elapsed(page) - during < 50
    page.evaluate("app.stopReplay()")
    page.wait_for_timeout(1200)
    assert elapsed(page) - during >= 1000


def test_the_players_solve_opens_the_win_screen_with_time_picture_share_and_next(context, server):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    data = json.loads((LIB / "nonogram-heart.json").read_text())
    page = wait_ready(open_puzzle(context, server, unsolved(LIB / "nonogram-heart.json")))
    play_solution(page, data["solution"]["grid"])
    page.wait_for_selector("#win[open]")
    assert page.evaluate("app.state().solvedBy") == "player"
    assert re.fullmatch(r"Time \d+:\d\d", page.locator("#win-time").text_content())
    assert page.evaluate("document.activeElement.id") == "win-next"
    # the finished picture: the heart's filled cells, and nothing of the crosses or clues
    size = page.evaluate("(() => { const c = document.getElementById('win-picture'); return [c.width, c.height]; })()")
    assert size[0] > 50 and size[0] == size[1]
    # the best time is kept under the puzzle's key, for the library
    key = page.evaluate("app.state().key")
    best = page.evaluate("(k) => import('./js/timer.js').then((m) => m.bestTime(k))", key)
    assert best == page.evaluate("app.state().time") and best > 0
    # Share copies the link, as the toolbar's button does
    page.click("#win-share")
    page.wait_for_function("document.getElementById('win-status').textContent !== ''")
    assert page.locator("#win-status").text_content() == "Link copied to the clipboard."
    assert "#nonogram/10x10/" in page.evaluate("navigator.clipboard.readText()")
    # Next: the library's next puzzle (static/puzzles/index.json order)
    index = json.loads((ROOT / "dist" / "static" / "puzzles" / "index.json").read_text())
    at = [(e["type"], e["title"]) for e in index].index(("nonogram", "Heart"))
    expected = index[at + 1]["title"]
    page.wait_for_function("document.getElementById('win-next-name').textContent !== ''")
    assert page.locator("#win-next-name").text_content().startswith(f"Next: {expected} ·")
    # Escape closes it, and the board has the focus back
    page.keyboard.press("Escape")
    assert not win_open(page)
    assert page.evaluate("document.activeElement.id") == "board"
    # solved again after an undo: the win screen again, the first solve's time still (a
    # review: it said a new time, "Time 0:05 · best 0:04"), and Next opens the next puzzle
    said = page.locator("#win-time").text_content()
    page.wait_for_timeout(1100)
    page.evaluate("app.undo()")
    page.evaluate("app.redo()")
    page.wait_for_selector("#win[open]")
    assert page.locator("#win-time").text_content() == said
    assert page.evaluate("(k) => import('./js/timer.js').then((m) => m.bestTime(k))", key) == best
    page.click("#win-next")
    page.wait_for_function(f"app.state().puzzle.title === {json.dumps(expected)}")
    assert not win_open(page)
    assert page.evaluate("app.state().time") < 1500        # a new puzzle, a new time
    # (its title has the focus, which says it: the board had it back from the dialog)
    page.wait_for_timeout(100)
    assert page.evaluate("document.activeElement.id") == "puzzle-title"


def test_on_a_phone_the_tap_that_solves_leaves_the_win_screen_open(browser, server):
    # (the click a browser sends after a tap lands on the backdrop of the screen that
    # tap's press opened: it closed it at once)
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(180_000)
    try:
        data = json.loads((LIB / "nonogram-heart.json").read_text())
        page = wait_ready(open_puzzle(ctx, server, unsolved(LIB / "nonogram-heart.json")))
        grid = data["solution"]["grid"]
        r, c = max((r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == "#")
        # All but the last cell painted with the mouse, a drag per run (62 taps on a
        # loaded machine could be held long enough to read as long presses, which
        # cross: once, no win screen came); the last, at the bottom of the board, tapped
        play_solution(page, grid[:r] + [grid[r][:c] + "." + grid[r][c + 1:]])
        assert page.evaluate("app.state().solved") is False
        page.touchscreen.tap(*cell_point(page, r, c))
        page.wait_for_selector("#win[open]")
        # the click that follows a tap comes without a press of its own on the backdrop
        # (when it comes after the screen opened: the timing is the browser's, so it is
        # sent here as it comes)
        box = page.locator("#win").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] + 30     # (below the screen's box)
        assert y < 740
        page.evaluate("""([x, y]) => document.getElementById('win').dispatchEvent(
            new MouseEvent('click', {clientX: x, clientY: y, bubbles: true}))""", [x, y])
        page.wait_for_timeout(100)
        assert win_open(page)
        # a press and its click on the backdrop still close it
        page.mouse.click(x, y)
        page.wait_for_function("!document.getElementById('win').open")
    finally:
        ctx.close()


def test_no_win_screen_when_solve_did_it_and_the_timer_stops(context, server):
    page = wait_ready(open_puzzle(context, server, TINY))
    assert page.evaluate("app.solve()")["status"] == "solved"
    assert page.evaluate("app.state().solvedBy") == "solver"
    page.wait_for_timeout(300)
    assert not win_open(page)
    stopped = elapsed(page)
    page.wait_for_timeout(1100)
    assert elapsed(page) == stopped
    # a hint's move that completes the grid is the player's
    page.evaluate("app.undo()")
    while not page.evaluate("app.state().solved"):
        page.evaluate("app.hint()")
    page.wait_for_selector("#win[open]")
    page.click("#win-close")
    assert not win_open(page)


def test_next_puzzle_of_a_puzzle_set_is_the_sets_next(context, server):
    page = open_app(context, server.url)
    wait_ready(page)
    paste_set(page, "2 2\nAA\nBB\n\n3 2\nA.A\nB.B\n")
    set_title = page.locator("#pack-title").text_content()
    page.locator("#pack-list li a").first.click()
    page.wait_for_function("app.state().puzzle && app.state().puzzle.width === 2")
    drag(page, [[0, 0], [0, 1]])
    drag(page, [[1, 0], [1, 1]])
    page.wait_for_selector("#win[open]")
    page.wait_for_function("document.getElementById('win-next-name').textContent !== ''")
    assert page.locator("#win-next-name").text_content().endswith(f"from {set_title}")
    page.click("#win-next")
    page.wait_for_function("app.state().puzzle.width === 3")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_hungry_cat_white_cells_look_unlike_blank_ones(browser, server, theme):
    ctx = browser.new_context(viewport={"width": 1000, "height": 760}, color_scheme=theme)
    ctx.set_default_timeout(180_000)
    try:
        data = unsolved(LIB / "hungrycat-fish.json")
        white = next(k for k, v in data["palette"].items() if v.lower() == "#ffffff")
        dark = min(data["palette"], key=lambda k: sum(int(data["palette"][k][i:i + 2], 16) for i in (1, 3, 5)))
        page = open_puzzle(ctx, server, data)
        assert page.evaluate("document.documentElement.dataset.theme") == theme
        page.evaluate("(k) => app.setTool(k)", white)
        page.mouse.click(*cell_point(page, 0, 0))
        page.evaluate("(k) => app.setTool(k)", dark)
        page.mouse.click(*cell_point(page, 0, 2))
        assert page.evaluate("app.state().progress.grid[0].slice(0, 3)") == white + "?" + dark
        page.mouse.move(1, 1)                               # (no hover tint over the cells read)
        blank = colour_at(page, 0.3, 1.3)
        for painted in (colour_at(page, 0.3, 0.3), colour_at(page, 0.3, 2.3)):
            assert sum(abs(a - b) for a, b in zip(painted, blank)) >= 40, (theme, painted, blank)
        # (and a blank cell is marked with a dot at its centre, unlike the painted white one)
        assert colour_at(page, 0.5, 1.5) != blank and colour_at(page, 0.5, 0.5) == colour_at(page, 0.3, 0.3)
    finally:
        ctx.close()


def test_check_and_hint_say_they_are_at_work_and_the_report_goes_after_a_move(context, server):
    page = wait_ready(open_puzzle(context, server, unsolved(LIB / "nonogram-heart.json")))
    page.evaluate("""() => { window.__said = [];
      new MutationObserver(() => window.__said.push(document.getElementById("message").textContent))
        .observe(document.getElementById("message"), { childList: true, characterData: true, subtree: true }); }""")
    page.mouse.click(*cell_point(page, 9, 0))               # a wrong cell: row 10 is empty
    page.click("#check")
    page.wait_for_function("document.getElementById('message').textContent === '1 cell is wrong: row 10, col 1'")
    said = page.evaluate("window.__said")
    checking = next(i for i, text in enumerate(said) if text.startswith("Checking… 0 s (it gives up at 20 s)"))
    assert checking < said.index("1 cell is wrong: row 10, col 1")
    page.mouse.click(*cell_point(page, 0, 9))               # another move: the report no longer applies
    assert page.locator("#message").text_content() == ""
    # Hint says it is at work too, with its clock, until it answers
    page.evaluate("window.__said = []")
    page.click("#hint")
    page.wait_for_function("document.getElementById('message').textContent.startsWith('Hint:')")
    assert page.evaluate("window.__said")[0] == "Looking for a hint… 0 s (it gives up at 20 s)"


def random_nonogram(n, seed):
    rnd = random.Random(seed)
    grid = ["".join(rnd.choice("#.") for _ in range(n)) for _ in range(n)]

    def runs(line):
        return [len(x) for x in line.split(".") if x]
    return {"type": "nonogram", "width": n, "height": n, "title": f"Random {n}",
            "rows": [runs(row) for row in grid], "cols": [runs("".join(row[c] for row in grid)) for c in range(n)]}


def test_fit_shows_a_256_board_and_a_tap_on_tiny_cells_zooms_in(browser, server):
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(180_000)
    try:
        page = open_app(ctx, server.url)
        page.evaluate("(p) => app.load(p)", random_nonogram(256, 1))
        page.wait_for_timeout(300)
        view = page.evaluate("app.view()")
        assert view["layout"]["cols"] * view["scale"] <= view["width"] + 0.5
        assert view["layout"]["rows"] * view["scale"] <= view["height"] + 0.5
        page.evaluate("(p) => app.load(p)", random_nonogram(60, 2))
        page.wait_for_timeout(300)
        before = page.evaluate("app.view().scale")
        assert before < 10 and page.is_visible("#zoom-note")
        assert page.locator("#zoom-note").text_content().startswith("Tap")
        box = page.locator("#board").bounding_box()
        x, y = cell_point(page, 30, 30)
        page.touchscreen.tap(x, y)
        page.wait_for_function("app.view().scale >= 20")
        assert "#" not in "".join(page.evaluate("app.state().progress.grid"))   # nothing filled
        # big enough now: a tap fills the cell under it
        x, y = cell_point(page, 30, 30)
        assert box["x"] < x < box["x"] + box["width"] and box["y"] < y < box["y"] + box["height"]
        page.touchscreen.tap(x, y)
        page.wait_for_function("app.state().progress.grid[30][30] === '#'")
    finally:
        ctx.close()
