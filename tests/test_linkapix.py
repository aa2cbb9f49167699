"""Link-a-Pix: parsing, checking, share-link body, text formats, solvers and hints."""
from __future__ import annotations

import copy
import importlib.util
import io
import json
from pathlib import Path

import pytest

from pysolver.base import Deadline, GaveUp, PuzzleError
from pysolver.linkapix import FAMILY, picture
from pysolver.linkapix import matfile, text

FIX = Path(__file__).parent / "fixtures" / "linkapix"
CORPUS = Path(__file__).parent.parent.parent / "shared" / "corpus" / "linkapix"
MINE = ["hand_4x3_full", "variants_2x2", "two_pictures", "unsolvable", "blank_keys",
        "bench_20_full", "bench_20_part", "bench_32_part"]


def load(name):
    return json.loads((FIX / f"{name}.json").read_text())


def model_of(data):
    return FAMILY.parse(data)


def corpus_files():
    return sorted(CORPUS.glob("*.json")) if CORPUS.is_dir() else []


def _generator():
    spec = importlib.util.spec_from_file_location("lap_generate", FIX / "generate.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# -- parse -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", MINE)
def test_parse_round_trip(name):
    data = load(name)
    m = model_of(data)
    out = FAMILY.to_json(m)
    assert out["palette"] == data["palette"]
    assert sorted(out["clues"]) == sorted(data["clues"])
    assert FAMILY.to_json(model_of(dict(data, **out))) == out


@pytest.mark.parametrize("change, words", [
    ({"palette": None}, "palette"),
    ({"palette": {"a": "red"}}, "#rrggbb"),
    ({"clues": "x"}, "clues"),
    ({"clues": [[0, 0, 2]]}, "clues[0]"),
    ({"clues": [[0, 5, 2, "a"]]}, "col"),
    ({"clues": [[0, 0, 0, "a"]]}, "not positive"),
    ({"clues": [[0, 0, 2, "z"]]}, "not in the palette"),
    ({"clues": [[0, 0, 2, "a"], [0, 0, 2, "a"]]}, "same cell"),
    ({"clues": [[0, 0, True, "a"]]}, "whole number"),
    ({"clues": [[0, 0, 2, 5]]}, "expected text, got a number"),
])
def test_parse_errors(change, words):
    data = dict({"type": "linkapix", "width": 3, "height": 2, "palette": {"a": "#000000"},
                 "clues": []}, **change)
    if data["palette"] is None:
        del data["palette"]
    with pytest.raises(PuzzleError) as exc:
        FAMILY.parse(data)
    assert words in str(exc.value)


# -- check -----------------------------------------------------------------------------
def test_check_accepts_known_solution():
    data = load("hand_4x3_full")
    rep = FAMILY.check(model_of(data), data["solution"])
    assert rep.ok and rep.solved, rep.errors


def _errors(sol, partial=False):
    data = load("hand_4x3_full")
    rep = FAMILY.check(model_of(data), sol, partial)
    return rep, " | ".join(e["message"] for e in rep.errors)


def test_check_rules():
    good = load("hand_4x3_full")["solution"]["paths"]
    rep, msg = _errors({"paths": good[:2]})
    assert not rep.ok and "not linked" in msg
    rep, msg = _errors({"paths": good[:2]}, partial=True)
    assert rep.ok and not rep.solved
    # a gap in the path
    rep, msg = _errors({"paths": [good[0][:2] + good[0][3:]] + good[1:]})
    assert "orthogonally" in msg and "covers 5 cells" in msg
    # wrong partner colour / number
    rep, msg = _errors({"paths": [[[1, 1], [0, 1]]]}, partial=True)
    assert "expected a 2" in msg
    # a repeated cell
    rep, msg = _errors({"paths": [[[1, 1], [1, 2], [1, 1], [1, 2]]]}, partial=True)
    assert "twice" in msg
    # running through another clue, sharing cells, ending twice
    rep, msg = _errors({"paths": [[[0, 2], [1, 2], [1, 3], [2, 3]]]}, partial=True)
    assert "another clue" in msg
    rep, msg = _errors({"paths": [good[0], [[1, 1], [1, 2]], [[1, 2], [1, 1]]]}, partial=True)
    assert "ends two paths" in msg and "shares" in msg
    rep, msg = _errors({"paths": [[[0, 0], [0, 1]]]}, partial=True)
    assert "not a clue" in msg
    rep, msg = _errors({"paths": [[[9, 9]]]}, partial=True)
    assert "outside" in msg


