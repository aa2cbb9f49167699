"""What the page's own quick check lets through and Python refuses goes as any unreadable
link or file does: back to the library with the opener's message, off the Continue list
and out of the address bar, never left playable; and text that opens with '{' but is not
JSON is still read by Python (Olšák's free text may open with one)."""
import json
from pathlib import Path

from helpers import open_app, wait_ready

FIX = Path(__file__).resolve().parents[1] / "fixtures"
# rows of 1, 1, 1 filled cells, columns of 1, 1, 2: the sums disagree, which the page's
# check (enough to draw) does not test
SUMS_DISAGREE = {"type": "nonogram", "width": 3, "height": 3, "rows": [[1], [1], [1]], "cols": [[1], [1], [2]]}
LISTED = "JSON.parse(localStorage.getItem('pl.recent') || '[]').map((e) => e.size)"


def paste(page, text):
    page.fill("#paste-box", text)
    page.click("#paste-form button")


def error_saying(page, start, words):
    """The error banner's text once it starts with ``start`` and holds ``words``."""
    page.wait_for_function("([s, w]) => !document.querySelector('#error-banner').hidden && "
                           "document.querySelector('#error-text').textContent.startsWith(s) && "
                           "document.querySelector('#error-text').textContent.includes(w)", arg=[start, words])
    return page.text_content("#error-text")


def test_what_python_refuses_goes_back_to_the_library_and_other_formats_are_read(context, server):
    # a link (one page for all: each case starts from the library)
    page = wait_ready(open_app(context, server.url + "#nonogram/3x3/1.1,1,1_1,1,2"))
    error_saying(page, "This link does not hold a puzzle the app can read: ", "the rows give 3 filled cells, the columns 4")
    page.wait_for_selector("#library:not([hidden])")
    assert page.evaluate("app.state().puzzle") is None
    assert page.evaluate("location.hash") == ""
    assert "3×3" not in page.evaluate(LISTED)
    # pasted text (after a puzzle played, which stays listed)
    page.evaluate("app.load(%s)" % (FIX.parents[1] / "static" / "puzzles" / "nonogram-heart.json").read_text())
    page.click("#play-back")
    paste(page, json.dumps(SUMS_DISAGREE))
    error_saying(page, "Could not open the pasted puzzle: ", "the rows give 3 filled cells, the columns 4")
    page.wait_for_selector("#library:not([hidden])")
    assert "3×3" not in page.evaluate(LISTED) and "10×10" in page.evaluate(LISTED)
    # broken JSON is still said to be so
    paste(page, '{"type": "nonogram", "width": 3,')
    error_saying(page, "Could not open the pasted puzzle: ", "not valid JSON")
    # an Olšák file whose free text opens with '{' is read as the command line reads it
    paste(page, "{Five by three} " + (FIX / "formats" / "bw.g").read_text())
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'nonogram'")
    assert page.evaluate("[app.state().puzzle.width, app.state().puzzle.height]") == [5, 3]
    assert page.is_hidden("#error-banner")
