"""The Hungry Cat model: palette, and per line the clue for each colour.

Colours are indices into the palette (in the order of the puzzle file), so solvers
can hold a cell's remaining candidates as an int bitmask.  A line clue keeps the
order of the file so that ``to_json`` round-trips exactly.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..base import PuzzleError, as_int, as_list, parse_palette, quote

#: a clue item: (colour index, count, contiguous flag as given)
Item = tuple[int, int, bool]


@dataclass(frozen=True)
class Model:
    width: int
    height: int
    keys: tuple[str, ...]
    colours: tuple[str, ...]          # "#rrggbb", same order as keys
    rows: tuple[tuple[Item, ...], ...]
    cols: tuple[tuple[Item, ...], ...]

    @property
    def ncolours(self) -> int:
        return len(self.keys)

    def lines(self):
        """Every line as (kind, index, clue, cells) with cells as (r, c) pairs."""
        for r, clue in enumerate(self.rows):
            yield "row", r, clue, [(r, c) for c in range(self.width)]
        for c, clue in enumerate(self.cols):
            yield "col", c, clue, [(r, c) for r in range(self.height)]

    def colour_name(self, index: int) -> str:
        """The colour as messages, hints and replay steps name it (see
        colournames.player_names): "red", or "colour 3" when the palette gives no name."""
        return self._colour_names[index]

    @cached_property
    def _colour_names(self) -> list[str]:
        from ..colournames import player_names
        return player_names(self.colours)


def _parse_lines(value, what: str, count: int, length: int, index: dict[str, int]):
    lines = as_list(value, what)
    if len(lines) != count:
        raise PuzzleError(f"{what}: {len(lines)} lines, expected {count}")
    out = []
    kind = "row" if what == "rows" else "column"
    for i, line in enumerate(lines):
        where = f"{what}[{i}]"
        items = as_list(line, where)
        if not items:
            raise PuzzleError(f"{where}: empty clue, but every cell of a {kind} has a colour")
        seen = set()
        parsed = []
        for j, item in enumerate(items):
            at = f"{where}[{j}]"
            if not isinstance(item, list) or len(item) != 3:
                raise PuzzleError(f"{at}: expected [\"<key>\", count, contiguous]")
            key, n, flag = item
            if not isinstance(key, str) or key not in index:
                raise PuzzleError(f"{at}: colour {quote(key)} is not in the palette")
            if key in seen:
                raise PuzzleError(f"{at}: colour {quote(key)} is listed twice")
            seen.add(key)
            n = as_int(n, f"{at}: count", 1, length)
            if not isinstance(flag, bool):
                raise PuzzleError(f"{at}: contiguous flag must be true or false, got {quote(flag)}")
            parsed.append((index[key], n, flag))
        total = sum(n for _, n, _ in parsed)
        if total != length:
            raise PuzzleError(f"{where}: counts add up to {total}, but the {kind} has {length} cells")
        out.append(tuple(parsed))
    return tuple(out)


def parse(data: dict) -> Model:
    for key in ("palette", "rows", "cols"):
        if key not in data:
            raise PuzzleError(f"{key}: missing")
    palette = parse_palette(data["palette"])
    keys = tuple(palette)
    index = {k: i for i, k in enumerate(keys)}
    w, h = data["width"], data["height"]
    rows = _parse_lines(data["rows"], "rows", h, w, index)
    cols = _parse_lines(data["cols"], "cols", w, h, index)
    return Model(w, h, keys, tuple(palette[k] for k in keys), rows, cols)


def to_json(m: Model) -> dict:
    def lines(ls):
        return [[[m.keys[c], n, f] for c, n, f in line] for line in ls]
    return {"palette": dict(zip(m.keys, m.colours)), "rows": lines(m.rows), "cols": lines(m.cols)}
