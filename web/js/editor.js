/* "Enter a puzzle": the editor, for a puzzle the player holds (a book, a newspaper,
   another app) typed in clue by clue, at `#new/<type>/<W>x<H>` or from the library.

   Shared here, for every family: the page, the size, the title, the palette (when the
   family's puzzles have one), the undo history and its autosave, live validation in
   words (each problem also marked on the board), "Check it is unique" and Play.  What a
   family's clues are and how they are typed comes from its editor module
   (js/editor-<type>.js), which the family's module names (`editor()` in
   families/<type>.js); this file never names a family.  Two ways of typing exist:

   - "cells": the clues sit in cells (Link-a-Pix numbers, Numberlink end points): a
     click or the arrow keys choose a cell, typing puts a clue there (the cell field
     below the board does the same on a phone, whose keyboard a canvas cannot open).
   - "lines": each row and column has a clue (nonograms, Hungry Cat): one text field
     per line, Enter or the arrow keys go to the next one; the board shows the clues
     as the puzzle will show them.

   A family's editor module exports (the draft is plain JSON: {type, width, height,
   title?, ...the family's keys, as typed}):
     entry                   "cells" or "lines"
     help                    how its clues are typed, in words
     blank(width, height)    an empty draft;  fromPuzzle(puzzle) -> draft
     resize(draft, w, h)     the draft on another grid, keeping what fits
     puzzle(draft)           the puzzle JSON the draft makes (what Play opens)
     problems(draft)         [{message, cells?: [[r, c]], lines?: [["row"|"col", i]]}]
     palette?                {min, max, colours(n) -> a palette of n colours or null}
     options?(draft)         [{key, label, choices: [[value, label]]}]: a choice kept in the draft
     wellFormed(draft)       whether a draft read back from storage has the draft's shape
     cells:  cellText(draft, r, c),
             setCell(draft, r, c, text, colourKey) -> draft,
             accepts(key) (a key that types into a cell), joins(before, key) (a second
             key pressed at once adds to the cell's text: "1" then "2" is 12),
             refuses?(text) (why a cell cannot hold this text, said to the maker; the
             cell is left as it was: a Link-a-Pix 0)
     lines:  lineText(draft, kind, i), setLine(draft, kind, i, text) -> draft,
             placeholder(draft)

   Here: the page (its board, title, size, problems and buttons) and the wiring of the
   modules it is made of, each with one job: editor-draft.js (the drafts, their undo
   history and autosave), editor-palette.js (colours and options), editor-line-entry.js
   and editor-cell-entry.js (the two ways of typing), editor-check.js ("Check it is
   unique" and Play), editor-picture.js (a screenshot read into a draft) and
   editor-form.js (the library's "Enter a puzzle" form). */

import { Board } from "./board.js";
import { initCellEntry } from "./editor-cell-entry.js";
import { initEditorCheck } from "./editor-check.js";
import { Drafts, sideLimit } from "./editor-draft.js";
import { initEnterForm, showContinueEntering } from "./editor-form.js";
import { initLineEntry } from "./editor-line-entry.js";
import { initEditorPalette } from "./editor-palette.js";
import { initPictureReading } from "./editor-picture.js";
import { family, TYPES } from "./families/index.js";
import { followLayout } from "./layout-follow.js";
import { $, aSize, canceller, hideError, messenger, showError, showView, theme, undoRedoButtons, undoRedoKeys } from "./page.js";

// The draft's names and the fields they are typed in (the puzzle keeps both: withNames).
const NAME_FIELDS = [["editor-name", "title"], ["editor-author", "author"]];

/** The types that have an editor, in the description's order, with their modules. */
async function editorsOf(types) {
  const out = new Map();
  for (const type of types) {
    const load = family(type).editor;
    if (load) out.set(type, await load());
  }
  return out;
}

