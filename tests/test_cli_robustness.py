"""What careless or hostile input gets from the command line and the library: a clear
message and the documented exit code (2 bad input, 1 a negative answer, 3 a bug), never
a traceback, a wrong answer written out, a link the app refuses, or gigabytes of memory."""
import json
from pathlib import Path

import pytest

from pysolver import api, cli
from pysolver.base import PuzzleError
from pysolver.link import decode_link

ROOT = Path(__file__).resolve().parents[1]
BOAT = ROOT / "tests" / "fixtures" / "nonogram" / "boat.json"
NUMBERLINK = {"type": "numberlink", "width": 4, "height": 3, "cover": "free",
              "endpoints": [[0, 0, "1"], [0, 3, "1"], [1, 0, "2"], [2, 3, "2"]]}


def run(capsys, *args):
    code = cli.main([str(a) for a in args])
    out = capsys.readouterr()
    said = "\n".join(line for line in out.err.splitlines() if line.startswith("pysolver"))
    return code, out.out, said


@pytest.mark.parametrize("solution", [{"paths": {"1": [[0, 0], [2, 2]], "2": [[1, 0]]}},
                                      {"paths": {"1": [[0, 0], [9, 9]]}},
                                      {"paths": {"1": [True, [0], "a"]}}])
def test_a_wrong_embedded_solution_is_never_written_out(tmp_path, capsys, solution):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({**NUMBERLINK, "solution": solution}))
    code, out, said = run(capsys, "convert", path, "--to", "adc-answer")
    assert code == 2 and out == ""
    assert "own solution is wrong" in said
    # Without it, the solver works the answer out.
    path.write_text(json.dumps(NUMBERLINK))
    code, out, said = run(capsys, "convert", path, "--to", "adc-answer")
    assert code == 0 and out.strip()


def test_a_solution_grid_cannot_inject_lines_into_a_non_file():
    puzzle = {"type": "nonogram", "width": 1, "height": 1, "rows": [[1]], "cols": [[1]],
              "solution": {"grid": ["#\"\nwidth 5\nx"]}}
    with pytest.raises(PuzzleError, match="own solution is wrong"):
        api.convert(puzzle, "non")
    with pytest.raises(PuzzleError, match="own solution is wrong"):
        api.convert(puzzle, "json")
    # a format that never writes the solution does not care about it
    assert api.convert(puzzle, "puzzlink").startswith("https://puzz.link/p?nonogram/1/1/")


def test_two_long_clues_side_by_side_give_up_quickly_within_memory():
    # Millions of paths join two 25s two cells apart: both methods must give up (exit 1)
    # under their path budgets, not exhaust memory or report an internal error.
    puzzle = {"type": "linkapix", "width": 30, "height": 30, "palette": {"k": "#000000"},
              "clues": [[10, 10, 25, "k"], [10, 12, 25, "k"]]}
    for method in ("auto", "paper"):
        res = api.solve(puzzle, method=method, timeout=60)
        assert res["status"] == "gave_up", res
        assert "cells on" in res["note"]


def test_a_solution_file_that_is_not_text_or_json_is_named(tmp_path, capsys):
    bad = tmp_path / "answer.json"
    bad.write_bytes(b"\xff\xfe")
    code, _, said = run(capsys, "check", BOAT, bad)
    assert code == 2 and "answer.json: not UTF-8" in said
    bad.write_text("{nope")
    code, _, said = run(capsys, "check", BOAT, bad)
    assert code == 2 and "answer.json: " in said and "JSON" in said
    code, _, said = run(capsys, "check", BOAT, tmp_path)
    assert code == 2 and "is a folder" in said


def test_links_too_long_to_read_back_are_not_made():
    puzzle = {"type": "nonogram", "width": 1, "height": 1, "rows": [[1]], "cols": [[1]],
              "title": "\U0001F600" * 2000}
    with pytest.raises(PuzzleError, match="shorten"):
        api.link(puzzle)
    puzzle["title"] = "x" * 1000
    assert decode_link(api.link(puzzle)).meta["title"] == "x" * 1000


@pytest.mark.parametrize("limit", ["nan", "-1", "0", "soon"])
def test_a_time_limit_must_be_a_positive_number(capsys, limit):
    with pytest.raises(SystemExit) as stop:
        cli.main(["solve", str(BOAT), "--timeout", limit])
    assert stop.value.code == 2
    assert "seconds" in capsys.readouterr().err


def test_bench_refuses_a_method_no_family_has(capsys):
    code, _, said = run(capsys, "bench", BOAT.parent, "-m", "nope")
    assert code == 2 and "'nope' is not a method" in said


