"""Puzzle sets (packs) in the app: a file of many puzzles opens as a shelf of the library,
its page lists every puzzle lazily with its progress, and that progress outlives a reload."""
import time

from helpers import open_app, paste_set, wait_ready

SIDE = 25


def tournament_pack(count: int) -> str:
    """A TAAI/TCGA-style set of ``count`` distinct 25x25 nonograms: in picture i the rows
    whose number is a set bit of i (or of i's complement) are filled, the others empty,
    so every puzzle has one solution that line logic finds at once."""
    out = []
    for i in range(count):
        full = [bool((i >> (r % 10)) & 1) != (r >= 10) for r in range(SIDE)]
        runs, n = [], 0
        for f in full + [False]:
            if f:
                n += 1
            elif n:
                runs.append(n)
                n = 0
        cols = ["\t".join(map(str, runs)) or "0"] * SIDE
        rows = [str(SIDE) if f else "0" for f in full]
        out.append(f"${i + 1}\n" + "\n".join(cols + rows))
    return "\n".join(out) + "\n"


def open_file(page, name, text):
    page.set_input_files("#file-input", files=[{"name": name, "mimeType": "text/plain",
                                                "buffer": text.encode()}])


def test_a_thousand_puzzle_set_opens_as_a_shelf_and_keeps_each_puzzles_progress(context, server):
    page = open_app(context, server.url)
    wait_ready(page)
    started = time.monotonic()
    open_file(page, "icga-like.txt", tournament_pack(1000))
    page.wait_for_selector("#pack:not([hidden]) #pack-list li")
    opened = time.monotonic() - started
    print(f"\n1,000-puzzle set: its page showed {opened:.2f} s after the file was chosen")
    assert page.text_content("#pack-title") == "icga-like"
    assert page.text_content("#pack-summary") == "1000 puzzles"
    drawn = page.locator("#pack-list li").count()
    assert 0 < drawn < 1000, "the list is drawn lazily"
    # scrolling to the end of the list draws the rest, a chunk at a time, also when
    # the "more" line never leaves the screen (a fast scroll: the page's observer used
    # to wait for it to go and come back, and stopped at 240 of 1000)
    page.evaluate("""async () => {
        const giveUp = performance.now() + 90000;        // (a busy machine draws slowly)
        while (performance.now() < giveUp && document.querySelectorAll('#pack-list li').length < 1000) {
          document.getElementById('pack-more').scrollIntoView();
          await new Promise((ok) => setTimeout(ok, 2));
        }
    }""")
    assert page.locator("#pack-list li").count() == 1000
    assert page.locator("#pack-more").is_hidden()
    assert "Puzzle 1000" in page.locator("#pack-list li").last.text_content()

    # play puzzle #3 to the end (with the solver), then come back to the set
    page.locator("#pack-list li a").nth(2).click()
    page.wait_for_function("app.state().puzzle && app.state().puzzle.title === 'Puzzle 3'")
    assert page.evaluate("app.solve({})")["status"] == "solved"
    page.wait_for_function("app.state().solved")
    grid = page.evaluate("app.state().progress.grid")
    page.go_back()
    page.wait_for_selector("#pack:not([hidden])")
    third = page.locator("#pack-list li a").nth(2)
    # its card, as the library's, shows the finished picture alone: the first column's
    # cells fill the canvas's left edge (no clue strip pinned over them)
    page.wait_for_function("""() => { const c = document.querySelectorAll('#pack-list canvas.thumb')[2];
        return c.getContext('2d').getImageData(0, 0, c.width, c.height).data.some((v, i) => i % 4 === 3 && v); }""")
    dark = page.evaluate("""() => { const c = document.querySelectorAll('#pack-list canvas.thumb')[2];
        const g = c.getContext('2d'), unit = c.width / 25;
        return Array.from({ length: 25 }, (_, r) => {
            const d = g.getImageData(Math.floor(unit / 2), Math.floor((r + 0.5) * unit), 1, 1).data;
            return d[0] + d[1] + d[2] < 384; }); }""")
    assert dark == [row[0] == "#" for row in grid]
    assert third.get_attribute("data-status") == "solver"
    assert third.locator(".status").text_content() == "solved by the solver"
    # ("Puzzle 3" says its number: the card does not say it again)
    assert third.locator(".kind").text_content() == "Nonogram · 25×25"

    # after a reload the set's page, then the library's shelf, still say so
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#pack:not([hidden]) #pack-list li")
    assert page.locator("#pack-list li a").nth(2).get_attribute("data-status") == "solver"
    assert page.locator("#pack-list li a").nth(3).get_attribute("data-status") == "new"
    assert page.text_content("#pack-summary") == "1000 puzzles · 1 solved"
    page.click("#pack-back")
    page.wait_for_selector("#library:not([hidden]) #packs-section:not([hidden])")
    shelf = page.locator("#packs-list li a")
    assert shelf.count() == 1
    assert shelf.first.text_content() == "icga-like1000 puzzles · 1 solved"


