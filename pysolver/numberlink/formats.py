"""Other Numberlink file formats: import (sniffed by the CLI) and export.

* flow_solver text: one row per line, a letter or digit marks an endpoint (each exactly
  twice), ``.`` an empty cell; full cover (Flow rules).
* blocks: ``W H`` on a line, then H rows as above; several puzzles follow one another
  (collections put ``#`` comment lines and blank lines between them) and ``0 0`` may end
  the file.  A file of several boards is a pack (``load_all``); full cover.
* DA Symposium algorithm design contest (2016-2018): ``SIZE 40X40`` (or ``40X40X1``),
  ``LINE_NUM n``, then ``LINE#k (x,y,1) (x,y,1)`` (also ``(x,y)-(x,y)``), x the column and
  y the row, 0-based; the contest does not require every cell to be used (free cover).
  Answers are ``SIZE WXH`` (2018: ``SIZE WXHX1`` and ``LAYER 1``) then one comma-separated
  row of line numbers per grid row, 0 for empty, zero-padded in 2018 (``01,02,00``).  An
  answer read on its own is its puzzle (each line's two ends) with the answer as the
  solution.  Written in the 2018 form, which the organisers' checker reads.
* A format that cannot hold something of a puzzle says so (``changes_*``: the cover rule,
  labels renamed), and ``pysolver convert`` refuses it unless asked.
* puzz.link / pzv.jp URLs ``p?numlin/W/H/body`` (Nikoli rules, free cover) and
  ``p?arukone[/e]/W/H/body`` (full cover; ``e`` frees it; numbers 1-52 show as
  A-Z, a-z).  The body is pzprjs's "number16" cell code, see ``pysolver/puzzlink.py``.

Every loader raises PuzzleError naming the line (or URL part) that is wrong.
"""
from __future__ import annotations

import re

from ..base import (MAX_DIGITS, MAX_GRID_CELLS, MAX_GRID_SIDE, SNIFF_MARK, SNIFF_SHAPE, Exporter, PuzzleError,
                    check_size, counted, quote, read_number)
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
            raise PuzzleError(f"{name(lab)} occurs {counted(n, 'time')}, expected exactly 2")


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


_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _rename(labels, fits, fresh) -> dict[str, str]:
    """Label -> how a format writes it: itself when ``fits(label)``, else the first of
    ``fresh`` that no label uses; PuzzleError when ``fresh`` runs out."""
    taken = {lab for lab in labels if fits(lab)}
    spare = (name for name in fresh if name not in taken)
    out = {}
    for lab in labels:
        if fits(lab):
            out[lab] = lab
        else:
            name = next(spare, None)
            if name is None:
                raise PuzzleError(f"{len(labels)} pairs: more than this format can name")
            out[lab] = name
    return out


def _single_char_labels(model: Numberlink) -> dict[str, str]:
    """Label -> one letter or digit: kept when it is one, else the first one free."""
    if len(model.labels) > len(_ALPHABET):
        raise PuzzleError(f"{len(model.labels)} pairs: a one-letter format holds at most {len(_ALPHABET)}")
    return _rename(model.labels, lambda lab: len(lab) == 1 and lab in _ALPHABET, _ALPHABET)


def _renamed(names: dict[str, str]) -> list[str]:
    """The sentence saying which labels a format renames, if any."""
    moved = [f"{lab!r} -> {new!r}" for lab, new in names.items() if lab != new]
    if not moved:
        return []
    more = f" and {len(moved) - 6} more" if len(moved) > 6 else ""
    return [f"labels renamed: {', '.join(moved[:6])}{more}"]


def _cover_change(model: Numberlink, cover: str) -> list[str]:
    if model.cover == cover:
        return []
    return ["cover: the puzzle lets cells stay empty (free cover); this format means every cell is on a "
            "line (full cover)" if cover == "full" else
            "cover: every cell of the puzzle is on a line (full cover); this format lets cells stay empty "
            "(free cover)"]


