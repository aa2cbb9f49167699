/* Check, Hint and Solve on the play page: their worker requests, the busy state while
   one runs (Cancel, Escape), and what they say and mark on the board. */

import { $, pressedAgain, showElapsed, whileBusy } from "./page.js";
import { stripSolution as strip } from "./routing.js";

const secs = (s) => `${s.toFixed(s < 1 ? 3 : 1)} s`;

export function initActions(ctx) {
  const { state, solver } = ctx;
  const say = (...args) => ctx.play.say(...args);
  const board = () => ctx.play.board;

  const setBusy = (on) => { state.running = on; ctx.play.updateButtons(); };

  /** Run a worker request as `label` (Solve, Check, ...): the toolbar busy meanwhile;
      null (with a message) when it failed or was cancelled. */
  async function run(label, fn) {
    const p = state.puzzle;
    try {
      return await whileBusy(setBusy, $("cancel"), fn);
    } catch (err) {
      if (state.puzzle !== p) return null;
      if (err.kind === "cancelled") say(`${label} cancelled.`);
      else say(`${label} failed: ${err.message}`, "error");
      return null;
    }
  }

  /** `fn()` with `text` and the seconds gone so far in the message line meanwhile. */
  async function timed(text, limit, fn) {
    const clock = showElapsed($("message"), text, limit);
    try {
      return await fn();
    } finally {
      clock.stop();
    }
  }

  /* Solve shows the answer as soon as there is one, then settles uniqueness in a second
     request: proving there is no other solution can take much longer than finding one
     (the 40x40 Numberlink contest board: a fraction of a second, then the time limit),
     and a player should not wait for a maker's question.  Cancel during the second part
     keeps the answer. */
  async function solve({ method = $("method").value, timeout = 60, unique = true } = {}) {
    await solver.ready;
    ctx.replay.stop();
    const p = state.puzzle;
    say("");
    const res = await timed("Solving…", timeout,
                            () => run("Solve", () => solver.call("solve", { puzzle: strip(p), method, timeout, unique: false })));
    if (!res || state.puzzle !== p) return res;
    if (res.status !== "solved") {
      const words = { unsolvable: "This puzzle has no solution.",
                      timeout: `Gave up after ${secs(res.seconds)}: no solution found within the time limit.`,
                      cancelled: "Solve cancelled.", gave_up: `The ${res.method} method gave up.`,
                      error: "Internal error: the solver's answer failed verification." };
      const note = res.note || "";
      say(words[res.status] + (note ? ` (${note})` : ""), res.status === "cancelled" ? "" : "error");
      if (res.status === "unsolvable") await showClash(p);
      return res;
    }
    // Marked: a grid solved this way (now, or again by redo) is the solver's, not the player's.
    ctx.play.applyProgress({ ...state.fam.fromSolution(p, res.solution), solver: true });
    // (the answer is the whole picture: a board zoomed in on a corner showed three of its
    // cells, a review; as Fit does)
    if (board().userView) { board().userView = false; board().fit(); }
    const shown = state.history.present;
    const solved = `Solved by ${res.method} in ${secs(res.seconds)}.`;
    if (!unique) {
      say(solved + " Undo brings your grid back.", "ok");
      return res;
    }
    say("", "ok");
    const second = await timed(solved + " Checking whether the solution is unique…", timeout,
                               () => run("Uniqueness check", () => solver.call("solve", { puzzle: strip(p), method, timeout, unique: true })));
    if (state.puzzle !== p) return res;
    let text = solved;
    if (second?.unique === true) text += " The solution is unique.";
    else if (second?.unique === false) text += " Warning: this puzzle has more than one solution.";
    else if (!second || second.status === "cancelled") text += " Uniqueness check cancelled.";
    else text += ` Uniqueness not settled in ${secs(second.seconds)}.`;
    const note = second?.note || res.note;
    if (note) text += ` (${note})`;
    if (state.history.present !== shown) {
      // The player moved on (undo, a new stroke) while uniqueness was checked: the grid
      // is no longer the solver's, so only what was learnt about the puzzle is said.
      const about = { true: "This puzzle's solution is unique.", false: "Warning: this puzzle has more than one solution." };
      say(about[second?.unique] || "", second?.unique === false ? "error" : "");
    } else {
      say(text + " Undo brings your grid back.", second?.unique === false ? "error" : "ok");
    }
    return { ...res, unique: second ? second.unique ?? null : null, note: note || undefined };
  }

  /** No solution: where the clues clash, outlined and said (the line families: see
      pysolver/conflict.py), with the way to correct them (Edit). */
  async function showClash(p, lead = "This puzzle has no solution") {
    let clash = null;
    try {
      // (busy meanwhile, with Cancel: the worker answers nothing else until it is done)
      clash = (await whileBusy(setBusy, $("cancel"), () => solver.call("clash", { puzzle: strip(p), timeout: 20 }))).clash;
    } catch (err) {
      return;  // (cancelled, or out of time: no more to say than "no solution")
    }
    if (!clash || state.puzzle !== p || state.running) return;
    const n = clash.lines.length, them = n === 1 ? "it" : "them", cells = clash.cells || [];
    if (n || cells.length) {
      state.highlight = { cells, lines: clash.lines, wrong: true, ...(clash.around && { around: clash.around }) };
      board().draw();
    }
    const outlined = n ? ` ${n === 1 ? "It is" : "They are"} outlined.` : "";
    const button = $("edit-puzzle");
    // (on a phone the button waits behind More…: offsetParent is null while it is not shown)
    const where = button.offsetParent === null ? " (under More…)" : "";
    const edit = !button.hidden && !button.disabled ? ` Edit${where} opens a copy of the puzzle to correct ${n ? them : "it"}.` : "";
    const marked = !n && cells.length ? " (marked on the board)" : "";
    say(`${lead}: ${clash.message}${marked}.${outlined}${edit}`, "error");
  }

  /* Check: the rules the grid breaks, then (when the puzzle has one solution) where it
     differs from that solution, both marked on the board: the worker's `judge` (api.judge). */
  async function check() {
    await solver.ready;
    ctx.replay.stop();
    const p = state.puzzle;
    const solution = state.fam.toSolution(p, state.history.present);
    // (the clock: a first Check settles the solution, which on a big puzzle takes a while)
    const rep = await timed("Checking…", 20, () => run("Check", () => solver.call("judge", { puzzle: strip(p), solution, timeout: 20 })));
    if (!rep || state.puzzle !== p) return rep;
    state.marks = rep;
    board().draw();
    say(...checkMessage(rep));
    if (rep.reference === "none" && !rep.errors.length) {
      await showClash(p, "No rule is broken so far, but this puzzle has no solution");  // (and where, when it can say)
    }
    return rep;
  }

  function checkMessage(rep) {
    if (rep.solved) return ["Correct: the puzzle is solved.", "ok"];
    const errs = rep.errors;
    if (errs.length) {
      const more = errs.length > 3 ? ` (+${errs.length - 3} more)` : "";
      const text = errs.slice(0, 3).map((e) => e.message).join("; ") + more;
      return [text[0].toUpperCase() + text.slice(1), "error"];   // (a sentence of its own on the message line)
    }
    const onlyRules = {
      several: "No rule is broken so far. This puzzle has more than one solution, so only the rules could be checked.",
      none: "No rule is broken so far, but this puzzle has no solution.",
      unknown: "No rule is broken so far. The solver did not find the solution in time, so only the rules could be checked.",
    };
    return [onlyRules[rep.reference] || "No mistakes so far.", "ok"];
  }

  /* Hints come in three presses, as teaching apps give them: where to look and which
     rule (the place highlighted), then the deduction drawn in place as a preview, then
     the move played.  The grid changes only at the last press; any change to the grid
     meanwhile (a move, undo, another puzzle) starts over.  A hint that finds a mistake
     shows it at once, and the next press takes it back (the hint's `clear` cells, by the
     family's clearCells; a review: Hint only ever said "1 cell is wrong" again).  Each press answers {cells,
     lines, message, applied, step}. */
  let flow = null;  // {puzzle, present, hint, step}

  /** Forget a hint under way (its preview too); true when there was one. */
  function dropHint() {
    if (!flow) return false;
    if (state.ghost === flow.preview) state.ghost = null;
    flow = null;
    return true;
  }

  async function hint() {
    await solver.ready;
    ctx.replay.stop();
    const p = state.puzzle;
    if (flow && (flow.puzzle !== p || flow.present !== state.history.present)) dropHint();
    if (!flow) {
      const asked = state.history.present;
      const progress = state.fam.toSolution(p, asked);
      // (as long as Check may take: a hint first settles the solution, and a 128x128
      // picture on a slow phone needs more than the solver's 10 s default)
      // (the clock says it is at work: a hint on an open 50x50 board takes seconds)
      const res = await timed("Looking for a hint…", 20,
                              () => run("Hint", () => solver.call("hint", { puzzle: strip(p), progress, timeout: 20 })));
      if (!res || state.puzzle !== p) return res;
      // (a move made while the hint was worked out: the answer is about a grid gone)
      if (state.history.present !== asked) {
        say("The grid changed while the hint was worked out: press Hint again.");
        return null;
      }
      const h = res.hint;
      if (!h) {
        say(state.history.solved ? "Already solved." : "No hint: nothing more follows from the grid as it is.");
        return h;
      }
      if (h.wrong || !h.solution) {
        state.highlight = { cells: h.cells || [], lines: h.lines || [], wrong: !!h.wrong };
        // (h.clear: where the grid leaves the solution, which the next press takes back)
        const fix = h.wrong && h.clear?.length && state.fam.clearCells;
        say("Hint: " + h.message + (fix ? ". Hint again takes back what is wrong." : ""), h.wrong ? "error" : "");
        board().reveal(state.highlight.cells);
        board().draw();
        if (fix) flow = { puzzle: p, present: asked, hint: h, step: 1, fix: true };
        return { ...h, applied: false, step: 1 };
      }
      flow = { puzzle: p, present: asked, hint: h, step: 0, preview: null };
    }
    const h = flow.hint;
    if (flow.fix) {
      dropHint();
      // (a Check's marks went with the grid they were about, as after any move)
      state.highlight = state.marks = null;
      state.history.push(state.fam.clearCells(p, state.history.present, h.clear));
      state.history.countHint();
      ctx.play.afterChange();
      // (clear_where: where, in words, as Check says it)
      say(`Hint took back what was wrong (${h.clear_where}). Undo puts it back.`);
      board().draw();
      board().announceChange("Taken back");   // (the cursor's cell may be one of them)
      return { cells: h.cells, lines: h.lines || [], message: h.message, wrong: true, applied: true, step: 2 };
    }
    flow.step += 1;
    if (flow.step === 1) {
      const focus = h.focus || { cells: h.cells || [], lines: h.lines || [] };
      state.highlight = { cells: focus.cells || [], lines: focus.lines || [] };
      say(`Hint: ${h.where || h.message}. Hint again shows what follows.`);
      board().reveal(state.highlight.cells);
      board().draw();
      return { cells: state.highlight.cells, lines: state.highlight.lines, message: h.where || h.message,
               applied: false, step: 1 };
    }
    if (flow.step === 2) {
      flow.preview = state.ghost = state.fam.fromSolution(p, h.solution, state.history.present);
      state.highlight = { cells: h.cells || [], lines: h.lines || [] };
      say(`Hint: ${h.message}. Hint again plays it.`);
      board().reveal(state.highlight.cells);
      board().draw();
      return { cells: state.highlight.cells, lines: state.highlight.lines, message: h.message, applied: false, step: 2 };
    }
    dropHint();
    state.history.push(state.fam.fromSolution(p, h.solution, state.history.present));
    state.history.countHint();
    ctx.play.afterChange();
    state.highlight = { cells: h.cells || [], lines: h.lines || [] };
    // (a hint that completes the grid says so too: afterChange's message would be lost)
    if (ctx.play.solvedStatus() === "player") say(`Hint: ${h.message}. Solved. Well done!`, "ok");
    else say("Hint played: " + h.message);
    board().draw();
    board().announceChange("Hint played");
    return { cells: state.highlight.cells, lines: state.highlight.lines, message: h.message, applied: true, step: 3 };
  }

  // (once solved, by the player or not, there is nothing left to spoil)
  $("solve").onclick = () => {
    if (ctx.play.solvedStatus() || pressedAgain($("solve"), "Solve fills in the whole solution (Undo brings your grid back).", say,
                                                state.puzzle)) solve();
  };
  $("check").onclick = () => check();
  $("hint").onclick = () => hint();
  $("cancel").onclick = () => solver.cancel();

  return { run, solve, check, hint, dropHint };
}