def test_a_pasted_collection_is_a_set_and_a_file_of_one_puzzle_plays_at_once(context, server):
    page = open_app(context, server.url)
    wait_ready(page)
    paste_set(page, "# two boards\n3 2\nA.A\nB.B\n\n2 2\nAA\nBB\n")
    assert page.text_content("#pack-summary") == "2 puzzles"
    assert [t.split("#")[-1][:1] for t in page.locator("#pack-list li").all_text_contents()] == ["1", "2"]
    # an untitled puzzle is titled by the set's name and number: its card says the number once
    assert page.locator("#pack-list li .kind").first.text_content() == "Numberlink · 3×2"
    # a puzzle of the set goes back to the set (it went to the library), after a reload too
    set_title = page.text_content("#pack-title")
    page.locator("#pack-list li a").nth(1).click()
    page.wait_for_function("app.state().puzzle && app.state().puzzle.width === 2")
    assert page.text_content("#play-back") == "← " + set_title
    page.reload()
    page.wait_for_function("window.app && app.state().puzzle && app.state().puzzle.width === 2")
    assert page.text_content("#play-back") == "← " + set_title
    page.click("#play-back")
    page.wait_for_selector("#pack:not([hidden]) #pack-list li")
    assert page.text_content("#pack-title") == set_title
    page.click("#pack-back")
    open_file(page, "one.txt", "3 2\nA.A\nB.B\n")
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'numberlink'")
    assert page.is_visible("#play")
    assert page.text_content("#play-back") == "← Library" and page.evaluate("app.state().puzzle.title") == "one"
    # the file picker filters nothing (what a file is, is read from its content; a filter
    # of endings greys out files without one), and the formats read are listed beside it
    assert not page.get_attribute("#file-input", "accept")
    formats = page.text_content("#formats-list")
    assert ".non" in formats and "pzprjs files" in formats


def test_a_set_with_a_bad_puzzle_opens_without_it_and_says_which(context, server):
    page = open_app(context, server.url)
    wait_ready(page)
    # the second board's A has no partner: the other two open as a set
    paste_set(page, "# three boards\n3 2\nA.A\nB.B\n\n2 2\nAB\nBB\n\n2 2\nAA\nBB\n")
    page.wait_for_selector("#error-banner:not([hidden])")
    assert page.text_content("#pack-summary") == "2 puzzles"
    assert page.text_content("#error-text") == ("Some puzzles of this file could not be read and were left out: "
                                                "puzzle 2 of 3 (line 7: label 'A' occurs 1 time, expected "
                                                "exactly 2)")
    # each puzzle keeps its place in the file, as the banner and FILE#N count them
    assert [t.split("#")[-1][:1] for t in page.locator("#pack-list li").all_text_contents()] == ["1", "3"]
    # the same set opened again from a file is the same set, under the name it was kept by
    page.click("#pack-back")
    open_file(page, "three.txt", "# three boards\n3 2\nA.A\nB.B\n\n2 2\nAB\nBB\n\n2 2\nAA\nBB\n")
    page.wait_for_selector("#pack:not([hidden]) #pack-list li")
    assert page.text_content("#pack-title") == "pasted text"
    assert page.locator("#packs-list li").count() == 1
