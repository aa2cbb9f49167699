"""``pysolver bench DIR --method paper --table``: Table I of Guan et al. (2020), side by side.

Per group of puzzles the paper's Table I gives: theme, type (common = fully filled,
non-fully filled = a blank background), count, size, average hint points (numbered
cells), average feasible paths (the paths its DFS enumerates), average solving time
and accuracy.  :func:`table` prints the same for the benchmark rows, next to the
paper's figures for the group of the same size and type.

Groups: the ``.mat`` files of the paper's repository are named
``data_[e_]ROWS_COLS_name.mat`` (``e_``: non-fully filled); they take the paper's theme
for their size and type (a folder around them names the theme instead).  Other
puzzles are grouped by size and type.  *Accuracy* counts the puzzles the method asked
for solved by itself (an answer after a fallback does not count; every answer was
verified by the checker); the averages of paths and time are over those puzzles.
"""
from __future__ import annotations

import re
from pathlib import PurePath

#: the paper's Table I (MATLAB + CVX on a 2.7 GHz i5): (theme, fully filled, count,
#: side, hint points, feasible paths, seconds, accuracy %)
PAPER = (
    ("Sports", True, 10, 20, 155.8, 379.2, 1.11, 100),
    ("Culture", True, 10, 32, 342.9, 2345.0, 4.91, 100),
    ("Professions", False, 6, 32, 308.5, 5134.5, 21.48, 100),
    ("Nightscape", False, 6, 40, 476.3, 8327.7, 46.48, 100),
    ("Animals", True, 6, 64, 1293.7, 13043.2, 80.93, 100),
    ("Dinosaurs", True, 2, 128, 5333.0, 36665.0, 716.82, 100),
)
_MAT_NAME = re.compile(r"data_(e_)?(\d+)_(\d+)_[^/\\]*\.mat$", re.IGNORECASE)


def facts(model) -> dict:
    """What the table needs of a puzzle besides its bench row."""
    return {"hints": len(model.clues), "filled": model.fully_filled}


def _paper_row(side: int, filled: bool):
    return next((row for row in PAPER if row[3] == side and row[1] == filled), None)


def group_of(name: str, width: int, height: int, filled: bool) -> str:
    """The group a puzzle file belongs to (see the module's docstring)."""
    kind = "common" if filled else "non-fully filled"
    path = PurePath(name.split("#")[0])
    if _MAT_NAME.search(path.name):
        if len(path.parts) > 1:
            return f"{path.parts[-2]} ({kind})"
        paper = _paper_row(width, filled) if width == height else None
        if paper:
            return paper[0]
    return f"{width}x{height} {kind}"


def table(rows: list[dict], method: str | None) -> str:
    """The table of ``rows`` (bench rows of Link-a-Pix puzzles, each with ``facts``)."""
    groups: dict[str, list[dict]] = {}
    for row in rows:
        f = row.get("facts")
        if not f or "size" not in row:
            continue
        w, h = (int(v) for v in row["size"].split("x"))
        groups.setdefault(group_of(row["file"], w, h, f["filled"]), []).append(row)
    head = (f"{'group':28} {'type':>9} {'count':>5} {'size':>9} {'hints':>8} {'paths':>9} "
            f"{'seconds':>8} {'accuracy':>8}  | {'paper':11} {'count':>5} {'hints':>7} {'paths':>8} "
            f"{'seconds':>7} {'acc.':>4}")
    lines = [f"Table I of Guan et al. (2020), method {method or 'auto'}: ours | the paper's "
             "(MATLAB + CVX, 2.7 GHz i5)", head, "-" * len(head)]
    for name, members in sorted(groups.items(), key=lambda g: _order(g[1])):
        lines.append(_line(name, members, method))
    return "\n".join(lines)


def _order(members: list[dict]):
    w, h = (int(v) for v in members[0]["size"].split("x"))
    return (w * h, not members[0]["facts"]["filled"])


def _line(name: str, members: list[dict], method: str | None) -> str:
    filled = members[0]["facts"]["filled"]
    sizes = sorted({m["size"] for m in members})
    size = sizes[0] if len(sizes) == 1 else f"{sizes[0]}.."
    own = [m for m in members if m["status"] == "solved" and (method is None or m.get("method") == method)]
    hints = sum(m["facts"]["hints"] for m in members) / len(members)
    paths = [m["stats"]["paths"] for m in own if isinstance(m.get("stats", {}).get("paths"), int)]
    avg_paths = f"{sum(paths) / len(paths):9.1f}" if paths else f"{'-':>9}"
    avg_time = f"{sum(m['seconds'] for m in own) / len(own):8.3f}" if own else f"{'-':>8}"
    accuracy = f"{100 * len(own) / len(members):7.0f}%"
    out = (f"{name[:28]:28} {'common' if filled else 'non-full':>9} {len(members):5} {size:>9} "
           f"{hints:8.1f} {avg_paths} {avg_time} {accuracy}  |")
    w, h = (int(v) for v in members[0]["size"].split("x"))
    paper = _paper_row(w, filled) if w == h and len(sizes) == 1 else None
    if paper:
        theme, _, count, _, p_hints, p_paths, p_time, p_acc = paper
        out += f" {theme[:11]:11} {count:>5} {p_hints:7.1f} {p_paths:8.1f} {p_time:7.2f} {p_acc:3}%"
    else:
        out += " (no group of this size and type)"
    return out
