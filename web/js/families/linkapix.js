/* Link-a-Pix (Paint by Pairs): link decoding, the clues' problems, drawing, and the
   drawing maker's picture board.  The player's links (progress and input) are
   linkapix-links.js's; cells take their clue's colour as links complete. */

import { gridSizeError, paletteError } from "../limits.js";
import { colourNames } from "./colournames.js";
import { contrast, contrastText, drawingColours, drawText, faint, gridLines, mix, readableOn, strokeHighlight, strokeWrongCells, strokePath } from "./draw.js";
import nonogram from "./nonogram.js";
import { applyStep, clearCells, coverMap, describe, fromSolution, info, isSolved, newProgress, picture, press,
         toSolution, unfinishedOf } from "./linkapix-links.js";

function fail(msg) { throw new Error(msg); }

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Mirror of pysolver/linkapix/codec.py (read its grammar there). */
function decode(body, width, height) {
  if (body.length > 4000000) fail("link body is too long");
  const sections = body.split("~");
  if (sections.length !== 2 && sections.length !== 3) fail("link body: expected palette~cells[~colours]");
  const [head, grid] = sections;
  const entries = head.split(",");
  if (entries.length > 64) fail(`link palette: ${entries.length} colours, at most 64`);
  const palette = {};
  entries.forEach((entry, i) => {
    const m = /^([0-9a-f]{6})((?:[A-Za-z0-9]|-[0-9a-f]{2})+)$/.exec(entry);
    if (!m) fail(`link palette entry ${i + 1} is not rrggbb followed by a key`);
    const bytes = [];
    for (let j = 0; j < m[2].length;) {
      if (m[2][j] === "-") { bytes.push(parseInt(m[2].slice(j + 1, j + 3), 16)); j += 3; } else { bytes.push(m[2].charCodeAt(j)); j += 1; }
    }
    let key;
    try { key = new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes)); } catch (e) { fail(`link palette entry ${i + 1}: key is not valid UTF-8`); }
    if ([...key].length < 1 || [...key].length > 16) fail(`link palette entry ${i + 1}: key must be 1 to 16 characters`);
    if (key in palette) fail(`link palette entry ${i + 1}: key "${key}" repeated`);
    palette[key] = "#" + m[1];
  });
  const keys = Object.keys(palette);
  const cells = width * height;
  const numbered = [];
  const token = /\.|[A-Za-z0-9_-]|\(([0-9]{1,6})\)/y;
  let at = 0;
  for (let pos = 0; pos < grid.length;) {
    token.lastIndex = pos;
    const m = token.exec(grid);
    if (!m) fail(`link cells: unexpected "${grid.slice(pos, pos + 10)}" at cell ${at}`);
    if (at >= cells) fail(`link cells: more than the ${cells} cells of the grid`);
    if (m[0] !== ".") {
      const n = m[1] ? +m[1] : B64.indexOf(m[0]);
      if (n < 1 || n > cells || (m[1] && n < 64)) fail(`link cells: number ${n} at cell ${at} is out of range`);
      numbered.push([at, n]);
    }
    at += 1;
    pos = token.lastIndex;
  }
  if (at !== cells) fail(`link cells: ${at} cells, the grid has ${cells}`);
  let colours;
  if (sections.length === 3) {
    colours = sections[2];
    if (colours.length !== numbered.length) fail(`link colours: ${colours.length} for ${numbered.length} clues`);
  } else if (keys.length === 1) {
    colours = "A".repeat(numbered.length);
  } else {
    fail("link body: the clue colours are missing");
  }
  const clues = numbered.map(([a, n], i) => {
    const ci = B64.indexOf(colours[i]);
    if (ci < 0 || ci >= keys.length) fail(`link colours: "${colours[i]}" is not a palette index`);
    return [Math.floor(a / width), a % width, n, keys[ci]];
  });
  return { palette, clues };
}

function validate(p) {
  if (gridSizeError(p)) fail(gridSizeError(p));
  if (paletteError(p.palette, false)) fail(paletteError(p.palette, false));
  if (!Array.isArray(p.clues)) fail("clues: expected a list");
  const seen = new Set();
  p.clues.forEach((cl, i) => {
    if (!Array.isArray(cl) || cl.length !== 4) fail(`clues[${i}]: expected [row, col, number, colour]`);
    const [r, c, n, k] = cl;
    if (!Number.isInteger(r) || !Number.isInteger(c) || r < 0 || c < 0 || r >= p.height || c >= p.width) fail(`clues[${i}]: cell outside the grid`);
    if (!Number.isInteger(n) || n < 1) fail(`clue at row ${r}, col ${c}: number ${JSON.stringify(n)} is not positive`);
    if (!(k in p.palette)) fail(`clue at row ${r}, col ${c}: colour ${JSON.stringify(k)} is not in the palette`);
    if (seen.has(r * p.width + c)) fail(`clue at row ${r}, col ${c}: two clues in one cell`);
    seen.add(r * p.width + c);
  });
}

