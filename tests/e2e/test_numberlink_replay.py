"""Numberlink Replay in the browser: the solver's steps drawn one by one (lines growing
from both endpoints, the step's cells highlighted), ending on the solution, and the
player's grid left as it was."""
import json
import os
from pathlib import Path

import pytest

from board_pixels import distinct_colours
from helpers import drag, open_app, press_twice, wait_ready

import pysolver.api as api
from pysolver.numberlink import FAMILY

ROOT = Path(__file__).resolve().parents[2]
PUZZLE = json.loads((ROOT / "static" / "puzzles" / "numberlink-14x14.json").read_text())
pytestmark = pytest.mark.browser

# Records what the board draws: the family module is the one app.js imported (same URL),
# so wrapping its draw() sees every frame with the progress and highlight it was given.
RECORD = """async () => {
  const mod = await import(new URL("js/families/numberlink.js", location.href).href);
  const draw = mod.default.draw;
  window.frames = [];
  mod.default.draw = (ctx, p, progress, view) => {
    window.frames.push({ progress: JSON.parse(JSON.stringify(progress)), replay: !!view.replay,
      highlight: view.highlight ? JSON.parse(JSON.stringify(view.highlight)) : null,
      message: document.querySelector("#message").textContent });
    return draw(ctx, p, progress, view);
  };
}"""


def test_replay_draws_the_solver_steps_and_ends_on_the_solution(context, server, tmp_path):
    page = open_app(context, server.url + "#" + api.link(PUZZLE))
    page.wait_for_function("app.state().puzzle !== null")
    page.wait_for_timeout(200)
    wait_ready(page)
    assert page.locator("#replay").is_visible()
    # The player's own line, which the replay must leave alone.
    mine = PUZZLE["solution"]["paths"]["V"][:3]
    drag(page, mine)
    assert page.evaluate("app.state().progress.paths") == {"V": mine}
    model = FAMILY.parse(PUZZLE)
    steps = page.evaluate("app.call('steps', {puzzle: %s, timeout: 30})" % json.dumps(
        {k: v for k, v in PUZZLE.items() if k != "solution"}))["steps"]
    assert steps and {s["rule"] for s in steps} == {"one way on", "two neighbours", "search"}
    page.evaluate(RECORD)
    page.evaluate("document.querySelector('#replay-speed').value = '4'")  # (the same frames, sooner)

    press_twice(page, "#replay")
    page.wait_for_function("document.querySelector('#message').textContent.includes(': search: line')",
                           timeout=60_000)
    shot = Path(os.environ.get("NUMBERLINK_REPLAY_SHOT", tmp_path / "numberlink-replay.png"))
    page.locator("#board").screenshot(path=str(shot))
    assert distinct_colours(page) >= 6      # the board, its grid, endpoints and the replay's lines
    page.wait_for_function("document.querySelector('#message').textContent.includes('Replay finished')",
                           timeout=120_000)
    assert page.evaluate("app.state().progress.paths") == {"V": mine}
    assert page.evaluate("app.state().solved") is False

    frames = [f for f in page.evaluate("window.frames") if f["replay"]]
    assert len(frames) > len(steps) // 3
    total = len(steps)
    seen_two_ended = False
    for f in frames:
        msg = f["message"]
        assert msg.startswith("Step ")
        i = int(msg[5:msg.index("/")]) - 1
        step = steps[i]
        assert msg == f"Step {i + 1}/{total}: {step['message']}"
        # the frame shows that step: its cells highlighted, its label's lines as the step says
        assert f["highlight"]["cells"] == step["cells"]
        lines = [f["progress"]["paths"][step["label"]]] + (
            [f["progress"]["tails"][step["label"]]] if step["label"] in f["progress"].get("tails", {}) else [])
        assert lines == step["lines"]
        seen_two_ended |= bool(f["progress"].get("tails"))
        # the player's line is not in the replay, and every frame is a correct partial answer
        for part in (f["progress"]["paths"], f["progress"].get("tails", {})):
            assert FAMILY.check(model, {"paths": part}, partial=True).ok
    assert seen_two_ended       # forced moves grew some line from both of its ends
    last = frames[-1]
    assert last["message"].startswith(f"Step {total}/{total}:")
    assert not last["progress"].get("tails")
    final = {"paths": last["progress"]["paths"]}
    assert FAMILY.check(model, final).solved and FAMILY.same_solution(model, final, PUZZLE["solution"])
