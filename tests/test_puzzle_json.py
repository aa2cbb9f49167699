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
    ({"title": 5}, "title: expected text, got a number"),
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



def test_a_palette_takes_the_order_javascript_gives_it():
    """The page's JSON.parse puts integer-like keys first, in numeric order: Python takes
    the same order, so that colour indices and "colour N" name the same colour in both."""
    from pysolver.base import parse_palette
    got = parse_palette({"a": "#ff0000", "@": "#ffff00", "0": "#00ff00", "X": "#800080"})
    assert list(got) == ["0", "a", "@", "X"]
    got = parse_palette({"b": "#000001", "10": "#000002", "2": "#000003", "01": "#000004"}, single_char=False)
    assert list(got) == ["2", "10", "b", "01"]        # ("01" is no index: it keeps its place)
    puzzle = {"type": "nonogram", "width": 2, "height": 1, "palette": {"r": "#ff0000", "0": "#0000ff"},
              "rows": [[[1, "r"], [1, "0"]]], "cols": [[[1, "r"]], [[1, "0"]]]}
    from pysolver.api import as_puzzle
    p = as_puzzle(puzzle)
    assert list(p.to_json()["palette"]) == ["0", "r"] and p.model.colour_name(1) == "blue"
