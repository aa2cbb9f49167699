/* The win screen: when the player (not the Solve button) completes a puzzle, a dialog
   shows the time (and the best time), the finished picture, Share, the next puzzle and
   Close.

   The next puzzle is the next one not solved yet of the list the puzzle belongs to: the
   puzzle set holding it (shelf.js), else the library's bundled puzzles in the order of
   static/puzzles/index.json (a puzzle is found there by its family, title and size);
   a puzzle of neither list is followed by the first unsolved library puzzle of its
   family. */

import { withoutCrosses } from "./cards.js";
import { family } from "./families/index.js";
import { puzzleKey } from "./history.js";
import { packIndex, packPuzzles, puzzleStatus } from "./packs.js";
import { $, theme } from "./page.js";
import { formatTime, timeInWords } from "./timer.js";

// The picture's longest side (CSS px) in the dialog: a phone's width leaves room for it.
const PICTURE_PX = 240;

/** Draw the grid of `puzzle` as `progress` has it (no clues, no marks) into `canvas`,
    at most `maxPx` CSS px on its longest side. */
export function drawPicture(canvas, fam, puzzle, progress, maxPx = PICTURE_PX) {
  const L = fam.layout(puzzle), W = puzzle.width, H = puzzle.height;
  const s = Math.max(0.5, Math.min(40, maxPx / Math.max(W, H)));
  const dpr = window.devicePixelRatio || 1;
  canvas.style.width = `${W * s}px`;
  canvas.style.height = `${H * s}px`;
  canvas.width = Math.max(1, Math.round(W * s * dpr));
  canvas.height = Math.max(1, Math.round(H * s * dpr));
  const g = canvas.getContext("2d");
  g.setTransform(dpr * s, 0, 0, dpr * s, -L.x0 * dpr * s, -L.y0 * dpr * s);
  // (the whole layout counts as in view, so clue strips stay in their margins, which
  // the clip leaves out)
  g.beginPath();
  g.rect(L.x0, L.y0, W, H);
  g.clip();
  const view = { theme: theme(), visible: { x0: 0, y0: 0, x1: L.cols, y1: L.rows }, pxPerUnit: s,
                 hover: null, marks: null, highlight: null, tool: null, replay: null, brokenLines: null,
                 picture: true };
  fam.draw(g, puzzle, progress, view);
}

const solved = (key) => ["player", "solver"].includes(puzzleStatus(key));

/** The next puzzle to play after `puzzle` (autosaved under `key`): {puzzle, from}, or
    null when every puzzle of its list is solved. */
export async function nextPuzzle(puzzle, key) {
  for (const entry of packIndex()) {
    const i = entry.keys.indexOf(key);
    if (i < 0) continue;
    const order = [...entry.keys.keys()].slice(i + 1).concat([...entry.keys.keys()].slice(0, i));
    const j = order.find((n) => !solved(entry.keys[n]));
    if (j === undefined) return null;
    const puzzles = await packPuzzles(entry.id);
    return puzzles ? { puzzle: puzzles[j], from: entry.title } : null;
  }
  const entries = await (await fetch("static/puzzles/index.json")).json();
  const i = entries.findIndex((e) => e.type === puzzle.type && e.title === puzzle.title &&
                                     e.width === puzzle.width && e.height === puzzle.height);
  const order = i >= 0 ? entries.slice(i + 1).concat(entries.slice(0, i)) : entries.filter((e) => e.type === puzzle.type);
  for (const e of order) {
    const next = await (await fetch(e.file)).json();
    if (!solved(await puzzleKey(next, family(next.type).keys))) return { puzzle: next, from: "the library" };
  }
  return null;
}