def changes_blocks(model: Numberlink) -> list[str]:
    """What W H blocks change: they mean full cover and one-letter labels."""
    return _cover_change(model, "full") + _renamed(_single_char_labels(model))


#: what flow_solver reads (mzucker/flow_solver, its game_read): a square board of at
#: most 15 a side and at most 16 colours, named by its own colour letters or else by the
#: letters A to P (a digit there is an empty cell)
FLOW_MAX_SIDE = 15
FLOW_LETTERS = "ABCDEFGHIJKLMNOP"
FLOW_COLOURS = "RBYGOCMmPAWgTbcp"


def flow_accepts(model: Numberlink) -> bool:
    return model.width == model.height <= FLOW_MAX_SIDE and len(model.labels) <= len(FLOW_LETTERS)


def _flow_labels(model: Numberlink) -> dict[str, str]:
    """Label -> itself when every label is one of flow_solver's colour letters, else a
    letter of A to P: kept when it is one, else the first one free."""
    if all(len(lab) == 1 and lab in FLOW_COLOURS for lab in model.labels):
        return {lab: lab for lab in model.labels}
    return _rename(model.labels, lambda lab: lab in FLOW_LETTERS, FLOW_LETTERS)


def changes_flow(model: Numberlink) -> list[str]:
    """What flow text changes: it means full cover, and names the pairs A to P."""
    return _cover_change(model, "full") + _renamed(_flow_labels(model))


def dump_flow(model: Numberlink) -> str:
    return _rows(model, _flow_labels(model))


def _rows(model: Numberlink, names: dict[str, str]) -> str:
    """The board's rows, an endpoint as its label's name, '.' elsewhere."""
    grid = [["."] * model.width for _ in range(model.height)]
    for r, c, lab in model.endpoints:
        grid[r][c] = names[lab]
    return "\n".join("".join(row) for row in grid) + "\n"


# -- W H blocks --------------------------------------------------------------------
_HEADER = re.compile(r"([0-9]+)\s+([0-9]+)")


def _board_lines(text) -> list[tuple[int, str]]:
    """The lines of a ``W H`` file that are not blank or ``#`` comments, numbered."""
    return [(i, ln.strip()) for i, ln in enumerate(_as_text(text).splitlines(), 1)
            if ln.strip() and not ln.lstrip().startswith("#")]


def sniff_blocks(text) -> int:
    """A size line, then a row: sure when the row is as wide as the size says.  Any
    digits count for the size, so that the loader names a bad one.  Blank lines and
    ``#`` comment lines (collections start with them) are skipped."""
    lines = [ln for _, ln in _board_lines(text)[:2]]
    if len(lines) < 2 or _CELL_CHARS.fullmatch(lines[1]) is None:
        return 0
    size = lines[0].split()
    if len(size) != 2 or not all(p.isdigit() for p in size):
        return 0
    return SNIFF_MARK if size[0].isascii() and size[0].lstrip("0") == str(len(lines[1])) else SNIFF_SHAPE


def load_all(text) -> list:
    """Every board of a ``W H`` + rows file (until ``0 0`` or the end; blank lines and
    ``#`` comment lines between boards are skipped); a board that cannot be read is its
    PuzzleError, unless none can (then the first one is raised)."""
    lines = _board_lines(text)
    out = []
    k = 0
    while k < len(lines):
        i, line = lines[k]
        k += 1
        m = _HEADER.fullmatch(line)
        if not m:
            raise PuzzleError(f"line {i}: expected 'width height', got {quote(line[:30])}")
        width, height = read_number(m.group(1), f"line {i}"), read_number(m.group(2), f"line {i}")
        if width == 0 and height == 0:
            break
        check_size(width, height, f"line {i}")
        rows = lines[k:k + height]
        if len(rows) < height:
            raise PuzzleError(f"line {rows[-1][0] if rows else i}: the file ends after {len(rows)} of {height} rows")
        k += height
        try:
            out.append(_puzzle(width, height, _rows_to_endpoints(rows, width), "full"))
        except PuzzleError as exc:
            out.append(exc)     # (one bad board: the others of a collection stay readable)
    if not out:
        raise PuzzleError("line 1: no puzzle in the file")
    if all(isinstance(board, PuzzleError) for board in out):
        raise out[0]
    return out


