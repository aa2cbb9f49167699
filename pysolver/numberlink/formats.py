"""Other Numberlink file formats: import (sniffed by the CLI) and export.

* flow_solver text: one row per line, a letter or digit marks an endpoint (each exactly
  twice), ``.`` an empty cell; full cover (Flow rules).
* blocks: ``W H`` on a line, then H rows as above; several puzzles follow one another and
  ``0 0`` ends the file.  ``load_all`` returns every puzzle, the importer the first.
* DA Symposium algorithm design contest: ``SIZE 40X40`` (or ``40X40X1``), ``LINE_NUM n``,
  then ``LINE#k (x,y,1) (x,y,1)`` (also ``(x,y)-(x,y)``), x the column and y the row,
  0-based; the contest does not require every cell to be used (free cover).  Answers are
  ``SIZE WXH`` then one comma-separated row of line numbers per grid row, 0 for empty.
* puzz.link / pzv.jp URLs ``p?numlin/W/H/body`` (Nikoli rules, free cover) and
  ``p?arukone[/e]/W/H/body`` (full cover; ``e`` frees it; numbers 1-52 show as
  A-Z, a-z).  The body is pzprjs's "number16" cell code, see ``pysolver/puzzlink.py``.

Every loader raises PuzzleError naming the line (or URL part) that is wrong.
"""
from __future__ import annotations

import re

from ..base import (MAX_DIGITS, MAX_GRID_CELLS, MAX_GRID_SIDE, SNIFF_MARK, SNIFF_SHAPE, Exporter, PuzzleError,
                    check_size, quote, read_number)
from ..puzzlink import read_number16, write_number16
from .model import Numberlink

_CELL_CHARS = re.compile(r"[A-Za-z0-9.]+")


def _puzzle(width: int, height: int, endpoints: list, cover: str, title: str | None = None) -> dict:
    out = {"type": "numberlink", "width": width, "height": height,
           "endpoints": [[r, c, lab] for r, c, lab in endpoints], "cover": cover}
    if title:
        out["title"] = title
    return out


def _as_text(text) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    return text


def _check_pairs(endpoints: list, name) -> None:
    """Each label exactly twice; ``name(label)`` says where and what the offending one is."""
    count: dict[str, int] = {}
    for _, _, lab in endpoints:
        count[lab] = count.get(lab, 0) + 1
    for lab, n in count.items():
        if n != 2:
            raise PuzzleError(f"{name(lab)} occurs {n} time(s), expected exactly 2")


def _rows_to_endpoints(rows: list[tuple[int, str]], width: int) -> list:
    endpoints = []
    first_line: dict[str, int] = {}
    for r, (lineno, row) in enumerate(rows):
        if len(row) != width:
            raise PuzzleError(f"line {lineno}: expected {width} cells, got {len(row)}")
        if not _CELL_CHARS.fullmatch(row):
            bad = next(ch for ch in row if not (ch.isascii() and (ch.isalnum() or ch == ".")))
            raise PuzzleError(f"line {lineno}: {quote(bad)} is neither '.' nor a letter or digit")
        for c, ch in enumerate(row):
            if ch != ".":
                endpoints.append((r, c, ch))
                first_line.setdefault(ch, lineno)
    _check_pairs(endpoints, lambda lab: f"line {first_line[lab]}: label {lab!r}")
    return endpoints


# -- flow_solver text --------------------------------------------------------------
def sniff_flow(text) -> int:
    """Lines of cell characters.  A valid grid is sure; several rows with empty cells
    are the shape, even ragged or with a lone endpoint, so that the loader names the
    fault.  Words are not taken for a grid unless they are a valid one: a grid has
    many empty cells, so the shape needs at least a fifth of the characters '.'."""
    lines = [ln.strip() for ln in _as_text(text).strip().splitlines()]
    lines = [ln for ln in lines if ln]
    if not lines or not all(_CELL_CHARS.fullmatch(ln) for ln in lines):
        return 0
    body = "".join(lines)
    labels = {ch for ch in body if ch != "."}
    if labels and len({len(ln) for ln in lines}) == 1 and all(body.count(ch) == 2 for ch in labels):
        return SNIFF_MARK
    return SNIFF_SHAPE if len(lines) > 1 and 5 * body.count(".") >= len(body) else 0


def load_flow(text) -> dict:
    rows = [(i + 1, ln.strip()) for i, ln in enumerate(_as_text(text).splitlines()) if ln.strip()]
    if not rows:
        raise PuzzleError("line 1: empty file")
    width = len(rows[0][1])
    if width > MAX_GRID_SIDE or len(rows) > MAX_GRID_SIDE or width * len(rows) > MAX_GRID_CELLS:
        raise PuzzleError(f"line 1: the grid is larger than {MAX_GRID_SIDE} cells a side or "
                          f"{MAX_GRID_CELLS} cells")
    return _puzzle(width, len(rows), _rows_to_endpoints(rows, width), "full")


