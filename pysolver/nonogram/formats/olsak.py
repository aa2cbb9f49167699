"""Olšák's ``.g`` grid files (pbnsolve and grid read them).

As pbnsolve and grid read it: free text first (a title, notes); a line starting with
'#' opens the colour table, one '<in>:<out> <XPM name or #rrggbb> <comment>' a line
('0' the background, '1' the default colour, '<out>' may be blank); then a line
starting with ':' (': rows', or a local word such as ':radky') opens the row clues,
the next ':' line (': columns', ':sloupce:') the column clues, and a third (': end')
ends them.  A block is a number with an optional colour character.
"""
from __future__ import annotations

import re

from ...base import PuzzleError, SNIFF_MARK, SNIFF_SHAPE, quote
from ...colournames import player_names
from ..model import Model
from .common import _assemble, _text, _valid_key, blocks_of, colour_value
from .non import _block_chars


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
