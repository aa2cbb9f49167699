/* The editor's "cells" entry (Link-a-Pix, Numberlink: clues sit in cells): a click or
   the arrow keys choose a cell, typing puts a clue there (two keys pressed soon after
   each other in one cell make one clue: "1", "2" is 12), a palette key recolours it;
   the cell field below the board does the same on a phone, whose keyboard a canvas
   cannot open.  Apart from the page (editor.js), which shows it for editor modules
   whose `entry` is "cells" (and editor-line-entry.js otherwise). */

import { $ } from "./page.js";

// Keys typed within this many milliseconds into one cell make one clue ("1", "2": 12).
const JOIN_MS = 1000;

/** The cell entry of the editor `m` (see editor.js); renderPalette: the palette's
    swatches drawn again (a palette key chose another colour). */
export function initCellEntry(m, renderPalette) {
  const { e, ed, draft, change, board, say } = m;
  let typed = null;       // {r, c, at, text}: the cell typed into last, for joins
  let touchPick = false;  // a touch chose a cell: the cell field takes the focus after it

  /** A press on the board chooses a cell (keys are the editor's own, see cellKey). */
  function pick(cell, ev) {
    if (!cell.inside || ev instanceof KeyboardEvent || ed().entry !== "cells") return;
    board.cursor = { r: cell.r, c: cell.c };
    showCell();
    board.draw();
    // (a touch's field gets the focus once the tap is over: see the click below)
    touchPick = ev.pointerType === "touch";
  }

  /** The cell field below the board: the cell the cursor is on, and its clue. */
  function showCell() {
    if (ed().entry !== "cells") return;
    $("editor-lines").dataset.shape = "";
    const d = draft();
    if (!board.cursor || board.cursor.r >= d.height || board.cursor.c >= d.width) board.cursor = { r: 0, c: 0 };
    const { r, c } = board.cursor;
    $("editor-cell-label").textContent = `Row ${r + 1}, column ${c + 1}`;
    const text = ed().cellText(d, r, c);
    if (document.activeElement !== $("editor-cell") || $("editor-cell").value !== text) $("editor-cell").value = text;
    // (the board's cursor as a screen reader says it: after a clue typed too, not only
    // after a move; unchanged text is not set again, so it is not said again)
    const said = `Row ${r + 1}, column ${c + 1}: ${text || "empty"}`;
    if ($("editor-cursor").textContent !== said) $("editor-cursor").textContent = said;
  }

  /** The clue at the cursor's cell set to `text`; false (and why said) when the
      editor refuses that text (a Link-a-Pix 0), the cell left as it was. */
  function setCell(text, field) {
    const { r, c } = board.cursor;
    const refused = text && ed().refuses?.(text, draft());
    // (said beside the field too: on a phone the message line is below the board, out of
    // sight while the keyboard is up; a review)
    $("editor-cell-note").textContent = refused || "";
    if (refused) { say(refused, "error"); return false; }
    change(ed().setCell(draft(), r, c, text, e.tool), field);
    return true;
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
    typed = null;
    e.drafts.endTyping();
    $("editor-cell-note").textContent = "";
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
    if (ev.key === "Delete" || ev.key === "Backspace") { typed = null; setCell("", null); showCell(); return true; }
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
    const now = performance.now(), t = typed;
    const joined = t && t.r === r && t.c === c && now - t.at < JOIN_MS ? ed().joins(t.text, ev.key, draft()) : null;
    const text = joined ?? ev.key;
    typed = setCell(text, `cell:${r},${c}`) ? { r, c, at: now, text } : null;
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
    if (touchPick) $("editor-cell").focus({ preventScroll: true });
    touchPick = false;
  });
  $("editor-cell").addEventListener("input", () => {
    const text = $("editor-cell").value.trim();
    if (text === "" || [...text].every((ch) => ed().accepts(ch, draft()))) {
      const { r, c } = board.cursor;
      // (a refused text leaves the field showing what the cell holds)
      if (!setCell(text, `cell:${r},${c}`)) $("editor-cell").value = ed().cellText(draft(), r, c);
    }
  });

  return { pick, showCell };
}
