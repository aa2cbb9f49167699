"""Method ``paths`` past enumeration (lazy path generation, branch and price), the
fallback report of the HiGHS methods, and the links both fix before their models
(``deduce``)."""
import json

import pytest

from pysolver import api
from pysolver.base import Deadline
from pysolver.numberlink import FAMILY, colgen, deduce, mip, pathset
from testkit import FIXTURES

#: an open 12x12 board, free cover, three pairs: far too many paths to list
OPEN_12 = {"type": "numberlink", "width": 12, "height": 12, "cover": "free",
           "endpoints": [[0, 0, "a"], [11, 11, "a"], [0, 5, "b"], [3, 10, "b"], [11, 0, "c"], [6, 3, "c"]]}


def test_an_open_board_is_solved_by_lazy_path_generation():
    m = FAMILY.parse(OPEN_12)
    with pytest.raises(pathset.TooMany):
        pathset.enumerate_paths(m, Deadline(60))
    out = FAMILY.solve(m, "paths", Deadline(60), limit=2)
    assert "too open" in out.stats["lazy"] and out.stats["columns"] > 0
    assert out.complete and len(out.solutions) == 2
    assert all(FAMILY.check(m, s).solved for s in out.solutions)
    assert not FAMILY.same_solution(m, *out.solutions)


@pytest.mark.parametrize("board, answers", [
    # two answers, one running beside itself
    ({"width": 4, "height": 3, "cover": "full",
      "endpoints": [[0, 0, "A"], [1, 2, "A"], [2, 3, "B"], [1, 1, "B"]]}, 2),
    # one answer, beside itself
    ({"width": 3, "height": 2, "cover": "full", "endpoints": [[0, 0, "a"], [1, 0, "a"]]}, 1),
    # no answer: the two pairs cross
    ({"width": 2, "height": 2, "cover": "free",
      "endpoints": [[0, 0, "a"], [1, 1, "a"], [0, 1, "b"], [1, 0, "b"]]}, 0),
    ({"width": 5, "height": 4, "cover": "full",
      "endpoints": [[0, 0, "a"], [3, 4, "a"], [0, 4, "b"], [2, 2, "b"], [3, 0, "c"], [1, 1, "c"]]}, None),
    ({"width": 6, "height": 5, "cover": "free",
      "endpoints": [[0, 0, "a"], [4, 5, "a"], [0, 5, "b"], [2, 1, "b"], [4, 0, "c"], [2, 4, "c"]]}, None),
])
def test_branch_and_price_counts_as_the_exact_engine(board, answers, monkeypatch):
    """With the list cut short at once, every board goes through column generation:
    the answers, their number (0, 1, or a second one found) and the proofs agree with
    the default engine.  (Probing is off: it settles some of these boards before
    any path is made, and so does the colour count, off too.)"""
    monkeypatch.setattr(pathset, "MAX_PATHS", 0)
    monkeypatch.setattr(pathset, "colours_balance", lambda model: True)
    monkeypatch.setattr(deduce, "MAX_PROBES", 0)
    monkeypatch.setattr(deduce, "DEEP_PROBES", 0)
    m = FAMILY.parse({"type": "numberlink", **board})
    out = FAMILY.solve(m, "paths", Deadline(60), limit=2)
    exact = FAMILY.solve(m, "auto", Deadline(60), limit=2)
    assert "lazy" in out.stats or answers == 0       # (no path at all for a crossing pair)
    assert out.complete and len(out.solutions) == len(exact.solutions)
    if answers is not None:
        assert len(out.solutions) == answers
    assert all(FAMILY.check(m, s).solved for s in out.solutions)
    if len(out.solutions) == 2:
        assert not FAMILY.same_solution(m, *out.solutions)


def test_uniqueness_by_a_no_good_and_pricing_again(monkeypatch):
    """Two answers that differ in more than one path's order: the second comes from
    the no-good row and new columns, not from a same-cells twin."""
    monkeypatch.setattr(pathset, "MAX_PATHS", 0)
    m = FAMILY.parse({"type": "numberlink", "width": 3, "height": 3, "cover": "full",
                      "endpoints": [[0, 0, "a"], [2, 2, "a"], [1, 1, "b"], [0, 2, "b"]]})
    out = FAMILY.solve(m, "paths", Deadline(60), limit=2)
    exact = FAMILY.solve(m, "auto", Deadline(60), limit=2)
    assert out.complete and len(out.solutions) == len(exact.solutions)
    assert all(FAMILY.check(m, s).solved for s in out.solutions)


