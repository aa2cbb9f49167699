"""Other nonogram file formats: import webpbn XML, Simpson's ``.non`` (with the ``color``
and ``goal`` extensions of nonogram-db and pbnsolve, and Nonny's colour lines), Olšák
``.g``, ``.mk``, Jakub Wilk's ``.nin`` and puzz.link / pzv.jp ``p?nonogram/W/H/<clues>``
URLs; export ``.non``, webpbn XML, ``.g`` and puzz.link URLs.  (pynogram's INI text,
nonogrid's TOML, picross-solver's text and the tournament sets: :mod:`.textformats`.)

Every loader returns puzzle JSON (``type``, ``width``, ``height``, clues, optional
palette, meta and ``solution``), or a list of them for a file of several puzzles (a
pack), which the caller then validates with the family's ``parse``; format errors are
PuzzleError messages naming the line.

Format notes (written from the public descriptions; pbnsolve's "Input Formats" notes,
nonogram-db's FORMAT.md, and the files of ../shared/formats):

* ``.non``: ``key value`` lines (a space or a tab between); ``width`` may be written
  ``columns N`` and ``height`` ``rows N`` (Simpson's grammar); ``rows``/``columns`` alone
  are followed by one line per clue, blocks separated by commas, each an integer with an
  optional colour character (``3b,1d``); ``0`` is an empty clue, and so is an empty line
  (nonogram-db's FORMAT.md) unless the section has more lines than clues, when empty
  lines are skipped (Simpson: "blank lines are ignored"); text may hold HTML character
  references (``Caf&eacute;``); ``color a #ff0000`` declares a
  colour; ``goal "0110..."`` is the solution row by row (``0`` blank), or ``goal`` alone
  followed by the rows (pbnsolve).  nonogram-db bundles several puzzles in one file,
  each after a line ``====``: a pack.  Nonny writes ``color red FF0000 #`` (name, hex, char)
  and names the colour before its blocks: ``red 1 yellow 4``; a block without a name has
  the default colour (black, else the first declared).
* ``.mk``: first line ``height width``, then row clues (numbers separated by spaces),
  a line ``#``, then column clues.
* ``.nin``: first line ``width height``, then the row clues and the column clues
  (``0`` for an empty one; empty lines are skipped, as Jakub Wilk's reader does).
* ``.g`` (Olšák): see the section below.
* webpbn XML: see the section below.
"""
from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

from ..base import Exporter, MAX_DIGITS, PuzzleError, SNIFF_MARK, SNIFF_SHAPE, check_size, quote, read_number
from ..colournames import player_names
from ..puzzlink import SHORT, read_number16, write_number16
from .model import Model

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
    from ..colournames import NAMED
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


# -- plain number lists: .mk and .nin ------------------------------------------------------------

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


# -- Simpson's .non -------------------------------------------------------------------------------

def sniff_non(content) -> int:
    """A ``rows`` line makes the shape, ``width`` or ``height`` the mark (their values are
    the loader's to judge); Hungry Cat's text also has ``rows`` and ``columns`` lines."""
    text = _text(content)
    if re.search(r"^\s*rows\s*$", text, re.M | re.I) is None:
        return 0
    if re.search(r"^\s*(?:width|height)(?:\s|$)", text, re.M | re.I) is not None:
        return SNIFF_MARK
    return SNIFF_SHAPE if re.search(r"^\s*columns\s*$", text, re.M | re.I) is not None else 0


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
    return html.unescape(value)  # (Simpson writes letters beyond ASCII as HTML entities)


#: the keys of a .non line that are not clues (a section of clues ends at one)
_NON_KEYS = frozenset(("width", "height", "rows", "columns", "title", "by", "license", "copyright",
                       "catalogue", "color", "goal", "maxrule", "solution"))
#: nonogram-db's bundle separator: several puzzles in one file
_NON_BUNDLE = re.compile(r"^\s*={4,}\s*$", re.M)


def _non_section(lines: list[str], start: int, count: int) -> tuple[list[tuple[int, str]], int]:
    """The ``count`` clue lines of a ``rows`` or ``columns`` section whose first line is
    ``lines[start]`` (with their line numbers), and the index of the line after them.
    An empty line is an empty clue (nonogram-db), unless the lines before the next key
    are more than ``count`` and as many as it are not empty: then the empty ones are
    skipped (Simpson's files, blank lines between groups of clues)."""
    end = start
    while end < len(lines) and not (lines[end].strip() and lines[end].split(None, 1)[0].lower() in _NON_KEYS):
        end += 1
    if end - start > count:
        filled = [(k + 1, lines[k]) for k in range(start, end) if lines[k].strip()]
        if len(filled) == count:
            return filled, end
    return [(k + 1, lines[k]) for k in range(start, start + count)], start + count


