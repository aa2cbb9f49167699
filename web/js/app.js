/* The app: library page, play page, wiring between the board, the history and the
   solver worker.  Family-specific input and drawing live in js/families/<type>.js;
   nothing here knows the rules of any puzzle. */

import { Board } from "./board.js";
import { family, TYPES } from "./families/index.js";
import { contrastText } from "./families/draw.js";
import { forget, History, puzzleKey, recent, remember } from "./history.js";
import { decodeLink, looksLikeLink } from "./link.js";
import { initDesigner } from "./designer.js";
import { initMaker, initNumberlinkMaker } from "./maker.js";
import { Solver } from "./solver.js";

const $ = (id) => document.getElementById(id);
const state = { puzzle: null, fam: null, key: null, history: null, preview: null, marks: null,
                highlight: null, tool: null, link: null, running: false,
                replay: null };  // the running replay: {stopped}; see replay()

// ---------------------------------------------------------------- messages
function showError(text) {
  $("error-text").textContent = text;  // text, never HTML: it may come from a link
  $("error-banner").hidden = false;
}
$("error-close").onclick = () => { $("error-banner").hidden = true; };

function say(text, kind = "") {
  const m = $("message");
  m.textContent = text;
  m.className = "message " + kind;
}

// ---------------------------------------------------------------- solver
const solverStatus = $("solver-status");
const solver = new Solver((st, text) => {
  solverStatus.dataset.state = st;
  solverStatus.textContent = text;
  solverStatus.title = "";
  $("solver-retry").hidden = st !== "failed";
  if (st === "failed") {
    // Plain words for the player; the browser's own message stays in the tooltip.
    solverStatus.textContent = "The solver could not load" +
      (navigator.onLine ? "." : ": this device is offline, and the app was not saved for offline use yet.");
    solverStatus.title = text;
  }
  updateButtons();
  if (st === "ready") onSolverReady();
});
$("solver-retry").onclick = () => solver.retry();

async function onSolverReady() {
  // Python validates what JavaScript only decoded, and supplies the canonical link.
  if (!state.puzzle) return;
  const p = state.puzzle;
  try {
    const methods = await solver.call("methods", { type: p.type });
    fillMethods(methods.methods);
    if (!state.link) {
      try {
        const { link } = await solver.call("link", { puzzle: stripSolution(p) });
        if (state.puzzle === p) setLink(link);
      } catch (err) {
        // (no link, say a title too long for one: the puzzle still plays and saves;
        // Share says why it cannot make a link)
        if (err.kind !== "input") throw err;
        if (state.puzzle === p) showError("No share link for this puzzle: " + err.message);
      }
    } else {
      await solver.call("show", { link: state.link });
    }
    await fillSaveAs(p.type);
  } catch (err) {
    if (err.kind === "input") showError(err.message);
  }
}

/** The method menu, each method with a one-line explanation (its tooltip). */
function fillMethods(methods) {
  const sel = $("method");
  const info = state.fam?.methodInfo || {};
  sel.replaceChildren(...methods.map((m) => {
    const o = document.createElement("option");
    o.value = o.textContent = m;
    if (info[m]) o.title = info[m];
    return o;
  }));
  explainMethod();
}

function explainMethod() {
  const sel = $("method");
  const about = state.fam?.methodInfo?.[sel.value];
  sel.title = about ? `Solving method: ${sel.value}, ${about}` : "Solving method";
}

// ---------------------------------------------------------------- loading puzzles
function stripSolution(p) {
  const { solution, ...rest } = p;
  return rest;
}

/* Navigation: every puzzle opened is a history entry (Back returns to the library,
   Forward to the puzzle, a phone's Back stays in the app).  The entry's URL holds the
   puzzle's share link once it is known; until then (a puzzle opened before Python is
   ready, which makes the link) the entry's state holds the puzzle itself, so a reload
   or Back and Forward still find it. */
function entryUrl(link) {
  return location.pathname + location.search + (link ? "#" + link : "");
}

function setLink(link) {
  state.link = link;
  // Only while the puzzle's own entry is the current one: the player may have gone on.
  if (history.state?.key === state.key) history.replaceState({ key: state.key }, "", entryUrl(link));
  if (state.puzzle) remember(state.key, stripSolution(state.puzzle), solvedStatus(), link);
}

/** Open a puzzle (object, JSON text, link, or any text a family can import).  `push`:
    a new history entry (the player opened it); false when following the URL. */
