"""Our own small files in each format read (tests/fixtures/formats, non-square boards,
expected clues and endpoints spelled out), packs read as packs, and the real files of the
field's tools (../shared/formats, read at run time, never copied here) open and round-trip."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pysolver import api, cli
from pysolver.base import PuzzleError
from pysolver.load import load_any, load_any_pack, load_pack, load_path, load_path_pack
from pysolver.registry import get_family

from roundtrip import round_trip

HERE = Path(__file__).parent / "fixtures" / "formats"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "formats"

BW = {"rows": [[2, 1], [3], [1, 1]], "cols": [[1, 1], [2], [1], [2], [1]]}
BW_GOAL = ["##.#.", ".###.", "#...#"]
COLOUR = {"rows": [[[2, "r"], [1, "b"]], [[2, "b"], [1, "r"]]],
          "cols": [[[1, "r"]], [[1, "r"], [1, "b"]], [[1, "b"]], [[1, "b"], [1, "r"]]]}


def sniffed(path: Path) -> str:
    """The format the surest sniffer names for a file."""
    content = path.read_text(encoding="utf-8")
    best = (0, "")
    for family in (get_family(t) for t in ("nonogram", "numberlink", "hungrycat", "linkapix")):
        for name, (sniff, _) in family.importers.items():
            try:
                sure = int(sniff(content))
            except (TypeError, ValueError, AttributeError):
                continue
            if sure > best[0]:
                best = (sure, name)
    return best[1]


@pytest.mark.parametrize("name, fmt, title, goal", [
    ("bw.non", "non", "Five by three", True),
    ("bw.mk", "mk", None, False),
    ("bw.nin", "nin", None, False),
    ("bw.g", "olsak-g", "Five by three", False),
    ("bw-clues.xml", "webpbn-xml", "Five by three", True),
    ("bw-clue.xml", "webpbn-xml", "Five by three", True),
    ("bw-goal-only.xml", "webpbn-xml", "Five by three", True),
    ("bw-pynogram.txt", "pynogram-ini", None, False),
    ("bw-nonogrid.toml", "nonogrid-toml", None, False),
    ("bw-pattern.txt", "pattern", None, False),
    ("bw-pattern.sav", "pattern", None, False),
])
def test_black_and_white_fixtures_give_the_clues_they_spell(name, fmt, title, goal):
    """5 wide, 3 high: a reader that swaps width and height, or rows and columns, fails."""
    assert sniffed(HERE / name) == fmt
    p = load_path(str(HERE / name))
    assert (p.width, p.height) == (5, 3)
    assert p.family.to_json(p.model) == BW
    assert p.meta.get("title") == title
    assert (p.solution == {"grid": BW_GOAL}) if goal else p.solution is None


@pytest.mark.parametrize("name", ["bw.non", "bw.g", "bw-clues.xml", "bw-pynogram.txt", "colour.g"])
@pytest.mark.parametrize("encoding", ["utf-16", "cp1252", "cp1250"])
def test_text_files_in_other_encodings_open_as_in_utf8(name, encoding):
    """Notepad's "Unicode" (UTF-16 with its mark) and old Windows code pages: a title with
    letters beyond ASCII, read right or nearly so, and the same clues."""
    text = (HERE / name).read_text(encoding="utf-8")
    title = "Olšák's žluťoučký kůň"
    text = text.replace("Five by three", title)
    want = load_pack(text.encode("utf-8"), name)
    got = load_pack(text.encode(encoding, errors="replace" if encoding == "cp1252" else "strict"), name)
    assert [p.to_json() | {"title": None} for p in got] == [p.to_json() | {"title": None} for p in want]
    if want[0].meta.get("title") == title and encoding != "cp1252":
        # (UTF-16 exactly; a central European page in the western one: most letters)
        same = sum(a == b for a, b in zip(got[0].meta["title"], want[0].meta["title"]))
        assert same >= len(title) - (0 if encoding == "utf-16" else 4), got[0].meta["title"]


def test_bytes_that_are_not_text_are_still_refused_as_such():
    with pytest.raises(PuzzleError, match="not text and not a known binary format"):
        load_pack(bytes(range(256)) * 4, "noise.bin")


def test_a_non_goal_may_follow_on_lines_of_its_own():
    """pbnsolve's layout: 'goal' alone, then the picture's rows."""
    text = (HERE / "bw.non").read_text().replace('goal "110100111010001"', "goal\n11010\n01110\n10001")
    assert load_any(text).solution == {"grid": BW_GOAL}


@pytest.mark.parametrize("name, fmt", [("colour-nonny.non", "non"), ("colour.g", "olsak-g"),
                                       ("colour-pynogram.txt", "pynogram-ini"),
                                       ("colour-nonogrid.toml", "nonogrid-toml")])
def test_colour_fixtures_give_the_clues_they_spell(name, fmt):
    assert sniffed(HERE / name) == fmt
    p = load_path(str(HERE / name))
    assert (p.width, p.height) == (4, 2)
    keys = list(p.model.palette)
    assert [p.model.palette[k] for k in keys] == ["#ff0000", "#0000ff"]
    as_rb = {keys[0]: "r", keys[1]: "b"}
    got = p.family.to_json(p.model)
    assert {side: [[[n, as_rb[c]] for n, c in clue] for clue in got[side]] for side in ("rows", "cols")} == COLOUR


def test_packs_of_our_own():
    picross = load_path_pack(str(HERE / "picross-solver.txt"))
    assert [(p.width, p.height, p.meta["title"]) for p in picross] == [(5, 3, "Five by three"), (2, 2, "Empty corner")]
    assert picross[1].family.to_json(picross[1].model) == {"rows": [[1], []], "cols": [[], [1]]}
    sets = load_path_pack(str(HERE / "set.xml"))
    assert [(p.width, p.height) for p in sets] == [(5, 3), (4, 2)]
    assert sets[1].meta["title"] == "set #2"          # untitled in a pack: the file and its place
    tour = load_path_pack(str(HERE / "tournament.txt"))
    assert [p.meta["title"] for p in tour] == ["Puzzle 1", "Puzzle 2"]
    assert tour[0].family.to_json(tour[0].model) == {"rows": [[1, 1], [3], [1], []], "cols": [[1, 1], [3], [1], []]}
    boards = load_path_pack(str(HERE / "numberlink-pack.txt"))
    assert [(b.width, b.height, b.model.cover) for b in boards] == [(4, 2, "full"), (3, 5, "full")]
    assert sorted(boards[1].family.to_json(boards[1].model)["endpoints"]) == \
        [[0, 0, "C"], [0, 2, "D"], [4, 0, "C"], [4, 2, "D"]]


@pytest.mark.parametrize("name", ["numlin.txt", "arukone.txt"])
def test_pzprjs_files(name):
    """Rows before columns; the lines drawn are the solution when they join every pair; an
    arukone names its pairs by letters and says whether every cell must be used."""
    assert sniffed(HERE / name) == "pzpr"
    p = load_path(str(HERE / name))
    assert (p.width, p.height, p.model.cover) == (5, 3, "free")
    ends = sorted(p.family.to_json(p.model)["endpoints"])
    if name == "numlin.txt":
        assert ends == [[0, 0, "1"], [0, 4, "1"], [1, 4, "2"], [2, 0, "2"]]
        assert p.meta == {"author": "Tester", "source": "pysolver tests"}
        assert p.solution["paths"]["2"] == [[1, 4], [2, 4], [2, 3], [2, 2], [2, 1], [2, 0]]
        assert p.family.check(p.model, p.solution).solved
        assert api.convert(p, "pzpr") == (HERE / name).read_text()      # byte for byte, info too
    else:
        assert ends == [[0, 0, "A"], [0, 4, "A"], [1, 4, "B"], [2, 0, "B"]]
        assert p.solution is None
        full = api.convert(load_any(json.dumps({**p.to_json(), "cover": "full"})), "pzpr")
        assert full.splitlines()[:5] == ["pzprv3", "arukone", "3", "5", "passallcell"]


def test_pzprjs_lines_are_a_solution_only_when_they_solve_the_board():
    """Lines joining the pair, but leaving cells empty on a board where every cell must
    be used (passallcell), are a game in progress: no solution is read."""
    text = "pzprv3\narukone\n2\n2\npassallcell\nA A \n. . \n1 \n-1 \n0 0 \n"
    assert load_any(text).solution is None
    free = text.replace("passallcell", "dontpassallcell")
    assert load_any(free).solution == {"paths": {"A": [[0, 0], [0, 1]]}}


@pytest.mark.parametrize("text, words", [
    ("pzprv3\nslither\n3\n3\n", "a pzprjs file of 'slither'"),
    ("pzprv3\nnonogram\n3\n3\n", "from its puzz.link URL"),
    ("pzprv3\nnumlin\n3\n", "line 4: the file ends before the columns"),
    ("pzprv3\nnumlin\n2\n2\n1 - \n. 1 \n", "line 5: '-' is a number left unknown"),
    ("pzprv3\nnumlin\n2\n2\n1 . \n. \n", "line 6: 1 values in this line of cells, expected 2"),
    ("pzprv3\narukone\n2\n2\nall\n", "line 5: 'all', expected passallcell"),
    ("pzprv3\narukone\n1\n2\npassallcell\nA 1 \n", "expected a letter A-Z"),
])
def test_pzprjs_faults_name_the_line(text, words):
    with pytest.raises(PuzzleError, match=words):
        load_any(text)


@pytest.mark.parametrize("name", ["adc2016-problem.txt", "adc2018-problem.txt", "adc2018-answer.txt"])
def test_contest_files_of_each_year(name):
    """x is the column and y the row; line numbers may be zero-padded; an answer is read
    as its puzzle with the answer as the solution.  All under free cover."""
    p = load_path(str(HERE / name))
    assert (p.width, p.height, p.model.cover) == (5, 3, "free")
    assert sorted(p.family.to_json(p.model)["endpoints"]) == [[0, 0, "1"], [0, 4, "1"], [1, 4, "2"], [2, 0, "2"]]
    if "answer" in name:
        assert p.solution["paths"]["2"] == [[1, 4], [2, 4], [2, 3], [2, 2], [2, 1], [2, 0]] or \
            p.solution["paths"]["2"][::-1] == [[1, 4], [2, 4], [2, 3], [2, 2], [2, 1], [2, 0]]
        assert p.family.check(p.model, p.solution).solved
        # written back in the 2018 form, byte for byte
        assert api.convert(p, "adc-answer") == (HERE / name).read_text()
    else:
        assert api.convert(p, "adc") == (HERE / "adc2018-problem.txt").read_text().replace("\r\n", "\n") \
            .replace("#01", "#1").replace("#02", "#2")


def test_a_pack_is_refused_where_one_puzzle_is_wanted_with_how_to_choose():
    content = (HERE / "tournament.txt").read_bytes()
    with pytest.raises(PuzzleError, match=r"t.txt: a pack of 2 puzzles, not one: choose one with t.txt#N"):
        load_any(content, "t.txt")
    assert len(load_pack(content, "t.txt")) == 2
    shown = load_any_pack(content, "sets/t.txt")
    assert shown["title"] == "t" and [q["title"] for q in shown["puzzles"]] == ["Puzzle 1", "Puzzle 2"]
    assert load_any_pack((HERE / "bw.non").read_text(), "bw.non")["puzzles"][0]["rows"] == BW["rows"]


def test_the_cli_chooses_a_puzzle_of_a_pack(capsys, tmp_path):
    pack = str(HERE / "picross-solver.txt")
    assert cli.main(["solve", pack]) == 2
    assert f"a pack of 2 puzzles: choose one with {pack}#N" in capsys.readouterr().err
    assert cli.main(["solve", pack + "#2"]) == 0
    assert capsys.readouterr().out.startswith(f"puzzle 2 of 2 in {pack}: nonogram 2x2 \u2014 Empty corner")
    assert cli.main(["solve", pack + "#3"]) == 2
    assert "holds 2 puzzles; choose one from 1 to 2" in capsys.readouterr().err
    assert cli.main(["convert", pack, "--to", "json", "--out-dir", str(tmp_path)]) == 0
    written = capsys.readouterr().out.split()
    assert [Path(w).name for w in written] == ["picross-solver-1.json", "picross-solver-2.json"]
    assert load_path(written[1]).meta["title"] == "Empty corner"
    assert cli.main(["bench", pack]) == 0
    rows = [ln for ln in capsys.readouterr().out.splitlines() if "picross-solver.txt#" in ln]
    assert len(rows) == 2 and all("solved" in r for r in rows)


def test_nothing_reads_it_names_the_formats_tried_and_the_closest():
    text = "[clues]\ncolumns = 1, 2\n# no rows\n"  # pynogram without its rows
    with pytest.raises(PuzzleError) as exc:
        load_any(text, "x.txt")
    assert "no 'rows =' in [clues]" in str(exc.value) and "read as nonogram pynogram-ini" in str(exc.value)
    with pytest.raises(PuzzleError) as exc:
        load_any("hello\nworld\n\nthis is not a puzzle: 3 4\n", "notes.txt")
    said = str(exc.value)
    assert said.startswith("notes.txt: not puzzle JSON, a share link or a known puzzle format")
    assert "the closest, nonogram non, says: line 4: the file has no width" in said
    assert "nonogram puzzlink, webpbn-xml, non, olsak-g" in said and "numberlink puzzlink, adc" in said


LIBRARY = Path(__file__).resolve().parents[1] / "static" / "puzzles"


@pytest.mark.parametrize("path", sorted(LIBRARY.glob("hungrycat-*.json")) + sorted(LIBRARY.glob("linkapix-*.json")),
                         ids=lambda p: p.stem)
def test_the_bundled_hungry_cats_and_link_a_pix_round_trip_in_their_text_formats(path):
    p = load_path(str(path))
    fmt = {"hungrycat": "hungrycat-text", "linkapix": "linkapix-text"}[p.type]
    assert fmt in [f["name"] for f in api.formats(p.type, p)]     # (offered: it holds the puzzle)
    assert round_trip(p) == []


def test_hungry_cat_text_writes_its_own_letters_for_keys_that_are_not():
    data = api.as_puzzle(load_path(str(LIBRARY / "hungrycat-blob.json"))).to_json()
    data.pop("solution", None)
    rename = {"K": "1", "W": "w"}
    data["palette"] = {rename.get(k, k): v for k, v in data["palette"].items()}
    for side in ("rows", "cols"):
        data[side] = [[[rename.get(k, k), n, b] for k, n, b in clue] for clue in data[side]]
    q = api.as_puzzle(data)
    text = api.convert(q, "hungrycat-text")
    assert text.splitlines()[0] == "A:#000000 W:#ffffff R:#ff0000"
    assert round_trip(q) == []


# -- the real files: ../shared/formats --------------------------------------------------------

#: folder -> (format its files are sniffed as, puzzles per file)
KINDS = {"webpbn-xml": ("webpbn-xml", 1), "pynogram-ini": ("pynogram-ini", 1),
         "nonogrid-toml": ("nonogrid-toml", 1), "picross-solver-txt": ("picross-solver", 1),
         "nonny-colour": ("non", 1), "tournament-pack": ("tournament", 6),
         "numberlink-pack": ("blocks", 5), "olsak-g": ("olsak-g", 1)}

SHARED_FILES = sorted(p for p in SHARED.glob("*/*") if p.name != "README.md") if SHARED.is_dir() else []


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/formats is absent")
def test_every_kind_of_the_shared_samples_is_known_here():
    assert {p.parent.name for p in SHARED_FILES} <= set(KINDS)


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/formats is absent")
@pytest.mark.parametrize("path", SHARED_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_each_real_file_opens_as_its_format_and_round_trips(path):
    fmt, count = KINDS[path.parent.name]
    assert sniffed(path) == fmt
    puzzles = load_path_pack(str(path))
    assert len(puzzles) == count
    if count > 1:
        with pytest.raises(PuzzleError, match=f"a pack of {count} puzzles"):
            load_path(str(path))
    for p in puzzles:
        assert round_trip(p) == []
    first = puzzles[0]
    assert api.solve(first, timeout=20)["status"] == "solved"


CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is absent")
@pytest.mark.parametrize("family", ["nonogram", "numberlink", "hungrycat"])
def test_every_corpus_puzzle_round_trips(family):
    """Read -> write in each format the family writes (that holds it unchanged) -> read."""
    problems = []
    paths = sorted((CORPUS / family).glob("*.json"))
    # (the 814 tournament puzzles are all 25x25 black-and-white: every 20th stands for them)
    tournament = [p for p in paths if p.name.startswith("tournament")]
    for path in [p for p in paths if p not in set(tournament)] + tournament[::20]:
        problems += [f"{path.name}: {problem}" for problem in round_trip(load_path(str(path)))]
    assert problems == []


def test_size_limits_are_each_familys():
    """Nonograms go to 512x512 (a .non of that size opens, and its link reads back);
    other families keep 65,536 cells; the global limits are the largest any allows."""
    from pysolver import base
    from pysolver.link import decode_link, encode_link
    side = 512
    rows = [[1] if r % 2 == 0 else [] for r in range(side)]          # a dot on every other row
    cols = [[1] * (side // 2)] + [[] for _ in range(side - 1)]       # all in the first column
    text = (f"width {side}\nheight {side}\n\nrows\n" + "\n".join(",".join(map(str, r)) or "0" for r in rows)
            + "\n\ncolumns\n" + "\n".join(",".join(map(str, c)) or "0" for c in cols) + "\n")
    p = load_any(text)
    assert (p.width, p.height) == (512, 512)
    assert decode_link(encode_link(p)).family.to_json(p.model) == p.family.to_json(p.model)
    assert get_family("nonogram").max_cells == base.MAX_GRID_CELLS == 512 * 512
    assert get_family("numberlink").max_cells == 256 * 256
    with pytest.raises(PuzzleError, match="more than 65536 cells"):
        load_any("SIZE 300X300\nLINE_NUM 1\nLINE#1 (0,0,1) (1,0,1)\n")
    with pytest.raises(PuzzleError, match="more than 262144 cells"):
        load_any(text.replace("height 512", "height 513").replace("\n\ncolumns", "\n0\n\ncolumns"))


def test_converting_a_pack_needs_out_dir_and_goes_on_past_a_puzzle_it_cannot_write(capsys, tmp_path):
    pack = str(HERE / "numberlink-pack.txt")
    assert cli.main(["convert", pack, "--to", "flow"]) == 2
    assert "write them all with --out-dir DIR, or choose one with" in capsys.readouterr().err
    # (both boards are full cover: a contest file would change them, and says so per puzzle)
    assert cli.main(["convert", pack, "--to", "adc", "--out-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "puzzle 1: adc would change the puzzle: cover:" in err and "2 of 2 puzzles not written" in err
    assert cli.main(["convert", pack, "--to", "adc", "--lossy", "--out-dir", str(tmp_path)]) == 0
    out = capsys.readouterr()
    assert [Path(p).name for p in out.out.split()] == ["numberlink-pack-1.txt", "numberlink-pack-2.txt"]
    assert "puzzle 2: changed: labels renamed: 'C' -> '1', 'D' -> '2'" in out.err


def test_a_g_title_wrapped_inside_brackets_is_read_whole_and_notes_are_not():
    text = (HERE / "bw.g").read_text(encoding="utf-8")
    wrapped = text.replace("Five by three", "Five by three (a title that a file\nwraps inside its brackets)\nA note.")
    assert load_pack(wrapped.encode(), "x.g")[0].meta["title"] == \
        "Five by three (a title that a file wraps inside its brackets)"
    noted = text.replace("Five by three", "Five by three\nA note on the next line.")
    assert load_pack(noted.encode(), "x.g")[0].meta["title"] == "Five by three"


def partly_bad_pack(tmp_path: Path) -> Path:
    """Our tournament pack with a third puzzle whose first row's clue cannot fit."""
    path = tmp_path / "tb.txt"
    path.write_text((HERE / "tournament.txt").read_text() + "$3\n1\n1\n0\n0\n9\n1\n0\n0\n")
    return path


