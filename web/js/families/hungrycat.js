/* Hungry Cat Picross: input, drawing, link decoding, step replay.

   Progress: {grid: [row strings]} with "?" for a cell not painted yet, else a palette
   key (every cell takes a colour in this family).  Pick a colour from the palette and
   paint: click or drag paints, clicking a cell of the chosen colour (or a right
   click) clears it.  Clues are drawn in their colours; a circled number means those
   cells form one block; a line's clues grey out when it is satisfied.
   Replay shows the seed notebook's recorded steps (candidates as dots, guesses and
   rollbacks included) and can be exported as a video of the canvas. */

import { gridSizeError, paletteError } from "../limits.js";
import { colourNames, paletteTools } from "./colournames.js";
import { contrast, contrastText, drawingColours, drawText, gridLines, mix, pinnedClueStrips, strokeHighlight, strokeWrongCells, usedPalette } from "./draw.js";
import { clearGridCells } from "./grid-progress.js";
import { lineCells } from "./paths.js";

function fail(msg) { throw new Error(msg); }

/** Mirror of pysolver/hungrycat/codec.py (read its grammar there). */
function decode(body, width, height) {
  if (body.length > 40 * 256 * 256) fail("link: body too long");
  const sections = body.split("~");
  if (sections.length !== 3) fail("link: expected palette~rows~columns");
  const entries = sections[0].split(",");
  if (entries.length > 64) fail("link: more than 64 colours");
  const palette = {};
  for (const tok of entries) {
    const m = /^([A-Za-z0-9]|_[0-9a-f]{4})([0-9a-f]{6})$/.exec(tok);
    if (!m) fail(`link: bad palette entry "${tok.slice(0, 20)}"`);
    let k = m[1];
    if (k.startsWith("_")) {
      const code = parseInt(k.slice(1), 16);
      if (!(code > 0x20 && code < 0xd800)) fail(`link: palette key code ${code} is not allowed`);
      k = String.fromCharCode(code);
    }
    if (k in palette) fail(`link: palette key "${k}" appears twice`);
    palette[k] = "#" + m[2];
  }
  const keys = Object.keys(palette);
  const lines = (text, what, count) => {
    const parts = text.split(";");
    if (parts.length !== count) fail(`link: ${parts.length} ${what}, expected ${count}`);
    return parts.map((part, i) => part.split(",").map((tok) => {
      const m = /^(0|[1-9][0-9]{0,3})([bn])([1-9][0-9]{0,3})$/.exec(tok);
      if (!m) fail(`link: ${what} ${i}: bad clue item "${tok.slice(0, 20)}"`);
      if (+m[1] >= keys.length) fail(`link: ${what} ${i}: colour ${m[1]} is not in the palette`);
      return [keys[+m[1]], +m[3], m[2] === "b"];
    }));
  };
  return { palette, rows: lines(sections[1], "rows", height), cols: lines(sections[2], "columns", width) };
}

function validate(p) {
  if (gridSizeError(p)) fail(gridSizeError(p));
  if (paletteError(p.palette)) fail(paletteError(p.palette));
  for (const [what, lines, len, n] of [["rows", p.rows, p.width, p.height], ["cols", p.cols, p.height, p.width]]) {
    if (!Array.isArray(lines) || lines.length !== n) fail(`${what}: expected ${n} clues`);
    lines.forEach((clue, i) => {
      if (!Array.isArray(clue)) fail(`${what}[${i}]: expected a list`);
      let total = 0;
      for (const item of clue) {
        if (!Array.isArray(item) || item.length !== 3 || !(item[0] in p.palette)) fail(`${what}[${i}]: bad clue item`);
        if (!Number.isInteger(item[1]) || item[1] < 1) fail(`${what}[${i}]: count ${JSON.stringify(item[1])} is not positive`);
        total += item[1];
      }
      if (total !== len) fail(`${what}[${i}]: counts add up to ${total}, the line has ${len} cells`);
    });
  }
}

/** The clues of a full picture (rows of palette keys): per line, each colour it holds
    in palette order, with its count and whether its cells form one block (the
    drawing board of the maker works them out as the picture is painted). */