/** Why the puzzle cannot be solved, seen from its clues alone, or null: a clue of 2 or
    more needs an equal clue (same number and colour) that a path of that many cells
    can reach, at a distance of at most n - 1 steps and of the same parity.  Said when
    the puzzle opens, so a player does not find out only at Check or Solve. */
function problems(p) {
  const lonely = lonelyClues(p);
  if (!lonely.length) return null;
  const names = colourNames(p.palette);
  const [r, c, n, k] = lonely[0];
  const more = lonely.length > 1 ? ` (and ${lonely.length - 1} more clue${lonely.length > 2 ? "s" : ""} like it)` : "";
  return `This puzzle has no solution: the ${n} in ${names[k]} at row ${r + 1}, column ${c + 1} has no equal clue ` +
         `a path of ${n} cells can reach${more}.`;
}

/** The clues [r, c, n, colour] of 2 or more with no equal clue in reach (the editor
    marks them as they are typed). */
export function lonelyClues(p) {
  const groups = new Map();
  for (const [r, c, n, k] of p.clues) {
    if (n < 2) continue;
    const key = n + "\u0000" + k;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push([r, c]);
  }
  const lonely = [];
  const W = p.width;
  for (const [key, cells] of groups) {
    const n = +key.split("\u0000")[0];
    const reachable = (r, c, r2, c2) => {
      const d = Math.abs(r - r2) + Math.abs(c - c2);
      return d > 0 && d <= n - 1 && (n - 1 - d) % 2 === 0;
    };
    // Look around each clue (the cells of a diamond of radius n - 1) or at every other
    // clue of the group, whichever is less work: many small equal clues (a board of
    // 2s) or a few long ones, both stay linear enough on a 256x256 board.
    const around = 2 * (n - 1) * (n - 1) + 2 * (n - 1) < cells.length;
    const at = around ? new Set(cells.map(([r, c]) => r * W + c)) : null;
    for (const [r, c] of cells) {
      let reach = false;
      if (around) {
        for (let dr = -(n - 1); dr <= n - 1 && !reach; dr++) {
          const span = n - 1 - Math.abs(dr);
          for (let dc = -span; dc <= span && !reach; dc++) {
            const r2 = r + dr, c2 = c + dc;
            reach = c2 >= 0 && c2 < W && at.has(r2 * W + c2) && reachable(r, c, r2, c2);
          }
        }
      } else {
        reach = cells.some(([r2, c2]) => reachable(r, c, r2, c2));
      }
      if (!reach) lonely.push([r, c, n, key.split("\u0000")[1]]);
    }
  }
  return lonely;
}

function layout(p) {
  return { cols: p.width, rows: p.height, x0: 0, y0: 0 };
}

// Below these sizes (CSS px per cell) lines and numbers would only blur into noise.
const LINES_FROM_PX = 6;
const NUMBERS_FROM_PX = 8;

