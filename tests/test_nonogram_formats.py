"""Nonogram importers (.non, .mk, .nin, .g, webpbn XML) and the .non exporter."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pysolver.base import Deadline, PuzzleError
from pysolver.nonogram import FAMILY

FIXTURES = Path(__file__).parent / "fixtures" / "nonogram"

HOUSE_ROWS = [[1], [3], [5], [1, 1], [3]]
HOUSE_COLS = [[1], [4], [3, 1], [4], [1]]

NON = """catalogue "pysolver tests"
title "House"
by "Tester"
width 5
height 5

rows
1
3
5
1,1
3

columns
1
4
3,1
4
1

goal "0010001110111110101001110"
"""

MK = "5 5\n1\n3\n5\n1 1\n3\n#\n1\n4\n3 1\n4\n1\n"
NIN = "5 5\n1\n3\n5\n1 1\n3\n1\n4\n3 1\n4\n1\n"

G = """# a comment line
#d
0:. white
1:# black
:
1
3
5
1 1
3
:
1
4
3 1
4
1
"""

G_COLOUR = """#d
0:. white
a:r #ff0000
b:b #0000ff
:
1a 1b
2b
:
1a 1b
2b
"""

XML = """<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="black">
<title>Two colours</title>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<color name="red" char="r">f00</color>
<clue type="columns"><line><count color="red">1</count></line><line><count>2</count></line></clue>
<clue type="rows"><line><count color="red">1</count><count>1</count></line><line><count>1</count></line></clue>
<solution type="goal"><image>|rX|
|.X|</image></solution>
</puzzle></puzzleset>
"""


def load_by_sniffing(text: str) -> dict:
    names = [name for name, (sniff, _) in FAMILY.importers.items() if sniff(text)]
    assert names, "no importer recognises the text"
    return FAMILY.importers[names[0]][1](text)


@pytest.mark.parametrize("text, name", [(NON, "non"), (MK, "mk"), (NIN, "nin"), (G, "olsak-g")])
def test_black_and_white_formats(text, name):
    sniffed = [n for n, (sniff, _) in FAMILY.importers.items() if sniff(text)]
    assert sniffed[0] == name
    data = load_by_sniffing(text)
    model = FAMILY.parse(data)
    assert FAMILY.to_json(model) == {"rows": HOUSE_ROWS, "cols": HOUSE_COLS}
    if name == "non":
        assert data["title"] == "House" and data["author"] == "Tester"
        assert data["solution"]["grid"][2] == "#####"
        assert FAMILY.check(model, data["solution"]).solved


def test_colour_g_and_xml():
    data = load_by_sniffing(G_COLOUR)
    model = FAMILY.parse(data)
    assert data["palette"] == {"r": "#ff0000", "b": "#0000ff"}
    assert data["rows"] == [[[1, "r"], [1, "b"]], [[2, "b"]]]
    assert len(FAMILY.solve(model, "auto", Deadline(5), 2).solutions) == 1

    data = load_by_sniffing(XML)
    model = FAMILY.parse(data)
    assert data["title"] == "Two colours"
    assert set(data["palette"].values()) == {"#000000", "#ff0000"}
    out = FAMILY.solve(model, "auto", Deadline(5), 2)
    assert out.solutions == [data["solution"]]


@pytest.mark.parametrize("name", ["boat", "flag", "touching", "house"])
def test_non_export_round_trip(name):
    data = json.loads((FIXTURES / f"{name}.json").read_text())
    model = FAMILY.parse(data)
    text = FAMILY.exporters["non"].write(model, data["solution"], {"title": data["title"]})
    back = FAMILY.importers["non"][1](text)
    assert FAMILY.to_json(FAMILY.parse(back)) == FAMILY.to_json(model)
    assert back["solution"] == data["solution"] and back["title"] == data["title"]


@pytest.mark.parametrize("loader, text, line", [
    ("non", NON.replace("3,1\n", "3,x\n"), "line 17"),
    ("non", NON.replace("width 5", "width five"), "line 4"),
    ("non", NON.replace('goal "0010', 'goal "10'), "line 21"),
    ("mk", MK.replace("1 1\n", "1 q\n"), "line 5"),
    ("mk", MK.replace("#\n", ""), "no '#'"),
    ("nin", NIN + "3\n", "line 1"),
    ("nin", "5 x\n", "line 1"),
    ("olsak-g", G.replace("3 1\n", "3 z\n"), "line 14"),
    ("olsak-g", G.replace(":\n", ""), "line 5"),
    ("webpbn-xml", XML.replace("</clue>", "", 1), "line"),
    ("webpbn-xml", XML.replace("<count>2</count>", "<count>two</count>"), "columns line 2"),
])
def test_broken_files_name_the_line(loader, text, line):
    with pytest.raises(PuzzleError) as exc:
        FAMILY.importers[loader][1](text)
    assert line in str(exc.value)


# -- input robustness: every fault is a PuzzleError naming its place -----------------------------

BIG = "9" * 5000  # beyond the 4300 digits at which int() itself refuses


@pytest.mark.parametrize("loader, text, words", [
    # str.isdigit() takes '²', which int() refuses
    ("mk", "2 2\n1\n²\n#\n1\n1\n", "line 3: expected numbers, got '²'"),
    ("mk", "2 ²\n1\n1\n#\n1\n1\n", "line 1: expected two numbers"),
    ("nin", "2 2\n1\n1\n٣\n1\n", "line 4: expected numbers"),
    ("non", NON.replace("width 5", "width ²"), "line 4: width '²' is not a number"),
    ("olsak-g", G.replace("3 1\n", "3 ٣\n"), "line 14"),
    ("webpbn-xml", XML.replace("<count>2</count>", "<count>²</count>"), "columns line 2: count '²'"),
    # numbers too long for int()
    ("mk", f"2 {BIG}\n1\n1\n#\n1\n1\n", "line 1: the number 999999999999... is too large"),
    ("nin", f"{BIG} 2\n1\n1\n1\n1\n", "line 1: the number"),
    ("non", NON.replace("width 5", f"width {BIG}"), "line 4: the number"),
    ("non", NON.replace("3,1\n", f"3,{BIG}\n"), "line 17: the number"),
    ("olsak-g", G.replace("3 1\n", f"3 {BIG}\n"), "line 14: the number"),
    ("webpbn-xml", XML.replace("<count>2</count>", f"<count>{BIG}</count>"), "columns line 2: the number"),
    ("puzzlink", f"https://puzz.link/p?nonogram/{BIG}/3/1h1", "too large"),
], ids=lambda v: v[:30])
def test_odd_digits_and_long_numbers_name_the_line(loader, text, words):
    with pytest.raises(PuzzleError) as exc:
        FAMILY.importers[loader][1](text)
    assert words in str(exc.value)


@pytest.mark.parametrize("text, words", [
    # broken files still reach their own loader (sniffers look at the shape, not validity)
    ("2 2\n1\nx\n1\n1\n", "line 3: expected numbers, got 'x'"),  # .nin, not Numberlink blocks
    (NON.replace("width 5\n", ""), "'columns' needs a 'width' line"),
    (NON.replace("width 5", "width ²"), "line 4: width '²'"),
    ("2 2\n1\n²\n#\n1\n1\n", "line 3: expected numbers"),
    ('{"type":"nonogram","width":%s,"height":1,"rows":[[]],"cols":[[]]}' % BIG, "a number is too long"),
], ids=lambda v: v[:30])
def test_generic_loader_names_the_fault(text, words):
    from pysolver.load import load_any
    for content in (text, text.encode()):
        with pytest.raises(PuzzleError) as exc:
            load_any(content)
        assert words in str(exc.value)


@pytest.mark.parametrize("value", [None, 5, 2.5, ["width 5"]])
def test_generic_loader_refuses_other_types(value):
    from pysolver.load import load_any
    with pytest.raises(PuzzleError, match=f"cannot read a puzzle from {type(value).__name__}"):
        load_any(value)


def test_non_colour_characters():
    """Without any 'color' line the file may still use colour characters (nonogram-db's
    FORMAT.md: the program picks the colours); once it declares colours, a character it
    did not declare is an error naming the line, as in .g and webpbn XML."""
    body = "width 2\nheight 1\n{colors}rows\n1a,1z\ncolumns\n1a\n1z\n"
    free = FAMILY.importers["non"][1](body.format(colors=""))
    assert list(free["palette"]) == ["a", "z"] and len(set(free["palette"].values())) == 2
    declared = FAMILY.importers["non"][1](body.format(colors="color a #ff0000\ncolor z #0000ff\n"))
    assert declared["palette"] == {"a": "#ff0000", "z": "#0000ff"}
    with pytest.raises(PuzzleError) as exc:
        FAMILY.importers["non"][1](body.format(colors="color a #ff0000\ncolor b #0000ff\n"))
    assert "line 6: colour 'z'" in str(exc.value)


# -- Simon Tatham's Pattern ---------------------------------------------------------------------
def _pattern(text: str) -> dict:
    from pysolver.load import load_any
    p = load_any(text)
    return {"size": (p.width, p.height), **FAMILY.to_json(p.model)}


def test_pattern_game_ids_read_columns_first():
    """Pattern lists the columns, then the rows; an empty entry is an empty line; a square's
    size may be one number; the web version's page address and the picture generator's
    given cells (hints only) are read too."""
    house = "5x5:1/4/3.1/4/1/1/3/5/1.1/3"
    assert _pattern(house) == {"size": (5, 5), "rows": HOUSE_ROWS, "cols": HOUSE_COLS}
    assert _pattern("5:1/4/3.1/4/1/1/3/5/1.1/3") == _pattern(house)
    assert _pattern("https://example.org/puzzles/js/pattern.html#" + house) == _pattern(house)
    assert _pattern(house + ",Y") == _pattern(house)         # 24 skipped, then a given filled cell
    assert _pattern("3x2:2//1/1/1.1") == {"size": (3, 2), "rows": [[1], [1, 1]], "cols": [[2], [], [1]]}


@pytest.mark.parametrize("text, words", [
    ("10x10#12345", "random seed"),
    ("5x5:1/4/3.1/4/1/1/3/5/1.1", "9 clue lines for a 5x5 grid, expected 10"),
    ("5x5:1/4/3.1/4/1/1/3/6/1.1/3", "row 3: clue 6 needs 6 cells"),
    ("5x5:1/4/3.1/4/1/1/3/5/1.1/3,zz", "run past the grid"),
    ("5x5:1/4/3.1/4/1/1/3/5/1.1/3,b", "stop at cell 2 of 25"),
    ("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nGAME    :3:Net\n", "a game of 'Net'"),
    ("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nGAME    :7:Pattern\nPARAMS  :3:5x5\n",
     "no DESC record"),
    ("SAVEFILE:41:Simon Tatham's Portable Puzzle Collection\nGAME    :7:Pattern\nDESC    :99:1/2\n",
     "the file ends first"),
])
def test_pattern_faults_are_named(text, words):
    from pysolver.load import load_any
    with pytest.raises(PuzzleError, match=words):
        load_any(text)


def test_pattern_game_id_written_and_refused_for_colour():
    from pysolver import api
    from pysolver.load import load_any
    p = load_any("5x5:1/4/3.1/4/1/1/3/5/1.1/3")
    assert api.conversion(p, "pattern")["text"] == "5x5:1/4/3.1/4/1/1/3/5/1.1/3\n"
    colour = load_any(json.dumps({"type": "nonogram", "width": 2, "height": 1, "palette": {"r": "#ff0000",
                                  "b": "#0000ff"}, "rows": [[[1, "r"], [1, "b"]]], "cols": [[[1, "r"]], [[1, "b"]]]}))
    assert "pattern" not in [f["name"] for f in api.formats("nonogram", colour)]
    with pytest.raises(PuzzleError, match="black-and-white, a side of 2 or more"):
        api.conversion(colour, "pattern")
