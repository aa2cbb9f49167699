"""What the nonogram format readers and writers share: the colour words of other
programs' files, palette keys, and the puzzle JSON a reader returns.
"""
from __future__ import annotations

import re

from ...base import PuzzleError, quote, read_number


_DEFAULT_COLOURS = ["#000000", "#e02020", "#2060e0", "#20a040", "#f0c000", "#a040c0", "#00a0a0",
                    "#f08000", "#806040", "#808080"]
_NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#00a000",
          "blue": "#0000ff", "yellow": "#ffff00", "orange": "#ff8000", "brown": "#804000",
          "gray": "#808080", "grey": "#808080", "pink": "#ff80c0", "purple": "#800080",
          "cyan": "#00ffff", "magenta": "#ff00ff"}
_KEYS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def _text(content) -> str:
    if isinstance(content, bytes):
        content = content.decode("utf-8-sig")
    return content.lstrip("\ufeff")


def _hex_colour(value: str, where: str) -> str:
    v = value.strip().lower()
    if v in _NAMED:
        return _NAMED[v]
    v = v.lstrip("#")
    if re.fullmatch(r"[0-9a-f]{3}", v):
        v = "".join(ch * 2 for ch in v)
    if not re.fullmatch(r"[0-9a-f]{6}", v):
        raise PuzzleError(f"{where}: colour {quote(value.strip())} is not #rgb, #rrggbb or a known name")
    return "#" + v


def colour_value(value: str, where: str, fallback: int = 0) -> str:
    """A colour as files of other programs write it: ``#rrggbb``, ``rrggbb``, ``#rgb`` or
    a name (CSS/X11 names we know; another name, as XPM tables may hold, gets a default
    colour rather than an error, the picture being the clues' business)."""
    from ...colournames import NAMED
    v = value.strip().lower()
    if v in _NAMED or re.fullmatch(r"#?(?:[0-9a-f]{3}|[0-9a-f]{6})", v):
        return _hex_colour(v, where)
    if v.replace(" ", "") in NAMED:
        return NAMED[v.replace(" ", "")]
    if not re.fullmatch(r"[a-z][a-z0-9 ]*", v):
        raise PuzzleError(f"{where}: colour {quote(value.strip())} is not #rrggbb or a name")
    return _DEFAULT_COLOURS[fallback % len(_DEFAULT_COLOURS)]


def _is_number(text: str) -> bool:
    """ASCII digits only: str.isdigit() also takes '²', which int() then refuses."""
    return text.isascii() and text.isdigit()


def _valid_key(ch: str, used) -> str:
    """``ch`` itself when it can be a palette key, else a free letter."""
    if len(ch) == 1 and ch not in ".?# \t\n" and ch not in used:
        return ch
    for k in _KEYS:
        if k not in used:
            return k
    raise PuzzleError("too many colours")


def _assemble(width: int, height: int, rows: list, cols: list, palette: dict | None,
              meta: dict, goal: list[str] | None) -> dict:
    out = {"type": "nonogram", "width": width, "height": height, "rows": rows, "cols": cols}
    if palette is not None:
        out["palette"] = palette
    out.update({k: v for k, v in meta.items() if v})
    if goal is not None:
        out["solution"] = {"grid": goal}
    return out


def blocks_of(text: str, lineno: int, pattern: re.Pattern):
    """(length, suffix or '') of each white-space separated block of a clue line that
    ``pattern`` (a number, then a colour group) matches whole; PuzzleError naming the line
    for another word."""
    for tok in text.split():
        m = pattern.fullmatch(tok)
        if not m:
            raise PuzzleError(f"line {lineno}: bad block {quote(tok[:20])}")
        yield read_number(m.group(1), f"line {lineno}"), m.group(2) or ""
