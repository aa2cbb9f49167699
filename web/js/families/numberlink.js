/* Numberlink (Arukone, Flow): input, drawing, link decoding.

   Progress: {paths: {label: [[r, c], ...]}}: per label the line drawn so far, starting
   at one of its endpoints (possibly unfinished), the shape pysolver's check(partial)
   and hint() read.  Replay frames may also carry {tails: {label: [[r, c], ...]}}: a
   second unfinished line of that label, grown from its other endpoint (the solver
   draws forced moves from both ends); only draw() reads it.
   Input: drag from an endpoint (or from any cell of a line, to go on from there);
   dragging back truncates; drawing over another line cuts it; reaching the partner
   endpoint completes the pair.  Each label has a colour and its letter is drawn on
   its endpoints, so colour-blind players can tell lines apart. */

import { gridSizeError } from "../limits.js";
import { contrastText, drawText, gridLines, legibleOn, mix, strokeHighlight, strokeWrongCells, strokePath } from "./draw.js";
import { adjacent, same, tapCheck, walkTowards } from "./paths.js";

function fail(msg) { throw new Error(msg); }

// 24 colours far apart for the first labels, then 48 more for big generated boards
// (A-Z, a-z, numbers): picked one at a time from an HSL grid, each the farthest (in
// RGB, after legibleOn on the light and the dark board) from those already taken, so
// any two of the 72 are at least 24 apart on either theme.  Beyond 72 they repeat, so
// a board of more pairs is coloured by place (see pairColours).
const COLOURS = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45",
  "#fabed4", "#469990", "#dcbeff", "#9a6324", "#ffe119", "#800000", "#aaffc3", "#808000", "#ffd8b1",
  "#000075", "#a9a9a9", "#ff6f61", "#6b8e23", "#20b2aa", "#daa520", "#8b008b"];
const MORE_COLOURS = [
  "#049504", "#9856fb", "#046a95", "#d12e05", "#42d105", "#f91aa0", "#2a6f38", "#731af9",
  "#05d16b", "#6c9ce5", "#b61af9", "#1a8af9", "#05d11a", "#e5b46c", "#e56ccd", "#0557d1",
  "#04955b", "#d16b05", "#fb5698", "#b6206b", "#fc9292", "#3e9504", "#2a616f", "#d105bc",
  "#4d0495", "#9c92fc", "#56fb98", "#b6202f", "#dc4838", "#6f2a61", "#6656fb", "#be558a",
  "#f91a1a", "#f292fc", "#c956fb", "#05bcd1", "#a0e6ee", "#87fb56", "#1a47f9", "#8af91a",
  "#dc38bb", "#c7eea0", "#207ab6", "#cf8181", "#6b05d1", "#55bea9", "#b68920", "#558abe",
];

/** Mirror of pysolver/numberlink/codec.py (read its grammar there). */
function decode(body, width, height) {
  if (!body) fail("link: empty Numberlink data");
  const cover = { F: "full", E: "free" }[body[0]];
  if (!cover) fail("link: the first character must be F (full cover) or E (free cover)");
  const items = body.slice(1).split(".");
  if (items[0] !== "") fail("link: expected '.' after the cover letter");
  if (items.length - 1 > width * height) fail("link: more endpoints than cells");
  const endpoints = items.slice(1).map((item, i) => {
    const m = /^(0|[1-9][0-9]*):((?:[A-Za-z0-9_-]|~[0-9A-F]{2}){1,192})$/.exec(item);
    if (!m) fail(`link: endpoint ${i + 1} is not index:label`);
    const at = +m[1];
    if (at >= width * height) fail(`link: endpoint ${i + 1} is outside the grid`);
    return [Math.floor(at / width), at % width, unescapeLabel(m[2], i + 1)];
  });
  return { endpoints, cover };
}

/** A label as the link carries it (pysolver/numberlink/codec.py): letters, digits, '_'
    and '-' as they are, any other character as ~XX per byte of its UTF-8. */
