/* Small drawing helpers shared by the family modules (coordinates in cell units). */

const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Centred text at (x, y) with a height of `size` units, squeezed to at most
    `maxWidth` units across when given. */
export function drawText(ctx, text, x, y, size, colour, weight = 600, maxWidth = undefined) {
  ctx.fillStyle = colour;
  ctx.font = `${weight} ${size}px ${fontFamily}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  if (maxWidth === undefined) ctx.fillText(text, x, y);
  else ctx.fillText(text, x, y, maxWidth);
}

function rgb(hex) {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? h.split("").map((ch) => ch + ch).join("") : h.slice(0, 6);
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `a` blended into `b` with weight `w` of b (0 = a, 1 = b). */
export function mix(a, b, w) {
  const [r1, g1, b1] = rgb(a), [r2, g2, b2] = rgb(b);
  const m = (x, y) => Math.round(x * (1 - w) + y * w);
  return `rgb(${m(r1, r2)}, ${m(g1, g2)}, ${m(b1, b2)})`;
}

/** WCAG 2 relative luminance of "#rrggbb" (0 black .. 1 white). */
export function luminance(hex) {
  const lin = (v) => { const s = v / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  const [r, g, b] = rgb(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two colours (1 = none .. 21 = black on white). */
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` moved towards white (or black) in steps until it has a contrast of at least
    `min` with `background`, and no further: navy and maroon lines are lightened on
    the dark board, yellow and pale ones darkened on the white one, the rest left as
    they are.  Returns "#rrggbb". */
export function legibleOn(hex, background, min = 2) {
  const towards = luminance(background) < 0.2 ? [255, 255, 255] : [0, 0, 0];
  let [r, g, b] = rgb(hex);
  for (let step = 0; step < 10 && contrast(toHex(r, g, b), background) < min; step++) {
    [r, g, b] = [r, g, b].map((v, i) => Math.round(v + (towards[i] - v) * 0.2));
  }
  return toHex(r, g, b);
}

function toHex(r, g, b) {
  return "#" + [r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("");
}

/** Whether a shape of colour `hex` barely stands out from `background` ("#rrggbb"
    both): a black clue box or cell on the dark board.  Such shapes get an outline. */
const faintSeen = new Map();
export function faint(hex, background) {
  const key = hex + background;
  let got = faintSeen.get(key);
  if (got === undefined) faintSeen.set(key, got = /^#[0-9a-f]{6}$/i.test(hex) && /^#[0-9a-f]{6}$/i.test(background)
    && contrast(hex, background) < 1.6);
  return got;
}

/** Near-black or white, whichever has the higher contrast on the colour `hex`. */
export function contrastText(hex) {
  return contrast("#111111", hex) >= contrast("#ffffff", hex) ? "#111111" : "#ffffff";
}

/** Text of colour `hex` reads on `background` (WCAG's 3:1 for large text: clue
    numbers are bold and fill most of a cell). */
export function readableOn(hex, background) {
  return contrast(hex, background) >= 3;
}

/** Outline cells [[r, c], ...] of a grid whose cell (0,0) is at (x0, y0), over a
    wider stroke of `halo` when given (so the outline shows on any fill); `dash`: the
    outline in dashes of that length (the halo showing between them). */
export function strokeCells(ctx, cells, x0, y0, colour, width = 0.12, halo = null, dash = 0) {
  if (!cells.length) return;
  const outline = (style, w) => {
    ctx.strokeStyle = style;
    ctx.lineWidth = w;
    for (const [r, c] of cells) ctx.strokeRect(x0 + c + width / 2, y0 + r + width / 2, 1 - width, 1 - width);
  };
  if (halo) outline(halo, width * 2);
  if (dash) ctx.setLineDash([dash, dash * 0.5]);
  outline(colour, width);
  if (dash) ctx.setLineDash([]);
}

/** Cells marked wrong (a check's mistakes, a clash's cells, the editor's problems):
    dashes of the error red on a frame of the text colour, so that the mark is not
    taken for a clue or a picture painted red (a maker's review: a red frame round a
    red 5 read as part of the clue). */
export function strokeWrongCells(ctx, cells, x0, y0, t, width = 0.12) {
  strokeCells(ctx, cells, x0, y0, t.error, width, t.fg, 0.3);
}

/** A highlight's cells: wrong ones as strokeWrongCells, a hint's in the hint colour;
    its `around` cells (what explains a clash: the links blocking a clue) in the hint
    colour, under them. */
export function strokeHighlight(ctx, hl, x0, y0, t, width = 0.12) {
  if (hl.around?.length) strokeCells(ctx, hl.around, x0, y0, t.hint, width);
  if (hl.wrong) strokeWrongCells(ctx, hl.cells || [], x0, y0, t, width);
  else strokeCells(ctx, hl.cells || [], x0, y0, t.hint, width);
}

/** Thin grid lines over a W x H grid whose cell (0,0) is at (x0, y0). */
export function gridLines(ctx, x0, y0, W, H, colour, width = 0.03) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.beginPath();
  for (let c = 0; c <= W; c++) { ctx.moveTo(x0 + c, y0); ctx.lineTo(x0 + c, y0 + H); }
  for (let r = 0; r <= H; r++) { ctx.moveTo(x0, y0 + r); ctx.lineTo(x0 + W, y0 + r); }
  ctx.stroke();
}

/** Share of the view a pinned clue strip may cover: past it, its clues are drawn
    smaller, so that zoomed in on a board with long clues the grid stays in sight. */
const STRIP_SHARE = 0.35;

/** The smallest a pinned strip draws a clue, in CSS px: zoomed in on a board with
    long clues, shrinking them to fit STRIP_SHARE made them unreadable at any zoom (a
    40x40 colour nonogram's row clues were 5 px on a phone).  A strip that cannot hold
    its clues at this size holds the ones nearest the grid, and the others are cut at
    the view's edge (scrolled to the board's edge, the margin shows them whole). */
const CLUE_MIN_PX = 14;

/** Where the clue strips of a board with clue margins `x0` (left) and `y0` (top) sit
    in the view `visible` (units, drawn at `px` CSS px each): a strip is pinned to the
    view's edge once its margin has scrolled off (left strip: `visible.x0 > 0`), and
    then drawn at scale `kx` (`ky`) so that it covers at most STRIP_SHARE of the view,
    but no smaller than CLUE_MIN_PX a clue (then its clues far from the grid are cut:
    `cutX`, `cutY`).  Shared by the drawing and the board's hit testing, so a press on
    a clue strip never reaches the cells under it. */
export function clueStrips(visible, x0, y0, W, H, px = 0) {
  const legible = px > 0 ? Math.min(1, CLUE_MIN_PX / px) : 0;
  const fit = (pinned, margin, span) => {
    if (!pinned) return { k: 1, size: margin };
    const room = STRIP_SHARE * span, k = Math.max(Math.min(1, room / margin), legible);
    return { k, size: Math.min(margin * k, Math.max(room, k)) };
  };
  const across = fit(visible.x0 > 0, x0, visible.x1 - visible.x0);
  const down = fit(visible.y0 > 0, y0, visible.y1 - visible.y0);
  const lx = Math.min(Math.max(0, visible.x0), W - 1);
  const ty = Math.min(Math.max(0, visible.y0), H - 1);
  // right: first unit right of the left strip; bottom: first unit below the top strip
  return { lx, ty, kx: across.k, ky: down.k, right: lx + across.size, bottom: ty + down.size,
           cutX: across.size < x0 * across.k - 1e-9, cutY: down.size < y0 * down.k - 1e-9 };
}

/** The widest share of the view a pinned strip takes (for Board.reveal). */
export function stripRoom(marginPx, viewPx) {
  return Math.min(marginPx, STRIP_SHARE * viewPx);
}

/** The clue margins of a nonogram-style board (clues left of and above the grid, whose
    cell (0,0) is at (x0, y0)), pinned to the visible edges so the clues stay in sight
    when zoomed in (see clueStrips).  Paints both strips' background and returns
    rowItem(r, offset, draw) and colItem(c, offset, draw): they call draw(x, y) with the
    context set up for a clue item whose unscaled left (top) edge is `offset` units
    before the grid, in row r (column c); and maskCorner(), to call after drawing the
    clues: the corner where the strips cross is blanked so they do not overlap. */
export function pinnedClueStrips(ctx, view, x0, y0, W, H) {
  const { lx, ty, kx, ky, right, bottom, cutX, cutY } = clueStrips(view.visible, x0, y0, W, H, view.pxPerUnit);
  ctx.fillStyle = view.theme.panel;
  ctx.fillRect(lx, y0, right - lx - 0.05, H);
  ctx.fillRect(x0, ty, W, bottom - ty - 0.05);
  const item = (x, y, k, draw) => {
    ctx.save();
    ctx.translate(x, y);
    ctx.scale(k, k);
    draw(0, 0);
    ctx.restore();
  };
  // (a cut strip keeps its outermost place for a "…" in the lines whose clue it cut:
  // the items that would reach into it are left out)
  const cutRows = new Set(), cutCols = new Set();
  const rowItem = (r, offset, draw) => {
    if (cutX && right - offset * kx < lx + kx - 1e-9) { cutRows.add(r); return; }
    item(right - offset * kx, y0 + r + (1 - kx) / 2, kx, draw);
  };
  const colItem = (c, offset, draw) => {
    if (cutY && bottom - offset * ky < ty + ky - 1e-9) { cutCols.add(c); return; }
    item(x0 + c + (1 - ky) / 2, bottom - offset * ky, ky, draw);
  };
  const maskCorner = () => {
    for (const r of cutRows) drawText(ctx, "…", lx + kx / 2, y0 + r + 0.5, 0.6 * kx, view.theme.muted, 700);
    for (const c of cutCols) drawText(ctx, "⋮", x0 + c + 0.5, ty + ky / 2, 0.6 * ky, view.theme.muted, 700);
    ctx.fillStyle = view.theme.panel;
    ctx.fillRect(lx, ty, right - lx - 0.05, bottom - ty - 0.05);
  };
  return { rowItem, colItem, maskCorner, kx, ky };
}

/* The drawing maker's colours, in order: named colours, so messages name them. */
// Keys are the colours' initials, as a maker types them in clues ("3r 1k"): k for black
// (b is blue, as in CMYK), n for brown (b and r are taken), i for pink (p is purple).
const DRAWING_COLOURS = [["k", "#000000"], ["r", "#ff0000"], ["b", "#0000ff"], ["g", "#008000"],
                         ["o", "#ffa500"], ["p", "#800080"], ["n", "#a52a2a"], ["i", "#ffc0cb"]];

/** The first `n` colours of a drawing, as a palette. */
export function drawingColours(n) {
  return Object.fromEntries(DRAWING_COLOURS.slice(0, n));
}

/** The palette's colours a picture uses, in palette order (an empty picture keeps
    the first colour: a palette is never empty). */
export function usedPalette(palette, grid) {
  const used = new Set(grid.join(""));
  const out = Object.fromEntries(Object.entries(palette).filter(([k]) => used.has(k)));
  return Object.keys(out).length ? out : Object.fromEntries(Object.entries(palette).slice(0, 1));
}

/** A path through cell centres ([[r, c], ...]) as one round-capped line. */
export function strokePath(ctx, path, colour, width) {
  if (path.length < 2) return;
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.beginPath();
  ctx.moveTo(path[0][1] + 0.5, path[0][0] + 0.5);
  for (const [r, c] of path.slice(1)) ctx.lineTo(c + 0.5, r + 0.5);
  ctx.stroke();
}

/** The empty grid of a line puzzle at (x0, y0): blank cells, and the row and column
    under the pointer (view.hover) tinted. */
export function blankGrid(ctx, x0, y0, w, h, view) {
  const t = view.theme;
  ctx.fillStyle = t.cell;
  ctx.fillRect(x0, y0, w, h);
  if (view.hover) {
    ctx.fillStyle = mix(t.accent, t.cell, 0.88);
    ctx.fillRect(x0, y0 + view.hover.r, w, 1);
    ctx.fillRect(x0 + view.hover.c, y0, 1, h);
  }
}
