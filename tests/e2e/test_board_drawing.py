"""What the board shows, read back from the canvas: clue strips when zoomed in, Hungry
Cat's drags and error marks, readable Link-a-Pix numbers, big boards at Fit size, and
nonogram clues (0 for an empty line, greyed when the line is done), and on a phone a
frame of the board's shape."""
import json
import re
from pathlib import Path

import pytest

from board_pixels import at, board_pixels, close, colour_at, contrast, css_var, hex_rgb, luminance, pixels, settle
from helpers import cell_point, drag, fold_help, open_puzzle, unsolved, wait_ready

import pysolver.api as api

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "static" / "puzzles"
FIX = ROOT / "tests" / "fixtures"
pytestmark = pytest.mark.browser


def lattice(y0, x0, y1, x1, n=7):
    """An n x n lattice of board points over the rectangle (y0, x0)-(y1, x1)."""
    return [(y0 + (y1 - y0) * i / (n - 1), x0 + (x1 - x0) * j / (n - 1)) for i in range(n) for j in range(n)]


def test_zoomed_in_clue_strips_do_not_overlap_in_their_corner(context, server):
    for name in ("nonogram-boat.json", "hungrycat-11x11.json"):
        page = open_puzzle(context, server, unsolved(LIB / name))
        fold_help(page)
        for _ in range(5):
            page.click("#zoom-in")                   # both strips are pinned to the view's edges
        settle(page)
        strips = page.evaluate("app.view().clueStrips")
        s = page.evaluate("app.view().scale")
        assert abs(strips["left"]) < 1e-6 and abs(strips["top"]) < 1e-6     # both pinned (to float noise)
        corner = [(x, y) for x in range(1, int(strips["right"] - 0.1 * s), 6)
                  for y in range(1, int(strips["bottom"] - 0.1 * s), 6)]
        assert len(corner) > 20
        panel = css_var(page, "panel")
        assert all(close(p[:3], panel) for p in pixels(page, corner)), name
        page.close()


def test_hungry_cat_quick_drag_paints_every_cell_on_the_way(context, server):
    page = open_puzzle(context, server, unsolved(LIB / "hungrycat-blob.json"))
    key = page.evaluate("app.state().tool")
    page.mouse.move(*cell_point(page, 0, 0))
    page.mouse.down()
    page.mouse.move(*cell_point(page, 0, 7), steps=1)  # one pointer event from column 1 to 8
    page.mouse.up()
    assert page.evaluate("app.state().progress.grid[0]") == key * 8


def test_hungry_cat_error_mark_leaves_the_nearest_clue_visible(context, server):
    data = unsolved(FIX / "hungrycat" / "small-8x6.json")
    truth = api.solve(data)["solution"]["grid"]
    page = open_puzzle(context, server, data)
    wait_ready(page)
    wrong = next(k for k in data["palette"] if k != truth[0][0])
    page.evaluate("app.setTool(%s)" % json.dumps(wrong))
    drag(page, [[0, c] for c in range(data["width"])])
    rep = page.evaluate("app.check()")
    assert any(["row", 0] in e["lines"] for e in rep["errors"])
    nearest = data["rows"][0][-1]                     # drawn 1.3 to 0.38 cells left of the grid
    # below its number, where the old mark's outline ran
    assert close(colour_at(page, 0.82, -0.92), hex_rgb(data["palette"][nearest[0]]))
    assert close(colour_at(page, 0.5, -0.18), css_var(page, "error"))   # the mark, in the gap


# Clue colours that were hard to read: light ones on the light theme's white cells,
# dark ones on the dark theme's dark cells.
CONTRASTS = {"type": "linkapix", "width": 4, "height": 2, "title": "Contrasts",
             "palette": {"s": "#87ceeb", "c": "#fffdd0", "d": "#1a1a6e", "b": "#6b4226"},
             "clues": [[0, 0, 2, "s"], [0, 1, 2, "s"], [0, 2, 2, "c"], [0, 3, 2, "c"],
                       [1, 0, 2, "d"], [1, 1, 2, "d"], [1, 2, 2, "b"], [1, 3, 2, "b"]]}


def test_link_a_pix_numbers_read_whatever_their_colour_and_theme(context, server):
    page = open_puzzle(context, server, CONTRASTS)
    for theme in ("light", "dark"):
        if page.evaluate("document.documentElement.dataset.theme") != theme:
            page.click("#theme-toggle")
        cell = css_var(page, "cell")
        for r, c, _, key in CONTRASTS["clues"]:
            seen = [p[:3] for p in board_pixels(page, lattice(r + 0.15, c + 0.15, r + 0.85, c + 0.85, 15))]
            ground = max(seen, key=seen.count)       # what the number is drawn on
            assert close(ground, hex_rgb(CONTRASTS["palette"][key])) or close(ground, cell), (theme, key)
            assert max(contrast(p, ground) for p in seen) >= 3, (theme, key)