/** `#new/<type>/<W>x<H>` (size optional) -> {type, width?, height?}, or null. */
export function parseNewFragment(frag) {
  const m = /^new\/([A-Za-z0-9_-]+)(?:\/(.*))?$/.exec(frag);
  if (!m) return null;
  if (m[2] === undefined) return { type: m[1] };
  // (a size out of range or unreadable is the editor's to say: read as no editor link
  // at all, "new" was refused as a puzzle type)
  const size = /^(-?[0-9]{1,9})x(-?[0-9]{1,9})$/.exec(m[2]);
  return size ? { type: m[1], width: +size[1], height: +size[2] } : { type: m[1], size: m[2] };
}

export function initEditor(ctx, families) {
  const { solver } = ctx;
  const say = messenger($("editor-message"));
  const work = canceller(solver);
  const e = {
    editors: null, type: null, busy: false, highlight: null,
    solutions: null,     // a check's two solutions (progress to draw), and the one drawn
    shown: null,
    drafts: null,        // the Drafts of the type shown
    tool: null,          // the palette key new clues take
    focusLine: null,     // ["row"|"col", i] of the line field with focus
    puzzleOf: null, puzzle: null,
  };
  const ready = editorsOf(TYPES).then((m) => { e.editors = m; return m; });
  const ed = () => e.editors.get(e.type);
  const fam = () => family(e.type);
  const draft = () => e.drafts.present;
  const puzzle = () => {
    if (e.puzzleOf !== draft()) { e.puzzle = ed().puzzle(draft()); e.puzzleOf = draft(); }
    return e.puzzle;
  };

  const board = new Board($("editor-board"), {
    puzzle: () => (e.drafts ? puzzle() : null),
    family: () => fam(),
    progress: () => e.shown || fam().newProgress(puzzle()),
    view: () => ({ theme: theme(), design: true, marks: { errors: problems() }, tool: null,
                   highlight: e.highlight || focusMark() }),
    press: (cell, button, ev) => { cells.pick(cell, ev); return null; },
    changed: () => board.draw(),
    commit: () => board.draw(),
    announce: (text) => { $("editor-cursor").textContent = text; },
  });

  /** Where the player types, outlined: the line whose field has the focus, or the cell
      the cell field types into (the board's own cursor shows only while it has the focus). */
  function focusMark() {
    if (e.focusLine) return { lines: [e.focusLine], cells: [] };
    if (document.activeElement === $("editor-cell") && board.cursor) return { lines: [], cells: [[board.cursor.r, board.cursor.c]] };
    return null;
  }

  let problemsOf = null, problemsList = [];
  // (a line's problems in the lines' order, rows then columns, whichever check found
  // them; the others after, as they came)
  const lineAt = (p) => (p.lines?.length ? (p.lines[0][0] === "row" ? 0 : 1e6) + p.lines[0][1] : 2e6);
  const inLineOrder = (list) => list.map((p, i) => [p, i]).sort(([a, i], [b, j]) => lineAt(a) - lineAt(b) || i - j)
    .map(([p]) => p);
  function problems() {
    if (problemsOf !== draft()) { problemsList = inLineOrder(ed().problems(draft())); problemsOf = draft(); }
    return problemsList;
  }

  // -- changes and undo ---------------------------------------------------------------
  /** A new draft.  `field`: typed into that field; its next keystrokes amend this step
      instead of making one each (Undo takes back a whole clue, not a digit). */
  function change(next, field = null) {
    if (!e.drafts.change(next, field)) return;
    forgetVerdict();
    say("");               // (a check's verdict was about the clues before this change)
    refresh();
  }

  function undo() { if (!e.busy && e.drafts.undo()) { forgetVerdict(); say(""); refresh(true); followSize(); } }
  function redo() { if (!e.busy && e.drafts.redo()) { forgetVerdict(); say(""); refresh(true); followSize(); } }

  /** A check's marks and solutions go: they were of the clues before. */
  function forgetVerdict() {
    e.highlight = e.solutions = e.shown = null;
    $("editor-solutions").hidden = true;
  }

  /** Solution `i` of the two a check found drawn on the board, or none (`i` null). */
  function showSolution(i) {
    e.shown = i === null || !e.solutions ? null : e.solutions[i];
    ["editor-show-a", "editor-show-b"].forEach((id, j) => $(id).setAttribute("aria-pressed", String(i === j)));
    board.draw();
  }
  // (a button pressed again hides its solution: the clues' board comes back)
  $("editor-show-a").onclick = () => showSolution(e.shown && e.shown === e.solutions?.[0] ? null : 0);
  $("editor-show-b").onclick = () => showSolution(e.shown && e.shown === e.solutions?.[1] ? null : 1);

  /** The address says the draft's size (after an Undo or another tab's draft changed
      it): a reload with a size the draft has not would start a new board, and the
      draft's redo history with it (a review: Edit, Undo, reload lost the copy). */
  function followSize() {
    if (!$("editor").hidden && location.hash !== fragment()) {
      history.replaceState(history.state, "", location.pathname + location.search + fragment());
    }
  }

  // (what the modules the page is made of share: see their headers)
  const m = { e, ed, fam, draft, puzzle, problems, change, say, board, showSolution };
  const { renderPalette, renderOptions } = initEditorPalette(m);
  const { renderLines } = initLineEntry(m);
  /** A check's outline (e.highlight) shown: on the board, and on the line fields. */
  m.showMarks = () => {
    board.draw();
    if (ed().entry !== "lines") return;
    renderLines(false);
    // (the first marked field brought into the list's sight when the list scrolls, as
    // beside the board on a desktop: the page itself stays where it is)
    const box = $("editor-lines"), first = box.querySelector('input[aria-invalid="true"]');
    if (first && box.scrollHeight > box.clientHeight) {
      const at = first.getBoundingClientRect().top - box.getBoundingClientRect().top;
      box.scrollTop += at - box.clientHeight / 2;
    }
  };
  const cells = initCellEntry(m, renderPalette);
  const { check, play } = initEditorCheck(m, { solver, work, setBusy, load: (p) => ctx.routing.load(p) });
  const pictures = initPictureReading({ families, solver, ready, show, say });

  // -- drawing the page ---------------------------------------------------------------
  /** After every change: the board, its layout, the fields, the problems, buttons.
      `fields`: write every field from the draft (after Undo, a new draft). */
  function refresh(fields = false) {
    const d = draft(), p = puzzle();
    followLayout(board, fam().layout(p));
    $("editor-title").textContent = `Enter a ${fam().title} puzzle`;
    $("editor-help").textContent = ed().help;
    $("editor-meta").textContent = `${d.width}×${d.height}` + (fam().variant ? ` · ${fam().variant(p)}` : "");
    for (const [id, key] of NAME_FIELDS) if ($(id).value !== (d[key] || "")) $(id).value = d[key] || "";
    if (fields || document.activeElement !== $("editor-width")) $("editor-width").value = d.width;
    if (fields || document.activeElement !== $("editor-height")) $("editor-height").value = d.height;
    renderPalette();
    renderOptions();
    $("editor-cell-row").hidden = ed().entry !== "cells";
    $("editor-lines").hidden = ed().entry !== "lines";
    if (ed().entry === "lines") renderLines(fields);
    else cells.showCell();
    renderProblems();
    updateButtons();
    board.draw();
  }

  /** What is wrong with the draft, in words (the first dozen). */
  function renderProblems() {
    const list = problems();
    const ul = $("editor-problems");
    ul.replaceChildren(...list.slice(0, 12).map((p) => {
      const li = document.createElement("li");
      li.textContent = p.message;
      return li;
    }));
    if (list.length > 12) ul.append(Object.assign(document.createElement("li"), { textContent: `… and ${list.length - 12} more` }));
    $("editor-problems-title").hidden = !list.length;
  }

  function updateButtons() {
    undoRedoButtons($("editor-undo"), $("editor-redo"), e.drafts.history, e.busy);
    $("editor-check").hidden = e.busy;
    $("editor-cancel").hidden = !e.busy;
    for (const id of ["editor-play", "editor-clear", "editor-resize"]) $(id).disabled = e.busy;
    $("editor-screenshot-row").hidden = !pictures.screenshotMaker(e.type);
  }

  /** The page while the solver works: only Cancel, the fields closed. */
  function setBusy(on) {
    e.busy = on;
    updateButtons();
    renderPalette();
    if (ed().entry === "lines") renderLines(false);
  }

  // -- opening ------------------------------------------------------------------------
  /** The editor for `type`: the saved draft, or (a size given that is not the saved
      draft's, or a `start` draft) a new one pushed on its history, so Undo brings back
      the last one. */
  function openType(type, { width, height, start = null } = {}) {
    if (e.type !== type || !e.drafts) {
      e.drafts?.flush();
      e.type = type;
      e.drafts = new Drafts(type, ed(), ed().blank(width || 10, height || 10));
      board.cursor = null;
      e.puzzleOf = null;
      problemsOf = null;
      $("editor-lines").dataset.shape = "";
    }
    const d = draft();
    e.drafts.endTyping();
    forgetVerdict();
    say("");
    if (start) {
      change(start);
    } else if (width && height && (d.width !== width || d.height !== height)) {
      const was = d;
      change(ed().blank(width, height));
      if (!e.drafts.isEmpty(was)) say(`A new ${width}×${height} board. Undo brings back the ${was.width}×${was.height} one you were entering.`);
    }
    board.layout = null;
    board.userView = false;
    refresh(true);
  }

  function fragment() {
    const d = draft();
    return `#new/${d.type}/${d.width}x${d.height}`;
  }

  /** Show the editor ({type, width?, height?}); `push`: a new history entry. */
  async function show(spec, { push = true, start = null } = {}) {
    await ready;
    if (!e.editors.has(spec.type)) throw new Error(`no editor for ${JSON.stringify(spec.type)} puzzles`);
    if (spec.size !== undefined) throw new Error(`size "${spec.size.slice(0, 20)}" is not a width and a height, as in 10x10`);
    const max = sideLimit(spec.type);
    // (a side of 0 too: it opened the default size without a word)
    if (spec.width !== undefined && !(spec.width >= 1 && spec.width <= max && spec.height >= 1 && spec.height <= max)) {
      throw new Error(`${aSize(spec.width, spec.height)} board: the editor takes sides of 1 to ${max} cells`);
    }
    ctx.routing.leavePuzzle();
    ctx.designer?.leave();
    ctx.shelf?.leave();
    hideError();
    showView("editor");
    openType(spec.type, { ...spec, start });
    if (push) history.pushState({ editor: true }, "", location.pathname + location.search + fragment());
    else history.replaceState({ editor: true }, "", location.pathname + location.search + fragment());
    document.title = `Enter a ${fam().title} puzzle — Picture Logic`;
    $("editor-title").focus({ preventScroll: true });
  }

  // -- the controls -------------------------------------------------------------------
  $("editor-undo").onclick = undo;
  $("editor-redo").onclick = redo;
  $("editor-clear").onclick = () => {
    const d = draft(), blank = ed().blank(d.width, d.height);
    // (the title, the colours and the options stay: only the clues go)
    for (const key of ["title", "author", "palette", ...(ed().options ? ed().options(d).map((o) => o.key) : [])]) {
      if (d[key] !== undefined) blank[key] = d[key];
    }
    change(blank);
    say("Cleared: Undo brings the clues back.");
  };
  $("editor-check").onclick = () => check();
  $("editor-cancel").onclick = () => work.cancel();
  $("editor-play").onclick = play;
  for (const [id, key] of NAME_FIELDS) {
    $(id).addEventListener("input", (ev) => {
      const text = ev.target.value.trim().slice(0, 80);
      const { [key]: _, ...rest } = draft();
      change(text ? { ...rest, [key]: text } : rest, key);
    });
  }
  $("editor-resize").onclick = () => {
    const max = sideLimit(e.type);
    const asked = [$("editor-width").value, $("editor-height").value].map((v) => Math.round(+v || 1));
    const [w, h] = asked.map((v) => Math.max(1, Math.min(max, v)));
    if (w === draft().width && h === draft().height) return;
    const lost = ed().dropped(draft(), w, h);
    change(ed().resize(draft(), w, h));
    history.replaceState(history.state, "", location.pathname + location.search + fragment());
    const capped = asked.some((v) => v > max) ? ` (at most ${max} a side)` : "";
    say(`Now ${w}×${h}${capped}` + (lost ? `: ${lost} clue${lost === 1 ? "" : "s"} outside it dropped (Undo brings ` +
        `${lost === 1 ? "it" : "them"} back).` : "."));
  };
  window.addEventListener("keydown", (ev) => {
    if ($("editor").hidden) return;
    // (Undo here is the editor's, in the text fields too: it covers all that was typed)
    if (!NAME_FIELDS.some(([id]) => ev.target.id === id) && undoRedoKeys(ev, undo, redo)) return;
    if (ev.key === "Escape" && e.busy) work.cancel();
  });
  window.addEventListener("pagehide", () => e.drafts?.flush());
  // The editor open in two tabs: the other tab's saved draft is taken (as the play page
  // takes another tab's moves) instead of the two overwriting each other.
  window.addEventListener("storage", (ev) => {
    if (!e.drafts || e.busy || !e.drafts.savedElsewhere(ev)) return;
    e.drafts.takeSaved();
    forgetVerdict();
    refresh(true);
    followSize();
    say("Updated with the draft saved in another tab.");
  });
  const startEntering = (spec) => show(spec).catch((err) => showError(err.message));
  initEnterForm(families, startEntering, pictures.openImage, pictures.screenshotMaker);

  /** The library's "Continue" buttons: a family's draft saved on this device that is
      not blank (the one shown, as it is now; the others as they were saved). */
  async function showContinue() {
    const editors = await ready;
    const saved = [];
    for (const [type, module] of editors) {
      const drafts = e.type === type && e.drafts ? e.drafts : new Drafts(type, module, module.blank(1, 1));
      const d = drafts.present;
      if (!drafts.isEmpty(d)) saved.push({ type, title: family(type).title, width: d.width, height: d.height });
    }
    showContinueEntering(saved, startEntering);
  }

  /** A copy of `puzzle` (from the play page) in the editor, pushed on its family's draft
      history (Undo brings back the draft that was there); a message when it cannot be
      (a side beyond the editor's). */
  async function edit(puzzle) {
    const editors = await ready;
    const module = editors.get(puzzle.type), max = sideLimit(puzzle.type);
    if (!module) throw new Error(`there is no editor for ${family(puzzle.type).title} puzzles`);
    if (puzzle.width > max || puzzle.height > max) {
      throw new Error(`the editor takes sides of at most ${max} cells; this board is ${puzzle.width}×${puzzle.height}`);
    }
    await show({ type: puzzle.type }, { start: module.fromPuzzle(puzzle) });
    const before = e.drafts.history.past.at(-1);
    const was = before && !e.drafts.isEmpty(before);
    say(`A copy of “${puzzle.title || "the puzzle"}” to change: Check it is unique, then Play it or share it from ` +
        "its page. The puzzle you were playing stays as it was" + (was ? "; Undo brings back the draft that was here." : "."), "ok");
  }

  return {
    show,
    edit,
    /** The address says `#new/...`: the editor it names (a bad one is said). */
    route: (spec) => show(spec, { push: false }),
    openImage: pictures.openImage,
    readsImages: () => !!pictures.screenshotMaker(),
    leave: () => { e.drafts?.flush(); if (e.busy) work.cancel(); },
    showContinue,
    redraw: () => board.draw(),
    // (tests and scripts: see window.app.editor in hook.js)
    state: () => (e.drafts && !$("editor").hidden ? puzzle() : null),
    draft: () => (e.drafts ? draft() : null),
    problems: () => (e.drafts ? problems() : []),
    highlight: () => e.highlight,
    shown: () => (e.shown ? fam().toSolution(puzzle(), e.shown) : null),
    cellCenter: (r, c) => board.cellCenter(r, c),
    check,
    setColour: (k) => { e.tool = k; renderPalette(); },
  };
}
