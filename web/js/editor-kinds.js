/* What the family editors share (see editor.js for what a family's editor module
   exports): drafts whose clues sit in cells (a list of [r, c, ...] items) and drafts
   whose clues are one text per row and column, and the words their problems use. */

import { colourNames } from "./families/colournames.js";

/** "Row 3" / "Column 2" of a line ["row"|"col", i]. */
export function lineName(kind, i) {
  return `${kind === "row" ? "Row" : "Column"} ${i + 1}`;
}

/** "row 3, column 2" of a cell. */
export function cellName(r, c) {
  return `row ${r + 1}, column ${c + 1}`;
}

/** The parts of a "lines" editor every such family has the same: a draft holds the
    typed text of each row and column (`rows`, `cols`), kept as typed. */
export const lineDraft = {
  entry: "lines",
  blankLines(type, width, height, palette) {
    return { type, width, height, palette, rows: Array(height).fill(""), cols: Array(width).fill("") };
  },
  resize(d, width, height) {
    const fit = (list, n) => Array.from({ length: n }, (_, i) => list[i] ?? "");
    return { ...d, width, height, rows: fit(d.rows, height), cols: fit(d.cols, width) };
  },
  /** How many typed clues a resize to width x height leaves out. */
  dropped: (d, width, height) => [...d.rows.slice(height), ...d.cols.slice(width)].filter((t) => t.trim()).length,
  wellFormed: (d) => Array.isArray(d.rows) && Array.isArray(d.cols) && d.rows.length === d.height &&
    d.cols.length === d.width && [...d.rows, ...d.cols].every((t) => typeof t === "string"),
  lineText: (d, kind, i) => (kind === "row" ? d.rows : d.cols)[i] ?? "",
  setLine(d, kind, i, text) {
    const key = kind === "row" ? "rows" : "cols";
    const list = d[key].slice();
    list[i] = text;
    return { ...d, [key]: list };
  },
};

/** Parse each row and column of a lines draft with `parse(text) -> {items} | {error}`:
    {rows, cols} of items (a line that does not parse is empty) and the problems of
    the lines that did not. */
export function parseLines(d, parse) {
  const problems = [], out = { rows: [], cols: [] };
  for (const [kind, key] of [["row", "rows"], ["col", "cols"]]) {
    d[key].forEach((text, i) => {
      const res = parse(text);
      // ("unreadable": the line as the board draws it, a ? for what is not a clue, not
      // the empty clue it stands in for)
      if (res.error) problems.push({ message: `${lineName(kind, i)}: ${res.error}`, lines: [[kind, i]], unreadable: res.shown || true });
      out[key].push(res.items || []);
    });
  }
  return { ...out, problems };
}

/** Per colour, rows' cells against columns' cells, when they differ: a problem each
    (the whole grid counted two ways must agree).  `count(items) -> Map(colour, n)`;
    `name(colour)` words a colour ("" for black and white). */
export function totalsProblems(rows, cols, count, name) {
  const sum = (lines) => {
    const total = new Map();
    for (const items of lines) for (const [k, n] of count(items)) total.set(k, (total.get(k) || 0) + n);
    return total;
  };
  const byRow = sum(rows), byCol = sum(cols), out = [];
  for (const k of new Set([...byRow.keys(), ...byCol.keys()])) {
    const a = byRow.get(k) || 0, b = byCol.get(k) || 0;
    if (a !== b) {
      const what = name(k) ? `${name(k)} cells` : "filled cells";
      out.push({ message: `The rows' clues give ${a} ${what}, the columns' ${b}: a clue is missing or mistyped.` });
    }
  }
  return out;
}

/** The parts of a "cells" editor: the draft's `key` holds items [r, c, ...]. */
export function cellDraft(key) {
  return {
    entry: "cells",
    wellFormed: (d) => Array.isArray(d[key]) && d[key].every((it) => Array.isArray(it) && Number.isInteger(it[0]) &&
      Number.isInteger(it[1]) && it[0] >= 0 && it[1] >= 0 && it[0] < d.height && it[1] < d.width),
    itemAt: (d, r, c) => d[key].find((it) => it[0] === r && it[1] === c),
    without: (d, r, c) => d[key].filter((it) => it[0] !== r || it[1] !== c),
    resize: (d, width, height) => ({ ...d, width, height, [key]: d[key].filter(([r, c]) => r < height && c < width) }),
    dropped: (d, width, height) => d[key].filter(([r, c]) => r >= height || c >= width).length,
  };
}

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** A puzzle's palette with every key a letter, as the editors read a key typed after
    a number ("3k") or on a cell, and the key each old key became: a key that is not one
    letter (a file's "@" or "0", which would read as part of the number) takes its
    colour's initial when that is free, else the first free letter.  Letters keep theirs. */
export function letterKeys(palette) {
  const letter = (k) => /^[A-Za-z]$/.test(k);
  const taken = new Set(Object.keys(palette).filter(letter));
  const names = colourNames(palette);
  const renamed = {};
  for (const k of Object.keys(palette)) {
    if (letter(k)) { renamed[k] = k; continue; }
    const initial = names[k].startsWith("colour ") ? null : names[k][0];
    renamed[k] = initial && !taken.has(initial) ? initial : [...LETTERS].find((x) => !taken.has(x));
    taken.add(renamed[k]);
  }
  return { palette: Object.fromEntries(Object.entries(palette).map(([k, c]) => [renamed[k], c])), renamed };
}

/** Keep a draft's title and author in the puzzle it makes (and a puzzle's in the draft:
    Edit on a puzzle drawn and signed kept its title and dropped the name). */
export function withNames(from, to) {
  if (from.title) to.title = from.title;
  if (from.author) to.author = from.author;
  return to;
}
