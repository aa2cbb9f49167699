"""The Numberlink generator: every board it makes is valid, fully covered under full
cover, free of self-touching paths, unique under the plain rules, and reproducible."""
import itertools
import json
import random
from pathlib import Path

import pytest

import pysolver
from pysolver import base
from pysolver.base import Cancelled, Deadline, Outcome, PuzzleError, SolveTimeout
from pysolver.numberlink import FAMILY
from pysolver.numberlink import generate as generate_mod
from pysolver.numberlink.generate import generate

FIXTURES = Path(__file__).parent / "fixtures" / "numberlink"


def touches_itself(path):
    """Two cells of the path are grid neighbours without following each other on it."""
    index = {tuple(p): i for i, p in enumerate(path)}
    for i, (r, c) in enumerate(path):
        for q in ((r + 1, c), (r, c + 1)):
            j = index.get(q)
            if j is not None and abs(i - j) != 1:
                return True
    return False


@pytest.mark.parametrize("w,h,seed", [(5, 5, 1), (8, 8, 2), (10, 6, 3), (12, 12, 4)])
def test_full_cover_boards_are_covered_unique_and_puzzle_like(w, h, seed):
    puzzle = generate(w, h, seed, "full", Deadline(60))
    model = FAMILY.parse(puzzle)
    assert FAMILY.check(model, puzzle["solution"]).solved
    paths = puzzle["solution"]["paths"]
    assert sum(len(p) for p in paths.values()) == w * h
    assert not any(touches_itself(p) for p in paths.values())
    res = pysolver.solve({k: v for k, v in puzzle.items() if k != "solution"}, unique=True)
    assert res["status"] == "solved" and res["unique"] is True
    assert FAMILY.same_solution(model, res["solution"], puzzle["solution"])
    # the same seed gives the same board
    assert generate(w, h, seed, "full", Deadline(60)) == puzzle


def test_free_cover_and_tiny_boards():
    puzzle = generate(5, 5, 1, "free", Deadline(60))
    model = FAMILY.parse(puzzle)
    assert model.cover == "free" and FAMILY.check(model, puzzle["solution"]).solved
    assert pysolver.solve({k: v for k, v in puzzle.items() if k != "solution"}, unique=True)["unique"] is True
    for w, h in ((2, 1), (1, 3), (2, 2), (3, 3)):
        tiny = generate(w, h, 0, "full", Deadline(10))
        assert FAMILY.check(FAMILY.parse(tiny), tiny["solution"]).solved


def test_bad_requests_are_named():
    with pytest.raises(PuzzleError, match="cover"):
        generate(5, 5, 0, "partial")
    with pytest.raises(PuzzleError, match="too small"):
        generate(1, 1, 0)


def test_worker_command_makes_a_titled_board_and_names_bad_sizes():
    import json

    from pysolver import webapi
    maker = {"type": "numberlink", "maker": "random"}
    out = json.loads(webapi.handle(json.dumps({"cmd": "make", "args": {**maker, "width": 6, "height": 5, "seed": 3}})))
    assert out["ok"] and out["result"]["puzzle"]["title"] == "Numberlink 6×5 #3"
    assert out["result"]["puzzle"]["endpoints"] == generate(6, 5, 3)["endpoints"]
    for args, words in (({"width": 60, "height": 5}, "Width: 60 is more than 30"),
                        ({"width": 31, "height": 20}, "Width: 31 is more than 30"),
                        ({"width": "x", "height": 5}, "Width: 'x' is not a whole number"),
                        ({"width": 5, "height": 5, "seed": -1}, "Number: -1 is less than 0")):
        bad = json.loads(webapi.handle(json.dumps({"cmd": "make", "args": {**maker, **args}})))
        assert not bad["ok"] and bad["kind"] == "input" and words in bad["error"]


SAME_BOARD_CASES = [(6, 6, 1, "full"), (8, 8, 2, "full"), (10, 10, 42, "full"), (12, 9, 5, "full"),
                    (5, 5, 1, "free")]


