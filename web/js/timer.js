/* The play page's timer: the time spent playing a puzzle, as the best puzzle apps keep it.

   It counts while the puzzle is on screen and unsolved, and stands still while the page
   is hidden (another tab, a locked phone), while Solve, Check, Hint or a Replay runs,
   and once the puzzle is solved.  The time belongs to the puzzle's History and is
   written with its autosave (history.js reads `clock` when it writes), so a reload goes
   on from where it was.  A puzzle only looked at is not saved for that: its time is
   kept until the first move saves the grid.

   The best time of each puzzle the player solved is kept in localStorage under the
   same key as its autosave (bestTime(key), for the library).  The player may hide the
   timer; the choice is remembered. */

import { $ } from "./page.js";

const BEST = "pl.best.";
const SHOWN = "pl.showTimer";

/** "0:07", "12:34", "1:02:03". */
export function formatTime(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** The time, in words for a screen reader ("3 minutes 7 seconds"). */
export function timeInWords(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const parts = [[Math.floor(s / 3600), "hour"], [Math.floor((s % 3600) / 60), "minute"], [s % 60, "second"]]
    .filter(([n], i, all) => n || (i === 2 && all.every(([x]) => !x)))
    .map(([n, unit]) => `${n} ${unit}${n === 1 ? "" : "s"}`);
  return parts.join(" ");
}

/** The player's best time (ms) on the puzzle whose autosave key is `key`, or null. */
export function bestTime(key) {
  try {
    const ms = Number(localStorage.getItem(BEST + key));
    return ms > 0 ? ms : null;
  } catch (e) {
    return null;
  }
}

/** Keep `ms` as the puzzle's best time when it beats the one kept; returns the time
    kept before (null for none). */
function recordBest(key, ms) {
  const before = bestTime(key);
  if (before === null || ms < before) {
    try { localStorage.setItem(BEST + key, String(Math.round(ms))); } catch (e) { /* not kept */ }
  }
  return before;
}

export function initTimer(ctx) {
  const { state } = ctx;
  const shown = $("timer"), toggle = $("timer-toggle");
  let history = null;   // the History whose time is counted
  let base = 0;         // ms counted before the stretch running now
  let since = null;     // performance.now() at the start of that stretch; null: standing still

  const elapsed = () => base + (since === null ? 0 : performance.now() - since);

  function shouldRun() {
    return !!history && state.history === history && !!state.puzzle && !$("play").hidden &&
           !document.hidden && !state.running && !state.replay && !history.solved;
  }

  /** Start or stop as the page now is (without following another History). */
  function update() {
    const run = shouldRun();
    if (run && since === null) since = performance.now();
    else if (!run && since !== null) { base = elapsed(); since = null; }
  }

  // (read by History.flush, so the time written is the time now)
  const clock = () => { update(); return Math.round(elapsed()); };

  /** Follow the History of the puzzle shown (a new puzzle, or another tab's save). */
  function attach(h) {
    if (history) {
      update();
      history.time = Math.round(elapsed());
      if (history.clock === clock) history.clock = null;
    }
    history = h;
    base = h ? h.time || 0 : 0;
    since = null;
    if (h) h.clock = clock;
  }

  /** Bring the timer up to date with the page (called on every change that matters:
      a move, a solve, something running, the page hidden or shown) and show it. */
  function sync() {
    if (state.history !== history) attach(state.history);
    update();
    render();
  }

  function render() {
    const ms = elapsed();
    const text = formatTime(ms);
    if (shown.textContent !== text) shown.textContent = text;
    shown.classList.toggle("paused", since === null && !history?.solved);
    shown.classList.toggle("done", !!history?.solved);
    shown.title = history?.solved ? `Solved in ${timeInWords(ms)}` : `Time on this puzzle: ${timeInWords(ms)}`;
  }

  /** The puzzle was just solved by the player: {time, best (before this one), key,
      hints}.  A solve with hints is no record: the best time is kept for those without. */
  function finish() {
    sync();
    const time = Math.round(elapsed()), hints = state.history?.hints || 0;
    return { time, best: hints ? bestTime(state.key) : recordBest(state.key, time), key: state.key, hints };
  }

  /** The win screen's figures of a solve already celebrated ({time, hints, best?}: the
      best time before it, as finish() said it). */
  function result(won) {
    return { time: won.time, best: won.best === undefined ? bestTime(state.key) : won.best, key: state.key,
             hints: won.hints || 0 };
  }

  function setShown(on) {
    shown.hidden = !on;
    toggle.title = on ? "Hide the timer" : "Show the timer";
    toggle.setAttribute("aria-label", toggle.title);
    $("timer-toggle-text").hidden = on;
  }

  let on = true;
  try { on = localStorage.getItem(SHOWN) !== "0"; } catch (e) { /* shown */ }
  setShown(on);
  toggle.onclick = () => {
    on = shown.hidden;
    setShown(on);
    try { localStorage.setItem(SHOWN, on ? "1" : "0"); } catch (e) { /* not remembered */ }
  };
  document.addEventListener("visibilitychange", sync);
  // (a second is the finest the timer shows; also notices the play page left)
  setInterval(sync, 1000);

  return { sync, finish, result, elapsed: () => Math.round(elapsed()) };
}
