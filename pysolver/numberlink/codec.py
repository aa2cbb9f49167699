"""Compact share-link body for Numberlink.

Grammar (ASCII, no whitespace)::

    body     := cover ( "." endpoint )+
    cover    := "F"                      ; full cover: every cell on a path
              | "E"                      ; free cover: cells may stay empty
    endpoint := index ":" label
    index    := "0" | [1-9][0-9]*        ; row * width + col, decimal, no leading zeros,
                                         ; less than width * height
    label    := ( [A-Za-z0-9_-] | "~" hex hex )+   ; 1 to 16 characters once unescaped:
                                         ; any other character is "~" and the two hex
                                         ; digits of each byte of its UTF-8

Endpoints appear in the order of the puzzle's ``endpoints`` list.  Example: a 4x4
board with ``g`` at (0,3) and (3,3) and ``r`` at (1,1) and (2,1), full cover:
``F.3:g.5:r.9:r.15:g``.

A decoder must reject: an empty body, a first character other than ``F``/``E``,
a missing ``.`` separator, an index that is not such a decimal or is out of range, a
label outside the character set, badly escaped or not a label (see
``model.label_problem``), more endpoints than cells; the
result then goes through the normal puzzle validation (each label exactly twice, no
cell used twice).
"""
from __future__ import annotations

import re

from ..base import PuzzleError, quote
from .model import Numberlink, label_problem

#: what a label holds as it is in the link; everything else is escaped
PLAIN = re.compile(r"[A-Za-z0-9_-]")
ESCAPED = re.compile(r"(?:[A-Za-z0-9_-]|~[0-9A-F]{2})+")

_COVER = {"F": "full", "E": "free"}
_COVER_CHAR = {v: k for k, v in _COVER.items()}


def encode(model: Numberlink) -> str:
    parts = [_COVER_CHAR[model.cover]]
    for r, c, label in model.endpoints:
        parts.append(f"{r * model.width + c}:{escape(label)}")
    return ".".join(parts)


def escape(label: str) -> str:
    """The label as the link body carries it: letters, digits, '_' and '-' as they are,
    anything else '~' and two upper-case hex digits per UTF-8 byte."""
    return "".join(ch if PLAIN.fullmatch(ch) else "".join(f"~{b:02X}" for b in ch.encode()) for ch in label)


def unescape(text: str, where: str) -> str:
    if not ESCAPED.fullmatch(text):
        raise PuzzleError(f"{where}: label {quote(text[:20])} is not letters, digits, '_', '-' and ~XX escapes")
    try:
        label = re.sub(rb"~([0-9A-F]{2})", lambda m: bytes([int(m.group(1), 16)]), text.encode()).decode()
    except UnicodeDecodeError:
        raise PuzzleError(f"{where}: label {quote(text[:20])} escapes bytes that are not UTF-8") from None
    problem = label_problem(label)
    if problem:
        raise PuzzleError(f"{where}: label {quote(label)} {problem}")
    return label


def decode(body: str, width: int, height: int) -> dict:
    if not isinstance(body, str) or not body:
        raise PuzzleError("link body: empty")
    size = width * height
    # Each endpoint takes at least 4 characters, so this bounds the work before splitting.
    if len(body) > 1 + size * 30:
        raise PuzzleError("link body: too long for the grid")
    if body[0] not in _COVER:
        raise PuzzleError(f"link body: starts with {quote(body[0])}, expected 'F' (full) or 'E' (free)")
    if len(body) > 1 and body[1] != ".":
        raise PuzzleError("link body: expected '.' after the cover letter")
    items = body[2:].split(".") if len(body) > 1 else []
    if not items or items == [""]:
        raise PuzzleError("link body: no endpoints")
    if len(items) > size:
        raise PuzzleError(f"link body: {len(items)} endpoints for {size} cells")
    endpoints = []
    for i, item in enumerate(items):
        index, sep, label = item.partition(":")
        if not sep:
            raise PuzzleError(f"link body: endpoint {i} ({quote(item[:20])}) lacks ':'")
        if not index.isascii() or not index.isdigit() or (len(index) > 1 and index[0] == "0") or len(index) > 6:
            raise PuzzleError(f"link body: endpoint {i}: {quote(index[:20])} is not a cell number")
        cell = int(index)
        if cell >= size:
            raise PuzzleError(f"link body: endpoint {i}: cell {cell} is outside the {width}x{height} grid")
        endpoints.append([cell // width, cell % width, unescape(label, f"link body: endpoint {i}")])
    return {"endpoints": endpoints, "cover": _COVER[body[0]]}
