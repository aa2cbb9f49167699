"""Link-a-Pix play details found in review: a drag links only to a clue the pointer
reached; undo during Solve's uniqueness check leaves no false "Solved"; a hint that
completes the grid says so; the maker's Cancel works while Python is still loading;
a long replay is paced to a few hundred frames; the toolbar does not shift while a
solve runs."""
import json
import struct
import zlib
from pathlib import Path

import pytest

from board_pixels import INK_BOX
from helpers import cell_point, drag, hold_solver_wheel, open_app, open_puzzle, unsolved, wait_ready

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "static" / "puzzles"
pytestmark = pytest.mark.browser


def test_a_drag_links_only_to_a_clue_the_pointer_reached(context, server):
    page = open_puzzle(context, server, unsolved(LIB / "linkapix-heart.json"))
    page.wait_for_timeout(200)
    # From the 2 at (2,3) past (2,4) to the 2 at (3,4): the walk towards (3,4) could go
    # round through the other 2 at (3,3), which the pointer never touched.
    drag(page, [[2, 3], [2, 4], [3, 4]])
    assert page.evaluate("app.state().progress.paths") == []
    drag(page, [[2, 3], [3, 3]])                              # reached: linked
    assert page.evaluate("app.state().progress.paths") == [[[2, 3], [3, 3]]]
    # A quick flick that passes over the partner in one pointer event still links.
    page.click("#undo")
    assert page.evaluate("app.state().progress.paths") == []
    page.mouse.move(*cell_point(page, 2, 2))
    page.mouse.down()
    page.mouse.move(*cell_point(page, 2, 4), steps=1)
    page.mouse.up()
    assert page.evaluate("app.state().progress.paths") == [[[2, 2], [2, 3]]]


def test_undo_during_the_uniqueness_check_leaves_no_false_solved(context, server):
    page = wait_ready(open_puzzle(context, server, unsolved(LIB / "linkapix-64x64.json")))
    page.evaluate("() => { window.solving = app.solve(); }")
    page.wait_for_function("document.querySelector('#message').textContent.includes('Checking whether')")
    page.click("#undo")
    page.evaluate("window.solving")
    text = page.locator("#message").text_content()
    assert page.evaluate("app.state().solved") is False
    assert "Solved by" not in text and "Undo brings" not in text, text


def test_a_hint_that_completes_the_grid_says_it_is_solved(context, server):
    data = unsolved(LIB / "linkapix-heart.json")
    solution = json.loads((LIB / "linkapix-heart.json").read_text())["solution"]["paths"]
    page = wait_ready(open_puzzle(context, server, data))
    # every link but one drawn by hand (a 1 is a tap); the hint gives the last
    for path in solution[:-1]:
        drag(page, path)
    page.wait_for_function("app.state().progress.paths.length >= %d" % (len(solution) - 1))
    for _ in range(3):                   # a hint's three presses: where, what, played
        if page.evaluate("app.state().solved"):
            break
        page.evaluate("app.hint()")
    assert page.evaluate("app.state().solved") is True
    assert page.locator("#message").text_content().endswith("Solved. Well done!")