async function load(input, { link = null, push = true, fromUrl = false } = {}) {
  let puzzle = input;
  if (typeof input === "string") {
    const text = input.trim();
    // (the page's own URL fragment is always read as a link, so a bad one is refused
    // at once with the link's fault, not handed to Python's file readers)
    if (fromUrl || looksLikeLink(text)) {
      puzzle = await decodeLink(text);
      link = text.slice(text.indexOf("#") + 1);
    } else if (text.startsWith("{")) {
      try {
        puzzle = JSON.parse(text);
      } catch (e) {
        throw new Error("not valid JSON: " + e.message);
      }
    } else {
      await solver.ready;  // other formats are read by Python
      puzzle = await solver.call("load", { text, name: "pasted text" });
    }
  }
  if (!puzzle || typeof puzzle !== "object" || !TYPES.includes(puzzle.type)) {
    throw new Error(`type: ${JSON.stringify(puzzle && puzzle.type)} is not one of ${TYPES.join(", ")}`);
  }
  const fam = family(puzzle.type);
  fam.validate(puzzle);  // enough to draw safely; Python validates fully when ready
  const key = await puzzleKey(puzzle, fam.keys);
  stopReplay();
  state.history?.flush();  // the autosave is batched: write the last change before it goes
  state.puzzle = puzzle;
  state.fam = fam;
  state.key = key;
  state.history = new History(key, fam.newProgress(puzzle));
  state.preview = state.marks = state.highlight = null;
  state.tool = fam.tools ? fam.tools(puzzle)[0]?.id ?? null : null;
  state.link = link;
  // The last puzzle's formats must not be offered for this one (onSolverReady refills)
  saveFormats = [];
  $("save-as").replaceChildren($("save-as").options[0]);
  const entry = link ? { key } : { key, puzzle: stripSolution(puzzle) };
  if (push) history.pushState(entry, "", entryUrl(link));
  else history.replaceState(entry, "", entryUrl(link));
  remember(key, stripSolution(puzzle), solvedStatus(), link);
  showPlay();
  if (solver.state === "ready") onSolverReady();
}

/** Show what the URL and the history entry say: a puzzle or the library. */
async function route() {
  const frag = location.hash.slice(1);
  const saved = history.state?.puzzle;
  try {
    if (frag) {
      if (!(state.puzzle && frag === state.link)) await load("#" + frag, { push: false, fromUrl: true });
    } else if (history.state?.design) {
      showDesign({ push: false });
    } else if (saved) {
      if (!(state.puzzle && history.state.key === state.key)) await load(saved, { push: false });
    } else {
      showLibrary();
    }
  } catch (err) {
    showLibrary();
    showError("This link does not hold a puzzle the app can read: " + err.message);
    // (the bad fragment leaves the address bar, so a reload shows the library, not
    // the error again; the message above keeps what was wrong)
    history.replaceState(null, "", location.pathname + location.search);
  }
}

// ---------------------------------------------------------------- views
/** The drawing maker ("Draw a nonogram or a Hungry Cat puzzle", js/designer.js): its
    own history entry, so Back from a puzzle made there returns to the drawing.
    `size`: start a new drawing. */
function showDesign({ size = null, push = true } = {}) {
  stopReplay();
  state.history?.flush();
  state.puzzle = null;
  if (push) history.pushState({ design: true }, "", location.pathname + location.search);
  $("library").hidden = true;
  $("play").hidden = true;
  $("error-banner").hidden = true;
  $("design").hidden = false;
  document.title = "Draw a puzzle — Picture Logic";
  designer.open(size);
  $("design-title").focus({ preventScroll: true });
}

function showLibrary() {
  stopReplay();
  state.history?.flush();
  state.puzzle = null;
  designer.leave();
  designer.showContinue();
  $("play").hidden = true;
  $("design").hidden = true;
  $("library").hidden = false;
  document.title = "Picture Logic";
  renderRecent();
}

function showPlay() {
  const p = state.puzzle, fam = state.fam;
  // Opened from the library or a maker by keyboard: focus goes to the puzzle's title,
  // not the page.
  const fromLibrary = $("library").contains(document.activeElement) || $("design").contains(document.activeElement);
  $("library").hidden = true;
  $("design").hidden = true;
  designer.leave();
  $("play").hidden = false;
  $("error-banner").hidden = true;
  const title = p.title || `${fam.title} ${p.width}×${p.height}`;
  $("puzzle-title").textContent = title;  // clamped to two lines by CSS; the tooltip has it all
  $("puzzle-title").title = title;
  const meta = [fam.title, `${p.width}×${p.height}`];
  if (fam.rules) meta.push(fam.rules(p));
  if (p.author) meta.push("by " + p.author);
  if (p.source) meta.push(p.source);
  if (p.license) meta.push(p.license);
  $("puzzle-meta").textContent = $("puzzle-meta").title = meta.join(" · ");
  document.title = ($("puzzle-title").textContent + " — Picture Logic").slice(0, 120);
  $("help-text").textContent = typeof fam.help === "function" ? fam.help(p) : fam.help;
  $("show-errors-group").hidden = !fam.brokenLines;
  fillMethods(fam.methods);
  renderFamilyTools();
  board.setLayout(fam.layout(p));
  say({ player: "Solved. Well done!", solver: "Solved by the solver." }[solvedStatus()] || "");
  updateButtons();
  board.draw();
  // (a puzzle that cannot be solved, as its clues alone show, is still shown: it is
  // said at once instead of at the first Check or Solve)
  const problem = fam.problems?.(p);
  if (problem) showError(problem);
  if (fromLibrary) $("puzzle-title").focus({ preventScroll: true });
}