def test_a_bug_is_reported_as_one_with_exit_code_3(capsys, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr(api, "solve", broken)
    code, _, said = run(capsys, "solve", BOAT)
    assert code == 3
    assert "internal error: RuntimeError: boom" in said and "please report" in said


def test_a_maker_that_runs_out_of_its_time_gives_up_as_a_negative_answer(capsys):
    # (a fiendish 15x15 takes seconds: a twentieth of one cannot make it)
    code, out, said = run(capsys, "make", "nonogram", "--width", 15, "--height", 15, "--grade", 5,
                          "--seed", 1, "--timeout", 0.05)
    assert code == 1 and out == ""
    assert said.startswith("pysolver: gave up after 0.05 s") and "internal error" not in said


def test_titles_cannot_send_escape_sequences_to_the_terminal(tmp_path, capsys):
    data = json.loads(BOAT.read_text())
    data["title"] = "Boat\x1b[31m red \u202eevil"
    path = tmp_path / "boat.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "solve", path)
    assert code == 0
    assert "\x1b" not in out and "\u202e" not in out and "Boat\ufffd[31m red \ufffdevil" in out


def test_palette_keys_with_control_characters_are_refused():
    with pytest.raises(PuzzleError, match="control character"):
        decode_link("#nonogram/1x1/1.cff00000d_1-0_1-0")


def test_unique_asked_of_a_method_that_cannot_settle_it_says_so():
    two = json.loads((ROOT / "tests" / "fixtures" / "linkapix" / "two_pictures.json").read_text())
    # (the paper's LP rounding finds one picture and cannot look for a second; auto
    # finds both)
    res = api.solve(two, method="paper", unique=True)
    assert res["status"] == "solved" and res["unique"] is None
    assert "uniqueness not settled" in res["note"]
    assert api.solve(two, unique=True)["unique"] is False


@pytest.mark.parametrize("param, said", [("seed=-1", "seed: -1 is less than 0"),
                                         ("pairs=abc", "pairs: 'abc' is not a whole number"),
                                         ("width=0", "width: 0 is less than 2")])
def test_a_makers_parameter_given_by_name_is_named_so_in_its_message(capsys, param, said):
    # (the maker names it by the app form's label, "Number:", "Pairs (0: as ...)")
    code, out, message = run(capsys, "make", "numberlink", "random", param)
    assert code == 2 and out == ""
    assert message == f"pysolver: {said}"


@pytest.mark.parametrize("base", ["https://x.example/app/#old", "not a url", "https://x.example/\n"])
def test_a_link_base_that_would_break_the_link_is_refused(capsys, base):
    code, out, said = run(capsys, "link", BOAT, "--base", base)
    assert code == 2 and out == "" and "expected the app page's address without a '#' or spaces" in said
    code, out, _ = run(capsys, "link", BOAT, "--base", "https://x.example/app/")
    assert code == 0 and out.startswith("https://x.example/app/#nonogram/") and out.count("#") == 1


def test_the_library_takes_what_the_command_line_takes():
    board = json.loads(BOAT.read_text())
    board.pop("solution", None)
    assert api.check(board, api.solve(board))["solved"] is True        # a solve's result, as check takes it
    for bad in (-1, 0, float("nan"), True, "10"):
        with pytest.raises(PuzzleError, match="timeout: .* is not a positive number of seconds"):
            api.solve(board, timeout=bad)
    with pytest.raises(PuzzleError, match="the text of a puzzle, not a file's name, is read here: .*load_path"):
        api.solve(str(BOAT))                  # (a file's name: its text is what is read)


def test_the_check_and_the_bench_summary_read_as_english(capsys, tmp_path):
    board = json.loads(BOAT.read_text())
    solution = tmp_path / "s.json"
    solution.write_text(json.dumps(api.solve({k: v for k, v in board.items() if k != "solution"})))
    code, out, _ = run(capsys, "check", BOAT, solution)
    assert code == 0 and out == "correct: the solution solves the puzzle\n"
    code, out, _ = run(capsys, "bench", BOAT)
    assert "1 puzzle: 1 solved" in out
    code, out, _ = run(capsys, "bench", BOAT, "-m", "cdcl", "-m", "probing")
    assert "1 puzzle x 2 methods: 2 solved" in out


def test_an_unsolvable_puzzle_says_why_and_show_reads_a_file_too(capsys, tmp_path):
    path = tmp_path / "u.json"
    path.write_text(json.dumps({"type": "nonogram", "width": 3, "height": 3,
                                "rows": [[3], [], []], "cols": [[1], [2], []]}))
    code, out, _ = run(capsys, "solve", path)
    assert code == 1
    assert "cannot all hold (one of them is mistyped, or more than one clue is))" in out.splitlines()[-1], out
    path.write_text(json.dumps({"type": "numberlink", "width": 3, "height": 3, "cover": "free",
                                "endpoints": [[0, 0, "A"], [2, 2, "A"], [0, 2, "B"], [2, 0, "B"],
                                              [1, 1, "C"], [0, 1, "C"]]}))
    code, out, _ = run(capsys, "solve", path)
    assert code == 1 and out.splitlines()[-1].endswith("(the ends of A are walled apart by other endpoints)")
    code, out, _ = run(capsys, "show", BOAT, "--compact")
    assert code == 0 and json.loads(out)["type"] == "nonogram"


def test_solve_json_answers_bad_input_on_stdout_too(capsys, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"type": "nonogram", "width": 3, "height": 3, "rows": [[4], [], []], "cols": [[1], [2], []]}')
    code, out, said = run(capsys, "solve", path, "--json")
    assert code == 2 and "blocks need 4 cells, the row has 3" in said
    assert json.loads(out) == {"status": "bad_input", "error": said.removeprefix("pysolver: ")}
