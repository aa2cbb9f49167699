"""A Hungry Cat puzzle from a picture: every cell takes a colour in Hungry Cat, so the
whole picture, background included (transparency shows white), is snapped to a few
colours, then repaired until its clues have one solution
(:func:`pysolver.repair.make_unique`: the fewest cells changed, each change reported)."""
from __future__ import annotations

import random

from ..base import Deadline, PuzzleError, SolveTimeout
from ..repair import Grid, make_unique
from .maker import from_picture, solutions
from .model import parse
from .rules import Contradiction

#: changes the repair may make before it says the picture cannot be made unique
MAX_CHANGES = 60


def open_after_line_logic(puzzle: dict, deadline: Deadline) -> int:
    """The cells the counting rules and line logic leave open (0: the clues are unique)."""
    from .auto import AutoSolver
    solver = AutoSolver(parse(puzzle), deadline)
    dom = [solver.g.full] * solver.g.size
    try:
        solver.rules.propagate(dom)
    except Contradiction:
        return 1 << 30
    if not solver.tighten(dom, range(len(solver.g.specs))):
        return 1 << 30
    return sum(1 for d in dom if d & (d - 1))


def make_from_picture(pixels, width: int, colours: int, seed: int = 0, deadline: Deadline | None = None,
                      title: str | None = None) -> dict:
    """Puzzle JSON (with its grade) from RGBA pixels of shape (H, W, 4), scaled to
    ``width`` cells across, ``colours`` colours in all; ``stats.changed`` lists the
    cells the repair changed."""
    from ..linkapix.pictures import picture_from_rgba
    from .grade import grade
    deadline = deadline or Deadline(None)
    h_px, w_px = pixels.shape[:2]
    height = max(1, round(width * h_px / w_px))
    palette, rows = picture_from_rgba(pixels, width, height, colours, "none", seed)
    picture: Grid = [list(row) for row in rows]
    if len(palette) < 2:
        raise PuzzleError("picture: it is all one colour once its colours are snapped; try more colours")

    def puzzle_of(grid: Grid) -> dict:
        return from_picture(["".join(row) for row in grid], palette)

    def second_solution(grid: Grid) -> list[str] | None:
        sols = solutions(puzzle_of(grid), deadline)
        if sols is None:
            raise SolveTimeout("the solver could not prove the picture unique")
        mine = ["".join(row) for row in grid]
        others = [s["grid"] for s in sols if s["grid"] != mine]
        return others[0] if others else None

    picture, changes = make_unique(picture, lambda g: open_after_line_logic(puzzle_of(g), deadline),
                                   second_solution, deadline, random.Random(f"hungrycat picture {seed}"),
                                   MAX_CHANGES)
    puzzle = puzzle_of(picture)
    g = grade(parse(puzzle), deadline)
    puzzle.update(title=title or f"Hungry Cat {len(picture[0])}×{len(picture)} from a picture",
                  license="CC0-1.0", grade=g.level)
    return {"puzzle": puzzle, "stats": {"changed": changes, "grade": g.to_json()}}
