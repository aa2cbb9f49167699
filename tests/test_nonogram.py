"""Nonogram family: validation, check, codec, line solver, both methods, hints."""
from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from pysolver.base import Deadline, GaveUp, PuzzleError
from pysolver.nonogram import FAMILY
from pysolver.nonogram.linesolve import LineClue, solve_line

FIXTURES = Path(__file__).parent / "fixtures" / "nonogram"
CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus" / "nonogram"


def load(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text())


def fixture_names() -> list[str]:
    return sorted(p.stem for p in FIXTURES.glob("*.json"))


def family_keys(data: dict) -> dict:
    return {k: data[k] for k in ("rows", "cols", "palette") if k in data}


# -- validation ---------------------------------------------------------------------------

def bw(rows, cols, **extra) -> dict:
    return {"type": "nonogram", "width": len(cols), "height": len(rows), "rows": rows, "cols": cols,
            **extra}


@pytest.mark.parametrize("data, message", [
    (bw([[1], [0]], [[1], []]), "rows[1]: block 1 has length 0"),
    (bw([[1], [1]], [[1]]) | {"width": 2}, "cols: 1 clues for width 2"),
    (bw([[2, 2]], [[1], [1], [1], [1]]), "rows[0]: blocks need 5 cells, the row has 4"),
    (bw([[1]], [[2]]) | {"height": 1}, "cols[0]: blocks need 2 cells, the column has 1"),
    (bw([[2], []], [[1], []]), "the rows give 2 filled cells, the columns 1"),
    (bw([[[1, "a"]]], [[[1, "a"]]]), "no palette"),
    (bw([[[1, "z"]]], [[[1, "a"]]], palette={"a": "#ff0000"}), "'z', which is not in the palette"),
    (bw([[1]], [[[1, "a"]]], palette={"a": "#ff0000"}), "expected [length, \"colour\"]"),
    (bw([["x"]], [[1]]), "is not a whole number"),
    (bw("nope", [[1]]), "rows: expected a list"),
    (bw([[True]], [[1]]), "is not a whole number"),
    ({"type": "nonogram", "width": 1, "height": 1, "rows": [[1]]}, "cols: missing"),
    (bw([[[1, "a"]]], [[[1, "b"]]], palette={"a": "#ff0000", "b": "#00ff00"}),
     "cells of colour 'a'"),
])
def test_validation_messages(data, message):
    with pytest.raises(PuzzleError) as exc:
        FAMILY.parse(data)
    assert message in str(exc.value)


def test_multicolour_same_colour_needs_a_gap_different_colours_may_touch():
    pal = {"a": "#ff0000", "b": "#0000ff"}
    FAMILY.parse(bw([[[1, "a"], [1, "b"]]], [[[1, "a"]], [[1, "b"]]], palette=pal))
    with pytest.raises(PuzzleError, match="blocks need 3 cells"):
        FAMILY.parse(bw([[[1, "a"], [1, "a"]]], [[[1, "a"]], [[1, "a"]]], palette=pal))


@pytest.mark.parametrize("name", fixture_names())
def test_round_trip_fixtures(name):
    data = load(name)
    model = FAMILY.parse(data)
    assert FAMILY.to_json(model) == family_keys(data)
    body = FAMILY.encode_compact(model)
    assert all(ch.isalnum() or ch in ",._-" for ch in body)
    assert FAMILY.decode_compact(body, data["width"], data["height"]) == family_keys(data)


def test_compact_example_from_docstring():
    model = FAMILY.parse(bw([[3], [1, 1]], [[2], [1], [2]]))
    assert FAMILY.encode_compact(model) == "3,1.1_2,1,2"


@pytest.mark.parametrize("body", ["", "3,1.1", "3,1.1_2,1", "3,1.01_2,1,2", "3,x_2,1,2",
                                  "cff00006_1-1_1-0", "czz_1-0_1-0", "c_1_1", "3,1.1_2,1,2_"])
def test_compact_rejects_malformed(body):
    with pytest.raises(PuzzleError):
        FAMILY.decode_compact(body, 3, 2)


# -- check --------------------------------------------------------------------------------

def test_check_solution_and_errors():
    data = load("house")
    model = FAMILY.parse(data)
    assert FAMILY.check(model, data["solution"]).solved
    grid = list(data["solution"]["grid"])
    grid[0] = "#.#.."
    report = FAMILY.check(model, {"grid": grid})
    assert not report.ok and not report.solved
    lines = [line for e in report.errors for line in e["lines"]]
    assert ["row", 0] in lines and ["col", 0] in lines and ["col", 2] not in lines


@pytest.mark.parametrize("bad", [None, {}, {"grid": "x"}, {"grid": ["....."] * 4},
                                 {"grid": ["..x..", ".....", ".....", ".....", "....."]},
                                 {"grid": [1, 2, 3, 4, 5]}])
def test_check_malformed_never_raises(bad):
    report = FAMILY.check(FAMILY.parse(load("house")), bad)
    assert not report.ok and report.errors[0]["message"]


