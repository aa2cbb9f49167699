"""Hungry Cat Picross: model, check, codec, formats, both solvers, hints, maker."""
from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from pysolver.base import CheckReport, Deadline, PuzzleError
from pysolver.hungrycat import FAMILY as F
from pysolver.hungrycat import maker
from pysolver.hungrycat.linesolve import make_spec, solve_line

HERE = Path(__file__).resolve().parent
FIX = HERE / "fixtures" / "hungrycat"
CORPUS = HERE.parent.parent / "shared" / "corpus" / "hungrycat"
FAMILY_KEYS = ("palette", "rows", "cols")


def load(name: str) -> dict:
    return json.loads((FIX / name).read_text())


def fixtures() -> list[str]:
    return sorted(p.name for p in FIX.glob("*.json"))


def corpus() -> list[Path]:
    return sorted(CORPUS.glob("*.json")) if CORPUS.is_dir() else []


needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="corpus not available")


def small() -> dict:
    return load("small-8x6.json")


# -- parse ----------------------------------------------------------------------------
@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("rows"), "rows: missing"),
    (lambda d: d.__setitem__("rows", d["rows"][:-1]), "rows: 5 lines, expected 6"),
    (lambda d: d["rows"][0].__setitem__(0, ["Z", 8, True]), "rows[0][0]: colour 'Z' is not in the palette"),
    (lambda d: d["rows"][0].__setitem__(0, ["K", 0, True]), "rows[0][0]: count: 0 is not positive"),
    (lambda d: d["rows"][0].__setitem__(0, ["K", 7, True]), "rows[0]: counts add up to 7, but the row has 8 cells"),
    (lambda d: d["cols"][2].__setitem__(0, ["K", 3, 1]), "cols[2][0]: contiguous flag must be true or false"),
    (lambda d: d["rows"][2].append(["K", 1, True]), "rows[2][2]: colour 'K' is listed twice"),
    (lambda d: d["rows"].__setitem__(1, []), "rows[1]: empty clue"),
    (lambda d: d["rows"][1].__setitem__(0, ["K", 8]), "rows[1][0]: expected"),
    (lambda d: d.__setitem__("palette", {"K": "black"}), "palette: colour of 'K'"),
    (lambda d: d.__setitem__("cols", "x"), "cols: expected a list"),
])
def test_parse_errors_name_the_place(change, message):
    data = small()
    change(data)
    with pytest.raises(PuzzleError) as exc:
        F.parse(data)
    assert message in str(exc.value)


@pytest.mark.parametrize("name", fixtures())
def test_fixture_round_trips(name):
    data = load(name)
    m = F.parse(data)
    fam = {k: data[k] for k in FAMILY_KEYS}
    assert F.to_json(m) == fam
    assert F.decode_compact(F.encode_compact(m), data["width"], data["height"]) == fam


@needs_corpus
@pytest.mark.parametrize("path", corpus(), ids=lambda p: p.stem)
def test_corpus_round_trips(path):
    data = json.loads(path.read_text())
    m = F.parse(data)
    fam = {k: data[k] for k in FAMILY_KEYS}
    assert F.to_json(m) == fam
    body = F.encode_compact(m)
    assert not set(body) & set("/#% \t\n")
    assert F.decode_compact(body, data["width"], data["height"]) == fam


# -- compact codec --------------------------------------------------------------------
def test_codec_odd_keys_and_example():
    data = {"type": "hungrycat", "width": 2, "height": 1, "palette": {"R": "#ff0000", "~": "#0000ff"},
            "rows": [[["R", 1, True], ["~", 1, False]]], "cols": [[["R", 1, True]], [["~", 1, True]]]}
    m = F.parse(data)
    body = F.encode_compact(m)
    assert body == "Rff0000,_007e0000ff~0b1,1n1~0b1;1b1"
    assert F.decode_compact(body, 2, 1) == {k: data[k] for k in FAMILY_KEYS}