function draw(ctx, p, progress, view) {
  const t = view.theme, W = p.width, H = p.height, px = view.pxPerUnit;
  const { clueAt } = info(p);
  const paths = progress.paths;
  if (view.ghost) return drawGhost(ctx, p, paths, clueAt);
  ctx.fillStyle = t.cell;
  ctx.fillRect(0, 0, W, H);
  const drawing = progress.drawing;
  const owner = coverMap(p, { paths });
  // painted cells: the picture appears as links complete (the picture alone: a hair
  // wider, so that no seams show between cells of one colour)
  const side = view.picture ? 1.04 : 1;
  paths.forEach((path) => {
    const key = p.clues[clueAt.get(path[0][0] * W + path[0][1])][3];
    ctx.fillStyle = p.palette[key];
    for (const [r, c] of path) ctx.fillRect(c, r, side, side);
  });
  if (view.picture) return;          // (the finished picture alone: the win screen's)
  if (px >= LINES_FROM_PX) gridLines(ctx, 0, 0, W, H, t.grid);
  else coarseGrid(ctx, W, H, t.grid, px);
  // the links themselves, so two neighbouring links of one colour stay distinguishable
  const line = (path, colour, width) => strokePath(ctx, path, colour, width);
  if (px >= LINES_FROM_PX) {
    paths.forEach((path) => {
      const key = p.clues[clueAt.get(path[0][0] * W + path[0][1])][3];
      line(path, mix(contrastText(p.palette[key]), p.palette[key], 0.55), 0.12);
    });
  }
  // unfinished links: the stroke alone (their cells are not painted yet), with a dot
  // at the loose end a drag goes on from
  // (a colour that barely shows on the board, cream on white, gets an edge)
  const unfinished = unfinishedOf(progress);
  for (const path of unfinished) {
    const colour = p.palette[p.clues[clueAt.get(path[0][0] * W + path[0][1])][3]];
    const [r, c] = path[path.length - 1];
    const dot = (fill, radius) => {
      ctx.fillStyle = fill;
      ctx.beginPath();
      ctx.arc(c + 0.5, r + 0.5, radius, 0, 2 * Math.PI);
      ctx.fill();
    };
    if (faint(colour, t.cell)) {
      line(path, t.gridStrong, 0.4);
      dot(t.gridStrong, 0.31);
    }
    line(path, colour, 0.3);
    dot(colour, 0.26);
  }
  if (drawing) line(drawing.path, drawing.colour, 0.3);
  const stroked = new Set([...(drawing ? [drawing.path] : []), ...unfinished].flat().map(([r, c]) => r * W + c));
  // (one look for every open clue of a puzzle: when one colour needs a frame, all get
  // theirs; a player's review: framed red and blue beside plain green read as two kinds)
  const framed = Object.values(p.palette).some((colour) => !readableOn(colour, t.cell));
  for (const [r, c, n, k] of p.clues) {
    const covered = owner[r * W + c] >= 0;
    if (px >= NUMBERS_FROM_PX) drawClueNumber(ctx, r, c, n, p.palette[k], covered, t, stroked.has(r * W + c), framed);
    else if (!covered) drawClueDot(ctx, r, c, p.palette[k], t);
  }
  // the board's edge, at least a device pixel wide at any zoom
  ctx.strokeStyle = t.gridStrong;
  ctx.lineWidth = Math.max(0.04, 1.5 / px);
  ctx.strokeRect(0, 0, W, H);
  if (drawing) {
    // The count, above and right of the path's end; at the top edge (of the board or
    // the view) beside the end on its own row instead, right or else left of it, so it
    // covers the path rather than the clues around it.
    const [r, c] = drawing.path[drawing.path.length - 1];
    const text = `${drawing.path.length}/${drawing.number}`;
    const vis = view.visible || { x0: 0, y0: 0, x1: W, y1: H };
    const right = Math.min(W, vis.x1);
    let x = c + 0.6, y = r - 0.75;
    if (y < Math.max(0, vis.y0)) { x = c + 1.05; y = r + 0.15; }
    if (x + 1.5 > right) x = y === r + 0.15 ? c - 1.55 : c - 1.1;
    ctx.fillStyle = t.fg;
    ctx.fillRect(x, y, 1.5, 0.7);
    drawText(ctx, text, x + 0.75, y + 0.36, 0.5, t.bg, 700);
  }
  if (view.marks) strokeWrongCells(ctx, view.marks.errors.flatMap((e) => e.cells || []), 0, 0, t);
  if (view.highlight) strokeHighlight(ctx, view.highlight, 0, 0, t, 0.16);
}

/** A hint's links not played yet, drawn over the board at half strength (board.js):
    their cells painted but for the clues at their ends, whose numbers the board shows
    beneath unveiled. */
function drawGhost(ctx, p, paths, clueAt) {
  const W = p.width;
  paths.forEach((path) => {
    ctx.fillStyle = p.palette[p.clues[clueAt.get(path[0][0] * W + path[0][1])][3]];
    for (const [r, c] of path) if (!clueAt.has(r * W + c)) ctx.fillRect(c, r, 1, 1);
  });
}

/** A clue's number: in its colour on an empty cell; on a painted cell (`covered`) in
    the colour that reads on the paint; on the path being drawn (`onStroke`, a stroke
    of the clue's own colour) on a chip of that colour.  Where a colour of the puzzle
    does not read on the empty cell (`framed`), every open clue gets a frame of its
    colour around a number in the text colour: a hollow frame, never a full square, so
    an open clue never looks like a painted cell. */