def test_other_order_finds_the_twin_of_a_path():
    """Two orders over the same cells are one column: the twin is found apart."""
    m = FAMILY.parse({"type": "numberlink", "width": 3, "height": 3, "cover": "full",
                      "endpoints": [[0, 0, "a"], [2, 2, "a"]]})
    snake = [0, 1, 2, 5, 4, 3, 6, 7, 8]
    twin = colgen.other_order(m, 0, snake, Deadline(10))
    assert twin is not None and twin != snake and sorted(twin) == sorted(snake)
    assert FAMILY.check(m, {"paths": {"a": [list(m.rc(p)) for p in twin]}}).solved
    assert colgen.other_order(m, 0, [0, 1, 2, 5, 8], Deadline(10)) is None


def test_a_method_that_gives_up_is_reported_as_a_fallback(monkeypatch):
    monkeypatch.setattr(mip, "MAX_VARS", 10)
    board = {"type": "numberlink", "width": 4, "height": 3, "cover": "full",
             "endpoints": [[0, 0, "a"], [2, 3, "a"], [1, 1, "b"], [1, 2, "b"]]}
    out = api.solve(board, method="mip", timeout=30)
    assert out["status"] == "solved" and out["method"] == "auto"
    assert "mip gave up" in out["note"] and "auto took over" in out["note"]


def _links(m, solution) -> set[frozenset]:
    cells = {lab: [r * m.width + c for r, c in path] for lab, path in solution["paths"].items()}
    return {frozenset(pair) for path in cells.values() for pair in zip(path, path[1:])}


@pytest.mark.parametrize("name", ["gen_8x6_s3.json", "gen_12x12_s5.json"])
def test_forced_links_lie_in_every_answer_and_probing_finds_more(name):
    """What ``deduce`` fixes before the models is in the answer (these boards have one),
    and probing (a look-ahead of one move) forces more than propagation alone."""
    m = FAMILY.parse(json.loads((FIXTURES / "numberlink" / name).read_text()))
    bare = deduce.Forced(m, Deadline(30), probe=False)
    probed = deduce.Forced(m, Deadline(30))
    assert not probed.contradiction and len(probed.links()) > len(bare.links())
    exact = FAMILY.solve(m, "auto", Deadline(30), limit=2)
    assert exact.complete and len(exact.solutions) == 1
    assert {frozenset(pq) for pq in probed.links()} <= _links(m, exact.solutions[0])
    for method in ("paths", "mip"):
        out = FAMILY.solve(m, method, Deadline(30), limit=2)
        assert out.complete and len(out.solutions) == 1 and FAMILY.check(m, out.solutions[0]).solved
        assert out.stats["forced_links"] == len(probed.links())
        assert f"propagated {len(probed.links())} links before the model" in out.note, out.note


def test_a_board_that_probing_refutes_has_no_answer_in_either_model():
    """Three pairs on a 5x4 board that propagation alone does not refute: every way
    on of some line end leads to a contradiction, so there is no answer; both models
    say so without being built."""
    m = FAMILY.parse({"type": "numberlink", "width": 5, "height": 4, "cover": "full",
                      "endpoints": [[0, 0, "a"], [3, 4, "a"], [0, 4, "b"], [2, 2, "b"], [3, 0, "c"], [1, 1, "c"]]})
    assert not deduce.Forced(m, Deadline(30), probe=False).contradiction
    assert deduce.Forced(m, Deadline(30)).contradiction
    assert FAMILY.solve(m, "auto", Deadline(30), limit=2).solutions == []
    for method in ("paths", "mip"):
        out = FAMILY.solve(m, method, Deadline(30), limit=2)
        assert out.complete and out.solutions == [] and "contradiction" in out.note