@pytest.mark.parametrize("bad", [None, [], {"paths": 3}, {"paths": [3]}, {"paths": [[[0, "a"]]]},
                                 {"paths": [[]]}, {"paths": [[[0, 0, 1]]]}])
def test_check_malformed(bad):
    rep = FAMILY.check(model_of(load("hand_4x3_full")), bad)
    assert not rep.ok and not rep.solved and rep.errors


# -- share-link body ----------------------------------------------------------------------
@pytest.mark.parametrize("name", MINE)
def test_codec_round_trip(name):
    data = load(name)
    m = model_of(data)
    body = FAMILY.encode_compact(m)
    assert not set(body) & set("/#% \t\n")
    assert FAMILY.decode_compact(body, data["width"], data["height"]) == FAMILY.to_json(m)


def test_codec_example_and_large_numbers():
    data = {"type": "linkapix", "width": 3, "height": 1, "palette": {"a": "#000000", "b": "#ff0000"},
            "clues": [[0, 0, 1, "a"], [0, 2, 1, "b"]]}
    assert FAMILY.encode_compact(model_of(data)) == "000000a,ff0000b~B.B~AB"
    big = {"type": "linkapix", "width": 100, "height": 1, "palette": {"a": "#000000"},
           "clues": [[0, 0, 100, "a"], [0, 99, 100, "a"]]}
    body = FAMILY.encode_compact(model_of(big))
    assert body == "000000a~(100)" + "." * 98 + "(100)"
    assert FAMILY.decode_compact(body, 100, 1) == FAMILY.to_json(model_of(big))


def test_codec_keys_are_escaped():
    data = {"type": "linkapix", "width": 2, "height": 1, "palette": {"a/b c": "#123456", "ä": "#000000"},
            "clues": [[0, 0, 1, "a/b c"], [0, 1, 1, "ä"]]}
    m = model_of(data)
    body = FAMILY.encode_compact(m)
    assert not set(body) & set("/#% ")
    assert FAMILY.decode_compact(body, 2, 1) == FAMILY.to_json(m)


@pytest.mark.parametrize("body", ["", "000000a", "000000a~~", "00000a~....", "000000a~...", "000000a~.....",
                                  "000000a~B...~B~", "000000a~A...", "000000a,000000a~....", "000000-zz~....",
                                  "000000a~B..x", "000000a~(9999999)...", "000000-ff~B...", "000000a~(5)...",
                                  "000000a,ffffffb~B...", "000000a,ffffffb~B...~C", "000000a,ffffffb~B...~BB"])
def test_codec_rejects_malformed(body):
    with pytest.raises(PuzzleError):
        FAMILY.decode_compact(body, 2, 2)


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_corpus_round_trip(path):
    data = json.loads(path.read_text())
    m = FAMILY.parse(data)
    assert FAMILY.decode_compact(FAMILY.encode_compact(m), data["width"], data["height"]) == FAMILY.to_json(m)


# -- solving -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["hand_4x3_full", "blank_keys", "bench_20_full", "bench_20_part",
                                  "bench_32_part", "variants_2x2"])
@pytest.mark.parametrize("method", ["auto", "paper"])
def test_solve_unique(name, method):
    data = load(name)
    m = model_of(data)
    out = FAMILY.solve(m, method, Deadline(60), limit=2)
    assert len(out.solutions) == 1
    assert FAMILY.check(m, out.solutions[0]).solved
    if method == "auto":
        assert out.complete
    else:
        assert not out.complete and out.stats["paths"] > 0 and out.stats["lp_rows"] > 0
    if "solution" in data:
        assert FAMILY.same_solution(m, out.solutions[0], data["solution"])


