/* Link-a-Pix (Paint by Pairs): input, drawing, link decoding.

   Progress: {paths: [[[r, c], ...], ...], unfinished?: [...]}: the complete links the
   player has drawn, in the solution shape pysolver's check() and hint() read, and the
   links begun and left short of their partner (each from its clue to where the drag
   stopped; only the page keeps them).
   Input: drag from a clue; a counter shows the path length; the link snaps when it
   reaches an equal clue (same number and colour) with exactly that many cells;
   dragging back over the path truncates it; a drag released short of the partner is
   kept as an unfinished link, which a drag from its loose end goes on with (on a
   phone, a link longer than the view is drawn in several strokes), and which
   snaps onto the loose end of its partner's unfinished link when the two make the
   number; a tap on a link erases it; a tap on a 1 fills (or empties) it.  Cells take
   their clue's colour as links complete. */

import { gridSizeError, paletteError } from "../limits.js";
import { colourNames } from "./colournames.js";
import { contrast, contrastText, drawingColours, drawText, faint, gridLines, mix, readableOn, strokeCells, strokePath } from "./draw.js";
import nonogram from "./nonogram.js";
import { adjacent, same, walkTowards } from "./paths.js";

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

/** Per-puzzle lookup tables, computed once per puzzle object. */
const cache = new WeakMap();
function info(p) {
  let inf = cache.get(p);
  if (!inf) {
    const clueAt = new Map();
    p.clues.forEach((cl, i) => clueAt.set(cl[0] * p.width + cl[1], i));
    inf = { clueAt };
    cache.set(p, inf);
  }
  return inf;
}

function newProgress() { return { paths: [] }; }

const unfinishedOf = (progress) => progress.unfinished || [];

/** A progress of these complete and unfinished links (no `unfinished` key when there
    are none: the shape saved before there were any). */
function progressOf(paths, unfinished) {
  return unfinished.length ? { paths, unfinished } : { paths };
}

/** The link on each cell: i for progress.paths[i], paths.length + j for the j-th
    unfinished link, -1 for none. */
function coverMap(p, progress) {
  const owner = new Int32Array(p.width * p.height).fill(-1);
  const mark = (path, i) => { for (const [r, c] of path) owner[r * p.width + c] = i; };
  progress.paths.forEach(mark);
  unfinishedOf(progress).forEach((path, j) => mark(path, progress.paths.length + j));
  return owner;
}

/** What a cell holds, in words (the keyboard cursor's announcement). */
function describe(p, progress, r, c) {
  const { clueAt } = info(p);
  const clue = clueAt.get(r * p.width + c);
  const owner = coverMap(p, progress)[r * p.width + c];
  const names = colourNames(p.palette);
  const what = clue === undefined ? "" : `clue ${p.clues[clue][2]}, ${names[p.clues[clue][3]]}`;
  const done = progress.paths.length;
  const drawn = progress.drawing?.path.findIndex((q) => q[0] === r && q[1] === c) ?? -1;
  const on = drawn >= 0 ? `on the link being drawn, ${progress.drawing.path.length} of ${progress.drawing.number} cells`
    : owner >= done ? `on an unfinished link of ${unfinishedOf(progress)[owner - done].length} cells`
    : owner >= 0 ? `on a link of ${progress.paths[owner].length}` : clue === undefined ? "empty" : "not linked";
  return what ? `${what}, ${on}` : on;
}

function isSolved(p, progress) {
  const { clueAt } = info(p);
  const ends = new Set();
  for (const path of progress.paths) {
    ends.add(path[0][0] * p.width + path[0][1]);
    const e = path[path.length - 1];
    ends.add(e[0] * p.width + e[1]);
  }
  for (const at of clueAt.keys()) if (!ends.has(at)) return false;
  return true;
}

function layout(p) {
  return { cols: p.width, rows: p.height, x0: 0, y0: 0 };
}

