"""Work shared between Link-a-Pix engines on one board (pysolver/linkapix/memo.py) and
the grade-5 maker that uses it: sharing changes nothing of the engines' answers, only
the time (and with it the polls the maker's bound on a plateau counts)."""
from __future__ import annotations

import pytest

from pysolver import api, make
from pysolver.base import Deadline
from pysolver.linkapix.engine import Engine
from pysolver.linkapix.grade import grade, rate
from pysolver.linkapix.graded import _Links
from pysolver.linkapix.memo import Memo
from pysolver.linkapix.model import parse


def _state(eng: Engine) -> tuple:
    return bytes(eng.alive), bytes(eng.matched), bytes(eng.occupied), eng.claimed, eng.forced, eng.p_cells


def _joined_puzzles(puzzle: dict, count: int):
    """Puzzles a join or two away from ``puzzle`` and from each other, as the maker weighs."""
    links = _Links(puzzle)
    for i in range(count):
        joins = links.joins()
        if not joins:
            return
        kept = list(links.links)
        links.join(*joins[i * 7 % len(joins)])
        yield links.puzzle()
        if i % 2:
            links.links = kept       # (the others build on the join before)


@pytest.mark.parametrize("values", [{"width": 12, "height": 12, "colours": 3, "grade": 4, "seed": 2},
                                    {"width": 14, "height": 12, "colours": 2, "grade": 3, "seed": 6}])
def test_engines_with_a_memo_end_as_engines_without(values):
    memo = Memo()
    puzzle = make.make("linkapix", values)["puzzle"]
    for joined in _joined_puzzles(puzzle, 12):
        model = parse(joined)
        shared, alone = Engine(model, Deadline(60), memo=memo), Engine(model, Deadline(60))
        got, want = rate(shared, Deadline(60)), rate(alone, Deadline(60))
        assert (got.level, got.stats) == (want.level, want.stats)
        assert _state(shared) == _state(alone)
        assert got.level == grade(model, Deadline(60)).level
    # (the puzzles are alike enough that both kinds of answer were given back)
    assert memo.hits["paths"] > 0 and memo.hits["walls"] > 0


def test_a_fiendish_link_a_pix_is_made_at_the_smallest_size_it_allows():
    """(a number made in about 2 s of CPython; the joins weighed share their rules' run
    with the grade and the proof, and the engines share a memo)"""
    values = {"width": 15, "height": 15, "colours": 3, "grade": 5, "seed": 5}
    made = make.make("linkapix", values, timeout=120)
    puzzle = made["puzzle"]
    asked = {k: v for k, v in puzzle.items() if k != "solution"}
    assert puzzle["grade"] == 5 == grade(parse(asked), Deadline(60)).level
    assert made["stats"]["grade"]["stats"]["search_nodes"] > 12
    out = api.solve({k: v for k, v in asked.items() if k != "grade"}, unique=True, timeout=60)
    assert out["status"] == "solved" and out["unique"] is True


def test_a_steps_tally_counts_the_polls_of_the_bounded_proof_inside_it():
    """The grade-5 maker counts a step's work in the solver's polls (graded._Tally), those
    of the proof of uniqueness under its own bound of work included: a plateau of steps
    that cost much and grow nothing ends the picture (graded.PLATEAU_POLLS)."""
    from pysolver.base import SolveTimeout
    from pysolver.linkapix.graded import _one_picture, _Tally
    tally = _Tally(Deadline(60))
    for _ in range(7):
        tally.check()

    def endless(bounded):
        while True:
            bounded.check()
    assert _one_picture(None, endless, tally, 20) is False       # out of work: not proved
    assert tally.polls == 7 + 20

    def found_none(bounded):
        for _ in range(5):
            bounded.check()
        raise SolveTimeout("gave up")
    assert _one_picture(None, found_none, tally, 20) is False
    assert tally.polls == 7 + 20 + 5
