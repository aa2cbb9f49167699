/* Nonograms in the editor (see editor.js): each row's and column's clue typed as its
   numbers, "3 1 2"; in colour, each number followed by its colour's key, "3k 1r" (a
   number without a key is the first colour's).  An empty line, or 0, has no blocks. */

import { letterKeys, lineDraft, lineName, parseLines, totalsProblems, withNames } from "./editor-kinds.js";
import { colourNames } from "./families/colournames.js";
import { drawingColours } from "./families/draw.js";

const SEPARATORS = /[\s,;.]+/;

/** A line's text -> {items: [[n, key|null], ...]}, or {error, shown}: the first token
    that is not a clue named, and the line as the board draws it (a ? for each such
    token, the clue's numbers as typed). */
function parse(text, palette) {
  const items = [], shown = [];
  let error = null;
  // (in colour, "1k1r" is two clues: every number but the last has its key after it)
  const tokens = text.trim().split(SEPARATORS).filter(Boolean)
    .flatMap((t) => (palette && /^([0-9]{1,4}[A-Za-z])+([0-9]{1,4}[A-Za-z]?)?$/.test(t) ? t.match(/[0-9]{1,4}[A-Za-z]?/g) : [t]));
  for (const token of tokens) {
    const m = /^([0-9]{1,4})([A-Za-z]?)$/.exec(token);
    const fault = !m ? `“${token}” is not a clue: type numbers${palette ? ` with a colour's key, like 3${Object.keys(palette)[0]}` : ", like 3 1 2"}.`
      : m[2] && !palette ? `“${token}”: a black-and-white puzzle has no colour keys (add a colour first).`
        : m[2] && !(m[2] in palette) ? `“${token}”: there is no colour ${m[2]} (the colours' keys are ${Object.keys(palette).join(" ")}; capitals count).` : null;
    error ||= fault;
    if (fault) shown.push(["?", null]);
    else if (+m[1] > 0) items.push([+m[1], m[2] || (palette ? Object.keys(palette)[0] : null)]), shown.push(items.at(-1));
  }
  return error ? { error, shown } : { items };
}

/** Cells a line's blocks need: their lengths, and a gap between blocks of one colour. */
function need(items) {
  return items.reduce((s, [n, k], i) => s + n + (i && items[i - 1][1] === k ? 1 : 0), 0);
}

function parsed(d) {
  return parseLines(d, (text) => parse(text, d.palette));
}

const asText = (items, palette) => items.map(([n, k]) => (palette ? `${n}${k}` : `${n}`)).join(" ");

export default {
  ...lineDraft,
  help: "Type each row's clue, top to bottom, then each column's, left to right: its numbers with spaces between, " +
        "“3 1 2”. In a colour puzzle put each number's colour key after it, “3k 1r” (k black, r red: the key on " +
        "each colour's button; a number alone is the first colour). Enter or the down arrow goes to the next " +
        "line, the up arrow back; an empty line has no blocks.",
  palette: { min: 1, max: 8, colours: (n) => (n > 1 ? drawingColours(n) : null) },
  blank: (width, height) => lineDraft.blankLines("nonogram", width, height, null),
  placeholder: (d) => (d.palette ? `e.g. 3${Object.keys(d.palette)[0]} 1${Object.keys(d.palette)[1] ?? ""}` : "e.g. 3 1 2"),
  fromPuzzle(p) {
    const { palette: pal, renamed } = p.palette ? letterKeys(p.palette) : { palette: null };
    const items = (clue) => clue.map((b) => (Array.isArray(b) ? [b[0], renamed[b[1]]] : [b, null]));
    return withNames(p, { type: "nonogram", width: p.width, height: p.height, palette: pal,
                          rows: p.rows.map((cl) => asText(items(cl), pal)), cols: p.cols.map((cl) => asText(items(cl), pal)) });
  },
  puzzle(d) {
    const { rows, cols } = parsed(d);
    const clue = (items) => (d.palette ? items.map(([n, k]) => [n, k]) : items.map(([n]) => n));
    const p = { type: "nonogram", width: d.width, height: d.height, rows: rows.map(clue), cols: cols.map(clue) };
    if (d.palette) p.palette = d.palette;
    return withNames(d, p);
  },
  problems(d) {
    const { rows, cols, problems } = parsed(d);
    for (const [kind, lines, len] of [["row", rows, d.width], ["col", cols, d.height]]) {
      lines.forEach((items, i) => {
        if (need(items) > len) {
          problems.push({ message: `${lineName(kind, i)}: its blocks need ${need(items)} cells, the line has ${len}.`,
                          lines: [[kind, i]] });
        }
      });
    }
    const any = (lines) => lines.some((items) => items.length);
    if (!any(rows) && !any(cols)) return [{ message: "No clues yet: type each row's numbers, then each column's." }, ...problems];
    // (totals only once every line reads: a line that does not counts as empty)
    if (any(rows) && any(cols) && !problems.some((q) => q.unreadable)) {
      const names = d.palette ? colourNames(d.palette) : {};
      const count = (items) => items.reduce((m, [n, k]) => m.set(k, (m.get(k) || 0) + n), new Map());
      problems.push(...totalsProblems(rows, cols, count, (k) => names[k] || ""));
    }
    return problems;
  },
};
