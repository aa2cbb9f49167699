/* The family modules of the front end, by puzzle type (the JavaScript side of
   pysolver.registry).  Each module exports an object with:
     type, title, keys (family keys of puzzle JSON), methods, help (text, or a function of the puzzle),
     rules?(puzzle)          a short note on the board's rule variant, shown in the meta line
     decode(body, w, h)      mirror of the family's compact link body (pysolver/<type>/codec.py)
     validate(puzzle)        throw Error(message) when the puzzle cannot be drawn safely
     layout(puzzle)          {cols, rows, x0, y0, pinnedClues?}: size in cell units, grid origin;
                             pinnedClues: the margins are clue strips drawn with
                             draw.js pinnedClueStrips (the board keeps presses and hints off them)
     draw(ctx, puzzle, progress, view)   in cell units; view: theme, visible, hover, marks, highlight, tool
     press(puzzle, progress, cell, button, tool) -> stroke {preview, move(cell), end(), cancel(), secondary?}
     newProgress(puzzle), toSolution(puzzle, progress), fromSolution(puzzle, solution, current?)
     isSolved(puzzle, progress), tools?(puzzle) -> [{id, label, color, mark}],
     describe?(puzzle, progress, r, c) -> a cell's content in words (for screen readers), replay + applyStep(puzzle, progress, step) */
import hungrycat from "./hungrycat.js";
import linkapix from "./linkapix.js";
import nonogram from "./nonogram.js";
import numberlink from "./numberlink.js";

export const TYPES = ["linkapix", "nonogram", "numberlink", "hungrycat"];
const MODULES = { linkapix, nonogram, numberlink, hungrycat };

export function family(type) {
  return MODULES[type];
}
