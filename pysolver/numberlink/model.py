"""The Numberlink puzzle model: validated endpoints and the cover rule.

A puzzle is a grid with pairs of equally labelled endpoints; each pair is joined by an
orthogonal path, paths never share a cell, and under ``cover == "full"`` (Flow rules)
every cell lies on some path while under ``"free"`` (Nikoli rules) cells may stay empty.

Cells are addressed as ``r * width + c`` inside the model; labels keep the order in
which they first appear in ``endpoints`` so that output is stable.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..base import PuzzleError, as_int, as_list, as_str, counted, quote

COVERS = ("full", "free")
#: a label is 1 to 16 printable characters without white space (published boards
#: label pairs with punctuation: '^', '\\', '@'); formats and the share link escape
#: what they cannot carry as it is
MAX_LABEL = 16


def label_problem(label: str) -> str | None:
    """Why ``label`` is not a label, or None."""
    if not 1 <= len(label) <= MAX_LABEL:
        return f"must be 1 to {MAX_LABEL} characters"
    if not label.isprintable() or any(ch.isspace() for ch in label):
        return "must be printable characters without white space"
    return None


@dataclass(frozen=True)
class Numberlink:
    width: int
    height: int
    cover: str
    #: the endpoints as given: ``(row, col, label)`` in the original order
    endpoints: tuple[tuple[int, int, str], ...]
    #: labels in order of first appearance
    labels: tuple[str, ...]
    #: per label (same order): the two endpoint cells ``(first, second)`` as indices
    ends: tuple[tuple[int, int], ...]

    @property
    def size(self) -> int:
        return self.width * self.height

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Per cell, its orthogonal neighbours (up, right, down, left); worked out once
        per model (not a field: equality and hashing ignore it)."""
        W, H = self.width, self.height
        out = []
        for p in range(W * H):
            r, c = divmod(p, W)
            out.append(tuple(q for q, ok in ((p - W, r > 0), (p + 1, c < W - 1), (p + W, r < H - 1),
                                             (p - 1, c > 0)) if ok))
        return tuple(out)

    def rc(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.width)

    def label_index(self) -> dict[str, int]:
        return {lab: i for i, lab in enumerate(self.labels)}

    def endpoint_cells(self) -> dict[int, int]:
        """cell -> pair index, for every endpoint."""
        out = {}
        for k, (a, b) in enumerate(self.ends):
            out[a] = k
            out[b] = k
        return out


def check_label(value, what: str) -> str:
    label = as_str(value, what, MAX_LABEL)
    problem = label_problem(label)
    if problem:
        raise PuzzleError(f"{what}: label {quote(label)} {problem}")
    return label


def parse_model(data: dict) -> Numberlink:
    """Validate the family keys (``endpoints``, ``cover``) of a puzzle dict."""
    width, height = data["width"], data["height"]
    if "endpoints" not in data:
        raise PuzzleError("endpoints: missing")
    raw = as_list(data["endpoints"], "endpoints")
    if not raw:
        raise PuzzleError("endpoints: empty, a puzzle needs at least one pair")
    cover = data.get("cover", "full")
    if cover not in COVERS:
        raise PuzzleError(f"cover: {quote(cover)} is not \"full\" or \"free\"")
    seen: dict[int, int] = {}
    by_label: dict[str, list[int]] = {}
    endpoints = []
    for i, item in enumerate(raw):
        what = f"endpoints[{i}]"
        if not isinstance(item, list) or len(item) != 3:
            raise PuzzleError(f"{what}: expected [row, col, \"label\"]")
        r = as_int(item[0], f"{what} row", 0, height - 1)
        c = as_int(item[1], f"{what} col", 0, width - 1)
        label = check_label(item[2], what)
        cell = r * width + c
        if cell in seen:
            raise PuzzleError(f"{what}: row {r}, col {c} already holds endpoints[{seen[cell]}]")
        seen[cell] = i
        by_label.setdefault(label, []).append(cell)
        endpoints.append((r, c, label))
    for label, cells in by_label.items():
        if len(cells) != 2:
            raise PuzzleError(f"endpoints: label {quote(label)} occurs {counted(len(cells), 'time')}, expected exactly 2")
    labels = tuple(by_label)
    ends = tuple((by_label[lab][0], by_label[lab][1]) for lab in labels)
    return Numberlink(width, height, cover, tuple(endpoints), labels, ends)


def model_to_json(model: Numberlink) -> dict:
    return {"endpoints": [[r, c, lab] for r, c, lab in model.endpoints], "cover": model.cover}


def make_model(width: int, height: int, endpoints, cover: str = "full") -> Numberlink:
    """A model from plain values (importers and the generator), validated like JSON."""
    return parse_model({"width": width, "height": height, "cover": cover,
                        "endpoints": [[r, c, lab] for r, c, lab in endpoints]})