// A press held this long without moving is not a tap (board-pointer.js's long press).
const HOLD_MS = 450;

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
  for (const [r, c, n, k] of p.clues) {
    const covered = owner[r * W + c] >= 0;
    if (px >= NUMBERS_FROM_PX) drawClueNumber(ctx, r, c, n, p.palette[k], covered, t, stroked.has(r * W + c));
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
  // (with a halo of the empty cell's colour: the outlines also show on a painted
  // picture of the same hue, red on red)
  if (view.marks) strokeCells(ctx, view.marks.errors.flatMap((e) => e.cells || []), 0, 0, t.error, 0.12, t.cell);
  if (view.highlight) strokeCells(ctx, view.highlight.cells || [], 0, 0, view.highlight.wrong ? t.error : t.hint, 0.16, t.cell);
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
    of the clue's own colour) on a chip of that colour.  A colour that does not read on
    the empty cell gets a frame of its colour around a number in the text colour: a
    hollow frame, never a full square, so an open clue never looks like a painted cell. */
function drawClueNumber(ctx, r, c, n, colour, covered, t, onStroke = false) {
  let ink = colour;
  let room = 0.88;   // (across: numbers of two or three digits are squeezed into it, not shrunk)
  if (covered) ink = contrastText(colour);
  else if (onStroke) {
    ctx.fillStyle = colour;
    ctx.fillRect(c + 0.12, r + 0.12, 0.76, 0.76);
    ink = contrastText(colour);
    room = 0.72;
  } else if (!readableOn(colour, t.cell)) {
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

function press(p, progress, cell) {
  if (!cell.inside) return null;
  const W = p.width;
  const { clueAt } = info(p);
  const at = cell.r * W + cell.c;
  const links = progress.paths, loose = unfinishedOf(progress);
  const owner = coverMap(p, progress);
  const pathIndex = owner[at];
  const looseIndex = pathIndex - links.length;         // (>= 0: an unfinished link)
  const without = pathIndex < 0 ? progress : looseIndex >= 0
    ? progressOf(links, loose.filter((_, j) => j !== looseIndex))
    : progressOf(links.filter((_, i) => i !== pathIndex), loose);
  const clueIndex = clueAt.get(at);
  const mine = looseIndex >= 0 ? loose[looseIndex] : null;
  const looseEnd = mine && same(mine[mine.length - 1], [cell.r, cell.c]);
  // (a press held still is not a tap: a finger resting on a link, waiting, keeps it)
  const pressedAt = performance.now();
  const tapped = (stroke) => !stroke.moved && performance.now() - pressedAt < HOLD_MS;
  if (clueIndex === undefined && !looseEnd) {
    // A tap on a link's inner cell erases the link.
    return pathIndex < 0 ? null : { preview: () => progress, move: () => progress, end() { return tapped(this) ? without : null; } };
  }
  // A drag from a clue starts a new link (an existing one through it is taken away); a
  // drag from an unfinished link's loose end goes on with it.
  const first = looseEnd ? mine[0] : [cell.r, cell.c];
  const [, , number, key] = p.clues[clueAt.get(first[0] * W + first[1])];
  if (number === 1) {
    return { preview: () => progress, move: () => progress,
             end: () => (pathIndex >= 0 ? without : progressOf([...links, [[cell.r, cell.c]]], loose)) };
  }
  const base = without;
  const baseLoose = unfinishedOf(base);
  const taken = coverMap(p, base);
  const colour = p.palette[key];
  const start = looseEnd ? mine : [first];
  let path = start;
  let done = false;
  let joined = -1;             // the partner's unfinished link this one took in
  let own = 0;                 // once done: the cells of the path before the partner's
  /** The partner clue's unfinished link at `to`, when this link can end there: on its
      loose end when the two make the number together (``whole``), or on the clue it
      starts from (a stub left from the partner) when this link is one cell short.  Its
      index among the unfinished links, else -1. */
  const partnerAt = (to) => {
    const j = taken[to[0] * W + to[1]] - base.paths.length;
    const other = j >= 0 ? baseLoose[j] : null;
    if (!other) return -1;
    const whole = same(other[other.length - 1], to) && path.length + other.length === number;
    if (!whole && !(same(other[0], to) && path.length + 1 === number)) return -1;
    const [, , n2, k2] = p.clues[clueAt.get(other[0][0] * W + other[0][1])];
    return n2 === number && k2 === key ? j : -1;
  };
  const step = (to, reached = true) => {
    const idx = path.findIndex((q) => same(q, to));
    if (idx >= 0) {
      // Back onto the path: shortened there.  Over the end that completed it (a drag
      // past the partner and back, or along the partner's half it took in), it stays
      // complete.
      if (done ? idx >= own : idx === path.length - 1) return true;
      path = path.slice(0, idx + 1);
      done = false;
      joined = -1;
      return true;
    }
    if (done || !adjacent(path[path.length - 1], to)) return false;
    if (path.length >= number) return false;
    const a = to[0] * W + to[1];
    if (taken[a] >= 0) {
      // (as for a clue: only where the pointer passed, not on a cell walked round to)
      const j = reached ? partnerAt(to) : -1;
      if (j < 0) return false;
      own = path.length;
      const other = baseLoose[j];
      path = same(other[0], to) ? [...path, to] : [...path, ...[...other].reverse()];
      done = true;
      joined = j;
      return true;
    }
    const ci = clueAt.get(a);
    if (ci !== undefined) {
      // (a fast drag that skips cells must not finish on a partner it went round to)
      const [, , n2, k2] = p.clues[ci];
      if (!reached || n2 !== number || k2 !== key || path.length + 1 !== number) return false;
      own = path.length;
      path = [...path, to];
      done = true;
      return true;
    }
    if (path.length + 1 === number) return false;  // the last cell must be the partner clue
    path = [...path, to];
    return true;
  };
  const preview = () => ({ paths: base.paths, unfinished: baseLoose, drawing: { path, colour, number } });
  const unchanged = () => path.length === start.length && path.every((q, i) => same(q, start[i]));
  return {
    preview,
    move(to) {
      walkTowards(() => path, to, W, p.height, step);
      return preview();
    },
    /** What became of a drag left short of the partner. */
    note() {
      return !done && path.length > 1 && !unchanged()
        ? `Unfinished link: ${path.length} of ${number} cells. Drag on from its end to the other ${number}; ` +
          "click or tap it to erase it."
        : null;
    },
    end() {
      if (done) return progressOf([...base.paths, path], baseLoose.filter((_, j) => j !== joined));
      // A tap on a link or its clue (no drag) erases it; a drag that ends where it began
      // changes nothing, and one that goes on with an unfinished link and back to its
      // clue erases it; one that ends short of the partner leaves an unfinished link.
      if (unchanged()) return tapped(this) && pathIndex >= 0 ? without : null;
      if (path.length === 1) return start.length > 1 ? without : null;
      return progressOf(base.paths, [...baseLoose, path]);
    },
    cancel() {},
  };
}

/** One solver step (pysolver linkapix steps()): its link joins the picture (an
    unfinished link in its way goes). */
function applyStep(p, progress, step) {
  return withUnfinished(p, [...progress.paths, step.path], progress);
}

/** ``paths`` with the unfinished links of ``progress`` that none of them crosses. */
function withUnfinished(p, paths, progress) {
  const taken = coverMap(p, { paths });
  return progressOf(paths, unfinishedOf(progress).filter((path) => path.every(([r, c]) => taken[r * p.width + c] < 0)));
}

function toSolution(p, progress) { return { paths: progress.paths }; }
/** A solution as progress; with the grid it is played on (a hint's), that grid's
    unfinished links stay where the solution leaves room. */
function fromSolution(p, solution, present) {
  const paths = solution.paths.map((path) => path.map(([r, c]) => [r, c]));
  return present ? withUnfinished(p, paths, present) : { paths };
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
    if (view.highlight) strokeCells(ctx, view.highlight.cells || [], 0, 0, t.error);
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
  drawingKind,
  editor: () => import("../editor-linkapix.js").then((m) => m.default),
};