_BLOCK = re.compile(r"([0-9]+)([^\d\s,]?)\Z")


def load_non(content) -> dict | list[dict]:
    """A puzzle, or the puzzles of a nonogram-db bundle (each after a line ``====``)."""
    lines = _text(content).splitlines()
    cuts = [k for k, line in enumerate(lines) if _NON_BUNDLE.match(line)]
    if not cuts:
        return _load_non(lines)
    out = []
    for first, end in zip([0] + [k + 1 for k in cuts], cuts + [len(lines)]):
        if any(line.strip() for line in lines[first:end]):
            try:
                out.append(_load_non(lines[first:end]))
            except PuzzleError as e:
                raise PuzzleError(f"puzzle {len(out) + 1} of the bundle, from line {first + 1}: {e}") from None
    if not out:
        raise PuzzleError("the bundle holds no puzzle")
    return out


def _load_non(lines: list[str]) -> dict:
    width = height = None
    meta: dict[str, str] = {}
    colours: dict[str, str] = {}
    names: dict[str, str] = {}  # Nonny's colour names -> their characters
    sections: dict[str, list[tuple[int, str]]] = {}
    goal_text = None
    goal_line = 0
    i = 0
    while i < len(lines):
        raw = lines[i]
        line = raw.strip()
        i += 1
        if not line:
            continue
        key, value = (line.split(None, 1) + [""])[:2]     # (a space or a tab between)
        key = key.lower()
        if key in ("rows", "columns") and _is_number(value.strip()):
            key = "height" if key == "rows" else "width"      # (Simpson: 'rows 5' is the height)
        if key in ("width", "height"):
            if not _is_number(value.strip()):
                raise PuzzleError(f"line {i}: {key} {quote(value.strip()[:20])} is not a number")
            if key == "width":
                width = read_number(value.strip(), f"line {i}")
            else:
                height = read_number(value.strip(), f"line {i}")
        elif key in ("rows", "columns") and not value.strip():
            count = height if key == "rows" else width
            if count is None:
                raise PuzzleError(f"line {i}: '{key}' needs a '{'height' if key == 'rows' else 'width'}' line "
                                  "before it")
            if i + count > len(lines):
                raise PuzzleError(f"line {len(lines)}: the file ends inside '{key}' ({count} lines needed)")
            sections[key], i = _non_section(lines, i, count)
        elif key == "title":
            meta["title"] = _unquote(value)
        elif key == "by":
            meta["author"] = _unquote(value)
        elif key == "license":
            meta["license"] = _unquote(value)
        elif key == "copyright" and "license" not in meta:
            meta["license"] = _unquote(value)
        elif key == "catalogue":
            meta["source"] = _unquote(value)
        elif key == "color":
            parts = value.split()
            if len(parts) == 3 and len(parts[2]) == 1:
                # Nonny: 'color <name> <RRGGBB> <char>'; clues name the colour
                colours[parts[2]] = colour_value(parts[1], f"line {i}")
                names[parts[0].lower()] = parts[2]
            elif len(parts) == 2 and len(parts[0]) == 1:
                colours[parts[0]] = _hex_colour(parts[1], f"line {i}")
            else:
                raise PuzzleError(f"line {i}: expected 'color <character> #rrggbb' or 'color <name> <rrggbb> "
                                  "<character>'")
        elif key == "goal":
            goal_text, goal_line = _unquote(value), i
            if not goal_text:
                # (pbnsolve's layout: 'goal' alone, then the picture's rows on lines of their own)
                while i < len(lines) and re.fullmatch(r"\s*[0-9.]+\s*", lines[i]) and \
                        len(re.sub(r"\s", "", goal_text)) < (width or 0) * (height or 0):
                    goal_text += lines[i].strip()
                    i += 1
    if width is None or height is None:
        raise PuzzleError(f"line {len(lines)}: the file has no {'width' if width is None else 'height'}")
    for key in ("rows", "columns"):
        if key not in sections:
            raise PuzzleError(f"line {len(lines)}: the file has no '{key}' section")
    parsed = {}
    used_chars: list[str] = []
    for key, items in sections.items():
        clues = []
        for lineno, text in items:
            blocks = []
            text = text.strip()
            # Nonny names a colour before its blocks ('red 1 yellow 4'); a block without a
            # name has its default colour (black, else the first declared)
            current = names.get("black", next(iter(names.values()), "")) if names else ""
            for part in re.split(r"[,\s]+", text) if text else []:
                if names and part.lower() in names:
                    current = names[part.lower()]
                    continue
                m = _BLOCK.match(part)
                if not m:
                    raise PuzzleError(f"line {lineno}: bad block {quote(part[:20])}")
                n, ch = read_number(m.group(1), f"line {lineno}"), m.group(2) or current
                if n == 0:
                    continue
                # nonogram-db's FORMAT.md lets a file use colour characters without any
                # 'color' line ("the puzzle interface can pick its own colors"), so those
                # get default colours below.  A file that does declare its colours and
                # uses another character has a typo, as .g and webpbn XML treat it.
                if ch and colours and ch not in colours:
                    raise PuzzleError(f"line {lineno}: colour {quote(ch)} of block {quote(part[:20])} has no "
                                      "'color' line")
                if ch and ch not in used_chars:
                    used_chars.append(ch)
                blocks.append((n, ch, lineno))
            clues.append(blocks)
        parsed[key] = clues
    palette = None
    keymap: dict[str, str] = {}
    if used_chars or len(colours) > 1:
        palette = {}
        # (a declared '0' or '.' is the background unless a block uses it: Nonny may
        # give a colour the character '0')
        order = [c for c in colours if c in used_chars or c not in ("0", ".")] + \
            [c for c in used_chars if c not in colours]
        for n, ch in enumerate(order):
            key = _valid_key(ch, palette)
            keymap[ch] = key
            palette[key] = colours.get(ch, _DEFAULT_COLOURS[n % len(_DEFAULT_COLOURS)])

    def convert(clues):
        out = []
        for blocks in clues:
            line = []
            for n, ch, lineno in blocks:
                if palette is None:
                    line.append(n)
                elif not ch:
                    raise PuzzleError(f"line {lineno}: block {n} has no colour in a colour puzzle")
                else:
                    line.append([n, keymap[ch]])
            out.append(line)
        return out

    goal = None
    if goal_text is not None:
        cells = re.sub(r"\s", "", goal_text)
        if len(cells) != width * height:
            raise PuzzleError(f"line {goal_line}: goal has {len(cells)} cells, expected {width * height}")
        chars = []
        for ch in cells:
            if ch in "0.":
                chars.append(".")
            elif palette is None:
                chars.append("#")
            elif ch in keymap:
                chars.append(keymap[ch])
            else:
                raise PuzzleError(f"line {goal_line}: goal cell {quote(ch)} is not a colour of the puzzle")
        goal = ["".join(chars[r * width:(r + 1) * width]) for r in range(height)]
    return _assemble(width, height, convert(parsed["rows"]), convert(parsed["columns"]), palette, meta, goal)