function renderFamilyTools() {
  const box = $("family-tools");
  box.replaceChildren();
  if (!state.fam.tools) return;
  for (const t of state.fam.tools(state.puzzle)) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "swatch";
    b.title = t.label;
    b.setAttribute("aria-label", t.label);
    b.style.background = t.color;
    if (t.mark) {
      b.textContent = t.mark;
      b.style.color = contrastText(t.color);
    }
    b.setAttribute("aria-pressed", String(t.id === state.tool));
    b.dataset.tool = t.id;
    // (the buttons are drawn anew: keep the keyboard's focus on the one chosen)
    b.onclick = () => { state.tool = t.id; renderFamilyTools(); box.querySelector(`[data-tool="${CSS.escape(t.id)}"]`)?.focus(); };
    box.append(b);
  }
}

function updateButtons() {
  const playing = !!state.puzzle;
  const ready = solver.state === "ready";
  const replaying = !!state.replay;  // the grid shown is the replay's: leave the player's alone
  $("undo").disabled = !playing || replaying || !state.history.past.length;
  $("redo").disabled = !playing || replaying || !state.history.future.length;
  $("restart").disabled = !playing || replaying;
  for (const id of ["check", "hint", "solve", "replay", "record"]) $(id).disabled = !playing || !ready || state.running || replaying;
  $("share").disabled = !playing || !ready || state.running;
  $("save-as").disabled = !playing || !ready || state.running || $("save-as").options.length < 2;
  // Cancel takes the method menu's place while something runs, and Stop replay the
  // Replay button's while a replay runs (CSS gives each pair one width), so the
  // buttons after them stay where they were for the next click.
  const canReplay = playing && !!state.fam.replay;
  $("replay").hidden = !canReplay || replaying;
  $("record").hidden = !canReplay || typeof MediaRecorder === "undefined";
  $("method").hidden = state.running;
  $("cancel").hidden = !state.running;
  $("stop-replay").hidden = !replaying;
  $("replay-controls").hidden = !replaying;
}

async function renderLibrary() {
  let entries = [];
  try {
    entries = await (await fetch("static/puzzles/index.json")).json();
  } catch (e) {
    entries = [];
  }
  const filters = $("library-filters");
  const list = $("library-list");
  let current = "all";
  const draw = () => {
    list.replaceChildren(...entries.filter((e) => current === "all" || e.type === current).map((e) => {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = "#";
      a.dataset.file = e.file;
      a.textContent = e.title;
      const kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = `${family(e.type).title} · ${e.width}×${e.height}`;
      a.append(kind);
      a.onclick = async (ev) => {
        ev.preventDefault();
        try {
          await load(await (await fetch(e.file)).json());
        } catch (err) {
          showError(err.message);
        }
      };
      li.append(a);
      return li;
    }));
  };
  const types = ["all", ...TYPES.filter((t) => entries.some((e) => e.type === t))];
  filters.replaceChildren(...types.map((t) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = t === "all" ? "All" : family(t).title;
    b.setAttribute("aria-pressed", String(t === current));
    b.onclick = () => {
      current = t;
      for (const x of filters.children) x.setAttribute("aria-pressed", String(x === b));
      draw();
    };
    return b;
  }));
  draw();
}

function renderRecent() {
  const items = recent();
  $("recent-section").hidden = !items.length;
  $("recent-list").replaceChildren(...items.slice(0, 8).map((e) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#";
    a.textContent = e.title || `${family(e.type).title} ${e.size}`;
    const kind = document.createElement("span");
    kind.className = "kind";
    kind.textContent = `${family(e.type).title} · ${e.size}`;
    a.append(kind);
    if (e.solved) {
      // Older entries say true: solved by the player.
      const bySolver = e.solved === "solver";
      const done = document.createElement("span");
      done.className = bySolver ? "done by-solver" : "done";
      done.textContent = bySolver ? "solved by the solver" : "✓ solved";
      a.append(done);
    }
    a.onclick = (ev) => { ev.preventDefault(); load(e.link ? "#" + e.link : e.puzzle).catch((err) => showError(err.message)); };
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "forget";
    remove.textContent = "×";
    remove.title = `Remove ${a.firstChild.textContent} from this list`;
    remove.setAttribute("aria-label", remove.title);
    remove.onclick = () => { forget(e.key); renderRecent(); };
    li.append(a, remove);
    return li;
  }));
}

// ---------------------------------------------------------------- the board
const board = new Board($("board"), {
  puzzle: () => state.puzzle,
  family: () => state.fam,
  progress: () => state.preview || state.history.present,
  view: () => ({ theme: theme(), marks: state.marks, highlight: state.highlight, tool: state.tool,
                 replay: state.replay, brokenLines: brokenLines() }),
  press: (cell, button, ev) => {
    if (!state.puzzle || state.replay) return null;
    return state.fam.press(state.puzzle, state.history.present, cell, button, state.tool, ev);
  },
  changed: (preview) => {
    state.preview = preview;
    board.draw();
  },
  commit: (progress) => {
    state.preview = null;
    if (progress) applyProgress(progress);
    else board.draw();
  },
  drawn: (scale) => { $("zoom-note").hidden = scale >= READABLE_PX; },
  announce: (text) => { $("board-cursor").textContent = text; },
});

