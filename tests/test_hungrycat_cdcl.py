"""The Hungry Cat clause-learning engine (pysolver.hungrycat.cdcl) on small puzzles of
our own: against brute force, against the older exact-DP search (``auto.solve``), and
its colour views against brute force.  No timings here (bench measures them)."""
from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from pysolver.base import Deadline
from pysolver.hungrycat import auto, cdcl, maker
from pysolver.hungrycat.check import check
from pysolver.hungrycat.model import parse

FIX = Path(__file__).resolve().parent / "fixtures" / "hungrycat"


def random_grid(rng: random.Random, w: int, h: int, k: int) -> tuple[list[str], dict]:
    keys = "KWRBYGOP"[:k]
    grid = ["".join(rng.choice(keys) for _ in range(w)) for _ in range(h)]
    used = {ch for row in grid for ch in row}
    palette = {key: colour for key, colour in maker.COLOURS if key in keys and key in used}
    return grid, palette


def brute_force(puzzle: dict) -> set[tuple[str, ...]]:
    """Every grid meeting the clues: the rows meeting their clues, combined."""
    keys = list(puzzle["palette"])
    w, h = puzzle["width"], puzzle["height"]
    rows = []
    for clue in puzzle["rows"]:
        rows.append(["".join(t) for t in itertools.product(keys, repeat=w)
                     if maker.line_clue("".join(t), keys) == clue])
    out = set()
    for combo in itertools.product(*rows):
        if all(maker.line_clue("".join(r[c] for r in combo), keys) == puzzle["cols"][c] for c in range(w)):
            out.add(combo)
    assert h == len(rows)
    return out


def solve_all(puzzle: dict, limit: int):
    m = parse(puzzle)
    out = cdcl.solve(m, Deadline(30), limit)
    for sol in out.solutions:
        assert check(m, sol).solved
    return out


@pytest.mark.parametrize("seed", range(40))
def test_counts_every_solution_of_tiny_puzzles_like_brute_force(seed):
    rng = random.Random(seed)
    w, h = rng.choice([(3, 3), (4, 3), (3, 4), (4, 4), (5, 3)])
    k = rng.choice([2, 2, 3]) if w * h > 12 else rng.choice([2, 3])
    grid, palette = random_grid(rng, w, h, k)
    if len(palette) < 2:
        pytest.skip("one colour")
    puzzle = maker.from_picture(grid, palette)
    expected = brute_force(puzzle)
    out = solve_all(puzzle, len(expected) + 5)
    got = {tuple(s["grid"]) for s in out.solutions}
    assert out.complete
    assert len(got) == len(out.solutions)          # distinct
    assert got == expected


@pytest.mark.parametrize("seed", range(12))
def test_agrees_with_auto_on_maker_pictures(seed):
    rng = random.Random(1000 + seed)
    w, h = rng.randint(6, 14), rng.randint(6, 14)
    picture, palette = maker.random_picture(w, h, rng.randint(2, 6), seed)
    if len(palette) < 2:
        pytest.skip("one colour")
    puzzle = maker.from_picture(picture, palette)
    m = parse(puzzle)
    new = solve_all(puzzle, 2)
    old = auto.solve(m, Deadline(30), 2)
    assert len(new.solutions) == len(old.solutions)
    if len(new.solutions) < 2:
        assert new.complete                        # a proof, not a stop at the limit
    if len(new.solutions) == 1:
        assert new.solutions[0]["grid"] == picture


def test_bench_style_unique_puzzle_and_fixtures():
    for name in ("small-8x6.json", "two-solutions.json", "unsolvable-3x3.json"):
        puzzle = json.loads((FIX / name).read_text())
        m = parse(puzzle)
        new = cdcl.solve(m, Deadline(30), 2)
        old = auto.solve(m, Deadline(30), 2)
        assert len(new.solutions) == len(old.solutions), name
        assert new.complete or len(new.solutions) == 2
        for sol in new.solutions:
            assert check(m, sol).solved


def test_colour_view_supports_match_brute_force():
    rng = random.Random(5)
    for _ in range(2000):
        L = rng.randint(1, 8)
        n = rng.randint(1, L)
        block = n == 1 or rng.random() < 0.5
        A = rng.getrandbits(L)
        M = A & rng.getrandbits(L) & rng.getrandbits(L)
        sets = []
        for S in range(1 << L):
            if S & ~A or M & ~S or S.bit_count() != n:
                continue
            low = (S & -S).bit_length() - 1
            if (S == ((1 << n) - 1) << low) != block:
                continue
            sets.append(S)
        want = None
        if sets:
            may_c = may_n = 0
            for S in sets:
                may_c |= S
                may_n |= ((1 << L) - 1) & ~S
            want = (may_c, may_n)
        assert cdcl.colour_supports(A, M, n, block, L) == want
        assert cdcl.colour_feasible(A, M, n, block, L) == bool(sets)
