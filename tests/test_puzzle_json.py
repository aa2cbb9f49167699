"""Puzzle JSON's common keys (pysolver.format) and reading any input (pysolver.load)."""
import pytest

from pysolver.base import PuzzleError
from pysolver.format import parse_puzzle
from pysolver.load import load_any

from testkit import HEART


@pytest.mark.parametrize("change, message", [
    ({"type": "sudoku"}, "type: 'sudoku' is not one of"),
    ({"width": 0}, "width: 0 is not positive"),
    ({"height": 2000}, "height: 2000 is more than 1024"),
    ({"height": 600, "width": 600}, "size 600x600 has more than 262144 cells"),  # nonograms: up to 512x512
    ({"width": "10"}, "width: '10' is not a whole number"),
    ({"width": True}, "width: true is not a whole number"),
    ({"title": 5}, "title: expected a string"),
    ({"expect": "solvable"}, "expect: 'solvable' is not understood"),
    ({"solution": [1]}, "solution: expected an object"),
])
def test_common_keys_are_validated_with_a_message(change, message):
    with pytest.raises(PuzzleError, match=message.replace("(", r"\(")):
        parse_puzzle({**HEART, **change})


def test_missing_keys_and_non_objects():
    for key in ("type", "width", "height"):
        data = dict(HEART)
        del data[key]
        with pytest.raises(PuzzleError, match=f"{key}: missing"):
            parse_puzzle(data)
    with pytest.raises(PuzzleError, match="a puzzle is a JSON object"):
        parse_puzzle([1, 2])


def test_load_any_reports_json_errors_with_position():
    with pytest.raises(PuzzleError, match="not valid JSON: line 1, column"):
        load_any('{"type": "nonogram",')
    with pytest.raises(PuzzleError, match="empty"):
        load_any("   ")
    with pytest.raises(PuzzleError, match="not puzzle JSON, a share link or a known puzzle format"):
        load_any("hello world, this is no puzzle")
    with pytest.raises(PuzzleError, match="not text and not a known binary format"):
        load_any(b"\xff\xfe\x00garbage\x80")


def test_to_json_round_trips_the_file():
    p = parse_puzzle(HEART)
    assert p.to_json() == HEART