def test_a_bad_puzzle_in_a_pack_leaves_the_others_usable(tmp_path, capsys, monkeypatch):
    from pysolver.load import PartlyBadPack
    pack = partly_bad_pack(tmp_path)
    with pytest.raises(PartlyBadPack) as caught:
        load_pack(pack.read_bytes(), "tb.txt")
    assert str(caught.value) == "puzzle 3 of 3: rows[0]: blocks need 9 cells, the row has 4"
    assert [p and p.meta["title"] for p in caught.value.puzzles] == ["Puzzle 1", "Puzzle 2", None]
    # the app opens the two good ones and says which was left out
    shown = load_any_pack(pack.read_bytes(), "tb.txt")
    assert len(shown["puzzles"]) == 2
    assert shown["left_out"] == "puzzle 3 of 3 (rows[0]: blocks need 9 cells, the row has 4)"
    assert shown["places"] == [1, 2]
    # the command line: FILE#N of a good one solves, of the bad one names its fault
    assert cli.main(["solve", f"{pack}#2"]) == 0
    assert capsys.readouterr().out.startswith(f"puzzle 2 of 3 in {pack}: nonogram 4x4")
    assert cli.main(["solve", f"{pack}#3"]) == 2
    assert capsys.readouterr().err == f"pysolver: {pack}#3: puzzle 3 of 3: rows[0]: blocks need 9 cells, " \
                                      "the row has 4\n"
    assert cli.main(["solve", str(pack)]) == 2
    assert capsys.readouterr().err == f"pysolver: {pack}: a pack of 3 puzzles: choose one with {pack}#N (N from 1 " \
                                      "to 3); puzzle 3 of 3 (rows[0]: blocks need 9 cells, the row has 4) cannot be " \
                                      "read\n"
    # convert writes the good ones; bench gives each puzzle its row
    assert cli.main(["convert", str(pack), "--to", "json", "--out-dir", str(tmp_path / "out")]) == 2
    out, err = capsys.readouterr()
    assert [Path(w).name for w in out.split()] == ["tb-1.json", "tb-2.json"]
    assert "puzzle 3: rows[0]: blocks need 9 cells" in err and "1 of 3 puzzles not written" in err
    cli.main(["bench", str(pack)])
    said = capsys.readouterr().out
    rows = {ln.split()[0]: ln.split()[4] for ln in said.splitlines() if "tb.txt#" in ln}
    # (the first puzzle of our tournament pack has no solution)
    assert rows == {"tb.txt#1": "unsolvable", "tb.txt#2": "solved", "tb.txt#3": "bad_input"}


def test_a_pack_from_stdin_is_chosen_from_with_dash_hash_n(capsys, monkeypatch):
    import io
    import sys
    data = (HERE / "tournament.txt").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert cli.main(["solve", "-#2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "solved"


@pytest.mark.parametrize("place", ["x", "0", "", "-1", "99999999999999999999"])
def test_a_place_in_a_pack_that_is_not_a_number_is_named(capsys, place):
    pack = str(HERE / "tournament.txt")
    assert cli.main(["solve", f"{pack}#{place}"]) == 2
    err = capsys.readouterr().err
    assert "no such file" not in err and f"is not a puzzle's place in {pack}" in err


def test_a_nonny_file_with_an_undeclared_colour_names_it():
    text = (HERE / "colour-nonny.non").read_text().replace("red 2 blue 1", "purple 2 blue 1")
    with pytest.raises(PuzzleError, match=r"line 9: colour 'purple' is not declared \(the 'color' lines "
                                          r"name blue, red\)"):
        load_any(text, "x.non")
