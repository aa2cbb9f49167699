"""The helpers families share: pzprjs's number16 code (pysolver/puzzlink.py) and the
HiGHS time limit (pysolver/highs.py)."""
from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from pysolver.base import Deadline, GaveUp, PuzzleError, SolveTimeout
from pysolver.highs import highs_options, highs_stopped
from pysolver.puzzlink import SHORT, read_number16, write_number16


def test_number16_round_trip_and_codes():
    cells = [None, 0, 15, 16, 255, 256, 4095] + [None] * 25 + [7]
    body = write_number16(cells)
    assert body == "g0f-10-ff+100+fffzk7"
    assert read_number16(body, len(cells)) == cells
    # the wide codes only pzprjs writes for larger numbers
    assert read_number16("=001%001*0001$00001", 4) == [4097, 8193, 12241, 77777]
    # a short body leaves the rest empty unless the whole body is required
    assert read_number16("1", 3) == [1, None, None]
    with pytest.raises(PuzzleError, match="they end after 1 of the 3 cells"):
        read_number16("1", 3, whole=True)
    with pytest.raises(PuzzleError, match="too large"):
        write_number16([4096])


@pytest.mark.parametrize("body, message", [
    ("12", r"URL body, character 2: 1 character\(s\) left over after the last of the 1 cells"),
    ("+1", r"character 1: '\+' must be followed by three hex digits"),
    ("G", r"character 1: 'G' is not a number code \(0-9 a-f, '-' '\+' '=' '%' '\*' '\$' with hex"),
    (".", r"character 1: '\.' is a '\?' number"),
])
def test_number16_errors(body, message):
    with pytest.raises(PuzzleError, match=message):
        read_number16(body, 1)


def test_number16_prefixes_a_variety_knows():
    with pytest.raises(PuzzleError, match=r"'\+' is not a clue code \(0-9 a-f, '-' with two hex digits"):
        read_number16("+100", 1, wide=SHORT, code="clue")


def test_highs_options_follow_the_deadline():
    assert highs_options(Deadline(None), disp=False) == {"disp": False}
    opts = highs_options(Deadline(30), presolve=True)
    assert opts["presolve"] is True and 29 < opts["time_limit"] <= 30
    spent = Deadline(0.001)
    time.sleep(0.01)
    with pytest.raises(SolveTimeout):
        highs_options(spent)
    # with a floor HiGHS still gets a moment
    assert highs_options(spent, floor=0.01) == {"time_limit": 0.01}


def test_highs_stopped():
    assert isinstance(highs_stopped(SimpleNamespace(status=1, message="")), SolveTimeout)
    err = highs_stopped(SimpleNamespace(status=4, message="numerical trouble"), "the LP relaxation failed")
    assert isinstance(err, GaveUp) and str(err) == "the LP relaxation failed: numerical trouble"


def test_the_random_makers_colours_have_plain_names():
    """The makers' palette (matplotlib's tab10) was 'colour 2' in messages; a plain red
    and a tab10 red in one palette share the name, so both go by their places."""
    from pysolver.colournames import player_names
    from pysolver.linkapix.makers import RANDOM_COLOURS
    from pysolver.nonogram.maker import PALETTE
    assert player_names(RANDOM_COLOURS[:4]) == ["red", "blue", "green", "orange"]
    assert all(not n.startswith("colour") for n in player_names([hex_ for _, hex_ in PALETTE]))
    assert player_names(["#d62728", "#1f77b4", "#ff0000"]) == ["colour 1", "blue", "colour 3"]


@pytest.mark.parametrize("hex_, name", [
    # colours of real palettes that the table does not hold, by the name a player gives them
    ("#d0312d", "red"), ("#b30101", "red"), ("#c0392b", "red"), ("#d81b3c", "red"), ("#b5432f", "red"),
    ("#2b7bd6", "blue"), ("#4040ff", "blue"), ("#1f4e9c", "blue"), ("#9fd4f5", "light blue"),
    ("#00b000", "green"), ("#4caf50", "green"), ("#2e8b57", "green"), ("#556b2f", "green"),
    ("#f78900", "orange"), ("#ffac2b", "orange"), ("#e8a317", "orange"),
    ("#8b5a2b", "brown"), ("#6b4226", "brown"), ("#804000", "brown"),
    ("#f4c2c2", "pink"), ("#ffe0e8", "pink"), ("#7d3c98", "purple"), ("#f2e6c9", "beige"),
    ("#313131", "black"), ("#f5f0e1", "white"), ("#777777", "grey"), ("#123456", "dark blue"),
    ("#FF0000", "red"), ("red", None), ("#12345", None), ("#12345g", None),
])
def test_colours_the_table_does_not_hold_are_named_by_hue(hex_, name):
    from pysolver.colournames import plain_name
    assert plain_name(hex_) == name


def test_a_name_from_the_table_comes_before_the_hue_and_a_clash_numbers_both():
    from pysolver.colournames import player_names
    assert player_names(["#a52a2a", "#2b7bd6"]) == ["brown", "blue"]    # (by hue #a52a2a is a red)
    assert player_names(["#d0312d", "#b30101", "#2b7bd6"]) == ["colour 1", "colour 2", "blue"]
