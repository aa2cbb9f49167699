"""Compact share-link body for Link-a-Pix.

Grammar (all ASCII; no '/', '#', '%' or whitespace)::

    body    = palette "~" cells [ "~" colours ]
    palette = entry *("," entry)                  ; 1 to 64 entries, in palette order
    entry   = 6HEXLOWER keychars                  ; "#rrggbb" without '#', then the key
    keychars= 1*( ALNUM / "-" 2HEXLOWER )         ; the key's UTF-8 bytes: letters and
                                                  ; digits as themselves, any other
                                                  ; byte as '-' and two hex digits
    cells   = exactly width * height tokens, one per cell in row-major order:
              "."                                 ; no clue
              / B64                               ; a clue numbered 1 .. 63
              / "(" decimal ")"                   ; a clue numbered 64 .. width * height
    colours = one B64 character per clue, in row-major order: its palette index;
              left out, with its "~", when the palette has one colour
    B64     = "A-Z a-z 0-9 - _" in that order, the character's value its position

A grid string rather than a list of coordinates: the clue layout of a picture repeats
(runs of blanks, similar numbers), so the envelope's DEFLATE shrinks it far better,
and numbers and colours in separate streams compress better than interleaved
(a 64x64 puzzle with 1,700 clues: about 2,600 link characters instead of 3,500).

Example: a 3x1 puzzle "1a . 1b" with palette a=#000000, b=#ff0000 is
``000000a,ff0000b~B.B~AB``.  The decoder rejects anything else.
"""
from __future__ import annotations

import re

from ..base import PuzzleError, quote
from .model import Model

_ALNUM = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_ENTRY = re.compile(r"([0-9a-f]{6})((?:[A-Za-z0-9]|-[0-9a-f]{2})+)")
MAX_BODY = 4_000_000


def _key_out(key: str) -> str:
    return "".join(chr(b) if b in _ALNUM else f"-{b:02x}" for b in key.encode("utf-8"))


def _key_in(text: str) -> str:
    out = bytearray()
    i = 0
    while i < len(text):
        if text[i] == "-":
            out.append(int(text[i + 1:i + 3], 16))
            i += 3
        else:
            out.append(ord(text[i]))
            i += 1
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        raise PuzzleError(f"palette key {quote(text)} is not valid UTF-8") from None


B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_B64_VALUE = {ch: i for i, ch in enumerate(B64)}
_TOKEN = re.compile(r"\.|[A-Za-z0-9_-]|\(([0-9]{1,6})\)")


def encode(model: Model) -> str:
    index = {k: i for i, k in enumerate(model.palette)}
    palette = ",".join(colour[1:] + _key_out(key) for key, colour in model.palette.items())
    cells = ["."] * (model.width * model.height)
    colours = []
    for r, c, n, key in model.clues:  # row-major, as the model keeps them
        cells[r * model.width + c] = B64[n] if n < 64 else f"({n})"
        colours.append(B64[index[key]])
    body = palette + "~" + "".join(cells)
    return body if len(model.palette) == 1 else body + "~" + "".join(colours)


def decode(body: str, width: int, height: int) -> dict:
    if not isinstance(body, str) or len(body) > MAX_BODY:
        raise PuzzleError("link body is not text or too long")
    sections = body.split("~")
    if len(sections) not in (2, 3):
        raise PuzzleError("link body: expected palette~cells[~colours]")
    head, grid = sections[0], sections[1]
    palette: dict[str, str] = {}
    entries = head.split(",")
    if len(entries) > 64:
        raise PuzzleError(f"link palette: {len(entries)} colours, at most 64")
    for i, entry in enumerate(entries):
        m = _ENTRY.fullmatch(entry)
        if not m:
            raise PuzzleError(f"link palette entry {i + 1}: {quote(entry[:40])} is not rrggbb followed by a key")
        key = _key_in(m.group(2))
        if not 1 <= len(key) <= 16:
            raise PuzzleError(f"link palette entry {i + 1}: key must be 1 to 16 characters")
        if key in palette:
            raise PuzzleError(f"link palette entry {i + 1}: key {quote(key)} repeated")
        palette[key] = "#" + m.group(1)
    keys = list(palette)
    cells = width * height
    numbered = []  # (cell index, number)
    at = pos = 0
    while pos < len(grid):
        m = _TOKEN.match(grid, pos)
        if not m:
            raise PuzzleError(f"link cells: unexpected {quote(grid[pos:pos + 10])} at cell {at}")
        if at >= cells:
            raise PuzzleError(f"link cells: more than the {cells} cells of the grid")
        tok = m.group(0)
        if tok != ".":
            n = int(m.group(1)) if m.group(1) else _B64_VALUE[tok]
            if not 1 <= n <= cells or (m.group(1) and n < 64):
                raise PuzzleError(f"link cells: number {n} at cell {at} is out of range")
            numbered.append((at, n))
        at += 1
        pos = m.end()
    if at != cells:
        raise PuzzleError(f"link cells: {at} cells, the grid has {cells}")
    if len(sections) == 3:
        colours = sections[2]
        if len(colours) != len(numbered):
            raise PuzzleError(f"link colours: {len(colours)} for {len(numbered)} clues")
    elif len(keys) == 1:
        colours = B64[0] * len(numbered)
    else:
        raise PuzzleError("link body: the clue colours are missing")
    clues = []
    for (at, n), ch in zip(numbered, colours):
        ci = _B64_VALUE.get(ch)
        if ci is None or ci >= len(keys):
            raise PuzzleError(f"link colours: {quote(ch)} is not a palette index")
        clues.append([at // width, at % width, n, keys[ci]])
    return {"palette": palette, "clues": clues}
