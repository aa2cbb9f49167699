"""puzz.link / pzv.jp ``p?nonogram/W/H/<clues>`` URLs, read and written.

The format, as confirmed by reading pzprjs (the puzz.link fork, github.com/robx/pzprjs):
``src/variety/nonogram.js`` (Board, Encode and AnsCheck of the "nonogram" variety),
``src/variety-common/Encode.js`` (decodeNumber16ExCell, encodeNumber16ExCellFlushed,
genericEncodeNumber16, writeNumber16), ``src/puzzle/Board.js`` (estimateSize,
setposExCells, getex, excellinside, genericFlush: the stored robx copy predates the
multi-row clue cells, so this part was read in the current x-sheep/pzprjs copy and
matched against a second fork), ``src/pzpr/parser.js``
(URL splitting) and the variety's own test vector ``test/script/nonogram.js``, which
decodes exactly as described here.  In my own words:

* URL: ``<anything>?nonogram/<W>/<H>/<body>``, width (columns) first, then height.
* The clue cells ("excells") sit above and to the left of the grid.  Above each column
  there are ceil(H/2) of them, to the left of each row ceil(W/2) (the most blocks a
  black-and-white line can hold).  There is no top-left corner cell for this variety.
* Serial order: first the column clue cells, column 0 to W-1; within a column, slot 0
  is the cell touching the grid and slot k the k-th one further up.  Then the row clue
  cells, row 0 to H-1; within a row slot 0 touches the grid, slot k is k cells further
  left.  So W*ceil(H/2) + H*ceil(W/2) slots in all.
* A line's clue is read away-from-the-grid first (top to bottom above a column, left to
  right before a row), skipping empty slots: slots (near..far) = [3, 1, -] is clue 1 3.
  The encoder "flushes" clues against the grid, so it writes each line's clue reversed
  (last block first) followed by its empty slots.
* Each slot: one hex digit ``0``-``f`` is a number 0-15; ``-`` and two hex digits is
  16-255; ``g``-``z`` skip 1-20 empty slots; ``.`` is a "?" clue.  The decoder knows no
  other code, so a block of 256 or more cannot be written.  The encoder always ends
  with the skip that covers the last empty slots, so a body covers every slot.
* Nonograms there are black-and-white only (cells are shaded or not; there is no
  colour in the variety).  The editor does not accept 0 or "?" in nonogram clue cells
  (disInputHatena, and the default minimum number 1, which only the "cts" variant
  lowers to 0) and the checker compares the clue with the runs
  of shaded cells, so neither can be part of a solvable puzzle: both are refused here.

Worked example, the one in pzprjs's test/script/nonogram.js, checked in the tests:
``6/6/12g1111h11112j12g11g21j11g3h``.
"""
from __future__ import annotations

import re

from ...base import PuzzleError, SNIFF_MARK, check_size, quote
from ...puzzlink import SHORT, read_number16, write_number16
from ..model import Model
from .common import _assemble, _is_number, _text


_PZ_HEAD = re.compile(r"(?:(?:https?://)?[^\s?/#]+(?:/[^\s?#]*)?)?\?nonogram/")
_PZ_SIZE = re.compile(r"[0-9]{1,6}")
_PZ_EXAMPLE = "https://puzz.link/p?nonogram/<width>/<height>/<clues>"


def _pz_layout(width: int, height: int) -> tuple[int, int]:
    """(clue cells above each column, clue cells left of each row)."""
    return (height + 1) // 2, (width + 1) // 2


def sniff_puzzlink(content) -> int:
    text = _text(content).strip()
    return SNIFF_MARK if _PZ_HEAD.match(text) is not None and not re.search(r"\s", text) else 0


def _pz_line(slots: list[int | None], what: str, size: int, side: str) -> list[int]:
    """A line's blocks from its slots (slot 0 touches the grid; the clue reads from the far end)."""
    blocks = [v for v in reversed(slots) if v is not None]
    if 0 in blocks:
        raise PuzzleError(f"URL: {what} has a block of length 0")
    need = sum(blocks) + len(blocks) - 1
    if blocks and need > size:
        raise PuzzleError(f"URL: {what} clue {' '.join(map(str, blocks))} needs {need} cells, the {side} has "
                          f"{size}")
    return blocks


def load_puzzlink(content) -> dict:
    text = _text(content).strip()
    m = _PZ_HEAD.match(text)
    if not m or re.search(r"\s", text):
        raise PuzzleError(f"URL: expected {_PZ_EXAMPLE}")
    rest = text[m.end():]
    parts = rest.split("/", 2)
    if len(parts) < 3:
        raise PuzzleError(f"URL: expected {_PZ_EXAMPLE} (the clue part is missing)")
    w, h, body = parts
    if not (_PZ_SIZE.fullmatch(w) and _PZ_SIZE.fullmatch(h)):
        what = "is too large" if _is_number(w) and _is_number(h) else "is not two numbers <width>/<height>"
        raise PuzzleError(f"URL: size {quote(w[:12])}/{quote(h[:12])} {what}")
    width, height = int(w), int(h)
    check_size(width, height, "URL")
    if body.endswith("/"):
        body = body[:-1]
    above, left = _pz_layout(width, height)
    top = width * above
    slots = read_number16(body, top + height * left, wide=SHORT, what="URL clues", cells="clue cells",
                          code="clue", whole=True,
                          unknown="'.' is a '?' clue (a block of unknown length), which cannot be solved")
    cols = [_pz_line(slots[c * above:(c + 1) * above], f"column {c + 1}", height, "column")
            for c in range(width)]
    rows = [_pz_line(slots[top + r * left:top + (r + 1) * left], f"row {r + 1}", width, "row")
            for r in range(height)]
    return _assemble(width, height, rows, cols, None, {}, None)


def export_puzzlink(model: Model) -> str:
    """``https://puzz.link/p?nonogram/W/H/<clues>``: the clue cells flushed against the grid,
    as pzprjs writes them.  Black-and-white puzzles only (a one-colour palette is written as
    black), blocks up to 255."""
    if model.palette is not None and len(model.palette) > 1:
        raise PuzzleError(f"puzz.link nonograms are black-and-white only; this puzzle has "
                          f"{len(model.palette)} colours")
    above, left = _pz_layout(model.width, model.height)
    slots: list[int | None] = []
    for clues, per_line, side in ((model.cols, above, "column"), (model.rows, left, "row")):
        for i, clue in enumerate(clues):
            blocks = [n for n, _ in clue]
            if len(blocks) > per_line:  # cannot happen for a valid model; keep the layout honest
                raise PuzzleError(f"{side} {i + 1}: {len(blocks)} blocks do not fit in {per_line} clue cells")
            for n in blocks:
                if n > 255:
                    raise PuzzleError(f"{side} {i + 1}: block {n} is longer than 255, which puzz.link "
                                      "URLs cannot hold")
            slots += list(reversed(blocks)) + [None] * (per_line - len(blocks))
    return f"https://puzz.link/p?nonogram/{model.width}/{model.height}/{write_number16(slots)}"
