"""Flow-style screenshots drawn with NumPy for the tests (no imaging library): a dark
background, a toolbar, a grid of thin lines, a round dot of a colour per end point
(anti-aliased by drawing larger and averaging), optionally a pipe already drawn and
the faint tint Flow gives the cells of a drawn pipe.  Our own pictures, CC0."""
import numpy as np

#: Flow's level colours, in its order
FLOW_COLOURS = [(255, 0, 0), (0, 128, 0), (0, 0, 255), (238, 238, 0), (255, 127, 0), (0, 255, 255),
                (255, 0, 255), (128, 0, 0), (128, 0, 128), (255, 255, 255), (160, 160, 160), (0, 255, 0),
                (189, 183, 107), (0, 0, 139), (0, 128, 128), (255, 20, 147)]


def flow_picture(puzzle, cell=40, ss=3, margin=(30, 140, 30, 180), line=(110, 95, 40), pipes=None,
                 tint=True, width=None):
    """(h, w, 4) uint8 RGBA of ``puzzle``'s board, ``cell`` pixels a cell.  ``pipes``:
    {label: [[r, c], ...]} drawn as Flow draws a line; margins: left, top, right, bottom."""
    W, H = puzzle["width"], puzzle["height"]
    left, top, right, bottom = margin
    c = cell * ss
    img = np.zeros(((top + H * cell + bottom) * ss, (left + W * cell + right) * ss, 3), dtype=np.float64)
    x0, y0 = left * ss, top * ss
    labels = sorted({lab for _, _, lab in puzzle["endpoints"]})
    colour = {lab: FLOW_COLOURS[i % len(FLOW_COLOURS)] for i, lab in enumerate(labels)}
    # a toolbar: a thick bar and some bright "text"
    img[10 * ss:60 * ss, :] = (40, 40, 60)
    img[25 * ss:35 * ss, 20 * ss:80 * ss] = (250, 250, 250)
    img[80 * ss:84 * ss, 20 * ss:70 * ss] = (255, 200, 0)
    yy, xx = np.mgrid[0:img.shape[0], 0:img.shape[1]]
    for lab, path in (pipes or {}).items():
        col = np.array(colour[lab])
        for r, cc in path:
            if tint:
                img[y0 + r * c:y0 + (r + 1) * c, x0 + cc * c:x0 + (cc + 1) * c] = col * 0.22
        for (r1, c1), (r2, c2) in zip(path, path[1:]):
            ya, yb = sorted((r1, r2))
            xa, xb = sorted((c1, c2))
            half = int(c * 0.16)
            img[y0 + ya * c + c // 2 - half:y0 + yb * c + c // 2 + half,
                x0 + xa * c + c // 2 - half:x0 + xb * c + c // 2 + half] = col
    th = max(1, ss)  # lines one (final) pixel thick... and two at the border
    for i in range(H + 1):
        img[y0 + i * c - th:y0 + i * c + th, x0 - th:x0 + W * c + th] = line
    for j in range(W + 1):
        img[y0 - th:y0 + H * c + th, x0 + j * c - th:x0 + j * c + th] = line
    rad = 0.36 * c
    for r, cc, lab in puzzle["endpoints"]:
        cy, cx = y0 + (r + 0.5) * c, x0 + (cc + 0.5) * c
        ys, xs = slice(int(cy - rad - 1), int(cy + rad + 2)), slice(int(cx - rad - 1), int(cx + rad + 2))
        inside = (yy[ys, xs] + 0.5 - cy) ** 2 + (xx[ys, xs] + 0.5 - cx) ** 2 <= rad * rad
        img[ys, xs][inside] = colour[lab]
    h, w = img.shape[0] // ss, img.shape[1] // ss
    small = img.reshape(h, ss, w, ss, 3).mean(axis=(1, 3))
    out = np.zeros((h, w, 4), dtype=np.uint8)
    out[:, :, :3] = np.clip(np.round(small), 0, 255)
    out[:, :, 3] = 255
    if width is not None and width != w:
        # nearest-neighbour rescale, as a screenshot of another device's size
        ys = (np.arange(int(h * width / w)) * w / width).astype(int)
        xs = (np.arange(width) * w / width).astype(int)
        out = out[ys][:, xs]
    return out
