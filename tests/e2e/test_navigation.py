"""Moving around the app: Back and Forward between the library and a puzzle, reloads,
Replay's lifecycle (Stop, Escape, leaving it halfway), and what the Continue list says."""
import json
from pathlib import Path

import pytest

from helpers import drag, open_app, paste_set, press_twice, wait_ready

import pysolver.api as api

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "static" / "puzzles"
pytestmark = pytest.mark.browser

PLAYING = "#play:not([hidden])"
IN_LIBRARY = "#library:not([hidden])"


def link_of(name):
    data = json.loads((LIB / name).read_text())
    data.pop("solution", None)
    return api.link(data)


def open_from_library(page, title):
    page.locator("#library-list a", has_text=title).first.click()
    page.wait_for_selector(PLAYING)


def test_back_and_forward_move_between_the_library_and_the_puzzle(context, server):
    page = open_app(context, server.url)
    open_from_library(page, "Sailing boat")
    wait_ready(page)
    page.wait_for_function("app.state().link !== null")
    assert page.url.endswith("#" + page.evaluate("app.state().link"))
    page.click("#home-link")
    page.wait_for_selector(IN_LIBRARY)
    page.go_back()                                   # back to the puzzle, not just its address
    page.wait_for_selector(PLAYING)
    assert page.locator("#puzzle-title").text_content() == "Sailing boat"
    page.go_back()                                   # opening it was an entry of its own
    page.wait_for_selector(IN_LIBRARY)
    assert page.url == server.url
    page.go_forward()
    page.wait_for_selector(PLAYING)
    assert page.locator("#puzzle-title").text_content() == "Sailing boat"


def test_a_puzzle_opened_before_the_solver_is_ready_survives_a_reload(context, server):
    # Python never starts here (its loader cannot be fetched), so no share link is made.
    context.route("**/pyodide.js", lambda route: route.abort())
    page = open_app(context, server.url)
    open_from_library(page, "House")
    assert page.evaluate("app.state().link") is None
    page.reload()
    page.wait_for_function("window.app && app.state().puzzle !== null")
    assert page.locator("#puzzle-title").text_content() == "House"
    assert page.locator("#play").is_visible()
    context.unroute("**/pyodide.js")
    page.reload()
    wait_ready(page)
    page.wait_for_function("app.state().link !== null")
    assert page.locator("#puzzle-title").text_content() == "House"
    assert page.url.endswith("#" + page.evaluate("app.state().link"))


def test_leaving_a_replay_halfway_leaves_the_next_puzzle_playable(context, server):
    page = open_app(context, server.url + "#" + link_of("linkapix-heart.json"))
    wait_ready(page)
    press_twice(page, "#replay")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Step ')")
    page.click("#home-link")
    page.wait_for_selector(IN_LIBRARY)
    open_from_library(page, "First flow 7×7")
    drag(page, [[0, 0], [1, 0]])                     # draws, does not pan
    assert page.evaluate("app.state().progress.paths") == {"I": [[0, 0], [1, 0]]}
    assert page.locator("#stop-replay").is_hidden()


def test_replay_can_be_stopped_and_locks_the_grid_while_it_runs(context, server):
    page = open_app(context, server.url + "#" + link_of("numberlink-14x14.json"))
    wait_ready(page)
    solution = json.loads((LIB / "numberlink-14x14.json").read_text())["solution"]["paths"]
    drag(page, solution["V"][:3])                    # a line of the player's own
    mine = page.evaluate("app.state().progress")
    assert mine["paths"]
    for stop in (lambda: page.click("#stop-replay"), lambda: page.keyboard.press("Escape")):
        press_twice(page, "#replay")
        page.wait_for_function("document.querySelector('#message').textContent.startsWith('Step ')")
        assert page.locator("#stop-replay").is_visible()
        for button in ("check", "hint", "solve", "undo", "restart", "replay"):
            assert page.locator("#" + button).is_disabled(), button
        stop()
        assert page.locator("#message").text_content() == "Replay stopped; your grid is as you left it."
        assert page.locator("#stop-replay").is_hidden()
        for button in ("check", "hint", "solve", "undo"):
            assert page.locator("#" + button).is_enabled(), button
        assert page.evaluate("app.state().progress") == mine
    # Solve during a replay (the automation hook can still ask) ends the replay first.
    press_twice(page, "#replay")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Step ')")
    res = page.evaluate("app.solve({unique: false})")
    assert res["status"] == "solved" and page.evaluate("app.state().solved") is True
    assert page.locator("#message").text_content().startswith("Solved by")
    assert page.locator("#stop-replay").is_hidden()