def test_two_pictures():
    m = model_of(load("two_pictures"))
    out = FAMILY.solve(m, "auto", Deadline(10), limit=2)
    assert len(out.solutions) == 2
    a, b = out.solutions
    assert all(FAMILY.check(m, s).solved for s in out.solutions)
    assert not FAMILY.same_solution(m, a, b)
    # the 5 can take three routes through the 2x3 board: three pictures, no more
    out4 = FAMILY.solve(m, "auto", Deadline(10), limit=4)
    assert len(out4.solutions) == 3 and out4.complete
    pics = {str(picture(m, s)) for s in out4.solutions}
    assert len(pics) == 3


def test_path_variants_are_one_picture():
    m = model_of(load("variants_2x2"))
    a = {"paths": [[[0, 0], [0, 1]], [[1, 0], [1, 1]]]}
    b = {"paths": [[[0, 0], [1, 0]], [[0, 1], [1, 1]]]}
    assert FAMILY.check(m, a).solved and FAMILY.check(m, b).solved
    assert FAMILY.same_solution(m, a, b)
    assert picture(m, a) == [["a", "a"], ["a", "a"]]


def test_unsolvable():
    m = model_of(load("unsolvable"))
    out = FAMILY.solve(m, "auto", Deadline(10), limit=2)
    assert out.solutions == [] and out.complete
    with pytest.raises(GaveUp):
        FAMILY.solve(m, "paper", Deadline(10))


def test_unknown_method():
    with pytest.raises(PuzzleError):
        FAMILY.solve(model_of(load("variants_2x2")), "magic", Deadline(1))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("blank", [0.0, 0.35])
def test_random_puzzles_are_solved(seed, blank):
    """Random cuts are solvable but rarely unique: every picture returned must pass the
    checker and the pictures must differ."""
    data = _generator().random_puzzle(14, 12, seed, blank=blank, maxlen=8)
    m = model_of(data)
    out = FAMILY.solve(m, "auto", Deadline(60), limit=2)
    assert out.solutions
    for s in out.solutions:
        assert FAMILY.check(m, s).solved
    if len(out.solutions) == 2:
        assert not FAMILY.same_solution(m, *out.solutions)
    else:
        assert out.complete


def test_long_clue_is_enumerated_lazily():
    """A 60-cell snake on an open 12x12 board has far too many paths to list up front;
    the short clues around it must shrink it first.  Here: a spiral-ish board made of a
    long path plus 1s."""
    w = h = 12
    path = [(r, c) for r in range(h) for c in (range(w) if r % 2 == 0 else range(w - 1, -1, -1))][:60]
    clues = [[path[0][0], path[0][1], 60, "a"], [path[-1][0], path[-1][1], 60, "a"]]
    on = set(path)
    clues += [[r, c, 1, "b"] for r in range(h) for c in range(w) if (r, c) not in on]
    m = model_of({"type": "linkapix", "width": w, "height": h, "palette": {"a": "#000000", "b": "#ffffff"},
                  "clues": clues})
    out = FAMILY.solve(m, "auto", Deadline(60), limit=2)
    assert len(out.solutions) == 1 and out.complete
    assert FAMILY.check(m, out.solutions[0]).solved


# -- text and importers -----------------------------------------------------------------------
def test_render_text():
    data = load("blank_keys")
    m = model_of(data)
    sol = FAMILY.solve(m, "auto", Deadline(10)).solutions[0]
    assert FAMILY.render_text(m, sol) == "aaaa\n....\nb.bb\na=blue  b=yellow"     # (and what the keys are)
    data2 = load("hand_4x3_full")
    assert FAMILY.render_text(model_of(data2), data2["solution"]) == "kkrr\nkrrr\nkkkr\nr=red  k=black"


def test_text_layout_round_trip():
    m = model_of(load("bench_20_part"))
    typed = text.dump(m)
    assert text.sniff(typed)
    data = text.load(typed)
    assert FAMILY.to_json(model_of(data)) == FAMILY.to_json(m)


def test_text_layout_example():
    typed = "# a comment\ntitle: Tiny\npalette: r=#D01010 k=#000000\n. 2r 2r .\n3k . . 3k\n"
    data = text.load(typed)
    assert data["title"] == "Tiny" and data["palette"]["r"] == "#d01010"
    assert data["clues"] == [[0, 1, 2, "r"], [0, 2, 2, "r"], [1, 0, 3, "k"], [1, 3, 3, "k"]]
    assert not text.sniff('{"type": "linkapix"}') and not text.sniff(b"palette: a=#000000")


