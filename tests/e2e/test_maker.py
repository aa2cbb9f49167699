"""The Link-a-Pix maker in the browser: upload a picture, get a unique puzzle to play."""

import pytest

from helpers import open_app, png, wait_ready

pytestmark = pytest.mark.browser


def test_make_a_puzzle_from_a_picture_and_play_it(context, server):
    def pixel(x, y):
        if (x - 20) ** 2 + (y - 18) ** 2 < 120:
            return (220, 30, 30)      # a red ball
        if y > 30:
            return (40, 150, 40)      # on grass
        return (255, 255, 255)        # white sky: the background
    image = png(40, 40, pixel)
    page = open_app(context, server.url)
    page.set_input_files("#make-linkapix-picture-image", files=[{"name": "ball.png", "mimeType": "image/png", "buffer": image}])
    page.fill("#make-linkapix-picture-width", "20")
    page.fill("#make-linkapix-picture-colours", "3")
    page.click("#make-linkapix-picture-go")
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'linkapix'", timeout=240_000)
    p = page.evaluate("app.state().puzzle")
    assert (p["width"], p["height"]) == (20, 20) and p["title"] == "ball"
    assert 2 <= len(p["palette"]) <= 3
    assert "unique solution" in page.locator("#make-linkapix-picture-status").text_content()
    wait_ready(page)
    res = page.evaluate("app.solve({unique: true})")
    assert res["status"] == "solved" and res["unique"] is True
    assert page.evaluate("app.state().link").startswith("linkapix/20x20/1")


def test_make_a_numberlink_board_repeatably_and_play_it(context, server):
    from pysolver.base import Deadline
    from pysolver.numberlink.generate import generate
    page = open_app(context, server.url)
    page.fill("#make-numberlink-random-width", "7")
    page.fill("#make-numberlink-random-height", "6")
    page.fill("#make-numberlink-random-seed", "42")
    page.click("#make-numberlink-random-go")
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'numberlink'", timeout=120_000)
    p = page.evaluate("app.state().puzzle")
    assert (p["width"], p["height"]) == (7, 6) and p["title"] == "Numberlink 7×6 #42"
    # The same number gives the same board as the library's generator in CPython.
    assert p["endpoints"] == generate(7, 6, 42, "full", Deadline(60))["endpoints"]
    assert "number 42, unique solution" in page.locator("#make-numberlink-random-status").text_content()
    res = page.evaluate("app.solve({unique: true})")
    assert res["status"] == "solved" and res["unique"] is True


def test_making_a_numberlink_board_shows_the_time_and_can_be_cancelled(context, server):
    page = open_app(context, server.url)
    wait_ready(page)
    cancel = page.locator("#make-numberlink-random-cancel")
    assert cancel.is_hidden()
    status = page.locator("#make-numberlink-random-status")
    page.fill("#make-numberlink-random-width", "30")              # the largest board: about 2 s of CPU in
    page.fill("#make-numberlink-random-height", "30")             # CPython, twice that in the browser
    page.fill("#make-numberlink-random-seed", "9")
    page.click("#make-numberlink-random-go")
    page.wait_for_function("document.getElementById('make-numberlink-random-status').textContent.includes(' 1 s')",
                           timeout=20_000)
    assert "Making a 30×30 puzzle (number 9)" in status.text_content()
    assert "gives up at 60 s" in status.text_content()
    assert page.locator("#make-numberlink-random-go").is_disabled() and cancel.is_visible()
    # One puzzle is made at a time: the other makers wait, and say why (a maker's
    # review: a second one waited in line, its Cancel stopped the first, and the first
    # puzzle made was replaced by the second)
    other = page.locator("#make-nonogram-random-go")
    assert other.is_disabled() and "Another puzzle is being made" in other.get_attribute("title")
    cancel.click()
    page.wait_for_function("document.getElementById('make-numberlink-random-status').textContent === 'Cancelled.'",
                           timeout=20_000)
    assert cancel.is_hidden() and page.locator("#make-numberlink-random-go").is_enabled()
    assert other.is_enabled() and not other.get_attribute("title")
    assert page.evaluate("app.state().puzzle") is None
    # The solver is usable again at once: a small board is made after the cancel.
    page.fill("#make-numberlink-random-width", "6")
    page.fill("#make-numberlink-random-height", "5")
    page.fill("#make-numberlink-random-seed", "3")
    page.click("#make-numberlink-random-go")
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'numberlink'", timeout=120_000)
    assert "number 3, unique solution" in status.text_content()


