"""Compact share-link body for Link-a-Pix.

Grammar (all ASCII; no '/', '#', '%' or whitespace)::

    body    = palette "~" clues
    palette = entry *("," entry)                  ; 1 to 64 entries, in palette order
    entry   = 6HEXLOWER keychars                  ; "#rrggbb" without '#', then the key
    keychars= 1*( ALNUM / "-" 2HEXLOWER )         ; the key's UTF-8 bytes: letters and
                                                  ; digits as themselves, any other
                                                  ; byte as '-' and two hex digits
    clues   = "" / clue *(";" clue)               ; in row-major order
    clue    = skip "." number "." colour          ; decimal numbers, no sign
    skip    = the number of clue-less cells since the previous clue (or since the
              top-left cell for the first clue), so the clue sits at cell index
              previous_index + 1 + skip (the first clue at index skip); index = row * width + col
    number  = the clue number, 1 .. width * height
    colour  = 0-based index into the palette entries

Example: a 3x1 puzzle "1a . 1b" with palette a=#000000, b=#ff0000 is
``000000a,ff0000b~0.1.0;1.1.1``.  Decimal numbers have at most 6 digits; a key
decodes to 1..16 characters.  The decoder rejects anything else.
"""
from __future__ import annotations

import re

from ..base import PuzzleError
from .model import Model

_ALNUM = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_ENTRY = re.compile(r"([0-9a-f]{6})((?:[A-Za-z0-9]|-[0-9a-f]{2})+)")
_CLUE = re.compile(r"([0-9]{1,6})\.([0-9]{1,6})\.([0-9]{1,2})")
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
        raise PuzzleError(f"palette key {text!r} is not valid UTF-8") from None


def encode(model: Model) -> str:
    index = {k: i for i, k in enumerate(model.palette)}
    palette = ",".join(colour[1:] + _key_out(key) for key, colour in model.palette.items())
    clues, prev = [], -1
    for r, c, n, key in model.clues:
        at = r * model.width + c
        clues.append(f"{at - prev - 1}.{n}.{index[key]}")
        prev = at
    return palette + "~" + ";".join(clues)


def decode(body: str, width: int, height: int) -> dict:
    if not isinstance(body, str) or len(body) > MAX_BODY:
        raise PuzzleError("link body is not text or too long")
    if body.count("~") != 1:
        raise PuzzleError("link body: expected exactly one '~' between palette and clues")
    head, tail = body.split("~")
    palette: dict[str, str] = {}
    entries = head.split(",")
    if len(entries) > 64:
        raise PuzzleError(f"link palette: {len(entries)} colours, at most 64")
    for i, entry in enumerate(entries):
        m = _ENTRY.fullmatch(entry)
        if not m:
            raise PuzzleError(f"link palette entry {i + 1}: {entry[:40]!r} is not rrggbb followed by a key")
        key = _key_in(m.group(2))
        if not 1 <= len(key) <= 16:
            raise PuzzleError(f"link palette entry {i + 1}: key must be 1 to 16 characters")
        if key in palette:
            raise PuzzleError(f"link palette entry {i + 1}: key {key!r} repeated")
        palette[key] = "#" + m.group(1)
    keys = list(palette)
    clues = []
    cells = width * height
    at = -1
    for i, item in enumerate(tail.split(";") if tail else ()):
        m = _CLUE.fullmatch(item)
        if not m:
            raise PuzzleError(f"link clue {i + 1}: {item[:40]!r} is not skip.number.colour")
        skip, n, colour = (int(g) for g in m.groups())
        at += skip + 1
        if at >= cells:
            raise PuzzleError(f"link clue {i + 1}: beyond the last cell of the grid")
        if not 1 <= n <= cells:
            raise PuzzleError(f"link clue {i + 1}: number {n} out of range")
        if colour >= len(keys):
            raise PuzzleError(f"link clue {i + 1}: colour {colour} is not in the palette")
        clues.append([at // width, at % width, n, keys[colour]])
    return {"palette": palette, "clues": clues}
