/* Link-a-Pix: the player's links, as progress and as input.

   Progress: {paths: [[[r, c], ...], ...], unfinished?: [...]}: the complete links the
   player has drawn, in the solution shape pysolver's check() and hint() read, and the
   links begun and left short of their partner (each from its clue to where the drag
   stopped; only the page keeps them).
   Input: drag from a clue; the link snaps when it reaches an equal clue (same number
   and colour) with exactly that many cells; dragging back over the path truncates it;
   a drag released short of the partner is kept as an unfinished link, which a drag
   from its loose end goes on with (on a phone, a link longer than the view is drawn in
   several strokes), and which snaps onto the loose end of its partner's unfinished
   link when the two make the number, or onto the partner clue's own stub; a tap on a
   link erases it; a tap on a 1 fills (or empties) it.  (Drawing: linkapix.js.) */

import { colourNames } from "./colournames.js";
import { adjacent, same, tapCheck, walkTowards } from "./paths.js";

/** Per-puzzle lookup tables, computed once per puzzle object. */
const cache = new WeakMap();
export function info(p) {
  let inf = cache.get(p);
  if (!inf) {
    const clueAt = new Map();
    p.clues.forEach((cl, i) => clueAt.set(cl[0] * p.width + cl[1], i));
    inf = { clueAt };
    cache.set(p, inf);
  }
  return inf;
}

export function newProgress() { return { paths: [] }; }

export const unfinishedOf = (progress) => progress.unfinished || [];

/** A progress of these complete and unfinished links (no `unfinished` key when there
    are none: the shape saved before there were any). */
function progressOf(paths, unfinished) {
  return unfinished.length ? { paths, unfinished } : { paths };
}

/** The link on each cell: i for progress.paths[i], paths.length + j for the j-th
    unfinished link, -1 for none. */
export function coverMap(p, progress) {
  const owner = new Int32Array(p.width * p.height).fill(-1);
  const mark = (path, i) => { for (const [r, c] of path) owner[r * p.width + c] = i; };
  progress.paths.forEach(mark);
  unfinishedOf(progress).forEach((path, j) => mark(path, progress.paths.length + j));
  return owner;
}

/** The colour key painted in each cell, row by row ("" for a blank cell): two answers
    are the same picture exactly when these agree (links drawn otherwise may paint it). */
export function picture(p, progress) {
  const { clueAt } = info(p), owner = coverMap(p, progress), paths = progress.paths;
  return Array.from(owner, (i) => {
    if (i < 0 || i >= paths.length) return "";
    const [r, c] = paths[i][0];
    return p.clues[clueAt.get(r * p.width + c)]?.[3] ?? "";
  });
}

/** What a cell holds, in words (the keyboard cursor's announcement). */
export function describe(p, progress, r, c) {
  const { clueAt } = info(p);
  const clue = clueAt.get(r * p.width + c);
  const owner = coverMap(p, progress)[r * p.width + c];
  const names = colourNames(p.palette);
  const what = clue === undefined ? "" : `clue ${p.clues[clue][2]}, ${names[p.clues[clue][3]]}`;
  const done = progress.paths.length;
  const drawn = progress.drawing?.path.findIndex((q) => q[0] === r && q[1] === c) ?? -1;
  const on = drawn >= 0 ? `on the link being drawn, ${progress.drawing.path.length} of ${progress.drawing.number} cells`
    : owner >= done ? `on an unfinished link of ${unfinishedOf(progress)[owner - done].length} cells`
    : owner >= 0 ? `on a link of ${progress.paths[owner].length}` : clue === undefined ? "empty" : "not linked";
  return what ? `${what}, ${on}` : on;
}

export function isSolved(p, progress) {
  const { clueAt } = info(p);
  const ends = new Set();
  for (const path of progress.paths) {
    ends.add(path[0][0] * p.width + path[0][1]);
    const e = path[path.length - 1];
    ends.add(e[0] * p.width + e[1]);
  }
  for (const at of clueAt.keys()) if (!ends.has(at)) return false;
  return true;
}

