/* Nonograms, black-and-white and multicolour: input, drawing, link decoding.

   Progress: {grid: [row strings]} with "?" unknown, "." crossed (blank), "#" filled
   (black-and-white) or a palette key (multicolour): the partial-solution shape that
   pysolver's check(partial=True) and hint() read.
   Input: left click/tap fills (in the chosen colour), right click or a long press
   crosses, middle click clears; a drag paints along one row or column only, with the
   value the first cell took (so a drag that starts by clearing, clears).
   Error marks ("Show errors" on the play page): brokenLines(), judged from the clues
   alone; see lineBroken(). */

import { gridSizeError, paletteError } from "../limits.js";
import { colourNames } from "./colournames.js";
import { blankGrid, contrastText, drawingColours, drawText, mix, pinnedClueStrips, strokeCells, usedPalette } from "./draw.js";

const NUMBER = /^[1-9][0-9]{0,2}$/;
const INDEX = /^(0|[1-9][0-9]{0,2})$/;

function fail(msg) { throw new Error(msg); }

/** Mirror of pysolver/nonogram/codec.py (read its grammar there). */
function decode(body, width, height) {
  if (body.length > (1 << 20)) fail("link: body too long");
  let keys = null, palette = null, rowsText, colsText;
  if (body.startsWith("c")) {
    const parts = body.slice(1).split("_");
    if (parts.length !== 3) fail("link: expected palette, rows and columns separated by '_'");
    palette = {};
    parts[0].split(",").forEach((entry, n) => {
      if (!/^[0-9a-f]{7,12}$/.test(entry)) fail(`link: palette entry ${n} is not rrggbb + key code`);
      const code = parseInt(entry.slice(6), 16);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) fail(`link: palette entry ${n} has an invalid key code`);
      const key = String.fromCodePoint(code);
      if (key in palette) fail(`link: palette key "${key}" appears twice`);
      palette[key] = "#" + entry.slice(0, 6);
    });
    keys = Object.keys(palette);
    [, rowsText, colsText] = parts;
  } else {
    const parts = body.split("_");
    if (parts.length !== 2) fail("link: expected rows and columns separated by '_'");
    [rowsText, colsText] = parts;
  }
  const lines = (text, count, what) => {
    const items = text.split(",");
    if (items.length !== count) fail(`link: ${items.length} ${what} clues, expected ${count}`);
    return items.map((item, i) => (item ? item.split(".") : []).map((block) => {
      let number = block, index = null;
      if (keys) {
        [number, index] = block.split("-");
        if (!INDEX.test(index || "") || +index >= keys.length) fail(`link: ${what}[${i}]: bad colour in block "${block.slice(0, 20)}"`);
      }
      if (!NUMBER.test(number || "")) fail(`link: ${what}[${i}]: bad block "${block.slice(0, 20)}"`);
      return keys ? [+number, keys[+index]] : +number;
    }));
  };
  const out = { rows: lines(rowsText, height, "row"), cols: lines(colsText, width, "column") };
  if (palette) out.palette = palette;
  return out;
}

/** Blocks of a clue as [length, key] pairs ("#" for black-and-white). */
function blocks(clue) {
  return clue.map((b) => (Array.isArray(b) ? [b[0], b[1]] : [b, "#"]));
}

function validate(p) {
  if (gridSizeError(p)) fail(gridSizeError(p));
  if (!Array.isArray(p.rows) || p.rows.length !== p.height) fail(`rows: expected ${p.height} clues`);
  if (!Array.isArray(p.cols) || p.cols.length !== p.width) fail(`cols: expected ${p.width} clues`);
  const multi = p.palette !== undefined && p.palette !== null;
  if (multi && paletteError(p.palette)) fail(paletteError(p.palette));
  for (const [what, lines, len] of [["rows", p.rows, p.width], ["cols", p.cols, p.height]]) {
    lines.forEach((clue, i) => {
      if (!Array.isArray(clue)) fail(`${what}[${i}]: expected a list of blocks`);
      let need = 0, prev = null;
      for (const [n, k] of blocks(clue)) {
        if (!Number.isInteger(n) || n < 1) fail(`${what}[${i}]: block length ${JSON.stringify(n)} is not positive`);
        if (multi && !(k in p.palette)) fail(`${what}[${i}]: colour ${JSON.stringify(k)} is not in the palette`);
        need += n + (prev !== null && prev === k ? 1 : 0);
        prev = k;
      }
      if (need > len) fail(`${what}[${i}]: blocks need ${need} cells, the line has ${len}`);
    });
  }
}

function newProgress(p) {
  return { grid: Array.from({ length: p.height }, () => "?".repeat(p.width)) };
}

function filledKey(p) {
  return p.palette ? null : "#";
}

function setCell(grid, r, c, v) {
  const row = grid[r];
  grid[r] = row.slice(0, c) + v + row.slice(c + 1);
}

