/* Page helpers shared by the play page, the makers and the drawing maker: messages,
   the error banner, busy state (with Cancel and keyboard focus), undo and redo buttons
   and keys, colour swatch buttons, the theme's colours, downloads. */

import { contrastText } from "./families/draw.js";

export const $ = (id) => document.getElementById(id);

/** "a 10×10" or "an 8×8": "an" before a number said with a vowel first (8, 11, 18,
    80 to 89, ...; as pysolver's a_size). */
export function aSize(width, height) {
  const first = String(width);
  return `${first.startsWith("8") || first === "11" || first === "18" ? "an" : "a"} ${width}×${height}`;
}

/** A `say(text, kind)` for the status element `el`: its text (never HTML: it may come
    from a link or a file) and a tone class ("ok", "error" or none) after `base`. */
export function messenger(el, base = "message") {
  return (text, kind = "") => {
    el.textContent = text;
    el.className = base + " " + kind;
  };
}

/** "Making…" or "Solving…" with the seconds gone so far, once a second, until stop()
    is called: a maker or a solve cannot report how far it is, but the time is true.  The status is marked
    busy meanwhile, so a screen reader does not read out every second. */
export function showElapsed(status, text, limit) {
  const t0 = performance.now();
  const show = () => {
    const secs = Math.floor((performance.now() - t0) / 1000);
    status.textContent = `${text} ${secs} s (it gives up at ${limit} s)`;
  };
  show();
  status.setAttribute("aria-busy", "true");
  const timer = setInterval(show, 1000);
  return {
    seconds: () => (performance.now() - t0) / 1000,
    stop: () => { clearInterval(timer); status.removeAttribute("aria-busy"); },
  };
}

// How long a tool that shows the whole solution waits for its second press.
const PRESS_AGAIN_MS = 6000;
let armed = null;   // {button, about, timer}: the tool pressed once, and for what

/** Whether a press of `button`, a tool that shows the whole solution (Solve, Replay
    solution, Save video), goes on: true on its second press within PRESS_AGAIN_MS
    about the same thing (`about`: the puzzle, so that a press on another puzzle asks
    again); on a first press it says `what` it does and to press it again (through
    `say`), marks it, and returns false.  (A review: Solve sits beside Hint on a phone,
    and one slip of a finger showed the answer.) */
export function pressedAgain(button, what, say, about = null) {
  if (armed?.button === button && armed.about === about) { disarm(); return true; }
  disarm();
  const prompt = `${what} Press ${button.textContent.trim()} again to go on.`;
  // (when the wait is over the prompt goes with the ring, unless something was said since)
  const expire = () => { if ($("message")?.textContent === prompt) say(""); disarm(); };
  // A press on anything else (Check, a cell...) is the player going on without it, and
  // Escape a no: the question lapses at once (before that press's own handler, which
  // may say something).
  const elsewhere = (e) => {
    if (e.type === "pointerdown" ? !button.contains(e.target) : e.key === "Escape") expire();
  };
  armed = { button, about, elsewhere, timer: setTimeout(expire, PRESS_AGAIN_MS) };
  document.addEventListener("pointerdown", elsewhere, true);
  document.addEventListener("keydown", elsewhere, true);
  button.classList.add("armed");
  say(prompt);
  return false;
}

function disarm() {
  if (!armed) return;
  clearTimeout(armed.timer);
  document.removeEventListener("pointerdown", armed.elsewhere, true);
  document.removeEventListener("keydown", armed.elsewhere, true);
  armed.button.classList.remove("armed");
  armed = null;
}

/** The banner at the top of the page, for what went wrong opening or making a puzzle. */
export function showError(text) {
  $("error-text").textContent = text;  // text, never HTML: it may come from a link
  $("error-banner").hidden = false;
}

/** Show one of the page's screens (the `.view` sections: library, play, a puzzle set,
    the drawing maker) and hide the others. */
export function showView(id) {
  for (const v of document.querySelectorAll("main > .view")) v.hidden = v.id !== id;
}

export function hideError() {
  $("error-banner").hidden = true;
}

/** An Error of kind "cancelled", as the worker's requests reject when cancelled. */
export function cancelledError() {
  return Object.assign(new Error("cancelled"), { kind: "cancelled" });
}

/** Cancel for work that may still be waiting for the solver to load: cancel() also
    ends that wait at once (nothing is sent then), and stops a running request. */
export function canceller(solver) {
  let cancelled = false;
  let wake = () => {};
  return {
    start() { cancelled = false; },
    cancel() {
      cancelled = true;
      wake();
      solver.cancel();
    },
    get cancelled() { return cancelled; },
    /** Wait for the solver; throws a cancelled Error when Cancel came first. */
    async ready() {
      // (Cancel pressed before this wait began, while the request was being prepared
      // (a picture read): there is nothing to wake, and the wait would last until Python is ready)
      if (cancelled) throw cancelledError();
      await Promise.race([solver.ready, new Promise((resolve) => { wake = resolve; })]);
      if (cancelled) throw cancelledError();
    },
  };
}