def _block_chars(model: Model) -> list[str]:
    """Colour index -> the character a clue writes after a block's length: the palette
    key, unless a digit, a comma or white space would make it part of the number or of
    the line (then a free letter).  Index 0 is blank, '.'."""
    out = ["."]
    if model.palette is None:
        return out + [""]
    for key in model.palette:
        # (and '[' ']', which open and close a set of colours in pbnsolve's goal images)
        if len(key) != 1 or key.isdigit() or not key.isascii() or key in ",:;.#\"'|<>&[] " or key in out:
            key = next(k for k in _KEYS if not k.isdigit() and k not in out and k not in model.palette)
        out.append(key)
    return out


def export_non(model: Model, solution: dict | None = None, meta: dict | None = None) -> str:
    """The puzzle as ``.non`` (``color`` lines for a multicolour palette; ``goal`` when a
    solution grid is given)."""
    out = []
    meta = meta or {}
    for key, name in (("title", "title"), ("author", "by"), ("source", "catalogue"), ("license", "license")):
        if meta.get(key):
            text = str(meta[key]).replace("\n", " ").replace("&", "&amp;").replace('"', "&quot;")
            out.append(f'{name} "{text}"')
    out += [f"width {model.width}", f"height {model.height}"]
    chars = _block_chars(model)
    if model.palette is not None:
        out += [f"color {chars[i]} {v}" for i, v in enumerate(model.palette.values(), 1)]

    def clue(c) -> str:
        if not c:
            return "0"
        if model.palette is None:
            return ",".join(str(n) for n, _ in c)
        return ",".join(f"{n}{chars[v]}" for n, v in c)

    out += ["", "rows"] + [clue(c) for c in model.rows]
    out += ["", "columns"] + [clue(c) for c in model.cols]
    if solution is not None:
        grid = solution.get("grid") if isinstance(solution, dict) else None
        if isinstance(grid, list):
            to = {k: chars[i] for i, k in enumerate(model.keys)} if model.palette is not None else {"#": "1"}
            text = "".join("".join("0" if ch == "." else to.get(ch, ch) for ch in row) for row in grid)
            out += ["", f'goal "{text}"']
    return "\n".join(out) + "\n"