@pytest.mark.parametrize("body", [
    "", "Rff0000", "Rff0000~0b1", "Rff0000~0b1~0b1~", "RFF0000~0b1~0b1", "Rff0000~1b1~0b1",
    "Rff0000~0x1~0b1", "Rff0000~0b01~0b1", "Rff0000~0b1;0b1~0b1", "Rff0000,Rff0000~0b1~0b1",
    "_0000ff0000~0b1~0b1", "Rff0000~0b~0b1", "R ff0000~0b1~0b1",
])
def test_codec_rejects_malformed(body):
    with pytest.raises(PuzzleError):
        F.parse({"type": "hungrycat", "width": 1, "height": 1, **F.decode_compact(body, 1, 1)})


# -- check ----------------------------------------------------------------------------
def test_check_accepts_solution_and_rejects_malformed():
    data = small()
    m = F.parse(data)
    assert F.check(m, data["solution"]).solved
    for bad in (None, {}, {"grid": "x"}, {"grid": ["KKKKKKKK"] * 5}, {"grid": ["KKKKKKK"] * 6},
                {"grid": ["KKKKKKKZ"] + ["KKKKKKKK"] * 5}, {"grid": [1] * 6}):
        rep = F.check(m, bad)
        assert isinstance(rep, CheckReport) and not rep.ok and not rep.solved and rep.errors


def test_check_names_line_and_count():
    data = small()
    m = F.parse(data)
    grid = list(data["solution"]["grid"])
    assert grid[3] == "WWRRRRRK"
    grid[3] = "KWRRRRRK"   # row 3: one white cell becomes black
    rep = F.check(m, {"grid": grid})
    assert not rep.ok
    msgs = [e["message"] for e in rep.errors]
    # messages count rows from 1, as players do; "lines" and "cells" stay 0-based
    assert "row 4 has 1 white cell; its clue has 2" in msgs
    assert "row 4 has 2 black cells; its clue has 1" in msgs
    assert any(e["lines"] == [["row", 3]] and [3, 0] in e["cells"] for e in rep.errors)


def test_check_block_flags():
    data = {"type": "hungrycat", "width": 4, "height": 1, "palette": {"R": "#ff0000", "B": "#0000ff"},
            "rows": [[["R", 2, True], ["B", 2, False]]],
            "cols": [[["B", 1, True]], [["R", 1, True]], [["R", 1, True]], [["B", 1, True]]]}
    m = F.parse(data)
    rep = F.check(m, {"grid": ["RBBR"]})
    msgs = {e["message"] for e in rep.errors}
    assert "row 1: the 2 red cells must form one block" in msgs
    assert "row 1: the 2 blue cells must not form one block" in msgs
    assert F.check(m, {"grid": ["BRRB"]}).solved
    part = F.check(m, {"grid": ["R??R"]}, partial=True)
    assert not part.ok and not part.solved
    assert F.check(m, {"grid": ["?RR?"]}, partial=True).ok
    assert F.check(m, {"grid": ["?RRR"]}, partial=True).errors[0]["message"] == "row 1 has 3 red cells; its clue has 2"
    # (undecided cells named where they matter: too few even if they all took the colour)
    assert F.check(m, {"grid": ["B?BB"]}, partial=True).errors[0]["message"] == \
        "row 1 has 0 red cells and 1 undecided; its clue has 2"


# -- the exact line solver against brute force -----------------------------------------
def _brute(doms, clue, L, k):
    support, any_fit = [0] * L, False
    for arr in itertools.product(range(k), repeat=L):
        if any(not doms[i] >> arr[i] & 1 for i in range(L)):
            continue
        fits = True
        for c in range(k):
            pos = [i for i in range(L) if arr[i] == c]
            n, f = next(((n, f) for cc, n, f in clue if cc == c), (0, False))
            if len(pos) != n or (n >= 2 and (pos[-1] - pos[0] + 1 == n) != f):
                fits = False
                break
        if fits:
            any_fit = True
            for i in range(L):
                support[i] |= 1 << arr[i]
    return support if any_fit else None