function unescapeLabel(text, n) {
  const bytes = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "~") { bytes.push(parseInt(text.slice(i + 1, i + 3), 16)); i += 2; }
    else bytes.push(text.charCodeAt(i));
  }
  let label;
  try {
    label = new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
  } catch (e) {
    fail(`link: endpoint ${n}: the label's escapes are not UTF-8`);
  }
  if (labelError(label)) fail(`link: endpoint ${n}: label ${labelError(label)}`);
  return label;
}

/** Why a label is not one (1 to 16 printable characters without white space), or "". */
function labelError(label) {
  const n = [...label].length;
  if (n < 1 || n > 16) return "must be 1 to 16 characters";
  if (/[\p{C}\p{Z}\s]/u.test(label)) return "must be printable characters without white space";
  return "";
}

function validate(p) {
  if (gridSizeError(p)) fail(gridSizeError(p));
  // (puzzle JSON may leave the cover out: it is full then, as pysolver reads it)
  if (p.cover === undefined) p.cover = "full";
  if (p.cover !== "full" && p.cover !== "free") fail('cover: expected "full" or "free"');
  if (!Array.isArray(p.endpoints)) fail("endpoints: expected a list");
  const count = new Map(), seen = new Set();
  p.endpoints.forEach((e, i) => {
    if (!Array.isArray(e) || e.length !== 3) fail(`endpoints[${i}]: expected [row, col, label]`);
    const [r, c, lab] = e;
    if (!Number.isInteger(r) || !Number.isInteger(c) || r < 0 || c < 0 || r >= p.height || c >= p.width) fail(`endpoints[${i}]: cell outside the grid`);
    if (typeof lab !== "string" || labelError(lab)) fail(`endpoints[${i}]: label ${typeof lab === "string" ? labelError(lab) : "must be text"}`);
    if (seen.has(r * p.width + c)) fail(`endpoint at row ${r}, col ${c}: two endpoints in one cell`);
    seen.add(r * p.width + c);
    count.set(lab, (count.get(lab) || 0) + 1);
  });
  for (const [lab, n] of count) if (n !== 2) fail(`label ${lab}: appears ${n === 1 ? "once" : n + " times"}, expected exactly twice`);
}

const cache = new WeakMap();
export function labelColour(i) {
  const all = COLOURS.length + MORE_COLOURS.length, k = i % all;
  return k < COLOURS.length ? COLOURS[k] : MORE_COLOURS[k - COLOURS.length];
}

function info(p) {
  let inf = cache.get(p);
  if (!inf) {
    const endAt = new Map(), ends = new Map();
    for (const [r, c, lab] of p.endpoints) {
      endAt.set(r * p.width + c, lab);
      if (!ends.has(lab)) ends.set(lab, []);
      ends.get(lab).push([r, c]);
    }
    inf = { endAt, ends, colour: pairColours(ends) };
    cache.set(p, inf);
  }
  return inf;
}

// (pairs whose endpoints' boxes, widened by this many cells, meet are neighbours)
const NEAR = 2;

/** label -> colour.  Up to 72 pairs each has its own, in the order they first appear
    (a screenshot's pairs are ordered to match: adoptColours).  On a bigger board
    colours must repeat: each pair takes, in turn, a colour no earlier neighbour has
    (its line most likely runs beside theirs), the least used of those, so that pairs
    of one colour lie apart; where every colour is taken nearby, the one fewest
    neighbours have. */