def _single_char_labels(model: Numberlink) -> dict[str, str]:
    """Label -> one character: kept when already one character, else renamed in order."""
    if all(len(lab) == 1 for lab in model.labels):
        return {lab: lab for lab in model.labels}
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    if len(model.labels) > len(alphabet):
        raise PuzzleError(f"{len(model.labels)} pairs: a one-letter format holds at most {len(alphabet)}")
    return dict(zip(model.labels, alphabet))


def dump_flow(model: Numberlink) -> str:
    names = _single_char_labels(model)
    grid = [["."] * model.width for _ in range(model.height)]
    for r, c, lab in model.endpoints:
        grid[r][c] = names[lab]
    return "\n".join("".join(row) for row in grid) + "\n"


# -- W H blocks --------------------------------------------------------------------
_HEADER = re.compile(r"([0-9]+)\s+([0-9]+)")


def sniff_blocks(text) -> int:
    """A size line, then a row: sure when the row is as wide as the size says.  Any
    digits count for the size, so that the loader names a bad one."""
    lines = _as_text(text).strip().splitlines()
    if len(lines) < 2 or _CELL_CHARS.fullmatch(lines[1].strip()) is None:
        return 0
    size = lines[0].split()
    if len(size) != 2 or not all(p.isdigit() for p in size):
        return 0
    return SNIFF_MARK if size[0].isascii() and size[0].lstrip("0") == str(len(lines[1].strip())) else SNIFF_SHAPE


def load_all(text) -> list[dict]:
    """Every puzzle of a ``W H`` + rows file (until ``0 0`` or the end)."""
    lines = _as_text(text).splitlines()
    out = []
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        i += 1
        if not line:
            continue
        m = _HEADER.fullmatch(line)
        if not m:
            raise PuzzleError(f"line {i}: expected 'width height', got {quote(line[:30])}")
        width, height = read_number(m.group(1), f"line {i}"), read_number(m.group(2), f"line {i}")
        if width == 0 and height == 0:
            break
        check_size(width, height, f"line {i}")
        rows = []
        while len(rows) < height:
            if i >= len(lines):
                raise PuzzleError(f"line {i}: the file ends after {len(rows)} of {height} rows")
            rows.append((i + 1, lines[i].strip()))
            i += 1
        out.append(_puzzle(width, height, _rows_to_endpoints(rows, width), "full"))
    if not out:
        raise PuzzleError("line 1: no puzzle in the file")
    return out


def load_blocks(text) -> dict:
    return load_all(text)[0]


def dump_blocks(models: list[Numberlink]) -> str:
    parts = []
    for model in models:
        parts.append(f"{model.width} {model.height}\n" + dump_flow(model))
    return "".join(parts) + "0 0\n"


# -- DA Symposium contest ----------------------------------------------------------
_SIZE = re.compile(r"SIZE\s+([0-9]+)X([0-9]+)(?:X([0-9]+))?", re.IGNORECASE)
_LINENUM = re.compile(r"LINE_NUM\s+([0-9]+)", re.IGNORECASE)
_POINT = r"\(\s*([0-9]+)\s*,\s*([0-9]+)\s*(?:,\s*([0-9]+)\s*)?\)"
_LINE = re.compile(r"LINE#([0-9]+)\s*" + _POINT + r"\s*-?\s*" + _POINT, re.IGNORECASE)


def sniff_adc(text) -> int:
    # the SIZE keyword is the mark; what follows it is the loader's to judge
    head = _as_text(text).lstrip()[:40]
    return SNIFF_MARK if re.match(r"SIZE\s", head, re.IGNORECASE) else 0


def _adc_size(line: str, lineno: int) -> tuple[int, int]:
    m = _SIZE.fullmatch(line)
    if not m:
        raise PuzzleError(f"line {lineno}: expected 'SIZE <W>X<H>', got {quote(line[:30])}")
    width, height = read_number(m.group(1), f"line {lineno}"), read_number(m.group(2), f"line {lineno}")
    if m.group(3) is not None and m.group(3) != "1":
        raise PuzzleError(f"line {lineno}: {m.group(3)} layers; only one-layer boards are supported")
    check_size(width, height, f"line {lineno}")
    return width, height


