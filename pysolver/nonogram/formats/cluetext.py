"""Clue-list text formats of other nonogram programs, read into puzzle JSON:

* pynogram's INI-like text: a ``[clues]`` section with ``rows =`` and ``columns =``,
  each followed by clues separated by commas and/or new lines (continued on indented
  lines; a clue may be quoted; ``0`` is an empty line); ``#`` and ``;`` start a comment
  anywhere on a line; an optional ``[colors]`` section of ``<name> = (<colour>) <char>``
  lines, where the colour is an SVG name, ``(r, g, b)`` or a hex code, and a block
  ``2r`` has colour ``r`` (a block without a suffix is black).
* nonogrid's TOML: the same clue lists as multi-line strings ``rows`` and ``columns``
  (three double quotes) in ``[clues]``, and ``[colors] defs = ["r = (FF0000) &", ...]``.
* picross-solver's text: ``# comments``, ``GRID <name>``, ``ROWS``, ``COLUMNS`` and one
  ``[ a b c ]`` line per row or column (``[ ]`` or ``[ 0 ]`` an empty line); a file may
  hold several grids (a pack).
* the computer-nonogram tournament sets (TAAI, TCGA, ICGA): ``$<n>`` opens a puzzle, then
  its 25 column clues and its 25 row clues, one line each, numbers separated by tabs; a
  set holds many puzzles (a pack).

Written from the example files and their own descriptions (pynogram's and nonogrid's
``hello`` examples document the clue syntax in their comments).  Every fault is a
PuzzleError naming the line.
"""
from __future__ import annotations

import re

from ...base import MAX_GRID_SIDE, SNIFF_MARK, PuzzleError, quote, read_number
from .common import _assemble, _text, _valid_key, blocks_of, colour_value

_COMMENT = re.compile(r"[#;].*")


# -- the clue lists of pynogram and nonogrid ------------------------------------------------------

_BLOCK = re.compile(r"([0-9]+)([A-Za-z_][A-Za-z0-9_]*)?")


