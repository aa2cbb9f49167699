"""Making puzzles the same way for every family: at random or from a picture, with the
grade in the puzzle JSON, and the daily puzzle of a date.

A family's makers are declared in its package (``Family.makers``); this module only
chooses one by what is asked (``--from`` a picture: the family's "picture" maker, else
its "random" one), hands it the values it has parameters for, and adds the ``grade``
(:meth:`Family.grade`) when the maker did not set it.  Nothing here names a family.
"""
from __future__ import annotations

import base64
import datetime

from .base import Deadline, PuzzleError, quote
from .format import parse_puzzle
from .grade import read_level
from .registry import get_family

#: the grade of the daily puzzle by weekday, Monday first: gentle early in the week
DAILY_GRADES = (1, 2, 2, 3, 3, 4, 2)


def make(type_name: str, values: dict, picture: bytes | None = None, timeout: float | None = None) -> dict:
    """``{"puzzle", "stats"?}`` from the family's maker.  ``values``: width, height,
    colours, grade (1..5 or a word), seed, pairs...; None values are left to the maker's
    defaults.  ``picture``: a PNG file's bytes (the "picture" maker)."""
    fam = get_family(type_name)
    name = "picture" if picture is not None else "random"
    maker = fam.makers.get(name)
    if maker is None:
        raise PuzzleError(f"{fam.type} has no {name} maker (makers: {', '.join(fam.makers) or 'none'})")
    args = {k: v for k, v in values.items() if v is not None}
    grade_param = next((p for p in maker.params if p.name == "grade"), None)
    if "grade" in args:
        # (0 is "as it comes" for a maker that can skip grading: its form lists it)
        as_it_comes = grade_param is not None and grade_param.min == 0 and str(args["grade"]).strip() == "0"
        args["grade"] = 0 if as_it_comes else read_level(args["grade"])
    known = {p.name for p in maker.params}
    unknown = sorted(k for k in args if k not in known and k != "title")
    if unknown:
        raise PuzzleError(f"{', '.join(unknown)}: the {fam.type} {name} maker does not take "
                          f"{'it' if len(unknown) == 1 else 'them'} (it takes {', '.join(sorted(known))})")
    if picture is not None:
        from .png import read_png
        w, h, rgba = read_png(picture)
        args.update(rgba=base64.b64encode(rgba).decode("ascii"), source_width=w, source_height=h)
        args.setdefault("width", min(w, next(p.default for p in maker.params if p.name == "width")))
    if timeout is not None:
        args["timeout"] = timeout
    out = maker.run(args)
    with_grade(out["puzzle"], timeout)
    return out


def with_grade(puzzle: dict, timeout: float | None = None) -> dict:
    """The puzzle with its ``grade`` key (computed when missing and the family grades)."""
    if "grade" not in puzzle:
        p = parse_puzzle(puzzle)
        g = p.family.grade(p.model, Deadline(60 if timeout is None else timeout))
        if g is not None:
            puzzle["grade"] = g.level
    return puzzle


def grade(puzzle, timeout: float | None = None) -> dict:
    """The grade of puzzle JSON (or its text): ``{"level", "words", "why", "stats"}``,
    or None when the family does not grade."""
    from .api import as_puzzle
    p = as_puzzle(puzzle)
    g = p.family.grade(p.model, Deadline(60 if timeout is None else timeout))
    return None if g is None else g.to_json()


MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")


def daily_seed(type_name: str, date: datetime.date) -> int:
    """The seed of a family's puzzle of the day: the same everywhere for that date."""
    import hashlib      # (here: 'import pysolver' loads this module, and hashlib takes 8 ms)
    digest = hashlib.sha256(f"picture-logic daily {type_name} {date.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % 1_000_000_000


def daily_plan(fam) -> dict | None:
    """What a family's puzzles of the day are, for the page to say before it makes one:
    ``{"width", "height", "grades"}`` (the random maker's default size; the grade by
    weekday, Monday first, or None when the maker takes no grade), or None for a family
    without a random maker."""
    maker = fam.makers.get("random")
    if maker is None:
        return None
    defaults = {p.name: p.default for p in maker.params}
    return {"width": defaults.get("width"), "height": defaults.get("height"),
            "grades": list(DAILY_GRADES) if "grade" in defaults else None}


def daily(type_name: str, date: datetime.date | str, timeout: float | None = None) -> dict:
    """The puzzle of the day for a family, made from the date alone (no server):
    the family's random maker at its default size, the seed from the date, and the
    grade of the weekday (:data:`DAILY_GRADES`) when the maker takes a grade
    (:func:`daily_plan`)."""
    if isinstance(date, str):
        try:
            date = datetime.date.fromisoformat(date)
        except ValueError:
            raise PuzzleError(f"date: {quote(date)} is not a date like 2026-11-25") from None
    fam = get_family(type_name)
    plan = daily_plan(fam)
    if plan is None:
        raise PuzzleError(f"{fam.type} has no random maker, so no puzzle of the day")
    values = {"seed": daily_seed(fam.type, date)}
    if plan["grades"]:
        values["grade"] = plan["grades"][date.weekday()]
    out = make(fam.type, values, timeout=timeout)
    # (the date in words: "2026-11-25" broke at its hyphens in a phone's title)
    out["puzzle"]["title"] = f"{fam.title} of the day, {date.day} {MONTHS[date.month - 1]} {date.year}"
    out["date"] = date.isoformat()
    return out