@pytest.mark.parametrize("typed, words", [
    ("palette: a=red\n.\n", "line 1"),
    ("palette: a=#000000\n. 2a\n2a\n", "line 3"),
    ("palette: a=#000000\n. 2b\n", "line 2"),
    ("palette: a=#000000\n. x\n", "line 2"),
    ("palette: a=#000000\n", "no grid"),
    (". 2a\n", "palette"),
    ("palette: a=#000000\n. 2a\npalette: b=#111111\n", "line 3"),
    # beyond the 4300 digits at which int() itself refuses
    ("palette: a=#000000\n. " + "9" * 5000 + "a\n", "line 2: cell 2: the number 999999999999... is too large"),
], ids=lambda v: v[:30])
def test_text_layout_errors(typed, words):
    with pytest.raises(PuzzleError) as exc:
        text.load(typed)
    assert words in str(exc.value)


def _mat_bytes(**variables) -> bytes:
    from scipy.io import savemat
    buf = io.BytesIO()
    savemat(buf, variables)
    return buf.getvalue()


def test_mat_importer():
    import numpy as np
    m = model_of(load("hand_4x3_full"))
    keys = list(m.palette)
    colours = np.array([[int(v[i:i + 2], 16) / 255 for i in (1, 3, 5)] for v in m.palette.values()])
    rows = np.array([[n, keys.index(k) + 1, r + 1, c + 1] for r, c, n, k in m.clues], dtype=float)
    raw = _mat_bytes(total_row=3, total_col=4, colordata=colours, puzzledata=rows)
    assert matfile.sniff(raw) and not matfile.sniff("MATLAB 5.0 MAT-file")
    data = matfile.load(raw)
    assert (data["width"], data["height"]) == (4, 3)
    got = FAMILY.parse(data)
    assert [(r, c, n) for r, c, n, _ in got.clues] == [(r, c, n) for r, c, n, _ in m.clues]
    assert list(got.palette.values()) == list(m.palette.values())
    # the family's importer table sniffs it too
    sniff, loader = FAMILY.importers["linkapix-mat"]
    assert sniff(raw) and loader(raw) == data


@pytest.mark.parametrize("variables, words", [
    ({"total_row": 3, "colordata": [[0, 0, 0]], "puzzledata": [[1, 1, 1, 1]]}, "total_col"),
    ({"total_row": 3, "total_col": 4, "colordata": [[0, 0]], "puzzledata": [[1, 1, 1, 1]]}, "colordata"),
    ({"total_row": 3, "total_col": 4, "colordata": [[0, 0, 0]], "puzzledata": [[1, 2, 1, 1]]}, "colour 2"),
    ({"total_row": 3, "total_col": 4, "colordata": [[0, 0, 0]], "puzzledata": [[1, 1, 9, 1]]}, "outside"),
])
def test_mat_importer_errors(variables, words):
    with pytest.raises(PuzzleError) as exc:
        matfile.load(_mat_bytes(**variables))
    assert words in str(exc.value)
    with pytest.raises(PuzzleError):
        matfile.load(b"MATLAB 5.0 MAT-file, broken")


@pytest.mark.parametrize("name, value, words", [
    # loadmat gives text as a str array, a struct as a record array, a cell array as an
    # object array: numpy's isfinite or float conversion used to fail on them
    ("total_row", "abc", "total_row must be a matrix of numbers, not text"),
    ("total_row", {"a": 1}, "total_row must be a matrix of numbers, not a struct"),
    ("colordata", "abc", "colordata must be a matrix of numbers, not text"),
    ("puzzledata", "abcd", "puzzledata must be a matrix of numbers, not text"),
    ("puzzledata", "cell", "puzzledata must be a matrix of numbers, not a cell array"),
])
def test_mat_importer_refuses_non_numeric_variables(name, value, words):
    import numpy as np
    variables = {"total_row": 1, "total_col": 2, "colordata": np.array([[0, 0, 0]]),
                 "puzzledata": np.array([[1, 1, 1, 1]])}
    if value == "cell":
        value = np.array([[1, "a"], [2, 3]], dtype=object)
    variables[name] = value
    with pytest.raises(PuzzleError) as exc:
        matfile.load(_mat_bytes(**variables))
    assert words in str(exc.value)


