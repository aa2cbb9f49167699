/* Nonograms: a line's cells against its clue.  Runs of a line, the clues of a picture
   (the drawing maker works them out as it is drawn), when a line is done and when what
   the player has settled already breaks its clue ("Show errors").  Pure functions on
   strings and clues, shared by the drawing, the play rules and the drawing maker. */

/** Blocks of a clue as [length, key] pairs ("#" for black-and-white). */
export function blocks(clue) {
  return clue.map((b) => (Array.isArray(b) ? [b[0], b[1]] : [b, "#"]));
}

/** The runs of filled cells of a line ("?" and "." blank), as [length, key] pairs. */
function runsOf(line) {
  const out = [];
  let cur = null, n = 0;
  for (const ch of line + ".") {
    if (ch === cur) { n++; continue; }
    if (cur !== null && cur !== "." && cur !== "?") out.push([n, cur]);
    cur = ch;
    n = 1;
  }
  return out;
}

/** The clues of a picture (rows of keys, "?" or "." blank): block lengths, or with
    `multi` [length, key] pairs; the nonogram maker works them out as it is drawn. */
export function cluesOf(grid, multi) {
  const width = grid.length ? grid[0].length : 0;
  const clue = (text) => runsOf(text).map(([n, k]) => (multi ? [n, k] : n));
  return { rows: grid.map(clue), cols: Array.from({ length: width }, (_, c) => clue(lineText(grid, "col", c))) };
}

/** A row's or a column's cells as one string. */
function lineText(grid, kind, i) {
  return kind === "row" ? grid[i] : grid.map((row) => row[i]).join("");
}

/** A line whose filled runs are exactly its clue, unknown cells counting as blank:
    the player needs to cross nothing for a line to be done. */
export function lineDone(p, grid, kind, i) {
  return sameRuns(runsOf(lineText(grid, kind, i)), blocks(kind === "row" ? p.rows[i] : p.cols[i]));
}

const sameBlock = ([n, k], [m, j]) => n === m && k === j;
/** Whether `runs` are the first blocks of `want` (all of them, for sameRuns). */
const matches = (runs, want) => runs.length <= want.length && runs.every((run, j) => sameBlock(run, want[j]));
const sameRuns = (runs, want) => runs.length === want.length && matches(runs, want);

/* Error marks as in Simon Tatham's "Pattern": a line is marked when what the player
   has settled already contradicts its clue.  Only the line's own clue and the marks
   are used, never the solution, so a mark gives nothing away.

   A run (a stretch of cells of one colour) is complete when both its ends are known:
   each side is the grid edge, a crossed cell or, in multicolour puzzles, a cell of
   another colour (blocks of different colours may touch, so another colour ends a run
   as surely as a cross).  A run next to an unknown cell may still grow or join another,
   so it is not judged.  From each end of the line inwards, up to the first unknown cell,
   the complete runs are the line's first (last) blocks and must equal the first (last)
   clues; runs between two unknown cells are not judged. */

/** The complete runs of `text` from its start up to the first unknown cell. */
function settledRuns(text) {
  const open = text.indexOf("?");
  if (open < 0) return runsOf(text);
  const settled = text.slice(0, open);
  const runs = runsOf(settled);
  if (settled && settled[settled.length - 1] !== ".") runs.pop();  // it touches the unknown cell
  return runs;
}

/** Cells of each colour in `text` (filled ones: no "." or "?"). */
function countByColour(text) {
  const count = new Map();
  for (const ch of text) if (ch !== "." && ch !== "?") count.set(ch, (count.get(ch) || 0) + 1);
  return count;
}

/** Whether a line's settled cells contradict its clue: complete runs from either end
    that differ from the clue's first or last blocks, more cells of a colour than the
    clue's blocks of that colour hold, or a complete line whose runs are not the clue.
    `clue` as in the puzzle (numbers, or [length, key] pairs), `text` the line's cells
    ("?", "." or a filled key). */
export function lineBroken(clue, text) {
  const want = blocks(clue);
  if (!text.includes("?")) {
    return !sameRuns(runsOf(text), want);
  }
  // (Runs from both ends that together outnumber the clue need no test of their own:
  // they hold more cells of some colour than the clue does, which the count finds.)
  const head = settledRuns(text);
  const tail = settledRuns([...text].reverse().join(""));
  if (!matches(head, want) || !matches(tail, want.slice().reverse())) return true;
  const allowed = new Map();
  for (const [n, k] of want) allowed.set(k, (allowed.get(k) || 0) + n);
  for (const [k, n] of countByColour(text)) if (n > (allowed.get(k) || 0)) return true;
  return false;
}

/** Every line whose settled cells contradict its clue, as [kind, index] pairs. */
export function brokenLines(p, progress) {
  const out = [];
  for (let r = 0; r < p.height; r++) if (lineBroken(p.rows[r], lineText(progress.grid, "row", r))) out.push(["row", r]);
  for (let c = 0; c < p.width; c++) if (lineBroken(p.cols[c], lineText(progress.grid, "col", c))) out.push(["col", c]);
  return out;
}

/** Every line done (see lineDone): the puzzle is solved, crosses or not. */
export function isSolved(p, progress) {
  const g = progress.grid;
  for (let r = 0; r < p.height; r++) if (!lineDone(p, g, "row", r)) return false;
  for (let c = 0; c < p.width; c++) if (!lineDone(p, g, "col", c)) return false;
  return true;
}
