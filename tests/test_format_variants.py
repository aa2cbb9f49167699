"""Files as the programs behind each format write them, in the variants a review of
their writers and readers found refused or misread, and files we write as those
programs' readers need them (small puzzles made for the test: the real files stay
where they are published)."""
import subprocess
import sys

import pytest

from pysolver import api
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


def test_clue_lists_of_more_lines_than_a_grid_has_are_refused_before_their_blocks_are_read():
    rows = ", ".join(["1"] * 200_000)                 # (a bad block among them, never reached)
    with pytest.raises(PuzzleError, match="height: 200001 is more than 1024"):
        load_any(f"[clues]\nrows = {rows}, x\ncolumns = 1, 1\n".encode(), "big.txt")


def test_a_puzz_link_url_with_kanpens_name_for_numlin():
    got = read("https://puzz.link/p?numberlink/4/3/1h1j2h2")
    assert got["cover"] == "free" and len(got["endpoints"]) == 4


def test_a_matlab_7_3_file_is_named_with_what_to_do():
    with pytest.raises(PuzzleError, match="MATLAB 7.3 .*-v7"):
        load_any(b"MATLAB 7.3 MAT-file, Platform: GLNXA64" + bytes(200), "board.mat")


def test_olsak_g_writes_an_empty_clue_as_an_empty_line_and_reads_it_back():
    """pbnsolve stops at a '0' ("Zero clue in input file"); Olšák's notes write an empty
    line, the last of a section too, and so do pbnsolve, Number Loom and Nonny."""
    p = {"type": "nonogram", "width": 3, "height": 3, "rows": [[2], [1], []], "cols": [[1], [2], []]}
    text = api.convert(p, "olsak-g")
    assert "\n0\n" not in text and ": rows\n2\n1\n\n: columns\n1\n2\n\n: end" in text
    assert load_any(text.encode(), "p.g").to_json() == api.as_puzzle(p).to_json()


def test_olsak_g_names_each_colour_after_it():
    # (Nonny tells the colours of a .g apart by the name after the colour)
    p = {"type": "nonogram", "width": 2, "height": 1, "palette": {"r": "#d62728", "b": "#1f77b4"},
         "rows": [[[1, "r"], [1, "b"]]], "cols": [[[1, "r"]], [[1, "b"]]]}
    lines = api.convert(p, "olsak-g").splitlines()
    assert "   r:r  #d62728   red" in lines and "   b:b  #1f77b4   blue" in lines


def board(width, height, pairs, labels="123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"):
    return {"type": "numberlink", "width": width, "height": height, "cover": "full",
            "endpoints": [e for k in range(pairs) for e in ([k, 0, labels[k]], [k, width - 1, labels[k]])]}


def test_flow_text_is_what_flow_solver_reads():
    """flow_solver reads square boards up to 15 a side with up to 16 colours named A to P
    (or its own colour letters); a digit is an empty cell there."""
    text = api.convert(board(4, 4, 3), "flow", lossy=True)
    assert text == "A..A\nB..B\nC..C\n....\n"
    assert api.convert(board(3, 3, 2, "RB"), "flow") == "R.R\nB.B\n...\n"
    for p in (board(5, 4, 2), board(16, 16, 2), board(17, 17, 17)):
        with pytest.raises(PuzzleError, match="flow: .*this [0-9]+×[0-9]+ numberlink puzzle is outside what it holds"):
            api.convert(p, "flow", lossy=True)
        assert "flow" not in [f["name"] for f in api.formats("numberlink", p)]
    assert api.convert(board(5, 4, 2, "AB"), "blocks").startswith("5 4\nA...A\n")


def test_a_pattern_game_id_needs_a_side_of_two():
    one = {"type": "nonogram", "width": 1, "height": 1, "rows": [[1]], "cols": [[1]]}
    with pytest.raises(PuzzleError, match="pattern: .*this 1×1 nonogram puzzle is outside what it holds"):
        api.convert(one, "pattern")


def test_files_on_standard_output_are_utf8_whatever_the_console_encoding(tmp_path):
    src = tmp_path / "snow.json"
    src.write_text('{"type": "nonogram", "width": 1, "height": 1, "rows": [[1]], "cols": [[1]], '
                   '"title": "Snow \u2603 man"}', encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "pysolver", "convert", str(src), "--to", "non"],
                         capture_output=True, env={"PYTHONIOENCODING": "latin-1", "PATH": ""}, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.decode("utf-8").startswith('title "Snow \u2603 man"')
