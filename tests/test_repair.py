"""The picture repair by kept second solutions (pysolver.repair.make_unique_by_flips) as
the nonogram picture maker uses it: flips (the cells where a second solution differs),
their parts, four-cell switches in colour, second solutions inside windows, and a
picture of thin diagonal strokes (ambiguous all along) made unique."""
import importlib.util
import random
from pathlib import Path

import pytest

from pysolver import api, repair
from pysolver.base import Deadline
from pysolver.nonogram import maker
from pysolver.nonogram.switch import colour_switches, line_clue, switches

ROOT = Path(__file__).resolve().parent.parent


def clues(grid):
    return [line_clue(row) for row in grid], [line_clue(col) for col in zip(*grid)]


def flipped(grid, flip):
    out = [list(row) for row in grid]
    for (r, c), v in flip.items():
        out[r][c] = v
    return out


def keys_of(picture):
    return [["." if v == 0 else "#" for v in row] for row in picture]


def test_colour_switches_are_found_exactly_when_one_exists():
    """Against trying every rectangle, on small random pictures of 2 and 3 colours."""
    rng = random.Random(5)
    found = 0
    for _ in range(600):
        h, w = rng.randint(2, 7), rng.randint(2, 7)
        keys = ".ab" if rng.random() < 0.5 else ".abc"
        grid = [[rng.choice(keys) for _ in range(w)] for _ in range(h)]
        want = set()
        for r1 in range(h):
            for r2 in range(r1 + 1, h):
                for c1 in range(w):
                    for c2 in range(c1 + 1, w):
                        if grid[r1][c1] == grid[r2][c2] != grid[r1][c2] == grid[r2][c1]:
                            flip = {(r1, c1): grid[r1][c2], (r1, c2): grid[r1][c1],
                                    (r2, c1): grid[r2][c2], (r2, c2): grid[r2][c1]}
                            if clues(flipped(grid, flip)) == clues(grid):
                                want.add((r1, r2, c1, c2))
        got = set(colour_switches(grid))
        assert got == want, grid
        found += bool(got)
    assert found > 40


def test_black_and_white_switches_all_keep_the_clues():
    rng = random.Random(8)
    for _ in range(300):
        p = [[int(rng.random() < 0.4) for _ in range(8)] for _ in range(8)]
        grid = keys_of(p)
        def rectangles(found):
            return {(min(r1, r2), max(r1, r2), min(c1, c2), max(c1, c2)) for r1, r2, c1, c2 in found}
        assert rectangles(switches(p)) == rectangles(colour_switches(grid))
        for flip in maker._switch_flips(grid):
            assert flipped(grid, flip) != grid and clues(flipped(grid, flip)) == clues(grid)


def test_a_second_solution_splits_into_parts_that_each_keep_every_clue():
    # two 2x2 switches in rows and columns of their own: one solution with both swapped
    grid = keys_of([[1, 0, 0, 0, 0],
                    [0, 1, 0, 0, 0],
                    [0, 0, 0, 0, 0],
                    [0, 0, 0, 1, 0],
                    [0, 0, 0, 0, 1]])
    other = ["".join(row) for row in flipped(grid, {(0, 0): ".", (0, 1): "#", (1, 0): "#", (1, 1): ".",
                                                    (3, 3): ".", (3, 4): "#", (4, 3): "#", (4, 4): "."})]
    found = repair.parts(grid, other)
    assert sorted(len(f) for f in found) == [4, 4]
    for flip in found:
        assert clues(flipped(grid, flip)) == clues(grid)
        assert repair._still_another(grid, flip, line_clue)
    # a change in one part's lines rules that part out and leaves the other
    grid[0][0] = "."
    assert [repair._still_another(grid, f, line_clue) for f in found] == [False, True]


def test_windows_find_second_solutions_that_keep_every_clue():
    rng = random.Random(4)
    seen = 0
    for _ in range(6):
        pic = maker.random_picture(30, 30, 1, 4, rng, False)
        grid = keys_of(pic)
        for flip in maker._local_flips(grid, maker.model_of(pic, None), Deadline(30), maker.WINDOWS[0]):
            seen += 1
            assert flipped(grid, flip) != grid and clues(flipped(grid, flip)) == clues(grid)
            rows, cols = {r for r, _ in flip}, {c for _, c in flip}
            assert max(rows) - min(rows) < maker.WINDOWS[0] and max(cols) - min(cols) < maker.WINDOWS[0]
    assert seen


def bench_picture(seed: int) -> str:
    """bench/picture_repair.py's photo-like test picture (our own, drawn by numpy)."""
    spec = importlib.util.spec_from_file_location("picture_repair", ROOT / "bench" / "picture_repair.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.picture(seed, 30)


@pytest.mark.parametrize("colours", [1, 3])
def test_thin_diagonal_strokes_are_made_unique(colours):
    """The bench's picture 6: two thin diagonal strokes, ambiguous all along (the
    repair by one search per change was still ambiguous after 45 changes)."""
    out = maker.make_from_picture(bench_picture(6), 30, 30, 30, colours, seed=0, deadline=Deadline(120))
    puzzle = out["puzzle"]
    changes = out["stats"]["changed"]
    assert changes and all(ch["from"] != ch["to"] for ch in changes)
    assert len({tuple(ch["cell"]) for ch in changes}) == len(changes)
    assert all(puzzle["solution"]["grid"][r][c] == ch["to"] for ch in changes for r, c in [ch["cell"]])
    solved = api.solve(puzzle, unique=True, timeout=60)
    assert solved["status"] == "solved" and solved["unique"] is True
