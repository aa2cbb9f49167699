/* Replay of the solver's steps on the play page (on a copy of the grid, with Pause and
   a speed), and saving a replay as a video. */

import { $, download, fileStem, pressedAgain } from "./page.js";
import { stripSolution } from "./routing.js";

// the most frames a replay shows (see replay())
const REPLAY_FRAMES = 400;
// The replay speed the player chose is kept for the next replay, and the next visit.
const REPLAY_SPEED = "pl.replaySpeed";

export function initReplay(ctx) {
  const { state, solver } = ctx;
  const say = (...args) => ctx.play.say(...args);
  const board = () => ctx.play.board;

  /** Animate the solver's steps on a copy of the grid; resolves to true when it ran to
      the end, false when it was stopped (Stop, Escape, another action, leaving the
      puzzle).  The player's own grid is never touched. */
  async function replay() {
    await solver.ready;
    stop();
    const p = state.puzzle;
    say("Working out the solving steps…");  // (the first time also loads the step recorder)
    const res = await ctx.actions.run("Replay", () => solver.call("steps", { puzzle: stripSolution(p), timeout: 30 }));
    if (!res || state.puzzle !== p) return false;
    const steps = res.steps;
    ctx.actions.dropHint();          // (a hint's ghost would be drawn over the replay)
    const me = { stopped: false, paused: false };
    state.replay = me;
    setPaused(false);
    ctx.play.updateButtons();
    say(`Replaying ${steps.length} steps…`);
    // At most REPLAY_FRAMES frames: a big board's thousands of steps go a few per frame,
    // so a replay takes seconds, not minutes (each frame redraws the whole board).
    const frames = Math.min(steps.length, REPLAY_FRAMES);
    const batch = Math.ceil(steps.length / Math.max(1, frames));
    const delay = Math.max(15, Math.min(300, 8000 / Math.max(1, frames)));
    let progress = state.fam.newProgress(p);
    for (let i = 0; i < steps.length; i += batch) {
      const last = Math.min(steps.length, i + batch) - 1;
      for (let j = i; j <= last; j++) progress = state.fam.applyStep(p, progress, steps[j]);
      const step = steps[last];
      state.preview = progress;
      state.highlight = { cells: step.cells || [], lines: step.line ? [step.line] : [] };
      say(`Step ${last + 1}/${steps.length}: ${step.message || step.rule}`);
      // (the step's time counts from when it is on screen: see Board.draw)
      await board().draw();
      if (me.stopped) return false;
      await new Promise((r) => setTimeout(r, delay / speed()));
      // (paused: the frame stays until Resume; Stop still ends the replay at once)
      while (me.paused && !me.stopped) await new Promise((r) => setTimeout(r, 50));
      if (me.stopped) return false;
    }
    stop();
    say("Replay finished; your grid is as you left it.");
    return true;
  }

  /** End the running replay, if any, and show the player's grid again. */
  function stop() {
    if (!state.replay) return false;
    state.replay.stopped = true;
    state.replay = null;
    state.preview = state.highlight = null;
    ctx.play.updateButtons();
    board().draw();
    return true;
  }

  function stopAndSay() {
    if (stop()) say("Replay stopped; your grid is as you left it.");
  }

  function speed() {
    return Math.max(0.25, Math.min(4, +$("replay-speed").value || 1));
  }

  function setPaused(paused) {
    if (state.replay) state.replay.paused = paused;
    // (its label says what it will do; no aria-pressed as well, or a screen reader hears
    // "Resume, pressed")
    $("replay-pause").textContent = paused ? "Resume" : "Pause";
  }

  /** Replay while recording the canvas; resolves to the video as a Blob (WebM), or
      null when the replay was stopped (nothing is saved then). */
  async function record() {
    const stream = $("board").captureStream(30);
    const type = ["video/webm;codecs=vp9", "video/webm"].find((t) => MediaRecorder.isTypeSupported(t)) || "";
    const rec = new MediaRecorder(stream, type ? { mimeType: type } : {});
    const chunks = [];
    rec.ondataavailable = (e) => { if (e.data.size) chunks.push(e.data); };
    const stopped = new Promise((r) => { rec.onstop = r; });
    rec.start(250);
    const finished = await replay();
    if (finished) await new Promise((r) => setTimeout(r, 400));  // hold the last frame a moment
    rec.stop();
    await stopped;
    if (!finished) return null;
    const blob = new Blob(chunks, { type: "video/webm" });
    const name = download(blob, fileStem(state.puzzle?.title, "replay") + ".webm");
    say(`Saved the replay as ${name} (${(blob.size / 1024).toFixed(0)} KB).`, "ok");
    return blob;
  }

  try {
    const saved = localStorage.getItem(REPLAY_SPEED);
    if (saved && [...$("replay-speed").options].some((o) => o.value === saved)) $("replay-speed").value = saved;
  } catch (e) { /* 1x */ }
  $("replay-speed").onchange = () => {
    try { localStorage.setItem(REPLAY_SPEED, $("replay-speed").value); } catch (e) { /* not kept */ }
  };
  $("replay-pause").onclick = () => { if (state.replay) setPaused(!state.replay.paused); };
  // (both show the whole solution: a first press only asks, unless it is solved already)
  const onlyAsks = (id, what) => !ctx.play.solvedStatus() && !pressedAgain($(id), what, say, state.puzzle);
  $("replay").onclick = () => {
    if (!onlyAsks("replay", "Replay shows the solver's steps to the whole solution (your grid comes back after it).")) replay();
  };
  $("record").onclick = () => {
    if (onlyAsks("record", "Save video replays the whole solution and saves it as a video.")) return;
    record().catch((e) => say("Could not record: " + e.message, "error"));
  };
  $("stop-replay").onclick = stopAndSay;

  return { replay, stop, stopAndSay, record };
}