def load_blocks(text) -> dict | list:
    """The board of a ``W H`` file, or every board of a collection (a pack; a board
    that cannot be read is its PuzzleError there, as the pack loader takes it)."""
    boards = load_all(text)
    return boards[0] if len(boards) == 1 else boards


def dump_blocks(models: list[Numberlink]) -> str:
    parts = []
    for model in models:
        parts.append(f"{model.width} {model.height}\n" + _rows(model, _single_char_labels(model)))
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


_ANSWER_ROW = re.compile(r"[0-9]+(?:\s*,\s*[0-9]+)*,?")


def load_adc(text) -> dict:
    """A contest problem (2016-2018 forms), or a contest answer read as its puzzle (each
    line's two ends) with the answer as the solution."""
    # (a line '#' alone ends some contest files: nothing to read)
    lines = [(i + 1, ln.strip()) for i, ln in enumerate(_as_text(text).splitlines()) if ln.strip() not in ("", "#")]
    if not lines:
        raise PuzzleError("line 1: empty file")
    width, height = _adc_size(lines[0][1], lines[0][0])
    if any(ln.upper().startswith("LAYER") or _ANSWER_ROW.fullmatch(ln) for _, ln in lines[1:3]):
        return _answer_as_puzzle(lines, width, height)
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
    """Label -> line number 1..n: kept when the labels are those numbers (zero padding
    aside), else the first numbers free."""
    n = len(model.labels)

    def fits(lab: str) -> bool:
        return lab.isascii() and lab.isdigit() and 1 <= int(lab) <= n and len(lab) <= MAX_DIGITS

    as_text = {lab: str(int(lab)) if fits(lab) else lab for lab in model.labels}
    if len(set(as_text.values())) != n:  # '1' and '01' both: renumber the second
        seen: set[str] = set()
        for lab in model.labels:
            if as_text[lab] in seen:
                as_text[lab] = lab + "\0"
            seen.add(as_text[lab])
    names = _rename([as_text[lab] for lab in model.labels], fits, (str(k) for k in range(1, n + 1)))
    return {lab: int(names[as_text[lab]]) for lab in model.labels}


def changes_adc(model: Numberlink) -> list[str]:
    """What a contest problem changes: free cover, lines numbered 1..n."""
    return _cover_change(model, "free") + _renamed({lab: str(v) for lab, v in _numeric_labels(model).items()})


def dump_adc(model: Numberlink) -> str:
    """A contest problem in the 2018 form: ``SIZE WXHX1``, ``LINE_NUM``, ``LINE#k
    (x,y,1) (x,y,1)``."""
    nums = _numeric_labels(model)
    out = [f"SIZE {model.width}X{model.height}X1", f"LINE_NUM {len(model.labels)}"]
    for lab, (a, b) in sorted(zip(model.labels, model.ends), key=lambda item: nums[item[0]]):
        (ra, ca), (rb, cb) = model.rc(a), model.rc(b)
        out.append(f"LINE#{nums[lab]} ({ca},{ra},1) ({cb},{rb},1)")
    return "\n".join(out) + "\n"


#: the largest side the contest's checker (nlcheck) reads
ADC_MAX_SIDE = 72


def adc_accepts(model: Numberlink) -> bool:
    return model.width <= ADC_MAX_SIDE and model.height <= ADC_MAX_SIDE


def _untouched(path: list) -> list:
    """The path with every stretch that comes back beside itself cut short: the checker
    reads a line whose cells touch other than in order as branching ("not terminal"),
    as a full-cover solution's lines may do.  Under the contest's free cover the
    shorter line is as good an answer (the cells it leaves are empty)."""
    path = [tuple(p) for p in path]
    i = 0
    while i < len(path):
        r, c = path[i]
        # (the last cell beside this one, further on: the walk jumps to it)
        j = max((k for k in range(i + 2, len(path)) if abs(path[k][0] - r) + abs(path[k][1] - c) == 1),
                default=None)
        if j is not None:
            path = path[:i + 1] + path[j:]
        i += 1
    return path


