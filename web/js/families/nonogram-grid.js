/* Nonograms: the grid itself, its cells and its lines, drawn fast on big boards (up to
   512x512): only the rows and columns in view are drawn, and zoomed out so far that a
   cell is a few pixels, the cells are one bitmap (a pixel a cell, scaled up) instead of
   a rectangle each.  The clues around it are nonogram-draw.js's. */

import { faint, mix } from "./draw.js";

// Below this many CSS px per cell: cells as a bitmap, no crosses, only every 5th line.
export const BITMAP_BELOW = 6;

/** The colour a filled cell's key is drawn in. */
function colourOf(p, key, theme) {
  if (key === "#") return theme.filled;
  return (p.palette && p.palette[key]) || theme.filled;
}

/** The cells in view, a rectangle or a cross each. */
export function drawCells(ctx, p, grid, x0, y0, t, r0, r1, c0, c1) {
  const faintCells = [];
  ctx.strokeStyle = t.cross;
  ctx.lineWidth = 0.08;
  ctx.beginPath();  // every cross in one path: one stroke for the lot
  for (let r = r0; r < r1; r++) {
    const row = grid[r];
    for (let c = c0; c < c1; c++) {
      const v = row[c];
      if (v === "?") continue;
      if (v === ".") {
        ctx.moveTo(x0 + c + 0.3, y0 + r + 0.3); ctx.lineTo(x0 + c + 0.7, y0 + r + 0.7);
        ctx.moveTo(x0 + c + 0.7, y0 + r + 0.3); ctx.lineTo(x0 + c + 0.3, y0 + r + 0.7);
      } else {
        const colour = colourOf(p, v, t);
        ctx.fillStyle = colour;
        ctx.fillRect(x0 + c + 0.04, y0 + r + 0.04, 0.92, 0.92);
        if (faint(colour, t.cell)) faintCells.push([r, c]);
      }
    }
  }
  ctx.stroke();
  // (cells of about the empty cells' colour, black on the dark board: their edges shown)
  if (faintCells.length) {
    ctx.strokeStyle = t.muted;
    ctx.lineWidth = 0.05;
    for (const [r, c] of faintCells) ctx.strokeRect(x0 + c + 0.1, y0 + r + 0.1, 0.8, 0.8);
  }
}

// The last bitmap made, kept while the grid and the theme are the same (a grid is never
// changed in place: every move makes a new one).
let bitmapCache = { grid: null, theme: null, canvas: null };

/** The whole grid as a bitmap of a pixel a cell, drawn over the grid's area. */
export function drawBitmap(ctx, p, grid, x0, y0, t) {
  if (bitmapCache.grid !== grid || bitmapCache.theme !== t) {
    const W = p.width, H = p.height;
    const canvas = bitmapCache.canvas && bitmapCache.canvas.width === W && bitmapCache.canvas.height === H
      ? bitmapCache.canvas : Object.assign(document.createElement("canvas"), { width: W, height: H });
    const g = canvas.getContext("2d");
    const img = g.createImageData(W, H);
    const colours = new Map([["?", rgbOf(t.cell)], [".", rgbOf(mix(t.cross, t.cell, 0.85))]]);
    for (let r = 0; r < H; r++) {
      const row = grid[r];
      for (let c = 0; c < W; c++) {
        const v = row[c];
        let rgb = colours.get(v);
        if (!rgb) colours.set(v, rgb = rgbOf(colourOf(p, v, t)));
        const i = (r * W + c) * 4;
        img.data[i] = rgb[0]; img.data[i + 1] = rgb[1]; img.data[i + 2] = rgb[2]; img.data[i + 3] = 255;
      }
    }
    g.putImageData(img, 0, 0);
    bitmapCache = { grid, theme: t, canvas };
  }
  const smooth = ctx.imageSmoothingEnabled;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(bitmapCache.canvas, x0, y0, p.width, p.height);
  ctx.imageSmoothingEnabled = smooth;
}

/** [r, g, b] of any CSS colour the theme or a palette gives (hex, rgb(), a name). */
function rgbOf(colour) {
  const g = rgbProbe || (rgbProbe = document.createElement("canvas").getContext("2d", { willReadFrequently: true }));
  g.clearRect(0, 0, 1, 1);
  g.fillStyle = colour;
  g.fillRect(0, 0, 1, 1);
  return Array.from(g.getImageData(0, 0, 1, 1).data.slice(0, 3));
}
let rgbProbe = null;

/** Grid lines in view, thick every 5.  Zoomed far out, lines closer than MIN_GAP px
    would grey the whole board: then only the thick lines, or every 25th, or none but
    the edges. */
const MIN_GAP = 10;
export function drawGridLines(ctx, x0, y0, W, H, t, r0, r1, c0, c1, px, thinFrom = BITMAP_BELOW) {
  const strongEvery = px * 5 >= MIN_GAP ? 5 : px * 25 >= MIN_GAP ? 25 : Infinity;
  const isStrong = (i, n) => i % strongEvery === 0 || i === n || i === 0;
  for (const strong of px >= thinFrom ? [false, true] : [true]) {
    ctx.strokeStyle = strong ? t.gridStrong : t.grid;
    ctx.lineWidth = strong ? Math.max(0.06, 1 / px) : px < BITMAP_BELOW ? 0.5 / px : 0.025;
    ctx.beginPath();
    for (let c = c0; c <= c1; c++) {
      if (isStrong(c, W) !== strong) continue;
      ctx.moveTo(x0 + c, y0 + r0); ctx.lineTo(x0 + c, y0 + r1);
    }
    for (let r = r0; r <= r1; r++) {
      if (isStrong(r, H) !== strong) continue;
      ctx.moveTo(x0 + c0, y0 + r); ctx.lineTo(x0 + c1, y0 + r);
    }
    ctx.stroke();
  }
}
