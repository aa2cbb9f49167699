"""The seed notebook's two file formats, read into puzzle JSON.

Text notation (``.cat`` or ``.txt``)::

    # a comment line (only at the start of a line)
    B:blue R:red          colour list: KEY:COLOUR, KEY one letter, COLOUR a name
                          (blue, red, green, yellow, black, white, orange, purple,
                          pink, brown, grey, ... CSS names) or #rrggbb / #rgb
    rows                  then one clue line per row, top to bottom
    r5
    b2R3
    cols                  then one clue line per column, left to right
    ...

A clue line is a run of items LETTER COUNT, e.g. ``r2b3``: the letter names the
colour by its key (case-insensitive) and its case says the block flag: lowercase =
the cells form one block, uppercase = they do NOT form one block.  Spaces and commas
between items are allowed.  The palette keys become the uppercase letters.

XML (the notebook's layout; elements may be nested in any wrapper)::

    <puzzle>
      <colors>
        <color r="0" g="0" b="1"/>      one per colour, channels as 0..1 floats
        <color r="1" g="0" b="0"/>
      </colors>
      <line>105,0</line>                one per row, top to bottom
      <column>0,105</column>            one per column, left to right
    </puzzle>

Each <line>/<column> holds one number per colour, in the order of <colors>: 0 =
the colour is absent, n = n cells NOT forming one block, 100 + n = one block of n
cells.  (So lines longer than 99 cells cannot be written in this format.)  A
``<color>`` may carry a ``key`` attribute; otherwise keys are the initials of the
nearest colour names, made unique.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ..base import MAX_GRID_SIDE, Exporter, PuzzleError, SNIFF_MARK, quote, read_number
from .colours import hex_of, nearest_name

_COLOUR_TOKEN = re.compile(r"([A-Za-z]):(\S+)")
_ITEM = re.compile(r"([A-Za-z])([0-9]+)")  # not \d, which takes any script's digits



# -- text notation -------------------------------------------------------------------
def _text_lines(text: str) -> list[tuple[int, str]]:
    out = []
    for no, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if s and not s.startswith("#"):
            out.append((no, s))
    return out


def sniff_text(text) -> int:
    if not isinstance(text, str):
        return 0
    lines = _text_lines(text[:100000])
    if len(lines) < 3:
        return 0
    tokens = lines[0][1].split()
    return SNIFF_MARK if bool(tokens) and all(_COLOUR_TOKEN.fullmatch(t) for t in tokens) and \
        any(s.lower() == "rows" for _, s in lines) and any(s.lower() in ("cols", "columns") for _, s in lines) \
        else 0


def _parse_clue(no: int, s: str, keys: dict[str, str], where: str) -> list:
    body = s.replace(",", " ").replace(" ", "")
    pos = 0
    items = []
    seen = set()
    for mt in _ITEM.finditer(body):
        if mt.start() != pos:
            break
        pos = mt.end()
        letter, count = mt.group(1), read_number(mt.group(2), f"line {no}: {where}")
        key = keys.get(letter.upper())
        if key is None:
            raise PuzzleError(f"line {no}: {where}: colour {quote(letter)} is not in the colour list")
        if key in seen:
            raise PuzzleError(f"line {no}: {where}: colour {quote(letter)} is listed twice")
        if count < 1:
            raise PuzzleError(f"line {no}: {where}: count {count} of {quote(letter)} is not positive")
        seen.add(key)
        items.append([key, count, letter.islower()])
    if pos != len(body) or not items:
        raise PuzzleError(f"line {no}: {where}: expected items like 'r2B3', got {quote(s[:40])}")
    return items


def load_text(text: str) -> dict:
    lines = _text_lines(text)
    if not lines:
        raise PuzzleError("empty file")
    no, head = lines[0]
    palette: dict[str, str] = {}
    for tok in head.split():
        mt = _COLOUR_TOKEN.fullmatch(tok)
        if not mt:
            raise PuzzleError(f"line {no}: expected colours like 'B:blue', got {quote(tok)}")
        key = mt.group(1).upper()
        if key in palette:
            raise PuzzleError(f"line {no}: colour key {quote(key)} given twice")
        colour = hex_of(mt.group(2))
        if colour is None:
            raise PuzzleError(f"line {no}: {quote(mt.group(2))} is not a colour name or #rrggbb")
        palette[key] = colour
    keys = {k: k for k in palette}
    section = None
    rows: list = []
    cols: list = []
    for no, s in lines[1:]:
        low = s.lower()
        if low == "rows":
            section = rows
            continue
        if low in ("cols", "columns"):
            section = cols
            continue
        if section is None:
            raise PuzzleError(f"line {no}: expected 'rows' before the clues")
        where = f"row {len(rows) + 1}" if section is rows else f"col {len(cols) + 1}"  # (from 1, as players count)
        section.append(_parse_clue(no, s, keys, where))
    return _puzzle(palette, rows, cols, "", "expected a 'rows' and a 'cols' section with one clue line per line")


def _puzzle(palette: dict, rows: list, cols: list, prefix: str, missing: str) -> dict:
    """Puzzle JSON from the clues read; ``missing`` (after ``prefix``) says what is
    wrong when rows or columns are missing."""
    if not rows or not cols:
        raise PuzzleError(prefix + missing)
    if len(rows) > MAX_GRID_SIDE or len(cols) > MAX_GRID_SIDE:
        raise PuzzleError(f"{prefix}more than {MAX_GRID_SIDE} rows or columns")
    return {"type": "hungrycat", "width": len(cols), "height": len(rows),
            "palette": palette, "rows": rows, "cols": cols}


# -- XML ----------------------------------------------------------------------------
def sniff_xml(text) -> int:
    # <colors> is this layout's own; webpbn's XML has <puzzle> and <line> too
    return SNIFF_MARK if isinstance(text, str) and text.lstrip().startswith("<") and "<colors" in text[:100000] \
        and ("<line" in text or "<column" in text) else 0


def _channel(el, name: str, i: int) -> float:
    raw = el.get(name)
    try:
        v = float(raw)
    except (TypeError, ValueError):
        raise PuzzleError(f"<color> {i}: attribute {name}={quote(raw)} is not a number") from None
    if not 0.0 <= v <= 1.0:
        raise PuzzleError(f"<color> {i}: attribute {name}={raw} is not between 0 and 1")
    return v


def _xml_keys(rgbs: list[tuple[int, int, int]], given: list[str | None]) -> list[str]:
    keys: list[str] = []
    pool = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    for rgb, key in zip(rgbs, given):
        if key is None or len(key) != 1 or key in keys or key in ".?# ":
            first = nearest_name(rgb)[0].upper()
            key = first if first not in keys else next(ch for ch in pool if ch not in keys)
        keys.append(key)
    return keys


def load_xml(text: str) -> dict:
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise PuzzleError("XML: document type declarations are not accepted")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise PuzzleError(f"XML: {exc}") from None
    colours = [el for el in root.iter("color")]
    if not colours:
        raise PuzzleError("XML: no <color> elements inside <colors>")
    if len(colours) > 62:
        raise PuzzleError(f"XML: {len(colours)} colours, at most 62 are supported")
    rgbs = []
    for i, el in enumerate(colours):
        rgbs.append(tuple(round(_channel(el, ch, i) * 255) for ch in "rgb"))
    keys = _xml_keys(rgbs, [el.get("key") for el in colours])
    palette = {k: "#%02x%02x%02x" % rgb for k, rgb in zip(keys, rgbs)}

    def clues(tag: str, what: str) -> list:
        out = []
        for i, el in enumerate(root.iter(tag)):
            parts = [p.strip() for p in (el.text or "").split(",")]
            if len(parts) != len(keys):
                raise PuzzleError(f"XML: {what} {i + 1}: expected {len(keys)} numbers "
                                  f"(one per colour), got {len(parts)}")
            items = []
            for key, p in zip(keys, parts):
                if not (p.isascii() and p.isdigit()):  # isdigit() alone takes '²'
                    raise PuzzleError(f"XML: {what} {i + 1}: {quote(p[:20])} is not a whole number")
                v = read_number(p, f"XML: {what} {i + 1}")
                if v == 0:
                    continue
                if v == 100 or v > 199:
                    raise PuzzleError(f"XML: {what} {i + 1}: {v} is not a count "
                                      f"(n or 100 + n, n from 1 to 99)")
                items.append([key, v - 100, True] if v > 100 else [key, v, False])
            out.append(items)
        return out

    rows = clues("line", "row")
    cols = clues("column", "col")
    return _puzzle(palette, rows, cols, "XML: ",
                   "expected <line> elements for the rows and <column> elements for the columns")


def _letters(model) -> dict[str, str]:
    """Palette key -> the text notation's letter: the key in upper case where it is an
    ASCII letter no other key shares, else the first letter left."""
    out: dict[str, str] = {}
    for key in model.keys:
        up = key.upper()
        if len(key) == 1 and key.isascii() and key.isalpha() and up not in out.values():
            out[key] = up
    spare = (ch for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if ch not in out.values())
    return {key: out.get(key) or next(spare) for key in model.keys}


def dump_text(model) -> str:
    """The text notation of a puzzle (the inverse of :func:`load_text`): the colours as
    #rrggbb, then each row's and each column's clue, a block in lower case.  The keys
    are the notation's own, upper-case letters (``_letters``), as a nonogram format's
    are: the colours, in order, and the clues stay."""
    letters = [_letters(model)[k] for k in model.keys]
    line = lambda clue: "".join(f"{letters[i].lower() if block else letters[i]}{n}" for i, n, block in clue)  # noqa: E731
    return "\n".join([" ".join(f"{letters[i]}:{c}" for i, c in enumerate(model.colours)), "rows",
                      *map(line, model.rows), "cols", *map(line, model.cols)]) + "\n"


IMPORTERS = {"hungrycat-text": (sniff_text, load_text), "hungrycat-xml": (sniff_xml, load_xml)}
EXPORTERS = {
    "hungrycat-text": Exporter("the notebook's text notation: colours, then 'rows' and 'cols' and a clue line each",
                               lambda model, solution, meta: dump_text(model), keeps=("colours",)),
}