function runsOf(line) {
  const out = [];
  let cur = null, n = 0;
  for (const ch of line + ".") {
    if (ch === cur) { n++; continue; }
    if (cur !== null && cur !== "." && cur !== "?") out.push([n, cur]);
    cur = ch;
    n = 1;
  }
  return out;
}

/** The clues of a picture (rows of keys, "?" or "." blank): block lengths, or with
    `multi` [length, key] pairs; the nonogram maker works them out as it is drawn. */
export function cluesOf(grid, multi) {
  const width = grid.length ? grid[0].length : 0;
  const clue = (text) => runsOf(text).map(([n, k]) => (multi ? [n, k] : n));
  return { rows: grid.map(clue), cols: Array.from({ length: width }, (_, c) => clue(lineText(grid, "col", c))) };
}

function lineText(grid, kind, i) {
  return kind === "row" ? grid[i] : grid.map((row) => row[i]).join("");
}

/** A line whose filled runs are exactly its clue, unknown cells counting as blank:
    the player needs to cross nothing for a line to be done. */
function lineDone(p, grid, kind, i) {
  return sameRuns(runsOf(lineText(grid, kind, i)), blocks(kind === "row" ? p.rows[i] : p.cols[i]));
}

const sameBlock = ([n, k], [m, j]) => n === m && k === j;
/** Whether `runs` are the first blocks of `want` (all of them, for sameRuns). */
const matches = (runs, want) => runs.length <= want.length && runs.every((run, j) => sameBlock(run, want[j]));
const sameRuns = (runs, want) => runs.length === want.length && matches(runs, want);

/* Error marks as in Simon Tatham's "Pattern": a line is marked when what the player
   has settled already contradicts its clue.  Only the line's own clue and the marks
   are used, never the solution, so a mark gives nothing away.

   A run (a stretch of cells of one colour) is complete when both its ends are known:
   each side is the grid edge, a crossed cell or, in multicolour puzzles, a cell of
   another colour (blocks of different colours may touch, so another colour ends a run
   as surely as a cross).  A run next to an unknown cell may still grow or join another,
   so it is not judged.  From each end of the line inwards, up to the first unknown cell,
   the complete runs are the line's first (last) blocks and must equal the first (last)
   clues; runs between two unknown cells are not judged. */

/** The complete runs of `text` from its start up to the first unknown cell. */
function settledRuns(text) {
  const open = text.indexOf("?");
  if (open < 0) return runsOf(text);
  const settled = text.slice(0, open);
  const runs = runsOf(settled);
  if (settled && settled[settled.length - 1] !== ".") runs.pop();  // it touches the unknown cell
  return runs;
}

/** Cells of each colour in `text` (filled ones: no "." or "?"). */
function countByColour(text) {
  const count = new Map();
  for (const ch of text) if (ch !== "." && ch !== "?") count.set(ch, (count.get(ch) || 0) + 1);
  return count;
}

/** Whether a line's settled cells contradict its clue: complete runs from either end
    that differ from the clue's first or last blocks, more cells of a colour than the
    clue's blocks of that colour hold, or a complete line whose runs are not the clue.  `clue` as in the puzzle (numbers, or
    [length, key] pairs), `text` the line's cells ("?", "." or a filled key). */
export function lineBroken(clue, text) {
  const want = blocks(clue);
  if (!text.includes("?")) {
    return !sameRuns(runsOf(text), want);
  }
  // (Runs from both ends that together outnumber the clue need no test of their own:
  // they hold more cells of some colour than the clue does, which the count finds.)
  const head = settledRuns(text);
  const tail = settledRuns([...text].reverse().join(""));
  if (!matches(head, want) || !matches(tail, want.slice().reverse())) return true;
  const allowed = new Map();
  for (const [n, k] of want) allowed.set(k, (allowed.get(k) || 0) + n);
  for (const [k, n] of countByColour(text)) if (n > (allowed.get(k) || 0)) return true;
  return false;
}

/** Every line whose settled cells contradict its clue, as [kind, index] pairs. */
function brokenLines(p, progress) {
  const out = [];
  for (let r = 0; r < p.height; r++) if (lineBroken(p.rows[r], lineText(progress.grid, "row", r))) out.push(["row", r]);
  for (let c = 0; c < p.width; c++) if (lineBroken(p.cols[c], lineText(progress.grid, "col", c))) out.push(["col", c]);
  return out;
}

function isSolved(p, progress) {
  const g = progress.grid;
  for (let r = 0; r < p.height; r++) if (!lineDone(p, g, "row", r)) return false;
  for (let c = 0; c < p.width; c++) if (!lineDone(p, g, "col", c)) return false;
  return true;
}

