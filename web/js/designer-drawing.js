/* The drawing maker's drawings and the kinds it draws, apart from its page (designer.js)
   because they are plain data: which families can be drawn and how (kindsOf), a blank
   drawing, the puzzle a drawing makes, whether it is blank, and its undo history as
   saved on this device, read back only when it is a drawing the maker could have made.

   A drawing is {kind, id, grid, palette, title?, author?}: `grid` rows of the kind's
   cell keys, `palette` its colours (null: black and white). */

import { checkedHistory } from "./history.js";

// (the history of drawings of every kind; the storage key is from when the maker drew
// one kind, and stays so that drawings saved then still open)
export const DESIGN_KEY = "design.nonogram";

/* The kinds of drawing: {type, title, drawing (the description's limits and maker),
   timeout (that maker's), method (the family's default), ...drawingKind, board}, by type;
   the first is the kind of a drawing saved without one. */
export function kindsOf(families) {
  const kinds = families.filter((f) => f.drawing && f.drawingKind).map((f) => ({
    type: f.type, title: f.title, drawing: f.drawing, method: f.methods[0].name,
    timeout: f.makers.find((m) => m.name === f.drawing.maker)?.timeout ?? 60,
    board: f, ...f.drawingKind,
  }));
  kinds.sort((a, b) => !!b.original - !!a.original);
  return new Map(kinds.map((k) => [k.type, k]));
}

/** The kind offered first, and that of a drawing saved before there were kinds. */
export function firstKind(kinds) {
  return kinds.values().next().value;
}

/** The kind a drawing is of. */
export function kindOf(kinds, drawing) {
  return kinds.get(drawing.kind) || firstKind(kinds);
}

/** A blank drawing of a kind.  Its `id` is shared by the states its strokes make, so
    its title and author (typed once, kept in every one of them) come back with it on Undo. */
export function blankDrawing(k, width, height, colours) {
  return { kind: k.type, id: Date.now().toString(36) + Math.random().toString(36).slice(2, 6),
           grid: Array.from({ length: height }, () => k.blank.repeat(width)),
           palette: k.palette(Math.max(k.drawing.min_colours, colours)) };
}

/** Whether a drawing read back from storage (where anything may have been written)
    is one the maker could have made: its kind, size, palette and cells. */
function goodDrawing(kinds, d) {
  if (!d || typeof d !== "object" || !Array.isArray(d.grid)) return false;
  if (d.kind !== undefined && (typeof d.kind !== "string" || !kinds.has(d.kind))) return false;
  const k = kindOf(kinds, d), g = d.grid;
  const side = (n) => Number.isInteger(n) && n >= k.drawing.min_side && n <= k.drawing.max_side;
  if (!side(g.length) || typeof g[0] !== "string" || !side(g[0].length)) return false;
  for (const key of ["title", "author"]) if (d[key] !== undefined && (typeof d[key] !== "string" || d[key].length > 200)) return false;
  const pal = d.palette;
  if (pal === null ? k.palette(1) !== null
      : typeof pal !== "object" || Array.isArray(pal) || !Object.keys(pal).length || Object.keys(pal).length > 16 ||
        !Object.entries(pal).every(([key, hex]) => [...key].length === 1 && /^#[0-9a-f]{6}$/i.test(hex))) return false;
  const allowed = new Set([k.blank, ...(pal ? Object.keys(pal) : ["#"])]);
  return g.every((row) => typeof row === "string" && row.length === g[0].length && [...row].every((ch) => allowed.has(ch)));
}

/** The saved history of drawings, with whatever does not pass goodDrawing left out. */
export function loadHistory(kinds, fallback) {
  return checkedHistory(DESIGN_KEY, fallback, (x) => goodDrawing(kinds, x));
}

/** The puzzle a drawing makes: its clues, and the palette's colours it uses. */
export function drawingPuzzle(kinds, drawing, meta = {}) {
  const p = kindOf(kinds, drawing).puzzle(drawing.grid, drawing.palette);
  if (meta.title) p.title = meta.title;
  if (meta.author) p.author = meta.author;
  return p;
}

/** Whether every cell of a drawing is its kind's blank one. */
export function isEmpty(kinds, drawing) {
  const blank = kindOf(kinds, drawing).blank;
  return drawing.grid.every((row) => [...row].every((ch) => ch === blank));
}
