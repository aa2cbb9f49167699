"""The library page and the page around the board: what comes first, what can be read
and reached by keyboard, long titles, and the picture maker's puzzle size."""
import json
from pathlib import Path

import pytest

from board_pixels import contrast
from helpers import open_app, png, wait_ready

import pysolver.api as api

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser

RGB = """([sel, prop]) => getComputedStyle(document.querySelector(sel))[prop]"""


def rgb(css):
    """[r, g, b] of a computed "rgb(...)" or "rgba(...)" colour; None when transparent."""
    parts = [float(v) for v in css[css.index("(") + 1:-1].split(",")]
    return None if len(parts) == 4 and parts[3] == 0 else [round(v) for v in parts[:3]]


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_the_puzzles_come_first(browser, server, size):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = open_app(ctx, server.url)
        first = page.locator("#library-list a").first
        first.wait_for()
        assert first.bounding_box()["y"] + first.bounding_box()["height"] <= size[1]
    finally:
        ctx.close()


def test_error_banner_close_button_can_be_seen(context, server):
    page = open_app(context, server.url + "#nonogram/5x5/1zAAAA")
    page.wait_for_selector("#error-banner:not([hidden])")
    ink = rgb(page.evaluate(RGB, ["#error-close", "color"]))
    ground = rgb(page.evaluate(RGB, ["#error-close", "backgroundColor"])) or \
        rgb(page.evaluate(RGB, ["#error-banner", "backgroundColor"]))
    assert contrast(ink, ground) >= 3
    page.click("#error-close")
    assert page.locator("#error-banner").is_hidden()


def test_form_fields_read_and_follow_the_theme(context, server):
    page = open_app(context, server.url)
    fg = page.evaluate("getComputedStyle(document.body).color")
    for field in ("#make-linkapix-picture-width", "#make-linkapix-picture-colours", "#make-numberlink-random-width", "#make-linkapix-picture-background"):
        assert page.evaluate(RGB, [field, "color"]) == fg, field
    if page.evaluate("document.documentElement.dataset.theme") != "dark":
        page.click("#theme-toggle")
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "dark"


def test_open_a_file_is_reachable_by_keyboard(context, server):
    page = open_app(context, server.url)
    page.locator("#library-list a").last.focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "file-input"


def test_a_long_title_is_clamped_and_kept_whole_in_its_tooltip(context, server):
    heart = json.loads((ROOT / "static" / "puzzles" / "nonogram-heart.json").read_text())
    heart.pop("solution")
    title = "A very long title " * 110
    page = open_app(context, server.url + "#" + api.link({**heart, "title": title.strip()}))
    page.wait_for_function("app.state().puzzle !== null")
    heading = page.locator("#puzzle-title")
    assert heading.get_attribute("title") == title.strip()
    # the tab's title is cut at a word and keeps the app's name
    tab = page.title()
    assert tab == ("A very long title " * 4) + "A very… — Picture Logic", tab
    assert page.evaluate("""async () => {
      const { tabTitle } = await import(new URL("js/play.js", location.href).href);
      return tabTitle("Heart");
    }""") == "Heart — Picture Logic"
    line = float(page.evaluate(RGB, ["#puzzle-title", "lineHeight"])[:-2])
    assert heading.bounding_box()["height"] <= 2 * line + 1
    assert page.locator("#board").bounding_box()["height"] >= 300


def test_a_tall_picture_keeps_its_shape(context, server):
    image = png(50, 200, lambda x, y: (200, 30, 30) if (x // 10 + y // 10) % 2 else (250, 250, 250))
    page = open_app(context, server.url)
    wait_ready(page)
    page.set_input_files("#make-linkapix-picture-image", files=[{"name": "tall.png", "mimeType": "image/png", "buffer": image}])
    page.fill("#make-linkapix-picture-width", "40")
    page.click("#make-linkapix-picture-go")
    page.wait_for_function("document.querySelector('#make-linkapix-picture-status').textContent.startsWith('Making')")
    # 1:4, at most 128 down: 32 across, not 40
    assert page.locator("#make-linkapix-picture-status").text_content().startswith("Making a 32×128 puzzle")
    assert page.evaluate("[document.querySelector('#make-linkapix-picture-preview').width, "
                         "document.querySelector('#make-linkapix-picture-preview').height]") == [32, 128]
    page.click("#make-linkapix-picture-cancel")
    page.wait_for_function("!document.querySelector('#make-linkapix-picture-go').disabled")


def test_a_puzzle_can_be_taken_off_the_continue_list(context, server):
    page = open_app(context, server.url)
    page.locator("#library-list a").first.click()
    page.wait_for_function("app.state().puzzle !== null")
    page.go_back()
    page.wait_for_selector("#recent-section:not([hidden])")
    remove = page.locator("#recent-list .forget").first
    assert remove.get_attribute("aria-label").startswith("Remove ")
    remove.click()
    assert page.locator("#recent-section").is_hidden()
    page.reload()
    page.wait_for_function("window.app !== undefined")
    assert page.locator("#recent-section").is_hidden()     # it stays off the list


@pytest.mark.parametrize("size", [(360, 740)])
def test_the_top_buttons_bring_their_section_into_sight_and_ring_it(browser, server, size):
    """(a maker's review: the last section, Draw, ends near the page's foot, where its
    button was not seen to have done anything)"""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = open_app(ctx, server.url)
        page.locator("#library-list a").first.wait_for()
        for button in page.locator(".lib-actions button[data-target]").all():
            target = button.get_attribute("data-target")
            button.click()
            # (the ring is read as the button leaves it, before the scroll is waited for:
            # it fades after 1.8 s, and on a busy machine the scroll took longer)
            ring = page.evaluate("(sel) => getComputedStyle(document.querySelector(sel)).boxShadow", target)
            assert page.evaluate("(sel) => document.querySelector(sel).classList.contains('arrived')", target)
            assert ring != "none", target
            # (its top in the upper half of the window, or the whole of it in sight)
            page.wait_for_function("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                return r.top >= 0 && (r.top < innerHeight / 2 || r.bottom <= innerHeight); }""", arg=target)
            assert page.evaluate("(sel) => document.querySelector(sel).contains(document.activeElement)", target)
    finally:
        ctx.close()
