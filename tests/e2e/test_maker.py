"""The Link-a-Pix maker in the browser: upload a picture, get a unique puzzle to play."""
import struct
import zlib

import pytest

from conftest import open_app, wait_ready

pytestmark = pytest.mark.browser


def png(width, height, pixel):
    """A PNG file from pixel(x, y) -> (r, g, b), written by hand (no imaging library)."""
    raw = b"".join(b"\0" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def test_make_a_puzzle_from_a_picture_and_play_it(context, server):
    def pixel(x, y):
        if (x - 20) ** 2 + (y - 18) ** 2 < 120:
            return (220, 30, 30)      # a red ball
        if y > 30:
            return (40, 150, 40)      # on grass
        return (255, 255, 255)        # white sky: the background
    image = png(40, 40, pixel)
    page = open_app(context, server.url)
    page.set_input_files("#maker-file", files=[{"name": "ball.png", "mimeType": "image/png", "buffer": image}])
    page.fill("#maker-size", "20")
    page.fill("#maker-colours", "3")
    page.click("#maker-go")
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'linkapix'", timeout=240_000)
    p = page.evaluate("app.state().puzzle")
    assert (p["width"], p["height"]) == (20, 20) and p["title"] == "ball"
    assert 2 <= len(p["palette"]) <= 3
    assert "unique picture" in page.locator("#maker-status").text_content()
    wait_ready(page)
    res = page.evaluate("app.solve({unique: true})")
    assert res["status"] == "solved" and res["unique"] is True
    assert page.evaluate("app.state().link").startswith("linkapix/20x20/1")


def test_make_a_numberlink_board_repeatably_and_play_it(context, server):
    from pysolver.base import Deadline
    from pysolver.numberlink.generate import generate
    page = open_app(context, server.url)
    page.fill("#nl-maker-width", "7")
    page.fill("#nl-maker-height", "6")
    page.fill("#nl-maker-seed", "42")
    page.click("#nl-maker-go")
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'numberlink'", timeout=120_000)
    p = page.evaluate("app.state().puzzle")
    assert (p["width"], p["height"]) == (7, 6) and p["title"] == "Numberlink 7×6 #42"
    # The same number gives the same board as the library's generator in CPython.
    assert p["endpoints"] == generate(7, 6, 42, "full", Deadline(60))["endpoints"]
    assert "number 42, unique solution" in page.locator("#nl-maker-status").text_content()
    res = page.evaluate("app.solve({unique: true})")
    assert res["status"] == "solved" and res["unique"] is True


def test_making_a_numberlink_board_shows_the_time_and_can_be_cancelled(context, server):
    page = open_app(context, server.url)
    wait_ready(page)
    cancel = page.locator("#nl-maker-cancel")
    assert cancel.is_hidden()
    status = page.locator("#nl-maker-status")
    page.fill("#nl-maker-width", "30")
    page.fill("#nl-maker-height", "30")
    page.click("#nl-maker-go")                      # too big to prove unique in time: said at once
    assert "at most 400 cells" in status.text_content() and cancel.is_hidden()
    page.fill("#nl-maker-width", "20")              # this board takes about 40 s in CPython
    page.fill("#nl-maker-height", "20")
    page.fill("#nl-maker-seed", "9")
    page.click("#nl-maker-go")
    page.wait_for_function("document.getElementById('nl-maker-status').textContent.includes(' 1 s')",
                           timeout=20_000)
    assert "Making a 20×20 board (number 9)" in status.text_content()
    assert "gives up at 60 s" in status.text_content()
    assert page.locator("#nl-maker-go").is_disabled() and cancel.is_visible()
    cancel.click()
    page.wait_for_function("document.getElementById('nl-maker-status').textContent === 'Cancelled.'",
                           timeout=20_000)
    assert cancel.is_hidden() and page.locator("#nl-maker-go").is_enabled()
    assert page.evaluate("app.state().puzzle") is None
    # The solver is usable again at once: a small board is made after the cancel.
    page.fill("#nl-maker-width", "6")
    page.fill("#nl-maker-height", "5")
    page.fill("#nl-maker-seed", "3")
    page.click("#nl-maker-go")
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'numberlink'", timeout=120_000)
    assert "number 3, unique solution" in status.text_content()