// Cells smaller than this (CSS px) are too small to read or to hit: say how to zoom in.
const READABLE_PX = 10;

/* "Show errors": families that can judge lines from their clues alone (fam.brokenLines,
   nonograms) mark the lines whose settled cells break their clue.  The player's own
   grid is judged, not a drag in progress or a replay, so the marks follow each finished
   move; the answer is kept for the grid it was worked out for. */
const SHOW_ERRORS = "pl.showErrors";
const showErrors = $("show-errors");
let broken = { puzzle: null, progress: null, lines: null };

function brokenLines() {
  if (!showErrors.checked || !state.puzzle || !state.fam.brokenLines || state.replay) return null;
  const { puzzle, history: { present } } = state;
  if (broken.puzzle !== puzzle || broken.progress !== present) {
    broken = { puzzle, progress: present, lines: state.fam.brokenLines(puzzle, present) };
  }
  return broken.lines;
}

try { showErrors.checked = localStorage.getItem(SHOW_ERRORS) === "1"; } catch (e) { /* off */ }
showErrors.onchange = () => {
  try { localStorage.setItem(SHOW_ERRORS, showErrors.checked ? "1" : "0"); } catch (e) { /* not remembered */ }
  board.draw();
};

function applyProgress(progress) {
  if (state.history.push(progress)) {
    state.marks = null;
    state.highlight = null;
    afterChange();
  }
  board.draw();
}

/** Whether the grid shown is solved, and by whom: "player" (hints included), "solver"
    (the Solve button's answer, also after undo and redo) or false. */
function solvedStatus() {
  const h = state.history;
  return h && h.solved ? h.solvedBy || "player" : false;
}

function afterChange() {
  const h = state.history;
  const before = solvedStatus();
  let now = false;
  if (state.fam.isSolved(state.puzzle, h.present)) now = h.present.solver ? "solver" : "player";
  if (now !== before) {
    h.solved = !!now;
    h.solvedBy = now || null;
    h.save();
    remember(state.key, stripSolution(state.puzzle), now, state.link);  // the Continue list follows
    if (now === "player") say("Solved. Well done!", "ok");
    else if (!now) say("");  // a move that unsolves the grid takes the congratulations away
  }
  updateButtons();
}

let themeCache = null;
function theme() {
  if (themeCache) return themeCache;
  const cs = getComputedStyle(document.documentElement);
  const t = {};
  for (const k of ["bg", "fg", "muted", "panel", "line", "grid", "grid-strong", "accent", "error", "ok", "hint", "cell", "filled", "cross"]) {
    t[k.replace("-s", "S")] = cs.getPropertyValue("--" + k).trim();
  }
  t.dark = document.documentElement.dataset.theme === "dark";
  return (themeCache = t);
}

// ---------------------------------------------------------------- actions
// (the message of the move undone, such as Solve's report, no longer describes the grid)
function undo() {
  stopReplay();
  board.dropStroke();  // (a drag still in the hand was begun on the grid undone)
  if (state.history?.undo()) { state.marks = state.highlight = null; say(""); afterChange(); board.draw(); }
}
function redo() {
  stopReplay();
  board.dropStroke();
  if (state.history?.redo()) { state.marks = state.highlight = null; say(""); afterChange(); board.draw(); }
}

async function run(label, fn) {
  // The button pressed is disabled while its work runs, which drops keyboard focus to
  // the page: it goes to Cancel meanwhile and comes back to the button afterwards.
  const pressed = document.activeElement;
  state.running = true;
  updateButtons();
  if (pressed && pressed.disabled) $("cancel").focus();
  const p = state.puzzle;
  try {
    return await fn();
  } catch (err) {
    if (state.puzzle !== p) return null;
    if (err.kind === "cancelled") say(`${label} cancelled.`);
    else say(`${label} failed: ${err.message}`, "error");
    return null;
  } finally {
    state.running = false;
    updateButtons();
    const lost = document.activeElement === document.body || document.activeElement === $("cancel");
    if (lost && pressed && pressed.isConnected && !pressed.disabled && !pressed.hidden) pressed.focus();
  }
}

/* Solve shows the answer as soon as there is one, then settles uniqueness in a second
   request: proving there is no other solution can take much longer than finding one
   (the 40x40 Numberlink contest board: a fraction of a second, then the time limit),
   and a player should not wait for a maker's question.  Cancel during the second part
   keeps the answer. */