export function cluesOf(grid, keys) {
  const width = grid.length ? grid[0].length : 0;
  const clue = (text) => keys.flatMap((k) => {
    const first = text.indexOf(k);
    if (first < 0) return [];
    const n = [...text].filter((ch) => ch === k).length;
    return [[k, n, text.lastIndexOf(k) - first + 1 === n]];
  });
  return { rows: grid.map(clue), cols: Array.from({ length: width }, (_, c) => clue(lineText(grid, "col", c))) };
}

function newProgress(p) { return { grid: Array.from({ length: p.height }, () => "?".repeat(p.width)) }; }

function lineText(grid, kind, i) { return kind === "row" ? grid[i] : grid.map((row) => row[i]).join(""); }

/** A complete line that meets every clue of the line (counts and block flags). */
function lineOk(clue, text) {
  if (text.includes("?")) return false;
  const want = new Map(clue.map(([k, n, block]) => [k, [n, block]]));
  const count = new Map();
  for (const ch of text) count.set(ch, (count.get(ch) || 0) + 1);
  for (const [k, n] of count) if (!want.has(k) || want.get(k)[0] !== n) return false;
  for (const [k, [n, block]] of want) {
    if (count.get(k) !== n) return false;
    if (n > 1) {
      const one = text.lastIndexOf(k) - text.indexOf(k) + 1 === n;
      if (one !== block) return false;
    }
  }
  return true;
}

function isSolved(p, progress) {
  const g = progress.grid;
  return p.rows.every((clue, r) => lineOk(clue, lineText(g, "row", r))) &&
         p.cols.every((clue, c) => lineOk(clue, lineText(g, "col", c)));
}

function layout(p) {
  const left = Math.max(1, ...p.rows.map((c) => c.length)) * 1.1 + 0.4;
  const top = Math.max(1, ...p.cols.map((c) => c.length)) * 1.1 + 0.4;
  return { cols: left + p.width, rows: top + p.height, x0: left, y0: top, pinnedClues: true };
}

function drawClueItem(ctx, p, [k, n, block], x, y, done, t) {
  const colour = p.palette[k];
  // (a single cell is one block whatever the file says, as the solver reads it: a
  // square 1 would claim the impossible)
  // Circle or square, each outlined: a white square on the light board (or a black one
  // on the dark) would show as a bare number, and the shape is the clue.
  ctx.fillStyle = colour;
  ctx.beginPath();
  if (block || n === 1) ctx.arc(x + 0.5, y + 0.5, 0.44, 0, 2 * Math.PI);
  else ctx.rect(x + 0.08, y + 0.08, 0.84, 0.84);
  ctx.fill();
  ctx.strokeStyle = t.fg;
  ctx.lineWidth = 0.05;
  ctx.stroke();
  // (as tall for two digits as for one, squeezed across: see the nonogram's clues)
  drawText(ctx, String(n), x + 0.5, y + 0.53, 0.56, contrastText(colour), 700, 0.74);
  if (done) {
    ctx.fillStyle = t.panel + "b0";
    ctx.fillRect(x + 0.04, y + 0.04, 0.92, 0.92);
  }
}

/* Every cell of a Hungry Cat takes a colour, white often among them: a cell not painted
   yet is shaded and dotted, so that it never looks like a cell painted white (nor, on
   the dark theme, black).  Painted cells are plain, with a thin edge when their colour
   is close to the board's own (see draw). */
function unpaintedGrid(ctx, x0, y0, W, H, view) {
  const t = view.theme, shade = mix(t.cell, t.muted, t.dark ? 0.2 : 0.15);
  ctx.fillStyle = shade;
  ctx.fillRect(x0, y0, W, H);
  if (view.hover) {
    // (a veil of the accent over the shade: mix() takes "#rrggbb" colours only)
    ctx.save();
    ctx.globalAlpha = 0.15;
    ctx.fillStyle = t.accent;
    ctx.fillRect(x0, y0 + view.hover.r, W, 1);
    ctx.fillRect(x0 + view.hover.c, y0, 1, H);
    ctx.restore();
  }
  return mix(t.cell, t.muted, 0.6);
}

/** The dot of a cell not painted yet (left out where cells are too small to see it). */
function unpaintedDot(ctx, x, y, colour, view) {
  if ((view.pxPerUnit || 24) < 8) return;
  ctx.fillStyle = colour;
  ctx.fillRect(x + 0.44, y + 0.44, 0.12, 0.12);
}

