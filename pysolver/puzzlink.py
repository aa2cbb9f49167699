"""pzprjs's "number16" cell code, shared by the puzz.link / pzv.jp URL formats.

A URL body lists cells (or clue cells) in order, each as one code:

* ``0``-``f``: one hex digit, a number 0-15;
* a prefix and hex digits: ``-`` + 2 (16-255), ``+`` + 3 (up to 4095), ``=`` + 3 plus 4096,
  ``%`` + 3 plus 8192, ``*`` + 4 plus 12240, ``$`` + 5 plus 77776;
* ``g``-``z``: 1-20 empty cells;
* ``.``: an unknown number ("?"), which none of our families can use.

Not every variety's decoder knows every prefix (pzprjs's nonogram clue cells know
only ``-``), so the reader takes the prefixes a variety knows.  The writer writes the
shortest code (``-`` or ``+``) and refuses numbers of 4096 and more.  The rest of a URL
(``p?<variety>/<W>/<H>/...``) stays with each family: they accept different shapes.
"""
from __future__ import annotations

from collections.abc import Iterable

from .base import PuzzleError, quote

HEX = "0123456789abcdef"
#: number16's prefixes: prefix -> (hex digits after it, number added)
WIDE = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "*": (4, 12240), "$": (5, 77776)}
#: the prefix nonogram clue cells know (decodeNumber16ExCell)
SHORT = {"-": (2, 0)}
_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def read_number16(body: str, count: int, *, wide: dict = WIDE, what: str = "URL body",
                  cells: str = "cells", code: str = "number", unknown: str = "'.' is a '?' number",
                  whole: bool = False) -> list[int | None]:
    """The ``count`` cells of ``body``: a number or None (empty).  ``wide``: the
    prefixes the variety knows.  More characters than cells is an error; with
    ``whole`` so is a body that ends before the last cell (else the rest is empty).

    The other arguments only word the errors: ``what`` names the body, ``cells`` what
    it lists, ``code`` what a code is of, ``unknown`` why a ``.`` is refused."""
    out: list[int | None] = [None] * count
    cell = i = 0
    while i < len(body):
        if cell >= count:
            raise PuzzleError(f"{what}, character {i + 1}: {len(body) - i} character(s) left over "
                              f"after the last of the {count} {cells}")
        ch = body[i]
        if ch in HEX:
            out[cell] = int(ch, 16)
            cell += 1
            i += 1
        elif ch in wide:
            n, add = wide[ch]
            digits = body[i + 1:i + 1 + n]
            if len(digits) != n or any(d not in HEX for d in digits):
                raise PuzzleError(f"{what}, character {i + 1}: {quote(ch)} must be followed by "
                                  f"{_COUNT_WORDS[n]} hex digits (0-9, a-f), got {digits!r}")
            out[cell] = int(digits, 16) + add
            cell += 1
            i += 1 + n
        elif "g" <= ch <= "z":
            cell = min(count, cell + int(ch, 36) - 15)
            i += 1
        elif ch == ".":
            raise PuzzleError(f"{what}, character {i + 1}: {unknown}")
        else:
            raise PuzzleError(f"{what}, character {i + 1}: {quote(ch)} is not a {code} code "
                              f"(0-9 a-f, {_prefixes(wide)}, g-z for empty cells)")
    if whole and cell < count:
        raise PuzzleError(f"{what}: they end after {cell} of the {count} {cells} "
                          "(was the URL copied whole?)")
    return out


def _prefixes(wide: dict) -> str:
    """The prefixes for an error message: "'-' with two hex digits" or "'-' '+' ... with hex digits"."""
    if len(wide) == 1:
        (prefix, (n, _)), = wide.items()
        return f"{prefix!r} with {_COUNT_WORDS[n]} hex digits"
    return " ".join(map(repr, wide)) + " with hex digits"


def write_number16(values: Iterable[int | None]) -> str:
    """The body for these cells (None: empty), as pzprjs writes it: empty cells in skips
    of up to 20, numbers with one hex digit, ``-`` and two, or ``+`` and three."""
    out = []
    gap = 0
    for v in values:
        if v is None:
            gap += 1
            if gap == 20:
                out.append("z")
                gap = 0
            continue
        if gap:
            out.append(chr(ord("g") + gap - 1))
            gap = 0
        if v < 16:
            out.append(format(v, "x"))
        elif v < 256:
            out.append("-" + format(v, "02x"))
        elif v < 4096:
            out.append("+" + format(v, "03x"))
        else:
            raise PuzzleError(f"number {v} is too large for a puzz.link URL")
    if gap:
        out.append(chr(ord("g") + gap - 1))
    return "".join(out)