async function solve({ method = $("method").value, timeout = 60, unique = true } = {}) {
  await solver.ready;
  stopReplay();
  const p = state.puzzle;
  say("Solving…");
  const res = await run("Solve", () => solver.call("solve", { puzzle: stripSolution(p), method, timeout, unique: false }));
  if (!res || state.puzzle !== p) return res;
  const secs = (s) => `${s.toFixed(s < 1 ? 3 : 1)} s`;
  if (res.status !== "solved") {
    const words = { unsolvable: "This puzzle has no solution.", timeout: `Gave up after ${secs(res.seconds)}.`,
                    cancelled: "Solve cancelled.", gave_up: `The ${res.method} method gave up.`,
                    error: "Internal error: the solver's answer failed verification." };
    say(words[res.status] + (res.note ? ` (${res.note})` : ""), res.status === "cancelled" ? "" : "error");
    return res;
  }
  // Marked: a grid solved this way (now, or again by redo) is the solver's, not the player's.
  applyProgress({ ...state.fam.fromSolution(p, res.solution), solver: true });
  const shown = state.history.present;
  const solved = `Solved by ${res.method} in ${secs(res.seconds)}.`;
  if (!unique) {
    say(solved + " Undo brings your grid back.", "ok");
    return res;
  }
  say(solved + " Checking whether the solution is unique…", "ok");
  const second = await run("Uniqueness check", () => solver.call("solve", { puzzle: stripSolution(p), method, timeout, unique: true }));
  if (state.puzzle !== p) return res;
  let text = solved;
  if (second?.unique === true) text += " The solution is unique.";
  else if (second?.unique === false) text += " Warning: this puzzle has more than one solution.";
  else if (!second || second.status === "cancelled") text += " Uniqueness check cancelled.";
  else text += ` Uniqueness not settled in ${secs(second.seconds)}.`;
  const note = second?.note || res.note;
  if (note) text += ` (${note})`;
  if (state.history.present !== shown) {
    // The player moved on (undo, a new stroke) while uniqueness was checked: the grid
    // is no longer the solver's, so only what was learnt about the puzzle is said.
    const about = { true: "This puzzle's solution is unique.", false: "Warning: this puzzle has more than one solution." };
    say(about[second?.unique] || "", second?.unique === false ? "error" : "");
  } else {
    say(text + " Undo brings your grid back.", second?.unique === false ? "error" : "ok");
  }
  return { ...res, unique: second ? second.unique ?? null : null, note: note || undefined };
}

/* Check: the rules the grid breaks, then (when the puzzle has one solution) where it
   differs from that solution, both marked on the board; see api.judge in pysolver. */
async function check() {
  await solver.ready;
  stopReplay();
  const p = state.puzzle;
  const solution = state.fam.toSolution(p, state.history.present);
  const rep = await run("Check", () => solver.call("check", { puzzle: stripSolution(p), solution, timeout: 20 }));
  if (!rep || state.puzzle !== p) return rep;
  state.marks = rep;
  board.draw();
  say(...checkMessage(rep));
  return rep;
}

function checkMessage(rep) {
  if (rep.solved) return ["Correct: the puzzle is solved.", "ok"];
  const errs = rep.errors;
  if (errs.length) {
    const more = errs.length > 3 ? ` (+${errs.length - 3} more)` : "";
    return [errs.slice(0, 3).map((e) => e.message).join("; ") + more, "error"];
  }
  const onlyRules = {
    several: "No rule is broken so far. This puzzle has more than one solution, so only the rules could be checked.",
    none: "No rule is broken so far, but this puzzle has no solution.",
    unknown: "No rule is broken so far. The solver did not find the solution in time, so only the rules could be checked.",
  };
  return [onlyRules[rep.reference] || "No mistakes so far.", "ok"];
}

async function hint() {
  await solver.ready;
  stopReplay();
  const p = state.puzzle;
  const progress = state.fam.toSolution(p, state.history.present);
  const res = await run("Hint", () => solver.call("hint", { puzzle: stripSolution(p), progress }));
  if (!res || state.puzzle !== p) return res;
  const h = res.hint;
  if (!h) {
    say(state.history.solved ? "Already solved." : "No hint: nothing more follows from the grid as it is.");
    return h;
  }
  state.highlight = { cells: h.cells || [], lines: h.lines || [], wrong: !!h.wrong };
  if (h.solution && !h.wrong) {
    const next = state.fam.fromSolution(p, h.solution, state.history.present);
    state.history.push(next);
    afterChange();
  }
  // (a hint that completes the grid says so too: afterChange's message would be lost)
  if (solvedStatus() === "player" && !h.wrong) say(`Hint: ${h.message}. Solved. Well done!`, "ok");
  else say("Hint: " + h.message, h.wrong ? "error" : "");
  board.reveal(state.highlight.cells);
  board.draw();
  return h;
}

/** Replay while recording the canvas; resolves to the video as a Blob (WebM), or
    null when the replay was stopped (nothing is saved then). */
