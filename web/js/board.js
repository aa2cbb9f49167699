/* The canvas: zoom, pan, pointer -> cell, and drawing through the family module.

   Coordinates: a family lays its board out in "units" (one unit = one cell), with the
   grid's cell (0,0) at (layout.x0, layout.y0) so clues can sit in margins.  The board
   keeps a view transform units -> CSS pixels (scale, ox, oy).

   Input (board-pointer.js, board-keys.js): a press on a cell starts a family "stroke"
   (draw a path, paint a run...).
   The middle button belongs to families (nonogram clears with it), so panning is
   Alt/Space + drag, a drag that starts outside the grid, or two fingers; the wheel
   zooms at the pointer (Shift + wheel pans); a long press on touch is a right click.

   Keyboard (the canvas takes focus with Tab): the arrow keys move a cell cursor, Enter
   is a click on its cell, X a right click, Delete or Backspace a middle click, and
   Shift + arrows a drag from the cursor's cell, committed when Shift is let go; D picks
   the cursor's cell up for a drag that needs no key held (arrows extend it, D or Enter
   puts it down); Escape drops a drag; digits 1 to 9 pick the tools (colours) in their
   order; a family page may give letters to buttons (play: H Hint, C Check).  The cursor's cell (where, and what it holds) is
   announced through `hooks.announce`. */

import { bindKeys } from "./board-keys.js";
import { bindPointer } from "./board-pointer.js";
import { clueStrips, stripRoom } from "./families/draw.js";

// Fit shows the whole board down to this many CSS px a cell (a 512x512 nonogram on a
// phone); zooming out stops at 2 px, or at the whole board when that is smaller.
const MIN_SCALE = 0.25;
const MIN_SCALE_ZOOM = 2;

