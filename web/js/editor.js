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
             key pressed at once adds to the cell's text: "1" then "2" is 12)
     lines:  lineText(draft, kind, i), setLine(draft, kind, i, text) -> draft,
             placeholder(draft) */

import { Board } from "./board.js";
import { colourNames } from "./families/colournames.js";
import { family, TYPES } from "./families/index.js";
import { checkedHistory, History } from "./history.js";
import { gridLimits, paletteError } from "./limits.js";
import { loadImage, scaledPixels, toBase64 } from "./makers.js";
import { $, canceller, hideError, messenger, renderSwatches, showError, showView, theme, undoRedoButtons, undoRedoKeys,
         whileBusy } from "./page.js";

// Seconds "Check it is unique" may take (the answer says when it was not settled).
const CHECK_SECONDS = 30;
// The largest side the editor offers (a line field per row and column; the family's
// own limit when smaller).
const MAX_SIDE = 100;
// Keys typed within this many milliseconds into one cell make one clue ("1", "2": 12).
const JOIN_MS = 1000;
// A screenshot is scaled to at most this many pixels a side before Python reads it
// (pysolver/numberlink/screenshot.py MAX_SIDE_PIXELS).
const MAX_PICTURE = 1024;

const storeKey = (type) => "editor." + type;

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
  const m = /^new\/([A-Za-z0-9_-]+)(?:\/([0-9]{1,4})x([0-9]{1,4}))?$/.exec(frag);
  if (!m) return null;
  return m[2] ? { type: m[1], width: +m[2], height: +m[3] } : { type: m[1] };
}

