"""The Numberlink generator: every board it makes is valid, fully covered under full
cover, free of self-touching paths, unique under the plain rules, and reproducible."""
import pytest

import pysolver
from pysolver.base import Deadline, PuzzleError
from pysolver.numberlink import FAMILY
from pysolver.numberlink.generate import generate


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
    out = json.loads(webapi.handle(json.dumps({"cmd": "generate", "args": {"width": 6, "height": 5, "seed": 3}})))
    assert out["ok"] and out["result"]["puzzle"]["title"] == "Numberlink 6×5 #3"
    assert out["result"]["puzzle"]["endpoints"] == generate(6, 5, 3)["endpoints"]
    for args, words in (({"width": 60, "height": 5}, "2x2 to 30x30"), ({"width": "x", "height": 5}, "whole numbers")):
        bad = json.loads(webapi.handle(json.dumps({"cmd": "generate", "args": args})))
        assert not bad["ok"] and bad["kind"] == "input" and words in bad["error"]