function layout(p) {
  const left = Math.max(1, ...p.rows.map((c) => c.length)) + 0.5;
  const top = Math.max(1, ...p.cols.map((c) => c.length)) + 0.5;
  return { cols: left + p.width, rows: top + p.height, x0: left, y0: top, pinnedClues: true };
}

function colourOf(p, key, theme) {
  if (key === "#") return theme.filled;
  return (p.palette && p.palette[key]) || theme.filled;
}

/* Big boards (up to 512x512) stay responsive: only the rows, columns and clues in view
   are drawn, and zoomed out so far that a cell is a few pixels, the cells are one bitmap
   (a pixel a cell, scaled up) instead of a rectangle each. */
// Below this many CSS px per cell: cells as a bitmap, no crosses, only every 5th line.
const BITMAP_BELOW = 6;
// Below this many px a clue number is a smudge: the strips are drawn without them.
const CLUE_TEXT_BELOW = 5;

/** The range [from, to) of lines in view along one axis (units; the grid starts at x0). */
function inView(v0, v1, x0, n) {
  return [Math.max(0, Math.floor(v0 - x0)), Math.min(n, Math.ceil(v1 - x0))];
}

function draw(ctx, p, progress, view) {
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
  drawGridLines(ctx, x0, y0, W, H, t, r0, r1, c0, c1, px);
  // Lines Check found wrong, and (with "Show errors" on) lines whose settled cells break their clue.
  const badLines = new Set((view.brokenLines || []).map((l) => l.join(":")));
  for (const e of (view.marks && view.marks.errors) || []) for (const l of e.lines || []) badLines.add(l.join(":"));
  const hl = view.highlight;
  if (hl) {
    for (const [kind, i] of hl.lines || []) {
      ctx.strokeStyle = hl.wrong ? t.error : t.hint;
      ctx.lineWidth = 0.12;
      if (kind === "row") ctx.strokeRect(x0, y0 + i, W, 1);
      else ctx.strokeRect(x0 + i, y0, 1, H);
    }
    strokeCells(ctx, hl.cells || [], x0, y0, hl.wrong ? t.error : t.hint);
  }
  if (view.marks) strokeCells(ctx, view.marks.errors.flatMap((e) => e.cells || []), x0, y0, t.error);
  const { rowItem, colItem, maskCorner, kx, ky } = pinnedClueStrips(ctx, view, x0, y0, W, H);
  // A line's clue is marked wrong after Check, greyed out once the line is done (not
  // in the maker, view.design: there the clues are the drawing's, so always "done").
  const clueState = (kind, i) => (badLines.has(kind + ":" + i) ? "error"
    : !view.design && lineDone(p, grid, kind, i) ? "done" : "todo");
  if (px * kx >= CLUE_TEXT_BELOW) {
    for (let r = r0; r < r1; r++) {
      const bs = shownBlocks(p.rows[r]);
      const st = clueState("row", r);
      bs.forEach(([n, k], j) => rowItem(r, bs.length - j + 0.25, (x, y) => drawClue(ctx, p, n, k, x, y, st, t)));
    }
  }
  if (px * ky >= CLUE_TEXT_BELOW) {
    for (let c = c0; c < c1; c++) {
      const bs = shownBlocks(p.cols[c]);
      const st = clueState("col", c);
      bs.forEach(([n, k], j) => colItem(c, bs.length - j + 0.25, (x, y) => drawClue(ctx, p, n, k, x, y, st, t)));
    }
  }
  maskCorner();
}

function drawCells(ctx, p, grid, x0, y0, t, r0, r1, c0, c1) {
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
        ctx.fillStyle = colourOf(p, v, t);
        ctx.fillRect(x0 + c + 0.04, y0 + r + 0.04, 0.92, 0.92);
      }
    }
  }
  ctx.stroke();
}

// The last bitmap made, kept while the grid and the theme are the same (a grid is never
// changed in place: every move makes a new one).
let bitmapCache = { grid: null, theme: null, canvas: null };