@pytest.mark.parametrize("longest, colours, cases", [(6, 4, 400), (9, 3, 40)])
def test_line_solver_is_exact(longest, colours, cases):
    rng = random.Random(5)
    for _ in range(cases):
        L, k = rng.randint(1, longest), rng.randint(1, colours)
        arr = [rng.randrange(k) for _ in range(L)]
        clue = []
        for c in range(k):
            pos = [i for i in range(L) if arr[i] == c]
            if pos:
                flag = pos[-1] - pos[0] + 1 == len(pos)
                clue.append((c, len(pos), flag if rng.random() > 0.2 else not flag))
        full = (1 << k) - 1
        doms = [rng.choice([full, full, 1 << arr[i], full & ~(1 << rng.randrange(k)) or full])
                for i in range(L)]
        assert solve_line(doms, make_spec(clue, L)) == _brute(doms, clue, L, k), (doms, clue)


# -- solving --------------------------------------------------------------------------
@pytest.mark.parametrize("method", F.method_names)
def test_solve_fixtures(method):
    for name in fixtures():
        data = load(name)
        m = F.parse(data)
        out = F.solve(m, method, Deadline(20), limit=2)
        assert out.complete
        for sol in out.solutions:
            assert F.check(m, sol).solved
        if data.get("expect") == "unsolvable":
            assert out.solutions == []
        elif name.startswith("two-solutions"):
            assert len(out.solutions) == 2 and out.solutions[0] != out.solutions[1]
        else:
            assert out.solutions == [data["solution"]]


def test_unknown_method():
    with pytest.raises(PuzzleError):
        F.solve(F.parse(small()), "magic", Deadline(5))


@needs_corpus
@pytest.mark.parametrize("method", F.method_names)
@pytest.mark.parametrize("path", corpus(), ids=lambda p: p.stem)
def test_solve_corpus(path, method):
    data = json.loads(path.read_text())
    m = F.parse(data)
    out = F.solve(m, method, Deadline(30), limit=2)
    assert out.complete
    if data.get("expect") == "unsolvable":
        assert out.solutions == []
    else:
        assert len(out.solutions) == 1 and F.check(m, out.solutions[0]).solved


@needs_corpus
def test_rules_guesses_on_pic5():
    m = F.parse(json.loads((CORPUS / "pic5.json").read_text()))
    out = F.solve(m, "rules", Deadline(30))
    assert out.stats["guesses"] >= 1 and F.check(m, out.solutions[0]).solved


# -- steps and hints ------------------------------------------------------------------
def test_steps_replay_to_the_solution():
    data = small()
    m = F.parse(data)
    steps = F.steps(m, Deadline(10))
    assert steps and all({"rule", "line", "cells", "message"} <= set(s) for s in steps)
    # Replaying the recorded sets and removals reaches the solution.
    cands = [[set(m.keys) for _ in range(m.width)] for _ in range(m.height)]
    for s in steps:
        for r, c in s["cells"]:
            if s["effect"] == "set":
                cands[r][c] = {s["colour"]}
            else:
                cands[r][c].discard(s["colour"])
    assert ["".join(next(iter(x)) for x in row) for row in cands] == data["solution"]["grid"]


def test_hint_sequence_solves_and_flags_mistakes():
    data = small()
    m = F.parse(data)
    progress = {"grid": ["?" * m.width] * m.height}
    for _ in range(m.width * m.height):
        h = F.hint(m, progress, Deadline(10))
        if h is None:
            break
        assert not h.get("wrong") and h["cells"] and h["message"]
        progress = h["solution"]
        assert F.check(m, progress, partial=True).ok
    assert progress == data["solution"]
    assert F.hint(m, data["solution"], Deadline(10)) is None
    wrong = ["W" + "?" * (m.width - 1)] + ["?" * m.width] * (m.height - 1)
    h = F.hint(m, {"grid": wrong}, Deadline(10))
    assert h["wrong"] and h["cells"] == [[0, 0]] and h["clear"] == [[0, 0]] and h["clear_where"] == "row 1, col 1"