export function press(p, progress, cell) {
  if (!cell.inside) return null;
  const W = p.width;
  const { clueAt } = info(p);
  const at = cell.r * W + cell.c;
  const links = progress.paths, loose = unfinishedOf(progress);
  const owner = coverMap(p, progress);
  const pathIndex = owner[at];
  const looseIndex = pathIndex - links.length;         // (>= 0: an unfinished link)
  const without = pathIndex < 0 ? progress : looseIndex >= 0
    ? progressOf(links, loose.filter((_, j) => j !== looseIndex))
    : progressOf(links.filter((_, i) => i !== pathIndex), loose);
  const clueIndex = clueAt.get(at);
  const mine = looseIndex >= 0 ? loose[looseIndex] : null;
  const looseEnd = mine && same(mine[mine.length - 1], [cell.r, cell.c]);
  const tapped = tapCheck();
  if (clueIndex === undefined && !looseEnd) {
    // A tap on a link's inner cell erases the link.
    return pathIndex < 0 ? null : { preview: () => progress, move: () => progress, end() { return tapped(this) ? without : null; } };
  }
  // A drag from a clue starts a new link (an existing one through it is taken away); a
  // drag from an unfinished link's loose end goes on with it.
  const first = looseEnd ? mine[0] : [cell.r, cell.c];
  const [, , number, key] = p.clues[clueAt.get(first[0] * W + first[1])];
  if (number === 1) {
    return { preview: () => progress, move: () => progress,
             end: () => (pathIndex >= 0 ? without : progressOf([...links, [[cell.r, cell.c]]], loose)) };
  }
  const base = without;
  const baseLoose = unfinishedOf(base);
  const taken = coverMap(p, base);
  const colour = p.palette[key];
  const start = looseEnd ? mine : [first];
  let path = start;
  let done = false;
  let joined = -1;             // the partner's unfinished link this one took in
  let own = 0;                 // once done: the cells of the path before the partner's
  let missed = 0;              // the cells a link to a partner reached would have covered, when not the number
  /** The partner clue's unfinished link at `to`, when this link can end there: on its
      loose end when the two make the number together (``whole``), or on the clue it
      starts from (a stub left from the partner) when this link is one cell short.  Its
      index among the unfinished links, else -1. */
  const partnerAt = (to) => {
    const j = taken[to[0] * W + to[1]] - base.paths.length;
    const other = j >= 0 ? baseLoose[j] : null;
    if (!other) return -1;
    const whole = same(other[other.length - 1], to) && path.length + other.length === number;
    if (!whole && !(same(other[0], to) && path.length + 1 === number)) return -1;
    const [, , n2, k2] = p.clues[clueAt.get(other[0][0] * W + other[0][1])];
    return n2 === number && k2 === key ? j : -1;
  };
  const step = (to, reached = true) => {
    const idx = path.findIndex((q) => same(q, to));
    if (idx >= 0) {
      // Back onto the path: shortened there.  Over the end that completed it (a drag
      // past the partner and back, or along the partner's half it took in), it stays
      // complete.
      if (done ? idx >= own : idx === path.length - 1) return true;
      path = path.slice(0, idx + 1);
      done = false;
      joined = -1;
      missed = 0;
      return true;
    }
    if (done || !adjacent(path[path.length - 1], to)) return false;
    if (path.length >= number) return false;
    const a = to[0] * W + to[1];
    if (taken[a] >= 0) {
      // (as for a clue: only where the pointer passed, not on a cell walked round to)
      const j = reached ? partnerAt(to) : -1;
      if (j < 0) return false;
      own = path.length;
      const other = baseLoose[j];
      path = same(other[0], to) ? [...path, to] : [...path, ...[...other].reverse()];
      done = true;
      joined = j;
      return true;
    }
    const ci = clueAt.get(a);
    if (ci !== undefined) {
      // (a fast drag that skips cells must not finish on a partner it went round to)
      const [, , n2, k2] = p.clues[ci];
      if (reached && n2 === number && k2 === key && path.length + 1 !== number) missed = path.length + 1;
      if (!reached || n2 !== number || k2 !== key || path.length + 1 !== number) return false;
      own = path.length;
      path = [...path, to];
      done = true;
      return true;
    }
    if (path.length + 1 === number) return false;  // the last cell must be the partner clue
    path = [...path, to];
    missed = 0;                                    // (the drag went on past the partner)
    return true;
  };
  const preview = () => ({ paths: base.paths, unfinished: baseLoose, drawing: { path, colour, number } });
  const unchanged = () => path.length === start.length && path.every((q, i) => same(q, start[i]));
  return {
    preview,
    move(to) {
      walkTowards(() => path, to, W, p.height, step);
      return preview();
    },
    /** What became of a drag left short of the partner, or that reached it at another
        length (a player's review: such a link vanished without a word). */
    note() {
      if (!done && missed) {
        return `A link of ${number} covers ${number} cells, both clues included; this one would have covered ` +
          `${missed}. Wind it through ${missed < number ? "more" : "fewer"} cells.`;
      }
      return !done && path.length > 1 && !unchanged()
        ? `Unfinished link: ${path.length} of ${number} cells. Drag on from its end to the other ${number}; ` +
          "click or tap it to erase it."
        : null;
    },
    end() {
      if (done) return progressOf([...base.paths, path], baseLoose.filter((_, j) => j !== joined));
      // A tap on a link or its clue (no drag) erases it; a drag that ends where it began
      // changes nothing, and one that goes on with an unfinished link and back to its
      // clue erases it; one that ends short of the partner leaves an unfinished link.
      if (unchanged()) return tapped(this) && pathIndex >= 0 ? without : null;
      if (path.length === 1) return start.length > 1 ? without : null;
      return progressOf(base.paths, [...baseLoose, path]);
    },
    cancel() {},
  };
}

/** One solver step (pysolver linkapix steps()): its link joins the picture (an
    unfinished link in its way goes). */
export function applyStep(p, progress, step) {
  return withUnfinished(p, [...progress.paths, step.path], progress);
}

/** ``paths`` with the unfinished links of ``progress`` that none of them crosses. */
function withUnfinished(p, paths, progress) {
  const taken = coverMap(p, { paths });
  return progressOf(paths, unfinishedOf(progress).filter((path) => path.every(([r, c]) => taken[r * p.width + c] < 0)));
}

/** What Check and Hint send: the complete links, and the unfinished ones (pysolver
    judges those against the picture too: one going where no solution goes is a mistake). */
export function toSolution(p, progress) { return progressOf(progress.paths, unfinishedOf(progress)); }

/** The progress without the links (complete or not) on any of `cells`: a hint's fix
    of the wrong links it found. */
export function clearCells(p, progress, cells) {
  const gone = new Set(cells.map(([r, c]) => r * p.width + c));
  const keep = (path) => path.every(([r, c]) => !gone.has(r * p.width + c));
  return progressOf(progress.paths.filter(keep), unfinishedOf(progress).filter(keep));
}
/** A solution as progress; with the grid it is played on (a hint's), that grid's
    unfinished links stay where the solution leaves room. */
export function fromSolution(p, solution, present) {
  const paths = solution.paths.map((path) => path.map(([r, c]) => [r, c]));
  return present ? withUnfinished(p, paths, present) : { paths };
}
