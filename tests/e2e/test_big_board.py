"""A 512x512 nonogram (the largest the app takes) opens, draws, zooms and plays in the
browser: only what is in view is drawn, and zoomed out the cells are one bitmap."""
from board_pixels import board_pixels, close, css_var, settle
from helpers import cell_point, open_app, wait_ready
from testkit import rings_nonogram

# Time from app.load() to the first frame on screen (printed; no timing is asserted).
LOAD_AND_DRAW = """async (p) => {
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const t0 = performance.now();
  await app.load(p);
  await frame(); await frame();
  while (app.view().pending) await frame();
  return performance.now() - t0;
}"""

REDRAW = """async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const t0 = performance.now();
  for (let i = 0; i < 10; i++) { document.getElementById("zoom-in").click(); await frame(); }
  return (performance.now() - t0) / 10;
}"""


def test_a_512_by_512_nonogram_draws_solves_and_plays(context, server):
    page = open_app(context, server.url)
    wait_ready(page)
    took = page.evaluate(LOAD_AND_DRAW, rings_nonogram(512))
    print(f"\n512x512 nonogram: first draw {took:.0f} ms after app.load()")
    assert page.evaluate("app.view().scale") < 3, "the whole board fits the view at first"
    assert page.is_visible("#zoom-note")
    res = page.evaluate("app.solve({timeout: 120})")
    assert res["status"] == "solved", res
    filled, cell = css_var(page, "filled"), css_var(page, "cell")
    # the centre is on the innermost ring; 36 cells right of it, between two rings
    centre, gap = board_pixels(page, [(256.5, 256.5), (256.5, 292.5)])
    assert close(centre[:3], filled, 40) and close(gap[:3], cell, 40), (centre, gap, filled, cell)

    # zoomed in, a frame draws only the cells in view; a press on one plays it
    per_frame = page.evaluate(REDRAW)
    print(f"512x512 nonogram: {per_frame:.1f} ms a frame while zooming in")
    settle(page)
    assert page.evaluate("app.view().scale") >= 6
    page.evaluate("app.undo()")  # back to the empty grid the player started from
    settle(page)
    before = page.evaluate("app.state().progress.grid[256][256]")
    page.mouse.click(*cell_point(page, 256, 256))
    page.wait_for_function("app.state().progress.grid[256][256] !== " + repr(before))