def test_big_board_at_fit_size_shows_outline_clues_and_how_to_zoom(context, server):
    data = unsolved(LIB / "linkapix-128x128.json")
    page = open_puzzle(context, server, data)
    assert page.evaluate("app.view().scale") < 8     # numbers are not drawn this small
    assert page.locator("#zoom-note").is_visible()
    # it sits at the board's bottom edge, not over a nonogram's column clues at its top
    note, wrap = page.locator("#zoom-note").bounding_box(), page.locator("#board-wrap").bounding_box()
    assert note["y"] > wrap["y"] + wrap["height"] / 2
    # it fades away once read (it covers the board's bottom right corner)
    assert page.evaluate("getComputedStyle(document.querySelector('#zoom-note')).opacity") != "0"
    page.evaluate("document.querySelector('#zoom-note').getAnimations().forEach((a) => a.finish())")
    assert page.evaluate("getComputedStyle(document.querySelector('#zoom-note')).opacity") == "0"
    # the board's edge
    settle(page)
    x, y = at(page, 64, 0)
    assert luminance(pixels(page, [(x - 0.5, y)])[0]) < 0.5
    # each clue is a dot of its colour (a dark enough one keeps its colour exactly)
    r, c, _, key = next(cl for cl in data["clues"]
                        if contrast(hex_rgb(data["palette"][cl[3]]), [255, 255, 255]) >= 3)
    assert close(colour_at(page, r + 0.5, c + 0.5), hex_rgb(data["palette"][key]))
    # A hint is brought into view at a size that can be read.
    wait_ready(page)
    h = page.evaluate("app.hint()")
    view = page.evaluate("app.view()")
    assert view["scale"] >= 16, (h, page.locator("#message").text_content())
    for r, c in h["cells"]:
        pt = page.evaluate(f"app.cellCenter({r}, {c})")
        assert 0 <= pt["x"] <= view["width"] and 0 <= pt["y"] <= view["height"]
    # (the note goes with the next frame drawn, which a busy machine may not have drawn yet)
    page.wait_for_function("document.querySelector('#zoom-note').hidden", timeout=5000)


def test_nonogram_clues_show_0_and_grey_out_when_the_line_is_done(context, server):
    heart = json.loads((LIB / "nonogram-heart.json").read_text())
    page = open_puzzle(context, server, unsolved(LIB / "nonogram-heart.json"))
    fg, panel = css_var(page, "fg"), css_var(page, "panel")

    def clue_ink(r):
        """The pixels of row r's last clue number that are not background."""
        seen = [p[:3] for p in board_pixels(page, lattice(r + 0.25, -1.05, r + 0.8, -0.45, 13))]
        return [p for p in seen if not close(p, panel, 20)]

    assert clue_ink(9)                               # row 10 is empty: its clue reads 0
    assert min(luminance(p) for p in clue_ink(2)) < luminance(fg) + 0.05   # row 3's 10, black
    for r, row in enumerate(heart["solution"]["grid"]):
        for run in re.finditer("#+", row):           # fill the runs, cross nothing
            drag(page, [[r, run.start()], [r, run.end() - 1]])
    page.wait_for_function("app.state().solved")
    assert page.locator("#message").text_content() == "Solved. Well done!"
    ink = clue_ink(2)
    assert ink and min(luminance(p) for p in ink) > 0.2  # greyed, though its blanks are unknown


def test_on_a_phone_the_frame_takes_the_boards_shape(context_as, server):
    """A tall picture gets the height it needs at the screen's width (bigger cells than
    in a square frame), a wide one no empty band above and below it."""
    phone = context_as(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
    seen = {}
    for name in ("hungrycat-tree", "linkapix-snail"):
        page = open_puzzle(phone, server, unsolved(LIB / f"{name}.json"))
        page.wait_for_function("app.view().layout")
        settle(page)
        view = page.evaluate("app.view()")
        L = view["layout"]
        seen[name] = view
        # the whole board shows at Fit, and the frame leaves at most the fit margins
        # (or the 240 px floor) around it
        assert L["cols"] * view["scale"] <= view["width"] + 0.5 and L["rows"] * view["scale"] <= view["height"] + 0.5
        assert view["height"] <= max(240, L["rows"] * view["scale"] + 20), (name, view)
        page.close()
    tree, snail = seen["hungrycat-tree"], seen["linkapix-snail"]
    assert tree["height"] > tree["width"] + 20             # 12x13 with its clues: taller than wide
    # (in a square frame its cells would be the frame's height over its rows)
    assert tree["scale"] > (tree["width"] - 16) / tree["layout"]["rows"] + 1
    assert snail["height"] < snail["width"] * 0.8          # 20x14: no square frame


def test_every_open_link_a_pix_clue_is_framed_when_one_colour_needs_a_frame(context, server):
    """(a player's review: framed red and blue beside plain green read as two kinds of
    clue) yellow does not read on the white board, so black gets a frame too"""
    p = {"type": "linkapix", "width": 3, "height": 1, "palette": {"y": "#ffff00", "k": "#000000"},
         "clues": [[0, 0, 1, "y"], [0, 2, 1, "k"]]}
    page = open_puzzle(context, server, p)
    settle(page)
    assert close(colour_at(page, 0.5, 0.16), hex_rgb("#ffff00"))
    assert close(colour_at(page, 0.5, 2.16), hex_rgb("#000000"))
    assert close(colour_at(page, 0.5, 1.5), css_var(page, "cell"))       # (the empty cell between)
