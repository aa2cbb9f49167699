/* "Draw a puzzle": the drawing maker, with its own board, for every family whose
   description allows drawing (`drawing`: sizes and colour counts) and whose module says
   how (`drawingKind`: the key of a blank cell, its palettes, the puzzle a picture makes;
   see families/index.js).  A picture is painted on the family's own board (its drawing
   and its strokes), or the kind's own `board`, with the clues worked out from the
   picture after every stroke and drawn where a puzzle's are.  "Check it is unique" asks
   the solver for two solutions of those clues: one means the puzzle leads to this
   picture and no other; two are outlined where they differ, so the maker knows where to
   change the picture.  "Play and share" opens the clues as a puzzle (the play page makes
   its link).  A family whose description names a maker for drawings (`drawing.maker`)
   has no clues to show while a picture is drawn: "Make the puzzle" has the worker's
   maker make it, unique by construction, and opens the puzzle.

   The drawing, {kind, id, grid, palette, title?, author?}, is kept with its undo
   history (History, under DESIGN_KEY) like a puzzle's progress: a reload or a closed
   tab loses nothing, and starting a new drawing is itself a step that Undo takes back. */

import { Board } from "./board.js";
import { usedPalette } from "./families/draw.js";
import { colourNames } from "./families/colournames.js";
import { checkedHistory, History } from "./history.js";
import { $, canceller, messenger, renderSwatches, theme, undoRedoButtons, undoRedoKeys, whileBusy } from "./page.js";

// (the history of drawings of every kind; the storage key is from when the maker drew
// one kind, and stays so that drawings saved then still open)
const DESIGN_KEY = "design.nonogram";
// Seconds the uniqueness check may take (the answer says when it was not settled).
const CHECK_SECONDS = 30;

/* The kinds of drawing: {type, title, drawing (the description's limits and maker),
   timeout (that maker's), method (the family's default), ...drawingKind, board}, by type;
   the first is the kind of a drawing saved without one. */
function kindsOf(families) {
  const kinds = families.filter((f) => f.drawing && f.drawingKind).map((f) => ({
    type: f.type, title: f.title, drawing: f.drawing, method: f.methods[0].name,
    timeout: f.makers.find((m) => m.name === f.drawing.maker)?.timeout ?? 60,
    board: f, ...f.drawingKind,
  }));
  kinds.sort((a, b) => !!b.original - !!a.original);
  return new Map(kinds.map((k) => [k.type, k]));
}

/** A blank drawing of a kind.  Its `id` is shared by the states its strokes make, so
    its title and author (typed once, kept in every one of them) come back with it on Undo. */
function blankDrawing(k, width, height, colours) {
  return { kind: k.type, id: Date.now().toString(36) + Math.random().toString(36).slice(2, 6),
           grid: Array.from({ length: height }, () => k.blank.repeat(width)),
           palette: k.palette(Math.max(k.drawing.min_colours, colours)) };
}

/** Whether a drawing read back from storage (where anything may have been written)
    is one the maker could have made: its kind, size, palette and cells. */
