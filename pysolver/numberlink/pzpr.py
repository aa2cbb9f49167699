"""The files pzprjs (puzz.link's editor and player) saves for Numberlink: ``numlin``
(Nikoli's rules, cells may stay empty) and ``arukone`` (letters; a line says whether
every cell must be used).

Layout, one item per line: ``pzprv3`` (or ``pzprv3.<n>``), the variety, the rows, the
columns; for arukone ``passallcell`` or ``dontpassallcell``; then one line per row of
cells, space-separated: ``.`` empty, a number (numlin) or a letter ``A``-``Z``,
``a``-``z`` for 1-52 (arukone), ``-`` a number left unknown; then the lines drawn: one
line per row of the links between side-by-side cells (columns - 1 values), then one per
pair of rows of the links between cells one above the other (columns values): ``1`` a
line, ``-1`` a cross (no line), ``0`` nothing.  An ``info:{...}`` or ``history:{...}``
record may follow (its author and source are kept).

The lines drawn are read as the puzzle's solution when they solve it (they join every
pair and nothing else, and pass every cell under full cover); any other lines (a game
in progress) are left out.  Written from
pzprjs's file code (its generic cell and border readers and the numlin variety).
"""
from __future__ import annotations

import json
import re

from ..base import SNIFF_SIGNATURE, Exporter, PuzzleError, check_size, quote, read_number
from .formats import _ALPHABET, _as_text, _check_pairs, _puzzle, _puzzlink_numbers, changes_puzzlink
from .check import check_solution
from .model import Numberlink, parse_model

_HEAD = re.compile(r"pzprv3(?:\.[0-9]+)?")
VARIETIES = ("numlin", "arukone")


def _lines(text) -> list[str]:
    return [ln.rstrip("\r") for ln in _as_text(text).lstrip("\ufeff").split("\n")]


def sniff_pzpr(text) -> int:
    lines = _lines(text)
    return SNIFF_SIGNATURE if lines and _HEAD.fullmatch(lines[0].strip()) else 0


def load_pzpr(text) -> dict:
    lines = _lines(text)
    if not lines or not _HEAD.fullmatch(lines[0].strip()):
        raise PuzzleError("line 1: expected pzprv3, the first line of a pzprjs file")
    at = 1

    def line(what: str) -> str:
        nonlocal at
        if at >= len(lines):
            raise PuzzleError(f"line {at + 1}: the file ends before {what}")
        at += 1
        return lines[at - 1].strip()

    variety = line("the puzzle's variety")
    if variety not in VARIETIES:
        other = " (a nonogram opens here from its puzz.link URL)" if variety == "nonogram" else ""
        raise PuzzleError(f"line 2: a pzprjs file of {quote(variety[:30])}; the pzprjs files read here are "
                          f"Numberlink's, numlin and arukone{other}")
    height = _number(line("the rows"), at, "the rows")
    width = _number(line("the columns"), at, "the columns")
    check_size(width, height, "lines 3-4")
    cover = "free"
    if variety == "arukone":
        rule = line("the arukone rule")
        if rule not in ("passallcell", "dontpassallcell"):
            raise PuzzleError(f"line {at}: {quote(rule[:30])}, expected passallcell or dontpassallcell")
        cover = "full" if rule == "passallcell" else "free"
    endpoints = []
    for r, items in enumerate(_items(lines, at, height, width, "cells")):
        for c, item in enumerate(items):
            label = _label(item, variety, at + r + 1)
            if label is not None:
                endpoints.append((r, c, label))
    at += height
    _check_pairs(endpoints, lambda lab: f"{'letter' if variety == 'arukone' else 'number'} {lab}")
    out = _puzzle(width, height, endpoints, cover)
    links = _links(lines, at, width, height)
    if links is not None:
        paths = _paths(links, endpoints, width, height)
        # (kept only when it solves the board: a full-cover board's lines must also
        # pass every cell)
        if paths is not None and check_solution(parse_model(out), {"paths": paths}).solved:
            out["solution"] = {"paths": paths}
    out.update(_meta(lines[at:]))
    return out


def _number(item: str, lineno: int, what: str) -> int:
    if not (item.isascii() and item.isdigit()):
        raise PuzzleError(f"line {lineno}: {what}: expected a number, got {quote(item[:20])}")
    return read_number(item, f"line {lineno}")


def _items(lines: list[str], at: int, count: int, per_line: int, what: str) -> list[list[str]]:
    """``count`` lines of ``per_line`` space-separated items from line index ``at``."""
    out = []
    for k in range(count):
        lineno = at + k + 1
        if at + k >= len(lines):
            raise PuzzleError(f"line {lineno}: the file ends inside the {what}")
        items = lines[at + k].split()
        if len(items) != per_line:
            raise PuzzleError(f"line {lineno}: {len(items)} values in this line of {what}, expected {per_line}")
        out.append(items)
    return out


