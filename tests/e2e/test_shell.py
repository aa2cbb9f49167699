"""The app shell in a real Chromium: boot, solve from a link, input on the canvas,
undo/redo, autosave across reload, bad links, cancellation, offline reload."""
import json
from pathlib import Path

import pytest

from helpers import Server, cell_point, open_app, wait_ready, wait_snapshot_kept

import pysolver.api as api

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "core"
HEART = json.loads((FIX / "heart.json").read_text())
HEART_LINK = api.link(HEART)

pytestmark = pytest.mark.browser


def small_numberlink():
    board = json.loads((FIX.parents[2] / "static" / "puzzles" / "numberlink-7x7.json").read_text())
    board.pop("solution")
    return board


def test_boots_loads_numpy_when_a_request_needs_it_and_solves_a_link(context, server):
    """One page's first session, in order (each NumPy and SciPy load costs a test
    seconds, so one page does what three did):

    * the puzzle of the link is drawn before Python is ready; one worker serves it;
    * a small Numberlink board is solved, uniquely too, without loading NumPy
      (Numberlink's default search tests regions by a flood fill on boards up to 30x30
      in the browser, so solving, Check and hints load nothing more);
    * requests that need NumPy and SciPy (`mip`), sent every 50 ms for a second, so that
      some arrive while NumPy's files are being written, are all answered: one sent
      meanwhile used to run in that wait and import NumPy half written (an
      ImportError); the status line says more is loading;
    * SciPy's HiGHS runs (the self-test's MILP) and the link's nonogram is solved."""
    errors = []
    page = open_app(context, server.url + "#" + HEART_LINK, errors)
    assert page.evaluate("app.state().puzzle.title") == "Heart"
    assert page.locator("#puzzle-title").text_content() == "Heart"
    wait_ready(page)
    assert "ready" in page.locator("#solver-status").text_content().lower()
    # One worker: the one early.js started before the app's modules loaded, taken over
    # by solver.js with the messages it sent meanwhile
    assert page.evaluate("'earlyWorker' in window && window.earlyWorker === null")
    assert page.evaluate("performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/js/worker.js')).length") == 1

    page.evaluate("""() => { window.said = [];
        new MutationObserver(() => said.push(document.getElementById('solver-status').textContent))
          .observe(document.getElementById('solver-status'), {childList: true, characterData: true, subtree: true}); }""")
    board = small_numberlink()
    for args in ({"puzzle": board}, {"puzzle": board, "unique": True}):
        assert page.evaluate("(a) => app.call('solve', a)", args)["status"] == "solved"
    assert not any("Loading more" in text for text in page.evaluate("said"))
    replies = page.evaluate("""async (p) => Promise.all([...Array(20).keys()].map((i) =>
        new Promise((ok) => setTimeout(ok, 50 * i)).then(() => app.call('solve', {puzzle: p, method: 'mip'}))
          .then((r) => r.status, (e) => String(e.message || e))))""", board)
    assert replies == ["solved"] * 20
    assert any("Loading more" in text for text in page.evaluate("said"))

    st = page.evaluate("app.call('selftest', {})")
    assert (st["numpy"], st["scipy"]) == ("2.0.2", "1.14.1")
    assert st["milp_status"] == 0 and st["milp_x"] == [1.0, 2.0]
    res = page.evaluate("app.solve({unique: true})")
    assert res["status"] == "solved" and res["unique"] is True
    assert res["solution"] == HEART["solution"]
    assert page.evaluate("app.state().progress.grid") == HEART["solution"]["grid"]
    assert page.evaluate("app.state().solved") is True
    assert "unique" in page.locator("#message").text_content()
    # Solve is undoable.
    page.click("#undo")
    assert set("".join(page.evaluate("app.state().progress.grid"))) == {"?"}
    assert page.evaluate("crossOriginIsolated") is True
    assert errors == []


