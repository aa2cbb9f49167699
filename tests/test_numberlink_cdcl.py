"""Clause learning over links (``pysolver/numberlink/cdcl.py``): answers under the plain
rules, self-touching ones included, checked by the rule checker and against counting."""
from __future__ import annotations

import random

import pytest

from pysolver.base import Deadline
from pysolver.numberlink.cdcl import NumberlinkCDCL, OutOfDecisions, solve_cdcl
from pysolver.numberlink.check import check_solution
from pysolver.numberlink.count import count_solutions
from pysolver.numberlink.model import make_model
from pysolver.numberlink.auto import solve_auto


def touches_itself(solution: dict) -> bool:
    """Two cells of one path are neighbours without being consecutive on it."""
    for path in solution["paths"].values():
        at = {tuple(cell): i for i, cell in enumerate(path)}
        for (r, c), i in at.items():
            for other in ((r + 1, c), (r, c + 1)):
                j = at.get(other)
                if j is not None and abs(i - j) != 1:
                    return True
    return False


def verified(model, outcome) -> list[dict]:
    for sol in outcome.solutions:
        assert check_solution(model, sol).solved, sol
    return outcome.solutions


def test_a_3x2_board_whose_only_answer_touches_itself():
    # A at both left cells: the path must go round the board, beside itself
    model = make_model(3, 2, [(0, 0, "A"), (1, 0, "A")])
    sols = verified(model, solve_cdcl(model, Deadline(10), limit=2))
    assert len(sols) == 1 and touches_itself(sols[0])
    out = solve_auto(model, Deadline(10), 2)
    assert out.complete and len(verified(model, out)) == 1


# Exactly two answers, one with a path beside itself (found with the engine over
# random 4x3 boards, counted by the frontier count below).
TWO_WAYS = make_model(4, 3, [(0, 0, "A"), (1, 2, "A"), (2, 3, "B"), (1, 1, "B")])


def test_the_second_answer_of_a_board_touches_itself():
    both = verified(TWO_WAYS, solve_cdcl(TWO_WAYS, Deadline(10), limit=3))
    assert len(both) == 2 and count_solutions(TWO_WAYS, Deadline(10), cap=3) == 2
    clean = next(s for s in both if not touches_itself(s))
    # given the answer without self-touch, the other is found; and the other way round
    other = verified(TWO_WAYS, NumberlinkCDCL(TWO_WAYS, Deadline(10), avoid=clean).solve(1))
    assert len(other) == 1 and touches_itself(other[0])
    back = verified(TWO_WAYS, NumberlinkCDCL(TWO_WAYS, Deadline(10), avoid=other[0]).solve(1))
    assert len(back) == 1 and not touches_itself(back[0])
    # and the default method reports the board as not unique
    out = solve_auto(TWO_WAYS, Deadline(10), 2)
    assert out.complete and len(verified(TWO_WAYS, out)) == 2


def test_a_no_good_on_the_only_answer_leaves_nothing():
    model = make_model(3, 2, [(0, 0, "A"), (1, 0, "A")])
    only = solve_cdcl(model, Deadline(10)).solutions[0]
    out = NumberlinkCDCL(model, Deadline(10), avoid=only).solve(1)
    assert out.solutions == [] and out.complete


def test_crossing_pairs_have_no_answer():
    model = make_model(2, 2, [(0, 0, "A"), (1, 1, "A"), (0, 1, "B"), (1, 0, "B")])
    out = solve_cdcl(model, Deadline(10), limit=2)
    assert out.solutions == [] and out.complete


def _random_board(rng: random.Random):
    w, h = rng.randint(2, 5), rng.randint(2, 5)
    pairs = rng.randint(1, min(4, w * h // 2))
    cells = rng.sample([(r, c) for r in range(h) for c in range(w)], 2 * pairs)
    return make_model(w, h, [(r, c, "ABCD"[i // 2]) for i, (r, c) in enumerate(cells)])


def test_answers_agree_with_counting_on_random_boards():
    """Up to two answers, as many as the frontier count finds, all of them valid."""
    rng = random.Random(7)
    kinds = set()
    for _ in range(150):
        model = _random_board(rng)
        out = solve_cdcl(model, Deadline(30), limit=2)
        sols = verified(model, out)
        assert out.complete or len(sols) == 2
        assert len(sols) == count_solutions(model, Deadline(30), cap=2)
        kinds.add(len(sols))
    assert kinds == {0, 1, 2}           # the sample holds every case


def test_a_budget_stops_the_search_by_decisions():
    model = make_model(5, 5, [(0, 0, "A"), (4, 4, "A")])     # one pair, many answers
    with pytest.raises(OutOfDecisions):
        NumberlinkCDCL(model, Deadline(10), budget=0).solve(2)
    assert len(verified(model, NumberlinkCDCL(model, Deadline(10), budget=10_000).solve(2))) == 2


def test_a_board_whose_only_answer_touches_itself_is_solved_and_proved_unique_by_clause_learning():
    """The scans list answers without self-touch only; when they run out, clause
    learning takes over (the path search walked every detour here for minutes)."""
    import json
    from pathlib import Path
    import pysolver
    board = json.loads((Path(__file__).parent / "fixtures" / "numberlink" / "joined-15x15-25-pairs.json").read_text())
    asked = {k: v for k, v in board.items() if k != "solution"}
    res = pysolver.solve(asked, unique=True, timeout=60)
    assert res["status"] == "solved" and res["unique"] is True
    assert touches_itself(res["solution"])
    assert check_solution(make_model(board["width"], board["height"], board["endpoints"], "full"),
                          res["solution"]).solved
