"""Pictures for the Link-a-Pix maker: palette images, and where they come from.

A *picture* is ``(palette, grid)``: ``palette`` maps one-character keys to
``"#rrggbb"``, ``grid`` is a list of strings (or of lists) of those keys, with ``.``
(or ``None``) for blank background.  The maker works on the same data as labels
(:func:`.picture_grid.picture_labels`, rows of them): ``-1`` blank, ``0..K-1`` the palette
keys in order; the pixel functions here use NumPy label arrays of the same values.

Three sources:

* :func:`picture_from_rgba` - pixel data as the browser's ``getImageData`` gives it
  (or a decoded image): quantised to at most K colours by a seeded k-means, then
  scaled down by giving each cell its pixels' most common colour (nearest when
  enlarging), with transparent pixels and optionally the dominant border colour left
  as background;
* :func:`generated_picture` - seeded random shapes (ellipses, rectangles, stripes,
  blobs) for the benchmark set;
* :func:`picture_from_nonogram` - the solution grid of a nonogram puzzle dict (used
  only for local benchmarks: the corpus's licences keep those out of the repository).

(The module is ``pictures``, not ``picture``: a submodule of that name would replace
the package's exported function :func:`pysolver.linkapix.picture` on import.)
"""
from __future__ import annotations

import numpy as np

from ..base import PuzzleError, quote
from .picture_grid import BLANK, MAX_PICTURE_SIDE, picture_labels  # noqa: F401 (the maker's input, here too)

#: palette keys handed out to quantised and generated pictures, in order
KEYS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
#: most colours a made puzzle may have (published Link-a-Pix rarely use more than 10)
MAX_COLOURS = 32
#: pixel sources bigger than this (per side) are refused before any work is done
MAX_SOURCE_SIDE = 16384


def labels_to_grid(keys: list[str], labels: np.ndarray) -> list[str]:
    """The label array back as grid strings ('.' blank)."""
    table = np.array(list(keys) + ["."])
    return ["".join(table[labels[r]]) for r in range(labels.shape[0])]


# --------------------------------------------------------------------------------------
# pixel data

def rgba_array(rgba, source_width: int | None = None) -> np.ndarray:
    """Pixel data as a ``uint8`` array of shape (H, W, 4).

    Accepts an (H, W, 4) or (H, W, 3) array-like (numpy array, nested lists) or a flat
    RGBA buffer (bytes, memoryview, the browser's Uint8ClampedArray converted to a 1-D
    array) together with ``source_width``.  RGB data gets an opaque alpha channel."""
    try:
        arr = np.asarray(rgba)
    except (TypeError, ValueError) as exc:
        raise PuzzleError(f"image: unreadable pixel data ({exc})") from None
    if arr.dtype == object or arr.dtype.kind not in "uif":
        if isinstance(rgba, (bytes, bytearray, memoryview)):
            arr = np.frombuffer(bytes(rgba), dtype=np.uint8)
        else:
            raise PuzzleError("image: pixel data must be numbers 0..255")
    if arr.ndim == 1:
        if not source_width or source_width <= 0:
            raise PuzzleError("image: flat pixel data needs the source width")
        if arr.size == 0 or arr.size % (4 * source_width):
            raise PuzzleError(f"image: {arr.size} bytes is not a whole number of "
                              f"RGBA rows of width {source_width}")
        arr = arr.reshape(-1, source_width, 4)
    if arr.ndim != 3 or arr.shape[2] not in (3, 4):
        raise PuzzleError(f"image: expected pixels of shape (height, width, 4), got {arr.shape}")
    h, w = arr.shape[:2]
    if h == 0 or w == 0:
        raise PuzzleError("image: the image is empty")
    if h > MAX_SOURCE_SIDE or w > MAX_SOURCE_SIDE:
        raise PuzzleError(f"image: {w}x{h} pixels is too big (at most {MAX_SOURCE_SIDE} a side)")
    if arr.dtype != np.uint8:
        if arr.dtype.kind == "f" and not np.all(np.isfinite(arr)):
            raise PuzzleError("image: pixel values must be finite numbers")
        arr = np.clip(np.rint(arr), 0, 255).astype(np.uint8)
    if arr.shape[2] == 3:
        arr = np.concatenate([arr, np.full((h, w, 1), 255, np.uint8)], axis=2)
    return arr