def test_a_maker_out_of_time_suggests_only_what_its_form_can_still_lower(context, server):
    """makers.js otherTries: at a form's least size no 'smaller size', at grade 1 no
    'easier grade', and a maker without a number (from a picture) no 'another number'."""
    page = open_app(context, server.url)
    got = page.evaluate("""async () => {
      const { otherTries } = await import(new URL("js/makers.js", location.href).href);
      const maker = { params: [{ name: "width", kind: "int", min: 4 }, { name: "height", kind: "int", min: 4 },
                               { name: "colours", kind: "int", min: 2 }, { name: "grade", kind: "int", min: 1 },
                               { name: "seed", kind: "seed", min: 0 }] };
      return [otherTries(maker, { width: 4, height: 4, colours: 3, grade: 4 }, true),
              otherTries(maker, { width: 20, height: 4, colours: 2, grade: 1 }, true),
              otherTries(maker, { width: 4, height: 4, colours: 2, grade: 1 }, false)];
    }""")
    assert got == ["Try another number, an easier grade or fewer colours.",
                   "Try another number or a smaller size.", ""]


def test_what_a_maker_refuses_in_its_values_is_said_beside_the_form(context, server):
    """(a review: 'Pairs' too many for the size came up in the banner at the top of the
    page, where no other form's messages go)"""
    page = open_app(context, server.url)
    wait_ready(page)   # (the form checks its values with the solver, after a make's answer too)
    page.fill("#make-numberlink-random-width", "12")
    page.fill("#make-numberlink-random-height", "12")
    page.fill("#make-numberlink-random-pairs", "100")
    page.click("#make-numberlink-random-go")
    status = page.locator("#make-numberlink-random-status")
    page.wait_for_function("document.getElementById('make-numberlink-random-status').textContent.includes('Pairs')",
                           timeout=60_000)
    assert status.text_content() == "Could not make the puzzle: Pairs: a 12×12 board is made with 24 to 48 pairs"
    assert "error" in status.get_attribute("class")
    # and it stays: the form's check of its grades, answered after it, took it away
    page.wait_for_timeout(1500)
    assert status.text_content().startswith("Could not make the puzzle: Pairs")
    assert page.locator("#error-banner").is_hidden()


def test_a_picture_of_three_colours_on_white_keeps_them(context, server):
    """(a maker's review: scaled by the browser to one pixel a cell, the cells along
    each shape's edge were mixes of it and the white, which took a colour of their own
    while the blue and the green merged into one teal)"""
    def pixel(x, y):
        if (x - 20) ** 2 + (y - 20) ** 2 < 14 ** 2:
            return (220, 30, 30)
        if 36 < x < 60 and 8 < y < 32:
            return (30, 60, 220)
        if 38 < y < 60 and abs(x - 32) < y - 38:
            return (30, 170, 60)
        return (255, 255, 255)
    page = open_app(context, server.url)
    page.set_input_files("#make-nonogram-picture-image", files=[{"name": "shapes.png", "mimeType": "image/png",
                                                                  "buffer": png(64, 64, pixel)}])
    page.fill("#make-nonogram-picture-width", "16")
    page.fill("#make-nonogram-picture-colours", "3")
    page.click("#make-nonogram-picture-go")
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'nonogram'", timeout=240_000)
    p = page.evaluate("app.state().puzzle")
    assert (p["width"], p["height"]) == (16, 16)
    assert sorted(p["palette"].values()) == ["#1e3cdc", "#1eaa3c", "#dc1e1e"]
    # in black and white by a threshold: at 30 % of white only the blue square (lightness
    # 69 of 255) is dark enough, the red (87) and the green (116) are not
    page.go_back()
    page.fill("#make-nonogram-picture-colours", "1")
    page.fill("#make-nonogram-picture-threshold", "30")
    page.click("#make-nonogram-picture-go")
    page.wait_for_function("app.state().puzzle && !app.state().puzzle.palette", timeout=240_000)
    grid = page.evaluate("app.state().puzzle.solution.grid")
    assert grid[5][12] == "#" and grid[5][5] == "." and grid[13][8] == "."
