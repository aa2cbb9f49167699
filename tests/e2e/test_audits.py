"""Audits with tools nobody here wrote, on every screen a player meets: axe-core
(accessibility) at a desktop and a phone size in both themes, and the layout shift of
loading the library (fresh and with progress), a play page and the drawing maker.

axe findings of impact serious or critical fail; a moderate one fails unless
MODERATE_ACCEPTED gives the written reason it is accepted."""
import json
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from helpers import drag, open_app, paste_set, png, wait_ready

import pysolver.api as api

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 800), "phone": (360, 740)}
#: moderate axe findings accepted, rule id -> why (none today)
MODERATE_ACCEPTED: dict[str, str] = {}
AXE = Axe()

#: the layout shift a page's load may add up to (good is <= 0.1)
MAX_CLS = 0.05
#: sums the page's layout shifts from its first paint, as Lighthouse's CLS does
CLS_OBSERVER = """
window.__cls = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
}).observe({ type: "layout-shift", buffered: true });
"""


def puzzle(name):
    return json.loads((ROOT / "static" / "puzzles" / name).read_text())


#: a small bundled puzzle of each family (the library's own)
PUZZLES = {"linkapix": "linkapix-heart.json", "nonogram": "nonogram-heart.json",
           "numberlink": "numberlink-5x5-11.json", "hungrycat": "hungrycat-fish.json"}