def pixels_of(rgba, source_width: int, source_height: int) -> np.ndarray:
    """(H, W, 4) ``uint8`` pixels from what the page sends a maker (base64 RGBA text) or
    from bytes or an array, checked against the size it claims."""
    import base64
    if isinstance(rgba, str):
        try:
            rgba = base64.b64decode(rgba, validate=True)
        except ValueError:
            raise PuzzleError("picture: the pixel data is corrupted") from None
    if isinstance(rgba, (bytes, bytearray, memoryview)):
        pixels = np.frombuffer(bytes(rgba), dtype=np.uint8)
    elif isinstance(rgba, np.ndarray):
        pixels = rgba
    else:
        raise PuzzleError("picture: the pixel data is not base64 text")
    if pixels.size != source_width * source_height * 4:
        raise PuzzleError(f"picture: {pixels.size} bytes do not make a {source_width}x{source_height} RGBA image")
    return pixels.reshape(source_height, source_width, 4)


def fit_size(src_h: int, src_w: int, width: int, height: int, keep_aspect: bool = True
             ) -> tuple[int, int]:
    """Target (height, width): within ``width`` x ``height``, keeping the source's
    aspect ratio when asked (the longer side fills the box)."""
    for what, v in (("width", width), ("height", height)):
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_PICTURE_SIDE:
            raise PuzzleError(f"picture {what}: {quote(v)} is not a whole number from 1 to "
                              f"{MAX_PICTURE_SIDE}")
    if not keep_aspect:
        return height, width
    scale = min(width / src_w, height / src_h)
    return (max(1, min(height, round(src_h * scale))), max(1, min(width, round(src_w * scale))))


def _box_weights(src: int, dst: int) -> np.ndarray:
    """(dst, src) matrix averaging the source pixels each target pixel overlaps,
    weighted by overlap; a plain pick (nearest) when enlarging."""
    if dst >= src:
        idx = np.minimum((np.arange(dst) + 0.5) * src / dst, src - 1).astype(int)
        m = np.zeros((dst, src), np.float32)
        m[np.arange(dst), idx] = 1.0
        return m
    edges = np.arange(dst + 1) * (src / dst)
    lo, hi = edges[:-1, None], edges[1:, None]
    px = np.arange(src)[None, :]
    overlap = np.clip(np.minimum(hi, px + 1) - np.maximum(lo, px), 0.0, None)
    return (overlap / overlap.sum(axis=1, keepdims=True)).astype(np.float32)


def _nearest(arr: np.ndarray, out_h: int, out_w: int) -> tuple[np.ndarray, np.ndarray]:
    """(H, W, 4) uint8 pixels picked to ``out_h`` x ``out_w`` cells, the pixel at each
    cell's centre: ``(rgb float (h, w, 3), alpha float (h, w))``, alpha in 0..1."""
    h, w = arr.shape[:2]
    ys = np.minimum(((np.arange(out_h) + 0.5) * h / out_h).astype(int), h - 1)
    xs = np.minimum(((np.arange(out_w) + 0.5) * w / out_w).astype(int), w - 1)
    sub = arr[ys][:, xs].astype(np.float32)
    return sub[..., :3], sub[..., 3] / 255.0


