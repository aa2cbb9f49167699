/* The board's pointers (see board.js): a press on a cell starts a family stroke, a
   drag pans, two fingers pinch and pan, the wheel zooms, a long touch is a right click,
   and a tap on cells too small for a finger zooms in.  The state that drawing and
   dropStroke need stays on the board (board.stroke, board.hover, board.longTimer). */

// A touch held this long without moving is a long press (and, for a family's stroke,
// not a tap: families/paths.js).
export const LONG_PRESS_MS = 450;
// Cells smaller than this (CSS px) are too small for a finger: on a touch screen a tap
// on them zooms in, to TAP_ZOOM_PX a cell around the tap, instead of playing the cell
// (a finger would hit a neighbour as often as the cell meant); a drag pans.
const TOUCH_MIN_PX = 10;
const TAP_ZOOM_PX = 28;
// A touch that moves less than this (CSS px) is a tap.
const TAP_SLOP_PX = 10;
// A stroke held within this (CSS px) of an edge of the view, where the board goes on
// past it, scrolls the view that way (as a text selection does), at up to EDGE_CELLS
// cells a second at the very edge: a link longer than the zoomed view can be drawn.
const EDGE_PX = 32;
const EDGE_CELLS = 8;

/** Listen to pointers and the wheel on `board`'s canvas. */
export function bindPointer(board) {
  const cv = board.canvas;
  // (pointers down, by id: two make a pinch; Space held: a drag pans)
  const pointers = new Map();
  let spaceDown = false, pan = null, pinch = null;
  // (a stroke's pointer near an edge: where it is, and the frame that scrolls next)
  let edge = null;

  function where(e) {
    const r = board.canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  }

  function down(e) {
    board.canvas.focus({ preventScroll: true });  // (a scroll now would move the cell pressed)
    board.canvas.setPointerCapture(e.pointerId);
    const pos = where(e);
    pointers.set(e.pointerId, pos);
    clearTimeout(board.longTimer);
    if (pointers.size === 2) {
      // Second finger: abandon any stroke and pinch/pan instead.
      if (board.stroke) { board.stroke.cancel?.(); board.stroke = null; board.hooks.changed(null); }
      const [a, b] = [...pointers.values()];
      pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
      return;
    }
    const cell = board.locate(pos.x, pos.y);
    // (a click on a cell takes the keyboard's cursor there, where one is shown: left
    // behind, the next arrow key went on from a cell the player had left)
    if (board.cursor && cell.inside) board.cursor = { r: cell.r, c: cell.c };
    const panButton = e.button === 0 && (e.altKey || spaceDown);
    if (panButton) {
      pan = { x: pos.x, y: pos.y, ox: board.ox, oy: board.oy };
      return;
    }
    if (e.pointerType === "touch" && board.scale < TOUCH_MIN_PX) {
      pan = { x: pos.x, y: pos.y, ox: board.ox, oy: board.oy, tap: true };
      return;
    }
    const button = e.button === 2 ? "secondary" : e.button === 1 ? "middle" : "primary";
    const stroke = board.hooks.press(cell, button, e);
    if (stroke) {
      board.stroke = stroke;
      // (a wobble within the first cell is not a move: a long press still crosses)
      stroke.last = { r: cell.r, c: cell.c };
      if (e.pointerType === "touch" && button === "primary" && stroke.secondary) {
        // Long press without moving: turn the stroke into the secondary action (cross).
        board.longTimer = setTimeout(() => {
          if (board.stroke === stroke && !stroke.moved) {
            board.stroke = stroke.secondary();
            navigator.vibrate?.(20);
            board.hooks.changed(board.stroke.preview ? board.stroke.preview() : null);
          }
        }, LONG_PRESS_MS);
      }
      board.hooks.changed(stroke.preview ? stroke.preview() : null);
    } else {
      pan = { x: pos.x, y: pos.y, ox: board.ox, oy: board.oy };
    }
  }

  function move(e) {
    const pos = where(e);
    if (pointers.has(e.pointerId)) pointers.set(e.pointerId, pos);
    if (pinch && pointers.size === 2) {
      if (pan) pan.tap = false;
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y), mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
      board.ox += mx - pinch.mx;
      board.oy += my - pinch.my;
      board.keepInSight();
      if (pinch.d > 0) board.zoom(d / pinch.d, mx, my);
      pinch = { d, mx, my };
      board.draw();
      return;
    }
    if (pan) {
      if (pan.tap && Math.hypot(pos.x - pan.x, pos.y - pan.y) < TAP_SLOP_PX) return;
      pan.tap = false;
      board.userView = true;
      board.ox = pan.ox + pos.x - pan.x;
      board.oy = pan.oy + pos.y - pan.y;
      board.keepInSight();
      board.draw();
      return;
    }
    const cell = board.locate(pos.x, pos.y);
    const key = cell.inside ? cell.r + "," + cell.c : null;
    const oldKey = board.hover ? board.hover.r + "," + board.hover.c : null;
    board.hover = cell.inside ? { r: cell.r, c: cell.c } : null;
    if (board.stroke) {
      strokeTo(cell);
      followEdge(pos);
    } else if (key !== oldKey) {
      board.draw();
    }
  }

  /** The stroke dragged on to `cell`, when it is another cell than the last. */
  function strokeTo(cell) {
    const prev = board.stroke.last;
    if (!prev || prev.r !== cell.r || prev.c !== cell.c) {
      board.stroke.moved = true;
      clearTimeout(board.longTimer);
      board.stroke.last = { r: cell.r, c: cell.c };
      board.hooks.changed(board.stroke.move(cell));
    }
  }

  /** The way the view scrolls for a stroke's pointer at `pos` (x and y each -1, 0 or 1,
      times how deep into the edge zone it is), or null: towards an edge only where the
      board goes on past it. */
  function edgePull(pos) {
    const L = board.layout;
    if (!L) return null;
    const depth = (d) => Math.min(1, Math.max(0, 1 - d / EDGE_PX));
    const w = L.cols * board.scale, h = L.rows * board.scale;
    let x = 0, y = 0;
    if (board.ox < 0) x += depth(pos.x);
    if (board.ox + w > board.cw) x -= depth(board.cw - pos.x);
    if (board.oy < 0) y += depth(pos.y);
    if (board.oy + h > board.ch) y -= depth(board.ch - pos.y);
    return x || y ? { x, y } : null;
  }

  /** Scroll while a stroke's pointer stays in an edge zone, frame by frame, the stroke
      following the cell that comes under the (still) pointer. */
  function followEdge(pos) {
    if (edge) { edge.pos = pos; return; }
    // (not before the stroke has left its first cell: a press at the edge stays put)
    if (!board.stroke.moved || !edgePull(pos)) return;
    edge = { pos, t: performance.now() };
    const step = (t) => {
      const pull = board.stroke && edgePull(edge.pos);
      if (!pull) { edge = null; return; }
      const d = (Math.max(0, Math.min(50, t - edge.t)) / 1000) * EDGE_CELLS * board.scale;
      edge.t = t;
      const L = board.layout;
      // (never past the board's own edge)
      board.ox = Math.min(Math.max(board.ox + pull.x * d, Math.min(0, board.cw - L.cols * board.scale)), Math.max(0, board.ox));
      board.oy = Math.min(Math.max(board.oy + pull.y * d, Math.min(0, board.ch - L.rows * board.scale)), Math.max(0, board.oy));
      board.userView = true;
      board.draw();
      const cell = board.locate(edge.pos.x, edge.pos.y);
      board.hover = cell.inside ? { r: cell.r, c: cell.c } : null;
      strokeTo(cell);
      edge.frame = requestAnimationFrame(step);
    };
    edge.frame = requestAnimationFrame(step);
  }

  function up(e, cancelled = false) {
    pointers.delete(e.pointerId);
    if (edge) { cancelAnimationFrame(edge.frame); edge = null; }
    clearTimeout(board.longTimer);
    if (pointers.size < 2) pinch = null;
    if (pan && pointers.size === 0) {
      if (pan.tap && !cancelled) {
        // (the cell tapped stays in sight, beside the clue strips that the zoom may pin
        // over where it was: a review's next tap there painted nothing)
        const cell = board.locate(pan.x, pan.y);
        board.zoom(TAP_ZOOM_PX / board.scale, pan.x, pan.y);
        if (cell.inside) board.reveal([[cell.r, cell.c]], 0);
      }
      pan = null;
    }
    if (board.stroke && pointers.size === 0) {
      const stroke = board.stroke;
      board.stroke = null;
      if (cancelled) { stroke.cancel?.(); board.hooks.changed(null); } else board.hooks.commit(stroke.end(), stroke);
    }
  }

  cv.addEventListener("contextmenu", (e) => e.preventDefault());
  cv.addEventListener("wheel", (e) => {
    e.preventDefault();
    if (e.shiftKey) {
      board.ox -= e.deltaX || e.deltaY;
      board.keepInSight();
      board.draw();
      return;
    }
    const r = cv.getBoundingClientRect();
    board.zoom(Math.exp(-e.deltaY * 0.0015), e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  window.addEventListener("keydown", (e) => { if (e.code === "Space" && e.target === cv) { spaceDown = true; e.preventDefault(); } });
  window.addEventListener("keyup", (e) => { if (e.code === "Space") spaceDown = false; });
  cv.addEventListener("pointerdown", (e) => down(e));
  cv.addEventListener("pointermove", (e) => move(e));
  cv.addEventListener("pointerup", (e) => up(e));
  cv.addEventListener("pointercancel", (e) => up(e, true));
  cv.addEventListener("pointerleave", () => { board.hover = null; board.draw(); });
}