async function recordReplay() {
  const canvas = $("board");
  const stream = canvas.captureStream(30);
  const type = ["video/webm;codecs=vp9", "video/webm"].find((t) => MediaRecorder.isTypeSupported(t)) || "";
  const rec = new MediaRecorder(stream, type ? { mimeType: type } : {});
  const chunks = [];
  rec.ondataavailable = (e) => { if (e.data.size) chunks.push(e.data); };
  const stopped = new Promise((r) => { rec.onstop = r; });
  rec.start(250);
  const finished = await replay();
  if (finished) await new Promise((r) => setTimeout(r, 400));  // hold the last frame a moment
  rec.stop();
  await stopped;
  if (!finished) return null;
  const blob = new Blob(chunks, { type: "video/webm" });
  const name = download(blob, fileStem("replay") + ".webm");
  say(`Saved the replay as ${name} (${(blob.size / 1024).toFixed(0)} KB).`, "ok");
  return blob;
}

/** A file name from the puzzle's title (or `fallback`): letters, digits, "." and "-". */
function fileStem(fallback) {
  return ((state.puzzle && state.puzzle.title) || fallback).replace(/[^\w.-]+/g, "_").slice(0, 60);
}

/** Hand `blob` to the browser as a download called `name`; returns the name. */
function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  return name;
}

/* "Save as": puzzle JSON and the formats the family writes (pysolver's exporters, e.g.
   .non for nonograms, flow_solver text for Numberlink), asked of the worker for each
   puzzle opened: only the formats that can hold it are offered (puzz.link has no
   colours).  Puzzle files are saved without the solution, as Share does; answer
   formats (a contest answer) use the puzzle's solution, or the worker solves it first. */
let saveFormats = [];

async function fillSaveAs(type) {
  const p = state.puzzle;
  const { formats } = await solver.call("formats", { type, puzzle: stripSolution(p) });
  if (state.puzzle !== p) return;
  saveFormats = formats;
  const sel = $("save-as");
  sel.replaceChildren(sel.options[0], ...formats.map((f) => {
    const o = document.createElement("option");
    o.value = f.name;
    o.textContent = `${f.name} (${f.ext})`;
    o.title = f.about;
    return o;
  }));
  updateButtons();
}

async function saveAs(name) {
  const format = saveFormats.find((f) => f.name === name);
  if (!format) return;
  const puzzle = format.answer ? state.puzzle : stripSolution(state.puzzle);
  if (format.answer && !puzzle.solution) say("Solving, to write the answer…");
  const { text } = await solver.call("convert", { puzzle, to: name });
  const type = name === "json" ? "application/json" : "text/plain";
  // Formats that share a file ending (several are .txt) get their name in the file's.
  const clash = saveFormats.some((f) => f !== format && f.ext === format.ext);
  const saved = download(new Blob([text], { type }), fileStem(state.puzzle.type) + (clash ? "-" + name : "") + format.ext);
  say(`Saved as ${saved}.`, "ok");
}

// the most frames a replay shows (see replay())
const REPLAY_FRAMES = 400;

/** Animate the solver's steps on a copy of the grid; resolves to true when it ran to
    the end, false when it was stopped (Stop, Escape, another action, leaving the
    puzzle).  The player's own grid is never touched. */
async function replay() {
  await solver.ready;
  stopReplay();
  const p = state.puzzle;
  say("Working out the solving steps…");  // (the first time also loads the step recorder)
  const res = await run("Replay", () => solver.call("steps", { puzzle: stripSolution(p), timeout: 30 }));
  if (!res || state.puzzle !== p) return false;
  const steps = res.steps;
  const me = { stopped: false, paused: false };
  state.replay = me;
  setPaused(false);
  updateButtons();
  say(`Replaying ${steps.length} steps…`);
  // At most REPLAY_FRAMES frames: a big board's thousands of steps go a few per frame,
  // so a replay takes seconds, not minutes (each frame redraws the whole board).
  const frames = Math.min(steps.length, REPLAY_FRAMES);
  const batch = Math.ceil(steps.length / Math.max(1, frames));
  const delay = Math.max(15, Math.min(300, 8000 / Math.max(1, frames)));
  let progress = state.fam.newProgress(p);
  for (let i = 0; i < steps.length; i += batch) {
    const last = Math.min(steps.length, i + batch) - 1;
    for (let j = i; j <= last; j++) progress = state.fam.applyStep(p, progress, steps[j]);
    const step = steps[last];
    state.preview = progress;
    state.highlight = { cells: step.cells || [], lines: step.line ? [step.line] : [] };
    say(`Step ${last + 1}/${steps.length}: ${step.message || step.rule}`);
    board.draw();
    await new Promise((r) => setTimeout(r, delay / replaySpeed()));
    // (paused: the frame stays until Resume; Stop still ends the replay at once)
    while (me.paused && !me.stopped) await new Promise((r) => setTimeout(r, 50));
    if (me.stopped) return false;
  }
  stopReplay();
  say("Replay finished; your grid is as you left it.");
  return true;
}

/** End the running replay, if any, and show the player's grid again. */
function stopReplay() {
  if (!state.replay) return false;
  state.replay.stopped = true;
  state.replay = null;
  state.preview = state.highlight = null;
  updateButtons();
  board.draw();
  return true;
}

