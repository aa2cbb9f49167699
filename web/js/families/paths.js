/* Drag geometry shared by the families: paths for those whose players draw lines
   (Link-a-Pix, Numberlink), straight runs of cells for those who paint (Hungry Cat). */

import { LONG_PRESS_MS } from "../board-pointer.js";

export const same = (a, b) => a[0] === b[0] && a[1] === b[1];
export const adjacent = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;

/** Extend or shorten `getPath()` towards `to`, one cell at a time, through `step(cell)`
    (which applies the family's rules and returns false where the line cannot go), so a
    fast drag that skips cells still draws every cell in between.  Going back onto the
    line hands that cell to `step`, which truncates.  `step(cell, reached)` is told
    whether the pointer passed over the cell (it lies on the straight line from the
    path's end to the pointer) or the walk only goes round that way: Link-a-Pix
    completes a link only on a clue the pointer passed over.  Where the pointer skipped a
    corner, both the sideways and the vertical move lead towards it: the sideways one
    is tried first unless `isFree` says only the vertical one is free (a family whose
    lines cut others, Numberlink, must not cut a line the pointer never crossed).  The
    walk ends where a step leaves the path's end anywhere but on the cell stepped to. */
export function walkTowards(getPath, to, width, height, step, isFree = () => true) {
  const tr = Math.max(0, Math.min(height - 1, to.r)), tc = Math.max(0, Math.min(width - 1, to.c));
  if (getPath().some((q) => same(q, [tr, tc]))) {
    step([tr, tc]);
    return;
  }
  let [r, c] = getPath()[getPath().length - 1];
  const passed = new Set(lineCells([r, c], [tr, tc]).map(([y, x]) => y * width + x));
  for (let guard = 0; guard < width + height && !(r === tr && c === tc); guard++) {
    const across = c !== tc ? [r, c + Math.sign(tc - c)] : null;
    const down = r !== tr ? [r + Math.sign(tr - r), c] : null;
    const tries = across && down && !isFree(across) && isFree(down) ? [down, across] : [across || down, across && down];
    const took = tries.find((next) => next && step(next, passed.has(next[0] * width + next[1])));
    if (!took) break;
    [r, c] = getPath()[getPath().length - 1];
    // (a step that took the path's end elsewhere, Link-a-Pix snapping onto the partner's
    // unfinished link, ends the walk: going on would walk back along what it took)
    if (r !== took[0] || c !== took[1]) break;
  }
}

/** The cells on a straight line from cell a to cell b, both included (Bresenham), so a
    quick paint drag that skips cells between two pointer events paints them too. */
export function lineCells(a, b) {
  const [r1, c1] = b;
  let [r, c] = a;
  const dr = Math.abs(r1 - r), dc = Math.abs(c1 - c), sr = Math.sign(r1 - r), sc = Math.sign(c1 - c);
  let err = dc - dr;
  const out = [[r, c]];
  while (r !== r1 || c !== c1) {
    const e2 = 2 * err;
    if (e2 > -dr) { err -= dr; c += sc; }
    if (e2 < dc) { err += dc; r += sr; }
    out.push([r, c]);
  }
  return out;
}

/** For a press starting now: whether its stroke, once ended, was a tap (it did not
    move, and it was not held as long as a long press: a finger resting on a line,
    waiting, keeps it). */
export function tapCheck() {
  const pressedAt = performance.now();
  return (stroke) => !stroke.moved && performance.now() - pressedAt < LONG_PRESS_MS;
}