/** The whole grid as a bitmap of a pixel a cell, drawn over the grid's area. */
function drawBitmap(ctx, p, grid, x0, y0, t) {
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
function drawGridLines(ctx, x0, y0, W, H, t, r0, r1, c0, c1, px) {
  const strongEvery = px * 5 >= MIN_GAP ? 5 : px * 25 >= MIN_GAP ? 25 : Infinity;
  const isStrong = (i, n) => i % strongEvery === 0 || i === n || i === 0;
  for (const strong of px >= BITMAP_BELOW ? [false, true] : [true]) {
    ctx.strokeStyle = strong ? t.gridStrong : t.grid;
    ctx.lineWidth = strong ? Math.max(0.06, 1 / px) : 0.025;
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

/** Drags paint one row or column: the axis locks on the first move. */
function press(p, progress, cell, button, tool) {
  if (!cell.inside) return null;
  const start = progress.grid[cell.r][cell.c];
  const paint = tool || filledKey(p) || Object.keys(p.palette)[0];
  const target = (kind) => {
    if (kind === "middle") return "?";
    const v = kind === "secondary" ? "." : paint;
    return start === v ? "?" : v;  // pressing a cell that already has the value clears it
  };
  const make = (kind) => {
    const value = target(kind);
    let axis = null;
    let grid = progress.grid.slice();
    let cells = [[cell.r, cell.c]];
    const render = () => {
      grid = progress.grid.slice();
      for (const [r, c] of cells) setCell(grid, r, c, value);
      return { grid };
    };
    const stroke = {
      preview: render,
      move(to) {
        if (!to.inside && axis === null) return render();
        if (axis === null && (to.r !== cell.r || to.c !== cell.c)) axis = to.r === cell.r ? "row" : "col";
        cells = [];
        if (axis === "row") {
          const c1 = Math.max(0, Math.min(p.width - 1, to.c));
          for (let c = Math.min(cell.c, c1); c <= Math.max(cell.c, c1); c++) cells.push([cell.r, c]);
        } else {
          const r1 = Math.max(0, Math.min(p.height - 1, to.r));
          for (let r = Math.min(cell.r, r1); r <= Math.max(cell.r, r1); r++) cells.push([r, cell.c]);
        }
        return render();
      },
      end: () => render(),
      cancel() {},
    };
    if (kind === "primary") stroke.secondary = () => make("secondary");
    return stroke;
  };
  return make(button);
}

function toSolution(p, progress) {
  return { grid: progress.grid.slice() };
}

/** A (possibly partial) solution grid onto the progress: known cells win. */
function fromSolution(p, solution, current) {
  const base = current ? current.grid : newProgress(p).grid;
  return { grid: base.map((row, r) => Array.from(row, (ch, c) => {
    const v = solution.grid[r][c];
    return v === "?" || v === undefined ? ch : v;
  }).join("")) };
}

/** One recorded solving step (pysolver nonogram steps()) applied to progress. */
function applyStep(p, progress, step) {
  const grid = progress.grid.slice();
  (step.cells || []).forEach(([r, c], i) => {
    const v = Array.isArray(step.values) ? step.values[i] : typeof step.values === "string" ? step.values[i] : step.value;
    if (v !== undefined) setCell(grid, r, c, v);
  });
  return { grid };
}

/** The palette as paint tools, named as messages, hints and Check name them ("Paint red",
    or "Paint colour 3" where the palette gives no name; see colournames.js). */
/** What a cell holds, in words (the keyboard cursor's announcement). */
function describe(p, progress, r, c) {
  const v = progress.grid[r][c];
  if (v === "?") return "empty";
  if (v === ".") return "crossed";
  return p.palette ? colourNames(p.palette)[v] || "filled" : "filled";
}

function tools(p) {
  if (!p.palette) return [];
  const names = colourNames(p.palette);
  // A colour without a name is "colour N" in messages: its button shows the N.
  return Object.entries(p.palette).map(([k, colour]) => ({
    id: k, label: `Paint ${names[k]}`, color: colour, mark: names[k].match(/^colour (\d+)$/)?.[1] || "",
  }));
}

/* The drawing maker's nonogram: "?" is a blank cell, as in a nonogram's progress (a
   cross, a long press, is too); one colour is black and white. */
const drawingKind = {
  name: "nonogram",
  coloursNote: "1 for black and white",
  // (drawings saved before the maker drew other kinds are nonograms; offered first)
  original: true,
  blank: "?",
  normalise: (grid) => grid.map((row) => row.replaceAll(".", "?")),
  palette: (colours) => (colours > 1 ? drawingColours(colours) : null),
  // (right and middle click blank a cell: there is nothing to cross in a drawing)
  button: (button) => (button === "primary" ? "primary" : "middle"),
  // the solver's counts (see pysolver bench): search decisions, and probes
  branched: (stats) => stats.nodes > 0,
  puzzle(grid, palette) {
    const p = { type: "nonogram", width: grid[0].length, height: grid.length, ...cluesOf(grid, !!palette) };
    if (palette) p.palette = usedPalette(palette, grid);
    return p;
  },
};

export default {
  type: "nonogram",
  keys: ["rows", "cols", "palette"],
  controls: "Click or tap to fill; right-click, or press and hold on a touch screen, to cross; click or tap a cell " +
        "again (or middle-click) to clear. Drag to paint a row or column. Zoom with the wheel, a pinch or the + and " +
        "− buttons; pan with Alt-drag, two fingers, or a drag that starts outside the grid.",
  decode, validate, layout, draw, press, newProgress, toSolution, fromSolution, isSolved, applyStep, tools, describe,
  brokenLines, drawingKind,
  editor: () => import("../editor-nonogram.js").then((m) => m.default),
};
