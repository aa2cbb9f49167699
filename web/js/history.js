/* Undo/redo of the player's progress, and its autosave.

   Progress values are plain JSON (the family decides their shape) and are treated as
   immutable: every change pushes a new value.  The Solve button's answer is pushed
   with `solver: true` added (families read only their own keys), so undo and redo
   know which grids the player did not solve.  The whole history is saved to
   localStorage after each change, per puzzle, so a reload or a closed tab loses
   nothing, undo included. */

const MAX_UNDO = 300;
// Undo steps written to localStorage: enough to undo after a reload, few enough that a
// 128x128 puzzle's snapshots stay well inside the browser's storage quota.
const MAX_SAVED_UNDO = 30;
// ...and fewer for a big grid, so that one puzzle's save stays under this many characters
// (a 512x512 nonogram's grid alone is a quarter of a million).
const SAVE_BUDGET = 1.5e6;
const PREFIX = "pl.progress.";
const RECENT = "pl.recent";

export class History {
  /** The localStorage key a puzzle's history is saved under. */
  static storageKey(key) {
    return PREFIX + key;
  }

  constructor(key, initial) {
    this.key = key;
    this.past = [];
    this.future = [];
    this.present = initial;
    this.solved = false;
    this.solvedBy = null;      // "player" or "solver" while solved
    this.time = 0;             // ms spent playing (timer.js), saved with the grid
    this.hints = 0;            // hints played (moves made and mistakes taken back), saved too
    this.won = null;           // the player's solve, {time, hints, best}, as the win screen said it (until Clear), saved too
    this.clock = null;         // () => ms: the running timer, read when the history is written
    this.stored = false;       // whether this puzzle has an autosave
    const saved = load(History.storageKey(key));
    if (saved && saved.present !== undefined) {
      this.past = saved.past || [];
      this.future = saved.future || [];
      this.present = saved.present;
      this.solved = !!saved.solved;
      this.solvedBy = saved.solvedBy || (this.solved ? "player" : null);
      this.time = saved.time || 0;
      this.hints = saved.hints || 0;
      // (a save from before `won`: a grid the player solved, at the time saved)
      this.won = saved.won ?? (this.solvedBy === "player" ? { time: this.time, hints: this.hints } : null);
      this.stored = true;
    }
  }

  push(next) {
    if (next == null || JSON.stringify(next) === JSON.stringify(this.present)) return false;
    this.past.push(this.present);
    if (this.past.length > MAX_UNDO) this.past.shift();
    this.present = next;
    this.future = [];
    this.save();
    return true;
  }

  /** A hint played a move (or took a mistake back): counted, for the win screen. */
  countHint() {
    this.hints += 1;
    this.save();
  }

  /** The player starts the puzzle over (Clear): the hints before are not counted, and
      the next solve is a win of its own. */
  startOver() {
    if (!this.hints && !this.won) return;
    this.hints = 0;
    this.won = null;
    this.save();
  }

  undo() {
    if (!this.past.length) return false;
    this.future.push(this.present);
    this.present = this.past.pop();
    this.save();
    return true;
  }

  redo() {
    if (!this.future.length) return false;
    this.past.push(this.present);
    this.present = this.future.pop();
    this.save();
    return true;
  }

  /** Autosave, batched: a burst of changes is written once, just after it. */
  save() {
    this._dirty = true;
    clearTimeout(this._timer);
    this._timer = setTimeout(() => this.flush(), 150);
  }

  /** Called when a grid could not be saved at all (storage full or blocked); the app
      tells the player once. */
  static saveFailed() {}

  /** Drop a pending autosave: another tab's newer save replaces this history. */
  discard() {
    clearTimeout(this._timer);
    this._dirty = false;
  }

  /** Write what changed since the last write (nothing else: a tab that only looked
      must not write its copy over another tab's newer one when it closes).  The time
      spent on a puzzle already saved counts as a change: a reload goes on from it. */
  flush() {
    clearTimeout(this._timer);
    const time = this.clock ? this.clock() : this.time;
    if (!this._dirty && !(this.stored && time !== this.time)) return;
    this._dirty = false;
    this.time = time;
    const keep = Math.min(MAX_SAVED_UNDO, Math.floor(SAVE_BUDGET / JSON.stringify(this.present).length / 2));
    const last = (list) => (keep > 0 ? list.slice(-keep) : []);
    const write = (past) => localStorage.setItem(History.storageKey(this.key), JSON.stringify({
      past, future: last(this.future), present: this.present, solved: this.solved, solvedBy: this.solvedBy, time: this.time,
      ...(this.hints && { hints: this.hints }), ...(this.won && { won: this.won }) }));
    try {
      write(last(this.past));
      this.stored = true;
    } catch (e) {
      // Storage full: keep the present at least.
      try { write([]); this.stored = true; } catch (e2) { History.saveFailed(); }  // play on, but say so
    }
  }
}

/** The History saved under `key`, with the states `good(state)` refuses left out: read
    back from storage, where anything may have been written.  A bad present gives way
    to the newest good past state, or to `fallback`. */
export function checkedHistory(key, fallback, good) {
  const h = new History(key, fallback);
  const keep = (list) => (Array.isArray(list) ? list.filter(good) : []);
  h.past = keep(h.past);
  h.future = keep(h.future);
  if (!good(h.present)) {
    // (the newest good state takes its place: one bad entry does not cost the rest)
    h.present = h.past.length ? h.past.pop() : fallback;
    h.future = [];
  }
  return h;
}

function load(name) {
  try {
    const text = localStorage.getItem(name);
    return text ? JSON.parse(text) : null;
  } catch (e) {
    return null;
  }
}

/** Recently played puzzles, newest first: [{key, puzzle|link, title, type, size, time, solved}],
    solved: false, "player" or "solver" (true in older entries: the player). */
export function recent() {
  const list = load(RECENT);
  return Array.isArray(list) ? list : [];
}

export function remember(key, puzzle, solved, link) {
  const list = recent().filter((e) => e.key !== key);
  // A big puzzle is kept as its share link: far smaller than its JSON.
  const entry = { key, title: puzzle.title || "", type: puzzle.type, size: `${puzzle.width}×${puzzle.height}`,
                  time: Date.now(), solved: solved || false };
  if (link) entry.link = link;
  else entry.puzzle = puzzle;
  list.unshift(entry);
  try {
    localStorage.setItem(RECENT, JSON.stringify(list.slice(0, 20)));
  } catch (e) { /* storage full: the list is a convenience */ }
}

/** Take a puzzle off the recently played list (its saved progress stays, and comes
    back with it when the puzzle is opened again). */
export function forget(key) {
  try {
    localStorage.setItem(RECENT, JSON.stringify(recent().filter((e) => e.key !== key)));
  } catch (e) { /* storage blocked: nothing was listed */ }
}

/** A stable key for a puzzle: SHA-256 of its content without provenance text. */
export async function puzzleKey(puzzle, familyKeys) {
  const core = { type: puzzle.type, width: puzzle.width, height: puzzle.height };
  for (const k of familyKeys) core[k] = puzzle[k];
  const bytes = new TextEncoder().encode(stableStringify(core));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
}

function stableStringify(v) {
  if (Array.isArray(v)) return "[" + v.map(stableStringify).join(",") + "]";
  if (v && typeof v === "object") {
    return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + stableStringify(v[k])).join(",") + "}";
  }
  return JSON.stringify(v === undefined ? null : v);
}
