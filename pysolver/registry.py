"""Which families there are: maps the ``type`` string of puzzle JSON to its family,
and describes them all at once for the page, the worker and the CLI.

Families live in subpackages named after their type and expose a ``FAMILY`` object;
they are imported on first use so that loading one family (in the browser, say) does
not pay for the others.  Adding a family is one line in ``BUILT_IN`` (or a call of
:func:`register`, as the tests do with a toy family); nothing else in the shared code
names one.
"""
from __future__ import annotations

import importlib

from .base import Family, MAX_GRID_CELLS, MAX_GRID_SIDE, PuzzleError, quote

#: the families of this package, in the order the app lists them
BUILT_IN = ("linkapix", "nonogram", "numberlink", "hungrycat")

#: every family type known now, in order (``register`` adds to it)
TYPES: list[str] = list(BUILT_IN)

_loaded: dict[str, Family] = {}

#: the version of :func:`describe`'s shape
DESCRIPTION_VERSION = 1


def get_family(type_name: object) -> Family:
    if not isinstance(type_name, str) or type_name not in TYPES:
        raise PuzzleError(f"type: {quote(type_name)} is not one of {', '.join(TYPES)}")
    fam = _loaded.get(type_name)
    if fam is None:
        fam = importlib.import_module(f"pysolver.{type_name}").FAMILY
        _loaded[type_name] = fam
    return fam


def families() -> list[Family]:
    """Every family, in order (imports those not loaded yet)."""
    return [get_family(t) for t in TYPES]


def register(family: Family) -> None:
    """Add a family defined elsewhere (a plug-in, or a test's toy family)."""
    if not family.type or not family.type.isidentifier():
        raise ValueError(f"family type {family.type!r} must be a plain name")
    if family.type not in TYPES:
        TYPES.append(family.type)
    _loaded[family.type] = family


def unregister(type_name: str) -> None:
    """Take a registered family away again (tests)."""
    if type_name in BUILT_IN:
        raise ValueError(f"{type_name} is built in")
    if type_name in TYPES:
        TYPES.remove(type_name)
    _loaded.pop(type_name, None)


def describe() -> dict:
    """What every family can do, as one JSON object: the build writes it into the site
    as ``families.json`` (the page needs it before Python has booted), the worker
    answers it (``families``), and a test checks the two agree."""
    from .grade import WORDS
    from .make import daily_plan
    return {"version": DESCRIPTION_VERSION,
            "limits": {"max_side": MAX_GRID_SIDE, "max_cells": MAX_GRID_CELLS},
            "grades": list(WORDS),
            "families": [{**fam.describe(), "daily": daily_plan(fam)} for fam in families()]}
