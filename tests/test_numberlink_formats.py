"""Numberlink import/export formats: flow text, W H blocks, DA contest, puzz.link."""
import json
from pathlib import Path

import pytest

from pysolver.base import Deadline, PuzzleError
from pysolver.numberlink import FAMILY, formats
from pysolver.numberlink.model import make_model

FIX = Path(__file__).parent / "fixtures" / "numberlink"


def text(name):
    return (FIX / name).read_text()


def family_keys(data):
    return FAMILY.to_json(FAMILY.parse(data))


def test_each_sample_is_sniffed_by_its_own_importer_only():
    for name, kind in [("sample.flow", "flow"), ("sample.blocks", "blocks"),
                       ("sample_adc.txt", "adc"), ("sample_puzzlink.txt", "puzzlink")]:
        hits = [k for k, (sniff, _) in formats.IMPORTERS.items() if sniff(text(name))]
        assert hits == [kind], name


def test_flow_and_blocks():
    flow = formats.load_flow(text("sample.flow"))
    assert (flow["width"], flow["height"], flow["cover"]) == (5, 5, "full")
    assert len(flow["endpoints"]) == 10
    m = FAMILY.parse(flow)
    assert formats.load_flow(formats.dump_flow(m)) == flow
    every = formats.load_all(text("sample.blocks"))
    assert [(p["width"], p["height"]) for p in every] == [(3, 2), (4, 4)]
    # two boards make a pack: the importer gives them all (it gave the first before packs)
    assert formats.load_blocks(text("sample.blocks")) == every
    again = formats.load_all(formats.dump_blocks([FAMILY.parse(p) for p in every]))
    assert [family_keys(p) for p in again] == [family_keys(p) for p in every]
    out = FAMILY.solve(FAMILY.parse(flow), "auto", Deadline(10), limit=2)
    assert len(out.solutions) == 1 and out.complete


def test_adc_round_trip_and_answers():
    p = formats.load_adc(text("sample_adc.txt"))
    assert p["cover"] == "free" and p["endpoints"][1] == [0, 3, "1"]
    m = FAMILY.parse(p)
    assert family_keys(formats.load_adc(formats.dump_adc(m))) == FAMILY.to_json(m)
    sol = FAMILY.solve(m, "auto", Deadline(10)).solutions[0]
    answer = formats.dump_adc_answer(m, sol)
    assert answer.startswith("SIZE 4X3X1\nLAYER 1\n01,01,01,01\n")  # the 2018 form
    assert FAMILY.same_solution(m, formats.load_adc_answer(answer, m), sol)
    # The older two-dimensional form is read too.
    old = "SIZE 4X3\nLINE_NUM 2\nLINE#1 (0,0)-(3,0)\nLINE#2 (0,1)-(3,2)\n"
    assert family_keys(formats.load_adc(old)) == FAMILY.to_json(m)


def test_an_adc_answer_of_a_full_cover_solution_has_no_line_beside_itself():
    """(a review: lines of a full-cover solution that come back beside themselves were
    written as they are, which the contest's checker reads as branching and our reader
    refused)"""
    from pysolver import api
    snake = {"type": "numberlink", "width": 3, "height": 3, "cover": "full", "endpoints": [[0, 0, "1"], [2, 2, "1"]]}
    assert len(api.solve(snake)["solution"]["paths"]["1"]) == 9    # (a snake over the whole board)
    got = api.conversion(snake, "adc-answer", lossy=True)
    assert got["text"] == "SIZE 3X3X1\nLAYER 1\n01,01,01\n00,00,01\n00,00,01\n"
    m = FAMILY.parse(dict(snake, cover="free"))
    assert FAMILY.check(m, formats.load_adc_answer(got["text"], m)).solved


def test_adc_is_offered_up_to_the_checkers_size():
    from pysolver import api
    big = {"type": "numberlink", "width": 73, "height": 20, "cover": "free",
           "endpoints": [[0, 0, "1"], [0, 72, "1"]]}
    assert "adc" not in [f["name"] for f in api.formats("numberlink", big)]
    with pytest.raises(PuzzleError, match="at most 72 a side"):
        api.conversion(big, "adc")
    assert "adc" in [f["name"] for f in api.formats("numberlink", dict(big, width=72, endpoints=[[0, 0, "1"], [0, 71, "1"]]))]


