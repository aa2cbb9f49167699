"""Colours in the Hungry Cat text notation ("B:blue"): names or hex to ``#rrggbb``, and
the nearest table name for a colour read from a picture.  The table itself, and how
messages name colours back to players, are in :mod:`pysolver.colournames`.
"""
from __future__ import annotations

from ..colournames import BY_HEX, NAMED


def hex_of(name: str) -> str | None:
    """``#rrggbb`` for a colour name or a hex literal (``#abc`` or ``#aabbcc``)."""
    s = name.strip().lower()
    if s.startswith("#"):
        digits = s[1:]
        if len(digits) == 3:
            digits = "".join(ch * 2 for ch in digits)
        if len(digits) == 6 and all(ch in "0123456789abcdef" for ch in digits):
            return "#" + digits
        return None
    return NAMED.get(s.replace(" ", "").replace("_", "").replace("-", ""))


def nearest_name(rgb: tuple[float, float, float]) -> str:
    """The table name closest to an RGB triple (0..255): picks palette keys on import."""
    def dist(h: str) -> float:
        return sum((int(h[1 + 2 * i:3 + 2 * i], 16) - rgb[i]) ** 2 for i in range(3))
    return min(BY_HEX.values(), key=lambda n: dist(NAMED[n]))