# -- Olšák .g ---------------------------------------------------------------------------------------
#
# As pbnsolve and grid read it: free text first (a title, notes); a line starting with
# '#' opens the colour table, one '<in>:<out> <XPM name or #rrggbb> <comment>' a line
# ('0' the background, '1' the default colour, '<out>' may be blank); then a line
# starting with ':' (': rows', or a local word such as ':radky') opens the row clues,
# the next ':' line (': columns', ':sloupce:') the column clues, and a third (': end')
# ends them.  A block is a number with an optional colour character.

def blocks_of(text: str, lineno: int, pattern: re.Pattern):
    """(length, suffix or '') of each white-space separated block of a clue line that
    ``pattern`` (a number, then a colour group) matches whole; PuzzleError naming the line
    for another word."""
    for tok in text.split():
        m = pattern.fullmatch(tok)
        if not m:
            raise PuzzleError(f"line {lineno}: bad block {quote(tok[:20])}")
        yield read_number(m.group(1), f"line {lineno}"), m.group(2) or ""


_G_COLOUR = re.compile(r"(\S):(\S?)\s+(\S+)(?:\s.*)?")
_G_BLOCK = re.compile(r"([0-9]+)([^0-9]?)")


def _g_start(lines: list[str]) -> int | None:
    """Where the free text ends: the first line that starts (in its first column) with
    '#' (the colour table) or ':' (the clues)."""
    return next((i for i, ln in enumerate(lines) if ln[:1] in ("#", ":")), None)


def sniff_g(content) -> int:
    raw = _text(content).splitlines()
    start = _g_start(raw)
    if start is None:
        return 0
    lines = [ln.strip() for ln in raw[start:]]
    colon = [i for i, ln in enumerate(lines) if ln.startswith(":")]
    if not colon:
        return 0
    table = lines[0].startswith("#")
    if table and len(colon) >= 2:
        return SNIFF_MARK
    return SNIFF_SHAPE if table or len(colon) >= 2 and all(not ln or ln[0].isdigit() for ln in lines[colon[0] + 1:colon[1]]) \
        and colon[1] > colon[0] + 1 else 0


def load_g(content) -> dict:
    lines = _text(content).splitlines()
    colours: dict[str, tuple[str, str]] = {}  # in-char -> (out-char, #rrggbb)
    start = _g_start(lines)
    free = [ln.strip() for ln in lines[:start]]
    i = len(free)
    while i < len(lines):
        s = lines[i].strip()
        i += 1
        if s.startswith(":"):
            break
        if s.startswith("#"):       # (the colour table's opening line)
            continue
        if not s:
            continue
        m = _G_COLOUR.fullmatch(s)
        if not m:
            raise PuzzleError(f"line {i}: expected a colour line like '1:# black', got {quote(s[:40])}")
        colours[m.group(1)] = (m.group(2), colour_value(m.group(3), f"line {i}", len(colours)))
    else:
        raise PuzzleError(f"line {len(lines)}: no ':' line (': rows') starts the clues")
    sections: list[list[tuple[int, str]]] = [[], []]
    part = 0
    while i < len(lines) and part < 2:
        s = lines[i].strip()
        i += 1
        if s.startswith(":"):
            part += 1
            continue
        sections[part].append((i, s))
    # (an empty line is an empty clue, the last of a section too, as Olšák's notes and
    # pbnsolve, Number Loom and Nonny read it; only empty lines at the end of a file
    # without ': end' are nothing)
    if part < 2:
        sec = sections[part]
        while sec and not sec[-1][1]:
            sec.pop()
    foreground = {k: v for k, v in colours.items() if k != "0"}
    palette = None
    keymap: dict[str, str] = {}
    used = {m.group(2) or "1" for sec in sections for _, text in sec for m in map(_G_BLOCK.fullmatch, text.split())
            if m and m.group(1).strip("0")}
    if used - {"1"} or len(foreground) > 1:  # blocks of other colours than the default, or a table of them
        if "1" in used and "1" not in foreground:
            foreground["1"] = ("", "#000000")
        palette = {}
        for ch, (out_ch, rgb) in foreground.items():
            key = _valid_key(out_ch or ch, palette)
            keymap[ch] = key
            palette[key] = rgb
    clues = []
    for sec in sections:
        lines_out = []
        for lineno, text in sec:
            blocks = []
            for n, ch in blocks_of(text, lineno, _G_BLOCK):
                ch = ch or "1"
                if n == 0:
                    continue
                if palette is None:
                    if ch != "1" and ch not in foreground:
                        raise PuzzleError(f"line {lineno}: colour {quote(ch)} is not declared")
                    blocks.append(n)
                else:
                    if ch not in keymap:
                        raise PuzzleError(f"line {lineno}: colour {quote(ch)} is not declared")
                    blocks.append([n, keymap[ch]])
            lines_out.append(blocks)
        clues.append(lines_out)
    rows, cols = clues
    if not rows or not cols:
        raise PuzzleError(f"line {len(lines)}: expected row clues and column clues, each after a ':' line")
    return _assemble(len(cols), len(rows), rows, cols, palette, {"title": _g_title(free)[:200]}, None)