def test_a_broken_rule_hint_takes_back_only_cells_off_the_solution():
    """(a player's review: Hint said "col 1 has 1 gold cell; its clue has no gold" on
    every press) the cells of a colour a line's clue has not are off the solution: the
    app's next Hint takes them back; too few cells of a colour take nothing back"""
    data = small()
    m = F.parse(data)
    truth = data["solution"]["grid"]
    absent = next((r, k) for r, row in enumerate(m.rows) for k in m.keys
                  if all(ck != k for ck, _, _ in [(m.keys[c], n, f) for c, n, f in row]))
    r, key = absent
    grid = ["?" * m.width] * m.height
    grid[r] = key + "?" * (m.width - 1)
    h = F.hint(m, {"grid": grid}, Deadline(10))
    assert h["wrong"] and h["clear"] == [[r, 0]], h
    right = [truth[0]] + ["?" * m.width] * (m.height - 1)     # (a right row breaks nothing)
    assert not F.hint(m, {"grid": right}, Deadline(10)).get("wrong")


def test_hints_name_the_step_that_fixed_their_cells_in_players_words():
    from pysolver.hungrycat.hint import RULE_WORDS
    data = json.loads((HERE.parent / "static" / "puzzles" / "hungrycat-11x11.json").read_text())
    m = F.parse(data)
    progress = {"grid": ["?" * m.width] * m.height}
    first = F.hint(m, progress, Deadline(10))
    # From an empty grid the first cells are set by the red block of row 1, not by the
    # "no black" step that came before it on the same line.
    assert first["rule"] == "run" and first["lines"] == [["row", 0]]
    assert first["message"].startswith("one block: row 1: every position of the red block")
    seen_remove = False
    for _ in range(m.width * m.height):
        h = F.hint(m, progress, Deadline(10))
        if h is None:
            break
        assert h["message"].split(":")[0] in (*RULE_WORDS.values(), "line logic"), h["message"]
        assert h["lines"] == [h["line"]]
        if "ruled out the other colours" in h["message"]:
            seen_remove = True
        for r, c in h["cells"]:
            assert h["solution"]["grid"][r][c] == data["solution"]["grid"][r][c]
        progress = h["solution"]
    assert progress == data["solution"] and seen_remove


def test_hint_on_two_solution_puzzle_uses_solution_fallback():
    m = F.parse(load("two-solutions.json"))
    h = F.hint(m, {"grid": ["??", "??"]}, Deadline(10))
    assert h["rule"] == "solution" and len(h["cells"]) == 1


# -- formats --------------------------------------------------------------------------
def _fam(d: dict) -> dict:
    return {k: d[k] for k in ("width", "height", *FAMILY_KEYS)}


def test_text_format_loads():
    text = (FIX / "small-8x6.cat").read_text()
    sniff, load_ = F.importers["hungrycat-text"]
    assert sniff(text) and not sniff(text.encode()) and not sniff("{}")
    assert _fam(load_(text)) == _fam(small())


def test_text_format_colour_names_and_errors():
    sniff, load_ = F.importers["hungrycat-text"]
    d = load_("B:blue r:#f00 g:grey\nrows\nb1R2\ncols\nb1\nr1\ng1\n".replace("g1", "r1"))
    assert d["palette"] == {"B": "#0000ff", "R": "#ff0000", "G": "#808080"}
    assert d["rows"] == [[["B", 1, True], ["R", 2, False]]]
    for text, msg in [("B:blue R:red\nrows\nb1x2\ncols\nb1\n", "line 3: row 1: colour 'x'"),
                      ("B:blue R:rouge\nrows\nb1\ncols\nb1\n", "line 1: 'rouge' is not a colour"),
                      ("B:blue\nrows\nb1\nb\ncols\nb1\n", "line 4: row 2: expected items"),
                      ("B:blue\nb1\nrows\ncols\nb1\n", "line 2: expected 'rows'")]:
        with pytest.raises(PuzzleError) as exc:
            load_(text)
        assert msg in str(exc.value)


def test_xml_format_loads():
    text = (FIX / "small-8x6.xml").read_text()
    sniff, load_ = F.importers["hungrycat-xml"]
    assert sniff(text) and not sniff(text.encode())
    assert _fam(load_(text)) == _fam(small())
    # Without key attributes the keys are initials of the nearest colour names.
    bare = load_(text.replace(' key="K"', "").replace(' key="W"', "").replace(' key="R"', ""))
    assert list(bare["palette"]) == ["B", "W", "R"]
    assert F.check(F.parse(bare), {"grid": [r.replace("K", "B") for r in small()["solution"]["grid"]]}).solved


