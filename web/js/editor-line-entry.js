/* The editor's "lines" entry (nonograms, Hungry Cat: a clue per row and column): one
   text field per line, rows then columns, Enter or the arrow keys to the next one, the
   line whose field has the focus outlined on the board (e.focusLine), a field whose
   line has a problem marked invalid.  Apart from the page (editor.js), which shows it
   for editor modules whose `entry` is "lines" (and editor-cell-entry.js otherwise). */

import { $ } from "./page.js";

/** The line fields of the editor `m` (see editor.js). */
export function initLineEntry(m) {
  const { e, ed, draft, change, problems, board } = m;

  function lineField(kind, i) { return $(`editor-${kind}-${i}`); }

  /** The fields, made again when the grid's shape changes; `rewrite`: every field's text
      from the draft, else only those without the focus that differ. */
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
    // (a check's outline of lines whose clues clash marks their fields too)
    const marked = e.highlight?.wrong ? e.highlight.lines : [];
    const bad = new Set(problems().flatMap((p) => p.lines || []).concat(marked).map((l) => l.join(":")));
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
    e.drafts.endTyping();
    board.draw();
  });
  $("editor-lines").addEventListener("focusout", () => { e.focusLine = null; board.draw(); });

  return { renderLines };
}
