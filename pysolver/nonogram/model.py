"""The nonogram model and the validation of its puzzle JSON keys.

A clue is a tuple of blocks ``(length, colour)`` where ``colour`` is an index into
``Model.keys``: index 0 is always blank ('.'), index 1.. are the palette keys in
palette order.  A black-and-white puzzle has the single colour key '#', so both kinds
run through the same code: only the separator rule differs ("blocks of the same colour
need a blank between them"; in black-and-white every block has the same colour).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import groupby

from ..base import PuzzleError, as_int, as_list, parse_palette, quote

Clue = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Model:
    width: int
    height: int
    rows: tuple[Clue, ...]
    cols: tuple[Clue, ...]
    #: None for black-and-white; else ``{"key": "#rrggbb"}`` in palette order
    palette: dict[str, str] | None
    #: cell characters by colour index: ``keys[0] == '.'``, then '#' or the palette keys
    keys: tuple[str, ...]

    @property
    def colours(self) -> int:
        """Number of colour indices including blank."""
        return len(self.keys)

    @property
    def multicolour(self) -> bool:
        return self.palette is not None

    def colour_name(self, index: int) -> str:
        """Colour index ``index`` (1.., not blank) as players are told it: "filled" in
        black-and-white, else its name ("red"), or "colour 3" by its place in the palette
        when the palette gives no name (:func:`pysolver.colournames.player_names`, as the
        app's paint buttons say); never the palette key."""
        return self._colour_names[index - 1]

    @cached_property
    def _colour_names(self) -> list[str]:
        if self.palette is None:
            return ["filled"]
        from ..colournames import player_names
        return player_names(list(self.palette.values()))


def picture_clue(line) -> Clue:
    """The clue of a line of colour indices (0 blank)."""
    data = bytes(line)
    if not data or max(data) == 1:
        # (black and white: the runs between blank cells, read as bytes: a climb
        # works out the clues of every picture it grades)
        return tuple((len(run), 1) for run in data.split(b"\0") if run)
    return tuple((len(list(run)), v) for v, run in groupby(line) if v)


def cells_needed(clue: Clue) -> int:
    """Fewest cells a clue occupies: blocks plus a blank between same-coloured neighbours."""
    total = sum(length for length, _ in clue)
    return total + sum(1 for a, b in zip(clue, clue[1:]) if a[1] == b[1])


def _parse_clue(value, what: str, size: int, side: str, key_index: dict[str, int] | None) -> Clue:
    blocks = as_list(value, what)
    if key_index is None and all(type(b) is int and b > 0 for b in blocks):
        # the common case, plain positive numbers, without the checks per block below
        # (a pack of a thousand puzzles is read in the time a player waits for it)
        need = sum(blocks) + len(blocks) - 1 if blocks else 0
        if need > size:
            raise PuzzleError(f"{what}: blocks need {need} cells, the {side} has {size}")
        return tuple((n, 1) for n in blocks)
    out = []
    for b, block in enumerate(blocks, 1):
        if key_index is None:
            if isinstance(block, list):
                raise PuzzleError(f"{what}: block {b} is {quote(block)}, a colour block, but the puzzle "
                                  "has no palette")
            length = as_int(block, f"{what}: block {b}")
            colour = 1
        else:
            if not (isinstance(block, list) and len(block) == 2):
                raise PuzzleError(f"{what}: block {b} is {quote(block)}, expected [length, \"colour\"] "
                                  "in a multicolour puzzle")
            length = as_int(block[0], f"{what}: block {b} length")
            key = block[1]
            if not isinstance(key, str) or key not in key_index:
                raise PuzzleError(f"{what}: block {b} has colour {quote(key)}, which is not in the palette")
            colour = key_index[key]
        if length < 1:
            raise PuzzleError(f"{what}: block {b} has length {length}")
        out.append((length, colour))
    clue = tuple(out)
    need = cells_needed(clue)
    if need > size:
        raise PuzzleError(f"{what}: blocks need {need} cells, the {side} has {size}")
    return clue


def parse_model(data: dict) -> Model:
    if not isinstance(data, dict):
        raise PuzzleError("puzzle: expected an object")
    width = as_int(data.get("width"), "width", 1)
    height = as_int(data.get("height"), "height", 1)
    palette = None
    key_index = None
    keys: tuple[str, ...] = (".", "#")
    if "palette" in data and data["palette"] is not None:
        palette = parse_palette(data["palette"])
        keys = (".",) + tuple(palette)
        key_index = {k: i for i, k in enumerate(keys) if i}
    for name in ("rows", "cols"):
        if name not in data:
            raise PuzzleError(f"{name}: missing")
    rows = as_list(data["rows"], "rows")
    cols = as_list(data["cols"], "cols")
    if len(rows) != height:
        raise PuzzleError(f"rows: {len(rows)} clues for height {height}")
    if len(cols) != width:
        raise PuzzleError(f"cols: {len(cols)} clues for width {width}")
    row_clues = tuple(_parse_clue(v, f"rows[{i}]", width, "row", key_index) for i, v in enumerate(rows))
    col_clues = tuple(_parse_clue(v, f"cols[{i}]", height, "column", key_index)
                      for i, v in enumerate(cols))
    # Every filled cell is counted once by its row and once by its column.
    for colour in range(1, len(keys)):
        by_rows = sum(n for clue in row_clues for n, c in clue if c == colour)
        by_cols = sum(n for clue in col_clues for n, c in clue if c == colour)
        if by_rows != by_cols:
            what = "filled cells" if palette is None else f"cells of colour {keys[colour]!r}"
            raise PuzzleError(f"clues: the rows give {by_rows} {what}, the columns {by_cols}")
    return Model(width, height, row_clues, col_clues, palette, keys)


def model_to_json(model: Model) -> dict:
    def clue_json(clue: Clue) -> list:
        if model.palette is None:
            return [n for n, _ in clue]
        return [[n, model.keys[c]] for n, c in clue]

    out = {"rows": [clue_json(c) for c in model.rows], "cols": [clue_json(c) for c in model.cols]}
    if model.palette is not None:
        out["palette"] = dict(model.palette)
    return out