def audit(page, where, found):
    """axe on the page as it is now; what fails is added to ``found``.  (axe's script
    is put in once per document: AXE.run evaluates its 0.5 MB again at every call.)"""
    if not page.evaluate("typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.evaluate(AXE.axe_script)
    for v in page.evaluate("axe.run({resultTypes: ['violations']}).then((r) => r.violations)"):
        if v["impact"] in ("serious", "critical") or (v["impact"] == "moderate" and v["id"] not in MODERATE_ACCEPTED):
            targets = [n["target"] for n in v["nodes"][:3]]
            found.append(f"{where}: {v['id']} ({v['impact']}) {v['help']} at {targets}")


def new_context(browser, size, theme):
    ctx = browser.new_context(viewport={"width": SIZES[size][0], "height": SIZES[size][1]},
                              color_scheme=theme)
    ctx.set_default_timeout(180_000)
    return ctx


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_axe_finds_nothing_serious_on_any_screen(browser, server, size, theme):
    ctx = new_context(browser, size, theme)
    found = []
    try:
        page = open_app(ctx, server.url)
        wait_ready(page)
        page.wait_for_selector("#library-list a")
        audit(page, "library, fresh", found)
        for family, name in PUZZLES.items():
            page.evaluate("(p) => app.load(p)", puzzle(name))
            page.wait_for_selector("#play:not([hidden])")
            audit(page, f"{family}: fresh", found)
            page.evaluate("() => app.hint()")
            audit(page, f"{family}: hint shown", found)
            if size == "phone":
                page.click("#more-tools")
                audit(page, f"{family}: More tools open", found)
                page.click("#more-tools")
            if page.is_visible("#replay"):
                page.evaluate("() => { app.replay(); }")
                page.wait_for_selector("#stop-replay:not([hidden])")
                audit(page, f"{family}: replay running", found)
                page.evaluate("() => app.stopReplay()")
            page.evaluate("() => app.solve()")
            page.wait_for_function("app.state().solved")
            audit(page, f"{family}: solved", found)
            page.evaluate("() => app.check()")
            audit(page, f"{family}: checked", found)
        # the win screen, after the player's own solve of a 2x2 nonogram
        page.evaluate("(p) => app.load(p)", {"type": "nonogram", "width": 2, "height": 2, "title": "Corner",
                                              "rows": [[2], [1]], "cols": [[2], [1]]})
        drag(page, [[0, 0], [0, 1]])
        drag(page, [[1, 0], [1, 0]])
        page.wait_for_selector("#win[open]")
        page.wait_for_function("document.getElementById('win-next-name').textContent !== ''")
        audit(page, "the win screen", found)
        # a puzzle whose clues show it cannot be solved opens with the error banner
        page.evaluate("(p) => app.load(p)", {"type": "linkapix", "width": 3, "height": 1,
                                              "palette": {"a": "#000000"}, "clues": [[0, 0, 3, "a"]]})
        page.wait_for_selector("#error-banner:not([hidden])")
        audit(page, "play page with the error banner", found)
        page.click("#home-link")
        page.wait_for_selector("#recent-section:not([hidden])")
        audit(page, "library with progress", found)
        paste_set(page, "2 2\nAA\nBB\n\n3 2\nA.A\nB.B\n")
        audit(page, "a puzzle set's page", found)
        page.click("#pack-back")
        page.wait_for_selector("#packs-section:not([hidden])")
        audit(page, "library with a puzzle set", found)
        page.click("#nono-maker-go")
        page.wait_for_selector("#design:not([hidden])")
        page.evaluate("() => app.design.check()")
        audit(page, "drawing maker, checked", found)
        # the editor of each family, with a clue typed and what is wrong with it said
        for family in PUZZLES:
            page.evaluate("(t) => { location.hash = '#new/' + t + '/5x5'; }", family)
            page.wait_for_function("(t) => app.editor.state() && app.editor.state().type === t", arg=family)
            if page.is_visible("#editor-row-0"):
                page.fill("#editor-row-0", "9")
            else:
                page.focus("#editor-board")
                page.keyboard.type("3")
            page.wait_for_selector("#editor-problems li")
            audit(page, f"{family}: editor with a problem", found)
        page.evaluate("() => app.editor.check()")
        audit(page, "editor, checked", found)
    finally:
        ctx.close()
    assert not found, "\n".join(found)


def load_shift(browser, size, url, prepare=None):
    """The layout shift of loading ``url`` (after ``prepare(page)`` when given; url None:
    reloading where prepare left the page) until the solver is ready and a moment more."""
    ctx = new_context(browser, size, "light")
    try:
        page = ctx.new_page()
        if prepare:
            prepare(page)
        page.add_init_script(CLS_OBSERVER)
        if url is None:
            page.reload()
        else:
            page.goto(url)
        page.wait_for_function("window.app && app.solverState === 'ready'")
        page.wait_for_timeout(800)
        return page.evaluate("window.__cls")
    finally:
        ctx.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_loading_the_pages_moves_nothing(browser, server, size):
    link = api.link({k: v for k, v in puzzle("nonogram-heart.json").items() if k != "solution"})

    def played(page):
        page.goto(server.url + "#" + link)
        page.wait_for_function("window.app && app.state().puzzle !== null")

    def drawing(page):
        page.goto(server.url)
        page.wait_for_function("window.app !== undefined")
        page.click("#nono-maker-go")
        page.wait_for_selector("#design:not([hidden])")

    shifts = {
        "library": load_shift(browser, size, server.url),
        # (other addresses than the library's: each a new load, not a same-page navigation)
        "library with progress": load_shift(browser, size, server.url + "?again", played),
        "play page": load_shift(browser, size, server.url + "?play#" + link),
        "drawing maker": load_shift(browser, size, None, drawing),
    }
    assert all(v <= MAX_CLS for v in shifts.values()), shifts


def test_the_page_works_under_its_content_security_policy(browser, server):
    """index.html's CSP: the solver boots, solves, makes, replays and records, and not
    one violation is reported on the way (no wait_for_function here: Playwright runs
    its predicate through eval, which the CSP forbids)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=False, service_workers="allow")
    ctx.set_default_timeout(180_000)
    try:
        page = ctx.new_page()
        page.add_init_script("""window.__csp = [];
            document.addEventListener("securitypolicyviolation",
              (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI));""")
        page.goto(server.url)
        csp = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
        assert "script-src 'self' 'wasm-unsafe-eval'" in csp and "object-src 'none'" in csp
        # (wait_ready's wait_for_function polls through eval once its first try finds
        # no app yet, which the CSP refuses: a run on a busy machine failed so)
        for _ in range(1800):
            if page.evaluate("() => window.app !== undefined"):
                break
            page.wait_for_timeout(100)
        page.evaluate("() => app.ready")
        page.evaluate("(p) => app.load(p)", puzzle("linkapix-heart.json"))
        assert page.evaluate("() => app.solve({unique: true})")["status"] == "solved"
        # NumPy, SciPy and OpenBLAS loaded on demand under the CSP: HiGHS runs
        assert page.evaluate("() => app.call('selftest', {})")["milp_status"] == 0
        assert page.evaluate("() => app.replay()") is True
        made = page.evaluate("""() => app.call("make", {type: "numberlink", maker: "random", width: 5, height: 5,
                                                         seed: 3, timeout: 60})""")
        assert made["puzzle"]["type"] == "numberlink"
        video = page.evaluate("async () => { const b = await app.recordReplay(); return b ? b.size : 0; }")
        assert video > 1000
        # the picture maker: an image file read through a blob: URL, scaled on a canvas
        page.click("#home-link")
        page.set_input_files("#make-linkapix-picture-image", files=[{
            "name": "dot.png", "mimeType": "image/png", "buffer": png(8, 8, lambda x, y: (200, 0, 0)
                                                                     if 2 <= x <= 5 and 2 <= y <= 5 else (255, 255, 255))}])
        page.fill("#make-linkapix-picture-width", "8")
        page.click("#make-linkapix-picture-go")
        page.wait_for_selector("#play:not([hidden])")
        assert page.evaluate("app.state().puzzle.type") == "linkapix"
        assert page.evaluate("window.__csp") == []
    finally:
        ctx.close()


NAME_OF_FOCUS = """() => {
  const el = document.activeElement;
  const label = el.labels && el.labels[0] ? el.labels[0].textContent : "";
  return { tag: el.tagName, id: el.id, name: (el.getAttribute("aria-label") || label || el.textContent || el.title || "").trim(),
           visible: !!(el.offsetWidth || el.offsetHeight), outline: getComputedStyle(el).outlineStyle };
}"""


def test_the_keyboard_reaches_every_control_by_its_name(browser, server):
    """Tab goes through the library page in reading order, every control it reaches
    says what it does and shows that it has the focus; the makers' forms built from the
    description are among them."""
    ctx = new_context(browser, "desktop", "light")
    try:
        page = open_app(ctx, server.url)
        wait_ready(page)
        page.wait_for_selector("[id^='make-'] button[type=submit]")
        seen, ys = [], []
        for _ in range(120):
            page.keyboard.press("Tab")
            got = page.evaluate(NAME_OF_FOCUS)
            if got["tag"] == "BODY" or (seen and got["id"] and got["id"] == seen[0]["id"]):
                break
            seen.append(got)
            # (a visually hidden input is where its label is)
            ys.append(page.evaluate("""() => { const el = document.activeElement;
                const box = (el.classList.contains("visually-hidden") ? el.parentElement : el).getBoundingClientRect();
                let scrolled = scrollY;  // (the library scrolls in a box of its own)
                for (let p = el.parentElement; p; p = p.parentElement) scrolled += p.scrollTop;
                return box.top + scrolled; }"""))
        nameless = [s for s in seen if not s["name"]]
        assert not nameless, nameless
        assert all(s["visible"] for s in seen)
        ids = [s["id"] for s in seen]
        for maker in ("make-numberlink-random-width", "make-numberlink-random-go", "make-linkapix-picture-go",
                      "nono-maker-go"):
            assert maker in ids, ids
        # (controls of one row differ by a few pixels; a jump back is a whole row or more)
        back = [(seen[i]["id"], seen[i + 1]["id"]) for i in range(len(ys) - 1) if ys[i + 1] < ys[i] - 30]
        assert not back, f"Tab order jumps back up the page: {back} {list(zip(ids, ys))}"
    finally:
        ctx.close()


def test_hints_and_moves_are_announced(browser, server):
    """What a screen reader hears: a hint's message in the page's status region, and
    the cursor's cell after a move made from the keyboard."""
    ctx = new_context(browser, "desktop", "light")
    try:
        page = open_app(ctx, server.url)
        wait_ready(page)
        page.evaluate("(p) => app.load(p)", puzzle("nonogram-heart.json"))
        page.evaluate("() => app.hint()")
        status = page.get_by_role("status").filter(has_text="Hint:")
        assert status.count() == 1 and status.is_visible()
        page.focus("#board")
        page.keyboard.press("Enter")
        said = page.locator("#board-cursor").text_content()
        assert said and ("row 1" in said.lower() or "1" in said), said
        assert page.get_attribute("#board-cursor", "aria-live") == "polite"
    finally:
        ctx.close()
