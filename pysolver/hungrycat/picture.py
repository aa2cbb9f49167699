"""A Hungry Cat puzzle from a picture: every cell takes a colour in Hungry Cat, so the
whole picture, background included (transparency shows white), is snapped to a few
colours, then repaired until its clues have one solution
(:func:`pysolver.repair.make_unique_by_flips`: every second solution met is kept and a
change rules out as many as it can; the fewest cells changed, each change reported)."""
from __future__ import annotations

import random

from ..base import Deadline, PuzzleError, SolveTimeout
from ..repair import Grid, make_unique, make_unique_by_flips, parts
from ..sharing import sharing
from .grade import grade, open_after_line_logic
from .maker import from_picture, line_clue, solutions, switch_flips
from .makers import MAX_SIDE, MIN_SIDE
from .model import parse

#: changes the repair may make before it says the picture cannot be made unique
MAX_CHANGES = 60


def make_from_picture(pixels, width: int, colours: int, seed: int = 0, deadline: Deadline | None = None,
                      title: str | None = None) -> dict:
    """Puzzle JSON (with its grade) from RGBA pixels of shape (H, W, 4), scaled to
    ``width`` cells across, ``colours`` colours in all; ``stats.changed`` lists the
    cells the repair changed."""
    from ..linkapix.pictures import picture_from_rgba
    deadline = deadline or Deadline(None)
    h_px, w_px = pixels.shape[:2]
    height = round(width * h_px / w_px)
    if not MIN_SIDE <= height <= MAX_SIDE:
        raise PuzzleError(f"picture: {width} cells across makes it {height} cells down "
                          f"(from {MIN_SIDE} to {MAX_SIDE} can be made)")
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

    def second_solutions(grid: Grid) -> list[dict]:
        """Another solution as flips (repair.parts), or [] once the solver proved the
        picture the only one: a four-cell switch when there is one (no search)."""
        switch = switch_flips(["".join(row) for row in grid], 1)
        if switch:
            return switch
        other = second_solution(grid)
        return [] if other is None else parts(grid, other)

    keys = list(palette)

    def open_cells(grid: Grid) -> int:
        return open_after_line_logic(parse(puzzle_of(grid)), deadline)
    with sharing():     # the candidates differ in a cell: their lines recur
        try:
            picture, changes = make_unique_by_flips(
                picture, open_cells, second_solutions, lambda line: line_clue(line, keys), deadline,
                random.Random(f"hungrycat picture {seed}"), MAX_CHANGES)
        except PuzzleError:
            # (keeping every second solution is 4 times faster and changes fewer cells
            # in all, but now and then runs out of changes where one at a time does not:
            # 12 black-and-white corpus pictures at 16 across, 4.8 s instead of 22.5 s,
            # 2 of 12 not made; then the one-at-a-time repair has its go)
            picture, changes = make_unique(picture, open_cells, second_solution, deadline,
                                           random.Random(f"hungrycat picture {seed}"), MAX_CHANGES)
    puzzle = puzzle_of(picture)
    g = grade(parse(puzzle), deadline)
    puzzle.update(title=title or f"Hungry Cat {len(picture[0])}×{len(picture)} from a picture",
                  license="CC0-1.0", grade=g.level)
    return {"puzzle": puzzle, "stats": {"changed": changes, "grade": g.to_json()}}