def test_check_partial_judges_complete_lines_only():
    data = load("house")
    model = FAMILY.parse(data)
    unknown = {"grid": ["?????"] * 5}
    report = FAMILY.check(model, unknown, partial=True)
    assert report.ok and not report.solved
    wrong = {"grid": ["#####"] + ["?????"] * 4}
    report = FAMILY.check(model, wrong, partial=True)
    assert not report.ok and report.errors[0]["lines"] == [["row", 0]]
    assert not FAMILY.check(model, unknown).ok  # '?' is not allowed in a full check


def test_check_multicolour_touching_blocks():
    data = load("touching")
    model = FAMILY.parse(data)
    assert FAMILY.check(model, data["solution"]).solved
    grid = list(data["solution"]["grid"])
    grid[0] = "abab"
    assert not FAMILY.check(model, {"grid": grid}).ok


# -- line solver -------------------------------------------------------------------------------

def _runs(line):
    out, prev = [], 0
    for v in line:
        if v:
            if v == prev:
                out[-1] = (out[-1][0] + 1, v)
            else:
                out.append((1, v))
        prev = v
    return tuple(out)


def test_line_solver_matches_brute_force():
    rng = random.Random(7)
    for _ in range(600):
        n = rng.randint(1, 7)
        m = rng.choice([1, 1, 2, 3])
        clue = _runs([rng.randint(1, m) if rng.random() < 0.6 else 0 for _ in range(n)])
        masks = [(1 << n) - 1] * (m + 1)
        for i in range(n):
            if rng.random() < 0.35:
                masks[rng.randint(0, m)] &= ~(1 << i)
        masks = tuple(masks)
        can = [0] * (m + 1)
        feasible = False
        for line in itertools.product(range(m + 1), repeat=n):
            if all((masks[v] >> i) & 1 for i, v in enumerate(line)) and _runs(line) == clue:
                feasible = True
                for i, v in enumerate(line):
                    can[v] |= 1 << i
        assert solve_line(LineClue(n, clue), masks) == (tuple(can) if feasible else None)


# -- solving ----------------------------------------------------------------------------------

@pytest.mark.parametrize("method", FAMILY.method_names)
@pytest.mark.parametrize("name", fixture_names())
def test_solve_fixtures(name, method):
    data = load(name)
    model = FAMILY.parse(data)
    if method == "cdcl" and model.multicolour:
        with pytest.raises(GaveUp):     # (the API then falls back to auto)
            FAMILY.solve(model, method, Deadline(20), limit=2)
        return
    out = FAMILY.solve(model, method, Deadline(20), limit=2)
    assert out.complete or len(out.solutions) == 2  # the limit may stop the search
    for sol in out.solutions:
        assert FAMILY.check(model, sol).solved
    if data.get("expect") == "unsolvable":
        assert out.solutions == []
    elif "solution" in data:
        assert out.solutions == [data["solution"]]
    else:
        assert len(out.solutions) == 2 and out.solutions[0] != out.solutions[1]


def test_probing_stats_and_unknown_method():
    model = FAMILY.parse(load("boat"))
    stats = FAMILY.solve(model, "probing", Deadline(10)).stats
    for key in ("t_line", "t_probe", "t_search", "nodes", "line_solves", "cache_hits"):
        assert isinstance(stats[key], (int, float))
    with pytest.raises(PuzzleError):
        FAMILY.solve(model, "magic", Deadline(1))


def test_search_needed_and_unique():
    # A puzzle line solving alone cannot finish (two 2x2 "diagonal" ambiguities joined
    # so that only one combination fits): probing/search must prove uniqueness.
    grid = ["#..#.", ".##..", ".#..#", "#.#.#", "..##."]
    rows = [[n for n, _ in _runs([1 if ch == "#" else 0 for ch in row])] for row in grid]
    cols = [[n for n, _ in _runs([1 if grid[r][c] == "#" else 0 for r in range(5)])] for c in range(5)]
    model = FAMILY.parse(bw(rows, cols))
    auto = FAMILY.solve(model, "auto", Deadline(10), limit=5)
    rules = FAMILY.solve(model, "rules", Deadline(10), limit=5)
    assert auto.complete and rules.complete
    assert sorted(s["grid"] for s in auto.solutions) == sorted(s["grid"] for s in rules.solutions)
    assert grid in [s["grid"] for s in auto.solutions]


def test_first_solution_found_while_probing_stops_the_search():
    # The 2x2 diagonal has two solutions; the first probe completes the grid.  With
    # limit=1 the solver returns it at once and does not claim there are no others.
    model = FAMILY.parse(bw([[1], [1]], [[1], [1]]))
    one = FAMILY.solve(model, "probing", Deadline(10), limit=1)
    assert len(one.solutions) == 1 and not one.complete
    assert one.stats["nodes"] == 0 and one.stats["probes"] == 1
    two = FAMILY.solve(model, "probing", Deadline(10), limit=3)
    assert len(two.solutions) == 2 and two.complete


