/* The library's puzzle cards: a small picture of the board as the player left it (the
   family's own drawing, clues and progress; the finished picture once solved), the
   size, the grade in words and the status.  The pictures are drawn as the cards come
   into view (a puzzle file is fetched for its card only then), and again when the
   library is shown after playing. */

import { family } from "./families/index.js";
import { History, puzzleKey } from "./history.js";
import { puzzleStatus } from "./packs.js";
import { theme } from "./page.js";
import { bestTime, formatTime } from "./timer.js";

// The card's picture, in CSS px a side (the canvas keeps this size, so nothing moves
// when it is drawn).
const THUMB = 64;
// The longest side of the part of a board a card shows, in its shorter sides.
const MAX_ASPECT = 4;
const STATUS_WORDS = { new: "new", started: "in progress", player: "✓ solved", solver: "solved by the solver" };

let gradeWords = [];
/** The grades' words, 1 first (Python's description: `grades`). */
export function setGradeWords(words) {
  gradeWords = Array.isArray(words) ? words : [];
}
export const gradeWord = (level) => gradeWords[level - 1] || "";

/** The line under a card's title: family, size and grade. */
function cardKind(e) {
  const grade = e.grade ? ` · ${gradeWord(e.grade)}` : "";
  return `${family(e.type).title} · ${e.width}×${e.height}${grade}`;
}

// card -> Promise of {puzzle, key}, for a card whose puzzle is at hand (a puzzle set's)
const given = new WeakMap();

/** A puzzle's card as a link; `open` runs when it is chosen.  `e`: an entry of the
    library's index ({file, type, title, width, height, grade}), or a puzzle at hand
    ({puzzle, key, type, title, width, height, grade, kind?}: a puzzle set's; `kind` goes
    before the card's family and size). */
export function puzzleCard(e, open) {
  const a = document.createElement("a");
  a.href = "#";
  a.className = "card";
  Object.assign(a.dataset, { file: e.file, type: e.type, width: e.width, height: e.height, title: e.title });
  if (e.bytes) a.dataset.bytes = e.bytes;
  if (e.grade) {
    a.dataset.grade = e.grade;
    a.dataset.difficulty = gradeWord(e.grade);
  }
  const thumb = document.createElement("canvas");
  thumb.className = "thumb";
  thumb.setAttribute("aria-hidden", "true");
  const title = document.createElement("span");
  title.className = "card-title";
  title.textContent = e.title;
  const kind = document.createElement("span");
  kind.className = "kind";
  kind.textContent = (e.kind ? e.kind + " · " : "") + cardKind(e);
  const status = document.createElement("span");
  status.className = "status";
  a.append(thumb, title, kind, status);
  a.onclick = (ev) => { ev.preventDefault(); open(); };
  if (e.puzzle) {
    given.set(a, Promise.resolve({ puzzle: e.puzzle, key: e.key }));
    showStatus(a, e.key);  // (at once: the list says what is solved before the pictures come)
  }
  return a;
}

const puzzles = new Map();  // file -> Promise of {puzzle, key}

// A big puzzle file (a 128x128 Link-a-Pix is 300 KB) is fetched for its card once the
// solver has loaded (or after BIG_FILE_WAIT_MS): on a first visit the solver's own
// download, which the player waits for, goes first.
const BIG_FILE = 32 * 1024;
const BIG_FILE_WAIT_MS = 15000;
let bigFilesWait = Promise.resolve();
/** Cards fetch big puzzle files once `promise` settles (the solver's start). */
export function fetchBigFilesAfter(promise) {
  const timer = new Promise((resolve) => setTimeout(resolve, BIG_FILE_WAIT_MS));
  bigFilesWait = Promise.race([promise.catch(() => {}), timer]);
}

function fetchPuzzle(file, type) {
  if (!puzzles.has(file)) {
    puzzles.set(file, fetch(file).then((r) => r.json()).then(async (puzzle) =>
      ({ puzzle, key: await puzzleKey(puzzle, family(type).keys) })));
    puzzles.get(file).catch(() => puzzles.delete(file));
  }
  return puzzles.get(file);
}