def test_canvas_input_undo_redo_and_autosave_across_reload(context, server):
    page = open_app(context, server.url + "#" + HEART_LINK)
    page.wait_for_function("app.state().puzzle !== null")
    page.wait_for_timeout(200)  # layout settles
    # Drag along row 0 from column 2 to column 5: paints one row only.
    page.mouse.move(*cell_point(page, 0, 2))
    page.mouse.down()
    page.mouse.move(*cell_point(page, 0, 4), steps=4)
    page.mouse.move(*cell_point(page, 1, 5), steps=4)  # strays down a row: stays on row 0
    page.mouse.up()
    assert page.evaluate("app.state().progress.grid[0]") == "??####????"
    assert page.evaluate("app.state().progress.grid[1]") == "?" * 10
    # Right click crosses, middle click clears.
    page.mouse.click(*cell_point(page, 2, 0), button="right")
    assert page.evaluate("app.state().progress.grid[2][0]") == "."
    page.mouse.click(*cell_point(page, 2, 0), button="middle")
    assert page.evaluate("app.state().progress.grid[2][0]") == "?"
    page.click("#undo")
    assert page.evaluate("app.state().progress.grid[2][0]") == "."
    page.keyboard.press("Control+z")
    assert page.evaluate("app.state().progress.grid[2][0]") == "?"
    page.click("#redo")
    assert page.evaluate("app.state().progress.grid[2][0]") == "."
    before = page.evaluate("app.state()")
    page.reload()
    page.wait_for_function("window.app && app.state().puzzle !== null")
    after = page.evaluate("app.state()")
    assert after["progress"] == before["progress"]
    assert after["canUndo"] is True  # the undo history survives the reload too
    page.click("#undo")
    assert page.evaluate("app.state().progress.grid[2][0]") == "?"


def test_bad_and_hostile_links_show_messages_not_blank_pages(context, server):
    page = open_app(context, server.url + "#nonogram/5x5/1zAAAA")
    page.wait_for_selector("#error-banner:not([hidden])")
    text = page.locator("#error-text").text_content()
    assert "link" in text and ("corrupted" in text or "cut short" in text)
    assert page.locator("#library").is_visible()
    assert page.evaluate("location.hash") == ""           # a reload shows the library
    # A title with markup is shown as text: no element is created from it.
    hostile = {**HEART, "title": '<img src=x onerror="window.pwned=1">Heart'}
    page.goto(server.url + "#" + api.link(hostile))
    page.wait_for_function("app.state().puzzle !== null")
    assert page.locator("#puzzle-title").text_content() == hostile["title"]
    assert page.locator("#puzzle-title img").count() == 0
    assert page.evaluate("window.pwned") is None
    # A puzzle that breaks the rules of its family is refused with the reason.
    page.goto(server.url + "#nonogram/2x2/1.5,1_1,1")
    page.wait_for_selector("#error-banner:not([hidden])")
    assert "row" in page.locator("#error-text").text_content()
    # A fragment of no known type is a bad link, said at once (not "pasted text" once
    # Python is ready).
    for frag in ("#sudoku/5x5/1.abc", "#nonogram"):
        page.goto(server.url + frag)
        page.wait_for_selector("#error-banner:not([hidden])")
        text = page.locator("#error-text").text_content()
        assert "link" in text and "pasted" not in text, text


def test_pasted_text_and_share_button(context, server):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = open_app(context, server.url)
    wait_ready(page)
    page.fill("#paste-box", "this is not a puzzle")
    page.click("#paste-form button")
    page.wait_for_selector("#error-banner:not([hidden])")
    assert "Could not open" in page.locator("#error-text").text_content()
    # A palette the solver would refuse is refused before the puzzle opens.
    bad = {"type": "nonogram", "width": 2, "height": 2, "palette": {"rr": "#ff0000"},
           "rows": [[[1, "rr"]], [[1, "rr"]]], "cols": [[[1, "rr"]], [[1, "rr"]]]}
    page.fill("#paste-box", json.dumps(bad))
    page.click("#paste-form button")
    page.wait_for_function("document.querySelector('#error-text').textContent.includes('must be one character')")
    assert page.evaluate("app.state().puzzle") is None
    page.fill("#paste-box", json.dumps(HEART))
    page.click("#paste-form button")
    page.wait_for_function("app.state().puzzle && app.state().link")
    page.click("#share")
    page.wait_for_function("document.querySelector('#message').textContent.includes('copied')")
    # (the grid does not go with it, and the player is told so)
    assert "opens this puzzle unsolved" in page.locator("#message").text_content()
    url = page.evaluate("navigator.clipboard.readText()")
    assert url.endswith("#" + HEART_LINK)


