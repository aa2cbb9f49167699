"""A picture as the Link-a-Pix maker cuts it: ``(palette, grid)`` checked and turned into
labels, ``-1`` (:data:`BLANK`) for a blank cell and ``0..K-1`` for the palette's keys in
order.

Plain Python, apart from :mod:`.pictures` (pixels, quantisation), which needs NumPy:
a maker that starts from a grid (random pictures, the puzzle of the day, a drawing)
then needs no NumPy, which in the browser is a download and seconds of loading."""
from __future__ import annotations

from ..base import PuzzleError, parse_palette, quote

#: grids bigger than this are refused (the same bound as for puzzle files)
MAX_PICTURE_SIDE = 256  # the maker: bigger pictures would take minutes to verify
BLANK = -1


def picture_labels(palette: dict, grid) -> tuple[list[str], list[str], list[list[int]]]:
    """Validate a picture; return ``(keys, colours, labels)`` with ``labels`` its rows of
    labels.  Palette colours that the grid does not use are dropped (a puzzle lists only
    the colours it needs)."""
    palette = parse_palette(palette, "palette")
    if not isinstance(grid, (list, tuple)) or not grid:
        raise PuzzleError("picture: the grid is empty")
    height = len(grid)
    rows = []
    for r, row in enumerate(grid):
        if not isinstance(row, (str, list, tuple)):
            raise PuzzleError(f"picture row {r}: expected a string or a list of keys")
        rows.append(list(row))
    width = len(rows[0])
    if width == 0:
        raise PuzzleError("picture: the grid is empty")
    if width > MAX_PICTURE_SIDE or height > MAX_PICTURE_SIDE:
        raise PuzzleError(f"picture: {width}x{height} is too big, at most "
                          f"{MAX_PICTURE_SIDE}x{MAX_PICTURE_SIDE} cells")
    order = list(palette)
    index = {k: i for i, k in enumerate(order)}
    raw = []
    for r, row in enumerate(rows):
        if len(row) != width:
            raise PuzzleError(f"picture row {r}: {len(row)} cells, expected {width}")
        out = []
        for c, key in enumerate(row):
            if key is None or key == ".":
                out.append(BLANK)
            elif key in index:
                out.append(index[key])
            else:
                raise PuzzleError(f"picture row {r}, col {c}: {quote(key)} is not a palette key")
        raw.append(out)
    used = {i for row in raw for i in row if i != BLANK}
    if not used:
        raise PuzzleError("picture: every cell is blank, there is nothing to link")
    keys = [k for i, k in enumerate(order) if i in used]
    remap = {index[k]: i for i, k in enumerate(keys)}
    remap[BLANK] = BLANK
    return keys, [palette[k] for k in keys], [[remap[i] for i in row] for row in raw]
