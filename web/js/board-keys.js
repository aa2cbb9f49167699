/* The board's keyboard (see board.js for the keys): a cell cursor, taps on its cell,
   and drags from it, with Shift held or picked up with D.  The state stays on the board
   (board.cursor, board.keyStroke), which draws the cursor and drops a drag on Undo. */

/** Listen to the keys on `board`'s canvas. */
export function bindKeys(board) {
  const cv = board.canvas;
  function keyCell() {
    const { r, c } = board.cursor;
    return { r, c, inside: true, u: board.layout.x0 + c + 0.5, v: board.layout.y0 + r + 0.5, fx: 0.5, fy: 0.5 };
  }

  function key(e) {
    const p = board.hooks.puzzle();
    if (!p || !board.layout || e.ctrlKey || e.metaKey || e.altKey) return;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const tap = { Enter: "primary", x: "secondary", X: "secondary", Delete: "middle", Backspace: "middle" }[e.key];
    const pick = e.key === "d" || e.key === "D";
    // (H and C press Hint and Check from the board: those were fifteen Shift+Tabs away)
    const button = board.hooks.shortcuts?.()[e.key.toLowerCase()];
    if (button) {
      e.preventDefault();
      if (!button.disabled && !button.closest("[hidden]")) button.click();
      return;
    }
    const tools = /^[1-9]$/.test(e.key) && board.hooks.swatches?.()?.children;
    if (tools?.length) {
      // (a digit picks the tool of that place among the swatches: no round trip by Tab;
      // one past the last says how many there are rather than nothing)
      e.preventDefault();
      const swatch = tools[Number(e.key) - 1];
      if (swatch && !swatch.disabled) swatch.click();
      board.hooks.announce?.(swatch ? swatch.getAttribute("aria-label")
                                    : `No tool ${e.key}: the tools are 1 to ${tools.length}`);
      return;
    }
    if (!moves[e.key] && !tap && !pick && e.key !== "Escape") return;
    if (!board.cursor) board.cursor = { r: 0, c: 0 };
    if (e.key === "Escape") {
      if (board.keyStroke) {
        e.preventDefault();
        board.keyStroke.cancel?.();
        board.keyStroke = null;
        board.hooks.changed(null);
        board.announceChange("Drag dropped");
      }
      return;
    }
    e.preventDefault();
    // (a held key repeats: only the arrows may, or a held D would put down and pick up
    // again, and a held Enter toggle a cell on and off)
    if (e.repeat && !moves[e.key]) return;
    const sticky = !!board.keyStroke?.sticky;
    if (pick || (sticky && tap === "primary")) {
      // Pick up (or put down) a drag that needs no key held: for players who cannot
      // hold Shift while pressing arrows.
      if (sticky || board.keyStroke) { endKeyStroke(); announce(); return; }
      board.keyStroke = board.hooks.press(keyCell(), "primary", e);
      if (board.keyStroke) {
        board.keyStroke.last = { ...board.cursor };
        board.keyStroke.sticky = true;
        board.hooks.changed(board.keyStroke.preview ? board.keyStroke.preview() : null);
        const { r, c } = board.cursor;
        board.hooks.announce?.(`Drawing from row ${r + 1}, column ${c + 1}: arrows extend, D or Enter ends, Escape drops`);
      }
      return;
    }
    if (moves[e.key]) {
      if (e.shiftKey && !board.keyStroke) {
        board.keyStroke = board.hooks.press(keyCell(), "primary", e);
        if (board.keyStroke) board.keyStroke.last = { ...board.cursor };
      }
      const [dr, dc] = moves[e.key];
      const was = board.cursor;
      board.cursor = { r: Math.max(0, Math.min(p.height - 1, was.r + dr)),
                      c: Math.max(0, Math.min(p.width - 1, was.c + dc)) };
      // (a press against the board's edge says so: silence read as a key not heard)
      const edge = board.cursor.r === was.r && board.cursor.c === was.c ? "Edge of the board. " : "";
      board.reveal([[board.cursor.r, board.cursor.c]], 0);
      if (board.keyStroke) {
        board.keyStroke.moved = true;
        board.hooks.changed(board.keyStroke.move(keyCell()));
      } else {
        board.draw();
      }
      announce(edge);        // (after the move: the cell as the stroke left it)
      return;
    }
    endKeyStroke();
    const stroke = board.hooks.press(keyCell(), tap, e);
    if (stroke) board.hooks.commit(stroke.end(), stroke);
    announce();
  }

  /** The cursor's cell for screen readers: where it is, what it holds (family.describe)
      and, where the family has clues by lines (family.clueWords), the clue of a row or
      column the cursor has just entered ("Row 3, clue 2 1, column 4: empty"): a player
      who cannot see the board hears the clues line by line, each once as it is met. */
  function announce(prefix = "") {
    const { r, c } = board.cursor;
    const fam = board.hooks.family(), p = board.hooks.puzzle();
    const last = board.announced;
    const clue = (kind, i) => {
      const words = fam.clueWords?.(p, kind, i);
      return words === undefined ? "" : `, clue ${words}`;
    };
    const what = fam.describe?.(p, board.hooks.progress(), r, c);
    board.announced = { r, c, p };
    board.hooks.announce?.(`${prefix}Row ${r + 1}${last?.p === p && last.r === r ? "" : clue("row", r)}, ` +
                           `column ${c + 1}${last?.p === p && last.c === c ? "" : clue("col", c)}` +
                           (what ? `: ${what}` : ""));
  }

  function endKeyStroke() {
    if (!board.keyStroke) return;
    const stroke = board.keyStroke;
    board.keyStroke = null;
    board.hooks.commit(stroke.end(), stroke);
  }


  /** Say `what` happened (Undo, Redo...) with, where the board has a keyboard cursor,
      what its cell holds now. */
  board.announceChange = (what) => {
    if (board.cursor && board.hooks.puzzle()) announce(`${what}. `);
    else board.hooks.announce?.(`${what}.`);
  };

  cv.addEventListener("keydown", (e) => key(e));
  cv.addEventListener("keyup", (e) => {
    if (e.key !== "Shift" || !board.keyStroke || board.keyStroke.sticky) return;
    endKeyStroke();
    announce();              // (what the cell holds now the stroke is played)
  });
  cv.addEventListener("focus", () => {
    // (a board reached by the keyboard says where its cursor is, with both clues:
    // silence until the first arrow key left a screen reader's user guessing; a click
    // shows no cursor)
    if (board.hooks.puzzle() && board.layout && cv.matches(":focus-visible")) {
      if (!board.cursor) board.cursor = { r: 0, c: 0 };
      board.announced = null;
      announce();
    }
    board.draw();
  });
  cv.addEventListener("blur", () => { endKeyStroke(); board.draw(); });
}