function draw(ctx, p, progress, view) {
  const t = view.theme, W = p.width, H = p.height;
  const { x0, y0 } = layout(p);
  const grid = progress.grid, cand = progress.cand;
  const dot = unpaintedGrid(ctx, x0, y0, W, H, view);
  // A colour close to the empty cell's (white on the light theme, black on the dark
  // one) gets a thin edge, so a painted cell never looks unpainted.
  const faint = new Set(Object.keys(p.palette).filter((k) => contrast(p.palette[k], t.cell) < 1.6));
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      const v = grid[r][c];
      if (v === "?" && !cand) unpaintedDot(ctx, x0 + c, y0 + r, dot, view);
      if (v !== "?") {
        ctx.fillStyle = p.palette[v];
        ctx.fillRect(x0 + c + 0.03, y0 + r + 0.03, 0.94, 0.94);
        if (faint.has(v)) {
          ctx.strokeStyle = t.muted;
          ctx.lineWidth = 0.06;
          ctx.strokeRect(x0 + c + 0.1, y0 + r + 0.1, 0.8, 0.8);
        }
      } else if (cand) {
        // Replay: the candidates still open for this cell, as dots.
        const ks = cand[r * W + c];
        const n = ks.length, side = Math.ceil(Math.sqrt(n));
        [...ks].forEach((k, i) => {
          ctx.fillStyle = p.palette[k];
          ctx.beginPath();
          ctx.arc(x0 + c + (0.5 + (i % side)) / side, y0 + r + (0.5 + Math.floor(i / side)) / side, 0.32 / side, 0, 2 * Math.PI);
          ctx.fill();
        });
      }
    }
  }
  gridLines(ctx, x0, y0, W, H, t.grid);
  const hl = view.highlight;
  if (hl) {
    ctx.strokeStyle = hl.wrong ? t.error : t.hint;
    ctx.lineWidth = 0.1;
    for (const [kind, i] of hl.lines || []) {
      if (kind === "row") ctx.strokeRect(x0, y0 + i, W, 1); else ctx.strokeRect(x0 + i, y0, 1, H);
    }
    strokeHighlight(ctx, hl, x0, y0, t);
  }
  const bad = new Set();
  if (view.marks) {
    for (const e of view.marks.errors) for (const l of e.lines || []) bad.add(l.join(":"));
    strokeWrongCells(ctx, view.marks.errors.flatMap((e) => e.cells || []), x0, y0, t);
  }
  const { rowItem, colItem, maskCorner } = pinnedClueStrips(ctx, view, x0, y0, W, H);
  // (in the maker, view.design, the clues are the picture's own: never greyed out)
  p.rows.forEach((clue, r) => {
    const done = !view.design && lineOk(clue, lineText(grid, "row", r));
    clue.forEach((item, j) => rowItem(r, (clue.length - j) * 1.1 + 0.2, (x, y) => drawClueItem(ctx, p, item, x, y, done, t)));
    // a line Check found wrong: a bar in the gap between its clues and the grid
    if (bad.has("row:" + r)) rowItem(r, 0.27, (x, y) => markLine(ctx, x, y + 0.08, 0.18, 0.84, t.error));
  });
  p.cols.forEach((clue, c) => {
    const done = !view.design && lineOk(clue, lineText(grid, "col", c));
    clue.forEach((item, j) => colItem(c, (clue.length - j) * 1.1 + 0.2, (x, y) => drawClueItem(ctx, p, item, x, y, done, t)));
    if (bad.has("col:" + c)) colItem(c, 0.27, (x, y) => markLine(ctx, x + 0.08, y, 0.84, 0.18, t.error));
  });
  maskCorner();
}

function markLine(ctx, x, y, w, h, colour) {
  ctx.fillStyle = colour;
  ctx.fillRect(x, y, w, h);
}

function setCells(grid, cells, v) {
  const out = grid.slice();
  for (const [r, c] of cells) out[r] = out[r].slice(0, c) + v + out[r].slice(c + 1);
  return out;
}