def _g_title(free: list[str]) -> str:
    """The title in a .g file's free text: its first line, and the lines after it while
    a bracket it opened is still open (a title wrapped mid-sentence was cut there)."""
    lines = [t.strip() for t in free]
    start = next((i for i, t in enumerate(lines) if t), None)
    if start is None:
        return ""
    title = lines[start]
    for t in lines[start + 1:start + 3]:
        if not t or title.count("(") <= title.count(")"):
            break
        title += " " + t
    return title


def export_g(model: Model, meta: dict | None = None) -> str:
    """Olšák's layout: the title as the free text, the colour table (``0`` white, then
    ``1`` black or one line per palette colour, its key as both characters), ``: rows``,
    ``: columns``, ``: end``.  Palette keys that are digits are written as letters."""
    meta = meta or {}
    # (free text: a title starting with '#' or ':' is written one column in, as the
    # table and the clues start in the first)
    out = [" " * (str(meta["title"])[:1] in "#:") + str(meta["title"]).replace("\n", " "), ""] \
        if meta.get("title") else []
    out += ["#d", "   0:   #ffffff   background"]
    chars = _block_chars(model)
    if model.palette is None:
        out.append("   1:#  #000000   black")
    else:
        # (each colour named after it: Nonny tells the colours apart by that name)
        names = [name.replace(" ", "-") for name in player_names(list(model.palette.values()))]
        out += [f"   {ch}:{ch}  {rgb}   {name}" for ch, rgb, name in zip(chars[1:], model.palette.values(), names)]

    def clue(c) -> str:
        # (an empty clue is an empty line, as Olšák's notes say: pbnsolve refuses a 0)
        return " ".join(f"{n}{chars[col]}" for n, col in c)

    out += [": rows"] + [clue(c) for c in model.rows]
    out += [": columns"] + [clue(c) for c in model.cols] + [": end"]
    return "\n".join(out) + "\n"


# -- webpbn XML -----------------------------------------------------------------------------------------
#
# webpbn's export and Number Loom write ``<puzzleset>`` with one or more ``<puzzle
# type="grid" defaultcolor=...>``, each with ``<color name char>rrggbb</color>``,
# ``<clues type="columns">`` and ``<clues type="rows">`` of ``<line><count color>``
# (older files and pbnsolve also say ``<clue>``), and optionally ``<solution
# type="goal"><image>|..XX|...</image>``; a puzzle with a goal and no clues has the
# clues of its goal.  The background colour is ``backgroundcolor`` (white by default);
# a count without ``color`` has ``defaultcolor`` (black by default).

def sniff_xml(content) -> int:
    text = _text(content).lstrip()
    if not (text.startswith("<") and "<puzzle" in text[:5000]):
        return 0
    # <clue>/<clues> and <solution> are webpbn's own; Hungry Cat's XML has a <puzzle> root too
    return SNIFF_MARK if "<clue" in text or "<solution" in text or "<puzzleset" in text[:5000] else SNIFF_SHAPE


def _xml_root(content):
    text = _text(content)
    if "<!ENTITY" in text:
        raise PuzzleError("line 1: XML entity declarations are not accepted")
    try:
        return ET.fromstring(text)
    except ET.ParseError as exc:
        line, col = exc.position
        raise PuzzleError(f"line {line}: not well-formed XML (column {col})") from None


