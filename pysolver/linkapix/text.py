"""Text: the solved picture for a terminal, and a plain layout for typing puzzles in.

Typed layout (importer ``linkapix-text``)::

    # lines starting with '#' are comments; blank lines are ignored
    title: Heart                  (optional; also author:, source:, license:)
    palette: r=#d01010 k=#000000  (required, before the grid; may be repeated)
    . 2r 2r .
    3k . . 3k
    . 1r 1k .

Every grid line is one row; cells are separated by spaces.  ``.`` is a cell without a
clue; a clue is its number written directly before its palette key (``12bg`` is a 12 of
colour ``bg``).  Keys in this layout must not start with a digit and may not be ``.``.
All rows must have the same number of cells.
"""
from __future__ import annotations

import re

from ..base import MAX_GRID_SIDE, PuzzleError, SNIFF_MARK, parse_palette, quote, read_number
from .model import Model, picture

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@&"
_CLUE = re.compile(r"([0-9]+)([^0-9\s]\S*)")
_COLOUR = re.compile(r"([^=\s]+)=(#[0-9a-fA-F]{6})")
_META = ("title", "author", "source", "license")


def cell_chars(model: Model) -> dict[str, str]:
    """One character per palette key: the key itself when every key is one character,
    else a letter by palette position."""
    keys = list(model.palette)
    if all(len(k) == 1 for k in keys):
        return {k: k for k in keys}
    return {k: _LETTERS[i] for i, k in enumerate(keys)}


def render(model: Model, solution: dict | None) -> str:
    chars = cell_chars(model)
    if solution is None:
        grid = [[None] * model.width for _ in range(model.height)]
        for r, c, _, k in model.clues:
            grid[r][c] = k
    else:
        grid = picture(model, solution)
    from ..colournames import player_names
    names = player_names(list(model.palette.values()))
    legend = "  ".join(f"{chars[k]}={name}" for k, name in zip(model.palette, names))
    return "\n".join("".join("." if k is None else chars[k] for k in row) for row in grid) + "\n" + legend


def sniff(content) -> int:
    # (the 'palette:' line is this layout's own mark)
    if not isinstance(content, str):
        return 0
    for line in content.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        head = line.split(":", 1)[0].strip().lower()
        if head == "palette":
            return SNIFF_MARK
        if head not in _META:
            return 0
    return 0


def load(content) -> dict:
    if isinstance(content, bytes):
        try:
            content = content.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise PuzzleError("Link-a-Pix text: not UTF-8 text") from None
    palette: dict[str, str] = {}
    meta: dict[str, str] = {}
    rows: list[tuple[int, list[str]]] = []
    for lineno, raw in enumerate(content.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, sep, rest = line.partition(":")
        name = head.strip().lower()
        if sep and name in ("palette",) + _META:
            if rows:
                raise PuzzleError(f"line {lineno}: '{name}:' must come before the grid")
            if name != "palette":
                meta[name] = rest.strip()
                continue
            for item in rest.split():
                m = _COLOUR.fullmatch(item)
                if not m:
                    raise PuzzleError(f"line {lineno}: palette entry {quote(item)} is not key=#rrggbb")
                key = m.group(1)
                if key[0].isdigit() or key == ".":
                    raise PuzzleError(f"line {lineno}: palette key {quote(key)} must not start with a digit or be '.'")
                if key in palette:
                    raise PuzzleError(f"line {lineno}: palette key {quote(key)} given twice")
                palette[key] = m.group(2).lower()
            continue
        rows.append((lineno, line.split()))
    if not palette:
        raise PuzzleError("Link-a-Pix text: no 'palette:' line before the grid")
    if not rows:
        raise PuzzleError("Link-a-Pix text: no grid rows")
    width = len(rows[0][1])
    if len(rows) > MAX_GRID_SIDE or width > MAX_GRID_SIDE:
        raise PuzzleError(f"Link-a-Pix text: grid larger than {MAX_GRID_SIDE}x{MAX_GRID_SIDE}")
    clues = []
    for r, (lineno, cells) in enumerate(rows):
        if len(cells) != width:
            raise PuzzleError(f"line {lineno}: {len(cells)} cells, the first row has {width}")
        for c, token in enumerate(cells):
            if token == ".":
                continue
            m = _CLUE.fullmatch(token)
            if not m:
                raise PuzzleError(f"line {lineno}: cell {c + 1} {quote(token)} is neither '.' nor a number and key")
            n, key = read_number(m.group(1), f"line {lineno}: cell {c + 1}"), m.group(2)
            if key not in palette:
                raise PuzzleError(f"line {lineno}: cell {c + 1} {quote(token)}: colour {quote(key)} is not in the palette")
            if n < 1:
                raise PuzzleError(f"line {lineno}: cell {c + 1} {quote(token)}: number must be positive")
            clues.append([r, c, n, key])
    parse_palette(palette, single_char=False)
    out = {"type": "linkapix", "width": width, "height": len(rows), "palette": palette, "clues": clues}
    out.update(meta)
    return out


def writable(model: Model) -> bool:
    """Whether the layout holds the palette's keys (no digit first, not '.', nothing that
    splits a token)."""
    return all(k and k != "." and not k[0].isdigit() and not any(ch.isspace() or ch in "=:#" for ch in k)
               for k in model.palette)


def dump(model: Model, meta: dict | None = None) -> str:
    """The puzzle in the typed layout (the inverse of :func:`load`, keys permitting:
    :func:`writable`), with its title, author, source and licence lines."""
    # (a line break in a title would end its line: one line each, as load reads it)
    lines = [f"{key}: {' '.join(str(meta[key]).splitlines()).strip()}" for key in _META if (meta or {}).get(key)]
    lines += ["palette: " + " ".join(f"{k}={v}" for k, v in model.palette.items())]
    grid = [["."] * model.width for _ in range(model.height)]
    for r, c, n, k in model.clues:
        grid[r][c] = f"{n}{k}"
    lines += [" ".join(row) for row in grid]
    return "\n".join(lines) + "\n"
