"""Numberlink play details: a quick diagonal flick does not cut a line the pointer never
crossed; the page says whether the board is full or free cover; undoing a win takes the
congratulations away; Replay says it is working; line colours stay readable on the dark
board and do not repeat on big boards."""
import json
from pathlib import Path

import pytest

from board_pixels import INK_BOX
from helpers import cell_point, drag, open_app, open_puzzle, wait_ready

import pysolver

FIX = Path(__file__).resolve().parents[1] / "fixtures"
pytestmark = pytest.mark.browser

# A's end (1,0) and, across the corner from it, (2,1); B's line runs through (1,1).
FLICK = {"type": "numberlink", "width": 4, "height": 4, "cover": "free",
         "endpoints": [[1, 0, "A"], [3, 3, "A"], [0, 1, "B"], [1, 2, "B"]]}


def test_a_quick_diagonal_flick_goes_round_another_line_instead_of_cutting_it(context, server):
    page = open_puzzle(context, server, FLICK)
    page.wait_for_timeout(200)
    drag(page, [[0, 1], [1, 1], [1, 2]])
    assert page.evaluate("app.state().progress.paths")["B"] == [[0, 1], [1, 1], [1, 2]]
    page.mouse.move(*cell_point(page, 1, 0))
    page.mouse.down()
    page.mouse.move(*cell_point(page, 2, 1), steps=1)     # one event: the corner is skipped
    page.mouse.move(*cell_point(page, 3, 1), steps=1)
    page.mouse.up()
    paths = page.evaluate("app.state().progress.paths")
    assert paths["B"] == [[0, 1], [1, 1], [1, 2]]
    assert paths["A"] == [[1, 0], [2, 0], [2, 1], [3, 1]]


def test_a_tap_on_an_endpoint_erases_its_line_and_a_drag_from_it_draws_it_anew(context, server):
    """(a player's review: as in Flow, a tap on a letter clears its line; here it did
    nothing to a line begun there)"""
    page = open_puzzle(context, server, FLICK)
    page.wait_for_timeout(200)
    drag(page, [[1, 0], [2, 0], [3, 0]])                  # A, unfinished
    drag(page, [[1, 0], [2, 0], [3, 0], [3, 1]])          # a drag from its letter: drawn over
    assert page.evaluate("app.state().progress.paths")["A"] == [[1, 0], [2, 0], [3, 0], [3, 1]]
    page.mouse.click(*cell_point(page, 1, 0))
    assert "A" not in page.evaluate("app.state().progress.paths")
    page.click("#undo")
    assert page.evaluate("app.state().progress.paths")["A"] == [[1, 0], [2, 0], [3, 0], [3, 1]]
    # a drag from the letter in another direction draws the line anew (it went on from
    # the old line's loose end, through a cell the pointer never touched)
    drag(page, [[1, 0], [1, 1], [2, 1]])
    assert page.evaluate("app.state().progress.paths")["A"] == [[1, 0], [1, 1], [2, 1]]


def test_the_page_says_the_cover_rule_and_a_lost_win_loses_its_message(context, server):
    puzzle = json.loads((FIX / "numberlink" / "gen_7x7_s2.json").read_text())
    puzzle.pop("solution", None)
    solution = pysolver.solve(puzzle)["solution"]["paths"]
    page = wait_ready(open_puzzle(context, server, puzzle))
    rule = "every cell on a line" if puzzle["cover"] == "full" else "cells may stay empty"
    assert rule in page.locator("#puzzle-meta").text_content()
    assert f"This board: {rule}." in page.locator("#help-text").text_content()
    for lab, path in solution.items():
        drag(page, path)
    page.wait_for_function("app.state().solved")
    assert page.locator("#message").text_content() == "Solved. Well done!"
    page.wait_for_selector("#win[open]")                   # the player's solve: the win screen
    page.keyboard.press("Escape")
    page.click("#undo")                                    # the last line goes: no longer solved
    assert page.evaluate("app.state().solved") is False
    assert page.locator("#message").text_content() == ""
    # Replay says it is working before its first step arrives.
    page.evaluate("""() => { window.said = [];
      new MutationObserver(() => window.said.push(document.querySelector('#message').textContent))
        .observe(document.querySelector('#message'), {childList: true, characterData: true, subtree: true}); }""")
    page.evaluate("() => { window.replayed = app.replay(); }")
    # (its first step is enough here: the whole replay at its pace took half a minute)
    page.wait_for_function("window.said.some((s) => s.startsWith('Step 1/'))")
    page.evaluate("app.stopReplay()")
    assert page.evaluate("window.replayed") is False
    assert page.evaluate("window.said")[0] == "Working out the solving steps…"