def test_cancel_leaves_the_app_usable(context, server):
    slow = json.loads((FIX / "slow.json").read_text())
    page = open_app(context, server.url + "#" + api.link(slow))
    wait_ready(page)
    page.evaluate("() => { window.pending = app.solve({method: 'auto', timeout: 120, unique: true}); }")
    page.wait_for_selector("#cancel:not([hidden])")
    page.wait_for_timeout(1500)
    page.click("#cancel")
    res = page.evaluate("window.pending")
    assert res is None or res["status"] == "cancelled"
    assert "cancelled" in page.locator("#message").text_content().lower()
    page.goto(server.url + "#" + HEART_LINK)
    page.wait_for_function("app.state().puzzle && app.state().puzzle.title === 'Heart'")
    wait_ready(page)
    assert page.evaluate("app.solve({})")["status"] == "solved"


def test_offline_after_one_visit(context_as, fresh_server):
    context = context_as(service_workers="allow")
    page = open_app(context, fresh_server.url + "#" + HEART_LINK)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    # the page says so, once the whole site is kept
    page.wait_for_function("document.getElementById('solver-status').textContent === 'Ready · works offline'")
    fresh_server.stop()
    page.reload()
    page.wait_for_function("window.app && app.state().puzzle !== null")
    wait_ready(page)
    assert page.evaluate("crossOriginIsolated") is True
    assert page.evaluate("app.solve({unique: true})")["status"] == "solved"


def reload_and_wait(page):
    page.reload()
    page.wait_for_function("window.app !== undefined")
    wait_ready(page)


def test_a_return_visit_restores_pythons_start_and_a_broken_snapshot_is_replaced(context_as, server):
    context = context_as(kept_python_start=False)
    page = open_app(context, server.url + "#" + HEART_LINK)
    wait_ready(page)
    assert page.evaluate("app.solverBoot") == "fresh"
    wait_snapshot_kept(page)
    reload_and_wait(page)
    assert page.evaluate("app.solverBoot") == "restored"
    # the restored Python solves, and loads NumPy and SciPy when a method needs them
    assert page.evaluate("app.solve({unique: true})")["status"] == "solved"
    page.evaluate("(p) => app.load(p)", json.loads((FIX.parent / "linkapix" / "bench_20_full.json").read_text()))
    assert page.evaluate("app.solve({method: 'paper'})")["status"] == "solved"
    # a snapshot spoilt on the device (cut short, or of the right size with wrong bytes):
    # Python starts as usual, and a good one is kept again (the second spoils the one
    # kept after the first; the last is restored)
    for spoil in ("cut", "zeros"):
        page.evaluate("""async (spoil) => {
          const name = (await caches.keys()).find((n) => n.startsWith('pyodide-snapshot-'));
          const cache = await caches.open(name);
          const key = (await cache.keys())[0];
          const kept = await cache.match(key);
          const bytes = new Uint8Array(await kept.arrayBuffer());
          const spoilt = spoil === "cut" ? bytes.slice(0, 64) : bytes.fill(0, 0, 4096);
          await cache.put(key, new Response(spoilt, { headers: kept.headers }));
        }""", spoil)
        reload_and_wait(page)
        assert page.evaluate("app.solverBoot") == "fresh"
        assert page.evaluate("app.solve({})")["status"] == "solved"
        wait_snapshot_kept(page)
    reload_and_wait(page)
    assert page.evaluate("app.solverBoot") == "restored"