def _label(item: str, variety: str, lineno: int) -> str | None:
    if item == ".":
        return None
    if item == "-":
        raise PuzzleError(f"line {lineno}: '-' is a number left unknown, and such a cell cannot be linked")
    if variety == "arukone":
        if len(item) != 1 or item not in _ALPHABET[:52]:
            raise PuzzleError(f"line {lineno}: {quote(item[:12])}, expected a letter A-Z or a-z, or '.'")
        return item
    if not (item.isascii() and item.isdigit()):
        raise PuzzleError(f"line {lineno}: {quote(item[:12])}, expected a number or '.'")
    return str(read_number(item, f"line {lineno}"))


def _links(lines: list[str], at: int, width: int, height: int) -> set | None:
    """The links drawn (pairs of cells), or None when the file holds no (readable) lines."""
    # (on a one-column board the side-by-side lines are empty lines: look at the first
    # line of links there is)
    first = at if width > 1 else at + height
    if first >= len(lines) or not lines[first].strip() or lines[first].startswith(("info:", "history:")):
        return None
    try:
        across = _items(lines, at, height, width - 1, "line") if width > 1 else [[] for _ in range(height)]
        down = _items(lines, at + height, height - 1, width, "line")
    except PuzzleError:
        return None                  # lines that do not read are a game in progress at best
    if any(not re.fullmatch(r"-1|[0-9]{1,3}", v) for items in across + down for v in items):
        return None                  # (not pzprjs's line values: not read as lines at all)
    links = set()
    for r, items in enumerate(across):
        links |= {((r, c), (r, c + 1)) for c, v in enumerate(items) if int(v) > 0}
    for r, items in enumerate(down):
        links |= {((r, c), (r + 1, c)) for c, v in enumerate(items) if int(v) > 0}
    return links


def _paths(links: set, endpoints: list, width: int, height: int) -> dict | None:
    """Each pair's path along ``links`` when the links join every pair and nothing else."""
    near: dict[tuple, list] = {}
    for a, b in links:
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)
    ends = {}
    for r, c, lab in endpoints:
        ends.setdefault(lab, []).append((r, c))
    paths, used = {}, 0
    for lab, (a, b) in ends.items():
        path, prev = [a], None
        while path[-1] != b:
            here = path[-1]
            ways = [q for q in near.get(here, []) if q != prev]
            if len(ways) != 1 or len(near.get(here, [])) > (1 if here == a else 2) or len(path) > width * height:
                return None
            prev = here
            path.append(ways[0])
        if len(near.get(b, [])) != 1:
            return None
        paths[lab] = [list(p) for p in path]
        used += len(path) - 1
    return paths if used == len(links) else None


def _meta(rest: list[str]) -> dict:
    """Author and source from an ``info:{...}`` record (a broken one is left out)."""
    text = "\n".join(rest)
    start = text.find("info:")
    if start < 0:
        return {}
    try:
        info, _ = json.JSONDecoder().raw_decode(text[start + 5:].lstrip())
    except ValueError:
        return {}
    meta = info.get("metadata") if isinstance(info, dict) else None
    if not isinstance(meta, dict):
        return {}
    return {key: meta[key] for key in ("author", "source") if isinstance(meta.get(key), str) and meta[key].strip()}


def dump_pzpr(model: Numberlink, solution: dict | None, meta: dict | None = None) -> str:
    """A pzprjs file: numlin under free cover, arukone (passallcell) under full cover;
    the solution's lines when there is one; author and source in an ``info`` record."""
    variety, nums = _puzzlink_numbers(model)
    W, H = model.width, model.height
    cell = [["."] * W for _ in range(H)]
    for lab, (a, b) in zip(model.labels, model.ends):
        for p in (a, b):
            r, c = model.rc(p)
            cell[r][c] = str(nums[lab]) if variety == "numlin" else _ALPHABET[nums[lab] - 1]
    links = set()
    for path in (solution or {}).get("paths", {}).values():
        links |= {tuple(sorted((tuple(p), tuple(q)))) for p, q in zip(path, path[1:])}
    out = ["pzprv3", variety, str(H), str(W)]
    if variety == "arukone":
        out.append("passallcell")
    out += ["".join(v + " " for v in row) for row in cell]
    out += ["".join(("1 " if ((r, c), (r, c + 1)) in links else "0 ") for c in range(W - 1)) for r in range(H)]
    out += ["".join(("1 " if ((r, c), (r + 1, c)) in links else "0 ") for c in range(W)) for r in range(H - 1)]
    kept = {key: (meta or {})[key] for key in ("author", "source") if (meta or {}).get(key)}
    if kept:
        out.append("info:" + json.dumps({"metadata": kept}, indent=1, ensure_ascii=False))
    return "\n".join(out) + "\n"


EXPORTER = Exporter("a pzprjs file, as puzz.link's editor saves it (numlin under free cover, arukone under "
                    "full cover), with the solution's lines when it has one",
                    lambda model, solution, meta: dump_pzpr(model, solution, meta), writes_solution=True,
                    keeps=("cover", "author", "source"), changes=changes_puzzlink)
