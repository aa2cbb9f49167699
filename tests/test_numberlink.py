"""Numberlink: validation, checker, share-link body, solvers, hints, generator."""
import json
from pathlib import Path

import pytest

from pysolver.base import Deadline, PuzzleError
from pysolver.numberlink import FAMILY
from pysolver.numberlink.generate import generate

FIX = Path(__file__).parent / "fixtures" / "numberlink"
GENERATED = sorted(FIX.glob("gen_*.json"))


def load(name):
    return json.loads((FIX / name).read_text())


def model_of(data):
    return FAMILY.parse(data)


BASE = {"type": "numberlink", "width": 4, "height": 3, "cover": "full",
        "endpoints": [[0, 0, "a"], [2, 3, "a"], [1, 1, "b"], [1, 2, "b"]]}


@pytest.mark.parametrize("change, words", [
    ({"endpoints": "x"}, "endpoints"),
    ({"endpoints": []}, "endpoints"),
    ({"endpoints": [[0, 0, "a"], [0, 0, "a"]]}, "already holds"),
    ({"endpoints": [[0, 0, "a"], [5, 0, "a"]]}, "row"),
    ({"endpoints": [[0, 0, "a"], [0, -1, "a"]]}, "col"),
    ({"endpoints": [[0, 0, "a"], [0, 1, "a"], [0, 2, "a"]]}, "3 time"),
    ({"endpoints": [[0, 0, "a"], [0, 1, "b"]]}, "1 time"),
    ({"endpoints": [[0, 0, "a b"], [0, 1, "a b"]]}, "label"),
    ({"endpoints": [[0, 0, 7], [0, 1, 7]]}, "expected text, got a number"),
    ({"endpoints": [[0, True, "a"], [0, 1, "a"]]}, "whole number"),
    ({"endpoints": [[0, 0], [0, 1, "a"]]}, r"endpoints\[0\]"),
    ({"cover": "some"}, "cover"),
])
def test_parse_rejects_with_a_message(change, words):
    with pytest.raises(PuzzleError, match=words):
        FAMILY.parse({**BASE, **change})


def test_to_json_round_trip_and_codec():
    m = model_of(BASE)
    assert FAMILY.to_json(m) == {"endpoints": BASE["endpoints"], "cover": "full"}
    body = FAMILY.encode_compact(m)
    assert body == "F.0:a.11:a.5:b.6:b"
    assert FAMILY.decode_compact(body, 4, 3) == FAMILY.to_json(m)
    for path in GENERATED + [FIX / "free_4x3.json", FIX / "rule_uturn_3x2.json"]:
        data = json.loads(path.read_text())
        m = model_of(data)
        assert FAMILY.parse({**data, **FAMILY.decode_compact(FAMILY.encode_compact(m), m.width, m.height)}) == m


@pytest.mark.parametrize("body", ["", "X.0:a", "F", "F.", "F0:a", "F.0a", "F.00:a.1:a", "F.12:a.0:a",
                                  "F.0:a.1:a b", "F.0:" + "a" * 17, "F.-1:a", "F.0:a." * 20, "F.1e3:a"])
def test_decode_rejects_hostile_bodies(body):
    with pytest.raises(PuzzleError):
        FAMILY.decode_compact(body, 4, 3)


SOLVED = {"paths": {"a": [[0, 0], [0, 1], [0, 2], [0, 3], [1, 3], [2, 3]],
                    "b": [[1, 1], [1, 0], [2, 0], [2, 1], [2, 2], [1, 2]]}}


def test_check_accepts_a_solution_and_reversed_paths():
    m = model_of(BASE)
    assert FAMILY.check(m, SOLVED).solved
    rev = {"paths": {k: v[::-1] for k, v in SOLVED["paths"].items()}}
    assert FAMILY.check(m, rev).solved
    assert FAMILY.same_solution(m, SOLVED, rev)