export function pairColours(ends) {
  const labels = [...ends.keys()], all = COLOURS.length + MORE_COLOURS.length;
  if (labels.length <= all) return new Map(labels.map((lab, i) => [lab, labelColour(i)]));
  const boxes = labels.map((lab) => {
    const rs = ends.get(lab).map(([r]) => r), cs = ends.get(lab).map(([, c]) => c);
    return [Math.min(...rs) - NEAR, Math.max(...rs) + NEAR, Math.min(...cs) - NEAR, Math.max(...cs) + NEAR];
  });
  const meet = (a, b) => a[0] <= b[1] && b[0] <= a[1] && a[2] <= b[3] && b[2] <= a[3];
  const slot = [], used = new Array(all).fill(0);
  labels.forEach((_, i) => {
    const near = new Array(all).fill(0);
    for (let j = 0; j < i; j++) if (meet(boxes[i], boxes[j])) near[slot[j]]++;
    let best = 0;
    for (let k = 1; k < all; k++) {
      if (near[k] < near[best] || (near[k] === near[best] && used[k] < used[best])) best = k;
    }
    slot.push(best);
    used[best]++;
  });
  return new Map(labels.map((lab, i) => [lab, labelColour(slot[i])]));
}

function newProgress() { return { paths: {} }; }


function complete(p, lab, path) {
  const [a, b] = info(p).ends.get(lab);
  return path.length >= 2 && ((same(path[0], a) && same(path[path.length - 1], b)) ||
                              (same(path[0], b) && same(path[path.length - 1], a)));
}

/** What a cell holds, in words (the keyboard cursor's announcement), with the ways its
    line leaves it: two answers that differ in a cell say it differently (the editor
    outlines where two solutions differ by these words). */
function describe(p, progress, r, c) {
  const end = info(p).endAt.get(r * p.width + c);
  const line = Object.keys(progress.paths).find((k) => progress.paths[k].some((q) => q[0] === r && q[1] === c));
  let ways = "";
  if (line !== undefined) {
    const path = progress.paths[line], i = path.findIndex((q) => q[0] === r && q[1] === c);
    const dir = ([r2, c2]) => (r2 < r ? "up" : r2 > r ? "down" : c2 < c ? "left" : "right");
    const out = [path[i - 1], path[i + 1]].filter(Boolean).map(dir);
    if (out.length) ways = `, going ${out.join(" and ")}`;
  }
  const on = line !== undefined ? `on line ${line}${ways}` : "empty";
  return end !== undefined ? `endpoint ${end}${line !== undefined ? `, on its line${ways}` : ""}` : on;
}

/** The cells the lines cover when every pair is joined, else -1. */
function joinedCover(p, progress) {
  const { ends } = info(p);
  let covered = 0;
  for (const lab of ends.keys()) {
    const path = progress.paths[lab];
    if (!path || !complete(p, lab, path)) return -1;
    covered += path.length;
  }
  return covered;
}

function isSolved(p, progress) {
  const covered = joinedCover(p, progress);
  return covered >= 0 && (p.cover === "free" || covered === p.width * p.height);
}

/** Why a grid that looks finished is not solved: every pair joined, cells left empty
    on a board where every cell must be on a line (a review: the page said nothing, as
    Flow does not, until Check). */
function almost(p, progress) {
  const covered = joinedCover(p, progress), empty = p.width * p.height - covered;
  if (covered < 0 || p.cover === "free" || !empty) return null;
  return `Every pair is joined, but ${empty} cell${empty === 1 ? " is" : "s are"} still empty: on this board every cell ` +
    "must be on a line.";
}

function layout(p) { return { cols: p.width, rows: p.height, x0: 0, y0: 0 }; }