function drawClueNumber(ctx, r, c, n, colour, covered, t, onStroke, framed) {
  let ink = colour;
  let room = 0.88;   // (across: numbers of two or three digits are squeezed into it, not shrunk)
  if (covered) ink = contrastText(colour);
  else if (onStroke) {
    ctx.fillStyle = colour;
    ctx.fillRect(c + 0.12, r + 0.12, 0.76, 0.76);
    ink = contrastText(colour);
    room = 0.72;
  } else if (framed) {
    ctx.strokeStyle = t.gridStrong;
    ctx.lineWidth = 0.04;
    ctx.strokeRect(c + 0.08, r + 0.08, 0.84, 0.84);
    ctx.strokeStyle = colour;
    ctx.lineWidth = 0.12;
    ctx.strokeRect(c + 0.16, r + 0.16, 0.68, 0.68);
    ink = t.fg;
    room = 0.56;
  }
  drawText(ctx, String(n), c + 0.5, r + 0.54, n >= 100 ? 0.48 : n >= 10 ? 0.6 : 0.64, ink, 700, room);
}

/** Zoomed far out: an unlinked clue as a dot of its colour, so the board is not blank. */
function drawClueDot(ctx, r, c, colour, t) {
  ctx.fillStyle = readableOn(colour, t.cell) ? colour : mix(colour, t.gridStrong, 0.35);
  ctx.fillRect(c + 0.15, r + 0.15, 0.7, 0.7);
}

/** Zoomed far out: a line every 10 cells instead of every cell, a device pixel wide. */
function coarseGrid(ctx, W, H, colour, px) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1 / px;
  ctx.beginPath();
  for (let c = 10; c < W; c += 10) { ctx.moveTo(c, 0); ctx.lineTo(c, H); }
  for (let r = 10; r < H; r += 10) { ctx.moveTo(0, r); ctx.lineTo(W, r); }
  ctx.stroke();
}

/* The board a Link-a-Pix picture is drawn on in the drawing maker: cells and grid lines
   only (its clues come when the maker cuts it), painted with a nonogram's strokes. */
const pictureBoard = {
  layout: (p) => ({ cols: p.width, rows: p.height, x0: 0, y0: 0 }),
  draw(ctx, p, progress, view) {
    const t = view.theme;
    ctx.fillStyle = t.cell;
    ctx.fillRect(0, 0, p.width, p.height);
    progress.grid.forEach((row, r) => [...row].forEach((k, c) => {
      if (!p.palette[k]) return;
      ctx.fillStyle = p.palette[k];
      ctx.fillRect(c, r, 1, 1);
      // (black on the dark theme's board: an edge, so a painted cell still shows)
      if (contrast(p.palette[k], t.cell) < 1.6) {
        ctx.strokeStyle = t.fg;
        ctx.lineWidth = 0.06;
        ctx.strokeRect(c + 0.1, r + 0.1, 0.8, 0.8);
      }
    }));
    gridLines(ctx, 0, 0, p.width, p.height, t.grid);
    if (view.highlight) strokeWrongCells(ctx, view.highlight.cells || [], 0, 0, t);
  },
  press: (...args) => nonogram.press(...args),
  describe: (...args) => nonogram.describe(...args),
};

/* The drawing maker's Link-a-Pix picture: drawn as a nonogram is, then the family's
   maker (the description's drawing.maker) cuts it into links, unique by construction. */
const drawingKind = {
  name: "Link-a-Pix picture",
  board: pictureBoard,
  blank: "?",
  normalise: nonogram.drawingKind.normalise,
  palette: (colours) => drawingColours(colours),
  button: nonogram.drawingKind.button,
  puzzle: (grid, palette) => ({ type: "linkapix", width: grid[0].length, height: grid.length, palette }),
};

export default {
  type: "linkapix",
  keys: ["palette", "clues"],
  controls: "Drag (with the mouse or a finger) from a number to its partner. Drag back to shorten; a link let go " +
        "short of its partner stays unfinished, and a drag from its loose end goes on with it. Click or tap a " +
        "link to erase it, click or tap a 1 to fill it. Zoom with the wheel, a pinch or the + and − buttons; pan " +
        "with Alt-drag, two fingers, or a drag from an empty cell.",
  decode, validate, problems, layout, draw, press, newProgress, toSolution, fromSolution, isSolved, applyStep, describe,
  picture, drawingKind, clearCells,
  editor: () => import("../editor-linkapix.js").then((m) => m.default),
};
