"""Simon Tatham's Pattern (the nonogram of his Portable Puzzle Collection): game IDs and
save files, read into puzzle JSON; game IDs written.

* A **game ID** is what Pattern shows under "Game > Specific..." (and what its web
  version puts after ``pattern.html#``): ``<W>x<H>:<clues>``, the clues of the columns
  left to right and then of the rows top to bottom, separated by ``/``, the blocks of a
  line by ``.``, an empty line an empty entry (``10x5:2.1//3/...``).  ``<W>`` alone
  means a square.  Pattern's picture generator may add ``,<cells>``: some cells given at
  the start (letters, the count of cells skipped before each given one, upper case for
  a filled one).  They are hints only (the clues alone define the puzzle), so their
  layout is checked as Pattern checks it, and they are left out.
* A **random seed** (``10x10#12345``) stands for the puzzle that Pattern's own generator
  makes from it, which only Pattern can make: it is refused, saying so.
* A **save file** is a list of records ``KEY:LEN:VALUE`` (the key padded to 8
  characters, LEN the value's length), from ``SAVEFILE:41:Simon Tatham's Portable
  Puzzle Collection``; ``GAME`` names the puzzle (Pattern), ``PARAMS`` its size and
  ``DESC`` its clues in the game ID's form.  The moves after them (the player's
  progress) are not read.

Written from the game's description format as Pattern's source documents it (its
``validate_desc``, ``new_game``) and the midend's save-file layout.  Every fault is a
PuzzleError naming what is wrong.
"""
from __future__ import annotations

import re

from ...base import MAX_DIGITS, SNIFF_MARK, SNIFF_SIGNATURE, PuzzleError, a_size, check_size, quote, read_number
from .common import _assemble, _text
from ..model import Model

SAVE_MAGIC = "SAVEFILE:41:Simon Tatham's Portable Puzzle Collection"
#: an optional "pattern:" or the web version's page before the ID
_ID = re.compile(r"(?:\S*pattern\.html#|pattern[:\s]\s*)?([0-9]{1,6})(?:x([0-9]{1,6}))?([:#])(\S*)", re.IGNORECASE)
_CLUES = re.compile(r"[0-9./]*(?:,[A-Za-z]*)?")


def sniff_pattern(content) -> int:
    text = _text(content)
    if text.startswith(SAVE_MAGIC):
        return SNIFF_SIGNATURE
    text = text.strip()
    if len(text) > 200_000 or re.search(r"\s", text.split(":", 1)[-1]):
        return 0
    m = _ID.fullmatch(text)
    if m is None:
        return 0
    if m.group(3) == "#":
        return SNIFF_MARK if m.group(4).isascii() and m.group(4).isdigit() else 0
    return SNIFF_MARK if _CLUES.fullmatch(m.group(4)) and ("/" in m.group(4) or m.group(4) == "") else 0


def load_pattern(content) -> dict:
    """A Pattern game ID or save file as puzzle JSON."""
    text = _text(content)
    if text.startswith(SAVE_MAGIC):
        return _load_save(text)
    m = _ID.fullmatch(text.strip())
    if m is None:
        raise PuzzleError("game ID: expected <width>x<height>:<clues>, as Pattern's Game > Specific shows it")
    width, height = _size(m.group(1), m.group(2), "game ID")
    if m.group(3) == "#":
        raise PuzzleError(f"game ID: {quote(text.strip()[:40])} is a random seed: only Pattern's own generator "
                          "makes its puzzle; copy the game ID from Pattern's Game > Specific instead")
    return _from_desc(width, height, m.group(4), "game ID")


def _size(w: str, h: str | None, where: str) -> tuple[int, int]:
    width = read_number(w, f"{where} width")
    height = read_number(h, f"{where} height") if h is not None else width
    check_size(width, height, where)
    return width, height