@pytest.mark.parametrize("paths, words", [
    ({"a": SOLVED["paths"]["a"]}, "missing"),
    ({**SOLVED["paths"], "a": [[0, 0], [0, 1], [0, 3], [1, 3], [2, 3]]}, "not a neighbour"),
    ({**SOLVED["paths"], "a": [[0, 0], [0, 1], [0, 2], [0, 3], [1, 3]]}, "does not join"),
    ({**SOLVED["paths"], "b": [[1, 1], [1, 0], [2, 0], [2, 1], [2, 2], [2, 3], [1, 3], [1, 2]]}, "share|through"),
    ({**SOLVED["paths"], "b": [[1, 1], [1, 2]]}, "lie on no path"),
    ({**SOLVED["paths"], "b": [[1, 1], [1, 0], [1, 1], [1, 2]]}, "twice"),
    ({**SOLVED["paths"], "z": [[0, 0]]}, "not a label"),
    ({**SOLVED["paths"], "a": [[0, 0], ["x", 1]]}, "row and col must be whole numbers"),
])
def test_check_names_the_broken_rule(paths, words):
    rep = FAMILY.check(model_of(BASE), {"paths": paths})
    assert not rep.ok and not rep.solved
    assert any(__import__("re").search(words, e["message"]) for e in rep.errors), rep.errors


@pytest.mark.parametrize("bad", [None, [], {"paths": []}, {"grid": 1}, {"paths": {"a": 5}}])
def test_check_never_raises_on_garbage(bad):
    assert not FAMILY.check(model_of(BASE), bad).ok


def test_check_partial():
    m = model_of(BASE)
    assert FAMILY.check(m, {"paths": {"a": [[0, 0], [0, 1]]}}, partial=True).ok
    assert FAMILY.check(m, {"paths": {"a": [[2, 3], [1, 3]]}}, partial=True).ok   # from the other end
    assert not FAMILY.check(m, {"paths": {"a": [[0, 0], [1, 0], [1, 1]]}}, partial=True).ok
    rep = FAMILY.check(m, SOLVED, partial=True)
    assert rep.solved


def test_render_text_draws_the_lines():
    text = FAMILY.render_text(model_of(BASE), SOLVED)
    assert text.splitlines()[0] == "a─────┐"
    assert len(text.splitlines()) == 3


@pytest.mark.parametrize("path", GENERATED, ids=lambda p: p.name)
def test_auto_proves_generated_puzzles_unique(path):
    data = json.loads(path.read_text())
    m = model_of(data)
    out = FAMILY.solve(m, "auto", Deadline(60), limit=2)
    assert out.complete and len(out.solutions) == 1
    assert FAMILY.check(m, out.solutions[0]).solved
    assert FAMILY.same_solution(m, out.solutions[0], data["solution"])
    assert out.stats["nodes"] >= 0


def test_rule_puzzles():
    m = model_of(load("rule_uturn_3x2.json"))
    out = FAMILY.solve(m, "auto", Deadline(10), limit=2)
    assert out.complete and len(out.solutions) == 1      # found by the plain-rule fallback
    m = model_of(load("unsolvable_crossing_2x2.json"))
    for method in FAMILY.method_names:
        out = FAMILY.solve(m, method, Deadline(10), limit=2)
        assert out.solutions == [] and out.complete
    m = model_of(load("free_4x3.json"))
    out = FAMILY.solve(m, "auto", Deadline(10), limit=2)
    assert len(out.solutions) == 2 and all(FAMILY.check(m, s).solved for s in out.solutions)
    assert not FAMILY.same_solution(m, *out.solutions)


def _touches_itself(solution, beside_ends=False):
    """Two neighbouring cells of one path are not consecutive on it (with
    ``beside_ends``: unless one of them is an endpoint of that path)."""
    for path in solution["paths"].values():
        where = {tuple(p): i for i, p in enumerate(path)}
        ends = (0, len(path) - 1)
        for i, (r, c) in enumerate(path):
            for q in ((r + 1, c), (r, c + 1)):
                if q in where and abs(where[q] - i) != 1:
                    if not (beside_ends and (i in ends or where[q] in ends)):
                        return True
    return False


def test_methods_agree_on_small_boards():
    for path in [FIX / "gen_5x5_s1.json", FIX / "gen_7x7_s2.json", FIX / "free_4x3.json", FIX / "rule_uturn_3x2.json"]:
        m = model_of(json.loads(path.read_text()))
        auto = FAMILY.solve(m, "auto", Deadline(20), limit=2)
        paths = FAMILY.solve(m, "paths", Deadline(20), limit=2)
        assert len(auto.solutions) == len(paths.solutions), path.name
        assert paths.complete
        for s in paths.solutions:
            assert FAMILY.check(m, s).solved
        # the link model is exact under the plain rules: it counts as the others do
        mip = FAMILY.solve(m, "mip", Deadline(20), limit=2)
        assert mip.complete and len(mip.solutions) == len(auto.solutions), path.name
        assert all(FAMILY.check(m, s).solved for s in mip.solutions)