def test_line_colours_keep_their_contrast_on_the_dark_board(context, server):
    page = open_app(context, server.url)
    got = page.evaluate("""async () => {
      const d = await import(new URL("js/families/draw.js", location.href).href);
      const dark = "#2a2c31";
      return ["#000075", "#800000", "#8b008b", "#911eb4"].map((c) => d.contrast(d.legibleOn(c, dark), dark))
        .concat([d.legibleOn("#e6194b", "#ffffff"), d.legibleOn("#e6194b", dark)]);
    }""")
    assert all(c >= 2 for c in got[:4]), got
    assert got[4:] == ["#e6194b", "#e6194b"]                  # colours that read already stay
    # A big generated board has up to 72 labels (A-Z, a-z, numbers): as drawn on either
    # board, any two colours stay well apart (X and x were both red).
    for board in ("#ffffff", "#2a2c31"):
        colours = page.evaluate("""async (board) => {
          const m = await import(new URL("js/families/numberlink.js", location.href).href);
          const d = await import(new URL("js/families/draw.js", location.href).href);
          return Array.from({ length: 72 }, (_, i) => d.legibleOn(m.labelColour(i), board));
        }""", board)
        rgb = [[int(c[k:k + 2], 16) for k in (1, 3, 5)] for c in colours]
        closest = min(sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5
                      for i, a in enumerate(rgb) for b in rgb[i + 1:])
        assert closest >= 20, (board, closest)


def test_a_board_of_more_pairs_than_colours_colours_neighbours_apart(context, server):
    # 80 pairs, each across one row of a 2-wide board; the 73rd to appear (the first
    # past the 72 colours) lies in the row next to the first.  In order of appearance
    # they took the same red; now no two neighbouring rows share a colour.
    rows = [0] + list(range(2, 73)) + [1] + list(range(73, 80))   # (row of the i-th pair)
    page = open_app(context, server.url)
    page_colours = page.evaluate("""async (rows) => {
      const m = await import(new URL("js/families/numberlink.js", location.href).href);
      const ends = new Map(rows.map((r, i) => ["p" + i, [[r, 0], [r, 1]]]));
      const colours = m.pairColours(ends);
      return rows.map((r, i) => [r, colours.get("p" + i)]);
    }""", rows)
    by_row = dict(page_colours)
    assert len(set(by_row.values())) == 72                # every colour in use
    same = [r for r in range(79) if by_row[r] == by_row[r + 1]]
    assert not same, same
    # up to 72 pairs the colours stay in order of appearance (screenshots rely on it)
    first = page.evaluate("""async () => {
      const m = await import(new URL("js/families/numberlink.js", location.href).href);
      const ends = new Map(Array.from({ length: 72 }, (_, i) => ["p" + i, [[i, 0], [i, 1]]]));
      const colours = m.pairColours(ends);
      return Array.from({ length: 72 }, (_, i) => colours.get("p" + i) === m.labelColour(i));
    }""")
    assert all(first)


