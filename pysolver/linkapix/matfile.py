"""Importer for the MATLAB ``.mat`` puzzles of Guan et al. ("On Solving Link-a-Pix
Picture Puzzles", IEEE ToG 2020).

Variables: ``total_row``, ``total_col`` (grid size), ``colordata`` (K x 3 RGB, floats in
0..1 or integers 0..255), ``puzzledata`` (N x 4 rows ``[number, colour index, row,
col]``, all 1-based).  Palette keys are made up from the colour index: ``a``..``z``,
then ``A``..``Z``, then ``c53``, ``c54``, ...  The importer receives the file's bytes.
"""
from __future__ import annotations

import io
import struct
import zlib

from ..base import MAX_GRID_CELLS, MAX_GRID_SIDE, PuzzleError, SNIFF_SIGNATURE, quote

MAGIC = b"MATLAB 5.0 MAT-file"

#: the variables a puzzle has, and the most numbers each can hold: anything else in
#: the file is never loaded (loadmat would inflate every variable, and one compressed
#: megabyte can inflate to gigabytes)
VARIABLES = {"total_row": 1, "total_col": 1, "colordata": 64 * 3, "puzzledata": MAX_GRID_CELLS * 4}
#: bytes of a variable's header read to learn its name and size
HEADER_BYTES = 512
#: MAT v5 data types: a matrix, and a compressed element (zlib, holding one matrix)
MI_MATRIX, MI_COMPRESSED = 14, 15


#: the text that opens a MAT-file of version 7.3 (HDF5 inside): claimed to say so
MAGIC_73 = b"MATLAB 7.3 MAT-file"


def sniff(content) -> int:
    head = bytes(content[:len(MAGIC)]) if isinstance(content, (bytes, bytearray)) else b""
    return SNIFF_SIGNATURE if head in (MAGIC, MAGIC_73) else 0


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
        raise PuzzleError(f".mat file: variable {quote(name)} is missing")
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


def _subelement(head: bytes, pos: int, order: str) -> tuple[int, bytes, int]:
    """(type, data, next position) of the data element at ``pos`` of a matrix header;
    small elements keep their size in the tag's upper half and data in its lower."""
    if pos + 8 > len(head):
        raise PuzzleError(".mat file: a variable's header is cut short")
    word, size = struct.unpack(order + "II", head[pos:pos + 8])
    if word >> 16:                                   # small data element
        return word & 0xFFFF, head[pos + 4:pos + 4 + (word >> 16)], pos + 8
    end = pos + 8 + size
    return word, head[pos + 8:end], end + (-size % 8)


#: MATLAB's array classes that are not plain numbers, as messages name them
NOT_NUMBERS = {1: "a cell array", 2: "a struct", 3: "an object", 4: "text", 5: "a sparse matrix"}


def _declared(head: bytes, order: str) -> tuple[str, int, str | None]:
    """A matrix element's name, how many values its dimensions declare, and what it is
    when it is not plain numbers (else None)."""
    _, flags, pos = _subelement(head, 8, order)      # array flags: the class is the low byte
    what = NOT_NUMBERS.get(flags[0] if flags else 0) if order == "<" else \
        NOT_NUMBERS.get(flags[3] if len(flags) > 3 else 0)
    kind, dims, pos = _subelement(head, pos, order)
    if kind != 5 or not dims or len(dims) % 4:
        raise PuzzleError(".mat file: a variable's dimensions cannot be read")
    count = 1
    for d in struct.unpack(order + f"{len(dims) // 4}i", dims):
        if d < 0:
            raise PuzzleError(".mat file: a variable has a negative dimension")
        count *= d
    _, name, _ = _subelement(head, pos, order)
    return name.decode("latin-1"), count, what


def _puzzle_variables(content: bytes) -> bytes:
    """The file with only the puzzle's variables (loadmat inflates every compressed
    variable it passes, even one it was told to skip), after refusing any of them that
    declares, or inflates to, more than a puzzle can hold: headers are read, inflated
    bytes counted and never kept."""
    if content.startswith(MAGIC_73):
        raise PuzzleError(".mat file: saved as MATLAB 7.3 (HDF5), which is not read here: save it again with "
                          "save(..., '-v7') to open it")
    if len(content) < 136:
        raise PuzzleError(".mat file: shorter than a MAT-file header")
    order = {b"IM": "<", b"MI": ">"}.get(bytes(content[126:128]))
    if order is None:
        raise PuzzleError(".mat file: not a MATLAB 5 file (no byte-order mark)")
    pos, kept = 128, [content[:128]]
    while pos + 8 <= len(content):
        kind, size = struct.unpack(order + "II", content[pos:pos + 8])
        body = content[pos + 8:pos + 8 + size]
        start, pos = pos, pos + 8 + size + (0 if kind == MI_COMPRESSED else -size % 8)
        if kind not in (MI_MATRIX, MI_COMPRESSED):
            continue
        inflate = zlib.decompressobj() if kind == MI_COMPRESSED else None
        try:
            head = inflate.decompress(body, HEADER_BYTES) if inflate else body[:HEADER_BYTES]
            name, count, what = _declared(head if inflate else struct.pack(order + "II", kind, size) + head,
                                          order)
        except zlib.error:
            raise PuzzleError(".mat file: a compressed variable is corrupted") from None
        if name not in VARIABLES:
            continue                                 # (never loaded)
        if what:
            raise PuzzleError(f".mat file: {name} must be a matrix of numbers, not {what}")
        if count > VARIABLES[name]:
            raise PuzzleError(f".mat file: {name} holds {count} numbers, more than a puzzle can have "
                              f"(at most {VARIABLES[name]})")
        if inflate:
            # the data may hold more than its dimensions say: count it, up to what they allow
            room, held = count * 8 + HEADER_BYTES, len(head)
            try:
                while held <= room and not inflate.eof:
                    chunk = inflate.decompress(inflate.unconsumed_tail or b"", 1 << 16)
                    if not chunk:
                        break
                    held += len(chunk)
            except zlib.error:
                raise PuzzleError(f".mat file: {name} is corrupted") from None
            if held > room:
                raise PuzzleError(f".mat file: {name} inflates to more data than its size declares")
        kept.append(content[start:pos])
    return b"".join(kept)


def load(content) -> dict:
    import numpy as np
    from scipy.io import loadmat

    if isinstance(content, str):
        raise PuzzleError(".mat file: binary content expected")
    wanted = _puzzle_variables(bytes(content))
    try:
        data = loadmat(io.BytesIO(wanted))
    except Exception as exc:  # scipy raises many types for corrupt files
        raise PuzzleError(f".mat file: cannot be read ({str(exc)[:200] or type(exc).__name__})") from None
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
