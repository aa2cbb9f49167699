"""The share-link envelope (pysolver.link): round trips, and hostile or broken links."""
import base64
import json
import zlib

import pytest

from pysolver import api
import pysolver.link as link
from pysolver.base import PuzzleError
from pysolver.format import parse_puzzle

from testkit import HEART


def test_link_round_trip_keeps_content_and_text():
    p = parse_puzzle({**HEART, "title": "Herz <b>&amp; \u2764", "author": "A. N. Other"})
    frag = link.encode_link(p)
    assert frag.startswith("nonogram/10x10/1")
    back = link.decode_link("https://example.invalid/app/#" + frag)
    assert back.to_json(with_solution=False) == p.to_json(with_solution=False)
    assert back.meta["title"] == "Herz <b>&amp; \u2764"  # kept as text; the page shows it as text


def test_link_accepts_fragment_forms_and_percent_encoded_plain_bodies():
    frag = api.link(HEART)
    for form in (frag, "#" + frag, "http://x/#" + frag):
        assert link.decode_link(form).to_json(with_solution=False) == api.as_puzzle(HEART).to_json(with_solution=False)
    head, size, payload = frag.split("/")[:3]
    if payload[1] == ".":
        encoded = payload.replace(",", "%2C")
        assert link.decode_link(f"{head}/{size}/{encoded}").width == 10


def _z(body: str) -> str:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(c.compress(body.encode()) + c.flush()).decode().rstrip("=")


@pytest.mark.parametrize("frag, message", [
    ("", "expected #<type>"),
    ("nonogram/10x10", "expected #<type>"),
    ("chess/8x8/1.abc", "'chess' is not a puzzle type"),
    ("nonogram/10by10/1.x", "is not WIDTHxHEIGHT"),
    ("nonogram/100000x100000/1.x", "far too large for a puzzle"),
    ("nonogram/0x10/1.x", "has a side of no cells"),
    ("nonogram/9999x9/1.x", r"is too large \(at most 1024 cells a side\)"),
    ("nonogram/999x999/1.x", "more than 262144 cells"),
    ("numberlink/300x300/1.x", "more than 65536 cells"),
    ("nonogram/5x5/2.x", "format version '2' is not supported"),
    ("nonogram/5x5/1?x", "unknown data mode"),
    ("nonogram/5x5/1z!!!!", "not base64url"),
    ("nonogram/5x5/1zAAAA", "corrupted|cut short"),
    ("nonogram/5x5/1." + "1," * 4 + "1_1", "expected|clues"),
    ("nonogram/2x2/1.1,1_1,1/m!!/c0", "title part has characters that are not base64url"),
    ("nonogram/2x2/1.1,1_1,1/m!!", "cut short in its title part"),
    ("nonogram/2x2/1.1,1_1,1/mAAAA/c0", "title/author part is corrupted"),
    ("nonogram/2x2/1.1,1_1,1/mAAAA", "cut short in its title part"),     # (no check after it)
    ("nonogram/2x2/1.1,1_1,1/ex!tra", "unexpected extra part"),
    ("nonogram/2x2/1.1,1_1,1/me30/me30", "unexpected extra part"),
])
def test_corrupted_or_hostile_links_get_clear_messages(frag, message):
    with pytest.raises(PuzzleError, match=message):
        link.decode_link(frag)


def test_truncated_and_bomb_links_are_refused():
    full = _z("1,1_1,1")
    with pytest.raises(PuzzleError, match="cut short|corrupted"):
        link.decode_link("nonogram/2x2/1z" + full[: len(full) // 2])
    bomb = _z("1," * 5_000_000)  # 10 MB of text from a short link
    with pytest.raises(PuzzleError, match="too large once decompressed"):
        link.decode_link("nonogram/2x2/1z" + bomb)
    with pytest.raises(PuzzleError, match="too long"):
        link.decode_link("nonogram/2x2/1." + "1" * 2_000_001)



def _changed(frag: str, i: int) -> str:
    """``frag`` with its character ``i`` changed to another of the same kind."""
    pool = "0123456789abcdef" if frag[i] in "0123456789abcdef" else "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    return frag[:i] + next(ch for ch in pool[(pool.find(frag[i]) + 1) % len(pool):] + pool if ch != frag[i]) + frag[i + 1:]


@pytest.mark.parametrize("title", [None, "Herz"])
def test_a_changed_character_is_caught_by_the_check_and_links_without_one_still_open(title):
    """Raw DEFLATE has no check: a character changed in a link's data often gave another
    puzzle (a review opened one, clues changed, 'no solution').  Every character of the
    data, the title part and the check is changed: the link is refused, or (a base64
    character's unused bits) gives the same puzzle."""
    p = parse_puzzle({**HEART, **({"title": title} if title else {})})
    frag = link.encode_link(p)
    head, size, payload, *rest = frag.split("/")
    assert rest[-1].startswith("c") and len(rest[-1]) == 9
    start = len(head) + len(size) + 4           # after '<type>/<W>x<H>/1<mode>'
    want = p.to_json(with_solution=False) | {"title": title}
    for i in range(start, len(frag)):
        if frag[i] == "/" or frag[i - 1:i + 1] in ("/m", "/c"):
            continue
        try:
            got = link.decode_link(_changed(frag, i))
        except PuzzleError:
            continue
        # (a base64 character's unused low bits: the same bytes, the same puzzle)
        assert got.to_json(with_solution=False) | {"title": got.meta.get("title")} == want, i
    with pytest.raises(PuzzleError, match="damaged: its puzzle does not match its check"):
        link.decode_link(_changed(frag, len(frag) - 1))
    # (links made before the check existed have none)
    old = frag.rsplit("/c", 1)[0]
    assert link.decode_link(old).to_json(with_solution=False) == p.to_json(with_solution=False)


def test_a_puzzles_grade_travels_in_its_json_and_its_link():
    """(a shared 40x40 fiendish opened with no grade, its title still saying 'fiendish')"""
    p = parse_puzzle({**HEART, "grade": 4})
    assert p.to_json()["grade"] == 4
    assert link.decode_link(link.encode_link(p)).to_json()["grade"] == 4
    assert "grade" not in link.decode_link(link.encode_link(parse_puzzle(HEART))).to_json()
    for bad in (0, 6, "hard", 2.5):
        with pytest.raises(PuzzleError, match="grade"):
            parse_puzzle({**HEART, "grade": bad})
        # a link's grade that is not one is dropped, as the page drops it
        meta = base64.urlsafe_b64encode(json.dumps({"title": "x", "grade": bad}).encode()).decode().rstrip("=")
        frag = "/".join(link.encode_link(parse_puzzle(HEART)).split("/")[:3]) + "/m" + meta
        got = link.decode_link(frag).to_json()
        assert "grade" not in got and got["title"] == "x"
