/* Hungry Cat in the editor (see editor.js): each row's and column's clue typed as,
   for each colour in it, its count and its key: "5a 3b".  A count is circled (its
   cells form one block) unless written in square brackets, "[3]k" (they do not);
   "(3)b" is circled too, for those who copy the circles. */

import { letterKeys, lineDraft, lineName, parseLines, totalsProblems, withNames } from "./editor-kinds.js";
import { colourNames } from "./families/colournames.js";
import { drawingColours } from "./families/draw.js";

/** The palette of `n` colours: white, then the drawing maker's colours. */
const colours = (n) => ({ w: "#ffffff", ...drawingColours(n - 1) });

/** A line's text -> {items: [[key, count, circled], ...]} or {error}. */
function parse(text, palette) {
  const items = [], seen = new Set();
  const rest = text.replace(/\(([0-9]{1,4})\)([A-Za-z])|\[([0-9]{1,4})\]([A-Za-z])|([0-9]{1,4})([A-Za-z])/g, (all, a, ka, b, kb, c, kc) => {
    items.push([ka || kb || kc, +(a || b || c), !b]);
    return " ";
  });
  const junk = rest.trim().split(/[\s,;]+/).filter(Boolean)[0];
  if (junk) return { error: `“${junk}” is not a clue: type a count and its colour's key, like 5${Object.keys(palette)[0]}.` };
  for (const [k, n, circled] of items) {
    if (!(k in palette)) return { error: `there is no colour ${k} (the colours' keys are ${Object.keys(palette).join(" ")}; capitals count).` };
    if (seen.has(k)) return { error: `colour ${k} is given twice: a line has one count per colour.` };
    seen.add(k);
    if (n < 1) return { error: `a count of 0: leave the colour out instead.` };
    if (n === 1 && !circled) return { error: `[1]${k}: a single cell is always one block, so its count is circled.` };
  }
  const order = Object.keys(palette);
  return { items: items.sort((x, y) => order.indexOf(x[0]) - order.indexOf(y[0])) };
}

const parsed = (d) => parseLines(d, (text) => parse(text, d.palette));
const asText = (items) => items.map(([k, n, circled]) => (circled ? `${n}${k}` : `[${n}]${k}`)).join(" ");

export default {
  ...lineDraft,
  help: "Type each row's clue, top to bottom, then each column's, left to right: for each colour in the line its " +
        "count and its key, “5w 3k” (w white, k black: the key on each colour's button). A count is circled " +
        "(those cells form one block) unless you put it in square brackets, “[3]k” (they do not). Every cell has " +
        "a colour, so a line's counts add up to its length. Enter or the down arrow goes to the next line, the up " +
        "arrow back.",
  palette: { min: 2, max: 8, colours },
  blank: (width, height) => lineDraft.blankLines("hungrycat", width, height, colours(2)),
  placeholder: (d) => {
    // (counts that fill a row of this board: "5w [3]k" did not fit a 4-wide one)
    const [a, b] = Object.keys(d.palette), first = Math.ceil(d.width / 2), second = d.width - first;
    return `e.g. ${first}${a}${second ? ` ${second > 1 ? `[${second}]` : second}${b ?? a}` : ""}`;
  },
  fromPuzzle(p) {
    const { palette, renamed } = letterKeys(p.palette);
    const keyed = (items) => asText(items.map(([k, n, circled]) => [renamed[k], n, circled]));
    return withNames(p, { type: "hungrycat", width: p.width, height: p.height, palette,
                          rows: p.rows.map(keyed), cols: p.cols.map(keyed) });
  },
  puzzle(d) {
    const { rows, cols } = parsed(d);
    return withNames(d, { type: "hungrycat", width: d.width, height: d.height, palette: d.palette, rows, cols });
  },
  problems(d) {
    const { rows, cols, problems } = parsed(d);
    let empty = 0;
    for (const [kind, lines, len] of [["row", rows, d.width], ["col", cols, d.height]]) {
      lines.forEach((items, i) => {
        const text = (kind === "row" ? d.rows : d.cols)[i];
        if (!text.trim()) { empty += 1; return; }
        const total = items.reduce((s, it) => s + it[1], 0);
        if (items.length && total !== len) {
          problems.push({ message: `${lineName(kind, i)}: its counts add up to ${total}, the line has ${len} cells.`,
                          lines: [[kind, i]] });
        }
      });
    }
    if (empty) {
      problems.push({ message: empty === d.width + d.height ? "No clues yet: type each row's counts, then each column's."
        : `${empty} line${empty > 1 ? "s have" : " has"} no clue yet: every line's counts add up to its length.` });
    } else if (!problems.some((q) => q.unreadable)) {    // (totals once every line reads)
      const names = colourNames(d.palette);
      const count = (items) => new Map(items.map(([k, n]) => [k, n]));
      problems.push(...totalsProblems(rows, cols, count, (k) => names[k]));
    }
    return problems;
  },
};
