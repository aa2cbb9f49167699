"""Importer for the MATLAB ``.mat`` puzzles of Guan et al. ("On Solving Link-a-Pix
Picture Puzzles", IEEE ToG 2020).

Variables: ``total_row``, ``total_col`` (grid size), ``colordata`` (K x 3 RGB, floats in
0..1 or integers 0..255), ``puzzledata`` (N x 4 rows ``[number, colour index, row,
col]``, all 1-based).  Palette keys are made up from the colour index: ``a``..``z``,
then ``A``..``Z``, then ``c53``, ``c54``, ...  The importer receives the file's bytes.
"""
from __future__ import annotations

import io

from ..base import MAX_GRID_SIDE, SNIFF_SIGNATURE, PuzzleError

MAGIC = b"MATLAB 5.0 MAT-file"


def sniff(content) -> int:
    return SNIFF_SIGNATURE if isinstance(content, (bytes, bytearray)) and bytes(content[:len(MAGIC)]) == MAGIC else 0


def _key(i: int) -> str:
    if i < 26:
        return chr(ord("a") + i)
    if i < 52:
        return chr(ord("A") + i - 26)
    return f"c{i + 1}"


def _numbers(data: dict, name: str):
    """The variable as a float array.  loadmat gives text as a str array, a struct as a
    record array and a cell array as an object array: numpy cannot turn those into floats
    (or does so only for some contents), so anything but plain numbers is refused."""
    import numpy as np

    if name not in data:
        raise PuzzleError(f".mat file: variable {name!r} is missing")
    arr = np.asarray(data[name])
    if arr.dtype.kind not in "biuf":
        what = {"U": "text", "S": "text", "V": "a struct", "O": "a cell array or struct",
                "c": "complex numbers"}.get(arr.dtype.kind, f"of type {arr.dtype}")
        raise PuzzleError(f".mat file: {name} must be a matrix of numbers, not {what}")
    return arr.astype(float)


def _scalar(data: dict, name: str) -> int:
    import numpy as np

    v = _numbers(data, name).ravel()
    if v.size != 1 or not np.isfinite(v[0]) or float(v[0]) != int(v[0]):
        raise PuzzleError(f".mat file: {name} must be one whole number")
    n = int(v[0])
    if not 1 <= n <= MAX_GRID_SIDE:
        raise PuzzleError(f".mat file: {name} = {n} is outside 1..{MAX_GRID_SIDE}")
    return n


def load(content) -> dict:
    import numpy as np
    from scipy.io import loadmat

    if isinstance(content, str):
        raise PuzzleError(".mat file: binary content expected")
    try:
        data = loadmat(io.BytesIO(bytes(content)))
    except Exception as exc:  # scipy raises many types for corrupt files
        raise PuzzleError(f".mat file: cannot be read ({exc})") from None
    height, width = _scalar(data, "total_row"), _scalar(data, "total_col")
    colours = _numbers(data, "colordata")
    if colours.ndim != 2 or colours.shape[1] != 3 or not 1 <= colours.shape[0] <= 64:
        raise PuzzleError(f".mat file: colordata must be K x 3 with 1..64 rows, got {colours.shape}")
    if not np.all(np.isfinite(colours)) or colours.min() < 0 or colours.max() > 255:
        raise PuzzleError(".mat file: colordata values must lie in 0..1 or 0..255")
    scale = 255.0 if colours.max() <= 1.0 else 1.0
    palette = {}
    for i, rgb in enumerate(colours):
        r, g, b = (int(round(v * scale)) for v in rgb)
        palette[_key(i)] = f"#{r:02x}{g:02x}{b:02x}"
    clues_raw = _numbers(data, "puzzledata")
    if clues_raw.size == 0:
        clues_raw = clues_raw.reshape(0, 4)
    if clues_raw.ndim != 2 or clues_raw.shape[1] != 4:
        raise PuzzleError(f".mat file: puzzledata must be N x 4, got {clues_raw.shape}")
    clues = []
    for i, row in enumerate(clues_raw):
        if not np.all(np.isfinite(row)) or np.any(row != np.round(row)):
            raise PuzzleError(f".mat file: puzzledata row {i + 1} holds a non-integer")
        n, k, r, c = (int(v) for v in row)
        if not 1 <= k <= len(palette):
            raise PuzzleError(f".mat file: puzzledata row {i + 1}: colour {k} is not in colordata")
        if not (1 <= r <= height and 1 <= c <= width):
            raise PuzzleError(f".mat file: puzzledata row {i + 1}: cell ({r},{c}) is outside "
                              f"{height} x {width}")
        if n < 1:
            raise PuzzleError(f".mat file: puzzledata row {i + 1}: number {n} is not positive")
        clues.append([r - 1, c - 1, n, _key(k - 1)])
    return {"type": "linkapix", "width": width, "height": height, "palette": palette, "clues": clues}
