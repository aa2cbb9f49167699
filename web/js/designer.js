/* "Draw a puzzle": the maker's own board, for nonograms, Hungry Cat Picross and
   Link-a-Pix (KINDS).  A picture is painted on the family's own board (its drawing
   and its strokes), with the clues worked out from the picture after every stroke and
   drawn where a puzzle's are.  "Check it is unique" asks the solver for two solutions
   of those clues: one means the puzzle leads to this picture and no other; two are
   outlined where they differ, so the maker knows where to change the picture.  "Play and share" opens the clues as a puzzle (the play
   page makes its link).  A Link-a-Pix picture has no clues to show while it is drawn:
   "Make the puzzle" has the worker's maker cut it into links until it is unique
   (pysolver/linkapix/maker.py), and opens the puzzle.

   The drawing, {kind, grid, palette}, is kept with its undo history (History, under
   DESIGN_KEY) like a puzzle's progress: a reload or a closed tab loses nothing, and
   starting a new drawing is itself a step that Undo takes back. */

import { Board } from "./board.js";
import { colourNames } from "./families/colournames.js";
import { contrast, gridLines, strokeCells } from "./families/draw.js";
import hungrycat, { cluesOf as hungrycatClues } from "./families/hungrycat.js";
import nonogram, { cluesOf as nonogramClues } from "./families/nonogram.js";
import { History } from "./history.js";

// (the history of drawings of every kind; the name is from when there was one kind)
const DESIGN_KEY = "design.nonogram";
// Sides of a drawing (the form's limits): big enough for the largest published puzzles.
const MIN_SIDE = 2, MAX_SIDE = 100;
// The colours of a multicolour drawing, in order: named colours, so messages name them.
const COLOURS = [["a", "#000000"], ["b", "#ff0000"], ["c", "#0000ff"], ["d", "#008000"],
                 ["e", "#ffa500"], ["f", "#800080"], ["g", "#a52a2a"], ["h", "#ffc0cb"]];
// Seconds the uniqueness check may take (the answer says when it was not settled), and
// the Link-a-Pix maker (the picture maker in maker.js allows 180 s for up to 128x128).
const CHECK_SECONDS = 30;
const MAKE_SECONDS = 120;

/** The palette's colours a picture uses, in palette order (an empty picture keeps
    the first colour: a palette is never empty). */
function usedPalette(palette, grid) {
  const used = new Set(grid.join(""));
  const out = Object.fromEntries(Object.entries(palette).filter(([k]) => used.has(k)));
  return Object.keys(out).length ? out : Object.fromEntries(Object.entries(palette).slice(0, 1));
}

/* What differs between the kinds of puzzle the maker draws: the family, the key of an
   unpainted cell, the palette of a number of colours, and the puzzle a picture makes. */
const KINDS = {
  nonogram: {
    family: nonogram,
    name: "nonogram",
    minColours: 1,
    // "?" is a blank cell, as in a nonogram's progress; a cross (a long press) is too
    blank: "?",
    normalise: (grid) => grid.map((row) => row.replaceAll(".", "?")),
    palette: (colours) => (colours > 1 ? Object.fromEntries(COLOURS.slice(0, colours)) : null),
    // (right and middle click blank a cell: there is nothing to cross in a drawing)
    button: (button) => (button === "primary" ? "primary" : "middle"),
    // the solver's counts (see pysolver bench): search decisions, and probes
    branched: (stats) => stats.nodes > 0,
    puzzle(grid, palette) {
      const p = { type: "nonogram", width: grid[0].length, height: grid.length, ...nonogramClues(grid, !!palette) };
      if (palette) p.palette = usedPalette(palette, grid);
      return p;
    },
  },
  hungrycat: {
    family: hungrycat,
    name: "Hungry Cat puzzle",
    minColours: 2,
    // every cell takes a colour in Hungry Cat: an unpainted one is white, the first colour
    blank: "w",
    normalise: (grid) => grid.map((row) => row.replaceAll("?", "w")),
    palette: (colours) => ({ w: "#ffffff", ...Object.fromEntries(COLOURS.slice(0, colours - 1)) }),
    button: (button) => button,
    // (its search counts the root as a node: one node is no branching)
    branched: (stats) => stats.nodes > 1,
    puzzle(grid, palette) {
      const used = usedPalette(palette, grid);
      return { type: "hungrycat", width: grid[0].length, height: grid.length, palette: used,
               ...hungrycatClues(grid, Object.keys(used)) };
    },
  },
};

const kindOf = (drawing) => KINDS[drawing.kind] || KINDS.nonogram;

