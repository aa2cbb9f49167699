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

/** A puzzle's card as a link; `open` runs when it is chosen.  `e`: an entry of the
    library's index ({file, type, title, width, height, grade}). */
export function puzzleCard(e, open) {
  const a = document.createElement("a");
  a.href = "#";
  a.className = "card";
  Object.assign(a.dataset, { file: e.file, type: e.type, width: e.width, height: e.height, title: e.title });
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
  kind.textContent = cardKind(e);
  const status = document.createElement("span");
  status.className = "status";
  a.append(thumb, title, kind, status);
  a.onclick = (ev) => { ev.preventDefault(); open(); };
  return a;
}

const puzzles = new Map();  // file -> Promise of {puzzle, key}

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

/** Draw the card's picture and status (the puzzle fetched the first time). */
async function drawCard(a) {
  const fam = family(a.dataset.type);
  let got;
  try {
    got = await fetchPuzzle(a.dataset.file, a.dataset.type);
  } catch (e) {
    return;  // (the card still opens the puzzle, which says what is wrong)
  }
  const { puzzle, key } = got;
  const status = puzzleStatus(key);
  a.dataset.status = status;
  const best = status === "player" ? bestTime(key) : null;
  a.querySelector(".status").textContent = (STATUS_WORDS[status] || "") + (best ? `, best ${formatTime(best)}` : "");
  const canvas = a.querySelector("canvas.thumb");
  const L = fam.layout(puzzle);
  // Solved: the picture alone; else the whole board, clues too.
  const solved = status === "player" || status === "solver";
  const box = solved ? { x0: L.x0, y0: L.y0, cols: puzzle.width, rows: puzzle.height }
    : { x0: 0, y0: 0, cols: L.cols, rows: L.rows };
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
  const visible = { x0: box.x0, y0: box.y0, x1: box.x0 + box.cols, y1: box.y0 + box.rows };
  try {
    fam.draw(ctx, puzzle, savedProgress(fam, puzzle, key),
             { theme: theme(), visible, hover: null, pxPerUnit: unit, marks: null, highlight: null, tool: null,
               thumbnail: true });
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