def _entries(items: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """One clue per entry: lines split at commas, blank entries (and a trailing comma) left
    out, quotes removed."""
    out = []
    for lineno, text in items:
        text = _COMMENT.sub("", text)
        for part in text.split(","):
            part = part.strip()
            if len(part) >= 2 and part[0] == part[-1] and part[0] in "'\"":
                part = part[1:-1].strip() or "0"
            if part:
                out.append((lineno, part))
    return out


def _colour_defs(items: list[tuple[int, str]]) -> dict[str, tuple[str, str]]:
    """``name = (colour) char`` lines: name -> (#rrggbb, char)."""
    out: dict[str, tuple[str, str]] = {}
    for lineno, text in items:
        m = re.fullmatch(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*\(([^)]*)\)\s*(\S?)\s*", text)
        if not m:
            raise PuzzleError(f"line {lineno}: expected a colour like 'r = (red) %', got {quote(text.strip()[:40])}")
        name, desc, char = m.groups()
        out[name] = (_colour_desc(desc, f"line {lineno}"), char)
    return out


def _colour_desc(desc: str, where: str) -> str:
    parts = [p.strip() for p in desc.split(",")]
    if len(parts) == 3:
        if not all(p.isascii() and p.isdigit() and int(p) < 256 for p in parts):
            raise PuzzleError(f"{where}: colour ({desc}) is not three numbers 0-255")
        return "#" + "".join(f"{int(p):02x}" for p in parts)
    return colour_value(desc, where)


def _clue_lists(rows: list[tuple[int, str]], cols: list[tuple[int, str]], defs: dict, meta: dict) -> dict:
    # (said before the blocks are read: a file of millions of clues would take the
    # reader seconds and gigabytes before the puzzle's own check refused its size)
    for what, entries in (("height", rows), ("width", cols)):
        if len(entries) > MAX_GRID_SIDE:
            raise PuzzleError(f"{what}: {len(entries)} is more than {MAX_GRID_SIDE}")
    parsed = []
    used: list[str] = []
    for entries in (rows, cols):
        clues = []
        for lineno, text in entries:
            blocks = []
            for n, colour in blocks_of(text, lineno, _BLOCK):
                if colour and colour not in defs:
                    raise PuzzleError(f"line {lineno}: colour {quote(colour)} of block {n}{colour} is not in "
                                      "[colors]")
                if n:
                    blocks.append((n, colour))
                    if colour not in used:
                        used.append(colour)
            clues.append(blocks)
        parsed.append(clues)
    palette = None
    keymap: dict[str, str] = {}
    if any(used):  # some block has a colour of its own
        palette = {}
        for n, name in enumerate(used):
            rgb, char = defs[name] if name else ("#000000", "X")
            key = _valid_key(char or name[:1], palette)
            keymap[name] = key
            palette[key] = rgb
    rows_out, cols_out = ([[n if palette is None else [n, keymap[c]] for n, c in clue] for clue in clues]
                          for clues in parsed)
    return _assemble(len(cols_out), len(rows_out), rows_out, cols_out, palette, meta, None)


def _need(sections: dict, names: tuple[str, ...], last: int):
    for name in names:
        if name in sections:
            return sections[name]
    raise PuzzleError(f"line {last}: no '{names[0]} =' in [clues]")


# -- pynogram INI ---------------------------------------------------------------------------------

def sniff_ini(content) -> int:
    text = _text(content)
    if re.search(r"^\s*\[clues\]\s*(?:[#;].*)?$", text, re.M | re.I) is None or _toml_strings(text):
        return 0
    return SNIFF_MARK


def _toml_strings(text: str) -> bool:
    """Clues in TOML strings: multi-line ones, or one-line ones with ``\\n`` escapes
    (nonogrid reads any TOML string; pynogram's INI has neither)."""
    return '"""' in text or "'''" in text or \
        re.search(r'^\s*(?:rows|columns|cols)\s*=\s*"[^"\n]*\\n', text, re.M | re.I) is not None


def load_ini(content) -> dict:
    lines = _text(content).splitlines()
    section = ""
    values: dict[str, dict[str, list[tuple[int, str]]]] = {}
    current: list[tuple[int, str]] | None = None
    for i, raw in enumerate(lines, 1):
        line = _COMMENT.sub("", raw)
        stripped = line.strip()
        if not stripped:
            continue
        m = re.fullmatch(r"\[([^\]]+)\]", stripped)
        if m:
            section, current = m.group(1).strip().lower(), None
            values.setdefault(section, {})
            continue
        # (pynogram reads these files with configparser: 'name: value' is 'name = value')
        m = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*[=:](.*)", line)
        if m and section == "colors":  # every line a definition 'name = (colour) char'
            values[section].setdefault("defs", []).append((i, line))
            continue
        if m:
            current = values.setdefault(section, {}).setdefault(m.group(1).lower(), [])
            if m.group(2).strip():
                current.append((i, m.group(2)))
            continue
        if current is None:
            raise PuzzleError(f"line {i}: {quote(stripped[:40])} belongs to no 'name ='")
        current.append((i, line))
    clues = values.get("clues", {})
    rows = _need(clues, ("rows",), len(lines))
    cols = _need(clues, ("columns", "cols"), len(lines))
    defs = _colour_defs(values.get("colors", {}).get("defs", []))
    return _clue_lists(_entries(rows), _entries(cols), defs, {})


# -- nonogrid TOML --------------------------------------------------------------------------------

def sniff_toml(content) -> int:
    text = _text(content)
    if re.search(r"^\s*\[clues\]", text, re.M | re.I) is None or not _toml_strings(text):
        return 0
    return SNIFF_MARK


def load_toml(content) -> dict:
    import tomllib
    text = _text(content)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PuzzleError(f"not valid TOML: {exc}") from None
    lines = text.splitlines()
    clues = data.get("clues")
    if not isinstance(clues, dict):
        raise PuzzleError(f"line {len(lines)}: no [clues] table")

    def items(key: str, *names: str) -> list[tuple[int, str]]:
        for name in (key, *names):
            if name in clues:
                value = clues[name]
                start = next((n for n, ln in enumerate(lines, 1) if re.match(rf"\s*{name}\s*=", ln)), 1)
                if isinstance(value, list):
                    value = "\n".join(str(v) for v in value)
                if not isinstance(value, str):
                    raise PuzzleError(f"line {start}: {name} is not a string of clues")
                return [(start + k, ln) for k, ln in enumerate(value.splitlines())]
        raise PuzzleError(f"line {len(lines)}: no '{key} =' in [clues]")

    rows, cols = items("rows"), items("columns", "cols")
    colours = data.get("colors", {})
    defs_raw = colours.get("defs", []) if isinstance(colours, dict) else []
    if not isinstance(defs_raw, list) or not all(isinstance(d, str) for d in defs_raw):
        raise PuzzleError("[colors] defs is not a list of strings")
    start = next((n for n, ln in enumerate(lines, 1) if re.match(r"\s*defs\s*=", ln)), 1)
    defs = _colour_defs([(start, d) for d in defs_raw])
    return _clue_lists(_entries(rows), _entries(cols), defs, {})


# -- picross-solver -------------------------------------------------------------------------------

def sniff_picross(content) -> int:
    text = _text(content)
    return SNIFF_MARK if re.search(r"^\s*GRID\b", text, re.M) and re.search(r"^\s*ROWS\s*$", text, re.M) else 0


def load_picross(content) -> list[dict]:
    """Every grid of the file (a pack when there are several)."""
    grids: list[dict] = []
    lines = _text(content).splitlines()
    part = None
    for i, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word = line.split(None, 1)
        if word[0] == "GRID":
            grids.append({"title": word[1].strip() if len(word) > 1 else "", "rows": [], "cols": [], "line": i})
            part = None
        elif line in ("ROWS", "COLUMNS"):
            if not grids:
                raise PuzzleError(f"line {i}: {line} before any GRID line")
            part = "rows" if line == "ROWS" else "cols"
        elif line.startswith("["):
            if part is None:
                raise PuzzleError(f"line {i}: a clue before ROWS or COLUMNS")
            m = re.fullmatch(r"\[([^\]]*)\]", line)
            if not m:
                raise PuzzleError(f"line {i}: expected a clue like '[ 1 2 ]', got {quote(line[:30])}")
            blocks = []
            for tok in m.group(1).split():
                if not (tok.isascii() and tok.isdigit()):
                    raise PuzzleError(f"line {i}: {quote(tok[:20])} is not a number")
                n = read_number(tok, f"line {i}")
                if n:
                    blocks.append(n)
            grids[-1][part].append(blocks)
        else:
            raise PuzzleError(f"line {i}: expected GRID, ROWS, COLUMNS or a clue '[ ... ]', got {quote(line[:30])}")
    if not grids:
        raise PuzzleError("line 1: no GRID in the file")
    out = []
    for g in grids:
        if not g["rows"] or not g["cols"]:
            raise PuzzleError(f"line {g['line']}: grid {quote(g['title'])} has no "
                              f"{'ROWS' if not g['rows'] else 'COLUMNS'}")
        out.append(_assemble(len(g["cols"]), len(g["rows"]), g["rows"], g["cols"], None,
                             {"title": g["title"]}, None))
    return out


# -- tournament sets ------------------------------------------------------------------------------

def sniff_tournament(content) -> int:
    text = _text(content).lstrip()
    return SNIFF_MARK if re.match(r"\$[0-9]+\s*\n", text) else 0


def load_tournament(content) -> list[dict]:
    """Every puzzle of a TAAI/TCGA/ICGA set: ``$n``, then the column clues, then the row
    clues (25 each in the real sets; a square of side half the clue lines here)."""
    lines = _text(content).splitlines()
    heads = [i for i, ln in enumerate(lines) if ln.strip().startswith("$")]
    if not heads or any(ln.strip() for ln in lines[:heads[0]]):
        raise PuzzleError("line 1: expected '$<number>' to open the first puzzle")
    out = []
    for k, h in enumerate(heads):
        number = lines[h].strip()[1:]
        if not (number.isascii() and number.isdigit()):
            raise PuzzleError(f"line {h + 1}: expected '$<number>', got {quote(lines[h].strip()[:20])}")
        end = heads[k + 1] if k + 1 < len(heads) else len(lines)
        body = list(enumerate(lines[h + 1:end], h + 2))
        while body and not body[-1][1].strip():
            body.pop()
        if not body or len(body) % 2:
            raise PuzzleError(f"line {h + 1}: puzzle ${number} has {len(body)} clue lines, expected the columns' "
                              "and the rows' (as many of each)")
        clues = []
        for lineno, text in body:
            blocks = []
            for tok in text.split():
                if not (tok.isascii() and tok.isdigit()):
                    raise PuzzleError(f"line {lineno}: {quote(tok[:20])} is not a number")
                n = read_number(tok, f"line {lineno}")
                if n:
                    blocks.append(n)
            clues.append(blocks)
        side = len(clues) // 2
        # (``$n`` is the format's mark, not a name: shown as a title it read "$75")
        out.append(_assemble(side, side, clues[side:], clues[:side], None, {"title": f"Puzzle {int(number)}"}, None))
    return out