def _from_desc(width: int, height: int, desc: str, where: str) -> dict:
    clues, _, given = desc.partition(",")
    entries = clues.split("/")
    if len(entries) != width + height:
        raise PuzzleError(f"{where}: {len(entries)} clue lines for {a_size(width, height, 'x')} grid, expected "
                          f"{width + height} ({width} columns, then {height} rows)")
    lines = []
    for i, entry in enumerate(entries):
        what = f"column {i + 1}" if i < width else f"row {i - width + 1}"
        size = height if i < width else width
        blocks = []
        for part in entry.split(".") if entry else []:
            if not part.isascii() or not part.isdigit() or len(part) > MAX_DIGITS:
                raise PuzzleError(f"{where}: {what}: {quote(entry[:30])} is not numbers separated by '.'")
            blocks.append(int(part))
        if 0 in blocks and blocks != [0]:
            raise PuzzleError(f"{where}: {what}: a block of length 0 among others")
        blocks = [n for n in blocks if n]
        need = sum(blocks) + len(blocks) - 1
        if blocks and need > size:
            raise PuzzleError(f"{where}: {what}: clue {' '.join(map(str, blocks))} needs {need} cells, "
                              f"the {'column' if i < width else 'row'} has {size}")
        lines.append(blocks)
    if given:
        _check_given(given, width * height, where)
    return _assemble(width, height, lines[width:], lines[:width], None, {}, None)


def _check_given(given: str, cells: int, where: str) -> None:
    """The given cells' letters cover the grid exactly (as Pattern checks them)."""
    at = 0
    for ch in given:
        if not (ch.isascii() and ch.isalpha()):
            raise PuzzleError(f"{where}: {quote(ch)} in the given cells, expected letters")
        if at >= cells:
            raise PuzzleError(f"{where}: the given cells run past the grid's {cells} cells")
        skip = ord(ch.lower()) - ord("a")
        at += skip + (1 if skip < 25 and at + skip < cells else 0)
        if at > cells:
            raise PuzzleError(f"{where}: the given cells run past the grid's {cells} cells")
    if at < cells:
        raise PuzzleError(f"{where}: the given cells stop at cell {at} of {cells}")


def _records(text: str) -> dict[str, str]:
    """A save file's records (the first of each key): ``KEY:LEN:VALUE`` read by length,
    since a value may hold any character."""
    out: dict[str, str] = {}
    at, n = 0, len(text)
    while at < n:
        if text[at] in "\r\n":
            at += 1
            continue
        head = re.compile(r"([^:\n]{1,8}):([0-9]{1,9}):").match(text, at)
        if head is None:
            raise PuzzleError(f"save file: character {at + 1}: expected KEY:LENGTH:VALUE, got "
                              f"{quote(text[at:at + 20])}")
        key, length = head.group(1).strip(), int(head.group(2))
        start = head.end()
        if start + length > n:
            raise PuzzleError(f"save file: the {key} record says {length} characters, the file ends first")
        out.setdefault(key, text[start:start + length])
        at = start + length
    return out


def _load_save(text: str) -> dict:
    rec = _records(text)
    game = rec.get("GAME", "")
    if game.lower() != "pattern":
        raise PuzzleError(f"save file: a game of {quote(game[:30]) if game else 'an unnamed puzzle'} from "
                          "Simon Tatham's collection; only Pattern (nonogram) save files can be opened here")
    if "DESC" not in rec:
        raise PuzzleError("save file: no DESC record (the clues)")
    m = re.fullmatch(r"([0-9]{1,6})(?:x([0-9]{1,6}))?", rec.get("PARAMS", "").strip())
    if m is None:
        raise PuzzleError(f"save file: PARAMS {quote(rec.get('PARAMS', '')[:20])}, expected <width>x<height>")
    width, height = _size(m.group(1), m.group(2), "save file")
    return _from_desc(width, height, rec["DESC"].strip(), "save file DESC")


def export_pattern(model: Model) -> str:
    """The game ID Pattern's Game > Specific takes: ``<W>x<H>:<clues>`` (black and white)."""
    if model.multicolour:
        raise PuzzleError(f"Pattern is black-and-white only; this puzzle has {len(model.palette)} colours")
    parts = [".".join(str(n) for n, _ in clue) for clue in list(model.cols) + list(model.rows)]
    return f"{model.width}x{model.height}:" + "/".join(parts)