def dump_adc_answer(model: Numberlink, solution: dict) -> str:
    """A contest answer in the 2018 form the organisers' checker reads: ``SIZE WXHX1``,
    ``LAYER 1``, then each row's line numbers, zero-padded to two digits (0: empty)."""
    nums = _numeric_labels(model)
    grid = [[0] * model.width for _ in range(model.height)]
    for lab, path in solution["paths"].items():
        for r, c in _untouched(path):
            grid[r][c] = nums[lab]
    digits = max(2, len(str(len(model.labels))))
    lines = [f"SIZE {model.width}X{model.height}X1", "LAYER 1"]
    lines += [",".join(str(v).zfill(digits) for v in row) for row in grid]
    return "\n".join(lines) + "\n"


def _answer_rows(lines: list[tuple[int, str]], width: int, height: int) -> list[tuple[int, list[int]]]:
    """The number rows of an answer (``LAYER 1`` lines skipped), each checked."""
    rows = []
    for lineno, line in lines[1:]:
        if line.upper().startswith("LAYER"):
            if line.split()[1:] not in (["1"], []):
                raise PuzzleError(f"line {lineno}: {quote(line[:20])}; only one-layer boards are supported")
            continue
        cells = [x.strip() for x in line.rstrip(",").split(",")]
        if len(cells) != width or not all(x.isascii() and x.isdigit() for x in cells):
            raise PuzzleError(f"line {lineno}: expected {width} comma-separated numbers")
        rows.append((lineno, [read_number(x, f"line {lineno}") for x in cells]))
    if len(rows) != height:
        raise PuzzleError(f"line {lines[-1][0]}: expected {height} rows, got {len(rows)}")
    return rows


def _answer_as_puzzle(lines: list[tuple[int, str]], width: int, height: int) -> dict:
    rows = _answer_rows(lines, width, height)
    grid = [values for _, values in rows]
    cells: dict[int, set] = {}
    for r, values in enumerate(grid):
        for c, v in enumerate(values):
            if v:
                cells.setdefault(v, set()).add((r, c))
    if not cells:
        raise PuzzleError(f"line {rows[0][0]}: the answer has no lines")
    endpoints, paths = [], {}
    for v in sorted(cells):
        own = cells[v]
        ends = sorted(p for p in own if sum((p[0] + dr, p[1] + dc) in own
                                            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))) <= 1)
        if len(ends) != 2:
            r, c = min(own)
            raise PuzzleError(f"line {rows[r][0]}: line {v} has {len(ends)} ends, not 2 (a line that touches "
                              "itself cannot be read back)")
        label = str(v)
        endpoints += [(ends[0][0], ends[0][1], label), (ends[1][0], ends[1][1], label)]
        paths[label] = [list(p) for p in _trace(own, ends[0], ends[1])]
    out = _puzzle(width, height, endpoints, "free")
    out["solution"] = {"paths": paths}
    return out


def load_adc_answer(text, model: Numberlink) -> dict:
    """A contest answer grid as a solution dict (paths traced from each first endpoint)."""
    lines = [(i + 1, ln.strip()) for i, ln in enumerate(_as_text(text).splitlines()) if ln.strip()]
    if not lines:
        raise PuzzleError("line 1: empty answer")
    width, height = _adc_size(lines[0][1], lines[0][0])
    if (width, height) != (model.width, model.height):
        raise PuzzleError(f"line {lines[0][0]}: answer is {width}x{height}, the puzzle {model.width}x{model.height}")
    nums = _numeric_labels(model)
    label_of = {v: k for k, v in nums.items()}
    grid = []
    for lineno, values in _answer_rows(lines, width, height):
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
# (pzprjs takes Kanpen's name 'numberlink' for numlin too)
_PZ = re.compile(r"(?:https?://[^?\s]*)?\??(?:p\?)?(numlin|numberlink|arukone)/(?:(e)/)?([0-9]+)/([0-9]+)/([^\s/]*)/?\s*")


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
    cover = "free" if kind != "arukone" or free_flag else "full"
    return _puzzle(width, height, endpoints, cover)