def test_continue_list_tells_solved_by_the_player_from_shown_by_the_solver(context, server):
    page = open_app(context, server.url + "#" + link_of("nonogram-heart.json"))
    wait_ready(page)
    entry = page.locator("#recent-list a").first

    def continue_entry():
        page.click("#home-link")
        page.wait_for_selector(IN_LIBRARY)
        return entry.text_content()

    page.evaluate("app.solve({unique: false})")
    text = continue_entry()
    assert "solved by the solver" in text and "✓" not in text
    entry.click()
    page.wait_for_selector(PLAYING)
    page.click("#undo")                              # the grid is not solved any more
    assert "solved" not in continue_entry()
    entry.click()
    page.wait_for_selector(PLAYING)
    page.click("#redo")                              # the solver's answer again
    assert "solved by the solver" in continue_entry()
    entry.click()
    page.wait_for_selector(PLAYING)
    page.click("#restart")
    for _ in range(300):                             # the player, with hints (3 presses a move)
        if page.evaluate("app.state().solved"):
            break
        page.evaluate("app.hint()")
    assert page.evaluate("app.state().solvedBy") == "player"
    page.wait_for_selector("#win[open]")             # the player's win screen, closed
    page.keyboard.press("Escape")
    assert "✓ solved" in continue_entry()
    # a puzzle still to finish leads the list, though the solved one was opened since
    page.goto(server.url + "#" + link_of("nonogram-cat.json"))
    page.wait_for_selector(PLAYING)
    page.goto(server.url + "#" + link_of("nonogram-heart.json"))
    page.wait_for_selector(PLAYING)
    titles = [t.split("Nonogram")[0] for t in (continue_entry(), page.locator("#recent-list a").nth(1).text_content())]
    assert titles == ["Cat", "Heart"], titles


def test_on_a_phone_the_line_under_the_title_shows_whole_when_tapped(context_as, server):
    """(cut with '…' on a phone, which has no tooltip to show the rest: a review)"""
    from helpers import open_puzzle
    ctx = context_as(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    data = json.loads((Path(__file__).resolve().parents[2] / "static" / "puzzles" / "nonogram-snail.json").read_text())
    data["author"] = "Someone with a rather long name, and a source too"
    page = open_puzzle(ctx, server, data)
    meta = page.locator("#puzzle-meta")
    cut = lambda: page.evaluate("(() => { const m = document.getElementById('puzzle-meta');"  # noqa: E731
                                " return m.scrollWidth > m.clientWidth; })()")
    assert cut()
    height = meta.bounding_box()["height"]
    meta.tap()
    assert not cut() and meta.bounding_box()["height"] > 1.5 * height
    meta.tap()
    assert cut()
    # its grade is said there too (the snail is "medium"), and kept by its share link
    assert " · medium · " in meta.text_content()
    page.wait_for_function("app.state().link")
    shared = open_app(ctx, server.url + "#" + page.evaluate("app.state().link"))
    shared.wait_for_function("app.state().puzzle")
    assert shared.evaluate("app.state().puzzle.grade") == data["grade"] == 2


def test_the_drawing_maker_and_a_puzzle_set_have_addresses_a_reload_comes_back_to(context, server):
    """(a review: both lived on the bare address, and a reload after Back and Forward
    landed on the library)"""
    page = open_app(context, server.url)
    wait_ready(page)
    paste_set(page, "2 2\nAA\nBB\n\n3 2\nA.A\nB.B\n")
    assert "#set/" in page.url
    page.click("#pack-back")                     # (to the library: an entry of its own)
    page.wait_for_selector(IN_LIBRARY)
    page.click("#nono-maker-go")
    page.wait_for_selector("#design:not([hidden])")
    assert page.url.endswith("#draw")
    page.go_back()
    page.go_forward()
    page.wait_for_selector("#design:not([hidden])")
    page.reload()
    page.wait_for_selector("#design:not([hidden])")
    page.go_back()
    page.wait_for_selector(IN_LIBRARY)
    page.go_back()
    page.wait_for_selector("#pack:not([hidden]) #pack-list li")
    page.reload()
    page.wait_for_selector("#pack:not([hidden]) #pack-list li")
    assert page.text_content("#pack-summary").startswith("2 puzzles")
    # a set no longer on this device is said as such, on the library
    page.goto(server.url + "#set/0123456789abcdef")
    page.wait_for_selector("#error-banner:not([hidden])")
    assert page.text_content("#error-text") == "This puzzle set is no longer on this device."
    assert page.locator(IN_LIBRARY).is_visible()