export class Board {
  constructor(canvas, hooks) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    // {family, puzzle, progress, view(), press(cell, button), changed(), commit(), drawn?(scale),
    //  announce?(text), swatches?() -> the element whose buttons are the tools (digit keys),
    //  shortcuts?() -> {key: button} (letter keys that press a button)}
    this.hooks = hooks;
    this.scale = 24;
    this.ox = 0;
    this.oy = 0;
    this.stroke = null;         // (a pointer's stroke in progress: board-pointer.js)
    this.hover = null;
    /** the keyboard's cell {r, c}, and the drag Shift + arrows make from it */
    this.cursor = null;
    this.keyStroke = null;
    bindPointer(this);
    bindKeys(this);
    new ResizeObserver(() => this.resize()).observe(canvas.parentElement);
  }

  setLayout(layout) {
    this.layout = layout;
    this.userView = false;
    this.cursor = null;        // (another puzzle: its own cells)
    this.keyStroke = null;
    this.hooks.announce?.("");  // (what was said of the last puzzle's cell)
    this.fit();
  }

  /** A new layout for the same grid with other margins (the drawing maker's clues
      grow and shrink): the grid stays where it is on screen, at its scale, when the
      player zoomed or panned or when the new margins still fit in the view; else the
      board is fitted again.  The keyboard cursor and a keyboard drag go on. */
  adjustLayout(layout) {
    const old = this.layout;
    this.layout = layout;
    if (!old) { this.fit(); return; }
    const ox = this.ox - (layout.x0 - old.x0) * this.scale;
    const oy = this.oy - (layout.y0 - old.y0) * this.scale;
    // (a fitted board keeps its grid still too while the new margins fit in the view:
    // cells do not move under a pointer that is drawing)
    const fits = ox >= 0 && oy >= 0 && ox + layout.cols * this.scale <= this.cw &&
                 oy + layout.rows * this.scale <= this.ch;
    if (!this.userView && !fits) { this.fit(); return; }
    this.ox = ox;
    this.oy = oy;
    this.draw();
  }

  /** Drop a stroke in progress (pointer or keyboard) without committing it: the grid
      it was begun on is about to change under it (Undo, another tab's save). */
  dropStroke() {
    const had = this.stroke || this.keyStroke;
    for (const s of [this.stroke, this.keyStroke]) s?.cancel?.();
    this.stroke = this.keyStroke = null;
    clearTimeout(this.longTimer);
    if (had) this.hooks.changed(null);
  }

  resize() {
    const dpr = window.devicePixelRatio || 1;
    const r = this.canvas.getBoundingClientRect();
    this.cw = r.width;
    this.ch = r.height;
    this.canvas.width = Math.max(1, Math.round(r.width * dpr));
    this.canvas.height = Math.max(1, Math.round(r.height * dpr));
    // Keep the puzzle fitted while the layout settles (toolbars wrap, phones rotate),
    // until the player zooms or pans by hand.
    if (this.layout && !this.userView) this.fit();
    this.draw();
  }

  /** The scale at which the whole board fits the view. */
  fitScale() {
    const pad = 8;
    return Math.min((this.cw - 2 * pad) / this.layout.cols, (this.ch - 2 * pad) / this.layout.rows);
  }

  fit() {
    if (!this.layout || !this.cw) return;
    const s = this.fitScale();
    this.scale = Math.max(MIN_SCALE, Math.min(64, s));
    this.ox = (this.cw - this.layout.cols * this.scale) / 2;
    this.oy = (this.ch - this.layout.rows * this.scale) / 2;
    this.draw();
  }

  zoom(factor, cx = this.cw / 2, cy = this.ch / 2) {
    this.userView = true;
    const s = Math.max(Math.min(MIN_SCALE_ZOOM, this.fitScale()), Math.min(160, this.scale * factor));
    const k = s / this.scale;
    this.ox = cx - (cx - this.ox) * k;
    this.oy = cy - (cy - this.oy) * k;
    this.scale = s;
    this.keepInSight();
    this.draw();
  }

  /** After a pan or a zoom by the player: the grid keeps the view's middle covered (or
      stays whole in the view when it is smaller than half of it), so that no pan leaves
      an empty frame (a review: two-finger pans pushed the whole board out of sight, and
      on a phone Fit waits behind More…). */
  keepInSight() {
    const L = this.layout, p = this.hooks.puzzle();
    if (!L || !p) return;
    const clamp = (o, view, start, size) => {
      const m = Math.min(view / 2, size);
      return Math.min(view - m - start, Math.max(m - start - size, o));
    };
    this.ox = clamp(this.ox, this.cw, L.x0 * this.scale, p.width * this.scale);
    this.oy = clamp(this.oy, this.ch, L.y0 * this.scale, p.height * this.scale);
  }

  /** Pointer position (CSS px relative to the canvas) -> units and grid cell. */
  locate(x, y) {
    const u = (x - this.ox) / this.scale, v = (y - this.oy) / this.scale;
    const L = this.layout;
    let c = Math.floor(u - L.x0), r = Math.floor(v - L.y0);
    const p = this.hooks.puzzle();
    let inside = p && r >= 0 && c >= 0 && r < p.height && c < p.width;
    if (p && L.pinnedClues) {
      // On a clue strip (pinned over the grid, or in its margin): not a press on a
      // cell (it pans), and a drag that runs onto it stops at the first cell in sight
      // instead of painting the hidden ones.
      const s = clueStrips(this.visibleUnits(), L.x0, L.y0, p.width, p.height, this.scale);
      // (left of the strip's edge: on the strip, or off the canvas past it, where a
      // drag's captured pointer may go)
      const first = (edge, n) => Math.min(n - 1, Math.max(0, Math.ceil(edge - 1e-9)));
      if (u < s.right) { inside = false; c = first(s.right - L.x0, p.width); }
      if (v < s.bottom) { inside = false; r = first(s.bottom - L.y0, p.height); }
    }
    return { u, v, r, c, inside, fx: u - L.x0 - c, fy: v - L.y0 - r };
  }

  /** The clue strips of a layout with pinnedClues (see draw.js clueStrips) in CSS px
      from the canvas's left and top edges: the left strip spans x from `left` to
      `right`, the top strip y from `top` to `bottom`, their clues drawn `rowClue` and
      `colClue` px wide (`cut`: some cut at the view's edge); null for other layouts. */
  clueStripsPx() {
    const L = this.layout, p = this.hooks.puzzle();
    if (!L || !L.pinnedClues || !p) return null;
    const s = clueStrips(this.visibleUnits(), L.x0, L.y0, p.width, p.height, this.scale);
    const x = (u) => this.ox + u * this.scale, y = (v) => this.oy + v * this.scale;
    return { left: x(s.lx), right: x(s.right), top: y(s.ty), bottom: y(s.bottom),
             rowClue: s.kx * this.scale, colClue: s.ky * this.scale, cut: s.cutX || s.cutY };
  }


  /** A cell's centre in CSS px (tests and automation click here). */
  cellCenter(r, c) {
    const L = this.layout;
    return { x: this.ox + (L.x0 + c + 0.5) * this.scale, y: this.oy + (L.y0 + r + 0.5) * this.scale };
  }

  /** Bring grid cells [[r, c], ...] into view, e.g. a hint's: centre them when some
      are outside the view (zooming out if they do not fit), and zoom in to at least
      `readable` px per cell when the board is too small to read. */
  reveal(cells, readable = 16) {
    if (!cells.length || !this.layout || !this.cw) return;
    const L = this.layout, pad = 1;
    const rs = cells.map(([r]) => r), cs = cells.map(([, c]) => c);
    const u0 = L.x0 + Math.min(...cs) - pad, u1 = L.x0 + Math.max(...cs) + 1 + pad;
    const v0 = L.y0 + Math.min(...rs) - pad, v1 = L.y0 + Math.max(...rs) + 1 + pad;
    // Pinned clue strips cover up to stripRoom() px at the left and top edges: the
    // cells must fit, and be placed, beside them.
    const pinned = !!L.pinnedClues;
    const fit = (span, margin, room) => (pinned ? Math.max(room / (span + margin), (room - stripRoom(Infinity, room)) / span) : room / span);
    const fits = Math.min(fit(u1 - u0, L.x0, this.cw), fit(v1 - v0, L.y0, this.ch));
    const scale = Math.min(fits, Math.max(this.scale, readable));
    // (a strip covers the grid only once its margin has scrolled off: ox < 0)
    const left = pinned ? stripRoom(L.x0 * scale, this.cw) : 0;
    const top = pinned ? stripRoom(L.y0 * scale, this.ch) : 0;
    const inside = this.ox + u0 * scale >= (this.ox < 0 ? left : 0) && this.ox + u1 * scale <= this.cw &&
                   this.oy + v0 * scale >= (this.oy < 0 ? top : 0) && this.oy + v1 * scale <= this.ch;
    if (scale === this.scale && inside) return;
    this.userView = true;
    this.scale = scale;
    this.ox = this._within((left + this.cw) / 2 - ((u0 + u1) / 2) * scale, this.cw, L.cols * scale);
    this.oy = this._within((top + this.ch) / 2 - ((v0 + v1) / 2) * scale, this.ch, L.rows * scale);
    this.draw();
  }

  /** An offset moved so a board `size` px long shows no empty margin in a view `room`
      px long (centred when it fits). */
  _within(offset, room, size) {
    if (size <= room) return (room - size) / 2;
    return Math.min(0, Math.max(room - size, offset));
  }

  visibleUnits() {
    return { x0: -this.ox / this.scale, y0: -this.oy / this.scale,
             x1: (this.cw - this.ox) / this.scale, y1: (this.ch - this.oy) / this.scale };
  }

  /** Whether a redraw is waiting for the next animation frame. */
  get pending() {
    return !!this._raf;
  }

  /** Redraw at the next animation frame (several calls before it make one frame).
      Resolves once that frame is drawn: a replay shows each step for its time on screen,
      not from when it asked (a busy machine may draw a frame late, and a frame asked for
      while another waits is drawn with it). */
  draw() {
    if (!this.hooks.puzzle() || !this.layout) return Promise.resolve();
    const drawn = new Promise((resolve) => (this._waiting ||= []).push(resolve));
    if (this._raf) return drawn;
    this._raf = requestAnimationFrame(() => {
      this._raf = 0;
      const waiting = this._waiting;
      this._waiting = [];
      try {
        this._paint();
      } finally {
        for (const resolve of waiting) resolve();
      }
    });
    return drawn;
  }

  /** Draw the board now (draw() asks for it at the next frame). */
  _paint() {
    // (read now, with the progress: a puzzle read when the frame was asked for may be
    // older, as in the drawing maker, whose clues follow every stroke)
    const puzzle = this.hooks.puzzle();
    if (!puzzle) return;
    const dpr = window.devicePixelRatio || 1;
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.setTransform(dpr * this.scale, 0, 0, dpr * this.scale, dpr * this.ox, dpr * this.oy);
    const view = { ...this.hooks.view(), visible: this.visibleUnits(), hover: this.hover, pxPerUnit: this.scale };
    this.hooks.family().draw(ctx, puzzle, this.hooks.progress(), view);
    // A ghost (a hint's deduction, not played yet) is drawn over at half strength:
    // what it adds shows half-way, what it shares with the grid unchanged.
    // (on the grid alone, beside the pinned clue strips: drawn again over them, the
    // grid's cells showed through a strip and the clues under its corner through the
    // corner's mask)
    const ghost = this.hooks.ghost?.();
    if (ghost) {
      const L = this.layout;
      let x = L.x0, y = L.y0;
      if (L.pinnedClues) {
        const s = clueStrips(view.visible, L.x0, L.y0, puzzle.width, puzzle.height, this.scale);
        x = Math.max(x, s.right);
        y = Math.max(y, s.bottom);
      }
      ctx.save();
      ctx.beginPath();
      ctx.rect(x, y, L.x0 + puzzle.width - x, L.y0 + puzzle.height - y);
      ctx.clip();
      ctx.globalAlpha = 0.5;
      this.hooks.family().draw(ctx, puzzle, ghost, { ...view, ghost: true });
      ctx.restore();
    }
    if (this.cursor && document.activeElement === this.canvas) {
      // (its corners only: the middle of each side leaves a problem's outline of the cell
      // in sight, which a whole box covered)
      const L = this.layout, x = L.x0 + this.cursor.c + 0.07, y = L.y0 + this.cursor.r + 0.07, s = 0.86, arm = 0.3;
      ctx.strokeStyle = view.theme.accent;
      ctx.lineWidth = 0.14;
      ctx.beginPath();
      for (const [cx, cy, dx, dy] of [[x, y, 1, 1], [x + s, y, -1, 1], [x, y + s, 1, -1], [x + s, y + s, -1, -1]]) {
        ctx.moveTo(cx + dx * arm, cy);
        ctx.lineTo(cx, cy);
        ctx.lineTo(cx, cy + dy * arm);
      }
      ctx.stroke();
    }
    this.hooks.drawn?.(this.scale);
  }
}