/** The replay speed the player chose (kept for the next replay, and the next visit). */
const REPLAY_SPEED = "pl.replaySpeed";
function replaySpeed() {
  return Math.max(0.25, Math.min(4, +$("replay-speed").value || 1));
}
try {
  const saved = localStorage.getItem(REPLAY_SPEED);
  if (saved && [...$("replay-speed").options].some((o) => o.value === saved)) $("replay-speed").value = saved;
} catch (e) { /* 1x */ }
$("replay-speed").onchange = () => {
  try { localStorage.setItem(REPLAY_SPEED, $("replay-speed").value); } catch (e) { /* not kept */ }
};

function setPaused(paused) {
  if (state.replay) state.replay.paused = paused;
  // (its label says what it will do; no aria-pressed as well, or a screen reader hears
  // "Resume, pressed")
  $("replay-pause").textContent = paused ? "Resume" : "Pause";
}
$("replay-pause").onclick = () => { if (state.replay) setPaused(!state.replay.paused); };

function stopReplayAndSay() {
  if (stopReplay()) say("Replay stopped; your grid is as you left it.");
}

async function share() {
  if (!state.link) {
    const { link } = await solver.call("link", { puzzle: stripSolution(state.puzzle) });
    setLink(link);
  }
  const url = location.href.split("#")[0] + "#" + state.link;
  try {
    await navigator.clipboard.writeText(url);
    say("Link copied to the clipboard.", "ok");
  } catch (e) {
    say("Copy this link: " + url);
  }
  return url;
}

$("undo").onclick = undo;
$("redo").onclick = redo;
$("solve").onclick = () => solve();
$("check").onclick = () => check();
$("hint").onclick = () => hint();
$("replay").onclick = () => replay();
$("record").onclick = () => recordReplay().catch((e) => say("Could not record: " + e.message, "error"));
$("share").onclick = () => share().catch((e) => say("Share failed: " + e.message, "error"));
$("save-as").onchange = () => {
  const name = $("save-as").value;
  $("save-as").value = "";
  saveAs(name).catch((e) => say("Could not save: " + e.message, "error"));
};
$("cancel").onclick = () => solver.cancel();
$("stop-replay").onclick = stopReplayAndSay;
$("method").onchange = explainMethod;
$("restart").onclick = () => { stopReplay(); applyProgress(state.fam.newProgress(state.puzzle)); };
$("more-tools").onclick = () => {
  const open = $("play").querySelector(".toolbar").classList.toggle("show-more");
  $("more-tools").setAttribute("aria-expanded", String(open));
  $("more-tools").textContent = open ? "Less" : "More…";
};
$("zoom-in").onclick = () => board.zoom(1.25);
$("zoom-out").onclick = () => board.zoom(0.8);
$("zoom-fit").onclick = () => { board.userView = false; board.fit(); };
$("home-link").onclick = (e) => { e.preventDefault(); history.pushState(null, "", location.pathname); showLibrary(); };
// The theme button says what it will do (a bare "Switch theme" leaves it unsaid).
function labelThemeButton() {
  const other = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
  $("theme-toggle").setAttribute("aria-label", `Switch to the ${other} theme`);
  $("theme-toggle").title = `Switch to the ${other} theme`;
}
labelThemeButton();
$("theme-toggle").onclick = () => {
  const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
  document.documentElement.dataset.theme = next;
  try { localStorage.setItem("theme", next); } catch (e) { /* fine */ }
  themeCache = null;
  labelThemeButton();
  board.draw();
  designer.redraw();
};
window.addEventListener("keydown", (e) => {
  const typing = e.target.tagName === "TEXTAREA" || (e.target.tagName === "INPUT" && e.target.type !== "checkbox");
  if (!state.puzzle || typing) return;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") { e.preventDefault(); e.shiftKey ? redo() : undo(); }
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "y") { e.preventDefault(); redo(); }
  if (e.key === "Escape") {
    if (state.replay) stopReplayAndSay();
    else if (state.running) solver.cancel();
  }
});
// Back and Forward fire popstate; a hash typed into the address bar fires hashchange
// too (after popstate, for the same address): route once.
let popped = null;
window.addEventListener("popstate", () => { popped = location.href; route(); });
window.addEventListener("hashchange", () => { if (location.href !== popped) route(); popped = null; });
// The same puzzle played in another tab: its autosave would overwrite this tab's moves
// (and this tab's the other's), so this tab takes the other's grid as it is saved.
window.addEventListener("storage", (e) => {
  if (!state.puzzle || e.key !== History.storageKey(state.key) || e.newValue === null || state.replay) return;
  state.history.discard();  // (its pending write would put this tab's older grid back)
  state.history = new History(state.key, state.fam.newProgress(state.puzzle));
  state.preview = state.marks = state.highlight = null;
  afterChange();
  board.draw();
  say("Updated with the moves made in another tab.");
});
// Write any pending autosave before the page goes away.
window.addEventListener("pagehide", () => state.history?.flush());
document.addEventListener("visibilitychange", () => { if (document.hidden) state.history?.flush(); });

