/* Link-a-Pix in the editor (see editor.js): click a cell or move to it with the arrow
   keys, type its number (two digits typed at once make one number), and pick its
   colour (a swatch, or the colour's key typed after the number). */

import { cellDraft, cellName, letterKeys, withNames } from "./editor-kinds.js";
import { colourNames } from "./families/colournames.js";
import { drawingColours } from "./families/draw.js";
import { lonelyClues } from "./families/linkapix.js";

const cells = cellDraft("clues");
// Clues are typed up to this many digits (a 100x100 board's longest link has four).
const MAX_DIGITS = 4;

export default {
  ...cells,
  help: "Click a cell (or move to it with the arrow keys) and type its number; two digits typed quickly make " +
        "one number (1 then 2 is 12). Delete or Backspace clears a cell, Enter goes on to the next. New numbers " +
        "take the chosen colour; type a colour's key (shown on its swatch) to give the number there that colour.",
  palette: { min: 1, max: 8, colours: drawingColours },
  blank: (width, height) => ({ type: "linkapix", width, height, palette: drawingColours(1), clues: [] }),
  fromPuzzle(p) {
    // (letter keys: a digit key would be read as part of a number, not as a colour)
    const { palette, renamed } = letterKeys(p.palette);
    return withNames(p, { type: "linkapix", width: p.width, height: p.height, palette,
                          clues: p.clues.map(([r, c, n, k]) => [r, c, n, renamed[k]]) });
  },
  puzzle: (d) => withNames(d, { type: "linkapix", width: d.width, height: d.height, palette: d.palette,
                                 clues: d.clues.filter((cl) => cl[3] in d.palette) }),
  accepts: (key) => /^[0-9]$/.test(key),
  joins: (before, key) => (before.length < MAX_DIGITS ? before + key : null),
  // (a 0 typed alone used to clear the cell without a word: a 1 is the smallest clue)
  refuses: (text) => (/^0+$/.test(text) ? "There is no 0 in Link-a-Pix: the smallest number is 1, a cell painted alone. " +
                      "Delete or Backspace clears a cell." : null),
  cellText: (d, r, c) => String(cells.itemAt(d, r, c)?.[2] ?? ""),
  setCell(d, r, c, text, colour) {
    const n = parseInt(text, 10), old = cells.itemAt(d, r, c);
    const rest = cells.without(d, r, c);
    if (!(n >= 1)) return { ...d, clues: rest };
    const k = colour && colour in d.palette ? colour : old?.[3] ?? Object.keys(d.palette)[0];
    const clues = [...rest, [r, c, n, k]].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return { ...d, clues };
  },
  problems(d) {
    const names = colourNames(d.palette), out = [];
    if (!d.clues.length) return [{ message: "No numbers yet: click a cell and type its number." }];
    const tint = (k) => (Object.keys(d.palette).length > 1 ? ` in ${names[k]}` : "");
    for (const [r, c, n, k] of d.clues) {
      if (!(k in d.palette)) out.push({ message: `The ${n} at ${cellName(r, c)} has a colour no longer in the palette.`, cells: [[r, c]] });
      else if (n > d.width * d.height) out.push({ message: `The ${n} at ${cellName(r, c)} is longer than the board has cells.`, cells: [[r, c]] });
    }
    // (the counts and partners of the clues said to be wrong above are not looked at)
    const p = { ...d, clues: d.clues.filter((cl) => cl[3] in d.palette && cl[2] <= d.width * d.height) };
    // (numbers of 2 or more pair up: an odd count of one number and colour leaves one over)
    const groups = new Map();
    for (const [r, c, n, k] of p.clues) {
      if (n < 2) continue;
      const key = `${n} ${k}`;
      if (!groups.has(key)) groups.set(key, { n, k, cells: [] });
      groups.get(key).cells.push([r, c]);
    }
    for (const { n, k, cells: where } of groups.values()) {
      if (where.length % 2 && where.length > 1) {
        out.push({ message: `There are ${where.length} ${n}s${tint(k)}: they pair up, so one is missing or mistyped.`,
                   cells: where });
      }
    }
    for (const [r, c, n, k] of lonelyClues(p)) {
      // (a path of n cells ends n - 1 steps away, or 2, 4 ... fewer where it winds)
      const steps = [];
      for (let d = n - 1; d >= 1; d -= 2) steps.push(d);
      const reach = steps.length > 3 ? `an ${(n - 1) % 2 ? "odd" : "even"} number of steps away, at most ${n - 1}`
        : `${steps.slice(0, -1).join(", ")}${steps.length > 1 ? " or " : ""}${steps.at(-1)} step${n === 2 ? "" : "s"} away`;
      // (the steps before the other clue: "another 3 2 steps away" read as one number)
      out.push({ message: `The ${n}${tint(k)} at ${cellName(r, c)} has no partner: a path of ${n} cells ends ` +
                          `${reach}, on another ${n}${tint(k)}, and there is none.`, cells: [[r, c]] });
    }
    return out;
  },
};