@pytest.mark.parametrize("edit, msg", [
    (lambda t: t.replace("<line>108,0,0</line>", "<line>108,0</line>", 1), "row 1: expected 3 numbers"),
    (lambda t: t.replace("<column>103,103,0</column>", "<column>103,x,0</column>", 1), "'x' is not a whole number"),
    (lambda t: t.replace('r="1"', 'r="2"', 1), "not between 0 and 1"),
    (lambda t: t.replace("</puzzle>", ""), "XML:"),
    (lambda t: "<!DOCTYPE x [<!ENTITY a 'b'>]>" + t, "document type"),
    (lambda t: t.replace("<line>108,0,0</line>", "<line>100,0,0</line>", 1), "100 is not a count"),
])
def test_xml_errors(edit, msg):
    _, load_ = F.importers["hungrycat-xml"]
    with pytest.raises(PuzzleError) as exc:
        load_(edit((FIX / "small-8x6.xml").read_text()))
    assert msg in str(exc.value)


# -- maker and text -------------------------------------------------------------------
def test_maker_makes_unique_puzzles_with_their_picture():
    p = maker.make(9, 7, 3, 11, timeout=5)
    assert p["license"] == "CC0-1.0" and p["source"].startswith("made at random, number ")
    m = F.parse(p)
    out = F.solve(m, "auto", Deadline(10), limit=2)
    assert out.solutions == [p["solution"]]
    with pytest.raises(PuzzleError):
        maker.from_picture(["RB", "R"], {"R": "#ff0000", "B": "#0000ff"})


def test_render_text():
    data = small()
    out = F.render_text(F.parse(data), data["solution"])
    assert out.splitlines()[0] == " ".join(data["solution"]["grid"][0])
    assert "K=black" in out


# -- input robustness: every fault is a PuzzleError naming its place ---------------------------
BIG = "9" * 5000  # beyond the 4300 digits at which int() itself refuses


@pytest.mark.parametrize("edit, msg", [
    # str.isdigit() takes '²', which int() refuses
    (lambda t: t.replace("<line>108,0,0</line>", "<line>10²,0,0</line>", 1), "'10²' is not a whole number"),
    (lambda t: t.replace("<line>108,0,0</line>", f"<line>{BIG},0,0</line>", 1),
     "row 1: the number 999999999999... is too large"),
])
def test_xml_odd_digits_and_long_numbers(edit, msg):
    _, load_ = F.importers["hungrycat-xml"]
    with pytest.raises(PuzzleError) as exc:
        load_(edit((FIX / "small-8x6.xml").read_text()))
    assert msg in str(exc.value)


@pytest.mark.parametrize("text, msg", [
    ("B:blue\nrows\nb٣\ncols\nb1\n", "line 3: row 1: expected items"),
    (f"B:blue\nrows\nb{BIG}\ncols\nb1\n", "line 3: row 1: the number 999999999999... is too large"),
], ids=["arabic-digit", "long-number"])
def test_text_odd_digits_and_long_numbers(text, msg):
    _, load_ = F.importers["hungrycat-text"]
    with pytest.raises(PuzzleError) as exc:
        load_(text)
    assert msg in str(exc.value)


def test_generic_loader_reports_the_hungry_cat_xml_error():
    """webpbn's XML sniffer also claims a <puzzle> root; the Hungry Cat reader, whose
    <colors> mark the file has, is the one whose message counts."""
    from pysolver.load import load_any
    broken = (FIX / "small-8x6.xml").read_text().replace("<line>108,0,0</line>", "<line>108,0</line>", 1)
    for content in (broken, broken.encode()):
        with pytest.raises(PuzzleError) as exc:
            load_any(content)
        assert "row 1: expected 3 numbers" in str(exc.value)
    assert load_any((FIX / "small-8x6.xml").read_bytes()).type == "hungrycat"
