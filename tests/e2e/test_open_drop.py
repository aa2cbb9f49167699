"""Opening files as a newcomer tries it: a file dropped anywhere on the page opens (the
browser would otherwise leave the app to show it), the page says a file is being read,
what cannot be read is said in plain words, and the play page leads back to the library."""
from helpers import open_app, wait_ready

PATTERN = "5x3:1.1/2/1/2/1/2.1/3/1.1\n"        # Simon Tatham's Pattern game ID: 5 wide, 3 high


def drop(page, name, text, mime="text/plain", target="window"):
    """A drop of one file, as the browser sends it: dragenter, dragover, drop."""
    page.evaluate("""([name, text, mime, target]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([text], name, { type: mime }));
        const at = target === "window" ? window : document.querySelector(target);
        for (const kind of ["dragenter", "dragover"]) {
            at.dispatchEvent(new DragEvent(kind, { dataTransfer: dt, bubbles: true, cancelable: true }));
        }
        window.__dropping = document.body.classList.contains("dropping");
        const ev = new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true });
        at.dispatchEvent(ev);
        window.__dropTaken = ev.defaultPrevented;
    }""", [name, text, mime, target])


def test_a_dropped_file_opens_and_the_play_page_leads_back(context, server):
    page = wait_ready(open_app(context, server.url))
    drop(page, "pattern.txt", PATTERN, target="#library")
    assert page.evaluate("window.__dropping && window.__dropTaken")
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'nonogram'")
    p = page.evaluate("app.state().puzzle")
    assert (p["width"], p["height"], p["rows"]) == (5, 3, [[2, 1], [3], [1, 1]])
    assert not page.evaluate("document.body.classList.contains('dropping')")
    assert page.is_hidden("#open-banner")
    # the way back to the library, in sight on the play page
    page.click("#play-back")
    page.wait_for_selector("#library:not([hidden])")
    # a file dropped on the play page opens too
    drop(page, "again.txt", PATTERN)
    page.wait_for_selector("#play:not([hidden])")


def test_what_cannot_be_opened_is_said_plainly(context, server):
    page = wait_ready(open_app(context, server.url))
    drop(page, "notes.txt", "hello world\n")
    page.wait_for_selector("#error-banner:not([hidden])")
    said = page.text_content("#error-text")
    assert said.startswith("Could not open notes.txt: this is not a puzzle this app can read")
    assert "(tried:" not in said and said.count("notes.txt") == 1
    # the next file's error replaces it; a picture is read as a screenshot of a board
    drop(page, "photo.png", "\x89PNG", mime="image/png")
    page.wait_for_function("document.querySelector('#error-text').textContent.includes('photo.png')")
    assert "notes.txt" not in page.text_content("#error-text")
    # every family's formats are listed where files are opened
    listed = page.locator("#formats-list li").all_text_contents()
    assert any("Simon Tatham's Pattern" in item for item in listed)
    assert any("pzprjs" in item for item in listed)


def test_numberlink_json_without_its_cover_opens_under_full_cover(context, server):
    """pysolver reads a missing cover as full (Flow's rule); so does the page."""
    page = wait_ready(open_app(context, server.url))
    page.fill("#paste-box", '{"type": "numberlink", "width": 2, "height": 2, '
                            '"endpoints": [[0, 0, "A"], [1, 0, "A"], [0, 1, "B"], [1, 1, "B"]]}')
    page.click("#paste-form button")
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'numberlink'")
    assert page.evaluate("app.state().puzzle.cover") == "full"
    # (untitled: the title is family and size, which the line under it does not repeat)
    assert page.text_content("#puzzle-title") == "Numberlink 2×2"
    assert page.text_content("#puzzle-meta") == "every cell on a line"
