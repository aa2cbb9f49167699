/* Nonograms, black-and-white and multicolour: the family's module, as
   families/index.js reads it, put together from modules with one job each:
   nonogram-read.js (link bodies, puzzle JSON), nonogram-lines.js (a line against its
   clue), nonogram-progress.js (the player's grid and the input), nonogram-draw.js and
   nonogram-grid.js (the board).  Here: what the drawing maker needs (drawingKind) and
   the module's exports.

   Progress: {grid: [row strings]} with "?" unknown, "." crossed (blank), "#" filled
   (black-and-white) or a palette key (multicolour): the partial-solution shape that
   pysolver's check(partial=True) and hint() read.
   Input: left click/tap fills (in the chosen colour), right click or a long press
   crosses, middle click clears; a drag paints along one row or column only, with the
   value the first cell took (so a drag that starts by clearing, clears).
   Error marks ("Show errors" on the play page): brokenLines(), judged from the clues
   alone; see lineBroken(). */

import { drawingColours, usedPalette } from "./draw.js";
import { draw, layout } from "./nonogram-draw.js";
import { brokenLines, cluesOf, isSolved } from "./nonogram-lines.js";
import { applyStep, clueWords, describe, fromSolution, newProgress, press, toSolution, tools } from "./nonogram-progress.js";
import { decode, validate } from "./nonogram-read.js";
import { clearGridCells } from "./grid-progress.js";

// (what the drawing maker and tests import from the family's module)
export { cluesOf, lineBroken } from "./nonogram-lines.js";

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
  controls: "Click or tap to fill; right-click, or press and hold on a touch screen, to cross (or choose the × " +
        "button, and a click or tap crosses); click or tap a cell again (or middle-click) to clear. Drag to paint a row or column. Zoom with the wheel, a pinch or the + and " +
        "− buttons; pan with Alt-drag, two fingers, or a drag that starts outside the grid.",
  decode, validate, layout, draw, press, newProgress, toSolution, fromSolution, isSolved, applyStep, tools, describe,
  clueWords, brokenLines, drawingKind, clearCells: clearGridCells,
  editor: () => import("../editor-nonogram.js").then((m) => m.default),
};