def _puzzlink_numbers(model: Numberlink) -> tuple[str, dict[str, int]]:
    """The variety and each label's number: numlin (free cover) numbers lines 1..n,
    arukone (full cover) letters A-Z, a-z as 1-52."""
    if model.cover == "free":
        return "numlin", _numeric_labels(model)
    if len(model.labels) > 52:
        raise PuzzleError(f"{len(model.labels)} pairs: arukone URLs hold at most 52")
    letters = _ALPHABET[:52]
    names = _rename(model.labels, lambda lab: len(lab) == 1 and lab in letters, letters)
    return "arukone", {lab: letters.index(name) + 1 for lab, name in names.items()}


def changes_puzzlink(model: Numberlink) -> list[str]:
    variety, nums = _puzzlink_numbers(model)
    if variety == "numlin":
        return _renamed({lab: str(v) for lab, v in nums.items()})
    return _renamed({lab: _ALPHABET[v - 1] for lab, v in nums.items()})


def dump_puzzlink(model: Numberlink) -> str:
    """``https://puzz.link/p?numlin/...`` for free cover, ``p?arukone/...`` for full."""
    variety, nums = _puzzlink_numbers(model)
    values = {a: nums[lab] for lab, ends in zip(model.labels, model.ends) for a in ends}
    body = write_number16(map(values.get, range(model.width * model.height)))
    return f"https://puzz.link/p?{variety}/{model.width}/{model.height}/{body}"


EXPORTERS = {
    "flow": Exporter(f"flow_solver text: one row per line, the letters A to P for the endpoints (full cover; "
                     f"a square board of at most {FLOW_MAX_SIDE} a side and {len(FLOW_LETTERS)} pairs, what "
                     "flow_solver reads: 'blocks' holds any board)",
                     lambda model, solution, meta: dump_flow(model), accepts=flow_accepts, changes=changes_flow),
    "blocks": Exporter("'W H' and the rows, ended by '0 0' (full cover)",
                       lambda model, solution, meta: dump_blocks([model]), changes=changes_blocks),
    "adc": Exporter(f"DA Symposium contest problem, 2018 form (SIZE WXHX1, LINE_NUM, LINE#; free cover; "
                    f"at most {ADC_MAX_SIDE} a side, as the contest's checker reads)",
                    lambda model, solution, meta: dump_adc(model), accepts=adc_accepts, changes=changes_adc),
    "adc-answer": Exporter("DA Symposium contest answer, 2018 form (SIZE, LAYER 1, the line number of every "
                           "cell); reads back as the puzzle with its solution",
                           lambda model, solution, meta: dump_adc_answer(model, solution), ext="-answer.txt",
                           needs_solution=True, accepts=adc_accepts, changes=changes_adc),
    "puzzlink": Exporter("a puzz.link URL (numlin under free cover, arukone under full cover)",
                         lambda model, solution, meta: dump_puzzlink(model) + "\n", keeps=("cover",),
                         changes=changes_puzzlink),
}

IMPORTERS = {
    "puzzlink": (sniff_puzzlink, load_puzzlink),
    "adc": (sniff_adc, load_adc),
    "blocks": (sniff_blocks, load_blocks),
    "flow": (sniff_flow, load_flow),
    "pzpr": (lambda text: _pzpr().sniff_pzpr(text), lambda text: _pzpr().load_pzpr(text)),
}


def _pzpr():
    from . import pzpr          # (it builds on this module's helpers)
    return pzpr


EXPORTERS["pzpr"] = _pzpr().EXPORTER