def load_adc(text) -> dict:
    lines = [(i + 1, ln.strip()) for i, ln in enumerate(_as_text(text).splitlines()) if ln.strip()]
    if not lines:
        raise PuzzleError("line 1: empty file")
    width, height = _adc_size(lines[0][1], lines[0][0])
    expected = None
    endpoints = []
    first_line: dict[str, int] = {}
    for lineno, line in lines[1:]:
        m = _LINENUM.fullmatch(line)
        if m:
            expected = read_number(m.group(1), f"line {lineno}")
            continue
        m = _LINE.fullmatch(line)
        if not m:
            raise PuzzleError(f"line {lineno}: expected 'LINE#<n> (x,y,1) (x,y,1)', got {quote(line[:40])}")
        label = str(read_number(m.group(1), f"line {lineno}"))
        if label in first_line:
            raise PuzzleError(f"line {lineno}: LINE#{label} given twice (first on line {first_line[label]})")
        first_line[label] = lineno
        for x, y, z in (m.group(2, 3, 4), m.group(5, 6, 7)):
            if z is not None and z != "1":
                raise PuzzleError(f"line {lineno}: layer {z}; only one-layer boards are supported")
            x, y = read_number(x, f"line {lineno}"), read_number(y, f"line {lineno}")
            if not (x < width and y < height):
                raise PuzzleError(f"line {lineno}: ({x},{y}) is outside the {width}x{height} board")
            endpoints.append((y, x, label))
    if not endpoints:
        raise PuzzleError(f"line {lines[0][0]}: no LINE# entries")
    if expected is not None and expected != len(first_line):
        raise PuzzleError(f"LINE_NUM says {expected} lines, the file has {len(first_line)}")
    return _puzzle(width, height, endpoints, "free")


def _numeric_labels(model: Numberlink) -> dict[str, int]:
    """Label -> positive number: kept when every label is already one, else 1, 2, ..."""
    if all(lab.isascii() and lab.isdigit() and lab[0] != "0" and len(lab) <= MAX_DIGITS
           for lab in model.labels):
        return {lab: int(lab) for lab in model.labels}
    return {lab: i + 1 for i, lab in enumerate(model.labels)}


def dump_adc(model: Numberlink) -> str:
    nums = _numeric_labels(model)
    out = [f"SIZE {model.width}X{model.height}", f"LINE_NUM {len(model.labels)}"]
    for lab, (a, b) in zip(model.labels, model.ends):
        (ra, ca), (rb, cb) = model.rc(a), model.rc(b)
        out.append(f"LINE#{nums[lab]} ({ca},{ra},1) ({cb},{rb},1)")
    return "\n".join(out) + "\n"


def dump_adc_answer(model: Numberlink, solution: dict) -> str:
    nums = _numeric_labels(model)
    grid = [[0] * model.width for _ in range(model.height)]
    for lab, path in solution["paths"].items():
        for r, c in path:
            grid[r][c] = nums[lab]
    lines = [f"SIZE {model.width}X{model.height}"]
    lines += [",".join(str(v) for v in row) for row in grid]
    return "\n".join(lines) + "\n"


def load_adc_answer(text, model: Numberlink) -> dict:
    """A contest answer grid as a solution dict (paths traced from each first endpoint)."""
    lines = [(i + 1, ln.strip()) for i, ln in enumerate(_as_text(text).splitlines()) if ln.strip()]
    if not lines:
        raise PuzzleError("line 1: empty answer")
    width, height = _adc_size(lines[0][1], lines[0][0])
    if (width, height) != (model.width, model.height):
        raise PuzzleError(f"line {lines[0][0]}: answer is {width}x{height}, the puzzle {model.width}x{model.height}")
    rows = [(n, ln) for n, ln in lines[1:] if not ln.upper().startswith("LAYER")]
    if len(rows) != height:
        raise PuzzleError(f"line {lines[-1][0]}: expected {height} rows, got {len(rows)}")
    nums = _numeric_labels(model)
    label_of = {v: k for k, v in nums.items()}
    grid = []
    for lineno, line in rows:
        cells = [x.strip() for x in line.split(",")]
        if len(cells) != width or not all(x.isascii() and x.isdigit() for x in cells):
            raise PuzzleError(f"line {lineno}: expected {width} comma-separated numbers")
        values = [read_number(x, f"line {lineno}") for x in cells]
        for v in values:
            if v and v not in label_of:
                raise PuzzleError(f"line {lineno}: {v} is not a line of the puzzle")
        grid.append(values)
    paths = {}
    for lab, (a, b) in zip(model.labels, model.ends):
        cells = {(r, c) for r in range(height) for c in range(width) if grid[r][c] == nums[lab]}
        paths[lab] = [list(rc) for rc in _trace(cells, model.rc(a), model.rc(b))]
    return {"paths": paths}


#: search steps allowed when tracing one line of an answer through cells that touch
TRACE_STEPS = 100_000


