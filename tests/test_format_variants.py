"""Files as the programs behind each format write them, in the variants a review of
their writers and readers found refused or misread (small puzzles made for the test:
the real files stay where they are published)."""
import pytest

from pysolver.base import PuzzleError
from pysolver.load import load_any, load_any_pack


def read(text: str, name: str = "puzzle.txt") -> dict:
    return load_any(text.encode(), name).to_json()


def test_a_non_bundle_of_nonogram_db_is_a_set():
    """nonogram-db's bundles put '====' between puzzles (its second puzzle's size used
    to overwrite the first's: 'goal has 50 cells, expected 20')."""
    text = ("title \"Wide\"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\ngoal \"111\"\n====\n"
            "title \"Tall\"\nwidth 1\nheight 2\nrows\n1\n1\ncolumns\n2\n")
    pack = load_any_pack(text.encode(), "pair.non", file=True)
    assert [(p["title"], p["width"], p["height"]) for p in pack["puzzles"]] == [("Wide", 3, 1), ("Tall", 1, 2)]
    assert pack["puzzles"][0]["solution"] == {"grid": ["###"]}
    with pytest.raises(PuzzleError, match="puzzle 2 of the bundle, from line 12: line 3: height"):
        load_any_pack(text.replace("height 2", "height x").encode(), "pair.non", file=True)


@pytest.mark.parametrize("rows", [
    "4\n1,1\n\n1,1\n1,2\n3\n",          # Simpson: blank lines are ignored
    "4\n1,1\n1,1\n1,2\n3\n\n",          # a blank line before the next key
])
def test_non_blank_lines_among_clues_are_skipped_when_the_clues_are_all_there(rows):
    got = read(f"width 4\nheight 5\nrows\n{rows}columns\n5\n1,1\n1,2\n4\n", "p.non")
    assert got["rows"] == [[4], [1, 1], [1, 1], [1, 2], [3]]


def test_non_a_blank_line_is_still_an_empty_clue_where_a_clue_is_missing():
    # (nonogram-db: "blank lines may be present if a row has no hints")
    got = read("width 2\nheight 3\nrows\n2\n\n1\ncolumns\n1,1\n1\n", "p.non")
    assert got["rows"] == [[2], [], [1]]


def test_non_sizes_keys_and_text_as_simpson_writes_them():
    """'columns 4' / 'rows 5' give the size, a tab may follow a key, and text holds
    HTML character references."""
    got = read("title \"Caf&eacute; &#233;t&#xE9;\"\nby\t\"Ren&eacute;e\"\ncolumns 2\nrows\t1\n"
               "rows\n1\ncolumns\n1\n0\n", "p.non")
    assert (got["width"], got["height"], got["title"], got["author"]) == (2, 1, "Café été", "Renée")


def test_nin_skips_empty_lines_as_its_reader_does():
    got = read("3 2\n1 1\n1\n\n2\n0\n1\n", "p.nin")
    assert got["rows"] == [[1, 1], [1]] and got["cols"] == [[2], [], [1]]


def test_an_adc_file_that_ends_with_a_hash_line():
    got = read("SIZE 4X3\r\nLINE_NUM 2\r\nLine#1 (0,0)-(3,0)\r\nLine#2 (0,2)-(3,2)\r\n#\r\n")
    assert got["endpoints"] == [[0, 0, "1"], [0, 3, "1"], [2, 0, "2"], [2, 3, "2"]]


def test_pynogram_ini_with_colons_and_nonogrid_toml_with_one_line_strings():
    ini = read("[clues]\ncolumns: 1, 1, 1\nrows: 1 1\n  1\n")
    toml = read('[clues]\nrows = "1 1\\n1"\ncolumns = "1\\n1\\n1"\n', "p.toml")
    assert ini["rows"] == toml["rows"] == [[1, 1], [1]]
    assert ini["cols"] == toml["cols"] == [[1], [1], [1]]


def test_a_puzz_link_url_with_kanpens_name_for_numlin():
    got = read("https://puzz.link/p?numberlink/4/3/1h1j2h2")
    assert got["cover"] == "free" and len(got["endpoints"]) == 4


def test_a_matlab_7_3_file_is_named_with_what_to_do():
    with pytest.raises(PuzzleError, match="MATLAB 7.3 .*-v7"):
        load_any(b"MATLAB 7.3 MAT-file, Platform: GLNXA64" + bytes(200), "board.mat")
