"""webpbn XML (webpbn's export, Number Loom, pbnsolve).

webpbn's export and Number Loom write ``<puzzleset>`` with one or more ``<puzzle
type="grid" defaultcolor=...>``, each with ``<color name char>rrggbb</color>``,
``<clues type="columns">`` and ``<clues type="rows">`` of ``<line><count color>``
(older files and pbnsolve also say ``<clue>``), and optionally ``<solution
type="goal"><image>|..XX|...</image>``; a puzzle with a goal and no clues has the
clues of its goal.  The background colour is ``backgroundcolor`` (white by default);
a count without ``color`` has ``defaultcolor`` (black by default).
"""
from __future__ import annotations

import xml.etree.ElementTree as ET

from ...base import PuzzleError, SNIFF_MARK, SNIFF_SHAPE, quote, read_number
from ..model import Model
from .common import _KEYS, _assemble, _hex_colour, _is_number, _text, _valid_key


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
        from ..check import runs  # (over lists of colour names: '.' is the background)
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
    from ...colournames import name_of
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