def _decimated(arr: np.ndarray, out_h: int, out_w: int) -> np.ndarray:
    """Every k-th pixel of a huge photo, so that a cell gets at most about 4 pixels
    each way: enough to average out the noise, and the filters' matrices stay small."""
    h, w = arr.shape[:2]
    return arr[::max(1, h // (4 * out_h)), ::max(1, w // (4 * out_w))]


def cell_labels(labels: np.ndarray, out_h: int, out_w: int) -> np.ndarray:
    """Pixel labels (``-1`` blank) to ``out_h`` x ``out_w`` cells: each cell takes the
    label most of the pixels it covers have (weighted by how much of each it covers),
    blank where blank pixels are the most."""
    wy, wx = _box_weights(labels.shape[0], out_h), _box_weights(labels.shape[1], out_w)
    votes = np.stack([wy @ (labels == j).astype(np.float32) @ wx.T for j in range(BLANK, int(labels.max()) + 1)])
    return (votes.argmax(axis=0) + BLANK).astype(np.int16)


def kmeans_colours(points: np.ndarray, weights: np.ndarray, k: int, seed: int = 0,
                   iterations: int = 40) -> tuple[np.ndarray, np.ndarray]:
    """Weighted k-means of colour points (N, 3) with a seeded k-means++ start.
    Returns ``(centres (k', 3), assignment (N,))`` with k' <= k (empty clusters
    vanish), centres ordered by total weight, heaviest first."""
    n = len(points)
    if n <= k:
        order = np.argsort(-weights, kind="stable")
        assign = np.empty(n, int)
        assign[order] = np.arange(n)
        return points[order].copy(), assign
    rng = np.random.default_rng(seed)
    pts = points.astype(np.float64)
    wts = weights.astype(np.float64)
    centres = np.empty((k, 3))
    centres[0] = pts[int(np.argmax(wts))]
    d2 = ((pts - centres[0]) ** 2).sum(axis=1)
    for j in range(1, k):
        p = d2 * wts
        total = p.sum()
        if total <= 0:
            centres = centres[:j]
            break
        centres[j] = pts[rng.choice(n, p=p / total)]
        d2 = np.minimum(d2, ((pts - centres[j]) ** 2).sum(axis=1))
    assign = np.zeros(n, int)
    # (the channels apart, (N, 1) against (1, k): no (N, k, 3) array to build and sum,
    # and plain elementwise arithmetic, the same to the last bit on every machine)
    channels = [pts[:, ch:ch + 1] for ch in range(3)]
    for it in range(iterations):
        dist = sum((p - centres[None, :, ch]) ** 2 for ch, p in enumerate(channels))
        new = dist.argmin(axis=1)
        if it and np.array_equal(new, assign):
            break
        assign = new
        mass = np.bincount(assign, weights=wts, minlength=len(centres))
        for ch in range(3):
            s = np.bincount(assign, weights=wts * pts[:, ch], minlength=len(centres))
            centres[:, ch] = np.where(mass > 0, s / np.maximum(mass, 1e-12), centres[:, ch])
    mass = np.bincount(assign, weights=wts, minlength=len(centres))
    keep = [j for j in np.argsort(-mass, kind="stable") if mass[j] > 0]
    remap = np.full(len(centres), -1, int)
    remap[keep] = np.arange(len(keep))
    return centres[keep], remap[assign]


def quantise(rgb: np.ndarray, mask: np.ndarray, k: int, seed: int = 0
             ) -> tuple[np.ndarray, np.ndarray]:
    """Map the pixels under ``mask`` to at most ``k`` colours.  Returns
    ``(labels int16 (h, w) with -1 outside the mask, centres uint8 (k', 3))``."""
    labels = np.full(mask.shape, BLANK, np.int16)
    if not mask.any():
        return labels, np.zeros((0, 3), np.uint8)
    px = np.clip(np.rint(rgb[mask]), 0, 255).astype(np.int64)
    code = (px[:, 0] << 16) | (px[:, 1] << 8) | px[:, 2]
    uniq, inverse, counts = np.unique(code, return_inverse=True, return_counts=True)
    inverse = inverse.reshape(-1)
    points = np.stack([(uniq >> 16) & 255, (uniq >> 8) & 255, uniq & 255], axis=1).astype(float)
    centres, assign = kmeans_colours(points, counts.astype(float), k, seed)
    centres8 = np.clip(np.rint(centres), 0, 255).astype(np.uint8)
    # Centres that round to the same #rrggbb would be two palette keys of one colour.
    _, first, merged = np.unique(centres8, axis=0, return_index=True, return_inverse=True)
    merged = merged.reshape(-1)
    order = np.argsort(first)
    rank = np.empty(len(order), int)
    rank[order] = np.arange(len(order))
    labels[mask] = rank[merged[assign[inverse]]]
    return _without_blends(labels, centres8[np.sort(first)], rgb)


#: a colour is the blur along the edge between two others when at least this share of
#: its cells touch both of them, and its centre lies near the segment between theirs
BLEND_EDGE_SHARE = 0.75
#: ... within this fraction of that segment's length (and not near either end)
BLEND_OFF_LINE = 0.15


def _without_blends(labels: np.ndarray, centres: np.ndarray, rgb: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
    """``labels`` with the colours that are only the blur between two others folded
    into them.  A drawing of two colours asked for three got its anti-aliased edges as
    the third, scattered in one-cell runs along every edge; a real third colour fills
    cells away from the edges too."""
    while len(centres) > 2:
        blend = _a_blend(labels, centres)
        if blend is None:
            break
        j, a, b = blend
        at = labels == j
        # (each blurred cell to the nearer of the two colours it lies between)
        da = ((rgb[at] - centres[a]) ** 2).sum(axis=1)
        db = ((rgb[at] - centres[b]) ** 2).sum(axis=1)
        labels[at] = np.where(da <= db, a, b)
        labels = np.where(labels > j, labels - 1, labels).astype(np.int16)
        centres = np.delete(centres, j, axis=0)
    return labels, centres


def _a_blend(labels: np.ndarray, centres: np.ndarray) -> tuple[int, int, int] | None:
    """A colour ``j`` that is the blur between colours ``a`` and ``b``, as ``(j, a, b)``,
    or None (see BLEND_EDGE_SHARE)."""
    # each cell's four neighbours' labels (-1 off the picture or outside the mask)
    pad = np.pad(labels, 1, constant_values=-1)
    around = [pad[:-2, 1:-1], pad[2:, 1:-1], pad[1:-1, :-2], pad[1:-1, 2:]]
    touches = [np.logical_or.reduce([n == x for n in around]) for x in range(len(centres))]
    k = len(centres)
    for j in range(k):
        at = labels == j
        for a, b in ((a, b) for a in range(k) for b in range(a + 1, k) if j not in (a, b)):
            if not at.any() or (touches[a] & touches[b] & at).sum() < BLEND_EDGE_SHARE * at.sum():
                continue
            pa, pb, pj = (centres[x].astype(float) for x in (a, b, j))
            ab = pb - pa
            t = float(np.dot(pj - pa, ab) / max(np.dot(ab, ab), 1e-9))
            if 0.1 < t < 0.9 and np.linalg.norm(pa + t * ab - pj) <= BLEND_OFF_LINE * np.linalg.norm(ab):
                return j, a, b
    return None


def _hex(c) -> str:
    return "#%02x%02x%02x" % (int(c[0]), int(c[1]), int(c[2]))


def _as_picture(labels: np.ndarray, centres: np.ndarray) -> tuple[dict, list[str]]:
    used = [j for j in range(len(centres)) if (labels == j).any()]
    if not used:
        raise PuzzleError("picture: every cell is background, there is nothing to link")
    remap = np.full(len(centres), BLANK, np.int16)
    remap[used] = np.arange(len(used))
    out = np.where(labels >= 0, remap[np.maximum(labels, 0)], BLANK)
    keys = KEYS[:len(used)]
    return {keys[i]: _hex(centres[j]) for i, j in enumerate(used)}, labels_to_grid(list(keys), out)


def _border_mode(labels: np.ndarray) -> tuple[int, float]:
    """Most common label on the picture's border and its share of border cells."""
    border = np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
    border = border[border >= 0]
    if border.size == 0:
        return BLANK, 0.0
    counts = np.bincount(border)
    j = int(counts.argmax())
    return j, counts[j] / border.size


def picture_from_rgba(rgba, width: int, height: int, colours: int,
                      background: str = "auto", seed: int = 0, keep_aspect: bool = True,
                      resize: str = "box", source_width: int | None = None, threshold: int | None = None
                      ) -> tuple[dict, list[str]]:
    """A palette picture of at most ``width`` x ``height`` cells and ``colours``
    colours from RGBA pixels.

    ``background``: ``"transparent"`` - pixels with alpha below one half stay blank;
    ``"none"`` - every cell gets a colour (transparency is composited over white);
    ``"auto"`` - transparent pixels stay blank, and an opaque image whose border is
    mostly one colour (at least 60% of border cells, after quantising to one colour
    more) gets that colour as blank background.  ``resize``: ``"box"`` - each cell
    takes the colour most of its pixels have once they are snapped; ``"nearest"`` -
    the pixel at its centre.

    One colour with a background (``"auto"`` or ``"transparent"``) is black and white by
    a threshold: the pixels darker than ``threshold`` (per cent of white, 1 to 99) are
    filled; None finds one from an opaque picture (Otsu's: the split of the pixels'
    lightness into two groups each as alike as can be; with ``"auto"``, one whose border
    comes out mostly filled is taken the other way round: a light drawing on a dark
    ground), and fills every pixel of one on a transparent ground.  (Two-means on the
    colours, as for more colours, found no split in a photo without a plain border:
    every cell was filled.)"""
    if isinstance(colours, bool) or not isinstance(colours, int) or not 1 <= colours <= MAX_COLOURS:
        raise PuzzleError(f"colours: {quote(colours)} is not a whole number from 1 to {MAX_COLOURS}")
    if background not in ("auto", "none", "transparent"):
        raise PuzzleError(f"background: {quote(background)} is not 'auto', 'none' or 'transparent'")
    arr = rgba_array(rgba, source_width)
    out_h, out_w = fit_size(arr.shape[0], arr.shape[1], width, height, keep_aspect)
    if resize not in ("box", "nearest"):
        raise PuzzleError(f"resize method {quote(resize)} is not 'box' or 'nearest'")
    if resize == "nearest":
        rgb, alpha = _nearest(arr, out_h, out_w)

        def to_cells(labels):
            return labels
    else:
        # (colours are snapped on the pixels, then each cell takes its pixels' most
        # common colour: averaging first made every cell along an edge a mix of the two
        # sides, and at 3 colours such mixes took a colour of their own while two real
        # ones merged (a red, a blue and a green shape on white, 64 pixels to 16 cells))
        src = _decimated(arr, out_h, out_w).astype(np.float32)
        rgb, alpha = src[..., :3], src[..., 3] / 255.0

        def to_cells(labels):
            return cell_labels(labels, out_h, out_w)
    if background == "none":
        rgb = rgb * alpha[..., None] + 255.0 * (1.0 - alpha[..., None])
        opaque = np.ones(alpha.shape, bool)
    else:
        opaque = alpha >= 0.5
    if not opaque.any():
        raise PuzzleError("image: every pixel is transparent, there is nothing to link")
    if colours == 1 and background != "none":
        return _black_and_white(rgb, opaque, to_cells, threshold, flip=background == "auto" and opaque.all())
    if background == "auto" and opaque.all():
        labels, centres = quantise(rgb, opaque, colours + 1, seed)
        j, share = _border_mode(to_cells(labels))
        if len(centres) > 1 and share >= 0.6:
            # Re-quantise what is left so the K colours go to the picture itself.
            fg = labels != j
            labels, centres = quantise(rgb, fg, colours, seed)
            return _as_picture(to_cells(labels), centres)
    labels, centres = quantise(rgb, opaque, colours, seed)
    return _as_picture(to_cells(labels), centres)


#: border cells that must come out filled for an automatic threshold to take a picture the
#: other way round (as for a plain border colour, see picture_from_rgba)
DARK_BORDER = 0.6


def otsu_threshold(lightness: np.ndarray) -> float:
    """The lightness (0..255) that splits ``lightness`` into the two groups whose spread
    about their own means is least in all (Otsu's method); the dark group is below it."""
    hist = np.bincount(np.clip(np.rint(lightness), 0, 255).astype(int), minlength=256).astype(float)
    levels = np.arange(256, dtype=float)
    weight = np.cumsum(hist)                      # pixels at or below each level
    total, mass = weight[-1], np.cumsum(hist * levels)
    dark_mean = mass / np.maximum(weight, 1e-12)
    light_mean = (mass[-1] - mass) / np.maximum(total - weight, 1e-12)
    between = weight * (total - weight) * (dark_mean - light_mean) ** 2
    return float(np.argmax(between)) + 0.5


def _black_and_white(rgb: np.ndarray, opaque: np.ndarray, to_cells, threshold: int | None, flip: bool
                     ) -> tuple[dict, list[str]]:
    """A one-colour picture by a lightness threshold (see :func:`picture_from_rgba`)."""
    if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, int)
                                  or not 1 <= threshold <= 99):
        raise PuzzleError(f"threshold: {quote(threshold)} is not a whole number from 1 to 99")
    lightness = rgb @ np.array([0.299, 0.587, 0.114], np.float32)
    if threshold is None and not opaque.all():
        dark = opaque               # (a picture on a transparent ground: the picture is what is filled)
    else:
        cut = otsu_threshold(lightness[opaque]) if threshold is None else threshold * 255 / 100
        dark = opaque & (lightness < cut)
    cells = to_cells(np.where(dark, 0, BLANK).astype(np.int16))
    border = np.concatenate([cells[0], cells[-1], cells[:, 0], cells[:, -1]])
    if flip and threshold is None and (border == 0).mean() >= DARK_BORDER:
        dark = opaque & ~dark
        cells = to_cells(np.where(dark, 0, BLANK).astype(np.int16))
    colour = rgb[dark].mean(axis=0) if dark.any() else np.zeros(3)
    return _as_picture(cells, np.clip(np.rint(colour), 0, 255).astype(np.uint8)[None, :])


# --------------------------------------------------------------------------------------
# generated pictures for benchmarks and tests

#: colours of generated pictures: distinct and pleasant
GEN_COLOURS = ["#1f4e9c", "#e8a317", "#2e8b57", "#c0392b", "#7d3c98", "#f5f0e1", "#222222",
               "#87ceeb", "#ff7f50", "#8b5a2b", "#f4c2c2", "#556b2f"]


def generated_picture(width: int, height: int, seed: int = 0, colours: int = 4,
                      filled: bool = True, shapes: int | None = None) -> tuple[dict, list[str]]:
    """A deterministic picture of random shapes: ellipses, rectangles, stripes, rings
    and smooth blobs in ``colours`` colours, later shapes drawn over earlier ones.
    ``filled``: the first colour is the background of every cell (a fully filled
    puzzle); otherwise the background is blank."""
    fit_size(height, width, width, height, keep_aspect=False)
    if not 1 <= colours <= len(GEN_COLOURS):
        raise PuzzleError(f"colours: {colours} is not from 1 to {len(GEN_COLOURS)}")
    rng = np.random.default_rng(seed)
    pal_idx = rng.permutation(len(GEN_COLOURS))[:colours]
    lab = np.full((height, width), 0 if filled else BLANK, np.int16)
    yy, xx = np.mgrid[0:height, 0:width].astype(float)
    yy += 0.5
    xx += 0.5
    side = max(width, height)
    n = shapes if shapes is not None else int(6 + side / 3)
    first = 1 if filled and colours > 1 else 0
    for _ in range(n):
        colour = int(rng.integers(first, colours))
        kind = rng.choice(["ellipse", "rect", "stripe", "blob", "ring"], p=[.3, .2, .15, .25, .1])
        cy, cx = rng.uniform(0, height), rng.uniform(0, width)
        # Mostly small and medium shapes, a few large ones: details and areas.
        size = side * float(rng.choice([0.05, 0.08, 0.12, 0.18, 0.28], p=[.25, .3, .2, .15, .1]))
        size = max(size, 1.5)
        if kind == "ellipse" or kind == "ring":
            a, b = size * rng.uniform(0.5, 1.2), size * rng.uniform(0.5, 1.2)
            t = rng.uniform(0, np.pi)
            u = (xx - cx) * np.cos(t) + (yy - cy) * np.sin(t)
            v = -(xx - cx) * np.sin(t) + (yy - cy) * np.cos(t)
            rr = (u / a) ** 2 + (v / b) ** 2
            m = rr <= 1.0
            if kind == "ring":
                m &= rr >= rng.uniform(0.35, 0.65)
        elif kind == "rect":
            a, b = size * rng.uniform(0.4, 1.1), size * rng.uniform(0.4, 1.1)
            m = (np.abs(yy - cy) <= a) & (np.abs(xx - cx) <= b)
        elif kind == "stripe":
            t = rng.uniform(0, np.pi)
            d = (xx - cx) * np.cos(t) + (yy - cy) * np.sin(t)
            along = -(xx - cx) * np.sin(t) + (yy - cy) * np.cos(t)
            m = (np.abs(d) <= max(0.6, size * rng.uniform(0.08, 0.2))) & (np.abs(along) <= size * 2)
        else:
            m = _blob(rng, height, width, cy, cx, size)
        lab[m] = colour
    if not (lab >= 0).any():
        lab[height // 2, width // 2] = first
    keys = KEYS[:colours]
    palette = {keys[i]: GEN_COLOURS[pal_idx[i]] for i in range(colours)}
    used = sorted(set(int(v) for v in np.unique(lab) if v >= 0))
    remap = np.full(colours, BLANK, np.int16)
    remap[used] = np.arange(len(used))
    lab = np.where(lab >= 0, remap[np.maximum(lab, 0)], BLANK)
    palette = {KEYS[i]: palette[KEYS[j]] for i, j in enumerate(used)}
    return palette, labels_to_grid(list(KEYS[:len(used)]), lab)


def _blob(rng, height, width, cy, cx, size) -> np.ndarray:
    """A smooth irregular shape: radius modulated by a few random harmonics."""
    yy, xx = np.mgrid[0:height, 0:width].astype(float)
    dy, dx = yy + 0.5 - cy, xx + 0.5 - cx
    ang = np.arctan2(dy, dx)
    rad = np.ones_like(ang)
    for h in (2, 3, 5):
        rad += rng.uniform(0, 0.35 / h * 2) * np.cos(h * ang + rng.uniform(0, 2 * np.pi))
    return np.hypot(dy, dx) <= size * rad


# --------------------------------------------------------------------------------------
# nonogram solutions (local benchmarks only)

def picture_from_nonogram(puzzle: dict, filled: bool = False,
                          background_colour: str = "#ffffff") -> tuple[dict, list[str]]:
    """The solution picture of a nonogram puzzle dict (``solution.grid``).
    Black-and-white '#' becomes black.  With ``filled`` the blank cells get
    ``background_colour`` too, for a fully filled puzzle."""
    sol = puzzle.get("solution") if isinstance(puzzle, dict) else None
    grid = sol.get("grid") if isinstance(sol, dict) else None
    if not isinstance(grid, list) or not grid:
        raise PuzzleError("nonogram: no solution.grid to take the picture from")
    palette = dict(puzzle.get("palette") or {"#": "#000000"})
    if "#" in palette:
        # '#' may not be a palette key of a puzzle; give black a usable key.
        key = next(k for k in KEYS if k not in palette)
        palette[key] = palette.pop("#")
        grid = [row.replace("#", key) for row in grid]
    if filled:
        key = next(k for k in KEYS if k not in palette)
        palette[key] = background_colour
        grid = [row.replace(".", key) for row in grid]
    return palette, grid
