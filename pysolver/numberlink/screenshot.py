"""A Flow-style screenshot (coloured dots on a grid, as Flow Free shows a level) read
into a Numberlink board, for the player to confirm in the app's editor.

What is read, with NumPy only:

1. The background: the commonest colour of the picture (Flow's black).
2. The grid: its lines are long, thin runs of pixels unlike the background.  For each
   row of pixels the longest such run is measured; rows whose run is most of the
   widest one, in thin bands, are horizontal lines (a thick band is a toolbar, not a
   line), and likewise for columns.  Of those lines, the longest run of equally spaced
   ones whose ends agree is the grid: ``n + 1`` lines make ``n`` cells.
3. The dots: a cell holds a dot when its centre and eight points around it on a circle
   of a quarter of the cell are all strongly coloured (a pipe drawn through the cell
   covers two or three of them, a faint tint none).  The dot's colour is the median
   of those points.
4. Pairs: dots of close colours are one label (A, B, C, ... in reading order).  A colour
   seen once or three times is kept as it is: the editor marks it for the player.

The page sends the picture as RGBA bytes (scaled down to at most
:data:`MAX_SIDE_PIXELS` a side first); :func:`read_rgba` works on that array.
"""
from __future__ import annotations

import base64

from ..base import PuzzleError, a_size

#: the longest side, in pixels, of a picture the page sends (it scales one down first)
MAX_SIDE_PIXELS = 1024
#: a pixel is part of a line when one channel differs from the background by this much
LINE_CONTRAST = 28
#: ... and part of a dot when it differs by this much (Flow's dots are bright)
DOT_CONTRAST = 80
#: dots whose colours are this close (largest channel difference) are one label
SAME_COLOUR = 48
#: a line's run must be this share of the widest run in the picture
LINE_SHARE = 0.6
#: the fewest cells a side the reader accepts (fewer lines are noise, not a grid)
MIN_CELLS = 2

LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def read_base64(rgba: str, width: int, height: int):
    """The page's pixels (base64 RGBA, ``width`` x ``height``) as an (h, w, 4) array."""
    import numpy as np

    if not (1 <= width <= MAX_SIDE_PIXELS and 1 <= height <= MAX_SIDE_PIXELS):
        raise PuzzleError(f"screenshot: {width}x{height} pixels; the page scales a picture to at most "
                          f"{MAX_SIDE_PIXELS} a side")
    try:
        pixels = np.frombuffer(base64.b64decode(rgba, validate=True), dtype=np.uint8)
    except (ValueError, TypeError):
        raise PuzzleError("screenshot: the pixel data is corrupted") from None
    if pixels.size != width * height * 4:
        raise PuzzleError(f"screenshot: {pixels.size} bytes do not make {a_size(width, height, 'x')} RGBA image")
    return pixels.reshape(height, width, 4)


def read_rgba(pixels) -> tuple[dict, dict]:
    """(puzzle JSON, stats) of the Flow board in an (h, w, 4) uint8 array.  PuzzleError
    when no grid or no dot is found (the message says which)."""
    import numpy as np

    rgb = _flatten_alpha(np.asarray(pixels))
    background = _background(rgb)
    differs = np.abs(rgb - background).max(axis=2)
    rows = _grid_lines(differs >= LINE_CONTRAST)
    cols = _grid_lines((differs >= LINE_CONTRAST).T)
    grid = _match(rows, cols)
    if grid is None:
        raise PuzzleError("screenshot: no grid found (a Flow board shows its cells as a grid of thin lines "
                          "on a plain background)")
    ys, xs = grid
    dots = _dots(rgb, differs, ys, xs)
    if not dots:
        raise PuzzleError(f"screenshot: a {len(xs) - 1}x{len(ys) - 1} grid, but no coloured dots in its cells")
    labels, colours = _pair_up(dots)
    endpoints = [[r, c, labels[i]] for i, (r, c, _) in enumerate(dots)]
    puzzle = {"type": "numberlink", "width": len(xs) - 1, "height": len(ys) - 1,
              "endpoints": endpoints, "cover": "full"}
    pitch = float(np.mean(np.diff(xs)))
    return puzzle, {"colours": colours, "dots": len(dots), "cell_pixels": round(pitch, 1)}


def _flatten_alpha(a):
    """RGB as signed integers (so differences do not wrap), a transparent pixel taken as black."""
    import numpy as np

    if a.ndim != 3 or a.shape[2] not in (3, 4):
        raise PuzzleError("screenshot: expected an RGB or RGBA picture")
    rgb = a[:, :, :3].astype(np.int32)
    if a.shape[2] == 4:
        rgb = rgb * a[:, :, 3:4] // 255
    return rgb