/** Run `work` with the page busy: setBusy(true) disables or hides the controls (and
    shows `cancel`), then setBusy(false).  The control pressed is disabled or hidden
    meanwhile, which drops keyboard focus to the page: it goes to Cancel and comes back
    afterwards. */
export async function whileBusy(setBusy, cancel, work) {
  const pressed = document.activeElement;
  setBusy(true);
  if (pressed && (pressed.disabled || pressed.hidden)) cancel.focus();
  try {
    return await work();
  } finally {
    setBusy(false);
    const lost = document.activeElement === document.body || document.activeElement === cancel;
    if (lost && pressed && pressed.isConnected && !pressed.disabled && !pressed.hidden) pressed.focus();
  }
}

/** The Undo and Redo buttons of `history` (a History; none: both off). */
export function undoRedoButtons(undo, redo, history, blocked = false) {
  const focused = document.activeElement;
  undo.disabled = blocked || !history?.past.length;
  redo.disabled = blocked || !history?.future.length;
  // (a button disabled under the keyboard's focus drops it to the page: the last Undo
  // hands it to Redo, the last Redo to Undo)
  if (focused === undo && undo.disabled && !redo.disabled) redo.focus();
  else if (focused === redo && redo.disabled && !undo.disabled) undo.focus();
}

/** Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y (Cmd on a Mac) of a keydown event; true when taken. */
export function undoRedoKeys(e, undo, redo) {
  if (!(e.ctrlKey || e.metaKey)) return false;
  const k = e.key.toLowerCase();
  if (k === "z") { e.preventDefault(); e.shiftKey ? redo() : undo(); return true; }
  if (k === "y") { e.preventDefault(); redo(); return true; }
  return false;
}

/** Colour swatch buttons in `box`, one per tool {id, label, color, mark?}, the one
    with id `selected` pressed; pick(id) when one is chosen. */
export function renderSwatches(box, tools, selected, pick) {
  box.replaceChildren(...tools.map((t) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "swatch";
    b.title = t.label;
    b.setAttribute("aria-label", t.label);
    b.style.background = t.color;
    if (t.mark) {
      b.textContent = t.mark;
      b.style.color = t.ink || contrastText(t.color);  // (ink: a colour given as a CSS variable)
    }
    b.dataset.tool = t.id;
    b.setAttribute("aria-pressed", String(t.id === selected));
    b.onclick = () => {
      for (const x of box.children) x.setAttribute("aria-pressed", String(x === b));
      pick(t.id);
    };
    return b;
  }));
}

let themeCache = null;

/** The theme's colours (CSS custom properties), as the boards draw with them. */
export function theme() {
  if (themeCache) return themeCache;
  const cs = getComputedStyle(document.documentElement);
  const t = {};
  for (const k of ["bg", "fg", "muted", "panel", "line", "grid", "grid-strong", "accent", "error", "ok", "hint", "cell", "filled", "cross"]) {
    t[k.replace("-s", "S")] = cs.getPropertyValue("--" + k).trim();
  }
  t.dark = document.documentElement.dataset.theme === "dark";
  return (themeCache = t);
}

/** The light or dark theme changed: theme() reads the colours again. */
export function themeChanged() {
  themeCache = null;
}

/** A file name from a title (or `fallback`): letters and digits of any script, "." and
    "-" ("Ünïcode" stays, "日本" too: only ASCII letters were kept), the rest "_". */
export function fileStem(title, fallback) {
  const stem = [...(title || fallback).replace(/[^\p{L}\p{N}.-]+/gu, "_")].slice(0, 60).join("");
  return /[\p{L}\p{N}]/u.test(stem) ? stem : fallback.replace(/[^\w.-]+/g, "_");
}

/** Hand `blob` to the browser as a download called `name`; returns the name. */
export function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  return name;
}

/** The left and right arrow keys move the focus along a toolbar's buttons (role=
    "toolbar", as screen readers announce those tools, expect it), to the next one in
    sight and enabled; Tab goes through every control as before.  Menus and check boxes
    are passed over: their own arrow keys change them, and the arrows would stop there. */
export function arrowsAlongToolbars() {
  document.addEventListener("keydown", (e) => {
    const bar = e.target.closest?.('[role="toolbar"]');
    if (!bar || !["ArrowLeft", "ArrowRight"].includes(e.key) || e.target.tagName !== "BUTTON") return;
    const controls = [...bar.querySelectorAll("button")].filter((el) => !el.disabled && el.offsetParent !== null);
    const next = controls[controls.indexOf(e.target) + (e.key === "ArrowRight" ? 1 : -1)];
    if (next) { e.preventDefault(); next.focus(); }
  });
}