def test_an_outline_on_an_endpoint_leaves_its_disc_whole(context, server):
    # Check's and Hint's outlines (0.16 wide along the cell's sides) are drawn under
    # the endpoint discs (radius 0.4, so 0.1 from the sides): drawn with the family's
    # own draw() on a canvas of 100 px per cell, outlining endpoint A at (0, 0).
    page = open_puzzle(context, server, FLICK)
    got = page.evaluate("""async (p) => {
      const fam = (await import('./js/families/numberlink.js')).default;
      const cv = new OffscreenCanvas(400, 400), ctx = cv.getContext('2d');
      ctx.scale(100, 100);
      const theme = {cell: '#ffffff', grid: '#cccccc', fg: '#000000', hint: '#00ff00', error: '#ff0000'};
      fam.draw(ctx, p, {paths: {}}, {theme, highlight: {cells: [[1, 0]], lines: []}, marks: null});
      const px = (x, y) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
      return {side: px(13, 150), corner: px(3, 103)};
    }""", FLICK)
    assert got["corner"] == [0, 255, 0]                 # the outline is drawn
    assert got["side"] != [0, 255, 0], got               # but not over the disc


def test_labels_of_two_and_three_characters_stay_inside_their_disc_and_tall(context, server):
    # (a 12 drawn at 0.4 of a cell against a 7's 0.5 read poorly on a phone: longer
    # labels keep most of the height and are squeezed across, inside the disc)
    page = open_app(context, server.url)
    got = page.evaluate("""async () => {
      """ + INK_BOX + """
      const fam = (await import('./js/families/numberlink.js')).default;
      const p = {type: 'numberlink', width: 3, height: 1, cover: 'free',
                 endpoints: [[0, 0, '7'], [0, 1, '12'], [0, 2, '105']]};
      const theme = {cell: '#ffffff', grid: '#ffffff', gridStrong: '#ffffff', fg: '#000000', bg: '#ffffff',
                     hint: '#00ff00', error: '#ff0000', muted: '#888888'};
      const drawn = (labels) => {
        const ctx = new OffscreenCanvas(300, 100).getContext('2d');
        ctx.scale(100, 100);
        if (!labels) ctx.fillText = () => {};     // (the same discs, without their labels)
        fam.draw(ctx, p, {paths: {}}, {theme, pxPerUnit: 100, marks: null, highlight: null,
                                       visible: {x0: 0, y0: 0, x1: 3, y1: 1}});
        return ctx;
      };
      const ctx = drawn(true), bare = drawn(false);
      return {seven: inkBox(ctx, 0, 0, 10, bare), twelve: inkBox(ctx, 100, 0, 10, bare),
              big: inkBox(ctx, 200, 0, 10, bare)};
    }""")
    seven, twelve, big = got["seven"], got["twelve"], got["big"]
    assert twelve["height"] >= 0.85 * seven["height"] and big["height"] >= 0.7 * seven["height"], got
    for box in (twelve, big):       # the box's corners inside the disc (radius 40 px at 50, 50)
        assert all(((x - 50) ** 2 + (y - 50) ** 2) ** 0.5 <= 40
                   for x in (box["left"], box["right"]) for y in (box["top"], box["bottom"])), got


def test_every_pair_joined_with_cells_left_empty_is_said_on_a_full_cover_board(context, server):
    """(a player's review: on a board where every cell must be on a line, joining every
    pair with cells left empty was met with silence until Check)"""
    puzzle = json.loads((Path(__file__).resolve().parents[2] / "static" / "puzzles" / "numberlink-7x7.json").read_text())
    puzzle.pop("solution", None)
    assert puzzle.get("cover", "full") == "full"
    lines = pysolver.api.solve(dict(puzzle, cover="free"), timeout=20)["solution"]["paths"]
    empty = 49 - sum(len(path) for path in lines.values())
    assert empty > 0
    page = open_puzzle(context, server, puzzle)
    page.wait_for_timeout(200)
    for path in lines.values():
        drag(page, path)
    assert page.evaluate("app.state().solved") is False
    assert page.locator("#message").text_content() == (
        f"Every pair is joined, but {empty} cells are still empty: on this board every cell must be on a line.")