def test_mip_finds_the_answer_that_runs_beside_itself():
    """A 3x2 board whose only answer goes round the board, its path beside itself:
    the link model finds it and proves it the only one (the neighbour-counting model
    found nothing there)."""
    m = model_of({"type": "numberlink", "width": 3, "height": 2, "cover": "full",
                  "endpoints": [[0, 0, "a"], [1, 0, "a"]]})
    out = FAMILY.solve(m, "mip", Deadline(20), limit=2)
    assert out.complete and len(out.solutions) == 1
    assert FAMILY.check(m, out.solutions[0]).solved and _touches_itself(out.solutions[0])


def test_paths_goes_lazy_on_open_boards_instead_of_giving_up(monkeypatch):
    """Past the list's cap ``paths`` makes its columns lazily and answers by itself
    (a give-up and its fallback note: tests/test_numberlink_paths.py)."""
    from pysolver import api
    from pysolver.numberlink import pathset
    monkeypatch.setattr(pathset, "MAX_PATHS", 1000)
    board = {"type": "numberlink", "width": 8, "height": 8, "cover": "free",
             "endpoints": [[0, 0, "a"], [0, 7, "a"], [7, 0, "b"], [7, 7, "b"]]}
    with pytest.raises(pathset.TooMany, match="candidate paths"):
        pathset.enumerate_paths(model_of(board), Deadline(30), 1000)
    out = api.solve(board, method="paths", timeout=30)
    assert out["status"] == "solved" and out["method"] == "paths"
    assert "too open" in out["stats"]["lazy"] and "took over" not in out.get("note", "")


def test_paths_prunes_but_keeps_every_answer():
    """Pruned enumeration, same answers as the exact engine: a 4x3 board with two
    answers (one of them beside itself) and a 3x2 board whose only answer is."""
    from pysolver.numberlink.cdcl import solve_cdcl
    for board in ({"width": 4, "height": 3, "endpoints": [[0, 0, "A"], [1, 2, "A"], [2, 3, "B"], [1, 1, "B"]]},
                  {"width": 3, "height": 2, "endpoints": [[0, 0, "a"], [1, 0, "a"]]},
                  load("gen_7x7_s2.json")):
        m = model_of({"type": "numberlink", "cover": "full", **board})
        out = FAMILY.solve(m, "paths", Deadline(30), limit=2)
        exact = solve_cdcl(m, Deadline(30), limit=2)
        assert out.complete and len(out.solutions) == len(exact.solutions)
        assert all(FAMILY.check(m, s).solved for s in out.solutions)
        if len(out.solutions) == 2:
            assert not FAMILY.same_solution(m, *out.solutions)


def test_unknown_method():
    with pytest.raises(PuzzleError):
        FAMILY.solve(model_of(BASE), "magic", Deadline(1))


def test_hints_walk_to_the_solution():
    data = load("gen_8x6_s3.json")
    m = model_of(data)
    progress = {"paths": {}}
    for _ in range(200):
        h = FAMILY.hint(m, progress, Deadline(10))
        if h is None:
            break
        assert not h.get("wrong") and h["cells"] and h["message"]
        # (a forced run drawn whole says so: its reason is the first step's)
        if len(h["cells"]) > 1 and h["message"].startswith("the "):
            assert h["message"].endswith(f"(drawn on for {len(h['cells'])} cells, each forced by the ones before it)")
        progress = h["solution"]
        assert FAMILY.check(m, progress, partial=True).ok
    assert FAMILY.check(m, progress).solved
    assert FAMILY.same_solution(m, progress, data["solution"])


