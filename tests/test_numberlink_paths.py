"""Method ``paths`` past enumeration (lazy path generation, branch and price) and the
fallback report of the HiGHS methods."""
import pytest

from pysolver import api
from pysolver.base import Deadline
from pysolver.numberlink import FAMILY, colgen, mip, pathset

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
    the default engine."""
    monkeypatch.setattr(pathset, "MAX_PATHS", 0)
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
