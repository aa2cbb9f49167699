"""Hostile and careless input: what a file, a link or a request can hold that no puzzle
needs.  Each case must end in a PuzzleError (exit status 2 in the CLI) naming the
problem, in bounded memory, never in another exception."""
import struct
import tracemalloc
import zlib
from pathlib import Path

import pytest

from pysolver.base import PuzzleError
from pysolver.linkapix import matfile
from pysolver.load import load_any

from testkit import FIX_CORE, HEART, cli


def mat_bomb(name=b"puzzledata", rows=4, cols=10_000_000, declared=None) -> bytes:
    """A MAT v5 file whose one compressed variable inflates to rows x cols doubles of
    zeros (320 MB by default, three times what the test lets the reader hold) from
    a third of a megabyte, made a megabyte at a time;
    ``declared`` makes its header claim other dimensions."""
    header = b"MATLAB 5.0 MAT-file, made by a test".ljust(116) + b"\0" * 8 + struct.pack("<H", 0x0100) + b"IM"
    n = rows * cols
    drows, dcols = declared or (rows, cols)
    name_bytes = name + b"\0" * (-len(name) % 8)
    matrix = (struct.pack("<IIII", 6, 8, 6, 0)                       # flags: doubles
              + struct.pack("<IIii", 5, 8, drows, dcols)             # dimensions
              + struct.pack("<II", 1, len(name)) + name_bytes)       # name
    deflate = zlib.compressobj(9)
    parts = [deflate.compress(struct.pack("<II", 14, len(matrix) + 8 + n * 8) + matrix
                              + struct.pack("<II", 9, n * 8))]
    zeros, left = b"\0" * (1 << 20), n * 8
    while left:
        parts.append(deflate.compress(zeros[:min(left, len(zeros))]))
        left -= min(left, len(zeros))
    body = b"".join(parts) + deflate.flush()
    return header + struct.pack("<II", 15, len(body)) + body


@pytest.mark.parametrize("bomb, message", [
    ({}, "puzzledata holds 40000000 numbers, more than a puzzle can have"),
    ({"declared": (4, 2)}, "puzzledata inflates to more data than its size declares"),
    ({"name": b"notes"}, "variable 'total_row' is missing"),      # never inflated, so the puzzle is missing
])
def test_a_mat_zip_bomb_is_refused_without_inflating_it(bomb, message):
    raw = mat_bomb(**bomb)
    assert len(raw) < 500_000
    tracemalloc.start()
    try:
        with pytest.raises(PuzzleError, match=message):
            load_any(raw, "bomb.mat")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100e6, f"{peak / 1e6:.0f} MB held while refusing a 0.3 MB file (inflated: 320 MB)"


def test_a_mat_file_that_cannot_be_read_says_why():
    good = matfile.MAGIC.ljust(116) + b"\0" * 8 + struct.pack("<H", 0x0100) + b"IM"
    with pytest.raises(PuzzleError, match=r"\.mat file: .+"):
        matfile.load(good + b"\x0e\0\0\0\xff\xff\0\0" + b"\x01" * 40)
    with pytest.raises(PuzzleError, match="no byte-order mark"):
        matfile.load(matfile.MAGIC.ljust(140))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize("args", [("solve", "/dev/zero"), ("check", FIX_CORE / "heart.json", "/dev/zero"),
                                  ("convert", "/dev/zero", "--to", "json")])
def test_endless_files_are_refused_after_the_size_limit(args):
    r = cli(*args)
    assert r.returncode == 2 and "/dev/zero: more than 20 MB, larger than any puzzle file" in r.stderr


def test_a_large_stdin_is_refused_after_the_size_limit(monkeypatch):
    import io
    import sys

    from pysolver.load import read_bounded
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"{" * 21_000_000)))
    with pytest.raises(PuzzleError, match="stdin: more than 20 MB"):
        read_bounded("-")


