"""The command line: solve, check, link, show, bench, exit codes and messages."""
import json
from pathlib import Path

import pytest

from testkit import FIX_CORE as FIX, HEART, cli


def test_cli_solve_text_and_json_and_exit_codes(tmp_path):
    r = cli("solve", FIX / "heart.json", "--unique")
    assert r.returncode == 0 and "solved" in r.stdout and "unique" in r.stdout
    assert "##########" in r.stdout
    r = cli("solve", FIX / "heart.json", "--json")
    out = json.loads(r.stdout)
    assert out["status"] == "solved" and out["method"] == "auto" and isinstance(out["seconds"], float)
    r = cli("solve", FIX / "unsolvable.json", "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["status"] == "unsolvable"
    r = cli("solve", tmp_path / "nope.json")
    assert r.returncode == 2 and "no such file" in r.stderr and "Traceback" not in r.stderr
    (tmp_path / "bad.json").write_text('{"type": "nonogram", "width": 3}')
    r = cli("solve", tmp_path / "bad.json")
    assert r.returncode == 2 and "height: missing" in r.stderr
    r = cli("solve", "-", stdin=json.dumps(HEART))
    assert r.returncode == 0


def test_cli_link_show_and_solve_a_link():
    r = cli("link", FIX / "heart.json")
    frag = r.stdout.strip()
    assert r.returncode == 0 and frag.startswith("#nonogram/10x10/")
    r = cli("show", frag)
    shown = json.loads(r.stdout)
    assert shown["rows"] == HEART["rows"] and shown["title"] == "Heart"
    r = cli("solve", "https://example.invalid/#" + frag[1:], "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["solution"] == HEART["solution"]
    r = cli("show", "#nonogram/5x5/1zAAAA")
    assert r.returncode == 2 and "link:" in r.stderr


def test_cli_reads_another_sites_url_in_place_of_a_file():
    r = cli("solve", "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["status"] == "solved"
    r = cli("solve", "https://puzz.link/p?numlin/4/3/1h1h2h2", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["status"] == "solved"
    r = cli("solve", "https://example.invalid/page?x=1")
    assert r.returncode == 2 and "not puzzle JSON" in r.stderr and "Traceback" not in r.stderr


def test_cli_check(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(HEART["solution"]))
    r = cli("check", FIX / "heart.json", good)
    assert r.returncode == 0 and r.stdout.startswith("correct: ")
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"grid": ["." * 10] * 10}))
    r = cli("check", FIX / "heart.json", wrong)
    assert r.returncode == 1 and r.stdout.startswith("not solved: ")
    r = cli("check", FIX / "heart.json", FIX / "heart.json")  # a puzzle file with its solution
    assert r.returncode == 0


def test_cli_bench_table_and_json(tmp_path):
    r = cli("bench", FIX, "--timeout", "2")
    assert r.returncode == 0
    assert "heart.json" in r.stdout and "4 puzzles:" in r.stdout and "1 unsolvable" in r.stdout
    r = cli("bench", FIX, "--json", "--unique", "--timeout", "2", "--jobs", "2")
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    # (in two processes, the rows still come in file order)
    assert [row["file"] for row in rows] == ["ambiguous.json", "heart.json", "slow.json", "unsolvable.json"]
    assert all({"file", "method", "status", "seconds", "solution"} <= set(row) for row in rows)
    (tmp_path / "broken.json").write_text("{")
    r = cli("bench", tmp_path)
    assert "bad_input" in r.stdout and r.returncode == 0


def test_cli_bench_takes_files_by_content_whatever_their_ending(tmp_path):
    # a flow_solver pack without an ending, and a note beside it that no reader claims
    (tmp_path / "pack").write_text((FIX.parent / "formats" / "numberlink-pack.txt").read_text())
    (tmp_path / "notes").write_text("the boards of the club's Tuesday meeting\n")
    r = cli("bench", tmp_path, "--timeout", "5")
    assert r.returncode == 0 and "pack#1" in r.stdout and "notes" not in r.stdout


def test_cli_out_dir_that_cannot_be_a_folder_is_said_plainly(tmp_path):
    (tmp_path / "afile").write_text("")
    r = cli("convert", FIX / "heart.json", "--to", "json", "--out-dir", tmp_path / "afile")
    assert r.returncode == 2 and "cannot be made a folder" in r.stderr and "internal error" not in r.stderr


def test_cli_make_grade_0_where_the_maker_lists_as_it_comes_and_the_module_after_import():
    r = cli("make", "numberlink", "--grade", "0", "--width", "6", "--height", "6", "--seed", "3")
    assert r.returncode == 0 and json.loads(r.stdout)["type"] == "numberlink"
    r = cli("make", "nonogram", "--grade", "0", "--width", "6", "--height", "6")
    assert r.returncode == 2 and "grade: 0 is not 1 to 5" in r.stderr
    import pysolver
    assert callable(pysolver.make.daily)


@pytest.mark.parametrize("path", sorted(p for p in (Path(__file__).parent / "fixtures").rglob("*")
                                        if p.suffix in {".cat", ".xml", ".flow", ".blocks", ".txt", ".non", ".g"}
                                        and p.parent.name != "formats"),  # (test_format_fixtures reads those)
                         ids=lambda p: p.name)
def test_every_format_fixture_is_recognised_from_file_bytes(path):
    """Files are read as bytes; when two formats claim a file (webpbn's and Hungry
    Cat's XML are both XML) the one that can read it wins."""
    from pysolver.load import load_path_pack
    assert {p.type for p in load_path_pack(str(path))} == {path.parent.name}


def test_cli_a_game_id_or_another_sites_url_in_place_of_a_file():
    game_id = "5x3:1.1/2/1/2/1/2.1/3/1.1"          # Simon Tatham's Pattern: 5 wide, 3 high
    r = cli("solve", game_id)
    assert r.returncode == 0 and "solved" in r.stdout
    r = cli("show", game_id, "--compact")
    assert r.returncode == 0 and json.loads(r.stdout)["rows"] == [[2, 1], [3], [1, 1]]
    r = cli("show", "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h")
    assert r.returncode == 0 and json.loads(r.stdout)["width"] == 6
    r = cli("solve", "heart")                      # a mistyped file name stays one
    assert r.returncode == 2 and "heart: no such file" in r.stderr


def test_cli_says_what_a_conversion_leaves_out_and_refuses_an_empty_pack(tmp_path):
    graded = dict(HEART, grade=1)
    (tmp_path / "graded.json").write_text(json.dumps(graded))
    r = cli("convert", tmp_path / "graded.json", "--to", "non")
    assert r.returncode == 0 and "leaves out the" in r.stderr and "grade" in r.stderr
    (tmp_path / "empty.json").write_text("[]")
    r = cli("solve", tmp_path / "empty.json")
    assert r.returncode == 2 and "an empty list, a pack of no puzzles" in r.stderr


def test_cli_daily_refuses_flags_it_would_ignore():
    r = cli("make", "hungrycat", "--daily", "2026-11-25", "--width", "20")
    assert r.returncode == 2 and "--width: the puzzle of the day has the size" in r.stderr