def load_xml(content) -> dict | list[dict]:
    """The puzzle of a webpbn XML file, or every puzzle of a set holding several."""
    root = _xml_root(content)
    puzzles = [root] if root.tag == "puzzle" else root.findall("puzzle")
    if not puzzles:
        raise PuzzleError("line 1: no <puzzle> element")
    # a set's author, copyright and source hold for its puzzles; its title names the set
    set_meta = {k: v for k, v in _xml_meta(root).items() if k != "title"} if root.tag != "puzzle" else {}
    out = []
    for n, puzzle in enumerate(puzzles, 1):
        try:
            data = _xml_puzzle(puzzle)
        except PuzzleError as exc:
            raise PuzzleError(f"puzzle {n}: {exc}" if len(puzzles) > 1 else str(exc)) from None
        for key, value in set_meta.items():
            data.setdefault(key, value)
        out.append(data)
    return out[0] if len(out) == 1 else out


def _xml_meta(el) -> dict:
    meta = {}
    for tag, key in (("title", "title"), ("author", "author"), ("copyright", "license"), ("source", "source")):
        found = el.find(tag)
        if found is not None and found.text and found.text.strip():
            meta[key] = found.text.strip()
    return meta


def _xml_puzzle(puzzle) -> dict:
    if puzzle.get("type", "grid") != "grid":
        raise PuzzleError(f"line 1: puzzle type {quote(puzzle.get('type'))} is not supported (only grid)")
    background = puzzle.get("backgroundcolor", "white")
    default = puzzle.get("defaultcolor", "black")
    # declared colours in their order (the palette's), white and black when undeclared
    colour_rgb: dict[str, str] = {}
    colour_char: dict[str, str] = {}
    for el in puzzle.findall("color"):
        name = el.get("name")
        if not name:
            raise PuzzleError("line 1: <color> without a name")
        colour_rgb[name] = _hex_colour(el.text or "", f"color {name}")
        if el.get("char"):
            colour_char[name] = el.get("char")
    for name, rgb, char in (("white", "#ffffff", "."), ("black", "#000000", "X")):
        if name not in colour_rgb:
            colour_rgb[name] = rgb
            if char not in colour_char.values():
                colour_char[name] = char
    meta = _xml_meta(puzzle)
    clues: dict[str, list[list[tuple[int, str]]]] = {}
    for el in puzzle.findall("clues") + puzzle.findall("clue"):
        kind = el.get("type")
        if kind not in ("rows", "columns"):
            raise PuzzleError(f"{el.tag}: type {quote(kind)} is not rows or columns")
        lines = []
        for n, line in enumerate(el.findall("line")):
            blocks = []
            for count in line.findall("count"):
                value = (count.text or "").strip()
                if not _is_number(value):
                    raise PuzzleError(f"{kind} line {n + 1}: count {quote(value[:20])} is not a number")
                number = read_number(value, f"{kind} line {n + 1}")
                colour = count.get("color", default)
                if colour not in colour_rgb:
                    raise PuzzleError(f"{kind} line {n + 1}: colour {quote(colour)} is not declared")
                if number:
                    blocks.append((number, colour))
            lines.append(blocks)
        clues[kind] = lines
    image = None
    sol = next((s for s in puzzle.findall("solution") if s.get("type", "goal") == "goal"), None)
    if sol is not None and sol.find("image") is not None:
        image = _xml_image(sol.find("image").text or "", colour_char, background)
    if ("rows" not in clues or "columns" not in clues) and image is not None:
        from .check import runs  # (over lists of colour names: '.' is the background)
        clues = {"rows": [runs(row) for row in image],
                 "columns": [runs([row[c] for row in image]) for c in range(len(image[0]))]}
    if "rows" not in clues or "columns" not in clues:
        raise PuzzleError("line 1: the puzzle needs <clues type=\"rows\"> and <clues type=\"columns\"> "
                          "(or a goal picture)")
    used = []
    for lines in clues.values():
        for blocks in lines:
            for _, colour in blocks:
                if colour not in used:
                    used.append(colour)
    # one colour that is black is a black-and-white puzzle; anything else has a palette:
    # every colour the file declares but the background, in its order
    declared = [el.get("name") for el in puzzle.findall("color") if el.get("name") != background]
    multicolour = len(used) > 1 or bool(used) and colour_rgb[used[0]] != "#000000" or len(declared) > 1
    palette = None
    keymap: dict[str, str] = {}
    if multicolour:
        palette = {}
        for name in [c for c in colour_rgb if c in used or c in declared]:
            key = _valid_key(colour_char.get(name, ""), palette)
            keymap[name] = key
            palette[key] = colour_rgb[name]

    def convert(lines):
        if palette is None:
            return [[n for n, _ in blocks] for blocks in lines]
        return [[[n, keymap[c]] for n, c in blocks] for blocks in lines]

    rows, cols = convert(clues["rows"]), convert(clues["columns"])
    goal = None
    if image is not None and len(image) == len(rows) and all(len(r) == len(cols) for r in image):
        goal = ["".join("." if name == "." else ("#" if palette is None else keymap.get(name, "?"))
                        for name in row) for row in image]
        if any("?" in row for row in goal):
            goal = None
    return _assemble(len(cols), len(rows), rows, cols, palette, meta, goal)


