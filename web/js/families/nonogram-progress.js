/* Nonograms: the player's grid (progress), {grid: [row strings]} with "?" unknown,
   "." crossed and "#" or a palette key filled: a new one, a cell set, the solver's
   answers and Replay's steps applied to it, a cell in words, and the input (a press
   or a drag along one row or column, and the paint tools it paints with). */

import { colourNames, paletteTools } from "./colournames.js";
import { blocks } from "./nonogram-lines.js";

export function newProgress(p) {
  return { grid: Array.from({ length: p.height }, () => "?".repeat(p.width)) };
}

/** What a press fills a cell with when no colour is chosen: "#", or (multicolour) none. */
function filledKey(p) {
  return p.palette ? null : "#";
}

/** Cell (r, c) of `grid`, a copy of the progress's rows, set to `v`. */
function setCell(grid, r, c, v) {
  const row = grid[r];
  grid[r] = row.slice(0, c) + v + row.slice(c + 1);
}

/** Drags paint one row or column: the axis locks on the first move. */
export function press(p, progress, cell, button, tool) {
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

export function toSolution(p, progress) {
  return { grid: progress.grid.slice() };
}

/** A (possibly partial) solution grid onto the progress: known cells win. */
export function fromSolution(p, solution, current) {
  const base = current ? current.grid : newProgress(p).grid;
  return { grid: base.map((row, r) => Array.from(row, (ch, c) => {
    const v = solution.grid[r][c];
    return v === "?" || v === undefined ? ch : v;
  }).join("")) };
}

/** One recorded solving step (pysolver nonogram steps()) applied to progress. */
export function applyStep(p, progress, step) {
  const grid = progress.grid.slice();
  (step.cells || []).forEach(([r, c], i) => {
    const v = Array.isArray(step.values) ? step.values[i] : typeof step.values === "string" ? step.values[i] : step.value;
    if (v !== undefined) setCell(grid, r, c, v);
  });
  return { grid };
}

/** What a cell holds, in words (the keyboard cursor's announcement). */
export function describe(p, progress, r, c) {
  const v = progress.grid[r][c];
  if (v === "?") return "empty";
  if (v === ".") return "crossed";
  return p.palette ? colourNames(p.palette)[v] || "filled" : "filled";
}

/** A row's or column's clue in words (the keyboard cursor's announcement): "2 1",
    in colour "2 red, 1 blue", "0" for an empty line, as the board shows it. */
export function clueWords(p, kind, i) {
  const clue = blocks((kind === "row" ? p.rows : p.cols)[i] || []);
  if (!clue.length) return "0";
  if (!p.palette) return clue.map(([n]) => n).join(" ");
  const names = colourNames(p.palette);
  return clue.map(([n, k]) => `${n} ${names[k] ?? k}`).join(", ");
}

/** The palette as paint tools (a black-and-white puzzle has none: a press fills). */
export function tools(p) {
  // (a cross tool besides the colours: on a touch screen a cross is otherwise a long
  // press, and a pen/cross switch is what nonogram apps give players; a player's review)
  const cross = { id: ".", label: "Cross: mark cells empty", color: "var(--cell)", ink: "var(--fg)", mark: "×" };
  return p.palette ? [...paletteTools(p.palette), cross]
    : [{ id: "#", label: "Fill cells", color: "var(--filled)", mark: "" }, cross];
}
