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
    # A drag that stops short leaves an unfinished link, and says how to go on.
    drag(page, long_path[:-1])
    assert page.evaluate("app.state().progress") == {"paths": [one], "unfinished": [long_path[:-1]]}
    assert page.locator("#message").text_content().startswith(f"Unfinished link: {len(long_path) - 1} of")
    page.click("#undo")
    assert page.evaluate("app.state().progress") == {"paths": [one]}
    page.click("#undo")
    assert page.evaluate("app.state().progress.paths") == [long_path, one]
    wait_ready(page)
    res = page.evaluate("app.solve({unique: true})")
    assert res["status"] == "solved" and res["unique"] is True
    assert page.evaluate("app.state().solved") is True
    check = page.evaluate("app.check()")
    assert check["solved"] is True


def test_unfinished_links_go_on_join_and_stay(context, server):
    """A long link drawn in strokes (a phone's view holds only part of it): each stroke
    left short of the partner stays as an unfinished link; a drag from its loose end goes
    on with it; halves drawn from both clues snap together; a tap erases one; a hint's
    link takes away an unfinished one in its way; they are saved with the game."""
    page = open_app(context, server.url + "#" + api.link(HOUSE))
    page.wait_for_function("app.state().puzzle !== null")
    page.wait_for_timeout(200)
    path = max(HOUSE["solution"]["paths"], key=len)
    n = len(path)
    assert n >= 6
    # In three strokes: clue to a third, on from the loose end, on to the partner.
    drag(page, path[:n // 3])
    drag(page, path[n // 3 - 1:2 * n // 3])
    assert page.evaluate("app.state().progress") == {"paths": [], "unfinished": [path[:2 * n // 3]]}
    drag(page, path[2 * n // 3 - 1:])
    assert page.evaluate("app.state().progress") == {"paths": [path]}
    # A tap on the link erases it; halves from both clues, then one onto the other's end.
    page.mouse.click(*cell_point(page, *path[1]))
    assert page.evaluate("app.state().progress") == {"paths": []}
    drag(page, path[:3])
    back = path[::-1]
    drag(page, back[:n - 3])
    assert page.evaluate("app.state().progress.unfinished") == [path[:3], back[:n - 3]]
    drag(page, back[n - 4:n - 2])          # from the second's loose end onto the first's
    assert page.evaluate("app.state().progress") == {"paths": [back]}
    # Going back over an unfinished link's own cells shortens it; a tap on its loose end
    # erases it; a drag from its clue starts it again.
    page.mouse.click(*cell_point(page, *path[1]))
    drag(page, path[:4])
    drag(page, [path[3], path[2], path[1]])
    assert page.evaluate("app.state().progress.unfinished") == [path[:2]]
    page.mouse.click(*cell_point(page, *path[1]))
    assert page.evaluate("app.state().progress") == {"paths": []}
    drag(page, path[:4])
    drag(page, [path[0], path[1]])
    assert page.evaluate("app.state().progress.unfinished") == [path[:2]]
    # Saved with the game: a reload brings it back.
    page.wait_for_timeout(300)
    page.reload()
    page.wait_for_function("window.app && app.state().puzzle !== null")
    assert page.evaluate("app.state().progress.unfinished") == [path[:2]]
    # The link of a hint through an unfinished link's cells takes it away; Check finds
    # nothing wrong with a stub along the solution's path.  (Solve, then the long link taken back to a stub: the
    # hint can only give that link.)
    wait_ready(page)
    assert page.evaluate("app.solve({})")["status"] == "solved"
    assert "unfinished" not in page.evaluate("app.state().progress")
    page.mouse.click(*cell_point(page, *path[2]))
    drag(page, path[:2])
    assert page.evaluate("app.state().progress.unfinished") == [path[:2]]
    assert page.evaluate("app.check()")["errors"] == []
    for press in (1, 2, 3):
        res = page.evaluate("app.hint()")
        assert res["step"] == press
    hinted = page.evaluate("app.state().progress")
    assert "unfinished" not in hinted and (path in hinted["paths"] or path[::-1] in hinted["paths"])


def test_check_and_hint_judge_an_unfinished_link(context, server):
    """An unfinished link that goes the wrong way is a mistake: Check names it and marks
    its cells, Hint says so and its next press takes it back; one along the solution's
    path is fine (a review: Check judged the finished links alone)."""
    page = open_app(context, server.url + "#" + api.link(HOUSE))
    page.wait_for_function("app.state().puzzle !== null")
    wait_ready(page)
    W, H = HOUSE["width"], HOUSE["height"]
    clues = {(r, c) for r, c, _, _ in HOUSE["clues"]}

    def turns(path):    # the cells beside the path's second where it could go instead
        (r, c) = path[1]
        return [[y, x] for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= y < H and 0 <= x < W and (y, x) not in clues and [y, x] not in (path[0], path[2])]
    path = next(p for p in sorted(HOUSE["solution"]["paths"], key=len, reverse=True) if turns(p))
    turn = turns(path)[0]
    drag(page, path[:3])
    assert page.evaluate("app.check()")["errors"] == []
    page.click("#undo")
    drag(page, [path[0], path[1], turn])
    assert page.evaluate("app.state().progress.unfinished") == [[path[0], path[1], turn]]
    errors = page.evaluate("app.check()")["errors"]
    assert len(errors) == 1 and errors[0]["message"].startswith(f"the unfinished link from the {len(path)} at row")
    assert turn in errors[0]["cells"]
    assert "unfinished link" in page.locator("#message").text_content()
    first = page.evaluate("app.hint()")
    assert first["wrong"] and "unfinished link" in first["message"]
    page.evaluate("app.hint()")
    assert page.evaluate("app.state().progress") == {"paths": []}

def test_unfinished_links_at_the_partner(context, server):
    """What a review found at the partner: a drag past the partner and back stays a
    complete link (it was kept as an "unfinished" link of the full length); a drag that
    snapped onto the partner's half and went on along it stays complete (two overlapping
    unfinished links were kept); a link reaches a partner clue that holds a stub of its
    own (the stub goes); a link taken back to its clue is erased; a press held still is
    not a tap."""
    page = open_app(context, server.url + "#" + api.link(HOUSE))
    page.wait_for_function("app.state().puzzle !== null")
    page.wait_for_timeout(200)
    W, H = HOUSE["width"], HOUSE["height"]
    clues = {(r, c) for r, c, _, _ in HOUSE["clues"]}

    def free_beside(cell, path):
        r, c = cell
        return [[y, x] for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= y < H and 0 <= x < W and [y, x] not in path]

    def progress():
        return page.evaluate("app.state().progress")

    # a path whose partner has a cell beside it off the path that is not a clue
    path = next(p for p in sorted(HOUSE["solution"]["paths"], key=len, reverse=True)
                if len(p) >= 4 and any(tuple(x) not in clues for x in free_beside(p[-1], p)))
    beyond = next(x for x in free_beside(path[-1], path) if tuple(x) not in clues)
    # past the partner (onto a clue or a free cell) and back onto it: complete
    drag(page, path + [free_beside(path[-1], path)[0], path[-1]])
    assert progress() == {"paths": [path]}
    page.click("#restart")
    # halves from both clues, then a drag over the join and on along the partner's half
    n = len(path)
    drag(page, path[:2])
    drag(page, path[::-1][:n - 2])
    drag(page, [path[1], path[2], path[3]])
    assert progress() == {"paths": [path]}
    page.click("#restart")
    # the partner clue holds a stub going elsewhere: the link reaches it, the stub goes
    drag(page, [path[-1], beyond])
    assert progress() == {"paths": [], "unfinished": [[path[-1], beyond]]}
    drag(page, path)
    assert progress() == {"paths": [path]}
    page.click("#restart")
    # on from the loose end and back to the clue: erased
    drag(page, path[:3])
    drag(page, [path[2], path[1], path[0]])
    assert progress() == {"paths": []}
    # a press held still on a link is not a tap; a click is
    drag(page, path[:3])
    page.mouse.move(*cell_point(page, *path[1]))
    page.mouse.down()
    page.wait_for_timeout(700)
    page.mouse.up()
    assert progress() == {"paths": [], "unfinished": [path[:3]]}
    page.mouse.click(*cell_point(page, *path[1]))
    assert progress() == {"paths": []}


def test_a_drag_onto_the_partner_at_another_length_says_so(context, server):
    """(a player's review: a link dragged from a 4 straight onto its partner next to it
    vanished without a word)"""
    p = {"type": "linkapix", "width": 2, "height": 2, "palette": {"k": "#000000"},
         "clues": [[0, 0, 4, "k"], [0, 1, 4, "k"]]}
    page = open_app(context, server.url + "#" + api.link(p))
    page.wait_for_function("app.state().puzzle !== null")
    page.wait_for_timeout(200)
    drag(page, [[0, 0], [0, 1]])
    assert page.evaluate("app.state().progress.paths") == []
    assert page.locator("#message").text_content() == (
        "A link of 4 covers 4 cells, both clues included; this one would have covered 2. Wind it through more cells.")
    drag(page, [[0, 0], [1, 0], [1, 1], [0, 1]])
    assert page.evaluate("app.state().solved") is True
