"""puzz.link / pzv.jp nonogram URLs (``p?nonogram/W/H/<clues>``): import and export.

The layout is pzprjs's (github.com/robx/pzprjs, the puzz.link fork); see the comment above
``load_puzzlink`` in ``pysolver/nonogram/formats/puzzlink.py`` for the files it was read from.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pysolver.base import Deadline, PuzzleError
from pysolver.load import load_any, load_path
from pysolver.nonogram import FAMILY
from pysolver.nonogram.formats.puzzlink import export_puzzlink, load_puzzlink, sniff_puzzlink

FIXTURES = Path(__file__).parent / "fixtures" / "nonogram"

# The test vector of pzprjs itself (test/script/nonogram.js): the URL "6/6/<body>" and, in
# the same file, the board as a pzprv3 file, whose top-left 3x3 corner is unused, the three
# lines above the grid hold the column clues and the three columns left of it the row clues:
#
#     . . . | . 1 . 1 . .
#     . . . | 2 1 . 1 2 .
#     . . . | 1 1 1 1 1 .      <- the clue cells touching the grid
#     ------+------------
#     . 2 1 | # # . # . .
#     . 1 1 | # . . . # .
#     . 1 2 | . # . # # .
#     . . . | . . . . . .
#     . 1 1 | # . . . # .
#     . . 3 | . # # # . .
#
# Decoding by hand.  6 rows -> ceil(6/2) = 3 clue cells above each column, 6 columns -> 3
# to the left of each row: 6*3 + 6*3 = 36 slots.  Body characters: a hex digit is a
# number, g = skip 1 empty slot, h = 2, j = 4.
#
#   "12 g 111 1 h 111 12 j 12 g 11 g 21 j 11 g 3 h"
#   column 0 slots (nearest the grid first): 1 2 -     -> read far to near: 2 1
#   column 1: 1 1 1 -> 1 1 1     column 2: 1 - -   -> 1
#   column 3: 1 1 1 -> 1 1 1     column 4: 1 2 (-) -> 2 1 ("j" = column 4's last slot
#   and the 3 slots of column 5, which is empty)
#   row 0: 1 2 - -> 2 1   row 1: 1 1 - -> 1 1   row 2: 2 1 - -> 1 2
#   row 3: - - -  (the rest of "j") -> empty   row 4: 1 1 - -> 1 1   row 5: 3 - - -> 3
#
# which is exactly the board above (e.g. row 2 is ". # . # # ." = 1 2, column 4 is
# ". # # . # ." read downwards = 2 1), and its solution is the grid pzprjs accepts.
PZPR_URL = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h"
PZPR_ROWS = [[2, 1], [1, 1], [1, 2], [], [1, 1], [3]]
PZPR_COLS = [[2, 1], [1, 1, 1], [1], [1, 1, 1], [2, 1], []]
PZPR_GRID = ["##.#..", "#...#.", ".#.##.", "......", "#...#.", ".###.."]


def test_pzprjs_test_vector_decodes_as_derived():
    data = load_puzzlink(PZPR_URL)
    assert (data["width"], data["height"]) == (6, 6)
    assert data["rows"] == PZPR_ROWS and data["cols"] == PZPR_COLS
    model = FAMILY.parse(data)
    out = FAMILY.solve(model, "auto", Deadline(10), 2)
    assert out.solutions == [{"grid": PZPR_GRID}]
    # our encoder flushes clues against the grid as pzprjs's does: the same body comes back
    assert export_puzzlink(model) == PZPR_URL


def test_small_hand_checked_examples():
    # 3 wide, 2 high: ceil(2/2) = 1 clue cell above each column, ceil(3/2) = 2 left of each
    # row; slots: col 0, col 1, col 2, row 0 (near, far), row 1 (near, far).
    # Picture "#.#" over "#.#": columns 2, -, 2 -> "2" "g" "2"; rows 1 1 and 1 1 -> "11" "11".
    data = load_puzzlink("p?nonogram/3/2/2g21111")
    assert data["cols"] == [[2], [], [2]] and data["rows"] == [[1, 1], [1, 1]]
    # Which end a clue starts at.  5 wide, 1 high, picture "#.###": 1 slot per column
    # ("1" "g" "1" "1" "1"), 3 slots for the row, written nearest the grid first, so the
    # clue 1 3 is written "3" "1" then one empty slot "g".
    data = load_puzzlink("?nonogram/5/1/1g11131g")
    assert data["rows"] == [[1, 3]] and data["cols"] == [[1], [], [1], [1], [1]]
    assert FAMILY.solve(FAMILY.parse(data), "auto", Deadline(5), 2).solutions == [{"grid": ["#.###"]}]
    # The same picture stood up (1 wide, 5 high): 3 slots above the column, the clue 1 3 is
    # written "3" "1" "g" (the top of the column is the far end), then the rows "1" "g" "1" "1" "1".
    data = load_puzzlink("?nonogram/1/5/31g1g111")
    assert data["cols"] == [[1, 3]] and data["rows"] == [[1], [], [1], [1], [1]]
    assert export_puzzlink(FAMILY.parse(data)) == "https://puzz.link/p?nonogram/1/5/31g1g111"


@pytest.mark.parametrize("name", ["boat", "house", "diagonal", "impossible"])
def test_round_trip_black_and_white_fixtures(name):
    data = json.loads((FIXTURES / f"{name}.json").read_text())
    model = FAMILY.parse(data)
    url = export_puzzlink(model)
    assert url.startswith(f"https://puzz.link/p?nonogram/{model.width}/{model.height}/")
    assert sniff_puzzlink(url)
    back = FAMILY.parse(load_puzzlink(url))
    assert FAMILY.to_json(back) == FAMILY.to_json(model)


def test_round_trip_long_blocks_and_long_gaps():
    # blocks of 16+ use the "-xx" code; more than 20 empty slots in a row need "z" + more
    width, height = 40, 30
    rows = [[width]] + [[] for _ in range(height - 2)] + [[17, 1, 1]]
    cols = [[1, 1] if c < 17 or c in (18, 20) else [1] for c in range(width)]
    model = FAMILY.parse({"width": width, "height": height, "rows": rows, "cols": cols})
    url = export_puzzlink(model)
    assert "-28" in url and "-11" in url and "z" in url
    assert FAMILY.to_json(FAMILY.parse(load_puzzlink(url))) == FAMILY.to_json(model)


@pytest.mark.parametrize("prefix", [
    "https://puzz.link/p?", "http://pzv.jp/p.html?", "https://pzprxs.vercel.app/p?",
    "puzz.link/p?", "pzv.jp/p.html?", "p?", "?",
])
def test_hosts_and_forms(prefix):
    url = prefix + "nonogram/6/6/12g1111h11112j12g11g21j11g3h"
    assert sniff_puzzlink(url) and sniff_puzzlink(url.encode())
    assert load_puzzlink(url)["rows"] == PZPR_ROWS
    assert load_puzzlink(url + "/")["rows"] == PZPR_ROWS
    assert load_any(url + "\n").to_json()["cols"] == PZPR_COLS


def test_not_sniffed():
    for text in ["https://puzz.link/p?numlin/4/3/1h12l2", "nonogram/6x6/1.abc",
                 "width 5\nheight 5\nrows\n", "p?nonogram/6/6/12 34"]:
        assert not sniff_puzzlink(text)


def test_cli_file_with_url(tmp_path):
    path = tmp_path / "puzzle.txt"
    path.write_text(PZPR_URL + "\n")
    puzzle = load_path(str(path))
    assert puzzle.type == "nonogram" and puzzle.to_json()["rows"] == PZPR_ROWS


@pytest.mark.parametrize("url, message", [
    ("p?nonogram/6/x/12", r"size '6'/'x' is not two numbers"),
    ("p?nonogram/0/6/12", r"size 0x6 has a side of no cells"),
    ("p?nonogram/3000/6/12", r"size 3000x6 is too large \(at most 1024 cells a side\)"),
    ("p?nonogram/6/6", r"the clue part is missing"),
    ("p?nonogram/6/6/12g1111h11112j12g11g21j11g", r"end after 33 of the 36 clue cells"),
    ("p?nonogram/6/6/", r"end after 0 of the 36 clue cells"),
    ("p?nonogram/6/6/12g1111h11112j12g11g21j11g3h1", r"character 29: 1 character\(s\) left over"),
    ("p?nonogram/6/6/12G1111h11112j12g11g21j11g3h", r"character 3: 'G' is not a clue code"),
    ("p?nonogram/6/6/12+1111h11112j12g11g21j11g3h", r"character 3: '\+' is not a clue code"),
    ("p?nonogram/6/6/1-1", r"character 2: '-' must be followed by two hex digits"),
    ("p?nonogram/6/6/1-xyz", r"character 2: '-' must be followed by two hex digits"),
    ("p?nonogram/6/6/1.g1111h11112j12g11g21j11g3h", r"character 2: '\.' is a '\?' clue"),
    ("p?nonogram/6/6/02g1111h11112j12g11g21j11g3h", r"column 1 has a block of length 0"),
    ("p?nonogram/6/6/72g1111h11112j12g11g21j11g3h", r"column 1 clue 2 7 needs 10 cells, the column has 6"),
    ("p?nonogram/6/6/12g1111h11112j12g11g21j11g-10h", r"row 6 clue 16 needs 16 cells, the row has 6"),
])
def test_broken_urls(url, message):
    with pytest.raises(PuzzleError, match=message):
        load_puzzlink(url)
    # through the generic loader too: a clear PuzzleError, never a traceback
    with pytest.raises(PuzzleError, match=message):
        load_any(url)


def test_inconsistent_clues_are_a_puzzle_error():
    # every slot decodes, but the rows and columns disagree: the model says so
    with pytest.raises(PuzzleError, match="rows give"):
        load_any("p?nonogram/6/6/32g1111h11112j12g11g21j11g3h")


def test_multicolour_export_refused():
    data = json.loads((FIXTURES / "flag.json").read_text())
    model = FAMILY.parse(data)
    with pytest.raises(PuzzleError, match="black-and-white only; this puzzle has 4 colours"):
        export_puzzlink(model)
    # a single colour is black-and-white in all but name: written, and read back as such
    one = FAMILY.parse({"width": 2, "height": 1, "palette": {"r": "#ff0000"},
                        "rows": [[[2, "r"]]], "cols": [[[1, "r"]], [[1, "r"]]]})
    assert load_puzzlink(export_puzzlink(one))["rows"] == [[2]]


def test_block_over_255_refused():
    model = FAMILY.parse({"width": 256, "height": 1, "rows": [[256]], "cols": [[1]] * 256})
    with pytest.raises(PuzzleError, match="row 1: block 256 is longer than 255"):
        export_puzzlink(model)
