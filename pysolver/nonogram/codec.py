"""Compact share-link body for nonograms.

Grammar (ASCII; the generic envelope adds ``#nonogram/<w>x<h>/`` and may compress)::

    body     = bw | colour
    bw       = lines "_" lines                 ; rows, then columns
    colour   = "c" palette "_" lines "_" lines
    palette  = entry ("," entry)*              ; in palette order, index 0, 1, 2, ...
    entry    = 6 lowercase hex digits (the colour rrggbb)
               followed by 1-6 lowercase hex digits (the Unicode code point of the key)
    lines    = clue ("," clue)*                ; exactly height clues for rows,
                                               ; width clues for columns
    clue     = "" | block ("." block)*         ; "" is an empty line
    block    = number                          ; black-and-white
             | number "-" index                ; multicolour: index into the palette
    number   = decimal, 1-999, no leading zero
    index    = decimal, no leading zero, less than the number of palette entries

Example: a 3x2 black-and-white puzzle with rows [3], [1,1] and columns [2], [1], [2]
is ``3,1.1_2,1,2``.  Characters used: ``0-9 a-f c , . _ -`` only.
"""
from __future__ import annotations

import re

from ..base import PuzzleError, quote
from .model import Model

MAX_BODY = 1 << 20
_NUMBER = re.compile(r"[1-9][0-9]{0,2}\Z")
_INDEX = re.compile(r"(0|[1-9][0-9]{0,2})\Z")
_ENTRY = re.compile(r"[0-9a-f]{7,12}\Z")


def encode(model: Model) -> str:
    def clue_text(clue) -> str:
        if model.palette is None:
            return ".".join(str(n) for n, _ in clue)
        return ".".join(f"{n}-{c - 1}" for n, c in clue)

    rows = ",".join(clue_text(c) for c in model.rows)
    cols = ",".join(clue_text(c) for c in model.cols)
    if model.palette is None:
        return f"{rows}_{cols}"
    palette = ",".join(colour[1:].lower() + format(ord(key), "x") for key, colour in model.palette.items())
    return f"c{palette}_{rows}_{cols}"


def decode(body: str, width: int, height: int) -> dict:
    if not isinstance(body, str) or len(body) > MAX_BODY:
        raise PuzzleError("link: body too long")
    if body.startswith("c"):
        parts = body[1:].split("_")
        if len(parts) != 3:
            raise PuzzleError("link: expected palette, rows and columns separated by '_'")
        palette = {}
        for n, entry in enumerate(parts[0].split(",")):
            if not _ENTRY.match(entry):
                raise PuzzleError(f"link: palette entry {n} {quote(entry[:20])} is not rrggbb + key code")
            code = int(entry[6:], 16)
            if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                raise PuzzleError(f"link: palette entry {n} has an invalid key code")
            key = chr(code)
            if key in palette:
                raise PuzzleError(f"link: palette key {quote(key)} appears twice")
            palette[key] = "#" + entry[:6]
        keys = list(palette)
        rows_text, cols_text = parts[1], parts[2]
    else:
        parts = body.split("_")
        if len(parts) != 2:
            raise PuzzleError("link: expected rows and columns separated by '_'")
        keys = None
        palette = None
        rows_text, cols_text = parts

    def lines(text: str, count: int, what: str) -> list:
        items = text.split(",")
        if len(items) != count:
            raise PuzzleError(f"link: {len(items)} {what} clues, expected {count}")
        out = []
        for i, item in enumerate(items):
            clue = []
            for block in item.split(".") if item else []:
                if keys is None:
                    number, index = block, None
                else:
                    number, _, index = block.partition("-")
                    if not _INDEX.match(index) or int(index) >= len(keys):
                        raise PuzzleError(f"link: {what}[{i}]: bad colour in block {quote(block[:20])}")
                if not _NUMBER.match(number):
                    raise PuzzleError(f"link: {what}[{i}]: bad block {quote(block[:20])}")
                clue.append(int(number) if keys is None else [int(number), keys[int(index)]])
            out.append(clue)
        return out

    out = {"rows": lines(rows_text, height, "row"), "cols": lines(cols_text, width, "column")}
    if palette is not None:
        out["palette"] = palette
    return out