@pytest.mark.parametrize("colours, clues, words", [
    ([[-1, 0, 0]], [[1, 1, 1, 1]], "colordata values"),
    ([[0, 0, 0]], [[1e30, 1, 1, 1]], "number"),
])
def test_generic_loader_reports_the_mat_error(colours, clues, words):
    """A file with the MAT signature gets the .mat reader's message, not 'not UTF-8 text'."""
    import numpy as np
    from pysolver.load import load_any
    raw = _mat_bytes(total_row=1, total_col=2, colordata=np.array(colours), puzzledata=np.array(clues))
    with pytest.raises(PuzzleError) as exc:
        load_any(raw, "x.mat")
    assert words in str(exc.value) and "UTF-8" not in str(exc.value)


# -- hints ---------------------------------------------------------------------------------------
def test_hints_finish_the_puzzle():
    data = load("bench_20_full")
    m = model_of(data)
    progress = {"paths": []}
    first = FAMILY.hint(m, progress, Deadline(30))
    assert first["message"] and first["cells"]
    for _ in range(400):
        h = FAMILY.hint(m, progress, Deadline(30))
        if h is None:
            break
        assert not h.get("wrong")
        progress = h["solution"]
    assert FAMILY.check(m, progress).solved


def test_hint_names_forcing_rule():
    m = model_of(load("hand_4x3_full"))
    h = FAMILY.hint(m, {"paths": []}, Deadline(10))
    assert "only" in h["message"]


def test_hint_reports_mistakes():
    m = model_of(load("two_pictures"))
    h = FAMILY.hint(m, {"paths": [[[0, 0], [0, 1]]]}, Deadline(10))
    assert h["wrong"]                   # breaks a rule
    # a legal link that paints cells the (unique) picture does not paint that way
    from pysolver.linkapix.paper import enumerate_paths
    data = load("bench_20_part")
    m = model_of(data)
    truth = picture(m, data["solution"])
    for _, _, cells in enumerate_paths(m, Deadline(30)):
        key = truth[cells[0][0]][cells[0][1]]
        if any(truth[r][c] != key for r, c in cells):
            h = FAMILY.hint(m, {"paths": [[list(p) for p in cells]]}, Deadline(30))
            assert h["wrong"] and h["cells"]
            break
    else:
        pytest.fail("no legal but wrong link found")


def test_unfinished_links_are_judged_by_whether_a_solution_finishes_them():
    # a 9 from corner to corner of a 3x3 board: one picture, several routes; the
    # reference route goes down first, but a stub along the top can still be finished
    from pysolver.linkapix.hint import mistakes
    m = model_of({"type": "linkapix", "width": 3, "height": 3, "palette": {"a": "#000000"},
                  "clues": [[0, 0, 9, "a"], [2, 2, 9, "a"]]})
    sol = {"paths": [[[0, 0], [1, 0], [2, 0], [2, 1], [1, 1], [0, 1], [0, 2], [1, 2], [2, 2]]]}

    def said(*stubs):
        return [e["message"] for e in mistakes(m, {"paths": [], "unfinished": list(stubs)}, sol, Deadline(10))]
    assert said([[0, 0], [0, 1], [0, 2]]) == said([[2, 2], [2, 1]]) == []
    # into the middle first: (0, 2) or (2, 0) is left a dead end
    assert said([[0, 0], [1, 0], [1, 1]]) == ["the unfinished link from the 9 at row 1, col 1 is wrong: "
                                              "no solution goes that way"]
    # through a cell the picture leaves blank
    m2 = model_of(load("maker_shapes_14x14_blank"))
    data = load("maker_shapes_14x14_blank")
    truth = picture(m2, data["solution"])
    r, c, n, _ = next(cl for cl in m2.clues if cl[2] > 2 and any(
        0 <= cl[0] + dr < 14 and 0 <= cl[1] + dc < 14 and truth[cl[0] + dr][cl[1] + dc] is None
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))))
    blank = next([r + dr, c + dc] for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                 if 0 <= r + dr < 14 and 0 <= c + dc < 14 and truth[r + dr][c + dc] is None)
    (e,) = mistakes(m2, {"paths": [], "unfinished": [[[r, c], blank]]}, data["solution"], Deadline(10))
    assert "runs through cells the picture leaves blank" in e["message"] and e["cells"] == [blank]
    # what only a hostile page sends is left out: not from a clue, a jump, too long, junk
    for junk in ([[1, 1], [1, 2]], [[0, 0], [2, 0]], [[0, 0]] * 3, "x", [["a"]], [[0, 0], [0, 1]] * 5):
        assert said(junk) == []


