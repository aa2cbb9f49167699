"""Where a nonogram grid differs from the puzzle's unique solution.

The app's Check reports these cells and Hint names them before it gives a next step
(the step itself comes from the rule-based method, :func:`.rules.hint`).  The rule
check (:mod:`.check`) judges complete lines only; this comparison also finds a wrong
cell in a line that is still open, which is why it needs the solution.
"""
from __future__ import annotations

from ..base import Deadline
from ..reference import grid_mistakes
from .check import read_grid
from .model import Model


def mistakes(model: Model, progress: dict, solution: dict, deadline: Deadline) -> list[dict]:
    """Filled cells the solution leaves blank, crosses on cells it fills, cells of
    another colour: one error listing them all."""
    grid = read_grid(model, progress, partial=True)
    if isinstance(grid, str):
        return []
    return grid_mistakes(grid, solution["grid"])
