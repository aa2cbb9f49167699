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

def test_every_family_hint_says_where_to_look_before_what_follows():
    # The app's hints come in three presses; the first shows `focus` and says `where`
    # without giving the deduction away.
    import json as _json
    lib = ROOT / "static" / "puzzles"
    empty = {"nonogram": lambda p: {"grid": ["?" * p["width"]] * p["height"]},
             "hungrycat": lambda p: {"grid": ["?" * p["width"]] * p["height"]},
             "linkapix": lambda p: {"paths": []}, "numberlink": lambda p: {"paths": {}}}
    for name in ("nonogram-heart", "hungrycat-blob", "linkapix-heart", "numberlink-7x7"):
        p = _json.loads((lib / f"{name}.json").read_text())
        p.pop("solution", None)
        h = api.hint(p, empty[p["type"]](p), 10)
        assert h["where"].startswith("Look at") and h["where"] != h["message"], name
        assert h["focus"]["cells"] or h["focus"]["lines"], name
        assert h["cells"] and h["solution"], name


def test_a_link_a_pix_hint_is_the_most_telling_forced_link():
    import json as _json
    p = _json.loads((ROOT / "static" / "puzzles" / "linkapix-heart.json").read_text())
    p.pop("solution", None)
    h = api.hint(p, {"paths": []}, 10)
    assert len(h["cells"]) > 2        # not one of the 1s, which are forced first