def _xml_image(text: str, colour_char: dict[str, str], background: str) -> list[list[str]]:
    """A goal picture's rows as colour names ('.' for the background)."""
    by_char = {ch: name for name, ch in colour_char.items()}
    grid = []
    for n, row in enumerate([r for r in text.split("|") if r.strip()], 1):
        cells = []
        for ch in row.strip():
            name = by_char.get(ch)
            if name is None:
                raise PuzzleError(f"solution: image row {n} has {quote(ch)}, which is no colour's char")
            cells.append("." if name == background else name)
        grid.append(cells)
    if not grid or len({len(r) for r in grid}) != 1:
        raise PuzzleError("solution: the image rows are not all of one length")
    return grid


def _xml_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def export_xml(model: Model, solution: dict | None = None, meta: dict | None = None) -> str:
    """webpbn XML as webpbn exports it: a ``<puzzleset>`` of one ``<puzzle>``, its
    provenance, the colours (white background, then black or the palette, each named as
    players are told it), ``<clues>`` of columns then rows, and the goal picture when the
    solution is known."""
    from ..colournames import name_of
    meta = meta or {}
    out = ['<?xml version="1.0"?>', "<puzzleset>"]
    keys = model.keys  # '.' then '#' or the palette keys
    names = ["white"]
    chars = ["."]
    hexes = ["ffffff"]
    if model.palette is None:
        names.append("black"), chars.append("X"), hexes.append("000000")
    else:
        for key, rgb in model.palette.items():
            name = name_of(rgb) or "c" + rgb[1:]
            while name in names:
                name += "2"
            names.append(name)
            chars.append(key if key not in "<>&\"'| ." else next(k for k in _KEYS if k not in chars
                                                                    and k not in model.palette))
            hexes.append(rgb[1:])
    out.append(f'<puzzle type="grid" defaultcolor="{names[1]}">')
    for key, tag in (("source", "source"), ("title", "title"), ("author", "author"), ("license", "copyright")):
        if meta.get(key):
            out.append(f"<{tag}>{_xml_escape(str(meta[key]))}</{tag}>")
    for name, ch, hx in zip(names, chars, hexes):
        out.append(f'<color name="{_xml_escape(name)}" char="{_xml_escape(ch)}">{hx}</color>')

    def clue(c) -> str:
        return "<line>" + "".join(
            f"<count>{n}</count>" if colour == 1 else f'<count color="{_xml_escape(names[colour])}">{n}</count>'
            for n, colour in c) + "</line>"

    for kind, lines in (("columns", model.cols), ("rows", model.rows)):
        out.append(f'<clues type="{kind}">')
        out += [clue(c) for c in lines]
        out.append("</clues>")
    grid = solution.get("grid") if isinstance(solution, dict) else None
    if isinstance(grid, list):
        index = {k: i for i, k in enumerate(keys)}
        out.append('<solution type="goal">')
        out.append("<image>")
        out += ["|" + "".join(_xml_escape(chars[index.get(ch, 0)]) for ch in row) + "|" for row in grid]
        out.append("</image>")
        out.append("</solution>")
    out += ["</puzzle>", "</puzzleset>"]
    return "\n".join(out) + "\n"