function press(p, progress, cell, button, tool) {
  if (!cell.inside) return null;
  const key = tool || Object.keys(p.palette)[0];
  const start = progress.grid[cell.r][cell.c];
  const value = button !== "primary" || start === key ? "?" : key;
  const cells = [[cell.r, cell.c]];
  const seen = new Set([cell.r * p.width + cell.c]);
  let last = [cell.r, cell.c];
  const preview = () => ({ grid: setCells(progress.grid, cells, value) });
  return {
    preview,
    move(to) {
      // every cell on the way from the last pointer position, however quick the drag
      for (const [r, c] of lineCells(last, [to.r, to.c])) {
        if (r < 0 || c < 0 || r >= p.height || c >= p.width || seen.has(r * p.width + c)) continue;
        seen.add(r * p.width + c);
        cells.push([r, c]);
      }
      last = [to.r, to.c];
      return preview();
    },
    end: preview,
    cancel() {},
    secondary: () => press(p, progress, cell, "secondary", tool),
  };
}

function toSolution(p, progress) { return { grid: progress.grid.slice() }; }

function fromSolution(p, solution, current) {
  const base = current ? current.grid : newProgress(p).grid;
  return { grid: base.map((row, r) => Array.from(row, (ch, c) => {
    const v = solution.grid[r] && solution.grid[r][c];
    return v && v !== "?" ? v : ch;
  }).join("")) };
}

/** Replay state: candidates per cell, with snapshots at guesses for rollbacks. */
function applyStep(p, progress, step) {
  const W = p.width, all = Object.keys(p.palette).join("");
  let cand = progress.cand ? progress.cand.slice() : Array(W * p.height).fill(all);
  let stack = progress.stack || [];
  if (step.rule === "guess") stack = [...stack, cand.slice()];
  if (step.rule === "rollback" && stack.length) {
    cand = stack[stack.length - 1].slice();
    stack = stack.slice(0, -1);
  }
  for (const [r, c] of step.cells || []) {
    const i = r * W + c;
    cand[i] = step.effect === "set" ? step.colour : cand[i].replace(step.colour, "");
  }
  const grid = Array.from({ length: p.height }, (_, r) =>
    Array.from({ length: W }, (_, c) => (cand[r * W + c].length === 1 ? cand[r * W + c] : "?")).join(""));
  return { grid, cand, stack };
}

/** What a cell holds, in words (the keyboard cursor's announcement). */
function describe(p, progress, r, c) {
  const v = progress.grid[r][c];
  return v === "?" ? "not painted" : colourNames(p.palette)[v];
}

/** A row's or column's clue in words (the keyboard cursor's announcement): each
    colour's count, and for a count above 1 whether its cells are one block (the
    board's circle): "3 white, 2 red in one block". */
function clueWords(p, kind, i) {
  const names = colourNames(p.palette);
  const clue = (kind === "row" ? p.rows : p.cols)[i] || [];
  return clue.map(([k, n, block]) =>
    `${n} ${names[k] ?? k}${n < 2 ? "" : block ? " in one block" : " in 2 or more blocks"}`).join(", ") || "none";
}

function tools(p) {
  return paletteTools(p.palette);
}

/* The drawing maker's Hungry Cat: every cell takes a colour, so an unpainted one is
   white, the palette's first colour. */
const drawingKind = {
  name: "Hungry Cat puzzle",
  coloursNote: "white included",
  blank: "w",
  normalise: (grid) => grid.map((row) => row.replaceAll("?", "w")),
  palette: (colours) => ({ w: "#ffffff", ...drawingColours(colours - 1) }),
  button: (button) => button,
  // (its search counts the root as a node: one node is no branching)
  branched: (stats) => stats.nodes > 1,
  puzzle(grid, palette) {
    const used = usedPalette(palette, grid);
    return { type: "hungrycat", width: grid[0].length, height: grid.length, palette: used,
             ...cluesOf(grid, Object.keys(used)) };
  },
};

export default {
  type: "hungrycat",
  keys: ["palette", "rows", "cols"],
  controls: "Pick a colour and paint. Click or tap to paint, drag to paint a stretch; right-click, press and hold " +
        "on a touch screen, or click a cell of the chosen colour to clear it. Zoom with the wheel, a pinch or + " +
        "and −; pan with Alt-drag, two fingers, or a drag that starts outside the grid.",
  decode, validate, layout, draw, press, newProgress, toSolution, fromSolution, isSolved, applyStep, tools, describe,
  clueWords, drawingKind, clearCells: clearGridCells,
  editor: () => import("../editor-hungrycat.js").then((m) => m.default),
};
