"""Plain number lists: ``.mk`` and Jakub Wilk's ``.nin``.

* ``.mk``: first line ``height width``, then row clues (numbers separated by spaces),
  a line ``#``, then column clues.
* ``.nin``: first line ``width height``, then the row clues and the column clues
  (``0`` for an empty one; empty lines are skipped, as Jakub Wilk's reader does).
"""
from __future__ import annotations

import re

from ...base import MAX_DIGITS, PuzzleError, SNIFF_MARK, SNIFF_SHAPE, quote, read_number
from .common import _assemble, _is_number, _text


def _numbers(line: str, lineno: int) -> list[int]:
    parts = line.replace(",", " ").split()
    out = []
    for p in parts:
        if not _is_number(p):
            raise PuzzleError(f"line {lineno}: expected numbers, got {quote(p[:20])}")
        out.append(read_number(p, f"line {lineno}"))
    if out == [0]:
        return []
    if 0 in out:
        raise PuzzleError(f"line {lineno}: a block of length 0 among others")
    return out


def _size_line(lines: list[str]) -> tuple[int, int, int]:
    for i, line in enumerate(lines):
        if line.strip():
            parts = line.split()
            if len(parts) != 2 or not all(_is_number(p) for p in parts):
                raise PuzzleError(f"line {i + 1}: expected two numbers (the size), got {quote(line.strip()[:40])}")
            return read_number(parts[0], f"line {i + 1}"), read_number(parts[1], f"line {i + 1}"), i
    raise PuzzleError("line 1: empty file")


def _size_shape(line: str) -> list[str] | None:
    """The two words of a size line that looks like one (any digits, so that the
    loader, not the sniffer, says what is wrong with them)."""
    parts = line.split()
    return parts if len(parts) == 2 and all(p.isdigit() for p in parts) else None


def sniff_mk(content) -> int:
    lines = _text(content).splitlines()
    first = next((ln for ln in lines if ln.strip()), "")
    # the lone '#' between row and column clues is this format's own mark
    return SNIFF_MARK if _size_shape(first) and any(ln.strip() == "#" for ln in lines) else 0


def load_mk(content) -> dict:
    lines = _text(content).splitlines()
    height, width, start = _size_line(lines)
    body = lines[start + 1:]
    try:
        split = next(i for i, ln in enumerate(body) if ln.strip() == "#")
    except StopIteration:
        raise PuzzleError(f"line {start + 2}: no '#' line between row and column clues") from None
    rows = [_numbers(ln, start + 2 + i) for i, ln in enumerate(body[:split])]
    col_lines = body[split + 1:]
    while col_lines and not col_lines[-1].strip():
        col_lines.pop()
    cols = [_numbers(ln, start + 3 + split + i) for i, ln in enumerate(col_lines)]
    if len(rows) != height:
        raise PuzzleError(f"line {start + 2 + split}: {len(rows)} row clues, the header says {height}")
    if len(cols) != width:
        raise PuzzleError(f"line {len(lines)}: {len(cols)} column clues, the header says {width}")
    return _assemble(width, height, rows, cols, None, {}, None)


def sniff_nin(content) -> int:
    """A size line and then clue lines: sure when there are as many of them as the size
    says (whatever they hold, so that the loader names a bad one), else a guess when
    every line is made of numbers."""
    lines = _text(content).splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    size = _size_shape(lines[0]) if lines else None
    body = [ln for ln in lines[1:] if ln.strip()]      # (empty lines are skipped: load_nin)
    if size is None or not body or any(ln.strip() == "#" for ln in body):  # '#': .mk
        return 0
    if all(_is_number(p) and len(p) <= MAX_DIGITS for p in size) and \
            len(body) == int(size[0]) + int(size[1]):
        return SNIFF_MARK
    return SNIFF_SHAPE if all(re.fullmatch(r"[\d\s,]*", ln) for ln in body) else 0


def load_nin(content) -> dict:
    lines = _text(content).splitlines()
    width, height, start = _size_line(lines)
    # (Wilk's reader skips every run of line breaks: an empty clue is written 0, and an
    # empty line between the row and the column clues is only layout)
    body = [(start + 2 + i, ln) for i, ln in enumerate(lines[start + 1:]) if ln.strip()]
    if len(body) != width + height:
        raise PuzzleError(f"line {start + 1}: {len(body)} clue lines, the size {width} {height} needs "
                          f"{width + height}")
    clues = [_numbers(ln, lineno) for lineno, ln in body]
    return _assemble(width, height, clues[:height], clues[height:], None, {}, None)