def test_puzzlink_round_trip():
    p = formats.load_puzzlink(text("sample_puzzlink.txt"))
    assert p["cover"] == "free" and (p["width"], p["height"]) == (4, 3)
    m = FAMILY.parse(p)
    url = formats.dump_puzzlink(m)
    assert url == text("sample_puzzlink.txt").strip()
    full = FAMILY.parse(formats.load_flow(text("sample.flow")))
    url = formats.dump_puzzlink(full)
    assert url.startswith("https://puzz.link/p?arukone/5/5/")
    again = formats.load_puzzlink(url)
    assert again["cover"] == "full" and len(again["endpoints"]) == 10
    assert formats.load_puzzlink("p?arukone/e/5/5/" + url.rsplit("/", 1)[1])["cover"] == "free"
    big = FAMILY.parse(json.loads((FIX / "gen_20x10_s7.json").read_text()))
    again = FAMILY.parse(formats.load_puzzlink(formats.dump_puzzlink(big)))
    assert [e[:2] for e in again.endpoints] == sorted(e[:2] for e in big.endpoints)


@pytest.mark.parametrize("loader, content, words", [
    (formats.load_flow, "A.\nA", "line 2: expected 2 cells"),
    (formats.load_flow, "A*\n.A", "line 1: '\\*'"),
    (formats.load_flow, "AB\n.A", "line 1: label 'B' occurs 1"),
    (formats.load_all, "2 2\nA.\n", "line 2: the file ends"),
    (formats.load_all, "2 x\nA.\n.A\n", "line 1: expected 'width height'"),
    (formats.load_all, "2 1\nAB\n2 1\nBA\n", "line 2: label 'A' occurs 1"),
    (formats.load_adc, "SIZE 4X3\nLINE_NUM 1\nLINE#1 (0,0,1) (9,0,1)\n", "line 3: \\(9,0\\) is outside"),
    (formats.load_adc, "SIZE 4X3\nLINE#1 (0,0,1) (1,0,2)\n", "line 2: layer 2"),
    (formats.load_adc, "SIZE 4X3\nLINE#1 (0,0,1)\n", "line 2: expected 'LINE#"),
    (formats.load_adc, "SIZE 4X3\nLINE_NUM 3\nLINE#1 (0,0,1) (1,0,1)\n", "LINE_NUM says 3"),
    (formats.load_adc, "SIZE 4Y3\n", "line 1: expected 'SIZE"),
    (formats.load_puzzlink, "p?numlin/4/3/1h1z2", "left over|occurs"),
    (formats.load_puzzlink, "p?numlin/4/3/1h.2", "'\\?' numbers"),
    (formats.load_puzzlink, "p?numlin/4/3/1h-1", "hex digits"),
    (formats.load_puzzlink, "p?arukone/4/3/1h1-99", "between 1 and 52"),
])
def test_broken_files_name_the_line(loader, content, words):
    with pytest.raises(PuzzleError, match=words):
        loader(content)


def test_adc_answer_errors():
    m = FAMILY.parse(formats.load_adc(text("sample_adc.txt")))
    with pytest.raises(PuzzleError, match="line 3: expected 4"):
        formats.load_adc_answer("SIZE 4X3\n1,1,1,1\n2,2\n2,2,2,2\n", m)
    with pytest.raises(PuzzleError, match="line 2: 7 is not a line"):
        formats.load_adc_answer("SIZE 4X3\n1,1,1,7\n2,2,2,2\n0,0,0,2\n", m)


def test_an_answer_whose_line_runs_beside_itself_reads_back():
    """One number per cell leaves the way on open where a line touches itself: the
    reader looks for the path through all the line's cells."""
    m = make_model(3, 3, [(0, 0, "A"), (2, 2, "A")], "full")
    snake = {"paths": {"A": [[0, 0], [0, 1], [0, 2], [1, 2], [1, 1], [1, 0], [2, 0], [2, 1], [2, 2]]}}
    assert FAMILY.check(m, snake).solved
    # (as another program may write it: ours cuts such a line short, see below)
    back = formats.load_adc_answer("SIZE 3X3X1\nLAYER 1\n01,01,01\n01,01,01\n01,01,01\n", m)
    assert FAMILY.same_solution(m, back, snake)
    # a line in two pieces has no such path: what is read is checked, and fails
    broken = formats.load_adc_answer("SIZE 3X3\n1,1,0\n0,0,0\n0,1,1\n", make_model(3, 3, [(0, 0, "A"), (2, 2, "A")], "free"))
    assert broken == {"paths": {"A": [[0, 0], [0, 1]]}}


