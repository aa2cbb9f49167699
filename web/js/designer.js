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
   tab loses nothing, and starting a new drawing is itself a step that Undo takes back.

   Here: the page (its board, tools, buttons and keys) and the drawing's undo steps.
   The drawings and their kinds are designer-drawing.js's, the questions to the solver
   designer-check.js's, the library's form designer-form.js's. */

import { Board } from "./board.js";
import { initDesignCheck } from "./designer-check.js";
import { blankDrawing, DESIGN_KEY, drawingPuzzle, firstKind, isEmpty, kindOf, kindsOf, loadHistory } from "./designer-drawing.js";
import { initDrawingForm, showContinue } from "./designer-form.js";
import { colourNames } from "./families/colournames.js";
import { History } from "./history.js";
import { followLayout } from "./layout-follow.js";
import { $, canceller, messenger, renderSwatches, theme, undoRedoButtons, undoRedoKeys } from "./page.js";

export function initDesigner({ solver, load, showDesign, families }) {
  const kinds = kindsOf(families);
  const say = messenger($("design-message"));
  const work = canceller(solver);
  const d = {
    history: null, preview: null, highlight: null, tool: null, busy: false,
    otherTab: false,               // another tab saved a drawing while this one was checked
    puzzle: null, puzzleOf: null,  // the puzzle of the last drawing asked for (cached)
  };

  const present = () => d.history.present;
  const shown = () => d.preview || present();
  // The clues shown are the last committed drawing's: a stroke's preview that changed
  // them would move the grid (its layout follows the clues) under the pointer.
  const puzzle = () => {
    const drawing = present();
    if (d.puzzleOf !== drawing) {
      d.puzzle = drawingPuzzle(kinds, drawing);
      // (drawn with the whole palette, so a colour still reads while its first cell is painted)
      if (drawing.palette) d.puzzle.palette = { ...drawing.palette };
      d.puzzleOf = drawing;
    }
    return d.puzzle;
  };
  const kind = () => kindOf(kinds, present());
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
    swatches: () => $("design-tools"),
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
    followLayout(board, k.board.layout(p));
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
    renderSwatches($("design-tools"), tools, d.tool, (k) => { d.tool = k; showColour(palette); });
    showColour(palette);
  }

  /** The colour field: the chosen swatch's colour, for a picture in colour. */
  function showColour(palette) {
    $("design-colour-field").hidden = !palette;
    if (palette && d.tool in palette) $("design-colour").value = palette[d.tool];
  }

  function updateButtons() {
    undoRedoButtons($("design-undo"), $("design-redo"), d.history, d.busy);
    $("design-clear").disabled = d.busy || isEmpty(kinds, present());
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
  const undo = () => travel("undo", "Undone");
  const redo = () => travel("redo", "Redone");

  /** Undo or redo one stroke (a screen reader hears which, and the cursor's cell). */
  function travel(way, done) {
    board.dropStroke();
    if (d.busy || !d.history[way]()) return;
    d.highlight = null;
    say("");
    refresh();
    board.announceChange(done);
  }

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

  const { check, play } = initDesignCheck({ solver, work, say, load, kinds, d, present, meta, updateButtons, takeOtherTab,
                                            redraw: () => board.draw() });

  // -- opening ----------------------------------------------------------------------
  function savedDrawing() {
    const h = loadHistory(kinds, null);
    return h.present ? h : null;
  }

  /** Show the maker with the saved drawing, or (size given) a new blank one pushed
      onto its history. */
  function open(size = null) {
    if (!d.history) d.history = loadHistory(kinds, blankDrawing(firstKind(kinds), 15, 15, 1));
    d.preview = null;
    d.highlight = null;
    say("");
    if (size) {
      const before = d.history.present;
      change(blankDrawing(kinds.get(size.kind), size.width, size.height, size.colours));
      if (d.history.present !== before && !isEmpty(kinds, before)) say("A new drawing: Undo brings your last one back.");
    }
    board.userView = false;
    board.layout = null;  // (refresh sets it, fitted to the drawing)
    refresh();
  }

  // -- the library form ---------------------------------------------------------------
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
  // The chosen swatch takes another colour (one undo step per colour picked); not one
  // another swatch has, which would make two colours of one.
  $("design-colour").addEventListener("change", (ev) => {
    const dr = present(), pal = dr.palette, colour = ev.target.value.toLowerCase();
    if (!pal || !(d.tool in pal) || pal[d.tool].toLowerCase() === colour) return;
    if (Object.entries(pal).some(([k, c]) => k !== d.tool && c.toLowerCase() === colour)) {
      say("Another swatch has that colour already: pick another.");
      ev.target.value = pal[d.tool];
      return;
    }
    change({ ...dr, palette: { ...pal, [d.tool]: colour } });
  });
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
    /** The library's "Continue drawing", when a drawing is saved. */
    showContinue: () => showContinue(kinds, d.history || savedDrawing()),
    /** Leaving the maker: write the pending autosave; a check still running is
        stopped (its answer would be for a page no longer shown). */
    leave: () => { d.history?.flush(); if (d.busy) work.cancel(); },
    redraw: () => board.draw(),
    // (tests and scripts: see window.app.design in hook.js)
    state: () => (d.history ? { drawing: present(), puzzle: drawingPuzzle(kinds, present(), meta()), busy: d.busy,
                                highlight: d.highlight, canUndo: d.history.past.length > 0 } : null),
    cellCenter: (r, c) => board.cellCenter(r, c),
    check,
    setTool: (k) => { d.tool = k; renderTools(present().palette); },
  };
}