def tiny_png(w=12, h=10):
    """A small RGB PNG, written by hand (no imaging library needed)."""
    raw = b"".join(b"\x00" + b"".join(bytes([(x * 20) % 256, (y * 25) % 256, 90]) for x in range(w))
                   for y in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def test_the_makers_cancel_works_while_python_is_still_loading(context, server, tmp_path):
    picture = tmp_path / "picture.png"
    picture.write_bytes(tiny_png())
    release = hold_solver_wheel(context)       # (until the cancel is seen)
    page = open_app(context, server.url)
    assert page.evaluate("app.solverState") != "ready"
    page.set_input_files("#make-linkapix-picture-image", str(picture))
    page.click("#make-linkapix-picture-go")
    page.wait_for_function("document.querySelector('#make-linkapix-picture-status').textContent.includes('Waiting')")
    page.click("#make-linkapix-picture-cancel")
    # said at once, not once Python is ready
    page.wait_for_function("document.querySelector('#make-linkapix-picture-status').textContent === 'Cancelled.'")
    assert page.evaluate("app.solverState") != "ready"
    release(page)
    wait_ready(page)
    page.wait_for_timeout(300)
    assert page.evaluate("app.state().puzzle") is None        # nothing was made and opened


def test_a_long_replay_takes_a_few_hundred_frames(context, server):
    page = wait_ready(open_puzzle(context, server, unsolved(LIB / "linkapix-64x64.json")))
    page.evaluate("""() => { window.frames_ = [];
      new MutationObserver(() => { const t = document.querySelector('#message').textContent;
                                   if (t.startsWith('Step ')) window.frames_.push(t); })
        .observe(document.querySelector('#message'), {childList: true, characterData: true, subtree: true});
      document.querySelector('#replay-speed').value = '4'; }""")   # (the frames are the same at any speed)
    assert page.evaluate("app.replay()") is True
    frames = page.evaluate("window.frames_")
    total = int(frames[-1].split("/")[1].split(":")[0])
    assert total > 400 and len(frames) <= 400
    assert frames[-1].startswith(f"Step {total}/{total}:")      # every step was applied


def test_the_toolbar_does_not_shift_while_a_solve_runs(context, server):
    page = wait_ready(open_puzzle(context, server, unsolved(LIB / "linkapix-128x128.json")))
    before = {b: page.locator("#" + b).bounding_box() for b in ("replay", "restart", "zoom-in")}
    page.evaluate("() => { window.solving = app.solve(); }")
    page.wait_for_selector("#cancel:not([hidden])")
    during = {b: page.locator("#" + b).bounding_box() for b in ("replay", "restart", "zoom-in")}
    page.click("#cancel")
    page.evaluate("window.solving")
    for b in before:
        assert abs(before[b]["x"] - during[b]["x"]) < 1 and abs(before[b]["y"] - during[b]["y"]) < 1, b


def test_a_clue_without_a_reachable_partner_is_said_when_the_puzzle_opens(context, server):
    # Two red 3s too far apart for a path of 3 cells, and a blue 2 alone: no solution,
    # which the player is told at once (the puzzle still opens, to be seen).
    bad = {"type": "linkapix", "width": 6, "height": 3, "palette": {"r": "#ff0000", "b": "#0000ff"},
           "clues": [[0, 0, 3, "r"], [0, 5, 3, "r"], [2, 2, 2, "b"], [2, 4, 1, "b"]]}
    page = open_puzzle(context, server, bad)
    banner = page.locator("#error-text")
    assert banner.is_visible()
    text = banner.text_content()
    assert text.startswith("This puzzle has no solution: the 3 in red at row 1, column 1 has no equal clue"), text
    assert "(and 2 more clues like it)" in text
    # A solvable puzzle says nothing of the kind: two 3s two steps apart, and a 2 pair.
    good = dict(bad, clues=[[0, 0, 3, "r"], [0, 2, 3, "r"], [2, 2, 2, "b"], [2, 3, 2, "b"]])
    page.evaluate("(p) => app.load(p)", good)
    assert not page.locator("#error-banner").is_visible()


def test_a_replay_can_be_paused_and_sped_up(context, server):
    page = wait_ready(open_puzzle(context, server, unsolved(LIB / "linkapix-house.json")))
    assert page.locator("#replay-controls").is_hidden()    # shown only while a replay runs
    page.evaluate("() => { window.replaying = app.replay(); }")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Step ')")
    page.select_option("#replay-speed", "0.25")
    page.click("#replay-pause")
    assert page.locator("#replay-pause").text_content() == "Resume"
    page.wait_for_timeout(100)
    held = page.locator("#message").text_content()
    page.wait_for_timeout(1200)                     # several frames' time at any speed
    assert page.locator("#message").text_content() == held
    page.select_option("#replay-speed", "4")
    page.click("#replay-pause")
    assert page.evaluate("window.replaying") is True  # ran to the end
    assert page.locator("#replay-controls").is_hidden()
    # the speed is kept for the next replay
    page.reload()
    page.wait_for_function("window.app && app.state().puzzle !== null")
    assert page.locator("#replay-speed").input_value() == "4"


def test_a_hints_link_not_played_yet_leaves_its_clues_numbers_unveiled(context, server):
    # The board draws a hint's deduction over the grid at half strength (board.js): a
    # Link-a-Pix paints the link's cells there but for its two clues, whose numbers stay
    # as they were (painted over by half, a red 3 on pink could not be read on a phone).
    page = open_app(context, server.url)
    got = page.evaluate("""async () => {
      const fam = (await import('./js/families/linkapix.js')).default;
      const p = {type: 'linkapix', width: 3, height: 1, palette: {a: '#ff0000'}, clues: [[0, 0, 3, 'a'], [0, 2, 3, 'a']]};
      const cv = new OffscreenCanvas(300, 100), ctx = cv.getContext('2d');
      ctx.scale(100, 100);
      const theme = {cell: '#ffffff', grid: '#cccccc', gridStrong: '#888888', fg: '#000000', bg: '#ffffff',
                     hint: '#00ff00', error: '#ff0000', muted: '#888888'};
      const view = {theme, pxPerUnit: 100, marks: null, highlight: null, visible: {x0: 0, y0: 0, x1: 3, y1: 1}};
      fam.draw(ctx, p, {paths: []}, view);
      ctx.globalAlpha = 0.5;
      fam.draw(ctx, p, {paths: [[[0, 0], [0, 1], [0, 2]]]}, {...view, ghost: true});
      const px = (x, y) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
      return {clueCorner: px(6, 94), middle: px(150, 50)};
    }""")
    assert got["clueCorner"] == [255, 255, 255], got      # the clue's cell as it was
    r, g, b = got["middle"]
    assert r > 200 and 100 < g < 160 and 100 < b < 160, got  # the link's cell half painted


def test_two_and_three_digit_clues_are_as_tall_as_one_digit_squeezed_into_their_cell(context, server):
    # (a 12 drawn smaller than a 6 could hardly be read on a phone: numbers of two or
    # three digits keep nearly the height of one and are squeezed across instead, into
    # the cell, or into the frame of a colour that does not read on the empty cell)
    page = open_app(context, server.url)
    got = page.evaluate("""async () => {
      """ + INK_BOX + """
      const fam = (await import('./js/families/linkapix.js')).default;
      const p = {type: 'linkapix', width: 3, height: 2, palette: {a: '#1f77b4', y: '#ffe14d'},
                 clues: [[0, 0, 6, 'a'], [0, 1, 12, 'a'], [0, 2, 188, 'a'], [1, 0, 6, 'y'], [1, 1, 12, 'y']]};
      const cv = new OffscreenCanvas(300, 200), ctx = cv.getContext('2d');
      ctx.scale(100, 100);
      const theme = {cell: '#ffffff', grid: '#ffffff', gridStrong: '#ffffff', fg: '#000000', bg: '#ffffff',
                     hint: '#00ff00', error: '#ff0000', muted: '#888888'};
      fam.draw(ctx, p, {paths: []}, {theme, pxPerUnit: 100, marks: null, highlight: null,
                                     visible: {x0: 0, y0: 0, x1: 3, y1: 2}});
      // (the frame of a yellow clue is skipped: its inner 0.56 of a cell is read)
      return {six: inkBox(ctx, 0, 0, 2), twelve: inkBox(ctx, 100, 0, 2), big: inkBox(ctx, 200, 0, 2),
              sixFramed: inkBox(ctx, 0, 100, 23), twelveFramed: inkBox(ctx, 100, 100, 23)};
    }""")
    six, twelve, big = got["six"], got["twelve"], got["big"]
    assert twelve["height"] >= 0.9 * six["height"], got
    assert big["height"] >= 0.7 * six["height"], got
    assert twelve["left"] >= 5 and twelve["right"] <= 95 and big["left"] >= 5 and big["right"] <= 95, got
    assert got["twelveFramed"]["height"] >= 0.9 * got["sixFramed"]["height"], got
    assert got["twelveFramed"]["width"] <= 56, got     # inside the frame (its inner side: 0.56 of a cell)