export function initEditor(ctx, families) {
  const { solver } = ctx;
  const say = messenger($("editor-message"));
  const work = canceller(solver);
  const e = {
    editors: null, type: null, history: null, busy: false, highlight: null,
    tool: null,          // the palette key new clues take
    lastField: null,     // the field typed in last: its next keystroke amends that step
    typed: null,         // {r, c, at, text}: the cell typed into last, for joins
    focusLine: null,     // ["row"|"col", i] of the line field with focus
    puzzleOf: null, puzzle: null,
  };
  const ready = editorsOf(TYPES).then((m) => { e.editors = m; return m; });
  const ed = () => e.editors.get(e.type);
  const fam = () => family(e.type);
  const draft = () => e.history.present;
  const puzzle = () => {
    if (e.puzzleOf !== draft()) { e.puzzle = ed().puzzle(draft()); e.puzzleOf = draft(); }
    return e.puzzle;
  };

  const board = new Board($("editor-board"), {
    puzzle: () => (e.history ? puzzle() : null),
    family: () => fam(),
    progress: () => fam().newProgress(puzzle()),
    view: () => ({ theme: theme(), design: true, marks: { errors: problems() }, tool: null,
                   highlight: e.highlight || focusMark() }),
    press: (cell, button, ev) => {
      // (a press chooses a cell; keys are the editor's own, see cellKey)
      if (!cell.inside || ev instanceof KeyboardEvent || ed().entry !== "cells") return null;
      board.cursor = { r: cell.r, c: cell.c };
      showCell();
      board.draw();
      // (a touch's field gets the focus once the tap is over: see the click below)
      e.touchPick = ev.pointerType === "touch";
      return null;
    },
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
  function problems() {
    if (problemsOf !== draft()) { problemsList = ed().problems(draft()); problemsOf = draft(); }
    return problemsList;
  }

  // -- changes and undo ---------------------------------------------------------------
  /** A new draft.  `field`: typed into that field; its next keystrokes amend this step
      instead of making one each (Undo takes back a whole clue, not a digit). */
  function change(next, field = null) {
    if (!next || JSON.stringify(next) === JSON.stringify(draft())) return;
    if (field && field === e.lastField && e.history.past.length) {
      e.history.present = next;
      e.history.save();
    } else {
      e.history.push(next);
    }
    e.lastField = field;
    e.highlight = null;
    refresh();
  }

  function undo() { if (!e.busy && e.history.undo()) { e.lastField = null; e.highlight = null; refresh(true); } }
  function redo() { if (!e.busy && e.history.redo()) { e.lastField = null; e.highlight = null; refresh(true); } }

  // -- drawing the page ---------------------------------------------------------------
  /** After every change: the board, its layout, the fields, the problems, buttons.
      `fields`: write every field from the draft (after Undo, a new draft). */
  function refresh(fields = false) {
    const d = draft(), p = puzzle();
    const L = fam().layout(p), old = board.layout;
    if (!old || old.cols - old.x0 !== L.cols - L.x0 || old.rows - old.y0 !== L.rows - L.y0) board.setLayout(L);
    else if (old.x0 !== L.x0 || old.y0 !== L.y0) board.adjustLayout(L);
    $("editor-title").textContent = `Enter a ${fam().title} puzzle`;
    $("editor-help").textContent = ed().help;
    $("editor-meta").textContent = `${d.width}×${d.height}` + (fam().variant ? ` · ${fam().variant(p)}` : "");
    if ($("editor-name").value !== (d.title || "")) $("editor-name").value = d.title || "";
    if (fields || document.activeElement !== $("editor-width")) $("editor-width").value = d.width;
    if (fields || document.activeElement !== $("editor-height")) $("editor-height").value = d.height;
    renderPalette();
    renderOptions();
    $("editor-cell-row").hidden = ed().entry !== "cells";
    $("editor-lines").hidden = ed().entry !== "lines";
    if (ed().entry === "lines") renderLines(fields);
    else showCell();
    renderProblems();
    updateButtons();
    board.draw();
  }

  function renderPalette() {
    const spec = ed().palette, pal = draft().palette;
    $("editor-colours").hidden = !spec;
    if (!spec) return;
    const keys = pal ? Object.keys(pal) : [];
    if (!keys.includes(e.tool)) e.tool = keys[0] ?? null;
    const names = pal ? colourNames(pal) : {};
    // (made again only when the palette changes, so a swatch keeps the keyboard's focus)
    const shown = JSON.stringify(pal);
    if ($("editor-swatches").dataset.palette !== shown) {
      $("editor-swatches").dataset.palette = shown;
      renderSwatches($("editor-swatches"), keys.map((k) => ({ id: k, label: `${names[k]} (key ${k})`, color: pal[k], mark: k })),
                     e.tool, (k) => { e.tool = k; renderPalette(); });
    }
    for (const b of $("editor-swatches").children) b.setAttribute("aria-pressed", String(b.dataset.tool === e.tool));
    const count = keys.length || 1;
    $("editor-add-colour").disabled = e.busy || count >= spec.max;
    $("editor-remove-colour").disabled = e.busy || !pal || count <= spec.min;
    $("editor-colour").disabled = !e.tool;
    $("editor-colour").value = pal && e.tool ? pal[e.tool] : "#000000";
    $("editor-colour-note").textContent = pal ? `Type a colour's key after a number (3${keys[1] ?? keys[0]}) to give it that colour.`
      : "Black and white: add a colour for a colour puzzle.";
    if (ed().entry === "cells") $("editor-colour-note").textContent = pal ? "New clues take the chosen colour." : "";
  }

  function renderOptions() {
    const box = $("editor-options");
    const opts = ed().options ? ed().options(draft()) : [];
    const shape = e.type + ":" + opts.map((o) => o.key).join(",");
    if (box.dataset.shape === shape) {
      // (the same choices: their values follow the draft, the elements keep the focus)
      for (const o of opts) $(`editor-option-${o.key}`).value = draft()[o.key];
      return;
    }
    box.dataset.shape = shape;
    box.replaceChildren(...opts.map((o) => {
      const sel = document.createElement("select");
      sel.id = `editor-option-${o.key}`;
      for (const [value, label] of o.choices) sel.append(new Option(label, value, false, draft()[o.key] === value));
      sel.onchange = () => change({ ...draft(), [o.key]: sel.value });
      const lab = document.createElement("label");
      lab.className = "field";
      lab.append(o.label + " ", sel);
      return lab;
    }));
  }

  // -- lines entry --------------------------------------------------------------------
  function lineField(kind, i) { return $(`editor-${kind}-${i}`); }

  function renderLines(rewrite) {
    const d = draft(), box = $("editor-lines");
    const want = d.height + "x" + d.width + ":" + d.type;
    if (box.dataset.shape !== want) {
      box.dataset.shape = want;
      const group = (kind, n, title) => {
        const fs = document.createElement("fieldset");
        const lg = document.createElement("legend");
        lg.textContent = title;
        fs.append(lg);
        for (let i = 0; i < n; i++) {
          const lab = document.createElement("label");
          const input = document.createElement("input");
          Object.assign(input, { id: `editor-${kind}-${i}`, type: "text", autocomplete: "off", spellcheck: false });
          input.dataset.kind = kind;
          input.dataset.index = i;
          input.setAttribute("inputmode", "text");
          lab.append(`${kind === "row" ? "Row" : "Column"} ${i + 1}`, input);
          fs.append(lab);
        }
        return fs;
      };
      box.replaceChildren(group("row", d.height, "Rows, top to bottom"), group("col", d.width, "Columns, left to right"));
      rewrite = true;
    }
    const hint = ed().placeholder(d);
    for (const kind of ["row", "col"]) {
      for (let i = 0; i < (kind === "row" ? d.height : d.width); i++) {
        const f = lineField(kind, i);
        const text = ed().lineText(d, kind, i);
        if (rewrite || (document.activeElement !== f && f.value !== text)) f.value = text;
        f.placeholder = hint;
        f.disabled = e.busy;
      }
    }
    const bad = new Set(problems().flatMap((p) => (p.lines || []).map((l) => l.join(":"))));
    for (const f of box.querySelectorAll("input")) {
      f.setAttribute("aria-invalid", String(bad.has(f.dataset.kind + ":" + f.dataset.index)));
    }
  }

  /** The field after (or before) a line's: rows, then columns. */
  function nextLine(kind, i, step) {
    const d = draft(), order = [...Array(d.height).keys()].map((r) => ["row", r])
      .concat([...Array(d.width).keys()].map((c) => ["col", c]));
    const at = order.findIndex(([k, j]) => k === kind && j === i);
    return order[at + step] ? lineField(...order[at + step]) : null;
  }

  $("editor-lines").addEventListener("input", (ev) => {
    const f = ev.target;
    if (!f.dataset.kind) return;
    change(ed().setLine(draft(), f.dataset.kind, +f.dataset.index, f.value), f.id);
  });
  $("editor-lines").addEventListener("keydown", (ev) => {
    const f = ev.target;
    if (!f.dataset.kind || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const step = { Enter: ev.shiftKey ? -1 : 1, ArrowDown: 1, ArrowUp: -1 }[ev.key];
    if (!step) return;
    ev.preventDefault();
    const to = nextLine(f.dataset.kind, +f.dataset.index, step);
    if (to) to.focus();
    else if (ev.key === "Enter") $("editor-check").focus();
  });
  $("editor-lines").addEventListener("focusin", (ev) => {
    const f = ev.target;
    if (!f.dataset.kind) return;
    e.focusLine = [f.dataset.kind, +f.dataset.index];
    e.lastField = null;
    board.draw();
  });
  $("editor-lines").addEventListener("focusout", () => { e.focusLine = null; board.draw(); });

  // -- cells entry --------------------------------------------------------------------
  function showCell() {
    if (ed().entry !== "cells") return;
    $("editor-lines").dataset.shape = "";
    const d = draft();
    if (!board.cursor || board.cursor.r >= d.height || board.cursor.c >= d.width) board.cursor = { r: 0, c: 0 };
    const { r, c } = board.cursor;
    $("editor-cell-label").textContent = `Row ${r + 1}, column ${c + 1}`;
    const text = ed().cellText(d, r, c);
    if (document.activeElement !== $("editor-cell") || $("editor-cell").value !== text) $("editor-cell").value = text;
  }

  function setCell(text, field) {
    const { r, c } = board.cursor;
    change(ed().setCell(draft(), r, c, text, e.tool), field);
  }

  /** Move the cell cursor by (dr, dc), reading order wrapping at the row's end. */
  function moveCell(dr, dc) {
    const d = draft();
    let { r, c } = board.cursor;
    c += dc;
    r += dr;
    if (c >= d.width) { c = 0; r += 1; }
    if (c < 0) { c = d.width - 1; r -= 1; }
    board.cursor = { r: Math.max(0, Math.min(d.height - 1, r)), c: Math.max(0, Math.min(d.width - 1, c)) };
    e.typed = null;
    e.lastField = null;
    showCell();
    board.reveal([[board.cursor.r, board.cursor.c]], 0);
    board.draw();
  }

  /** A key on the board or in the cell field: digits and labels type a clue (a key
      pressed soon after another in the same cell adds to it), Delete and Backspace
      clear, Enter and Space go on to the next cell.  True when taken. */
  function cellKey(ev) {
    if (e.busy || ed().entry !== "cells" || ev.ctrlKey || ev.metaKey || ev.altKey) return false;
    const { r, c } = board.cursor || { r: 0, c: 0 };
    board.cursor = { r, c };
    if (ev.key === "Enter" || ev.key === " ") { moveCell(0, ev.shiftKey ? -1 : 1); return true; }
    if (ev.key === "Delete" || ev.key === "Backspace") { e.typed = null; setCell("", null); showCell(); return true; }
    const colour = draft().palette && ev.key.length === 1 && ev.key in draft().palette && !ed().accepts(ev.key, draft());
    if (colour) {
      // (a palette key recolours the clue here and is the colour of the next ones)
      e.tool = ev.key;
      const text = ed().cellText(draft(), r, c);
      if (text) setCell(text, null);
      else renderPalette();
      return true;
    }
    if (ev.key.length !== 1 || !ed().accepts(ev.key, draft())) return false;
    const now = performance.now(), t = e.typed;
    const joined = t && t.r === r && t.c === c && now - t.at < JOIN_MS ? ed().joins(t.text, ev.key, draft()) : null;
    const text = joined ?? ev.key;
    e.typed = { r, c, at: now, text };
    setCell(text, `cell:${r},${c}`);
    showCell();
    return true;
  }

  // (capture: before the board's own keys, which would take D and X for its drags)
  $("editor-board").addEventListener("keydown", (ev) => {
    if (cellKey(ev)) { ev.preventDefault(); ev.stopImmediatePropagation(); }
  }, { capture: true });
  $("editor-board").addEventListener("keyup", () => showCell());
  $("editor-cell").addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") { ev.preventDefault(); moveCell(0, ev.shiftKey ? -1 : 1); $("editor-cell").select(); }
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0] }[ev.key];
    if (moves) { ev.preventDefault(); moveCell(...moves); }
  });
  for (const ev of ["focus", "blur"]) $("editor-cell").addEventListener(ev, () => board.draw());
  // A tap chose a cell: the cell field takes the focus, which brings up a phone's
  // keyboard (a canvas cannot); after the tap's own events, which focus the canvas.
  $("editor-board").addEventListener("click", () => {
    if (e.touchPick) $("editor-cell").focus({ preventScroll: true });
    e.touchPick = false;
  });
  $("editor-cell").addEventListener("input", () => {
    const text = $("editor-cell").value.trim();
    if (text === "" || [...text].every((ch) => ed().accepts(ch, draft()))) {
      const { r, c } = board.cursor;
      setCell(text, `cell:${r},${c}`);
    }
  });

  // -- problems -----------------------------------------------------------------------
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
    undoRedoButtons($("editor-undo"), $("editor-redo"), e.history, e.busy);
    $("editor-check").hidden = e.busy;
    $("editor-cancel").hidden = !e.busy;
    for (const id of ["editor-play", "editor-clear", "editor-resize"]) $(id).disabled = e.busy;
    $("editor-screenshot-row").hidden = !screenshotMaker(e.type);
  }

  // -- check and play -----------------------------------------------------------------
  /** Cells where two solutions differ: compared as the family describes each cell in
      words (its colour, its line), so any family's answers compare alike. */
  function differences(p, a, b) {
    const f = fam(), pa = f.fromSolution(p, a), pb = f.fromSolution(p, b), cells = [];
    for (let r = 0; r < p.height; r++) {
      for (let c = 0; c < p.width; c++) if (f.describe(p, pa, r, c) !== f.describe(p, pb, r, c)) cells.push([r, c]);
    }
    return cells;
  }

  async function check() {
    if (e.busy) return null;
    const p = puzzle();
    if (problems().length) {
      say(`Fix what is listed below first: ${problems()[0].message}`, "error");
      return null;
    }
    work.start();
    let res;
    try {
      res = await whileBusy(setBusy, $("editor-cancel"), async () => {
        say("Waiting for the solver…");
        await work.ready();
        say("Looking for a second solution…");
        return await solver.call("solve", { puzzle: p, unique: true, timeout: CHECK_SECONDS });
      });
    } catch (err) {
      res = { status: err.kind === "cancelled" ? "cancelled" : "error", error: err.message };
    }
    if (draft() && puzzle() === p) report(p, res);
    return res;
  }

  function setBusy(on) {
    e.busy = on;
    updateButtons();
    renderPalette();
    if (ed().entry === "lines") renderLines(false);
  }

  function report(p, res) {
    if (res.status === "solved" && res.unique === true) {
      say("One solution: the puzzle is as it should be. Play it, or share it from its page.", "ok");
    } else if (res.status === "solved" && res.unique === false) {
      const cells = res.second_solution ? differences(p, res.solution, res.second_solution) : [];
      e.highlight = cells.length ? { cells, lines: [], wrong: true } : null;
      say("Several solutions" + (cells.length ? `: two of them differ in the ${cells.length} outlined cells. ` : ". ") +
          "Compare those clues with your puzzle: one may be mistyped.", "error");
      board.draw();
    } else if (res.status === "solved") {
      say(`It has a solution, but the solver could not rule out a second one in ${CHECK_SECONDS} s.`);
    } else if (res.status === "unsolvable") {
      say("No solution: these clues contradict each other. Compare them with your puzzle.", "error");
    } else if (res.status === "cancelled") {
      say("Check cancelled.");
    } else if (res.status === "timeout") {
      say(`Not settled: the solver gave up after ${CHECK_SECONDS} s.`, "error");
    } else {
      say(`The check failed: ${res.error || res.note || res.status}.`, "error");
    }
  }

  async function play() {
    if (problems().length) {
      say(`Fix what is listed below first: ${problems()[0].message}`, "error");
      return;
    }
    e.history.flush();
    try {
      await ctx.routing.load(puzzle());
    } catch (err) {
      say("This puzzle cannot be opened yet: " + err.message, "error");
    }
  }

  // -- opening ------------------------------------------------------------------------
  function sideLimit(type) {
    return Math.min(MAX_SIDE, gridLimits(type).max_side);
  }

  /** The editor for `type`: the saved draft, or (a size given that is not the saved
      draft's, or a `start` draft) a new one pushed on its history, so Undo brings back
      the last one. */
  function openType(type, { width, height, start = null } = {}) {
    if (e.type !== type || !e.history) {
      e.history?.flush();
      e.type = type;
      e.history = loadHistory(type, ed().blank(width || 10, height || 10));
      board.cursor = null;
      e.puzzleOf = null;
      problemsOf = null;
      $("editor-lines").dataset.shape = "";
    }
    const d = draft();
    e.lastField = null;
    e.highlight = null;
    say("");
    if (start) {
      change(start);
    } else if (width && height && (d.width !== width || d.height !== height)) {
      const was = d;
      change(ed().blank(width, height));
      if (!isEmpty(was)) say(`A new ${width}×${height} board. Undo brings back the ${was.width}×${was.height} one you were entering.`);
    }
    board.layout = null;
    board.userView = false;
    refresh(true);
  }

  /** Whether a draft read back from storage (where anything may have been written) is
      one this editor could have made: its type and size, and its family module reads it. */
  function goodDraft(type, d) {
    const ok = !!d && typeof d === "object" && d.type === type && Number.isInteger(d.width) && Number.isInteger(d.height) &&
      d.width >= 1 && d.height >= 1 && d.width <= sideLimit(type) && d.height <= sideLimit(type);
    if (!ok) return false;
    try {
      const module = e.editors.get(type);
      if (!module.wellFormed(d)) return false;
      if (module.palette && !(d.palette === null && module.palette.colours(1) === null) && paletteError(d.palette)) return false;
      module.problems(d);
      family(type).layout(module.puzzle(d));
      return true;
    } catch (err) {
      return false;  // (a draft its module cannot read)
    }
  }

  /** The saved history of a type's drafts, without what goodDraft refuses. */
  function loadHistory(type, fallback) {
    return checkedHistory(storeKey(type), fallback, (x) => goodDraft(type, x));
  }

  function isEmpty(d) {
    return JSON.stringify(d) === JSON.stringify(ed().blank(d.width, d.height));
  }

  function fragment() {
    const d = draft();
    return `#new/${d.type}/${d.width}x${d.height}`;
  }

  /** Show the editor ({type, width?, height?}); `push`: a new history entry. */
  async function show(spec, { push = true, start = null } = {}) {
    await ready;
    if (!e.editors.has(spec.type)) throw new Error(`no editor for ${JSON.stringify(spec.type)} puzzles`);
    const max = sideLimit(spec.type);
    if (spec.width && !(spec.width >= 1 && spec.width <= max && spec.height >= 1 && spec.height <= max)) {
      throw new Error(`the editor takes sides of 1 to ${max} cells`);
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

  // -- a screenshot -------------------------------------------------------------------
  /** The family and maker that read a picture of a board (a maker with an image and
      no form of its own), for `type` or, without one, any family. */
  function screenshotMaker(type = null) {
    for (const f of families) {
      if (type && f.type !== type) continue;
      const m = f.makers.find((mk) => mk.form === false && mk.params.some((p) => p.kind === "image"));
      if (m) return { fam: f, maker: m };
    }
    return null;
  }

  async function openImage(file) {
    const found = screenshotMaker();
    if (!found) throw new Error("no puzzle family reads pictures of boards");
    const img = await loadImage(file);
    const k = Math.min(1, MAX_PICTURE / Math.max(img.naturalWidth, img.naturalHeight));
    const w = Math.max(1, Math.round(img.naturalWidth * k)), h = Math.max(1, Math.round(img.naturalHeight * k));
    const pixels = scaledPixels(img, w, h, document.createElement("canvas"));
    $("editor-message").textContent = "";
    await solver.ready;
    const title = file.name ? file.name.replace(/\.[^.]+$/, "").slice(0, 80) : "";
    const res = await solver.call("make", { type: found.fam.type, maker: found.maker.name, timeout: found.maker.timeout,
                                            rgba: toBase64(pixels), source_width: w, source_height: h, title });
    await ready;
    const p = res.puzzle;
    await show({ type: p.type }, { start: e.editors.get(p.type).fromPuzzle(p) });
    const pairs = res.stats?.colours ? Object.keys(res.stats.colours).length : null;
    say(`Read from the picture: a ${p.width}×${p.height} board` + (pairs === null ? "" : ` with ${pairs} colours of dots`) +
        ". Compare it with your screenshot and fix anything misread, then Check it is unique.", "ok");
    const url = URL.createObjectURL(file);
    const shot = $("editor-shot");
    if (shot.dataset.url) URL.revokeObjectURL(shot.dataset.url);
    shot.dataset.url = url;
    shot.querySelector("img").src = url;
    shot.hidden = false;
  }

  async function openImageSaying(file) {
    const status = $("editor-screenshot-status");
    status.textContent = "Reading the picture…";
    try {
      await openImage(file);
      status.textContent = "";
    } catch (err) {
      status.textContent = "";
      showError(`Could not read ${file.name || "the picture"} as a board: ${err.message}`);
    }
  }

  // -- the controls -------------------------------------------------------------------
  $("editor-undo").onclick = undo;
  $("editor-redo").onclick = redo;
  $("editor-clear").onclick = () => {
    const d = draft(), blank = ed().blank(d.width, d.height);
    // (the title, the colours and the options stay: only the clues go)
    for (const key of ["title", "palette", ...(ed().options ? ed().options(d).map((o) => o.key) : [])]) {
      if (d[key] !== undefined) blank[key] = d[key];
    }
    change(blank);
    say("Cleared: Undo brings the clues back.");
  };
  $("editor-check").onclick = check;
  $("editor-cancel").onclick = () => work.cancel();
  $("editor-play").onclick = play;
  $("editor-name").addEventListener("input", (ev) => {
    const title = ev.target.value.trim().slice(0, 80);
    const { title: _, ...rest } = draft();
    change(title ? { ...rest, title } : rest, "title");
  });
  $("editor-resize").onclick = () => {
    const max = sideLimit(e.type);
    const w = Math.max(1, Math.min(max, Math.round(+$("editor-width").value || 1)));
    const h = Math.max(1, Math.min(max, Math.round(+$("editor-height").value || 1)));
    if (w === draft().width && h === draft().height) return;
    change(ed().resize(draft(), w, h));
    history.replaceState(history.state, "", location.pathname + location.search + fragment());
    say(`Now ${w}×${h}: clues outside it were dropped (Undo brings them back).`);
  };
  $("editor-add-colour").onclick = () => {
    const spec = ed().palette, pal = draft().palette || {};
    const n = Math.max(Object.keys(pal).length, spec.min) + 1;
    const fresh = spec.colours(Math.max(n, 2));
    const key = Object.keys(fresh).find((k) => !(k in pal));
    const next = Object.keys(pal).length ? { ...pal, [key]: fresh[key] } : fresh;
    e.tool = key;
    change({ ...draft(), palette: next });
  };
  $("editor-remove-colour").onclick = () => {
    const spec = ed().palette, pal = draft().palette;
    if (!pal) return;
    const keys = Object.keys(pal);
    const drop = e.tool ?? keys[keys.length - 1];
    const rest = Object.fromEntries(Object.entries(pal).filter(([k]) => k !== drop));
    // (one colour left, where a puzzle may have none, is black and white)
    const one = Object.keys(rest).length === 1 && spec.colours(1) === null;
    change({ ...draft(), palette: one ? null : rest });
    say(`Colour ${drop} removed: clues in it are marked below until you change them (Undo brings it back).`);
  };
  $("editor-colour").addEventListener("input", (ev) => {
    if (!e.tool || !draft().palette) return;
    change({ ...draft(), palette: { ...draft().palette, [e.tool]: ev.target.value } }, "colour:" + e.tool);
  });
  $("editor-screenshot").addEventListener("change", (ev) => {
    const file = ev.target.files[0];
    ev.target.value = "";
    if (file) openImageSaying(file);
  });
  window.addEventListener("keydown", (ev) => {
    if ($("editor").hidden) return;
    // (Undo here is the editor's, in the text fields too: it covers all that was typed)
    if (ev.target.id !== "editor-name" && undoRedoKeys(ev, undo, redo)) return;
    if (ev.key === "Escape" && e.busy) work.cancel();
  });
  // A picture pasted on the library or the editor is read as a board.
  window.addEventListener("paste", (ev) => {
    if ($("library").hidden && $("editor").hidden) return;
    const file = [...(ev.clipboardData?.files || [])].find((f) => f.type.startsWith("image/"));
    if (!file || !screenshotMaker()) return;
    ev.preventDefault();
    openImageSaying(file);
  });
  window.addEventListener("pagehide", () => e.history?.flush());
  // The editor open in two tabs: the other tab's saved draft is taken (as the play page
  // takes another tab's moves) instead of the two overwriting each other.
  window.addEventListener("storage", (ev) => {
    if (!e.history || e.busy || ev.newValue === null || ev.key !== History.storageKey(storeKey(e.type))) return;
    e.history.discard();
    e.history = loadHistory(e.type, draft());
    e.lastField = null;
    refresh(true);
  });
  initEnterForm(families, (spec) => show(spec).catch((err) => showError(err.message)), openImageSaying, screenshotMaker);

  return {
    show,
    /** The address says `#new/...`: the editor it names (a bad one is said). */
    route: (spec) => show(spec, { push: false }),
    openImage: openImageSaying,
    readsImages: () => !!screenshotMaker(),
    leave: () => { e.history?.flush(); if (e.busy) work.cancel(); },
    redraw: () => board.draw(),
    // (tests and scripts: see window.app.editor in hook.js)
    state: () => (e.history && !$("editor").hidden ? puzzle() : null),
    draft: () => (e.history ? draft() : null),
    problems: () => (e.history ? problems() : []),
    cellCenter: (r, c) => board.cellCenter(r, c),
    check,
    setColour: (k) => { e.tool = k; renderPalette(); },
  };
}

/** The library's "Enter a puzzle" form: the types with an editor, a size, and a
    screenshot to read (when a family reads them). */
function initEnterForm(families, start, openImage, screenshotMaker) {
  const select = $("enter-type");
  select.replaceChildren(...families.filter((f) => f.editor).map((f) => new Option(f.title, f.type)));
  $("enter-shot").hidden = !screenshotMaker();
  $("enter-form").onsubmit = (ev) => {
    ev.preventDefault();
    const side = (id) => Math.max(1, Math.min(MAX_SIDE, Math.round(+$(id).value || 10)));
    start({ type: select.value, width: side("enter-width"), height: side("enter-height") });
  };
  $("enter-shot-input").addEventListener("change", (ev) => {
    const file = ev.target.files[0];
    ev.target.value = "";
    if (file) openImage(file);
  });
}