@pytest.mark.parametrize("w,h,seed,cover", SAME_BOARD_CASES)
def test_the_board_does_not_depend_on_the_speed_of_the_machine(monkeypatch, w, h, seed, cover):
    """Tries are dropped after a count of decisions, not a time.  Here every clock read
    takes a whole second and every deadline reads the clock at each check (a very slow
    machine): a per-try time limit would drop every try, a work budget gives the same
    board as a fast run."""
    board = generate(w, h, seed, cover, Deadline(600))
    ticks = itertools.count()
    monkeypatch.setattr(base.time, "perf_counter", lambda: float(next(ticks)))
    monkeypatch.setattr(base.Deadline.__init__, "__defaults__", (None, None, 1))   # stride 1
    assert generate(w, h, seed, cover, Deadline(10**9)) == board


def test_a_30x30_board_from_a_number_is_unique_and_made_again_the_same():
    """The largest board the app offers: clause learning carried from cut to cut
    (``cdcl.after_cut``) and cuts where a search fought most must still give a board
    whose answer an independent solve proves the only one."""
    puzzle = generate(30, 30, 1, "full", Deadline(120))
    model = FAMILY.parse(puzzle)
    assert FAMILY.check(model, puzzle["solution"]).solved
    res = pysolver.solve({k: v for k, v in puzzle.items() if k != "solution"}, unique=True, timeout=120)
    assert res["status"] == "solved" and res["unique"] is True
    assert generate(30, 30, 1, "full", Deadline(120)) == puzzle


def test_clauses_learned_before_a_cut_are_restated_for_the_cut_board():
    from pysolver.numberlink.cdcl import after_cut
    v = 7
    clauses = [([2 * v + 1, 4], 2), ([2 * v, 4, 9], 3), ([2 * v], 1), ([3, 5], 2)]
    # "v used" satisfies the first (dropped); "v unused" is false and leaves the others
    assert after_cut(clauses, v) == [([4, 9], 3), ([], 1), ([3, 5], 2)]


def test_running_out_of_time_fails_instead_of_settling_for_another_board():
    with pytest.raises(SolveTimeout, match="could not make a 10x10 board"):
        generate(10, 10, 42, "full", Deadline(0))


def test_a_cancel_is_reported_as_a_cancel_not_as_running_out_of_time():
    calls = itertools.count()
    with pytest.raises(Cancelled):    # cancelled while the solver works, not before
        generate(12, 12, 42, "full", Deadline(60, cancel=lambda: next(calls) > 50, stride=1))


def test_a_second_answer_known_only_from_counting_is_not_taken_for_uniqueness(monkeypatch):
    """A count of two without a drawing leaves nowhere to cut: the try is dropped.
    (Under free cover; full cover proves by clause learning, which always draws.)"""
    puzzle = generate(5, 5, 1)
    monkeypatch.setattr(generate_mod, "solve_auto",
                        lambda *args, **kwargs: Outcome([puzzle["solution"]], True, more=True))
    paths = [[r * 5 + c for r, c in path] for path in puzzle["solution"]["paths"].values()]
    assert generate_mod._settle(paths, 5, 5, "free", random.Random(0), Deadline(10), 1000) is None


