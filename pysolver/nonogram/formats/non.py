"""Simpson's ``.non``, read and written.

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
"""
from __future__ import annotations

import html
import re

from ...base import PuzzleError, SNIFF_MARK, SNIFF_SHAPE, quote, read_number
from ..model import Model
from .common import _DEFAULT_COLOURS, _KEYS, _assemble, _hex_colour, _is_number, _text, _valid_key, colour_value


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
                    if names and part.isalpha():
                        # (a word where a colour's name goes: one no 'color' line declares)
                        raise PuzzleError(f"line {lineno}: colour {quote(part[:20])} is not declared (the "
                                          f"'color' lines name {', '.join(sorted(names))})")
                    raise PuzzleError(f"line {lineno}: {quote(part[:20])} is not a block (a number, "
                                      "with its colour's character after it in colour)")
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