# -- puzz.link / pzv.jp URLs ------------------------------------------------------------------------
#
# The format, as confirmed by reading pzprjs (the puzz.link fork, github.com/robx/pzprjs):
# ``src/variety/nonogram.js`` (Board, Encode and AnsCheck of the "nonogram" variety),
# ``src/variety-common/Encode.js`` (decodeNumber16ExCell, encodeNumber16ExCellFlushed,
# genericEncodeNumber16, writeNumber16), ``src/puzzle/Board.js`` (estimateSize,
# setposExCells, getex, excellinside, genericFlush: the stored robx copy predates the
# multi-row clue cells, so this part was read in the current x-sheep/pzprjs copy and
# matched against a second fork), ``src/pzpr/parser.js``
# (URL splitting) and the variety's own test vector ``test/script/nonogram.js``, which
# decodes exactly as described here.  In my own words:
#
# * URL: ``<anything>?nonogram/<W>/<H>/<body>``, width (columns) first, then height.
# * The clue cells ("excells") sit above and to the left of the grid.  Above each column
#   there are ceil(H/2) of them, to the left of each row ceil(W/2) (the most blocks a
#   black-and-white line can hold).  There is no top-left corner cell for this variety.
# * Serial order: first the column clue cells, column 0 to W-1; within a column, slot 0
#   is the cell touching the grid and slot k the k-th one further up.  Then the row clue
#   cells, row 0 to H-1; within a row slot 0 touches the grid, slot k is k cells further
#   left.  So W*ceil(H/2) + H*ceil(W/2) slots in all.
# * A line's clue is read away-from-the-grid first (top to bottom above a column, left to
#   right before a row), skipping empty slots: slots (near..far) = [3, 1, -] is clue 1 3.
#   The encoder "flushes" clues against the grid, so it writes each line's clue reversed
#   (last block first) followed by its empty slots.
# * Each slot: one hex digit ``0``-``f`` is a number 0-15; ``-`` and two hex digits is
#   16-255; ``g``-``z`` skip 1-20 empty slots; ``.`` is a "?" clue.  The decoder knows no
#   other code, so a block of 256 or more cannot be written.  The encoder always ends
#   with the skip that covers the last empty slots, so a body covers every slot.
# * Nonograms there are black-and-white only (cells are shaded or not; there is no
#   colour in the variety).  The editor does not accept 0 or "?" in nonogram clue cells
#   (disInputHatena, and the default minimum number 1, which only the "cts" variant
#   lowers to 0) and the checker compares the clue with the runs
#   of shaded cells, so neither can be part of a solvable puzzle: both are refused here.
#
# Worked example, the one in pzprjs's test/script/nonogram.js, checked in the tests:
# ``6/6/12g1111h11112j12g11g21j11g3h``.

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


_META = ("title", "author", "license", "source")

EXPORTERS = {
    "non": Exporter("Simpson's .non (color lines for a palette, goal when there is a solution)",
                    lambda model, solution, meta: export_non(model, solution, meta), ext=".non",
                    writes_solution=True, keeps=_META + ("colours",)),
    "webpbn-xml": Exporter("webpbn XML (a puzzleset of one puzzle: colours, clues, the goal when the solution "
                           "is known)", lambda model, solution, meta: export_xml(model, solution, meta),
                           ext=".xml", writes_solution=True, keeps=_META + ("colours",)),
    "olsak-g": Exporter("Olšák's .g (grid, pbnsolve): the title, the colour table, the clues",
                        lambda model, solution, meta: export_g(model, meta), ext=".g", keeps=("title", "colours")),
    "puzzlink": Exporter("a puzz.link URL (black-and-white only)",
                         lambda model, solution, meta: export_puzzlink(model) + "\n",
                         accepts=lambda model: not model.multicolour),
}

#: formats read: name -> (sniff, load); a loader returns a list for a file of several
#: puzzles (a pack).  Shapes are sniffed, marks decide (see load._import).
IMPORTERS = {
    "puzzlink": (sniff_puzzlink, load_puzzlink),
    "webpbn-xml": (sniff_xml, load_xml),
    "non": (sniff_non, load_non),
    "olsak-g": (sniff_g, load_g),
    "mk": (sniff_mk, load_mk),
    "nin": (sniff_nin, load_nin),
}


def _more_importers() -> None:
    from . import textformats as t
    IMPORTERS.update({
        "pynogram-ini": (t.sniff_ini, t.load_ini),
        "nonogrid-toml": (t.sniff_toml, t.load_toml),
        "picross-solver": (t.sniff_picross, t.load_picross),
        "tournament": (t.sniff_tournament, t.load_tournament),
    })
    from . import tatham
    IMPORTERS["pattern"] = (tatham.sniff_pattern, tatham.load_pattern)
    EXPORTERS["pattern"] = Exporter("a game ID of Simon Tatham's Pattern (Game > Specific; black-and-white, a side of 2 or more)",
                                    lambda model, solution, meta: tatham.export_pattern(model) + "\n",
                                    # (Pattern wants a side of 2 or more)
                                    accepts=lambda model: not model.multicolour and max(model.width, model.height) >= 2)


_more_importers()
