"""``pysolver convert``: every format a family writes reads back as the same puzzle,
answer formats solve the puzzle first when the file has no solution, a format the
family does not write is refused with the ones it does, and one that would change the
puzzle (its cover rule, its labels) is refused unless ``--lossy``, which says what changed."""
import json
from pathlib import Path

import pytest

from pysolver import cli
from pysolver.load import load_any, load_path
from pysolver.numberlink.formats import load_adc_answer

ROOT = Path(__file__).resolve().parents[1]
LIB = ROOT / "static" / "puzzles"
NL_BOARD = ROOT / "bench" / "numberlink" / "nl01-8x8.json"


def convert(capsys, *args):
    """Exit code, stdout, and pysolver's own message on stderr (other lines there, such
    as a browser test's server thread reporting a closed connection, are left out)."""
    code = cli.main(["convert", *map(str, args)])
    out = capsys.readouterr()
    said = [line for line in out.err.splitlines() if line.startswith("pysolver:")]
    return code, out.out, "\n".join(said)


@pytest.mark.parametrize("path,fmt", [(NL_BOARD, "flow"), (NL_BOARD, "blocks"), (NL_BOARD, "adc"),
                                      (NL_BOARD, "puzzlink"), (NL_BOARD, "json"), (NL_BOARD, "link"),
                                      (LIB / "nonogram-heart.json", "non"),
                                      (LIB / "nonogram-heart.json", "puzzlink"),
                                      (LIB / "nonogram-boat.json", "non"),
                                      (LIB / "hungrycat-blob.json", "json")])
def test_what_is_written_reads_back_as_the_same_puzzle(capsys, path, fmt):
    code, text, err = convert(capsys, path, "--to", fmt)
    if fmt == "adc":
        # contest files number their lines and are played under free cover (Nikoli rules):
        # a full-cover board with lettered pairs is refused unless asked, then the change said
        assert code == 2 and text == "" and "would change the puzzle: cover:" in err and "--lossy" in err
        code, text, err = convert(capsys, path, "--to", fmt, "--lossy")
        assert "changed: cover: every cell of the puzzle is on a line (full cover)" in err
        assert "changed: labels renamed: 'A' -> '1'" in err
    else:
        # provenance a format cannot hold is left out, and said
        assert all(" leaves out the " in line for line in err.splitlines()), err
    assert code == 0
    original, again = load_path(str(path)), load_any(text.strip() if fmt in ("link", "puzzlink") else text)
    assert again.type == original.type
    if fmt == "adc":
        assert pairs(again.model) == pairs(original.model) and again.model.cover == "free"
    else:
        assert again.family.to_json(again.model) == original.family.to_json(original.model)


def pairs(model):
    """A Numberlink board's pairs of endpoint cells, whatever their labels."""
    return sorted(sorted(ends) for ends in model.ends)


def test_an_answer_format_solves_a_puzzle_without_a_solution(capsys, tmp_path):
    data = json.loads(NL_BOARD.read_text())
    solution = data.pop("solution")
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(data))
    for source in (NL_BOARD, bare):
        # (the board is full cover with lettered pairs: the answer numbers them)
        code, text, _ = convert(capsys, source, "--to", "adc-answer", "--lossy")
        assert code == 0
        model = load_path(str(NL_BOARD)).model
        read = load_adc_answer(text, model)
        assert {k: v for k, v in read["paths"].items()} == solution["paths"]


def test_an_unsolvable_puzzle_has_no_answer_to_write(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"type": "numberlink", "width": 2, "height": 2, "cover": "free",
                               "endpoints": [[0, 0, "1"], [1, 1, "1"], [0, 1, "2"], [1, 0, "2"]]}))
    code, text, err = convert(capsys, bad, "--to", "adc-answer")
    # (exit 1 as the README gives for a puzzle with no solution: the input is not bad)
    assert code == 1 and text == ""
    assert err.strip() == "pysolver: adc-answer needs the solution, and it has no solution"


def test_a_pack_says_1_when_only_puzzles_without_a_solution_were_left_out(capsys, tmp_path):
    none = {"type": "numberlink", "width": 2, "height": 2, "cover": "free",
            "endpoints": [[0, 0, "1"], [1, 1, "1"], [0, 1, "2"], [1, 0, "2"]]}
    pack = tmp_path / "pack.json"
    pack.write_text(json.dumps([json.loads(NL_BOARD.read_text()), none]))
    code, text, err = convert(capsys, pack, "--to", "adc-answer", "--lossy", "--out-dir", tmp_path / "out")
    assert code == 1 and len(text.split()) == 1 and "1 of 2 puzzles not written" in err
    # a puzzle the format would change (the board's full cover and letters) is left out
    # as bad input for it: 2
    code, text, err = convert(capsys, pack, "--to", "adc-answer", "--out-dir", tmp_path / "out2")
    assert code == 2 and text == "" and "2 of 2 puzzles not written" in err


def test_a_format_the_family_does_not_write_is_refused_with_those_it_does(capsys):
    code, text, err = convert(capsys, LIB / "nonogram-heart.json", "--to", "flow")
    assert code == 2 and text == ""
    assert err.strip() == ("pysolver: flow: a nonogram puzzle can be written as json, link, non, webpbn-xml, "
                           "olsak-g, puzzlink, pattern")
    code, _, err = convert(capsys, LIB / "nonogram-boat.json", "--to", "puzzlink")
    assert code == 2 and "black-and-white only" in err


def test_the_help_lists_every_family_format(capsys):
    with pytest.raises(SystemExit):
        cli.main(["convert", "--help"])
    out = capsys.readouterr().out
    for line in ("nonogram non:", "nonogram puzzlink:", "numberlink flow:", "numberlink adc-answer:"):
        assert line in out