def test_hint_applies_one_step_with_its_reason_at_the_third_press(context, server):
    page = open_app(context, server.url + "#" + HEART_LINK)
    wait_ready(page)
    page.click("#restart")
    before = page.evaluate("app.state().progress.grid")
    page.click("#hint")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Hint: Look at')")
    page.click("#hint")
    page.wait_for_function("document.querySelector('#message').textContent.includes('Hint again plays it')")
    assert page.evaluate("app.state().progress.grid") == before
    page.click("#hint")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Hint played:')")
    after = page.evaluate("app.state().progress.grid")
    changed = [(r, c) for r in range(10) for c in range(10) if before[r][c] != after[r][c]]
    assert changed and all(after[r][c] == HEART["solution"]["grid"][r][c] for r, c in changed)
    page.click("#undo")
    assert page.evaluate("app.state().progress.grid") == before


def test_file_picker_reads_other_formats_through_python(context, server):
    cat = FIX.parent / "hungrycat" / "small-8x6.cat"
    page = open_app(context, server.url)
    page.set_input_files("#file-input", str(cat))
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'hungrycat'")
    assert page.evaluate("app.state().puzzle.width") == 8
    page.set_input_files("#file-input", files=[{"name": "junk.non", "mimeType": "text/plain", "buffer": b"width 3\nheight x\n"}])
    page.wait_for_selector("#error-banner:not([hidden])")
    assert "junk.non" in page.locator("#error-text").text_content()


def test_a_new_version_is_offered_and_reloads(context_as, site, tmp_path):
    import shutil

    import build

    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    srv = Server(copy)
    context = context_as(service_workers="allow")
    try:
        page = open_app(context, srv.url + "#" + HEART_LINK)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        old = page.evaluate("fetch('version.json').then(r => r.json())")["version"]
        # Deploy a changed file: a new precache list, so a new service worker.
        css = copy / "css" / "app.css"
        css.write_text(css.read_text() + "\n/* next release */\n")
        build._write_service_worker(copy)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector("#update-banner:not([hidden])", timeout=120_000)
        with page.expect_navigation():
            page.click("#update-reload")
        page.wait_for_function("window.app && app.state().puzzle !== null")
        new = page.evaluate("fetch('version.json').then(r => r.json())")["version"]
        assert new != old
        assert page.locator("#update-banner").is_hidden()
    finally:
        srv.stop()


def test_a_solver_that_cannot_load_says_so_plainly_and_can_retry(context, server):
    # The Python files are unreachable on the first try (a network failure).
    context.route("**/pyodide-0.27.7/**", lambda route: route.abort())
    errors = []
    page = open_app(context, server.url + "#" + HEART_LINK, errors)
    page.wait_for_selector("#solver-retry:not([hidden])")
    assert page.locator("#solver-status").text_content().startswith("The solver could not load")
    assert "importScripts" not in page.locator("#solver-status").text_content()
    assert page.locator("#solve").is_disabled()
    context.unroute("**/pyodide-0.27.7/**")
    page.click("#solver-retry")
    wait_ready(page)
    assert page.locator("#solver-retry").is_hidden()
    assert page.evaluate("app.solve({unique: false})")["status"] == "solved"
    assert errors == []


def test_manifest_icons_load_and_the_maskable_ones_fill_their_square(context, server):
    page = open_app(context, server.url)
    icons = page.evaluate("""async () => {
      const m = await (await fetch(document.querySelector('link[rel=manifest]').href)).json();
      const out = [];
      for (const icon of m.icons) {
        const bmp = await createImageBitmap(await (await fetch(icon.src)).blob());
        const cv = new OffscreenCanvas(bmp.width, bmp.height), ctx = cv.getContext('2d');
        ctx.drawImage(bmp, 0, 0);
        const corner = ctx.getImageData(0, 0, 1, 1).data[3];
        out.push({purpose: icon.purpose, sizes: icon.sizes, size: bmp.width + 'x' + bmp.height, corner});
      }
      return out;
    }""")
    assert {i["purpose"] for i in icons} == {"any", "maskable"}
    for icon in icons:
        assert icon["size"] == icon["sizes"]
        # A maskable icon is cropped to any shape by the launcher: no transparent corner.
        assert (icon["corner"] == 255) == (icon["purpose"] == "maskable"), icon
