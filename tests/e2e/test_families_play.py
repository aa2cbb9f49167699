"""Numberlink and Hungry Cat in the browser: drags on the canvas, Check, Solve, Replay."""
import json
from pathlib import Path

import pytest

from board_pixels import last_video_frame
from helpers import cell_point, drag, open_app, press_twice, wait_ready

import pysolver
import pysolver.api as api

FIX = Path(__file__).resolve().parents[1] / "fixtures"
pytestmark = pytest.mark.browser


def test_numberlink_draw_cut_truncate_check_and_solve(context, server):
    puzzle = json.loads((FIX / "numberlink" / "gen_7x7_s2.json").read_text())
    solution = pysolver.solve(puzzle)["solution"]["paths"]
    page = open_app(context, server.url + "#" + api.link(puzzle))
    page.wait_for_function("app.state().puzzle !== null")
    page.wait_for_timeout(200)
    labels = sorted(solution, key=lambda k: -len(solution[k]))
    a, b = labels[0], labels[1]
    drag(page, solution[a])
    assert page.evaluate("app.state().progress.paths")[a] == solution[a]
    # Press inside the line and drag back towards its start: the line is truncated.
    drag(page, [solution[a][-3], solution[a][-4]])
    assert page.evaluate("app.state().progress.paths")[a] == solution[a][:-3]
    page.click("#undo")
    assert page.evaluate("app.state().progress.paths")[a] == solution[a]
    # A line drawn across another cuts it.
    other = solution[b]
    crossing = [other[0]] + [q for q in solution[a][1:-1] if abs(q[0] - other[0][0]) + abs(q[1] - other[0][1]) == 1][:1]
    if len(crossing) == 2:
        drag(page, crossing)
        paths = page.evaluate("app.state().progress.paths")
        assert paths[b] == crossing and crossing[1] not in paths[a]
        page.click("#undo")
    wait_ready(page)
    rep = page.evaluate("app.check()")
    assert rep["ok"] is True and rep["solved"] is False
    # Every message Solve shows, with whether the grid was solved when it showed.
    page.evaluate("""() => { window.said = [];
      new MutationObserver(() => window.said.push([document.querySelector('#message').textContent,
                                                     app.state().solved]))
        .observe(document.querySelector('#message'), {childList: true, characterData: true, subtree: true}); }""")
    res = page.evaluate("app.solve({unique: true})")
    assert res["status"] == "solved" and res["unique"] is True
    assert page.evaluate("app.state().solved") is True
    said = page.evaluate("window.said")
    # The answer is on the board before uniqueness is settled, in a second request.
    # Each request shows its seconds gone and its limit while it runs.
    assert said[0][0].startswith("Solving… 0 s (it gives up at 60 s)")
    checking = [i for i, (text, _) in enumerate(said) if "Checking whether the solution is unique" in text]
    assert checking and said[checking[0]][1] is True
    assert "The solution is unique." in said[-1][0] and checking[0] < len(said) - 1


def test_hungrycat_paint_with_palette_check_replay(context, server):
    puzzle = json.loads((FIX / "hungrycat" / "small-8x6.json").read_text())
    truth = pysolver.solve(puzzle)["solution"]["grid"]
    page = open_app(context, server.url + "#" + api.link(puzzle))
    page.wait_for_function("app.state().puzzle !== null")
    page.wait_for_timeout(200)
    keys = list(puzzle["palette"])
    wrong = next(k for k in keys if k != truth[0][0])
    # Choose a colour from the palette bar and paint two cells with a drag.
    page.locator("#family-tools .swatch").nth(keys.index(wrong)).click()
    drag(page, [[0, 0], [0, 1]])
    assert page.evaluate("app.state().progress.grid[0].slice(0, 2)") == wrong * 2
    page.mouse.click(*cell_point(page, 0, 1), button="right")
    assert page.evaluate("app.state().progress.grid[0][1]") == "?"
    wait_ready(page)
    # Fill row 0 wrongly: Check names the broken line.
    page.evaluate("app.setTool(%s)" % json.dumps(wrong))
    drag(page, [[0, c] for c in range(1, puzzle["width"])])  # (0, 0) has that colour already
    rep = page.evaluate("app.check()")
    assert rep["ok"] is False and any(["row", 0] in e["lines"] for e in rep["errors"])
    page.click("#restart")
    # Replay animates the notebook's recorded steps and leaves the grid as it was.
    press_twice(page, "#replay")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Step')")
    page.wait_for_function("document.querySelector('#message').textContent.includes('Replay finished')", timeout=60_000)
    assert set("".join(page.evaluate("app.state().progress.grid"))) == {"?"}
    res = page.evaluate("app.solve({})")
    assert res["status"] == "solved" and page.evaluate("app.state().progress.grid") == truth


def test_replay_exports_a_video(context, server):
    puzzle = json.loads((FIX / "hungrycat" / "small-8x6.json").read_text())
    page = open_app(context, server.url + "#" + api.link(puzzle))
    wait_ready(page)
    with page.expect_download(timeout=120_000) as info:
        press_twice(page, "#record")
    download = info.value
    assert download.suggested_filename.endswith(".webm")
    data = Path(download.path()).read_bytes()
    assert data[:4] == b"\x1a\x45\xdf\xa3"  # the EBML header of a WebM file
    assert "Saved the replay" in page.locator("#message").text_content()
    # the video shows the board: its last frame decodes to the board's size, painted
    frame = last_video_frame(page, data)
    # (the board's height may change after the recording, as the message below it wraps)
    assert frame["width"] == page.evaluate("document.querySelector('#board').width") and frame["height"] > 50
    assert frame["colours"] >= 4, frame      # (a blank video has one or two)
