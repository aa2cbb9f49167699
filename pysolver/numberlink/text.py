"""Text picture of a Numberlink board: endpoint labels joined by box-drawing lines."""
from __future__ import annotations

from .model import Numberlink

# glyph by the set of directions a path cell links to: up, down, left, right
_GLYPH = {
    frozenset("UD"): "│", frozenset("LR"): "─", frozenset("DR"): "┌", frozenset("DL"): "┐",
    frozenset("UR"): "└", frozenset("UL"): "┘",
}


def render(model: Numberlink, solution: dict | None) -> str:
    W, H = model.width, model.height
    label_at = {(r, c): lab for r, c, lab in model.endpoints}
    width = max(len(lab) for lab in model.labels)
    links: dict[tuple[int, int], set[str]] = {}
    paths = (solution or {}).get("paths") if isinstance(solution, dict) else None
    for path in (paths or {}).values():
        if not isinstance(path, list):
            continue
        cells = [tuple(x) for x in path if isinstance(x, (list, tuple)) and len(x) == 2]
        for a, b in zip(cells, cells[1:]):
            dr, dc = b[0] - a[0], b[1] - a[1]
            step = {(1, 0): ("D", "U"), (-1, 0): ("U", "D"), (0, 1): ("R", "L"), (0, -1): ("L", "R")}.get((dr, dc))
            if step:
                links.setdefault(a, set()).add(step[0])
                links.setdefault(b, set()).add(step[1])
    lines = []
    for r in range(H):
        out = []
        for c in range(W):
            dirs = links.get((r, c), set())
            if c:
                out.append("─" if "L" in dirs else " ")
            if (r, c) in label_at:
                text = label_at[(r, c)].rjust(width, "─" if "L" in dirs else " ")
            elif dirs:
                glyph = _GLYPH.get(frozenset(dirs), "+")
                fill = "─" if "L" in dirs else " "
                text = fill * (width - 1) + glyph
            else:
                text = " " * (width - 1) + "."
            out.append(text)
        lines.append("".join(out))
    return "\n".join(lines)
