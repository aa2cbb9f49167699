/* The families of the front end: Python's description of them (families.json, or the
   worker's `families` answer: titles, methods, rules, limits, makers, what the drawing
   maker may draw) joined to each family's module here, which draws and plays it.
   Adding a family: its module in this folder and one line in MODULES.

   A family, as family(type) returns it, has the description's keys (type, title,
   methods [{name, about}], replay, hint_levels, reads, writes, limits, rules, makers,
   drawing) and its module's:
     keys                    family keys of puzzle JSON (which make a puzzle's identity)
     controls                how the board is played with a mouse, a finger (the help)
     variant?(puzzle)        a short note on the board's rule variant, shown in the meta line
     decode(body, w, h)      mirror of the family's compact link body (pysolver/<type>/codec.py)
     validate(puzzle)        throw Error(message) when the puzzle cannot be drawn safely
     problems?(puzzle)       what the clues alone show is wrong, said when it opens
     layout(puzzle)          {cols, rows, x0, y0, pinnedClues?}: size in cell units, grid origin;
                             pinnedClues: the margins are clue strips drawn with
                             draw.js pinnedClueStrips (the board keeps presses and hints off them)
     draw(ctx, puzzle, progress, view)   in cell units; view: theme, visible, hover, marks, highlight, tool,
                             picture (true: the finished picture alone, without numbers or links)
     press(puzzle, progress, cell, button, tool) -> stroke {preview, move(cell), end(), cancel(), secondary?,
                             note?() (when end() changed nothing: why, said to the player)}
     newProgress(puzzle), toSolution(puzzle, progress), fromSolution(puzzle, solution, current?)
     isSolved(puzzle, progress), almost?(puzzle, progress) -> why a grid that looks finished is not
                             solved, said after the move that made it so (or null),
                             tools?(puzzle) -> [{id, label, color, mark, ink?}] (the play page's swatches;
                             ink: the mark's colour where color is a CSS variable),
     describe?(puzzle, progress, r, c) -> a cell's content in words (for screen readers),
     clueWords?(puzzle, "row" | "col", i) -> a line's clue in words (for screen readers)
     picture?(puzzle, progress) -> per cell (row by row) what the answer shows there, where two
                             answers that differ in how they are drawn are the same (Link-a-Pix:
                             the colours painted); the editor outlines the cells where two
                             solutions differ by it, else by describe
     applyStep(puzzle, progress, step) (when the description says replay),
     clearCells?(puzzle, progress, cells)  the progress with the player's mistakes on these
                             cells taken back (a hint's fix: its second press, see actions.js)
     brokenLines?(puzzle, progress)  lines whose settled cells break their clue ("Show errors")
     drawingKind?            what the drawing maker needs to draw its pictures (see designer.js)
     adoptColours?(puzzle, colours)  a board read from a picture, redone so that it is drawn in
                             the picture's colours (colours: the maker's stats.colours)
     editor?()               -> a promise of its editor module ("Enter a puzzle", see editor.js) */
import { setLimits } from "../limits.js";
import hungrycat from "./hungrycat.js";
import linkapix from "./linkapix.js";
import nonogram from "./nonogram.js";
import numberlink from "./numberlink.js";

const MODULES = { linkapix, nonogram, numberlink, hungrycat };

/** The puzzle types the app plays, in the description's order (set by useDescription). */
export let TYPES = [];
const families = new Map();

/** Take Python's description of the families (version 1): each family the front end
    has a module for is joined to it; the grid limits are set. */
export function useDescription(description) {
  if (!description || description.version !== 1 || !Array.isArray(description.families)) {
    throw new Error("the description of the puzzle families is not one this page reads (version 1)");
  }
  families.clear();
  for (const d of description.families) {
    // (the module is the family's prototype: its functions are the module's own, so
    // one wrapped later, as a test may do, is the one called)
    if (MODULES[d.type]) families.set(d.type, Object.assign(Object.create(MODULES[d.type]), d));
  }
  TYPES = [...families.keys()];
  setLimits(description.limits, Object.fromEntries(description.families.map((d) => [d.type, d.limits])));
}

export function family(type) {
  return families.get(type);
}