def _background(rgb):
    """The commonest colour, counted on a coarse grid of 16 levels a channel."""
    import numpy as np

    q = (rgb[::2, ::2] // 16).reshape(-1, 3)
    codes = q[:, 0] * 256 + q[:, 1] * 16 + q[:, 2]
    top = int(np.bincount(codes).argmax())
    pick = codes == top
    return np.median(rgb[::2, ::2].reshape(-1, 3)[pick], axis=0).astype(np.int32)


def _longest_runs(mask):
    """Per row of a boolean array: (length, start) of its longest run of True."""
    import numpy as np

    h, w = mask.shape
    padded = np.zeros((h, w + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    steps = np.diff(padded, axis=1)
    lengths = np.zeros(h, dtype=np.int64)
    starts = np.zeros(h, dtype=np.int64)
    rs, cs = np.nonzero(steps)
    # (the changes of each row alternate: a run starts at +1 and ends at the next -1)
    kinds = steps[rs, cs]
    begin = kinds == 1
    r_on, c_on = rs[begin], cs[begin]
    c_off = cs[~begin]
    run = c_off - c_on
    order = np.lexsort((-run, r_on))
    first = np.ones(order.size, dtype=bool)
    first[1:] = r_on[order][1:] != r_on[order][:-1]
    best = order[first]
    lengths[r_on[best]] = run[best]
    starts[r_on[best]] = c_on[best]
    return lengths, starts


def _grid_lines(mask):
    """The thin bands of rows of ``mask`` whose longest run spans most of the widest
    one: [(centre, start, end), ...] top to bottom."""
    lengths, starts = _longest_runs(mask)
    widest = int(lengths.max()) if lengths.size else 0
    if widest < 8:
        return []
    long = lengths >= LINE_SHARE * widest
    bands = []
    i, n = 0, len(long)
    while i < n:
        if not long[i]:
            i += 1
            continue
        j = i
        while j + 1 < n and long[j + 1]:
            j += 1
        thick = j - i + 1
        # (a toolbar or a button is a thick band; a line is a few pixels)
        if thick <= max(6, widest // 40):
            mid = (i + j) // 2
            bands.append(((i + j) / 2, int(starts[mid]), int(starts[mid] + lengths[mid])))
        i = j + 1
    return bands


def _even_runs(bands, tolerance):
    """The longest run of consecutive bands equally spaced (within ``tolerance`` of
    the spacing) whose ends agree, as a list of bands."""
    best = []
    for a in range(len(bands)):
        for b in range(a + 1, len(bands)):
            step = bands[b][0] - bands[a][0]
            if step < 6:
                continue
            run = [bands[a], bands[b]]
            while True:
                want = run[-1][0] + step
                nxt = [x for x in bands if abs(x[0] - want) <= tolerance * step
                       and abs(x[1] - run[0][1]) <= 0.05 * step + 2 and abs(x[2] - run[0][2]) <= 0.05 * step + 2]
                if not nxt:
                    break
                run.append(min(nxt, key=lambda x: abs(x[0] - want)))
            if len(run) > len(best) or (len(run) == len(best) and run and run[0][2] - run[0][1] > best[0][2] - best[0][1]):
                best = run
    return best


def _match(rows, cols):
    """(y centres, x centres) of the grid: equally spaced lines across and down whose
    extents meet (the horizontal lines span the vertical ones and the other way), or None."""
    ys = _even_runs(rows, 0.08)
    xs = _even_runs(cols, 0.08)
    if len(ys) < MIN_CELLS + 1 or len(xs) < MIN_CELLS + 1:
        return None
    y_c, x_c = [b[0] for b in ys], [b[0] for b in xs]
    span_x = (x_c[0], x_c[-1])
    # (a horizontal line reaches from the first vertical line to the last, and so on)
    slack = 0.25 * (x_c[1] - x_c[0])
    if abs(ys[0][1] - span_x[0]) > slack or abs(ys[0][2] - 1 - span_x[1]) > slack:
        return None
    if abs(xs[0][1] - y_c[0]) > slack or abs(xs[0][2] - 1 - y_c[-1]) > slack:
        return None
    return y_c, x_c


def _dots(rgb, differs, ys, xs):
    """[(row, col, colour)] of the cells holding a dot, in reading order."""
    import numpy as np

    h, w = differs.shape
    found = []
    angles = np.linspace(0, 2 * np.pi, 8, endpoint=False)
    for r in range(len(ys) - 1):
        for c in range(len(xs) - 1):
            cy, cx = (ys[r] + ys[r + 1]) / 2, (xs[c] + xs[c + 1]) / 2
            radius = 0.25 * min(ys[r + 1] - ys[r], xs[c + 1] - xs[c])
            py = np.clip(np.round(np.append(cy + radius * np.sin(angles), cy)).astype(int), 0, h - 1)
            px = np.clip(np.round(np.append(cx + radius * np.cos(angles), cx)).astype(int), 0, w - 1)
            if (differs[py, px] >= DOT_CONTRAST).all():
                found.append((r, c, np.median(rgb[py, px], axis=0)))
    return found


def _pair_up(dots):
    """A label per dot (close colours share one) and {label: "#rrggbb"}."""
    import numpy as np

    groups: list[list] = []   # [mean colour, members]
    labels = []
    for _, _, colour in dots:
        for i, g in enumerate(groups):
            if np.abs(g[0] - colour).max() <= SAME_COLOUR:
                g[1].append(colour)
                g[0] = np.mean(g[1], axis=0)
                labels.append(i)
                break
        else:
            groups.append([colour.astype(float), [colour]])
            labels.append(len(groups) - 1)
    if len(groups) > len(LABELS):
        raise PuzzleError(f"screenshot: {len(groups)} dot colours, more than the {len(LABELS)} labels a board takes here")
    names = [LABELS[i] for i in labels]
    colours = {LABELS[i]: "#%02x%02x%02x" % tuple(int(round(v)) for v in g[0]) for i, g in enumerate(groups)}
    return names, colours