/* The board a Link-a-Pix picture is drawn on: cells and grid lines only (its clues
   come when the maker cuts it), with the nonogram family's strokes. */
const pictureBoard = {
  layout: (p) => ({ cols: p.width, rows: p.height, x0: 0, y0: 0 }),
  draw(ctx, p, progress, view) {
    const t = view.theme;
    ctx.fillStyle = t.cell;
    ctx.fillRect(0, 0, p.width, p.height);
    progress.grid.forEach((row, r) => [...row].forEach((k, c) => {
      if (!p.palette[k]) return;
      ctx.fillStyle = p.palette[k];
      ctx.fillRect(c, r, 1, 1);
      // (black on the dark theme's board: an edge, so a painted cell still shows)
      if (contrast(p.palette[k], t.cell) < 1.6) {
        ctx.strokeStyle = t.fg;
        ctx.lineWidth = 0.06;
        ctx.strokeRect(c + 0.1, r + 0.1, 0.8, 0.8);
      }
    }));
    gridLines(ctx, 0, 0, p.width, p.height, t.grid);
    if (view.highlight) strokeCells(ctx, view.highlight.cells || [], 0, 0, t.error);
  },
  press: (...args) => nonogram.press(...args),
  describe: (...args) => nonogram.describe(...args),
};

KINDS.linkapix = {
  family: pictureBoard,
  name: "Link-a-Pix picture",
  minColours: 1,
  blank: "?",
  normalise: KINDS.nonogram.normalise,
  palette: (colours) => Object.fromEntries(COLOURS.slice(0, colours)),
  button: KINDS.nonogram.button,
  puzzle: (grid, palette) => ({ type: "linkapix", width: grid[0].length, height: grid.length, palette }),
  // the worker's maker makes the puzzle, unique by construction: no check of its own
  makes: true,
};

/** A blank drawing of a kind ("nonogram", "hungrycat" or "linkapix").  Its `id` is
    shared by the states its strokes make, so its title and author (typed once, kept in
    every one of them) come back with it on Undo. */
export function blankDrawing(kind, width, height, colours) {
  const k = KINDS[kind];
  return { kind, id: Date.now().toString(36) + Math.random().toString(36).slice(2, 6),
           grid: Array.from({ length: height }, () => k.blank.repeat(width)),
           palette: k.palette(Math.max(k.minColours, colours)) };
}

/** The puzzle a drawing makes: its clues, and the palette's colours it uses. */
export function drawingPuzzle(drawing, meta = {}) {
  const p = kindOf(drawing).puzzle(drawing.grid, drawing.palette);
  if (meta.title) p.title = meta.title;
  if (meta.author) p.author = meta.author;
  return p;
}


/** Whether a drawing read back from storage (where anything may have been written)
    is one the maker could have made: its kind, size, palette and cells. */