function draw(ctx, p, progress, view) {
  const t = view.theme, W = p.width, H = p.height;
  const { colour: base } = info(p);
  // (the theme's board may be dark: line colours keep a readable contrast on it)
  const colour = new Map([...base].map(([lab, hex]) => [lab, legibleOn(hex, t.cell)]));
  ctx.fillStyle = t.cell;
  ctx.fillRect(0, 0, W, H);
  const lines = [...Object.entries(progress.paths), ...Object.entries(progress.tails || {})];
  for (const [lab, path] of lines) {
    ctx.fillStyle = mix(colour.get(lab) || t.fg, t.cell, 0.72);
    for (const [r, c] of path) ctx.fillRect(c, r, 1, 1);
  }
  gridLines(ctx, 0, 0, W, H, t.grid);
  for (const [lab, path] of lines) strokePath(ctx, path, colour.get(lab) || t.fg, 0.34);
  // Check's and Hint's outlines go under the endpoints, so a disc and its label stay whole.
  if (view.marks) strokeWrongCells(ctx, view.marks.errors.flatMap((e) => e.cells || []), 0, 0, t);
  if (view.highlight) strokeHighlight(ctx, view.highlight, 0, 0, t, 0.16);
  for (const [r, c, lab] of p.endpoints) {
    const col = colour.get(lab);
    const done = progress.paths[lab] && complete(p, lab, progress.paths[lab]);
    ctx.fillStyle = col;
    ctx.beginPath();
    ctx.arc(c + 0.5, r + 0.5, 0.4, 0, 2 * Math.PI);
    ctx.fill();
    if (done) {
      ctx.strokeStyle = t.fg;
      ctx.lineWidth = 0.07;
      ctx.stroke();
    }
    const text = lab.length > 3 ? lab.slice(0, 3) : lab;
    // (labels of two and three characters keep most of one's height and are squeezed
    // across to stay inside the disc: the box's corners within its radius of 0.4)
    const [size, across] = text.length > 2 ? [0.36, 0.66] : text.length > 1 ? [0.46, 0.62] : [0.5, 0.8];
    drawText(ctx, text, c + 0.5, r + 0.53, size, contrastText(col), 700, across);
  }
}

function press(p, progress, cell) {
  if (!cell.inside) return null;
  const W = p.width;
  const { endAt, ends } = info(p);
  const at = [cell.r, cell.c];
  let lab = endAt.get(cell.r * W + cell.c);
  // A press on a letter starts its line over from there, as in Flow (a tap erases it,
  // a drag draws it anew; a review found a drag in a new direction going on from the
  // old line's loose end); a press on a line's cell goes on from that cell.
  const onEnd = lab !== undefined, tapped = tapCheck();
  let path;
  if (onEnd) {
    path = [at];
  } else {
    lab = Object.keys(progress.paths).find((k) => progress.paths[k].some((q) => same(q, at)));
    if (lab === undefined) return null;
    const line = progress.paths[lab];
    path = line.slice(0, line.findIndex((q) => same(q, at)) + 1);
  }
  const others = { ...progress.paths };
  delete others[lab];
  const partner = ends.get(lab).find((e) => !same(e, path[0]));
  const step = (to) => {
    const idx = path.findIndex((q) => same(q, to));
    if (idx >= 0) { path = path.slice(0, idx + 1); return true; }
    const tip = path[path.length - 1];
    if (!adjacent(tip, to) || (path.length > 1 && same(tip, partner))) return false;
    const endLab = endAt.get(to[0] * W + to[1]);
    if (endLab !== undefined && endLab !== lab) return false;
    // Drawing over another line cuts it just before this cell.
    for (const [k, line] of Object.entries(others)) {
      const j = line.findIndex((q) => same(q, to));
      if (j >= 0) {
        if (j === 0) delete others[k];
        else others[k] = line.slice(0, j);
      }
    }
    path = [...path, to];
    return true;
  };
  const preview = () => ({ paths: { ...others, [lab]: path } });
  return {
    preview,
    move(to) {
      const free = (q) => !Object.values(others).some((line) => line.some((x) => same(x, q)));
      walkTowards(() => path, to, W, p.height, step, free);
      return preview();
    },
    end() {
      // (a press held still on a letter, a finger resting there, keeps its line)
      if (onEnd && !this.moved && !tapped(this)) return null;
      const next = preview();
      if (next.paths[lab].length <= 1) delete next.paths[lab];
      return next;
    },
    cancel() {},
  };
}