/** The progress autosaved for a puzzle, or a new one. */
function savedProgress(fam, puzzle, key) {
  try {
    const saved = JSON.parse(localStorage.getItem(History.storageKey(key)) || "null");
    if (saved && saved.present !== undefined) return saved.present;
  } catch (e) { /* unreadable: drawn as new */ }
  return fam.newProgress(puzzle);
}

/** The card's status as its puzzle's autosave says ("new", "started", "player",
    "solver"), shown and returned. */
function showStatus(a, key) {
  const status = puzzleStatus(key);
  a.dataset.status = status;
  const best = status === "player" ? bestTime(key) : null;
  a.querySelector(".status").textContent = (STATUS_WORDS[status] || "") + (best ? `, best ${formatTime(best)}` : "");
  return status;
}

/** A grid's progress without the cells the player crossed out ("." in a nonogram's
    grid; no other family's grid holds one), so the picture shows alone. */
export function withoutCrosses(progress) {
  return progress.grid ? { ...progress, grid: progress.grid.map((row) => row.replaceAll(".", "?")) } : progress;
}

/** Draw the card's picture and status (the puzzle fetched the first time). */
async function drawCard(a) {
  const fam = family(a.dataset.type);
  let got;
  try {
    if (+a.dataset.bytes > BIG_FILE) await bigFilesWait;
    got = await (given.get(a) || fetchPuzzle(a.dataset.file, a.dataset.type));
  } catch (e) {
    return;  // (the card still opens the puzzle, which says what is wrong)
  }
  const { puzzle, key } = got;
  const status = showStatus(a, key);
  const canvas = a.querySelector("canvas.thumb");
  const L = fam.layout(puzzle);
  // Solved: the picture alone; else the whole board, clues too.
  const solved = status === "player" || status === "solver";
  const box = solved ? { x0: L.x0, y0: L.y0, cols: puzzle.width, rows: puzzle.height }
    : { x0: 0, y0: 0, cols: L.cols, rows: L.rows };
  // (a long thin board, 125x2, would be a line a pixel thick: its first part is shown,
  // at most four times as long as it is wide; a review)
  box.cols = Math.min(box.cols, MAX_ASPECT * box.rows);
  box.rows = Math.min(box.rows, MAX_ASPECT * box.cols);
  const dpr = window.devicePixelRatio || 1;
  const unit = THUMB / Math.max(box.cols, box.rows);
  canvas.width = canvas.height = Math.round(THUMB * dpr);
  const ctx = canvas.getContext("2d");
  const ox = (THUMB - box.cols * unit) / 2 - box.x0 * unit, oy = (THUMB - box.rows * unit) / 2 - box.y0 * unit;
  ctx.setTransform(dpr * unit, 0, 0, dpr * unit, dpr * ox, dpr * oy);
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x0, box.y0, box.cols, box.rows);
  ctx.clip();
  // (the whole layout counts as in view, so clue strips stay in their margins, which
  // a solved card's clip leaves out, as the win screen's picture does)
  const visible = { x0: 0, y0: 0, x1: L.cols, y1: L.rows };
  const progress = savedProgress(fam, puzzle, key);
  try {
    fam.draw(ctx, puzzle, solved ? withoutCrosses(progress) : progress,
             { theme: theme(), visible, hover: null, pxPerUnit: unit, marks: null, highlight: null, tool: null,
               thumbnail: true, picture: solved });
  } catch (e) { /* a picture that cannot be drawn is left blank */ }
  ctx.restore();
}

let observer = null;
/** Draw the cards of `list` as they come into view (again each time this is called). */
export function drawCards(list) {
  observer?.disconnect();
  const cards = [...list.querySelectorAll("a.card")];
  if (!("IntersectionObserver" in window)) {
    cards.forEach(drawCard);
    return;
  }
  observer = new IntersectionObserver((seen) => {
    for (const s of seen) {
      if (!s.isIntersecting) continue;
      observer.unobserve(s.target);
      drawCard(s.target);
    }
  }, { rootMargin: "200px" });
  cards.forEach((c) => observer.observe(c));
}