def test_same_solution_and_picture_copy_safe():
    data = load("hand_4x3_full")
    m = model_of(data)
    sol = copy.deepcopy(data["solution"])
    sol["paths"] = [p[::-1] for p in sol["paths"]]
    assert FAMILY.check(m, sol).solved
    assert FAMILY.same_solution(m, sol, data["solution"])


@pytest.mark.parametrize("w, h, clues", [
    # 34 domino tilings of a 2x8 board, one picture
    (8, 2, [[r, c, 2, "a"] for r in range(2) for c in range(8)]),
    # a 9 snaking corner to corner through a 3x3 board: several routes, one picture
    (3, 3, [[0, 0, 9, "a"], [2, 2, 9, "a"]]),
    # 3-links in a 3x4 board that can pair up in several ways, one picture
    (4, 3, [[0, 0, 3, "a"], [2, 0, 3, "a"], [0, 1, 3, "a"], [2, 1, 3, "a"],
            [0, 2, 3, "a"], [2, 2, 3, "a"], [0, 3, 3, "a"], [2, 3, 3, "a"]]),
])
def test_path_variants_prove_unique(w, h, clues):
    m = model_of({"type": "linkapix", "width": w, "height": h, "palette": {"a": "#000000"}, "clues": clues})
    out = FAMILY.solve(m, "auto", Deadline(30), limit=2)
    assert len(out.solutions) == 1 and out.complete
    assert FAMILY.check(m, out.solutions[0]).solved


def test_milp_finish_counts_pictures():
    """The HiGHS fallback of the exact finish, on its own: the 2x3 board's three pictures."""
    from pysolver.linkapix.engine import Engine
    from pysolver.linkapix.exact import components, milp_pictures
    m = model_of(load("two_pictures"))
    eng = Engine(m, Deadline(10))
    eng.run()
    paths, _, _ = eng.residual()
    (comp,) = components(eng, paths)
    stats = {}
    found, complete = milp_pictures(eng, comp, 5, Deadline(10), stats)
    assert len(found) == 3 and complete and stats["milp_runs"] == 4
    pics = {frozenset(x for q in sel for x in eng.p_cells[q]) for sel in found}
    assert len(pics) == 3


def test_generic_loader_sniffs_both_importers():
    import numpy as np
    from pysolver.load import load_any
    raw = _mat_bytes(total_row=2, total_col=3, colordata=np.array([[0, 0, 0], [255, 0, 0]]),
                     puzzledata=np.array([[2, 1, 1, 1], [2, 1, 1, 2], [1, 2, 2, 3]]))
    p = load_any(raw, "x.mat")
    assert (p.width, p.height) == (3, 2)
    assert p.family.to_json(p.model)["palette"] == {"a": "#000000", "b": "#ff0000"}
    p = load_any("palette: a=#000000\n2a 2a\n. 1a\n")
    assert p.family.to_json(p.model)["clues"] == [[0, 0, 2, "a"], [0, 1, 2, "a"], [1, 1, 1, "a"]]


def test_a_hint_on_a_puzzle_without_a_solution_does_not_blame_the_player():
    # a 2 with no partner: nothing the player drew is at fault
    from pysolver import api
    puzzle = {"type": "linkapix", "width": 3, "height": 1, "palette": {"a": "#000000"},
              "clues": [[0, 0, 2, "a"], [0, 2, 1, "a"]]}
    said = ("this puzzle has no solution: there is one 2: numbers of 2 or more pair up, so its partner is missing "
            "or it is mistyped")
    got = api.hint(puzzle, {"paths": []})
    assert got["wrong"] and got["message"] == said and got["cells"] == [[0, 0]]
    got = api.hint(puzzle, {"paths": [[[0, 2]]]})
    assert got["wrong"] and got["message"] == said