/** One solver step (pysolver numberlink steps()): step.lines is its label's line(s) as
    drawn after the step, one finished line or up to two growing from the endpoints. */
function applyStep(p, progress, step) {
  const paths = { ...progress.paths }, tails = { ...(progress.tails || {}) };
  const [first, second] = step.lines || [];
  if (first) paths[step.label] = first; else delete paths[step.label];
  if (second) tails[step.label] = second; else delete tails[step.label];
  return { paths, tails };
}

/** A board read from a picture, with `colours` (label -> "#rrggbb", the dots' colour in
    it): its pairs reordered and lettered A, B, C... so that each is drawn in the colour of
    the board's palette nearest its own (pairs are coloured in the order they first
    appear), closest pairs first.  The picture's red pair stays red, its blue pair blue. */
function adoptColours(p, colours) {
  const labels = [...new Set(p.endpoints.map((e) => e[2]))];
  const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const far = (a, b) => a.reduce((s, v, i) => s + (v - b[i]) ** 2, 0);
  const pairs = [];
  labels.forEach((lab, i) => {
    if (!/^#[0-9a-f]{6}$/i.test(colours[lab] || "")) return;
    for (let k = 0; k < labels.length; k++) pairs.push([far(rgb(colours[lab]), rgb(labelColour(k))), i, k]);
  });
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const slot = new Map(), taken = new Set();
  for (const [, i, k] of pairs) if (!slot.has(i) && !taken.has(k)) { slot.set(i, k); taken.add(k); }
  let free = 0;
  labels.forEach((lab, i) => {
    if (slot.has(i)) return;
    while (taken.has(free)) free++;
    slot.set(i, free);
    taken.add(free);
  });
  // (letters as a Flow board's, numbers past 52 pairs)
  const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const name = (k) => (labels.length <= LETTERS.length ? LETTERS[k] : String(k + 1));
  const slotOf = new Map(labels.map((lab, i) => [lab, slot.get(i)]));
  const endpoints = [...p.endpoints].sort((a, b) => slotOf.get(a[2]) - slotOf.get(b[2]));
  return { ...p, endpoints: endpoints.map(([r, c, lab]) => [r, c, name(slotOf.get(lab))]) };
}

function toSolution(p, progress) { return { paths: progress.paths }; }
function fromSolution(p, solution) { return { paths: JSON.parse(JSON.stringify(solution.paths)) }; }

/** The progress with each line cut back to before its first cell among `cells` (a
    hint's fix: the cells from the first one off the solution on); a line left with
    no step goes. */
function clearCells(p, progress, cells) {
  const gone = new Set(cells.map(([r, c]) => r * p.width + c));
  const paths = {};
  for (const [lab, path] of Object.entries(progress.paths)) {
    const k = path.findIndex(([r, c]) => gone.has(r * p.width + c));
    const kept = k < 0 ? path : path.slice(0, k);
    if (kept.length >= 2) paths[lab] = kept.map(([r, c]) => [r, c]);
  }
  return { ...progress, paths };
}

export default {
  type: "numberlink",
  keys: ["endpoints", "cover"],
  // (whether every cell must be used decides when the board counts as solved: the
  // play page says which rule this board has, in its meta line and its help)
  variant: (p) => (p.cover === "full" ? "every cell on a line" : "cells may stay empty"),
  controls: "Drag (with the mouse or a finger) from a letter or number to its twin to join them. Drag back to " +
        "shorten, draw over a line to cut it, click or tap a letter or number to erase its line. Zoom with the wheel, a pinch " +
        "or the + and − buttons; pan with Alt-drag, two fingers, or a drag from an empty cell.",
  decode, validate, layout, draw, press, newProgress, toSolution, fromSolution, isSolved, almost, applyStep, describe,
  adoptColours, clearCells,
  editor: () => import("../editor-numberlink.js").then((m) => m.default),
};
