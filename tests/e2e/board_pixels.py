"""Reading what the board canvas shows, for tests of drawing: positions in board units
(fractional rows and columns, through app.cellCenter) and the pixels painted there."""

# The board draws in the animation frame after a change, and a change of layout (a
# message that wraps) resizes it a frame later: let two frames pass, then wait until
# no redraw is pending.
NEXT_FRAME = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"

# [r, g, b, a] at canvas CSS positions; with board=true the positions are board
# points (y, x): cells down and across from the grid's top-left corner (cell (r, c)
# spans r..r+1, c..c+1; negative values are in the clue margins).
READ = """([points, board]) => {
  const cv = document.querySelector("#board");
  const k = cv.width / cv.getBoundingClientRect().width;
  const ctx = cv.getContext("2d");  // the board's own context
  const css = board ? points.map(([y, x]) => { const p = app.cellCenter(y - 0.5, x - 0.5); return [p.x, p.y]; })
                    : points;
  return css.map(([x, y]) => Array.from(ctx.getImageData(Math.floor(x * k), Math.floor(y * k), 1, 1).data));
}"""


def settle(page):
    """Wait until the board shows the current state (positions are only valid then)."""
    page.evaluate(NEXT_FRAME)
    page.wait_for_function("!app.view().pending")


def at(page, y, x):
    """Canvas CSS position of board point (y, x) (see READ); call settle() first."""
    pt = page.evaluate(f"app.cellCenter({y - 0.5}, {x - 0.5})")
    return pt["x"], pt["y"]


def pixels(page, points):
    """[r, g, b, a] at canvas CSS positions (computed after settle())."""
    return page.evaluate(READ, [[list(p) for p in points], False])


def board_pixels(page, points):
    """[r, g, b, a] at board points (y, x), once the board has settled."""
    settle(page)
    return page.evaluate(READ, [[list(p) for p in points], True])


def colour_at(page, y, x):
    return board_pixels(page, [(y, x)])[0][:3]


def hex_rgb(colour):
    colour = colour.strip().lstrip("#")
    return [int(colour[i:i + 2], 16) for i in (0, 2, 4)]


def css_var(page, name):
    return hex_rgb(page.evaluate(f"getComputedStyle(document.documentElement).getPropertyValue('--{name}')"))


def close(a, b, tol=6):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def luminance(rgb):
    def lin(v):
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# How many distinct colours (to 4 bits a channel) a canvas shows, sampling every 7th
# pixel: a blank or cleared board shows one or two, a drawn one many.
COLOURS = """(sel) => {
  const cv = document.querySelector(sel);
  const d = cv.getContext("2d").getImageData(0, 0, cv.width, cv.height).data;
  const seen = new Set();
  for (let i = 0; i < d.length; i += 4 * 7) seen.add((d[i] >> 4) << 8 | (d[i + 1] >> 4) << 4 | (d[i + 2] >> 4));
  return seen.size;
}"""


def distinct_colours(page, selector="#board"):
    return page.evaluate(COLOURS, selector)


# The last frame of a WebM video (bytes, base64) as the browser decodes it:
# {width, height, colours} (colours counted as in COLOURS).
VIDEO_FRAME = """async (b64) => {
  const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
  const v = document.createElement("video");
  v.muted = true;
  v.src = URL.createObjectURL(new Blob([bytes], { type: "video/webm" }));
  await new Promise((ok, no) => { v.onloadeddata = ok; v.onerror = () => no(new Error("the video cannot be decoded")); });
  v.currentTime = 1e9;  // (MediaRecorder writes no duration: seeking past the end shows the last frame)
  await new Promise((ok) => { v.onseeked = ok; setTimeout(ok, 20000); });
  const c = document.createElement("canvas");
  c.width = v.videoWidth;
  c.height = v.videoHeight;
  const ctx = c.getContext("2d", { willReadFrequently: true });
  // (under load the frame sought may not be decoded yet when the seek is done, and a
  // blank frame is drawn: drawn again for a while, until it is painted; a blank video
  // stays blank and fails the test)
  for (let i = 0; i < 20; i++) {
    ctx.drawImage(v, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data, seen = new Set();
    for (let j = 0; j < d.length && seen.size < 4; j += 4 * 97) seen.add((d[j] << 16) | (d[j + 1] << 8) | d[j + 2]);
    if (seen.size >= 4) break;
    await new Promise((ok) => setTimeout(ok, 500));
  }
  document.body.append(c);
  c.id = "video-frame";
  return { width: c.width, height: c.height };
}"""


def last_video_frame(page, data):
    """Decode a WebM video in the page: its size and the distinct colours of its last frame."""
    import base64
    frame = page.evaluate(VIDEO_FRAME, base64.b64encode(data).decode())
    frame["colours"] = distinct_colours(page, "#video-frame")
    page.evaluate("document.querySelector('#video-frame').remove()")
    return frame


#: JS: a function inkBox(ctx, x0, y0, inset, bare) -> {height, width, left, right, top,
#: bottom}: the box of a number's ink in the 100 px cell at canvas pixel (x0, y0) (in px
#: from the cell's corner), less ``inset`` px on each side: the pixels that differ from
#: ``bare`` (the same drawing without the number) when given, else the dark ones
#: (r + g + b < 450).  For a family's draw() on an OffscreenCanvas at 100 px a cell, as
#: the tests of clue numbers do.
INK_BOX = """const inkBox = (ctx, x0, y0, inset, bare = null) => {
  const w = 100 - 2 * inset;
  const d = ctx.getImageData(x0 + inset, y0 + inset, w, w).data;
  const b = bare ? bare.getImageData(x0 + inset, y0 + inset, w, w).data : null;
  let top = w, bottom = -1, left = w, right = -1;
  for (let i = 0; i < d.length; i += 4) {
    const ink = b ? Math.abs(d[i] - b[i]) + Math.abs(d[i + 1] - b[i + 1]) + Math.abs(d[i + 2] - b[i + 2]) > 60
                  : d[i] + d[i + 1] + d[i + 2] < 450;
    if (!ink) continue;
    const x = (i / 4) % w, y = Math.floor(i / 4 / w);
    top = Math.min(top, y); bottom = Math.max(bottom, y); left = Math.min(left, x); right = Math.max(right, x);
  }
  return {height: bottom - top + 1, width: right - left + 1, left: left + inset, right: right + inset,
          top: top + inset, bottom: bottom + inset};
};"""
