"""Read PNG files into RGBA pixels, in pure Python (zlib only): what ``pysolver make
--from picture.png`` needs where the browser would hand over a canvas's pixels.

Non-interlaced images of 8 bits per sample (greyscale, grey with alpha, RGB, RGBA) and
palette images of 1, 2, 4 or 8 bits; a ``tRNS`` chunk's transparency is kept.
"""
from __future__ import annotations

import struct
import zlib

from .base import MAX_GRID_SIDE, PuzzleError

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: largest side read (pictures are scaled down to a puzzle's size anyway)
MAX_SIDE = 4 * MAX_GRID_SIDE
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def read_png(data: bytes) -> tuple[int, int, bytes]:
    """``(width, height, RGBA bytes row by row)``; PuzzleError for anything else."""
    if not data.startswith(SIGNATURE):
        raise PuzzleError("picture: not a PNG file")
    pos, header, palette, trns, idat = 8, None, None, None, []
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body[:13])
        elif kind == b"PLTE":
            palette = body
        elif kind == b"tRNS":
            trns = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise PuzzleError("picture: the PNG has no header")
    width, height, depth, colour, _, _, interlace = header
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise PuzzleError(f"picture: {width}x{height} pixels is too large (at most {MAX_SIDE} a side)")
    if colour not in _CHANNELS or interlace or (depth != 8 and not (colour == 3 and depth in (1, 2, 4))):
        raise PuzzleError(f"picture: PNG of colour type {colour}, depth {depth}, interlace {interlace} "
                          "is not read (8-bit grey, RGB, RGBA or palette, not interlaced)")
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error:
        raise PuzzleError("picture: the PNG's image data is corrupted") from None
    rows = _unfilter(raw, width, height, depth, _CHANNELS[colour])
    return width, height, _to_rgba(rows, width, depth, colour, palette, trns)


def _unfilter(raw: bytes, width: int, height: int, depth: int, channels: int) -> list[bytearray]:
    bpp = max(1, depth * channels // 8)
    stride = (width * depth * channels + 7) // 8
    if len(raw) < height * (stride + 1):
        raise PuzzleError("picture: the PNG's image data is cut short")
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif kind == 4:
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            elif kind:
                raise PuzzleError(f"picture: unknown PNG filter {kind}")
        rows.append(line)
        prev = line
    return rows


def _to_rgba(rows: list[bytearray], width: int, depth: int, colour: int, palette, trns) -> bytes:
    out = bytearray()
    for line in rows:
        if colour == 6:
            out += line
        elif colour == 2:
            for i in range(0, 3 * width, 3):
                out += line[i:i + 3] + b"\xff"
        elif colour == 0:
            for v in line[:width]:
                out += bytes((v, v, v, 255))
        elif colour == 4:
            for i in range(0, 2 * width, 2):
                v = line[i]
                out += bytes((v, v, v, line[i + 1]))
        else:
            if palette is None:
                raise PuzzleError("picture: a palette PNG without its palette")
            per = 8 // depth
            for x in range(width):
                k = (line[x // per] >> (8 - depth * (x % per + 1))) & ((1 << depth) - 1)
                rgb = palette[3 * k:3 * k + 3] or b"\0\0\0"
                out += rgb + bytes((trns[k] if trns is not None and k < len(trns) else 255,))
    return bytes(out)
