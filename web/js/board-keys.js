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
    if (!moves[e.key] && !tap && !pick && e.key !== "Escape") return;
    if (!board.cursor) board.cursor = { r: 0, c: 0 };
    if (e.key === "Escape") {
      if (board.keyStroke) { e.preventDefault(); board.keyStroke.cancel?.(); board.keyStroke = null; board.hooks.changed(null); }
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
      board.cursor = { r: Math.max(0, Math.min(p.height - 1, board.cursor.r + dr)),
                      c: Math.max(0, Math.min(p.width - 1, board.cursor.c + dc)) };
      board.reveal([[board.cursor.r, board.cursor.c]], 0);
      if (board.keyStroke) {
        board.keyStroke.moved = true;
        board.hooks.changed(board.keyStroke.move(keyCell()));
      } else {
        board.draw();
      }
      announce();            // (after the move: the cell as the stroke left it)
      return;
    }
    endKeyStroke();
    const stroke = board.hooks.press(keyCell(), tap, e);
    if (stroke) board.hooks.commit(stroke.end(), stroke);
    announce();
  }

  /** The cursor's cell for screen readers: where it is and, when the family can say,
      what it holds (family.describe). */
  function announce() {
    const { r, c } = board.cursor;
    const what = board.hooks.family().describe?.(board.hooks.puzzle(), board.hooks.progress(), r, c);
    board.hooks.announce?.(`Row ${r + 1}, column ${c + 1}` + (what ? `: ${what}` : ""));
  }

  function endKeyStroke() {
    if (!board.keyStroke) return;
    const stroke = board.keyStroke;
    board.keyStroke = null;
    board.hooks.commit(stroke.end(), stroke);
  }


  cv.addEventListener("keydown", (e) => key(e));
  cv.addEventListener("keyup", (e) => {
    if (e.key !== "Shift" || !board.keyStroke || board.keyStroke.sticky) return;
    endKeyStroke();
    announce();              // (what the cell holds now the stroke is played)
  });
  cv.addEventListener("focus", () => board.draw());
  cv.addEventListener("blur", () => { endKeyStroke(); board.draw(); });
}
