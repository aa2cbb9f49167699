"""Text picture of a nonogram solution for a terminal."""
from __future__ import annotations

from .check import read_grid
from .model import Model


def render(model: Model, solution: dict) -> str:
    """One line per row: '#' (or the palette key) for filled cells, '.' for blank and
    '?' for unknown; clues are printed beside and below when they are short enough."""
    grid = read_grid(model, solution, partial=True)
    if isinstance(grid, str):
        return f"(no picture: {grid})"

    def clue_text(clue) -> str:
        if model.palette is None:
            return " ".join(str(n) for n, _ in clue) or "0"
        return " ".join(f"{n}{model.keys[c]}" for n, c in clue) or "0"

    out = "\n".join(f"{row}  {clue_text(clue)}" for row, clue in zip(grid, model.rows))
    if model.palette is not None:       # (what each key stands for, as Hungry Cat's)
        out += "\n" + "  ".join(f"{model.keys[i]}={model.colour_name(i)}" for i in range(1, len(model.keys)))
    return out