# -- input robustness: every fault is a PuzzleError naming its place -----------------------------

BIG = "9" * 5000  # beyond the 4300 digits at which int() itself refuses


@pytest.mark.parametrize("loader, content, words", [
    (formats.load_all, f"{BIG} 2\nA.\n.A\n", "line 1: the number 999999999999... is too large"),
    (formats.load_all, "٢ 2\nA.\n.A\n", "line 1: expected 'width height'"),  # not ASCII digits
    (formats.load_adc, f"SIZE {BIG}X3\nLINE#1 (0,0,1) (1,0,1)\n", "line 1: the number"),
    (formats.load_adc, f"SIZE 4X3\nLINE_NUM {BIG}\nLINE#1 (0,0,1) (1,0,1)\n", "line 2: the number"),
    (formats.load_adc, f"SIZE 4X3\nLINE#{BIG} (0,0,1) (1,0,1)\n", "line 2: the number"),
    (formats.load_adc, f"SIZE 4X3\nLINE#1 ({BIG},0,1) (1,0,1)\n", "line 2: the number"),
    (formats.load_adc, "SIZE ٤X3\nLINE#1 (0,0,1) (1,0,1)\n", "line 1: expected 'SIZE"),
    (formats.load_puzzlink, f"https://puzz.link/p?numlin/{BIG}/3/1h1", "URL size: the number"),
    (formats.load_puzzlink, f"p?arukone/3/{BIG}/1h1", "URL size: the number"),
], ids=lambda v: v[:30] if isinstance(v, str) else None)
def test_odd_digits_and_long_numbers_name_the_line(loader, content, words):
    with pytest.raises(PuzzleError) as exc:
        loader(content)
    assert words in str(exc.value)


def test_answer_with_odd_digits_or_long_numbers():
    m = FAMILY.parse(formats.load_adc(text("sample_adc.txt")))
    with pytest.raises(PuzzleError, match="line 2: expected 4"):
        formats.load_adc_answer("SIZE 4X3\n1,1,1,²\n2,2,2,2\n0,0,0,2\n", m)
    with pytest.raises(PuzzleError, match="line 2: the number"):
        formats.load_adc_answer(f"SIZE 4X3\n1,1,1,{BIG}\n2,2,2,2\n0,0,0,2\n", m)


@pytest.mark.parametrize("content, words", [
    # broken flow text reaches the flow loader (its sniffer looks at the shape)
    ("ABA\n...\n", "line 1: label 'B' occurs 1"),
    ("A.\nA\n", "line 2: expected 2 cells, got 1"),
    ("AB\n.A\n", "line 1: label 'B' occurs 1"),
    ("A..\n.B.\n..A\n", "line 2: label 'B' occurs 1"),
    # and plain words are still no puzzle format at all
    ("hello\nworld\n", "not puzzle JSON, a share link or a known puzzle format"),
    ("Hello\nWorld.\n", "not puzzle JSON, a share link or a known puzzle format"),  # one '.' in 11
    # a size line whose body is as long as .nin's is the nonogram's, not a block's
    ("2 2\n1\nx\n1\n1\n", "line 3: expected numbers"),
    (f"https://puzz.link/p?numlin/{BIG}/3/1h1", "URL size: the number"),
], ids=lambda v: v[:30])
def test_generic_loader_names_the_fault(content, words):
    from pysolver.load import load_any
    with pytest.raises(PuzzleError) as exc:
        load_any(content)
    assert words in str(exc.value)


def test_sniffers_still_pick_valid_files():
    """Shape-based sniffing must not take valid files from their own format."""
    from pysolver.load import load_any
    from pysolver.load import load_pack
    for name in ("sample.flow", "sample.blocks", "sample_adc.txt", "sample_puzzlink.txt"):
        assert {p.type for p in load_pack(text(name))} == {"numberlink"}
    assert load_any("5 5\n1\n3\n5\n1 1\n3\n1\n4\n3 1\n4\n1\n").type == "nonogram"  # .nin