def _trace(cells: set, a: tuple, b: tuple) -> list[tuple]:
    """The path from endpoint ``a`` to ``b`` through every cell of ``cells`` (a line's
    cells in a contest answer).  A line that runs beside itself leaves more than one way
    on, so this is a search for a path through all the cells; when there is none (a
    broken answer) the cells followed from ``a`` while the way is clear are returned, and
    the rule checker says what is wrong."""
    def ways(p, seen):
        r, c = p
        return [q for q in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)) if q in cells and q not in seen]

    path, seen, steps = [a], {a}, 0
    stack = [iter(ways(a, seen))]
    while stack:
        steps += 1
        if steps > TRACE_STEPS:
            break
        q = next(stack[-1], None)
        if q is None:
            stack.pop()
            seen.discard(path.pop())
            continue
        path.append(q)
        seen.add(q)
        if q == b:
            if len(path) == len(cells):
                return path
        else:
            stack.append(iter(ways(q, seen)))
            continue
        seen.discard(path.pop())
    # no path through every cell: follow the clear way from a, as far as it goes
    path, seen = [a], {a}
    while True:
        step = ways(path[-1], seen)
        if len(step) != 1:
            return path
        path.append(step[0])
        seen.add(step[0])


# -- puzz.link ---------------------------------------------------------------------
_PZ = re.compile(r"(?:https?://[^?\s]*)?\??(?:p\?)?(numlin|arukone)/(?:(e)/)?([0-9]+)/([0-9]+)/([^\s/]*)/?\s*")


def sniff_puzzlink(text) -> int:
    t = _as_text(text).strip()
    return SNIFF_MARK if len(t) < 100_000 and _PZ.fullmatch(t) is not None else 0


def load_puzzlink(text) -> dict:
    t = _as_text(text).strip()
    m = _PZ.fullmatch(t)
    if not m:
        raise PuzzleError("URL: expected p?numlin/<W>/<H>/<body> or p?arukone/<W>/<H>/<body>")
    kind, free_flag, w, h, body = m.groups()
    width, height = read_number(w, "URL size"), read_number(h, "URL size")
    check_size(width, height, "URL")
    cells = read_number16(body, width * height, unknown="'.' is a '?' number, and '?' numbers cannot be linked")
    endpoints = []
    for cell, v in enumerate(cells):
        if v is None:
            continue
        if kind == "arukone":
            if not 1 <= v <= 52:
                raise PuzzleError(f"URL: arukone number {v} is not between 1 and 52")
            label = chr(64 + v) if v <= 26 else chr(96 + v - 26)
        else:
            label = str(v)
        endpoints.append((cell // width, cell % width, label))
    _check_pairs(endpoints, lambda lab: f"URL: number {lab}")
    cover = "free" if kind == "numlin" or free_flag else "full"
    return _puzzle(width, height, endpoints, cover)


def dump_puzzlink(model: Numberlink) -> str:
    """``https://puzz.link/p?numlin/...`` for free cover, ``p?arukone/...`` for full."""
    if model.cover == "free":
        variety, nums = "numlin", _numeric_labels(model)
    else:
        if len(model.labels) > 52:
            raise PuzzleError(f"{len(model.labels)} pairs: arukone URLs hold at most 52")
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        if all(len(lab) == 1 and lab in letters for lab in model.labels):
            nums = {lab: letters.index(lab) + 1 for lab in model.labels}
        else:
            nums = {lab: i + 1 for i, lab in enumerate(model.labels)}
        variety = "arukone"
    values = {a: nums[lab] for lab, ends in zip(model.labels, model.ends) for a in ends}
    body = write_number16(map(values.get, range(model.width * model.height)))
    return f"https://puzz.link/p?{variety}/{model.width}/{model.height}/{body}"


EXPORTERS = {
    "flow": Exporter("flow_solver text: one row per line, a letter for each endpoint",
                     lambda model, solution, meta: dump_flow(model)),
    "blocks": Exporter("'W H' and the rows, ended by '0 0'", lambda model, solution, meta: dump_blocks([model])),
    "adc": Exporter("DA Symposium contest problem (SIZE, LINE_NUM, LINE#)", lambda model, solution, meta: dump_adc(model)),
    "adc-answer": Exporter("DA Symposium contest answer (the line number of every cell)",
                           lambda model, solution, meta: dump_adc_answer(model, solution), ext="-answer.txt",
                           needs_solution=True),
    "puzzlink": Exporter("a puzz.link URL (numlin under free cover, arukone under full cover)",
                         lambda model, solution, meta: dump_puzzlink(model) + "\n"),
}

IMPORTERS = {
    "puzzlink": (sniff_puzzlink, load_puzzlink),
    "adc": (sniff_adc, load_adc),
    "blocks": (sniff_blocks, load_blocks),
    "flow": (sniff_flow, load_flow),
}
