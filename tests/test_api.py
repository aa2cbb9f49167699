"""The library's front door (pysolver.api): statuses, verification of every answer, deadlines."""
import pytest

import pysolver
from pysolver import api
from pysolver.base import Deadline, Outcome, PuzzleError, SolveTimeout

from testkit import FIX_CORE as FIX, HEART, ROOT


def test_solve_reports_unique_unsolvable_and_ambiguous():
    res = pysolver.solve(HEART, unique=True)
    assert res["status"] == "solved" and res["unique"] is True
    assert res["solution"] == HEART["solution"]
    assert set(res) >= {"status", "solution", "unique", "seconds", "method"}
    res = pysolver.solve((FIX / "unsolvable.json").read_text())
    assert res["status"] == "unsolvable" and res["solution"] is None
    res = pysolver.solve((FIX / "ambiguous.json").read_text(), unique=True)
    assert res["unique"] is False and res["second_solution"] != res["solution"]
    assert pysolver.solve(HEART)["unique"] is None  # not asked, not claimed


def test_solve_refuses_unknown_methods():
    with pytest.raises(PuzzleError, match="method: 'magic' is not one of"):
        pysolver.solve(HEART, method="magic")


class _LyingFamily:
    """Wraps a real family but returns a wrong solution: the API must not pass it on."""

    def __init__(self, real):
        self.real = real

    def __getattr__(self, name):
        return getattr(self.real, name)

    def solve(self, model, method, deadline, limit=1):
        return Outcome([{"grid": ["#" * 10] * 10}])


def test_a_solution_failing_the_checker_never_reaches_the_user():
    p = api.as_puzzle(HEART)
    p.family = _LyingFamily(p.family)
    res = api.solve(p)
    assert res["status"] == "error" and res["solution"] is None
    assert "checker rejects" in res["note"]


def test_deadline_and_cancel_hook():
    d = Deadline(0.0, stride=1)
    with pytest.raises(SolveTimeout):
        d.check()
    # A board whose search polls the hook: a "stop" at the first poll, or at the second,
    # ends the solve as cancelled, with no answer and no error.
    board = (ROOT / "bench" / "numberlink" / "nl30-14x14.json").read_text()
    for stop_at in (1, 2):
        calls = []
        res = api.solve(board, unique=True, cancel=lambda: calls.append(1) or len(calls) >= stop_at)
        assert len(calls) == stop_at, "the solver never asked whether to stop"
        assert res["status"] == "cancelled" and res["solution"] is None
    # and the same board, not cancelled, is solved
    assert api.solve(board, cancel=lambda: False)["status"] == "solved"