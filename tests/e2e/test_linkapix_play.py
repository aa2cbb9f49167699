"""Link-a-Pix in the browser: drawing links on the canvas, 1s, erasing, Solve."""
import json
from pathlib import Path

import pytest

from helpers import cell_point, drag, open_app, wait_ready

import pysolver.api as api

HOUSE = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "linkapix" /
                    "maker_house_12x10_full.json").read_text())

pytestmark = pytest.mark.browser


def test_draw_links_tap_ones_erase_and_solve(context, server):
    page = open_app(context, server.url + "#" + api.link(HOUSE))
    page.wait_for_function("app.state().puzzle !== null")
    page.wait_for_timeout(200)
    paths = HOUSE["solution"]["paths"]
    long_path = max(paths, key=len)
    one = next(p for p in paths if len(p) == 1)
    # Drag along a solution path: the link snaps when it reaches its partner.
    drag(page, long_path)
    assert page.evaluate("app.state().progress.paths") == [long_path]
    # Dragging past the partner or into a wrong clue adds nothing more.
    page.mouse.click(*cell_point(page, *one[0]))
    assert one in page.evaluate("app.state().progress.paths")
    # A tap on an inner cell of a link erases the link.
    inner = long_path[len(long_path) // 2]
    page.mouse.click(*cell_point(page, *inner))
    assert page.evaluate("app.state().progress.paths") == [one]
    # A drag that stops short changes nothing, and says why.
    drag(page, long_path[:-1])
    assert page.evaluate("app.state().progress.paths") == [one]
    assert page.locator("#message").text_content().startswith("A link ends on its partner")
    page.click("#undo")
    assert page.evaluate("app.state().progress.paths") == [long_path, one]
    wait_ready(page)
    res = page.evaluate("app.solve({unique: true})")
    assert res["status"] == "solved" and res["unique"] is True
    assert page.evaluate("app.state().solved") is True
    check = page.evaluate("app.check()")
    assert check["solved"] is True
