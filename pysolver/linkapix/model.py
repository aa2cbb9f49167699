"""The validated Link-a-Pix puzzle and the picture a solution paints.

Clues are kept in row-major order (the order :func:`to_json` writes and the share
link encodes), so that a puzzle read from any source has one canonical form.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..base import PuzzleError, as_int, as_list, as_str, parse_palette, quote


@dataclass
class Model:
    width: int
    height: int
    #: palette key -> "#rrggbb", in file order (the order gives colour indices)
    palette: dict[str, str]
    #: (row, col, number, key), sorted row-major
    clues: list[tuple[int, int, int, str]]
    #: (row, col) -> index into ``clues``
    clue_at: dict[tuple[int, int], int] = field(default_factory=dict, repr=False)

    @property
    def keys(self) -> list[str]:
        return list(self.palette)

    @property
    def area(self) -> int:
        """Cells painted by any solution: each pair counted once, 1-clues once."""
        return sum(n for _, _, n, _ in self.clues if n > 1) // 2 + sum(
            1 for _, _, n, _ in self.clues if n == 1)

    @property
    def fully_filled(self) -> bool:
        return self.area == self.width * self.height


def make_model(width: int, height: int, palette: dict[str, str],
               clues: list[tuple[int, int, int, str]]) -> Model:
    clues = sorted(clues, key=lambda t: (t[0], t[1]))
    clue_at = {(r, c): i for i, (r, c, _, _) in enumerate(clues)}
    return Model(width, height, palette, clues, clue_at)


def parse(data: dict) -> Model:
    width, height = data["width"], data["height"]
    if "palette" not in data:
        raise PuzzleError("palette: missing")
    palette = parse_palette(data["palette"], single_char=False)
    if "clues" not in data:
        raise PuzzleError("clues: missing")
    raw = as_list(data["clues"], "clues")
    if len(raw) > width * height:
        raise PuzzleError(f"clues: {len(raw)} clues do not fit in {width}x{height} cells")
    clues = []
    seen = {}
    for i, item in enumerate(raw):
        what = f"clues[{i}]"
        as_list(item, what)
        if len(item) != 4:
            raise PuzzleError(f"{what}: expected [row, col, number, \"key\"], got {len(item)} items")
        r = as_int(item[0], f"{what} row", 0, height - 1)
        c = as_int(item[1], f"{what} col", 0, width - 1)
        where = f"clue at row {r}, col {c}"
        n = as_int(item[2], f"{where}: number", 1, width * height)
        key = as_str(item[3], f"{where}: colour key", 16)
        if key not in palette:
            raise PuzzleError(f"{where}: colour key {quote(key)} is not in the palette")
        if (r, c) in seen:
            raise PuzzleError(f"{where}: a second clue in the same cell (clues[{seen[(r, c)]}])")
        seen[(r, c)] = i
        clues.append((r, c, n, key))
    return make_model(width, height, palette, clues)


def to_json(model: Model) -> dict:
    return {"palette": dict(model.palette),
            "clues": [[r, c, n, k] for r, c, n, k in model.clues]}


def picture(model: Model, solution: dict) -> list[list[str | None]]:
    """The colour key of every cell that ``solution`` paints, ``None`` for blank.

    ``solution`` is ``{"paths": [[[r, c], ...], ...]}``; each path takes the colour
    of the clue at its first cell (meant for checked solutions: cells outside the grid
    and paths not starting on a clue are ignored).  Returned as ``grid[row][col]``.
    Two solutions are the same answer exactly when their pictures are equal.
    """
    grid: list[list[str | None]] = [[None] * model.width for _ in range(model.height)]
    paths = solution.get("paths") if isinstance(solution, dict) else None
    for path in paths if isinstance(paths, list) else ():
        cells = _cells(path)
        if not cells or cells[0] not in model.clue_at:
            continue
        key = model.clues[model.clue_at[cells[0]]][3]
        for r, c in cells:
            if 0 <= r < model.height and 0 <= c < model.width:
                grid[r][c] = key
    return grid


def _cells(path) -> list[tuple[int, int]]:
    out = []
    if not isinstance(path, list):
        return out
    for cell in path:
        if (isinstance(cell, (list, tuple)) and len(cell) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            out.append((cell[0], cell[1]))
        else:
            return []
    return out
