"""Compact share-link body for Hungry Cat puzzles.

Grammar (the body is printable ASCII; no '/', '#', '%' or whitespace)::

    body    := palette "~" lines "~" lines      first the rows (height of them, top
                                                to bottom), then the columns (width
                                                of them, left to right)
    palette := entry ("," entry)*               palette order = colour index 0, 1, ...
    entry   := key HEX6                         HEX6 = six lowercase hex digits (#rrggbb)
    key     := [A-Za-z0-9]                      the key itself
             | "_" HEX4                         any other key: its Unicode code point
                                                as four lowercase hex digits
    lines   := line (";" line)*
    line    := item ("," item)*                 in the order of the clue
    item    := INDEX ("b" | "n") COUNT          INDEX: palette index, decimal;
                                                "b": one block (contiguous true),
                                                "n": not one block (false);
                                                COUNT: decimal, >= 1

Decimal numbers have no sign and no leading zeros.  At most 64 palette entries, and
counts at most the line length.  Example (2x1, red then blue)::

    Rff0000,B0000ff~0b1,1b1~0b1;1b1
"""
from __future__ import annotations

import re

from ..base import MAX_GRID_SIDE, PuzzleError, quote
from .model import Model

_ENTRY = re.compile(r"([A-Za-z0-9]|_[0-9a-f]{4})([0-9a-f]{6})")
_ITEM = re.compile(r"(0|[1-9][0-9]{0,3})([bn])([1-9][0-9]{0,3})")
_SAFE = re.compile(r"[A-Za-z0-9]")


def _key_token(key: str) -> str:
    if _SAFE.fullmatch(key):
        return key
    return "_%04x" % ord(key)


def encode(m: Model) -> str:
    palette = ",".join(_key_token(k) + h[1:] for k, h in zip(m.keys, m.colours))

    def lines(ls):
        return ";".join(",".join(f"{c}{'b' if f else 'n'}{n}" for c, n, f in line) for line in ls)
    return f"{palette}~{lines(m.rows)}~{lines(m.cols)}"


def _decode_lines(text: str, what: str, count: int, keys: list[str]) -> list:
    parts = text.split(";")
    if len(parts) != count:
        raise PuzzleError(f"link: {len(parts)} {what}, expected {count}")
    out = []
    for i, part in enumerate(parts):
        items = []
        for tok in part.split(","):
            mt = _ITEM.fullmatch(tok)
            if not mt:
                raise PuzzleError(f"link: {what} {i}: bad clue item {quote(tok[:20])}")
            idx = int(mt.group(1))
            if idx >= len(keys):
                raise PuzzleError(f"link: {what} {i}: colour {idx} is not in the palette")
            items.append([keys[idx], int(mt.group(3)), mt.group(2) == "b"])
        out.append(items)
    return out


def decode(body: str, width: int, height: int) -> dict:
    if not isinstance(body, str) or len(body) > 40 * MAX_GRID_SIDE * MAX_GRID_SIDE:
        raise PuzzleError("link: body missing or too long")
    sections = body.split("~")
    if len(sections) != 3:
        raise PuzzleError("link: expected palette~rows~columns")
    entries = sections[0].split(",")
    if len(entries) > 64:
        raise PuzzleError("link: more than 64 colours")
    palette: dict[str, str] = {}
    for tok in entries:
        mt = _ENTRY.fullmatch(tok)
        if not mt:
            raise PuzzleError(f"link: bad palette entry {quote(tok[:20])}")
        k = mt.group(1)
        if k.startswith("_"):
            code = int(k[1:], 16)
            if not 0x20 < code < 0xD800:
                raise PuzzleError(f"link: palette key code {code} is not allowed")
            k = chr(code)
        if k in palette:
            raise PuzzleError(f"link: palette key {quote(k)} appears twice")
        palette[k] = "#" + mt.group(2)
    keys = list(palette)
    return {"palette": palette,
            "rows": _decode_lines(sections[1], "rows", height, keys),
            "cols": _decode_lines(sections[2], "columns", width, keys)}