def test_a_cut_at_a_link_the_other_answer_does_not_use_rules_it_out():
    """The two answers use the same cells, so only a link tells them apart."""
    ours = [[0, 1, 2, 5, 4, 3, 6, 7, 8]]                 # snakes through a 3x3 board: by rows
    theirs = [0, 3, 6, 7, 4, 1, 2, 5, 8]                 # and by columns
    other = {"paths": {"A": [[p // 3, p % 3] for p in theirs]}}
    assert generate_mod._cut_where_answers_differ(ours, [other], 3, random.Random(1))
    assert len(ours) == 2 and ours[0] + ours[1] == [0, 1, 2, 5, 4, 3, 6, 7, 8]
    assert min(len(p) for p in ours) >= 2
    cut = {ours[0][-1], ours[1][0]}
    assert not any({a, b} == cut for a, b in zip(theirs, theirs[1:]))


def test_a_work_budget_stops_a_solve_by_decisions(monkeypatch):
    from pysolver.numberlink import auto
    # no short proof search and no counting: the plain search (or, under full cover,
    # clause learning) must prove it, and it branches
    monkeypatch.setattr(auto, "PROOF_NODES", 0)
    monkeypatch.setattr(auto, "PROOF_NODES_FULL", 0)
    monkeypatch.setattr(auto, "COUNT_MAX_SIDE", 0)
    model = FAMILY.parse(json.loads((FIXTURES / "branch_8x8.json").read_text()))
    with pytest.raises(auto.OutOfWork):
        auto.solve_auto(model, Deadline(30), 2, work=0)
    out = auto.solve_auto(model, Deadline(30), 2, work=100_000)
    assert out.complete and len(out.solutions) == 1


def test_a_graded_board_does_not_depend_on_the_speed_of_the_machine(monkeypatch):
    """The steered tries of :mod:`.graded` count work too: on a clock where every read
    is a second later the same grade asked gives the same board."""
    from pysolver.numberlink.graded import make_graded
    board, stats = make_graded(8, 8, 1, 3, Deadline(600))
    assert board["grade"] == 3 and stats["grades_seen"][-1] == 3
    ticks = itertools.count()
    monkeypatch.setattr(base.time, "perf_counter", lambda: float(next(ticks)))
    monkeypatch.setattr(base.Deadline.__init__, "__defaults__", (None, None, 1))   # stride 1
    assert make_graded(8, 8, 1, 3, Deadline(10**9)) == (board, stats)


def test_a_graded_board_cut_down_to_its_grade_is_the_same_on_a_slow_clock(monkeypatch):
    """A board harder than asked is cut until it has the grade (the doubling and
    halving of the cuts counts grades, not seconds)."""
    from pysolver.numberlink.graded import make_graded
    board, stats = make_graded(12, 12, 3, 1, Deadline(600))
    assert board["grade"] == 1 and stats["cuts"] > 0 and stats["grades_seen"][0] > 1
    res = pysolver.solve({k: v for k, v in board.items() if k not in ("solution", "grade")}, unique=True)
    assert res["status"] == "solved" and res["unique"] is True
    ticks = itertools.count()
    monkeypatch.setattr(base.time, "perf_counter", lambda: float(next(ticks)))
    monkeypatch.setattr(base.Deadline.__init__, "__defaults__", (None, None, 1))   # stride 1
    assert make_graded(12, 12, 3, 1, Deadline(10**9)) == (board, stats)


def test_cuts_of_a_unique_board_keep_it_unique_and_covered():
    from pysolver.numberlink.generate import cut_longest, full_board, solution_paths
    puzzle = generate(9, 9, 4)
    paths = solution_paths(puzzle)
    cut, done = cut_longest(paths, 5)
    assert done == 5 and len(cut) == len(paths) + 5 and min(len(p) for p in cut) >= 2
    assert sorted(p for path in cut for p in path) == list(range(81))
    board = full_board(cut, 9, 9)
    assert FAMILY.check(FAMILY.parse(board), board["solution"]).solved
    res = pysolver.solve({k: v for k, v in board.items() if k != "solution"}, unique=True)
    assert res["status"] == "solved" and res["unique"] is True
    # cut as far as it goes: every piece has 2 or 3 cells, and no more cuts are made
    most, done = cut_longest(paths, 1000)
    assert done < 1000 and max(len(p) for p in most) <= 3


@pytest.mark.parametrize("w,h,pairs", [(8, 8, 11), (8, 8, 20), (10, 10, 16), (12, 9, 30)])
def test_the_pairs_asked_for_are_the_pairs_made(w, h, pairs):
    from pysolver import make
    values = {"width": w, "height": h, "pairs": pairs, "seed": 5}
    board = make.make("numberlink", values)["puzzle"]
    assert len(board["endpoints"]) == 2 * pairs
    model = FAMILY.parse(board)
    assert FAMILY.check(model, board["solution"]).solved
    res = pysolver.solve({k: v for k, v in board.items() if k not in ("solution", "title", "author", "license")},
                         unique=True)
    assert res["status"] == "solved" and res["unique"] is True
    assert make.make("numberlink", values)["puzzle"] == board


@pytest.mark.parametrize("pairs,words", [(34, "^pairs: a 10×10 board is made with 17 to 33 pairs$"),
                                         (3, r"^pairs: a 10×10 board is made with 17 to 33 pairs, fewer when "
                                             r"joining lines gets there: here it got down to [5-9], not 3$")])
def test_pairs_a_size_cannot_have_are_refused_with_the_range_it_can(pairs, words):
    """Named as the library and the command line take the parameter; the app's form
    shows its label (``plain``)."""
    from pysolver.numberlink.generate import generate_pairs
    with pytest.raises(PuzzleError, match=words) as caught:
        generate_pairs(10, 10, 0, pairs, Deadline(60))
    assert caught.value.plain == "Pairs" + str(caught.value)[len("pairs"):]


def test_asked_a_grade_and_pairs_the_grade_wins():
    from pysolver import make
    values = {"width": 10, "height": 10, "grade": 3, "pairs": 12, "seed": 1}
    made = make.make("numberlink", values)
    board = made["puzzle"]
    assert board["grade"] == 3 and made["stats"]["grade"]["level"] == 3
    res = pysolver.solve({k: v for k, v in board.items() if k not in ("solution", "grade", "title", "author", "license")},
                         unique=True)
    assert res["status"] == "solved" and res["unique"] is True


def test_a_change_that_thin_keeps_leaves_the_board_unique():
    """Every join and move of a few small unique boards, against all their answers:
    the proof keeps a change only when its board has one answer, and a second answer
    it names is real (it differs from ours), so refusals are not guesses."""
    from pysolver.numberlink import thin
    from pysolver.numberlink.cdcl import solve_cdcl
    from pysolver.numberlink.board import board
    from pysolver.numberlink.generate import solution_paths

    outcomes = {True: set(), False: set()}
    for w, h, seed in ((5, 5, 0), (5, 5, 3), (6, 5, 1), (6, 6, 2)):
        paths = solution_paths(generate(w, h, seed))
        nbrs = thin.neighbours(w, h).__getitem__
        joins = list(thin._joins(paths, nbrs))
        assert all(len(trial) == len(paths) - 1 for _, trial, _ in joins)
        for key, trial, link in joins + list(thin._moves(paths, nbrs)):
            assert sorted(p for path in trial for p in path) == list(range(w * h))
            assert any(link in zip(p, p[1:]) for p in trial)        # x before q on a path
            model, _, _ = board(trial, w, h, "full")
            out = solve_cdcl(model, Deadline(60), 2)
            assert out.complete or len(out.solutions) == 2
            where = thin.second_answer(trial, link, w, h, Deadline(60))
            assert (where is None) == (len(out.solutions) == 1), (key, w, h, seed)
            assert where is None or where
            outcomes[where is None].add(key[0])
    # kept and refused changes of every kind were met
    assert outcomes[True] and outcomes[False] >= {"join", "take", "split"}


@pytest.mark.parametrize("w,h,seed,pairs", [(10, 10, 0, 9), (10, 10, 3, 10), (14, 12, 1, 21)])
def test_boards_joined_down_to_few_pairs_stay_unique(w, h, seed, pairs):
    from pysolver.numberlink.generate import generate_pairs, pair_range
    assert pairs < pair_range(w, h)[0] or pairs == pair_range(w, h)[0]
    board = generate_pairs(w, h, seed, pairs, Deadline(60))
    assert len(board["endpoints"]) == 2 * pairs
    model = FAMILY.parse(board)
    assert FAMILY.check(model, board["solution"]).solved
    res = pysolver.solve({k: v for k, v in board.items() if k != "solution"}, unique=True)
    assert res["status"] == "solved" and res["unique"] is True
    assert generate_pairs(w, h, seed, pairs, Deadline(60)) == board