@pytest.mark.parametrize("request_args, where", [
    ({"cmd": "solve", "args": {"puzzle": {"type": "x" * 1_000_000, "width": 2, "height": 2}}}, "type"),
    ({"cmd": "solve", "args": {"puzzle": HEART, "method": "m" * 1_000_000}}, "method"),
    ({"cmd": "make", "args": {"type": "numberlink", "maker": "k" * 1_000_000}}, "maker"),
    ({"cmd": "x" * 1_000_000}, "unknown command"),
    ({"cmd": "show", "args": {"link": "#" + "chess" * 200_000 + "/5x5/1.x"}}, "link"),
])
def test_messages_quote_a_short_excerpt_of_what_they_received(request_args, where):
    import json

    from pysolver import webapi
    reply = json.loads(webapi.handle(json.dumps(request_args)))
    assert not reply["ok"] and reply["kind"] == "input" and where in reply["error"]
    assert len(reply["error"]) < 300, reply["error"][:300]


def test_no_message_is_longer_than_its_limit():
    assert len(str(PuzzleError("z" * 10_000))) == PuzzleError.MAX_MESSAGE
    from pysolver.base import quote
    assert quote("a\x00b" * 1000).startswith("'a\\x00b") and len(quote("a" * 10_000)) == 40


@pytest.mark.parametrize("bad", [["0", 1], [0.0, 1], [False, 1], [0, 1.5]])
def test_cells_are_json_integers_in_every_family(bad):
    """One strict rule for numbers in solutions (README, puzzle format): integers only,
    with the same message in every family that has cell coordinates."""
    import json

    from pysolver import api
    from testkit import FIXTURES
    lap = json.loads((FIXTURES / "linkapix" / "bench_20_full.json").read_text())
    nl = {"type": "numberlink", "width": 2, "height": 1, "endpoints": [[0, 0, "A"], [0, 1, "A"]], "cover": "full"}
    for puzzle, solution in ((lap, {"paths": [[bad]]}), (nl, {"paths": {"A": [[0, 0], bad]}})):
        errors = api.check(puzzle, solution)["errors"]
        assert "row and col must be whole numbers (JSON integers" in errors[0]["message"], errors


@pytest.mark.parametrize("labels", [["^", "\\"], ["@", "~"], ["a.b", "x:y"], ["é", "日本"], ["#1", "%41"]])
def test_numberlink_labels_may_be_punctuation_and_survive_the_link(labels):
    """Published boards label pairs with punctuation: labels are 1 to 16 printable
    characters without white space, escaped where the link needs it."""
    from pysolver import api
    from pysolver.link import decode_link, encode_link
    a, b = labels
    board = {"type": "numberlink", "width": 3, "height": 2, "cover": "full",
             "endpoints": [[0, 0, a], [0, 2, a], [1, 0, b], [1, 2, b]]}
    p = api.as_puzzle(board)
    frag = encode_link(p)
    assert all(ch.isascii() and (ch.isalnum() or ch in "_-.:~/") for ch in frag.split("/", 2)[2][1:]) \
        or frag.split("/")[2][0] == "z"
    assert decode_link(frag).to_json() == p.to_json()
    assert api.solve(board)["status"] == "solved"


@pytest.mark.parametrize("label, words", [("a b", "without white space"), ("", "1 to 16"), ("x" * 17, "longer"),
                                          ("\x07", "printable")])
def test_numberlink_labels_that_are_not_labels_are_refused(label, words):
    board = {"type": "numberlink", "width": 2, "height": 1, "cover": "full",
             "endpoints": [[0, 0, label], [0, 1, label]]}
    with pytest.raises(PuzzleError, match=words):
        from pysolver import api
        api.as_puzzle(board)


@pytest.mark.parametrize("body, words", [("F.0:~4.1:~4", "escapes"), ("F.0:~FF.1:~FF", "not UTF-8"),
                                         ("F.0:~20.1:~20", "white space"), ("F.0:a^.1:a^", "escapes")])
def test_badly_escaped_link_labels_are_refused(body, words):
    from pysolver.numberlink.codec import decode
    with pytest.raises(PuzzleError, match=words):
        decode(body, 2, 1)


@pytest.mark.parametrize("head", [b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff\xe0", b"GIF89a", b"RIFF\0\0\0\0WEBPVP8 "])
def test_a_picture_opened_as_a_puzzle_is_told_what_makes_a_puzzle_of_it(head):
    # (a review: a picture dropped on the library was "neither text nor a puzzle file")
    with pytest.raises(PuzzleError) as err:
        load_any(head + bytes(range(256)) * 4, "photo.png")
    assert "a picture, not a puzzle file" in str(err.value) and "pysolver make" in str(err.value)
    assert err.value.plain.startswith("this is a picture, not a puzzle file: the makers on the library page")
