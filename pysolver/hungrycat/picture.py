"""A Hungry Cat puzzle from a picture: every cell takes a colour in Hungry Cat, so the
whole picture, background included (transparency shows white), is snapped to a few
colours, then repaired until its clues have one solution
(:func:`pysolver.repair.make_unique_by_flips`: every second solution met is kept and a
change rules out as many as it can; the fewest cells changed, each change reported).

Counts pin down little, so large pictures need many changes: the more colours, the
fewer (30 across, photo-like test pictures of bench/picture_repair.py: in 2 colours up to
125 changed cells, in 5 up to 83).  A picture that needs more than a quarter of its cells
changed (at least 60) is refused rather than turned into another picture."""
from __future__ import annotations

import random

from ..base import Deadline, PuzzleError, SolveTimeout
from ..repair import Grid, make_unique_by_flips
from ..sharing import sharing
from .cdcl import CDCL
from .grade import grade
from .maker import from_picture, line_clue, second_solutions, solutions
from .makers import MAX_SIDE, MIN_SIDE
from .model import parse

#: the fewest changes the repair may make before it says the picture cannot be made
#: unique; above 240 cells, a quarter of the cells
MIN_MAX_CHANGES = 60
#: four-cell switches kept at once as known second solutions: with 50 rather than one
#: the repair changed fewer cells on large pictures (30 across, 36 test pictures in 2, 3
#: and 5 colours: every one made instead of 34, the most changed 145 instead of 219;
#: CPU, 2026-11-26)
SWITCHES = 50


def max_changes(width: int, height: int) -> int:
    """Cells the repair may change before it refuses the picture."""
    return max(MIN_MAX_CHANGES, width * height // 4)


def snapped_picture(pixels, width: int, colours: int, seed: int = 0) -> tuple[dict, list[str]]:
    """The picture :func:`make_from_picture` starts from: ``(palette, rows)``."""
    from ..linkapix.pictures import picture_from_rgba
    h_px, w_px = pixels.shape[:2]
    height = round(width * h_px / w_px)
    if not MIN_SIDE <= height <= MAX_SIDE:
        raise PuzzleError(f"picture: {width} cells across makes it {height} cells down "
                          f"(from {MIN_SIDE} to {MAX_SIDE} can be made)")
    return picture_from_rgba(pixels, width, height, colours, "none", seed)


def make_from_picture(pixels, width: int, colours: int, seed: int = 0, deadline: Deadline | None = None,
                      title: str | None = None) -> dict:
    """Puzzle JSON (with its grade) from RGBA pixels of shape (H, W, 4), scaled to
    ``width`` cells across, ``colours`` colours in all; ``stats.changed`` lists the
    cells the repair changed, ``stats.colours`` the colour of each key of the solution."""
    deadline = deadline or Deadline(None)
    palette, rows = snapped_picture(pixels, width, colours, seed)
    picture: Grid = [list(row) for row in rows]
    if len(palette) < 2:
        raise PuzzleError("picture: it is all one colour once its colours are snapped; try more colours")

    def puzzle_of(grid: Grid) -> dict:
        return from_picture(["".join(row) for row in grid], palette)

    def another(rows: list[str]) -> list[str] | None:
        sols = solutions(from_picture(rows, palette), deadline)
        if sols is None:
            raise SolveTimeout("the solver could not prove the picture unique")
        others = [s["grid"] for s in sols if s["grid"] != rows]
        return others[0] if others else None

    def open_cells(grid: Grid) -> int:
        # each colour of a line on its own, not the joint line DP of grading: on lines
        # of several colours that are not blocks that DP took 0.2 s a line (20 across,
        # 4 colours, 12 corpus pictures: 0.8 s median instead of 2.6 s, the same made)
        left = CDCL(parse(puzzle_of(grid)), deadline).open_at_root()
        return 1 << 30 if left is None else left

    keys = list(palette)
    most = max_changes(width, len(rows))
    with sharing():     # the candidates differ in a cell: their lines recur
        # (the one-at-a-time repair, make_unique, used to have a go where this one ran
        # out of changes; with 50 switches at once and clause learning it made none of
        # the 18 pictures this one refused, of 84 (corpus pictures 12 to 30 across in 2
        # and 4 colours, test pictures 30 across in 2 and 3), and took half the time of
        # each refusal; 2026-11-26)
        try:
            picture, changes = make_unique_by_flips(
                picture, open_cells, lambda grid: second_solutions(grid, SWITCHES, another),
                lambda line: line_clue(line, keys), deadline, random.Random(f"hungrycat picture {seed}"), most)
        except PuzzleError as e:
            raise PuzzleError(f"{e}: try more colours or fewer cells across") from None
    puzzle = puzzle_of(picture)
    g = grade(parse(puzzle), deadline, puzzle["solution"]["grid"])
    # (no licence: the picture is the maker's own, whatever its terms; random puzzles are CC0)
    puzzle.update(title=title or f"Hungry Cat {len(picture[0])}×{len(picture)} from a picture", grade=g.level)
    # (colours: what the app draws the picture made in, the changed cells ringed)
    return {"puzzle": puzzle, "stats": {"changed": changes, "colours": dict(palette), "grade": g.to_json()}}