function goodDrawing(d) {
  if (!d || typeof d !== "object" || !Array.isArray(d.grid)) return false;
  const kind = d.kind === undefined ? "nonogram" : d.kind;
  if (typeof kind !== "string" || !Object.hasOwn(KINDS, kind)) return false;
  const k = KINDS[kind], g = d.grid;
  const side = (n) => Number.isInteger(n) && n >= MIN_SIDE && n <= MAX_SIDE;
  if (!side(g.length) || typeof g[0] !== "string" || !side(g[0].length)) return false;
  for (const key of ["title", "author"]) if (d[key] !== undefined && (typeof d[key] !== "string" || d[key].length > 200)) return false;
  const pal = d.palette;
  if (pal === null ? k.palette(1) !== null
      : typeof pal !== "object" || Array.isArray(pal) || !Object.keys(pal).length || Object.keys(pal).length > 16 ||
        !Object.entries(pal).every(([key, hex]) => [...key].length === 1 && /^#[0-9a-f]{6}$/i.test(hex))) return false;
  const allowed = new Set([k.blank, ...(pal ? Object.keys(pal) : ["#"])]);
  return g.every((row) => typeof row === "string" && row.length === g[0].length && [...row].every((ch) => allowed.has(ch)));
}

/** The saved history of drawings, with whatever does not pass goodDrawing left out
    (a bad present gives way to the newest good past state, or to `fallback`). */
function loadHistory(fallback) {
  const h = new History(DESIGN_KEY, fallback);
  const good = (list) => (Array.isArray(list) ? list.filter(goodDrawing) : []);
  h.past = good(h.past);
  h.future = good(h.future);
  if (!goodDrawing(h.present)) {
    // (the newest good state takes its place: one bad entry does not cost the rest)
    h.present = h.past.length ? h.past.pop() : fallback;
    h.future = [];
  }
  return h;
}

export function initDesigner({ solver, load, theme, showDesign }) {
  const $ = (id) => document.getElementById(id);
  const d = {
    history: null, preview: null, highlight: null, tool: null, busy: false,
    puzzle: null, puzzleOf: null,  // the puzzle of the last drawing asked for (cached)
  };

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
    family: () => kind().family,
    progress: () => ({ grid: shown().grid }),
    view: () => ({ theme: theme(), marks: null, highlight: d.highlight, tool: d.tool, design: true }),
    press: (cell, button) => {
      if (d.busy) return null;
      const k = kind();
      return k.family.press(puzzle(), { grid: present().grid }, cell, k.button(button), d.tool);
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

  function say(text, tone = "") {
    const m = $("design-message");
    m.textContent = text;
    m.className = "message " + tone;
  }

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
    const L = k.family.layout(p), old = board.layout;
    if (!old || old.cols - old.x0 !== L.cols - L.x0 || old.rows - old.y0 !== L.rows - L.y0) board.setLayout(L);
    else if (old.x0 !== L.x0 || old.y0 !== L.y0) board.adjustLayout(L);
    const keys = drawing.palette ? Object.keys(drawing.palette) : [];
    // (the first colour that paints: in Hungry Cat the first is the white of unpainted cells)
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
    const box = $("design-tools");
    if (!palette) { box.replaceChildren(); return; }
    const names = colourNames(palette);
    box.replaceChildren(...Object.entries(palette).map(([k, colour]) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "swatch";
      b.title = `Paint ${names[k]}`;
      b.setAttribute("aria-label", b.title);
      b.style.background = colour;
      b.dataset.tool = k;
      b.setAttribute("aria-pressed", String(k === d.tool));
      b.onclick = () => {
        d.tool = k;
        for (const x of box.children) x.setAttribute("aria-pressed", String(x === b));
      };
      return b;
    }));
  }

  function updateButtons() {
    const h = d.history;
    $("design-undo").disabled = d.busy || !h.past.length;
    $("design-redo").disabled = d.busy || !h.future.length;
    $("design-clear").disabled = d.busy || isEmpty(present());
    $("design-check").hidden = d.busy;
    $("design-cancel").hidden = !d.busy;
    $("design-play").disabled = d.busy;
    // (a Link-a-Pix picture is made into its puzzle, unique by construction, and opened)
    const makes = !!kind().makes;
    $("design-check").textContent = makes ? "Make the puzzle" : "Check it is unique";
    $("design-check").title = makes ? "Cut the picture into links until it has one solution, and open the puzzle"
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

  /** Whether the clues lead to the picture and no other; two solutions are outlined
      where they differ from the picture. */
  /** Another tab saved the drawing: take it, as the play page takes another tab's moves. */
  function takeOtherTab() {
    d.otherTab = false;
    board.dropStroke();
    d.history.discard();
    d.history = loadHistory(present());
    d.preview = d.highlight = null;
    if (!$("design").hidden) {
      refresh();
      say("Updated with the drawing made in another tab.");
    }
  }

  async function check() {
    const drawing = present();
    if (isEmpty(drawing)) {
      say("Draw something first: a blank grid makes no puzzle.", "error");
      return null;
    }
    const p = drawingPuzzle(drawing), k = kindOf(drawing);
    d.busy = true;
    d.cancelled = false;
    d.highlight = null;
    updateButtons();
    board.draw();
    say(solver.state === "ready" ? "Checking…" : "Waiting for the solver…");
    let res = null;
    try {
      // (Cancel also ends the wait for a solver still loading: nothing is sent then)
      await Promise.race([solver.ready, new Promise((resolve) => { d.cancelWait = resolve; })]);
      if (d.cancelled) throw Object.assign(new Error("cancelled"), { kind: "cancelled" });
      if (k.makes) {
        say("Making the puzzle: cutting the picture into links until it has one solution…");
        res = await solver.call("make", { type: "linkapix", palette: usedPalette(drawing.palette, drawing.grid),
          grid: drawing.grid.map((row) => row.replaceAll("?", ".")), title: meta().title || "My picture",
          timeout: MAKE_SECONDS });
      } else {
        say("Checking…");
        res = await solver.call("solve", { puzzle: p, method: "auto", timeout: CHECK_SECONDS, unique: true });
      }
    } catch (err) {
      res = { status: ["cancelled", "timeout"].includes(err.kind) ? err.kind : "failed", error: err.message };
    } finally {
      d.busy = false;
      updateButtons();
    }
    if (d.otherTab) takeOtherTab();
    if (present() !== drawing) {
      say("The drawing changed while it was checked: check it again.");
      return res;
    }
    if (k.makes && res.puzzle) {
      const clues = res.stats.clues === 1 ? "1 clue" : `${res.stats.clues} clues`;
      say(`Made in ${res.stats.seconds.toFixed(1)} s: ${clues}, and your picture is its only solution.`, "ok");
      d.history.flush();
      const { author } = meta();
      await load(author ? { ...res.puzzle, author } : res.puzzle);
      return res;
    }
    if (k.makes) {
      if (res.status === "timeout") say(`The maker gave up after ${MAKE_SECONDS} s. A smaller picture is quicker to make.`, "error");
      else if (res.status === "cancelled") say("Making cancelled.");
      else say(`Could not make the puzzle: ${res.error || res.status}.`, "error");
      return res;
    }
    report(res, drawing);
    board.draw();
    return res;
  }

  function report(res, drawing) {
    // (the solver writes a nonogram's blank cells as ".")
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

  async function play() {
    const drawing = present();
    if (isEmpty(drawing)) {
      say("Draw something first: a blank grid makes no puzzle.", "error");
      return;
    }
    d.history.flush();
    await load(drawingPuzzle(drawing, meta()));
  }

  // -- opening ----------------------------------------------------------------------
  function savedDrawing() {
    const h = loadHistory(null);
    return h.present ? h : null;
  }

  /** Show the maker with the saved drawing, or (size given) a new blank one pushed
      onto its history. */
  function open(size = null) {
    if (!d.history) d.history = loadHistory(blankDrawing("nonogram", 15, 15, 1));
    d.preview = null;
    d.highlight = null;
    say("");
    if (size) {
      const before = d.history.present;
      change(blankDrawing(size.kind, size.width, size.height, size.colours));
      if (d.history.present !== before && !isEmpty(before)) say("A new drawing: Undo brings your last one back.");
    }
    board.userView = false;
    board.layout = null;  // (refresh sets it, fitted to the drawing)
    refresh();
  }

  // -- the library form ---------------------------------------------------------------
  const side = (id, fallback) => Math.max(MIN_SIDE, Math.min(MAX_SIDE, Math.round(+$(id).value || fallback)));
  function showContinue() {
    const saved = d.history || savedDrawing();
    const b = $("nono-maker-continue");
    b.hidden = !saved || isEmpty(saved.present);
    if (!b.hidden) {
      const g = saved.present.grid;
      b.textContent = `Continue drawing (${kindOf(saved.present).name}, ${g[0].length}×${g.length})`;
    }
  }
  $("nono-maker").onsubmit = (e) => {
    e.preventDefault();
    const size = { kind: $("nono-maker-kind").value in KINDS ? $("nono-maker-kind").value : "nonogram",
                   width: side("nono-maker-width", 15), height: side("nono-maker-height", 15),
                   colours: Math.max(1, Math.min(COLOURS.length, Math.round(+$("nono-maker-colours").value || 1))) };
    showDesign({ size });
  };
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
  const cancel = () => {
    d.cancelled = true;
    d.cancelWait?.();
    solver.cancel();
  };
  $("design-cancel").onclick = cancel;
  $("design-play").onclick = play;
  // (kept as they are typed: the fields are only read while the maker is open)
  $("design-name").addEventListener("input", (e) => setMeta("title", e.target.value));
  $("design-author").addEventListener("input", (e) => setMeta("author", e.target.value));
  window.addEventListener("keydown", (e) => {
    if ($("design").hidden || e.target.tagName === "INPUT") return;
    const k = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && k === "z") { e.preventDefault(); e.shiftKey ? redo() : undo(); }
    if ((e.ctrlKey || e.metaKey) && k === "y") { e.preventDefault(); redo(); }
    if (e.key === "Escape" && d.busy) cancel();
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
    leave: () => { d.history?.flush(); if (d.busy) cancel(); },
    redraw: () => board.draw(),
    // (tests and scripts: see window.app.design in app.js)
    state: () => (d.history ? { drawing: present(), puzzle: drawingPuzzle(present(), meta()), busy: d.busy,
                                highlight: d.highlight, canUndo: d.history.past.length > 0 } : null),
    cellCenter: (r, c) => board.cellCenter(r, c),
    check,
    setTool: (k) => { d.tool = k; renderTools(present().palette); },
  };
}
