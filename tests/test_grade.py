"""Grades 1..5 (pysolver.grade, Family.grade): each family's ladder on puzzles of our
own, the words, and a sample of the development corpus when it is present."""
import json
from pathlib import Path

import pytest
from testkit import HEART, ROOT

from pysolver import api, make
from pysolver.base import Deadline, PuzzleError
from pysolver.format import parse_puzzle
from pysolver.grade import WORDS, Grade, read_level
from pysolver.registry import families

CORPUS = ROOT.parent / "shared" / "corpus"


def grade_of(puzzle: dict) -> Grade:
    p = parse_puzzle(puzzle)
    return p.family.grade(p.model, Deadline(30))


def test_words_and_levels():
    assert Grade(1, "x").words == "easy" and Grade(5, "x").words == "fiendish"
    assert [read_level(w) for w in WORDS] == [1, 2, 3, 4, 5]
    assert read_level("3") == 3 and read_level(4) == 4
    for bad in (0, 6, "impossible", True, 2.5):
        with pytest.raises(PuzzleError):
            read_level(bad)
    with pytest.raises(ValueError):
        Grade(0, "no such level")


def test_every_family_grades():
    assert all(f.describe()["grades"] for f in families())


def test_nonogram_line_logic_is_easy_and_a_switch_is_fiendish():
    g = grade_of(HEART)
    assert g.level in (1, 2) and g.why
    # the smallest ambiguous picture: two diagonals satisfy the clues
    switch = {"type": "nonogram", "width": 2, "height": 2, "rows": [[1], [1]], "cols": [[1], [1]]}
    assert grade_of(switch).level == 5
    with pytest.raises(PuzzleError):
        grade_of({"type": "nonogram", "width": 2, "height": 2, "rows": [[2], []], "cols": [[], []]})


def test_nonogram_contradictions_count():
    # a grade-3 or grade-4 puzzle of the maker: line logic alone stalls on it
    out = make.make("nonogram", {"width": 15, "height": 15, "grade": 3, "seed": 2})
    g = grade_of(out["puzzle"])
    assert g.level == 3 and 1 <= g.stats["contradictions"] <= 4


def test_grades_of_the_other_families():
    lib = ROOT / "static" / "puzzles"
    read = lambda name: json.loads((lib / name).read_text())   # noqa: E731
    # Numberlink: forced moves alone are easy; a board whose search must choose is not
    assert grade_of(read("numberlink-7x7.json")).level == 1
    g = grade_of(read("numberlink-14x14.json"))
    assert g.level >= 3 and "choices" in g.why
    hc = make.make("hungrycat", {"width": 8, "height": 8, "seed": 1, "grade": 1})["puzzle"]
    assert grade_of(hc).level == 1
    # Link-a-Pix: propagation alone is easy; clues left open after every rule are not
    assert grade_of(read("linkapix-heart.json")).level == 1
    g = grade_of(read("linkapix-duck.json"))
    assert g.level >= 3 and "open" in g.why


def test_grade_through_the_worker_and_api():
    from pysolver import webapi
    out = json.loads(webapi.handle(json.dumps({"cmd": "grade", "args": {"puzzle": HEART}})))
    assert out["ok"] and out["result"]["grade"]["words"] in WORDS
    assert api.as_puzzle(HEART).type == "nonogram"


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the development corpus is not here")
def test_corpus_sample_grades():
    files = sorted((CORPUS / "nonogram").glob("nonny__*.json"))[:5] + sorted((CORPUS / "hungrycat").glob("pic[2-5].json"))
    for f in files:
        # (real puzzles grade without error, and the grade says why in words)
        g = grade_of(json.loads(Path(f).read_text()))
        assert g.why and g.words in WORDS, f
