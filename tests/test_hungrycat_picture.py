"""Hungry Cat from a picture: colours snapped, the clues repaired until they have one
solution, the changes reported (pysolver.hungrycat.picture, pysolver.repair)."""
import numpy as np
import pytest

from pysolver.base import Deadline, PuzzleError
from pysolver.hungrycat import auto, cdcl
from pysolver.hungrycat.check import check
from pysolver.hungrycat.model import parse
from pysolver.hungrycat.picture import make_from_picture, max_changes

RED, BLUE, WHITE = (200, 30, 30), (30, 30, 200), (255, 255, 255)


def image(rows: list[str], colours: dict) -> np.ndarray:
    """RGBA pixels, one per character."""
    out = np.zeros((len(rows), len(rows[0]), 4), np.uint8)
    out[..., 3] = 255
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            out[r, c, :3] = colours[ch]
    return out


def solutions(puzzle: dict) -> list:
    data = {k: v for k, v in puzzle.items() if k != "solution"}
    return auto.solve(parse(data), Deadline(30), 2).solutions


def test_a_noisy_picture_is_repaired_until_unique_and_the_changes_are_its_differences():
    rng = np.random.default_rng(3)
    rows = ["".join(rng.choice(list("rbw"), 10)) for _ in range(10)]
    out = make_from_picture(image(rows, {"r": RED, "b": BLUE, "w": WHITE}), 10, 3, seed=0, deadline=Deadline(60))
    puzzle = out["puzzle"]
    sols = solutions(puzzle)
    assert len(sols) == 1 and sols[0]["grid"] == puzzle["solution"]["grid"]
    assert check(parse(puzzle), puzzle["solution"]).solved
    changed = out["stats"]["changed"]
    assert changed, "random noise in three colours has clues with several solutions: some cell had to change"
    # every change swaps one colour for another, and a changed cell ends with its last change
    last = {}
    for ch in changed:
        assert ch["from"] != ch["to"] and {ch["from"], ch["to"]} <= set(puzzle["palette"])
        last[tuple(ch["cell"])] = ch["to"]
    assert all(puzzle["solution"]["grid"][r][c] == to for (r, c), to in last.items())
    # (no licence: the picture is the maker's own; the Link-a-Pix picture maker gives none either)
    assert 1 <= puzzle["grade"] <= 5 and "license" not in puzzle


def test_a_plain_shape_needs_no_change_and_keeps_its_colours():
    rows = ["wwwwwwww", "wwrrrrww", "wwrrrrww", "wwwbbwww", "wwwbbwww", "wwwwwwww"]
    out = make_from_picture(image(rows, {"r": RED, "b": BLUE, "w": WHITE}), 8, 3, deadline=Deadline(30))
    puzzle = out["puzzle"]
    assert out["stats"]["changed"] == []
    assert (puzzle["width"], puzzle["height"]) == (8, 6)
    assert sorted(puzzle["palette"].values()) == sorted("#%02x%02x%02x" % c for c in (RED, BLUE, WHITE))
    assert len(solutions(puzzle)) == 1


def test_a_picture_of_one_colour_is_refused_in_words():
    with pytest.raises(PuzzleError, match="one colour"):
        make_from_picture(image(["rrrr"] * 4, {"r": RED}), 4, 3)


def drawn(width: int, height: int, colour_at) -> np.ndarray:
    """RGBA pixels of ``colour_at(x, y)``."""
    out = np.full((height, width, 4), 255, np.uint8)
    for y in range(height):
        for x in range(width):
            out[y, x, :3] = colour_at(x, y)
    return out


def test_a_picture_30_across_is_repaired_until_unique():
    """Up to the family's 30 cells a side: a disc and a diagonal bar in two colours have
    counts with several solutions; the repair changes a few cells until there is one."""
    def disc_and_bar(x, y):
        return (20, 20, 20) if (x - 10) ** 2 + (y - 10) ** 2 < 50 or abs(x - y - 5) < 2 else (240, 240, 240)
    out = make_from_picture(drawn(30, 30, disc_and_bar), 30, 2, deadline=Deadline(120))
    puzzle = out["puzzle"]
    assert (puzzle["width"], puzzle["height"]) == (30, 30)
    assert 0 < len(out["stats"]["changed"]) <= max_changes(30, 30)
    sols = cdcl.solve(parse({k: v for k, v in puzzle.items() if k != "solution"}), Deadline(60), 2).solutions
    assert len(sols) == 1 and sols[0]["grid"] == puzzle["solution"]["grid"]


def test_a_picture_that_would_need_too_many_changes_is_refused_with_what_to_try():
    """Two-colour noise: its counts pin down almost nothing, so more than the repair's
    limit of cells would change (the picture would be another one): refused, in words."""
    rng = np.random.default_rng(0)
    noise = drawn(16, 16, lambda x, y: (20, 20, 20) if rng.random() < 0.5 else (240, 240, 240))
    with pytest.raises(PuzzleError, match="not unique after 64 changed cells: try more colours or fewer cells across"):
        make_from_picture(noise, 16, 2, deadline=Deadline(60))