def test_where_nothing_is_forced_on_a_board_of_several_solutions_a_hint_follows_a_known_one(monkeypatch):
    """(a player's review: on a 50x50 board with two solutions the hint's own search ran
    past its 20 s, where the solve that looked up the solutions had found two in 2 s)"""
    from pysolver.numberlink import hint as hint_module
    from pysolver import reference
    m = model_of({"type": "numberlink", "width": 3, "height": 3, "endpoints": [[0, 0, "A"], [2, 2, "A"]],
                  "cover": "full"})
    ref = reference.lookup(FAMILY, m, Deadline(10))
    assert ref.status == "several" and len(ref.solutions) == 2

    class OnlyPropagation(hint_module.Search):
        # (forced moves are found by a search for one answer with a log; the fallback
        # that looks for two answers must not run)
        def run(self, limit, *args, **kwargs):
            assert limit == 1, "searched for the next step again"
            return super().run(limit, *args, **kwargs)
    monkeypatch.setattr(hint_module, "Search", OnlyPropagation)
    progress = {"paths": {}}
    said = []
    for _ in range(20):
        h = FAMILY.hint(m, progress, Deadline(10))
        if h is None:
            break
        assert not h.get("wrong"), h
        said.append(h["message"])
        progress = h["solution"]
    assert "one way to continue (the puzzle has more than one solution)" in said[0]
    assert FAMILY.check(m, progress).solved
    assert any(FAMILY.same_solution(m, progress, s) for s in ref.solutions)


def test_hint_flags_wrong_lines():
    data = load("gen_8x6_s3.json")
    m = model_of(data)
    lab, path = next(iter(data["solution"]["paths"].items()))
    r, c = path[0]
    # Any first step other than the solution's is wrong since the answer is unique.
    others = [[r + dr, c + dc] for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
              if 0 <= r + dr < m.height and 0 <= c + dc < m.width and [r + dr, c + dc] != path[1]
              and (r + dr, c + dc) not in {(e[0], e[1]) for e in data["endpoints"]}]
    for step in others:
        h = FAMILY.hint(m, {"paths": {lab: [[r, c], step]}}, Deadline(20))
        assert h is not None and h.get("wrong"), step
    assert FAMILY.hint(m, {"paths": {lab: [[r, c], [r + 5, c]]}}, Deadline(5))["wrong"]
    assert FAMILY.hint(m, data["solution"], Deadline(5)) is None


def test_generator_is_deterministic_and_unique():
    a = generate(6, 5, 11)
    assert a == generate(6, 5, 11)
    m = model_of(a)
    assert FAMILY.check(m, a["solution"]).solved
    out = FAMILY.solve(m, "auto", Deadline(20), limit=2)
    assert out.complete and len(out.solutions) == 1
    with pytest.raises(PuzzleError):
        generate(6, 5, 1, cover="odd")


def _key(solution):
    return tuple(sorted((lab, tuple(map(tuple, min(p, p[::-1])))) for lab, p in solution["paths"].items()))


SIX = {"type": "numberlink", "width": 6, "height": 6, "cover": "full",
       "endpoints": [[1, 1, "d"], [1, 2, "c"], [1, 3, "b"], [1, 4, "d"], [4, 1, "e"], [4, 2, "c"],
                     [4, 3, "b"], [4, 4, "e"]]}


@pytest.mark.parametrize("data", [
    SIX,
    {**SIX, "width": 7, "endpoints": [[0, 2, "a"], [0, 3, "d"], [0, 4, "a"], [1, 2, "b"], [1, 4, "b"],
                                      [2, 2, "c"], [2, 3, "d"], [2, 4, "c"]]},
    {**SIX, "width": 4, "height": 4, "endpoints": [[0, 3, "a"], [3, 3, "a"], [1, 1, "b"], [2, 3, "b"]]},
    {**SIX, "width": 5, "height": 5, "endpoints": [[0, 0, "a"], [0, 4, "a"], [4, 0, "b"], [4, 4, "b"]]},
])
@pytest.mark.parametrize("beside_ends", [False, True])
def test_scan_lists_exactly_the_answers_without_self_touch(data, beside_ends):
    from pysolver.numberlink.scan import Scan
    from pysolver.numberlink.search import Search
    m = model_of(data)
    every = {_key(s): s for s in Search(m, False, Deadline(20)).run(10_000)}
    clean = {k for k, s in every.items() if not _touches_itself(s, beside_ends)}
    scanned = [_key(s) for s in Scan(m, Deadline(20), beside_ends=beside_ends).solutions()]
    assert len(scanned) == len(set(scanned))
    assert set(scanned) == clean


