""""Save as": the puzzle written in puzzle JSON or a format its family writes, as a
download that pysolver reads back as the same puzzle."""
from pathlib import Path

import pytest

from helpers import open_puzzle, unsolved, wait_ready
from pysolver.load import load_any, load_path
from pysolver.numberlink import FAMILY as NUMBERLINK
from pysolver.numberlink.formats import load_adc_answer

LIB = Path(__file__).resolve().parents[2] / "static" / "puzzles"
pytestmark = pytest.mark.browser


def save(page, name):
    with page.expect_download() as info:
        page.select_option("#save-as", name)
    download = info.value
    return download.suggested_filename, Path(download.path()).read_text()


def test_a_nonogram_saved_as_json_and_non_reads_back_the_same(context, server):
    path = LIB / "nonogram-heart.json"
    page = wait_ready(open_puzzle(context, server, unsolved(path)))
    page.wait_for_function("document.querySelectorAll('#save-as option').length > 1")
    options = page.locator("#save-as option").all_text_contents()
    assert options == ["Save as…", "json (.json)", "non (.non)", "webpbn-xml (.xml)", "olsak-g (.g)", "puzzlink (.txt)",
                       "pattern (.txt)"]
    original = load_path(str(path))
    for name, file_name in (("json", "Heart.json"), ("non", "Heart.non")):
        got_name, text = save(page, name)
        assert got_name == file_name
        again = load_any(text, got_name)
        assert again.family.to_json(again.model) == original.family.to_json(original.model)
        assert again.solution is None                      # saved as Share sends it: no answer
    assert page.locator("#save-as").input_value() == ""    # ready for the next one
    assert "Saved as Heart.non" in page.locator("#message").text_content()


def test_a_numberlink_answer_is_worked_out_and_saved(context, server):
    # its answer has a line that runs beside itself, which one number per cell leaves
    # for the reader to untangle
    # A contest file means free cover and numbered lines: the library's board as such
    # (a board with other rules or labels is not offered the contest formats)
    board = unsolved(LIB / "numberlink-7x7.json")
    number = {lab: str(k + 1) for k, lab in enumerate(dict.fromkeys(e[2] for e in board["endpoints"]))}
    board = {**board, "cover": "free", "endpoints": [[r, c, number[lab]] for r, c, lab in board["endpoints"]]}
    page = wait_ready(open_puzzle(context, server, board))   # no solution in the link
    page.wait_for_function("document.querySelectorAll('#save-as option').length > 1")
    name, text = save(page, "adc-answer")
    assert name.endswith("-answer.txt")
    # Lines are numbered in the order of the puzzle the app holds (as its saved problem is)
    held = NUMBERLINK.parse(page.evaluate("app.state().puzzle"))
    assert NUMBERLINK.check(held, load_adc_answer(text, held)).solved
    problem_name, problem = save(page, "adc")
    assert sorted(map(sorted, load_any(problem).model.ends)) == sorted(map(sorted, held.ends))
    # Formats that share the .txt ending do not share a file name.
    assert problem_name.endswith("-adc.txt") and save(page, "puzzlink")[0].endswith("-puzzlink.txt")
    pzpr_name, pzpr = save(page, "pzpr")                     # as puzz.link's editor saves it
    assert pzpr_name.endswith("-pzpr.txt") and pzpr.startswith("pzprv3\nnumlin\n7\n7\n")
    assert sorted(map(sorted, load_any(pzpr).model.ends)) == sorted(map(sorted, held.ends))


def test_only_formats_that_can_hold_the_puzzle_are_offered(context, server):
    # puzz.link nonograms have no colours: a multicolour puzzle is not offered it.
    page = wait_ready(open_puzzle(context, server, unsolved(LIB / "nonogram-boat.json")))
    page.wait_for_function("document.querySelectorAll('#save-as option').length > 1")
    assert page.locator("#save-as option").all_text_contents() == [
        "Save as…", "json (.json)", "non (.non)", "webpbn-xml (.xml)", "olsak-g (.g)"]


def test_a_title_in_other_scripts_keeps_its_letters_in_the_file_name(context, server):
    """(only ASCII letters were kept: "🐱 Ünïcode" was saved as "_n_code")"""
    puzzle = {**unsolved(LIB / "nonogram-heart.json"), "title": "🐱 Ünïcode 日本"}
    page = wait_ready(open_puzzle(context, server, puzzle))
    page.wait_for_function("document.querySelectorAll('#save-as option').length > 1")
    assert save(page, "json")[0] == "_Ünïcode_日本.json"
    page.evaluate("(p) => app.load(p)", {**puzzle, "title": "🐱 !!"})
    page.wait_for_function("document.querySelectorAll('#save-as option').length > 1")
    assert save(page, "json")[0] == "nonogram.json"
