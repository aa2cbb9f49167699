"""Puzzle JSON version 1: the keys every family shares (reading any input, links and
other formats included, is :mod:`pysolver.load`).

A :class:`Puzzle` couples the family object with the family's validated model and the
common keys (size, provenance text, a known solution, ``expect``).  Family keys are
validated by the family; everything here is the part that is the same for all.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .base import Family, MAX_GRID_SIDE, PuzzleError, as_int, as_str, check_size, json_kind, quote
from .registry import TYPES, get_family
from .grade import WORDS

#: provenance keys shown to the player (always as text, never as HTML)
META_KEYS = ("title", "author", "license", "source")
#: refuse absurd inputs before parsing them (a 256x256 puzzle is well below this)
MAX_TEXT = 20_000_000


@dataclass
class Puzzle:
    family: Family
    model: Any
    width: int
    height: int
    meta: dict[str, str] = field(default_factory=dict)
    solution: dict | None = None
    expect: str | None = None

    @property
    def type(self) -> str:
        return self.family.type

    def to_json(self, with_solution: bool = True) -> dict:
        out: dict[str, Any] = {"type": self.type, "width": self.width, "height": self.height}
        out.update(self.family.to_json(self.model))
        out.update(self.meta)
        if self.expect:
            out["expect"] = self.expect
        if with_solution and self.solution is not None:
            out["solution"] = self.solution
        return out


def parse_puzzle(data: Any) -> Puzzle:
    """Validate a puzzle dict (common keys here, family keys in the family)."""
    if not isinstance(data, dict):
        raise PuzzleError(f"a puzzle is a JSON object, not {json_kind(data)}")
    if "type" not in data:
        raise PuzzleError(f"type: missing (one of {', '.join(TYPES)})")
    family = get_family(data["type"])
    for key in ("width", "height"):
        if key not in data:
            raise PuzzleError(f"{key}: missing")
        as_int(data[key], key, 1, MAX_GRID_SIDE)
    check_size(data["width"], data["height"], "width x height", family)
    meta = {}
    for key in META_KEYS:
        if key in data and data[key] is not None:
            # (an empty title is no title: the link, which drops it, reads back the same)
            value = as_str(data[key], key, 2000)
            if value:
                meta[key] = value
    grade = data.get("grade")
    if grade is not None:
        # (the grade travels with the puzzle: in its JSON, its share link and the app)
        meta["grade"] = as_int(grade, "grade", 1, len(WORDS))
    expect = data.get("expect")
    if expect is not None and expect != "unsolvable":
        raise PuzzleError(f"expect: {quote(expect)} is not understood (only \"unsolvable\")")
    solution = data.get("solution")
    if solution is not None and not isinstance(solution, dict):
        raise PuzzleError("solution: expected an object")
    model = family.parse(data)
    return Puzzle(family, model, data["width"], data["height"], meta, solution, expect)


def parse_json_text(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleError(f"not valid JSON: line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except ValueError:
        # the one other ValueError of json.loads: int() refuses a number of more than
        # 4300 digits (sys.get_int_max_str_digits), and says so in Python's terms
        raise PuzzleError("not valid JSON: a number is too long (thousands of digits)") from None
    except RecursionError:
        raise PuzzleError("not valid JSON: nested too deeply") from None