$("paste-form").onsubmit = async (e) => {
  e.preventDefault();
  const text = $("paste-box").value;
  if (!text.trim()) return;
  // Formats other than JSON and links are read by Python: say so while it loads.
  const button = $("paste-form").querySelector("button");
  if (solver.state !== "ready") $("paste-status").textContent = "Waiting for the solver to read this…";
  button.disabled = true;
  try {
    await load(text);
  } catch (err) {
    showError("Could not open the pasted puzzle: " + err.message);
  } finally {
    button.disabled = false;
    $("paste-status").textContent = "";
  }
};
$("file-input").onchange = async (e) => {
  const file = e.target.files[0];
  e.target.value = "";
  if (!file) return;
  try {
    if (file.size > 20e6) throw new Error(`${file.name} is too large for a puzzle file`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    let text = null;
    try { text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch (err) { text = null; }
    if (text !== null && (text.trim().startsWith("{") || looksLikeLink(text))) await load(text);
    else {
      await solver.ready;
      await load(await solver.call("load", { text: text ?? Array.from(bytes), name: file.name }));
    }
  } catch (err) {
    showError(`Could not open ${file.name}: ${err.message}`);
  }
};

// ---------------------------------------------------------------- service worker
function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("sw.js").then((reg) => {
    const offer = (worker) => {
      $("update-banner").hidden = false;
      $("update-reload").onclick = () => worker.postMessage("skipWaiting");
      $("update-later").onclick = () => { $("update-banner").hidden = true; };  // (offered again next visit)
    };
    if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
    reg.addEventListener("updatefound", () => {
      const w = reg.installing;
      w.addEventListener("statechange", () => {
        if (w.state === "installed" && navigator.serviceWorker.controller) offer(w);
      });
    });
  }).catch(() => { /* no offline support, e.g. in a private window */ });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!reloading && !$("update-banner").hidden) { reloading = true; location.reload(); }
  });
}

// ---------------------------------------------------------------- automation hook
/* window.app: a small documented hook for tests and scripts (the UI does not use it).
     await app.ready              Python, NumPy, SciPy and pysolver are loaded
     await app.load(jsonOrLink)   open a puzzle (object, JSON text, link or other format)
     await app.solve({method, timeout, unique})  -> the object of `pysolver solve --json`
     await app.check(), app.hint(), app.undo(), app.redo(), app.cancel()
     await app.replay()           -> true when it ran to the end; app.stopReplay()
     app.state()                  {puzzle, progress, key, link, solved, canUndo, canRedo}
     app.cellCenter(r, c)         CSS pixel position of a cell's centre in the canvas
     app.view()                   {scale (CSS px per cell), width, height, layout, pending,
                                  brokenLines} of the board (pending: a redraw is scheduled for the
                                  next frame; brokenLines: the [kind, index] lines "Show errors"
                                  marks, null when it is off or the family has none; clueStrips:
                                  the pinned clue strips in CSS px, see Board.clueStripsPx)
     await app.call(cmd, args)    a raw worker request (see pysolver/webapi.py) */
function snapshot() {
  return state.puzzle ? { puzzle: state.puzzle, progress: state.history.present, key: state.key,
    link: state.link, solved: !!state.history.solved, solvedBy: solvedStatus() || null,
    canUndo: state.history.past.length > 0,
    canRedo: state.history.future.length > 0, tool: state.tool } : { puzzle: null };
}
window.app = {
  load: async (x) => { await load(x); return snapshot(); },
  solve, check, hint, undo, redo, share, replay, recordReplay, stopReplay: stopReplayAndSay,
  cancel: () => solver.cancel(),
  state: snapshot,
  cellCenter: (r, c) => board.cellCenter(r, c),
  view: () => ({ scale: board.scale, width: board.cw, height: board.ch, layout: board.layout,
                 pending: board.pending, brokenLines: brokenLines(), clueStrips: board.clueStripsPx() }),
  setTool: (id) => { state.tool = id; renderFamilyTools(); },
  design: {  // the drawing maker: app.design.state(), .cellCenter(r, c), .check(), .setTool(key)
    state: () => designer.state(), cellCenter: (r, c) => designer.cellCenter(r, c),
    check: () => designer.check(), setTool: (k) => designer.setTool(k),
  },
  call: (cmd, args) => solver.call(cmd, args),
  get solverState() { return solver.state; },
};
Object.defineProperty(window.app, "ready", { get: () => solver.ready });

let saveWarned = false;
History.saveFailed = () => {
  if (saveWarned) return;
  saveWarned = true;
  showError("Your progress cannot be saved in this browser (its storage is full or blocked): " +
            "it will be lost when the page closes.");
};

initMaker({ solver, load, showError });
const designer = initDesigner({ solver, load, theme, showDesign });
initNumberlinkMaker({ solver, load, showError });
// The help is open where there is room for it; on a phone the board needs the height.
$("help").open = $("design-help-box").open = matchMedia("(min-width: 601px)").matches;
renderLibrary();
route();
registerServiceWorker();