#: an 8x8 full-cover board from the maker (seed 16, 8 pairs): probing one move ahead
#: forces 4 links, two moves ahead every link
DEEP_8 = {"type": "numberlink", "width": 8, "height": 8, "cover": "full", "endpoints": [
    [0, 6, "A"], [0, 7, "E"], [1, 1, "G"], [1, 3, "F"], [1, 5, "D"], [1, 6, "E"], [3, 0, "H"], [3, 2, "F"],
    [3, 6, "C"], [4, 2, "G"], [4, 6, "B"], [4, 7, "D"], [6, 1, "A"], [6, 4, "H"], [6, 6, "C"], [7, 4, "B"]]}


def test_a_list_too_long_asks_for_deeper_deductions_first(monkeypatch):
    """When the first list passes its step budget, ``paths`` probes two moves ahead
    before it gives the list up; what that forces is in the (only) answer."""
    m = FAMILY.parse(DEEP_8)
    forced = deduce.Forced(m, Deadline(30))
    one_ahead = len(forced.links())
    assert forced.deepen() and len(forced.links()) > one_ahead
    exact = FAMILY.solve(m, "auto", Deadline(30), limit=2)
    assert exact.complete and len(exact.solutions) == 1
    assert {frozenset(pq) for pq in forced.links()} <= _links(m, exact.solutions[0])
    monkeypatch.setattr(pathset, "FIRST_STEPS", 0)
    out = FAMILY.solve(m, "paths", Deadline(30), limit=2)
    assert out.complete and len(out.solutions) == 1 and FAMILY.check(m, out.solutions[0]).solved
    assert "lazy" not in out.stats and "probing 2 moves ahead" in out.note
    assert out.stats["forced_links"] == len(forced.links())


#: our own open full-cover board, 7x7 with 3 pairs (a random Hamiltonian path of the
#: grid cut in three, as bench/nl_fewpairs.py makes them): too open to list the paths
OPEN_7 = {"type": "numberlink", "width": 7, "height": 7, "cover": "full",
          "endpoints": [[2, 0, "a"], [6, 2, "a"], [6, 3, "b"], [2, 4, "b"], [2, 5, "c"], [0, 6, "c"]]}


def test_paths_solves_an_open_board_with_few_pairs_by_itself():
    m = FAMILY.parse(OPEN_7)
    out = FAMILY.solve(m, "paths", Deadline(30), limit=1)
    assert "lazy" in out.stats
    assert len(out.solutions) == 1 and FAMILY.check(m, out.solutions[0]).solved


def test_paths_proves_no_answer_by_the_colour_count():
    """One end of OPEN_7 moved to a neighbour of the other colour: the chessboard count
    of the cells can no longer be met (the path-set LP has no solution), said at once."""
    moved = {**OPEN_7, "endpoints": [[3, 0, "a"]] + OPEN_7["endpoints"][1:]}
    m = FAMILY.parse(moved)
    assert pathset.colours_balance(FAMILY.parse(OPEN_7)) and not pathset.colours_balance(m)
    out = FAMILY.solve(m, "paths", Deadline(30), limit=1)
    assert out.complete and not out.solutions and "colours" in out.note
    assert not FAMILY.solve(m, "auto", Deadline(30), limit=1).solutions


def test_a_constructed_answer_seeds_the_pool_and_the_model_picks_it():
    """An open 12x12 full-cover board with three pairs (a Hamiltonian path of our own
    cut in three): the construction's paths seed the pool, the master chooses them, the
    answer is checked; asked for two answers, no construction is tried."""
    from pysolver.numberlink.seedpaths import seed_answer
    rows = [[(r, c if r % 2 == 0 else 11 - c) for c in range(12)] for r in range(12)]
    snake = [cell for row in rows for cell in row]
    ends = [snake[0], snake[40], snake[41], snake[100], snake[101], snake[143]]
    m = FAMILY.parse({"type": "numberlink", "width": 12, "height": 12, "cover": "full",
                      "endpoints": [[*cell, "abc"[i // 2]] for i, cell in enumerate(ends)]})
    seeds = seed_answer(m, Deadline(30))
    assert seeds is not None and sorted(p for path in seeds.values() for p in path) == list(range(144))
    out = FAMILY.solve(m, "paths", Deadline(30), limit=1)
    assert out.stats["seeded"] == 3 and "seed" in out.stats["lazy"]
    assert len(out.solutions) == 1 and FAMILY.check(m, out.solutions[0]).solved