def test_scan_lists_exactly_the_answers_without_self_touch_on_random_boards():
    """Propagation only prunes what the rule forbids: on random small boards (random
    full-cover paths, or endpoints anywhere) the scan lists exactly the answers without
    self-touch, under either rule."""
    import random
    from pysolver.numberlink.generate import _random_paths
    from pysolver.numberlink.model import make_model
    from pysolver.numberlink.scan import Scan
    from pysolver.numberlink.search import Search
    with_clean = {False: 0, True: 0}
    for seed in range(80):
        rng = random.Random(seed)
        w, h = rng.randint(3, 6), rng.randint(3, 6)
        if seed % 2:
            paths = None
            while paths is None:
                paths = _random_paths(w, h, rng, True)
            ends = [(*divmod(p[e], w), f"L{k}") for k, p in enumerate(paths) for e in (0, -1)]
        else:
            cells = rng.sample([(r, c) for r in range(h) for c in range(w)], 2 * rng.randint(1, min(5, w * h // 2)))
            ends = [(r, c, f"L{i // 2}") for i, (r, c) in enumerate(cells)]
        m = make_model(w, h, ends)
        every = {_key(s): s for s in Search(m, False, Deadline(20)).run(100_000)}
        for beside_ends in (False, True):
            clean = {k for k, s in every.items() if not _touches_itself(s, beside_ends)}
            scanned = [_key(s) for s in Scan(m, Deadline(20), beside_ends=beside_ends).solutions()]
            assert len(scanned) == len(set(scanned)), seed
            assert set(scanned) == clean, (seed, beside_ends)
            with_clean[beside_ends] += bool(clean)
    assert min(with_clean.values()) >= 10


@pytest.mark.parametrize("data", [SIX, {**SIX, "width": 7, "endpoints": [
    [0, 2, "a"], [0, 3, "d"], [0, 4, "a"], [1, 2, "b"], [1, 4, "b"], [2, 2, "c"], [2, 3, "d"], [2, 4, "c"]]}])
def test_first_answers_from_both_scan_corners_are_valid_and_distinct(data):
    from pysolver.numberlink.auto import CORNERS, _first_full, _flipped, _key, _unflipped
    m = model_of(data)
    found = _first_full(m, Deadline(20), 10, {})
    assert 0 < len(found) < 10              # (fewer than asked: the scans ran out)
    assert all(FAMILY.check(m, s).solved for s in found)
    assert len({_key(s) for s in found}) == len(found)
    for corner in CORNERS:
        assert _flipped(_flipped(m, *corner), *corner) == m
        assert _unflipped(_unflipped(found[0], m, *corner), m, *corner) == found[0]


def test_scan_gives_way_to_the_weaker_rule_when_every_answer_passes_an_endpoint():
    """This generated board's only answer hooks a path beside its own endpoint."""
    from pysolver.numberlink.auto import _first_full
    m = model_of(load("gen_7x7_s2.json"))
    found = _first_full(m, Deadline(20), 1, {})
    assert len(found) == 1 and FAMILY.check(m, found[0]).solved
    assert _touches_itself(found[0]) and not _touches_itself(found[0], beside_ends=True)


def test_scan_pauses_at_its_budget_and_resumes():
    from pysolver.numberlink.scan import Scan
    m = model_of(load("gen_12x12_s5.json"))
    whole = list(Scan(m, Deadline(20), beside_ends=True).solutions())
    scan = Scan(m, Deadline(20), node_limit=3, beside_ends=True)
    paused = 0
    got = []
    for sol in scan.solutions():
        if sol is None:
            paused += 1
            scan.node_limit += 3
        else:
            got.append(sol)
    assert paused and len(whole) == 1 and got == whole


def test_the_region_tests_by_flood_fill_and_by_arrays_agree():
    # The search picks one by board size and runtime, so both must give the same answer
    # on any state: random boards with random cells taken and random pairs joined.
    import random

    from pysolver.numberlink import search
    from pysolver.numberlink.model import make_model
    from random_boards import random_ends

    rng = random.Random(5)
    said = {True: 0, False: 0}
    for _ in range(300):
        w, h, ends = random_ends(rng, max_pairs=6, sides=(3, 9))
        b = search._Board(make_model(w, h, ends))
        for q in b.interior:
            if b.emp[q] and rng.random() < 0.3:
                b.emp[q] = 0
        b.done = [rng.random() < 0.2 for _ in b.done]
        for full in (True, False):
            stats = {"region_checks": 0, "t_regions": 0.0}
            flood = search._flood_region_test(b, full, stats)()
            assert flood == search._array_region_test(b, full, stats)()
            said[flood] += 1
    assert min(said.values()) > 50       # both answers were met often