export function initWin(ctx) {
  const { state } = ctx;
  const dialog = $("win");
  let next = null;     // the next puzzle, as nextPuzzle() will answer
  let shownFor = null; // the puzzle the dialog is about

  /** Open the win screen for the puzzle just solved: `result` is timer.finish()'s. */
  function show({ time, best, hints = 0 }) {
    const p = state.puzzle, fam = state.fam;
    shownFor = p;
    $("win-puzzle").textContent = p.title || `${fam.title} ${p.width}×${p.height}`;
    // (a solve with hints says how many, and is no new best time: see timer.js finish)
    const helped = hints ? ` with ${hints} hint${hints === 1 ? "" : "s"}` : "";
    const beaten = !hints && best !== null && time < best;
    const record = best === null ? "" : beaten ? " · a new best time!" : ` · best ${formatTime(best)}`;
    $("win-time").textContent = `Time ${formatTime(time)}${helped}${record}`;
    $("win-time").setAttribute("aria-label", `Time: ${timeInWords(time)}${helped}` +
      (best === null ? "" : beaten ? ", a new best time" : `, best: ${timeInWords(best)}`));
    drawPicture($("win-picture"), fam, p, withoutCrosses(state.history.present));
    $("win-picture").setAttribute("aria-label", `The finished picture of ${$("win-puzzle").textContent}`);
    $("win-status").textContent = "";
    // A puzzle of the day: the streak, and Next makes the next family's of today
    const daily = ctx.daily?.about(state.key) || null;
    $("win-streak").hidden = !daily;
    if (daily) $("win-streak").textContent = `Puzzle of the day · streak: ${daily.streak} day${daily.streak === 1 ? "" : "s"} in a row`;
    findNext(p, state.key, daily);
    if (!dialog.open) dialog.showModal();
    $("win-next").focus();
  }

  /** Look for the next puzzle (Next waits for the answer when pressed before it); after
      a puzzle of the day, the next family's puzzle of the day not solved yet. */
  function findNext(p, key, daily) {
    const button = $("win-next");
    button.hidden = false;
    $("win-next-name").textContent = "";
    next = daily ? Promise.resolve(daily.next && { daily: daily.next }) : nextPuzzle(p, key).catch(() => null);
    next.then((found) => {
      if (shownFor !== p) return;
      $("win-next-name").textContent = found?.daily ? `Next: today's ${family(found.daily).title}`
        : found ? `Next: ${found.puzzle.title || family(found.puzzle.type).title} · ${family(found.puzzle.type).title} ` +
          `${found.puzzle.width}×${found.puzzle.height}, from ${found.from}`
        : daily ? "Every puzzle of the day is solved: come back tomorrow."
        : "No other puzzle of this list is left to solve.";
      if (!found) {
        const focused = document.activeElement === button;
        button.hidden = true;
        if (focused) $("win-close").focus();
      }
    });
  }

  function close() {
    if (dialog.open) dialog.close();
  }

  let leaving = false;   // (Next: the puzzle it opens takes the focus to its title)
  dialog.addEventListener("close", () => {
    shownFor = null;
    // (back to the board, where the player was)
    if (!$("play").hidden && !leaving) $("board").focus({ preventScroll: true });
    leaving = false;
  });
  $("win-close").onclick = close;
  $("win-share").onclick = async () => {
    try {
      const { url, copied } = await ctx.routing.share();
      $("win-status").textContent = copied ? "Link copied to the clipboard." : `Copy this link: ${url}`;
    } catch (e) {
      $("win-status").textContent = "Share failed: " + e.message;
    }
  };
  $("win-next").onclick = async () => {
    const found = await next;
    if (!found || !dialog.open) return;
    leaving = true;
    close();
    if (found.daily) {
      // (made on the device: a second or two, said where the player is)
      ctx.play.say(`Making today's ${family(found.daily).title}…`);
      await ctx.daily.open(found.daily);
    }
    else await ctx.routing.load(found.puzzle);
  };
  // A click on the backdrop (outside the dialog's box) closes it, as Escape does: one
  // whose press began there too.  The tap that finished the puzzle on a touch screen
  // opens the dialog on its press, and the click the browser sends after it lands on
  // the new backdrop: it must not close what it just opened.
  const outside = (e) => {
    const r = dialog.getBoundingClientRect();
    return e.target === dialog && (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom);
  };
  let pressedOutside = false;
  dialog.addEventListener("pointerdown", (e) => { pressedOutside = outside(e); });
  dialog.addEventListener("click", (e) => {
    if (pressedOutside && outside(e)) close();
    pressedOutside = false;
  });

  return { show, close, get open() { return dialog.open; } };
}