# -- rules method: steps and hints -----------------------------------------------------------------

def test_steps_replay_to_the_solution():
    data = load("boat")
    model = FAMILY.parse(data)
    steps = FAMILY.steps(model, Deadline(10))
    assert steps and {s["rule"] for s in steps} <= {"simple boxes", "simple spaces", "forcing",
                                                   "contradiction"}
    grid = [["?"] * model.width for _ in range(model.height)]
    for step in steps:
        assert step["message"].startswith(step["rule"])
        kind, index = step["line"]
        for (r, c), value in zip(step["cells"], step["values"]):
            assert (r if kind == "row" else c) == index
            grid[r][c] = value
    assert ["".join(row) for row in grid] == data["solution"]["grid"]


def test_hint_gives_a_rule_step_and_spots_mistakes():
    data = load("boat")
    model = FAMILY.parse(data)
    blank = {"grid": ["?" * model.width] * model.height}
    hint = FAMILY.hint(model, blank, Deadline(10))
    assert hint["message"].startswith("simple boxes: row")
    assert FAMILY.check(model, hint["solution"], partial=True).ok
    for r, c in hint["cells"]:
        assert hint["solution"]["grid"][r][c] == data["solution"]["grid"][r][c]
    wrong = ["?" * model.width] * model.height
    wrong[0] = "#" + "?" * (model.width - 1)
    hint = FAMILY.hint(model, {"grid": wrong}, Deadline(10))
    assert hint["wrong"] and hint["cells"] == [[0, 0]]
    assert FAMILY.hint(model, data["solution"], Deadline(10)) is None


def test_render_text():
    data = load("house")
    model = FAMILY.parse(data)
    text = FAMILY.render_text(model, data["solution"])
    assert text.splitlines()[0].startswith("..#..")
    # in colour, a last line says what each key stands for
    colour = FAMILY.parse({"type": "nonogram", "width": 2, "height": 1, "palette": {"r": "#ff0000", "b": "#0000ff"},
                           "rows": [[[1, "r"], [1, "b"]]], "cols": [[[1, "r"]], [[1, "b"]]]})
    assert FAMILY.render_text(colour, {"grid": ["rb"]}) == "rb  1r 1b\nr=red  b=blue"


# -- corpus ------------------------------------------------------------------------------------

corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason="no ../shared/corpus")


@corpus
@pytest.mark.corpus
def test_corpus_round_trip_and_link():
    for path in sorted(CORPUS.glob("*.json")):
        data = json.loads(path.read_text())
        model = FAMILY.parse(data)
        assert FAMILY.to_json(model) == family_keys(data), path.name
        body = FAMILY.encode_compact(model)
        assert FAMILY.decode_compact(body, data["width"], data["height"]) == family_keys(data), path.name
        if "solution" in data:
            assert FAMILY.check(model, data["solution"]).solved, path.name


@corpus
@pytest.mark.corpus
def test_corpus_sample_solves():
    names = ["wolter-survey__webpbn-00001-dancer", "wolter-survey__webpbn-00027-bucks",
             "wolter-survey__webpbn-color-00047", "wolter-survey__webpbn-00023-edge"]
    for name in names:
        data = json.loads((CORPUS / f"{name}.json").read_text())
        model = FAMILY.parse(data)
        out = FAMILY.solve(model, "auto", Deadline(30), limit=2)
        assert out.solutions == [data["solution"]], name


def test_restarts_keep_the_search_complete(monkeypatch):
    # A tiny node budget forces restarts; the solutions must still all be found once.
    # (Seed 24 gives a random 8x8 picture whose clues have 9 solutions.)
    from pysolver.nonogram import probing
    monkeypatch.setattr(probing, "RESTART_NODES", 1)
    rng = random.Random(24)
    grid = ["".join("#" if rng.random() < 0.5 else "." for _ in range(8)) for _ in range(8)]
    rows = [[n for n, _ in _runs([1 if ch == "#" else 0 for ch in row])] for row in grid]
    cols = [[n for n, _ in _runs([1 if grid[r][c] == "#" else 0 for r in range(8)])] for c in range(8)]
    model = FAMILY.parse(bw(rows, cols))
    out = FAMILY.solve(model, "probing", Deadline(20), limit=50)
    assert out.complete and out.stats["restarts"] > 0
    found = [s["grid"] for s in out.solutions]
    assert grid in found and len(found) == len({tuple(g) for g in found})
    rules = FAMILY.solve(model, "rules", Deadline(20), limit=50)
    assert sorted(found) == sorted(s["grid"] for s in rules.solutions)


def test_a_512_by_512_picture_solves_from_the_command_line(tmp_path):
    from testkit import cli, rings_nonogram
    path = tmp_path / "rings.json"
    path.write_text(json.dumps(rings_nonogram(512)))
    res = cli("solve", str(path), "--unique", "--json", "-t", "120")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["status"] == "solved" and out["unique"] is True
    assert len(out["solution"]["grid"]) == 512 and all(len(row) == 512 for row in out["solution"]["grid"])
