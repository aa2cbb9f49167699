"""Terminal picture of a Hungry Cat grid: one palette key per cell, '?' for unknown."""
from __future__ import annotations

from .check import read_grid
from .model import Model


def render(m: Model, solution: dict) -> str:
    grid, why = read_grid(m, solution, partial=True)
    if grid is None:
        return f"(cannot draw: {why})"
    legend = "  ".join(f"{k}={m.colour_name(i)}" for i, k in enumerate(m.keys))
    return "\n".join(" ".join(row) for row in grid) + "\n" + legend
