"""Maps the ``type`` string of puzzle JSON to its family.

Families live in subpackages named after their type and expose a ``FAMILY`` object.
They are imported on first use so that loading one family (in the browser, say) does
not pay for the others.
"""
from __future__ import annotations

import importlib

from .base import Family, PuzzleError

#: every family type, in the order the app lists them
TYPES = ("linkapix", "nonogram", "numberlink", "hungrycat")

_loaded: dict[str, Family] = {}


def get_family(type_name: object) -> Family:
    if not isinstance(type_name, str) or type_name not in TYPES:
        raise PuzzleError(f"type: {type_name!r} is not one of {', '.join(TYPES)}")
    fam = _loaded.get(type_name)
    if fam is None:
        fam = importlib.import_module(f"pysolver.{type_name}").FAMILY
        _loaded[type_name] = fam
    return fam