function goodDrawing(kinds, d) {
  if (!d || typeof d !== "object" || !Array.isArray(d.grid)) return false;
  if (d.kind !== undefined && (typeof d.kind !== "string" || !kinds.has(d.kind))) return false;
  const k = d.kind === undefined ? kinds.values().next().value : kinds.get(d.kind), g = d.grid;
  const side = (n) => Number.isInteger(n) && n >= k.drawing.min_side && n <= k.drawing.max_side;
  if (!side(g.length) || typeof g[0] !== "string" || !side(g[0].length)) return false;
  for (const key of ["title", "author"]) if (d[key] !== undefined && (typeof d[key] !== "string" || d[key].length > 200)) return false;
  const pal = d.palette;
  if (pal === null ? k.palette(1) !== null
      : typeof pal !== "object" || Array.isArray(pal) || !Object.keys(pal).length || Object.keys(pal).length > 16 ||
        !Object.entries(pal).every(([key, hex]) => [...key].length === 1 && /^#[0-9a-f]{6}$/i.test(hex))) return false;
  const allowed = new Set([k.blank, ...(pal ? Object.keys(pal) : ["#"])]);
  return g.every((row) => typeof row === "string" && row.length === g[0].length && [...row].every((ch) => allowed.has(ch)));
}

/** The saved history of drawings, with whatever does not pass goodDrawing left out. */
function loadHistory(kinds, fallback) {
  return checkedHistory(DESIGN_KEY, fallback, (x) => goodDrawing(kinds, x));
}

export function initDesigner({ solver, load, showDesign, families }) {
  const kinds = kindsOf(families);
  const firstKind = kinds.values().next().value;
  const kindOf = (drawing) => kinds.get(drawing.kind) || firstKind;
  const say = messenger($("design-message"));
  const work = canceller(solver);
  const d = {
    history: null, preview: null, highlight: null, tool: null, busy: false,
    puzzle: null, puzzleOf: null,  // the puzzle of the last drawing asked for (cached)
  };

  /** The puzzle a drawing makes: its clues, and the palette's colours it uses. */
  function drawingPuzzle(drawing, meta = {}) {
    const p = kindOf(drawing).puzzle(drawing.grid, drawing.palette);
    if (meta.title) p.title = meta.title;
    if (meta.author) p.author = meta.author;
    return p;
  }

  const present = () => d.history.present;
  const shown = () => d.preview || present();
  // The clues shown are the last committed drawing's: a stroke's preview that changed
  // them would move the grid (its layout follows the clues) under the pointer.
  const puzzle = () => {
    const drawing = present();
    if (d.puzzleOf !== drawing) {
      d.puzzle = drawingPuzzle(drawing);
      // (drawn with the whole palette, so a colour still reads while its first cell is painted)
      if (drawing.palette) d.puzzle.palette = { ...drawing.palette };
      d.puzzleOf = drawing;
    }
    return d.puzzle;
  };
  const kind = () => kindOf(present());
  const blanked = (progress) => ({ grid: kind().normalise(progress.grid) });

  const board = new Board($("design-board"), {
    puzzle: () => (d.history ? puzzle() : null),
    family: () => kind().board,
    progress: () => ({ grid: shown().grid }),
    view: () => ({ theme: theme(), marks: null, highlight: d.highlight, tool: d.tool, design: true }),
    press: (cell, button) => {
      if (d.busy) return null;
      const k = kind();
      return k.board.press(puzzle(), { grid: present().grid }, cell, k.button(button), d.tool);
    },
    changed: (progress) => {
      d.preview = progress ? { ...present(), ...blanked(progress) } : null;
      board.draw();
    },
    commit: (progress) => {
      d.preview = null;
      if (progress) change({ ...present(), ...blanked(progress) });
      else board.draw();
    },
    announce: (text) => { $("design-cursor").textContent = text; },
  });

  /** A new drawing state (a stroke, Clear, a new drawing): one undo step. */
  function change(next) {
    if (d.history.push(next)) {
      d.highlight = null;
      say("");
    }
    refresh();
  }

  /** After any change: the layout (clues may need more room), swatches, buttons. */
  function refresh() {
    const p = puzzle(), k = kind(), drawing = present();
    // (the family's own layout: its draw() places the grid by it.  Clues that need
    // another margin shift the view, keeping zoom and cursor; another size starts anew.)
    const L = k.board.layout(p), old = board.layout;
    if (!old || old.cols - old.x0 !== L.cols - L.x0 || old.rows - old.y0 !== L.rows - L.y0) board.setLayout(L);
    else if (old.x0 !== L.x0 || old.y0 !== L.y0) board.adjustLayout(L);
    const keys = drawing.palette ? Object.keys(drawing.palette) : [];
    // (the first colour that paints: a kind whose blank cells have a colour skips it)
    if (!keys.includes(d.tool)) d.tool = keys.find((key) => key !== k.blank) ?? null;
    renderTools(drawing.palette);
    const w = p.width, h = p.height;
    for (const [id, field] of [["design-name", "title"], ["design-author", "author"]]) {
      if ($(id).value !== (drawing[field] || "")) $(id).value = drawing[field] || "";
    }
    $("design-title").textContent = `Draw a ${k.name}`;
    $("design-meta").textContent = `${w}×${h} · ` + (drawing.palette ? `${keys.length} colours` : "black and white");
    updateButtons();
    board.draw();
  }

  function renderTools(palette) {
    const names = palette ? colourNames(palette) : {};
    const tools = Object.entries(palette || {}).map(([k, colour]) => ({ id: k, label: `Paint ${names[k]}`, color: colour }));
    renderSwatches($("design-tools"), tools, d.tool, (k) => { d.tool = k; });
  }

  function updateButtons() {
    undoRedoButtons($("design-undo"), $("design-redo"), d.history, d.busy);
    $("design-clear").disabled = d.busy || isEmpty(present());
    $("design-check").hidden = d.busy;
    $("design-cancel").hidden = !d.busy;
    $("design-play").disabled = d.busy;
    // (a kind with a maker is made into its puzzle, unique by construction, and opened)
    const makes = !!kind().drawing.maker;
    $("design-check").textContent = makes ? "Make the puzzle" : "Check it is unique";
    $("design-check").title = makes ? "Make the puzzle of this picture, with one solution, and open it"
      : "Ask the solver whether these clues have exactly one solution";
    $("design-play").hidden = makes;
  }

  // (a stroke still in the hand, by pointer or keys, was begun on the drawing before:
  // it is dropped, not put down on another)
  function undo() { board.dropStroke(); if (!d.busy && d.history.undo()) { d.highlight = null; say(""); refresh(); } }
  function redo() { board.dropStroke(); if (!d.busy && d.history.redo()) { d.highlight = null; say(""); refresh(); } }

  function meta() {
    const dr = present();
    return { title: (dr.title || "").trim(), author: (dr.author || "").trim() };
  }
  /** A title or author typed: kept in every state of this drawing (not an undo step). */
  function setMeta(field, value) {
    const h = d.history, id = present().id;
    for (const dr of [h.present, ...h.past, ...h.future]) if (dr === h.present || (id && dr.id === id)) dr[field] = value;
    h.save();
  }

  function isEmpty(drawing) {
    const blank = kindOf(drawing).blank;
    return drawing.grid.every((row) => [...row].every((ch) => ch === blank));
  }

  /** Another tab saved the drawing: take it, as the play page takes another tab's moves. */
  function takeOtherTab() {
    d.otherTab = false;
    board.dropStroke();
    d.history.discard();
    d.history = loadHistory(kinds, present());
    d.preview = d.highlight = null;
    if (!$("design").hidden) {
      refresh();
      say("Updated with the drawing made in another tab.");
    }
  }

  /** The worker's answer for a drawing: the maker's puzzle (a kind with a maker), or
      two solutions of its clues; a failure as {status, error}. */
  async function ask(drawing, k) {
    // (Cancel also ends the wait for a solver still loading: nothing is sent then)
    await work.ready();
    if (k.drawing.maker) {
      say("Making the puzzle, with one solution…");
      // (the solver writes a blank cell as ".")
      return await solver.call("make", { type: k.type, maker: k.drawing.maker, palette: usedPalette(drawing.palette, drawing.grid),
        grid: drawing.grid.map((row) => row.replaceAll(k.blank, ".")), title: meta().title || "My picture",
        timeout: k.timeout });
    }
    say("Checking…");
    return await solver.call("solve", { puzzle: drawingPuzzle(drawing), method: k.method, timeout: CHECK_SECONDS, unique: true });
  }

  /** Whether the clues lead to the picture and no other (two solutions are outlined
      where they differ from the picture), or, for a kind with a maker, its puzzle made. */
  async function check() {
    const drawing = present();
    if (isEmpty(drawing)) {
      say("Draw something first: a blank grid makes no puzzle.", "error");
      return null;
    }
    const k = kindOf(drawing);
    work.start();
    d.highlight = null;
    board.draw();
    say(solver.state === "ready" ? "Checking…" : "Waiting for the solver…");
    let res = null;
    try {
      res = await whileBusy((on) => { d.busy = on; updateButtons(); }, $("design-cancel"), () => ask(drawing, k));
    } catch (err) {
      res = { status: ["cancelled", "timeout"].includes(err.kind) ? err.kind : "failed", error: err.message };
    }
    if (d.otherTab) takeOtherTab();
    if (present() !== drawing) {
      say("The drawing changed while it was checked: check it again.");
      return res;
    }
    if (k.drawing.maker) {
      await made(res);
      return res;
    }
    report(res, drawing);
    if (res.status === "solved" && res.unique === true) settled = drawing;  // (Play and share asks no more)
    board.draw();
    return res;
  }

  async function made(res) {
    if (res.puzzle) {
      const stats = res.stats || {};
      const clues = stats.clues === undefined ? "" : stats.clues === 1 ? ": 1 clue" : `: ${stats.clues} clues`;
      const secs = stats.seconds === undefined ? "" : ` in ${stats.seconds.toFixed(1)} s`;
      say(`Made${secs}${clues}, and your picture is its only solution.`, "ok");
      d.history.flush();
      const { author } = meta();
      await load(author ? { ...res.puzzle, author } : res.puzzle);
    } else if (res.status === "timeout") {
      say(`The maker gave up after ${kind().timeout} s. A smaller picture is quicker to make.`, "error");
    } else if (res.status === "cancelled") {
      say("Making cancelled.");
    } else {
      say(`Could not make the puzzle: ${res.error || res.status}.`, "error");
    }
  }

  function report(res, drawing) {
    // (the solver writes a blank cell as ".")
    const picture = drawing.grid.map((row) => row.replaceAll("?", "."));
    if (res.status === "solved" && res.unique === true) {
      say(`Unique: these clues lead to your picture and no other. ${difficulty(kindOf(drawing), res.stats || {})} ` +
          "Play and share it.", "ok");
    } else if (res.status === "solved" && res.unique === false) {
      const cells = [];
      const others = [res.solution, res.second_solution].filter(Boolean);
      for (let r = 0; r < picture.length; r++) {
        for (let c = 0; c < picture[r].length; c++) {
          if (others.some((s) => s.grid[r][c] !== picture[r][c])) cells.push([r, c]);
        }
      }
      d.highlight = cells.length ? { cells, lines: [], wrong: true } : null;
      say("Not unique: another picture has the same clues" +
          (cells.length ? `; the ${cells.length} outlined cells differ between them. Change the picture there and check again.`
            : ". Change the picture and check again."), "error");
    } else if (res.status === "solved") {
      say(`Not settled in ${CHECK_SECONDS} s: the solver found your picture but could not rule out another one. ` +
          "A smaller or simpler picture is quicker to check.", "error");
    } else if (res.status === "cancelled") {
      say("Check cancelled.");
    } else if (res.status === "timeout") {
      say(`Not settled: the solver gave up after ${CHECK_SECONDS} s. A smaller or simpler picture is quicker to check.`, "error");
    } else {
      say(`The check failed: ${res.error || res.note || res.status}.`, "error");
    }
  }

  /** Whether line logic alone gets a player there, from the solver's own counts: no
      branching and no probe means line solving settled every cell. */
  function difficulty(k, stats) {
    if (!k.branched(stats) && !stats.probes) return "Line logic alone solves it, a row or a column at a time.";
    return "Line logic alone does not solve it: players must reason further ahead, so it is a hard puzzle.";
  }

  /* "Play and share" checks first: a drawing whose clues have another solution (or
     that could not be settled) is not shared before the player has seen where the
     second solution differs; pressing it again then plays the drawing as it is. */
  let warned = null;     // the drawing the player was warned about
  let settled = null;    // the drawing last found unique
  async function play() {
    const drawing = present();
    if (isEmpty(drawing)) {
      say("Draw something first: a blank grid makes no puzzle.", "error");
      return;
    }
    if (warned !== drawing && settled !== drawing) {
      const res = await check();
      if (present() !== drawing || !res || res.status === "cancelled") return;
      if (res.status === "solved" && res.unique === true) {
        settled = drawing;
      } else {
        warned = drawing;
        say($("design-message").textContent + " Press Play and share again to play and share it anyway.", "error");
        return;
      }
    }
    d.history.flush();
    await load(drawingPuzzle(drawing, meta()));
  }

  // -- opening ----------------------------------------------------------------------
  function savedDrawing() {
    const h = loadHistory(kinds, null);
    return h.present ? h : null;
  }

  /** Show the maker with the saved drawing, or (size given) a new blank one pushed
      onto its history. */
  function open(size = null) {
    if (!d.history) d.history = loadHistory(kinds, blankDrawing(firstKind, 15, 15, 1));
    d.preview = null;
    d.highlight = null;
    say("");
    if (size) {
      const before = d.history.present;
      change(blankDrawing(kinds.get(size.kind), size.width, size.height, size.colours));
      if (d.history.present !== before && !isEmpty(before)) say("A new drawing: Undo brings your last one back.");
    }
    board.userView = false;
    board.layout = null;  // (refresh sets it, fitted to the drawing)
    refresh();
  }

  // -- the library form ---------------------------------------------------------------
  function showContinue() {
    const saved = d.history || savedDrawing();
    const b = $("nono-maker-continue");
    b.hidden = !saved || isEmpty(saved.present);
    if (!b.hidden) {
      const g = saved.present.grid;
      b.textContent = `Continue drawing (${kindOf(saved.present).name}, ${g[0].length}×${g.length})`;
    }
  }
  initDrawingForm(kinds, (size) => showDesign({ size }));
  $("nono-maker-continue").onclick = () => showDesign({});

  // -- the maker's own controls ---------------------------------------------------------
  $("design-undo").onclick = undo;
  $("design-redo").onclick = redo;
  $("design-clear").onclick = () => {
    const dr = present();
    change({ ...dr, grid: dr.grid.map((row) => kind().blank.repeat(row.length)) });
    say("Cleared: Undo brings the picture back.");
  };
  $("design-check").onclick = check;
  $("design-cancel").onclick = () => work.cancel();
  $("design-play").onclick = play;
  // (kept as they are typed: the fields are only read while the maker is open)
  $("design-name").addEventListener("input", (e) => setMeta("title", e.target.value));
  $("design-author").addEventListener("input", (e) => setMeta("author", e.target.value));
  window.addEventListener("keydown", (e) => {
    if ($("design").hidden || e.target.tagName === "INPUT") return;
    undoRedoKeys(e, undo, redo);
    if (e.key === "Escape" && d.busy) work.cancel();
  });
  window.addEventListener("pagehide", () => d.history?.flush());
  // The maker open in two tabs: the other tab's saved drawing is taken, as the play
  // page takes another tab's moves, instead of the two overwriting each other.
  window.addEventListener("storage", (e) => {
    if (!d.history || e.key !== History.storageKey(DESIGN_KEY) || e.newValue === null) return;
    if (d.busy) d.otherTab = true;      // (taken as soon as the check is over)
    else takeOtherTab();
  });

  return {
    open,
    showContinue,
    /** Leaving the maker: write the pending autosave; a check still running is
        stopped (its answer would be for a page no longer shown). */
    leave: () => { d.history?.flush(); if (d.busy) work.cancel(); },
    redraw: () => board.draw(),
    // (tests and scripts: see window.app.design in hook.js)
    state: () => (d.history ? { drawing: present(), puzzle: drawingPuzzle(present(), meta()), busy: d.busy,
                                highlight: d.highlight, canUndo: d.history.past.length > 0 } : null),
    cellCenter: (r, c) => board.cellCenter(r, c),
    check,
    setTool: (k) => { d.tool = k; renderTools(present().palette); },
  };
}

/** The library's "Draw a puzzle" form: its kinds, and sizes and colour counts within
    the chosen kind's limits; start(size) with {kind, width, height, colours}. */
function initDrawingForm(kinds, start) {
  const select = $("nono-maker-kind");
  select.replaceChildren(...[...kinds.values()].map((k) => {
    const o = document.createElement("option");
    o.value = k.type;
    o.textContent = k.title;
    return o;
  }));
  const colours = $("nono-maker-colours");
  colours.title = [...kinds.values()].map((k) => `${k.title}: ${k.drawing.min_colours} to ${k.drawing.max_colours}` +
    (k.coloursNote ? ` (${k.coloursNote})` : "")).join(". ");
  const limit = () => {
    const lim = kinds.get(select.value).drawing;
    for (const id of ["nono-maker-width", "nono-maker-height"]) Object.assign($(id), { min: lim.min_side, max: lim.max_side });
    Object.assign(colours, { min: lim.min_colours, max: lim.max_colours });
    // (a count the kind does not allow becomes its nearest: the form still submits)
    if (colours.value !== "") colours.value = Math.max(lim.min_colours, Math.min(lim.max_colours, +colours.value || 1));
  };
  select.onchange = limit;
  limit();
  const within = (id, lo, hi, fallback) => Math.max(lo, Math.min(hi, Math.round(+$(id).value || fallback)));
  $("nono-maker").onsubmit = (e) => {
    e.preventDefault();
    const k = kinds.get(select.value), lim = k.drawing;
    start({ kind: k.type, width: within("nono-maker-width", lim.min_side, lim.max_side, 15),
            height: within("nono-maker-height", lim.min_side, lim.max_side, 15),
            colours: within("nono-maker-colours", lim.min_colours, lim.max_colours, 1) });
  };
}
