/* Nonograms on the board: the layout (clue margins as wide as the longest clue) and
   draw(), which puts the grid (nonogram-grid.js) and the pinned clue strips around it,
   with what Check and "Show errors" mark and the hint's or the editor's highlight.
   Only the rows, columns and clues in view are drawn, so big boards stay responsive. */

import { blankGrid, contrastText, drawText, faint, pinnedClueStrips, strokeHighlight, strokeWrongCells } from "./draw.js";
import { BITMAP_BELOW, drawBitmap, drawCells, drawGridLines } from "./nonogram-grid.js";
import { blocks, lineDone } from "./nonogram-lines.js";

/** The grid after margins as wide and as tall as the longest row and column clues. */
export function layout(p) {
  const left = Math.max(1, ...p.rows.map((c) => c.length)) + 0.5;
  const top = Math.max(1, ...p.cols.map((c) => c.length)) + 0.5;
  return { cols: left + p.width, rows: top + p.height, x0: left, y0: top, pinnedClues: true };
}

// Below this many px a clue number is a smudge: the strips are drawn without them.
const CLUE_TEXT_BELOW = 5;

/** The range [from, to) of lines in view along one axis (units; the grid starts at x0). */
function inView(v0, v1, x0, n) {
  return [Math.max(0, Math.floor(v0 - x0)), Math.min(n, Math.ceil(v1 - x0))];
}

export function draw(ctx, p, progress, view) {
  const t = view.theme;
  const { x0, y0 } = layout(p);
  const W = p.width, H = p.height, grid = progress.grid;
  const vis = view.visible || { x0: 0, y0: 0, x1: x0 + W, y1: y0 + H };
  const [c0, c1] = inView(vis.x0, vis.x1, x0, W);
  const [r0, r1] = inView(vis.y0, vis.y1, y0, H);
  const px = view.pxPerUnit || 20;
  blankGrid(ctx, x0, y0, W, H, view);
  if (px < BITMAP_BELOW) drawBitmap(ctx, p, grid, x0, y0, t);
  else drawCells(ctx, p, grid, x0, y0, t, r0, r1, c0, c1);
  // (a card's board shows its cells down to 3 px: a 10x10 must not look like 2x2)
  drawGridLines(ctx, x0, y0, W, H, t, r0, r1, c0, c1, px, view.thumbnail ? 3 : BITMAP_BELOW);
  // Lines Check found wrong, and (with "Show errors" on) lines whose settled cells break their clue.
  const badLines = new Set((view.brokenLines || []).map((l) => l.join(":")));
  // (the editor's lines whose text is not a clue yet: drawn as typed, a ? for each
  // token that is not a clue, not as the empty clue they stand in for)
  const unreadable = new Map();
  for (const e of (view.marks && view.marks.errors) || []) {
    for (const l of e.lines || []) {
      if (e.unreadable) unreadable.set(l.join(":"), Array.isArray(e.unreadable) ? e.unreadable : [["?", null]]);
      else badLines.add(l.join(":"));
    }
  }
  const hl = view.highlight;
  if (hl) {
    for (const [kind, i] of hl.lines || []) {
      ctx.strokeStyle = hl.wrong ? t.error : t.hint;
      ctx.lineWidth = 0.12;
      if (kind === "row") ctx.strokeRect(x0, y0 + i, W, 1);
      else ctx.strokeRect(x0 + i, y0, 1, H);
    }
    strokeHighlight(ctx, hl, x0, y0, t);
  }
  if (view.marks) strokeWrongCells(ctx, view.marks.errors.flatMap((e) => e.cells || []), x0, y0, t);
  const { rowItem, colItem, maskCorner, kx, ky } = pinnedClueStrips(ctx, view, x0, y0, W, H);
  // A line's clue is marked wrong after Check, greyed out once the line is done (not
  // in the maker, view.design: there the clues are the drawing's, so always "done").
  const clueState = (kind, i) => (badLines.has(kind + ":" + i) || unreadable.has(kind + ":" + i) ? "error"
    : !view.design && lineDone(p, grid, kind, i) ? "done" : "todo");
  // (a line's clue, its last block next to the grid, in the strip's `item` places)
  const lineClue = (kind, i, item) => {
    const bs = unreadable.get(kind + ":" + i) || shownBlocks(kind === "row" ? p.rows[i] : p.cols[i]);
    const st = clueState(kind, i);
    bs.forEach(([n, k], j) => item(i, bs.length - j + 0.25, (x, y) => drawClue(ctx, p, n, k, x, y, st, t)));
  };
  // (on a library card the numbers are too small to read: each is a chip of its colour
  // instead, so that the card still shows the board's clues)
  const lineChips = (kind, i, item) => {
    const bs = blocks(kind === "row" ? p.rows[i] : p.cols[i]);
    bs.forEach(([, k], j) => item(i, bs.length - j + 0.25, (x, y) => {
      ctx.fillStyle = p.palette && k !== null ? p.palette[k] : t.muted;
      ctx.fillRect(x + 0.2, y + 0.2, 0.6, 0.6);
    }));
  };
  const rowsBy = px * kx >= CLUE_TEXT_BELOW ? lineClue : view.thumbnail ? lineChips : null;
  const colsBy = px * ky >= CLUE_TEXT_BELOW ? lineClue : view.thumbnail ? lineChips : null;
  if (rowsBy) for (let r = r0; r < r1; r++) rowsBy("row", r, rowItem);
  if (colsBy) for (let c = c0; c < c1; c++) colsBy("col", c, colItem);
  maskCorner();
}

/** The blocks a clue shows: an empty line shows a 0. */
function shownBlocks(clue) {
  return clue.length ? blocks(clue) : [[0, null]];
}

/** One clue number at (x, y): in its colour's box (multicolour) or as text; "done"
    fades it, "error" outlines it in the error colour (and draws a number without a
    box in that colour too). */
function drawClue(ctx, p, n, key, x, y, state, t) {
  // Two- and three-digit numbers are as tall as one-digit ones (a smaller font cannot be
  // read on a phone), squeezed across to fit their cell instead.
  if (!p.palette || key === null) {
    const colour = state === "error" ? t.error : state === "done" ? t.muted + "88" : t.fg;
    drawText(ctx, String(n), x + 0.5, y + 0.52, 0.62, colour, 600, 0.9);
  } else {
    const bg = p.palette[key];
    ctx.fillStyle = bg;
    ctx.fillRect(x + 0.08, y + 0.08, 0.84, 0.84);
    if (faint(bg, t.panel)) {
      // (a box about the board's own colour, black on the dark one: its edge shown)
      ctx.strokeStyle = t.muted;
      ctx.lineWidth = 0.05;
      ctx.strokeRect(x + 0.1, y + 0.1, 0.8, 0.8);
    }
    drawText(ctx, String(n), x + 0.5, y + 0.52, 0.6, contrastText(bg), 600, 0.78);
    if (state === "done") {
      ctx.fillStyle = t.panel + "aa";
      ctx.fillRect(x + 0.08, y + 0.08, 0.84, 0.84);
    }
  }
  if (state === "error") {
    ctx.strokeStyle = t.error;
    ctx.lineWidth = 0.12;
    ctx.strokeRect(x + 0.04, y + 0.04, 0.92, 0.92);
  }
}
