/* The drawing maker's "Check it is unique", "Play and share" and "Make the puzzle":
   what the worker is asked about a drawing and what the maker says of the answer (two
   solutions are outlined where they differ from the picture).  Apart from the page
   (designer.js) because it is the one part that waits on the solver: a drawing changed
   or taken from another tab meanwhile is not answered for. */

import { drawingPuzzle, isEmpty, kindOf } from "./designer-drawing.js";
import { usedPalette } from "./families/draw.js";
import { $, whileBusy } from "./page.js";

// Seconds grading a drawing found unique may take before it is played without a grade.
const GRADE_SECONDS = 5;
// Seconds the uniqueness check may take (the answer says when it was not settled).
const CHECK_SECONDS = 30;

/** check() and play() of the drawing maker whose state is `d` ({history, busy,
    highlight, otherTab}); the other members are the page's (see designer.js). */
export function initDesignCheck({ solver, work, say, load, kinds, d, present, meta, updateButtons, takeOtherTab, redraw }) {
  /** The worker's answer for a drawing: the maker's puzzle (a kind with a maker), or
      two solutions of its clues; a failure as {status, error}. */
  async function ask(drawing, k) {
    // (Cancel also ends the wait for a solver still loading: nothing is sent then)
    await work.ready();
    if (k.drawing.maker) {
      say("Making the puzzle, with one solution…");
      // (the solver writes a blank cell as ".")
      return await solver.call("make", { type: k.type, maker: k.drawing.maker, palette: usedPalette(drawing.palette, drawing.grid),
        grid: drawing.grid.map((row) => row.replaceAll(k.blank, ".")), title: meta().title || "My picture",
        timeout: k.timeout });
    }
    say("Checking…");
    return await solver.call("solve", { puzzle: drawingPuzzle(kinds, drawing), method: k.method, timeout: CHECK_SECONDS, unique: true });
  }

  /** A blank drawing makes no puzzle: said, and true. */
  function refusedBlank(drawing) {
    if (!isEmpty(kinds, drawing)) return false;
    say("Draw something first: a blank grid makes no puzzle.", "error");
    return true;
  }

  /** Whether the clues lead to the picture and no other (two solutions are outlined
      where they differ from the picture), or, for a kind with a maker, its puzzle made. */
  async function check() {
    const drawing = present();
    if (refusedBlank(drawing)) return null;
    const k = kindOf(kinds, drawing);
    work.start();
    d.highlight = null;
    redraw();
    say(solver.state === "ready" ? "Checking…" : "Waiting for the solver…");
    let res = null;
    try {
      res = await whileBusy((on) => { d.busy = on; updateButtons(); }, $("design-cancel"), () => ask(drawing, k));
    } catch (err) {
      res = { status: ["cancelled", "timeout"].includes(err.kind) ? err.kind : "failed", error: err.message };
    }
    if (d.otherTab) takeOtherTab();
    if (present() !== drawing) {
      say("The drawing changed while it was checked: check it again.");
      return res;
    }
    if (k.drawing.maker) {
      await made(res);
      return res;
    }
    report(res, drawing);
    if (res.status === "solved" && res.unique === true) settled = drawing;  // (Play and share asks no more)
    redraw();
    return res;
  }

  async function made(res) {
    if (res.puzzle) {
      const stats = res.stats || {};
      const clues = stats.clues === undefined ? "" : stats.clues === 1 ? ": 1 clue" : `: ${stats.clues} clues`;
      const secs = stats.seconds === undefined ? "" : ` in ${stats.seconds.toFixed(1)} s`;
      say(`Made${secs}${clues}, and your picture is its only solution.`, "ok");
      d.history.flush();
      const { author } = meta();
      await load(author ? { ...res.puzzle, author } : res.puzzle);
    } else if (res.status === "timeout") {
      say(`The maker gave up after ${kindOf(kinds, present()).timeout} s. A smaller picture is quicker to make.`, "error");
    } else if (res.status === "cancelled") {
      say("Making cancelled.");
    } else {
      say(`Could not make the puzzle: ${res.error || res.status}.`, "error");
    }
  }

  function report(res, drawing) {
    // (the solver writes a blank cell as ".")
    const picture = drawing.grid.map((row) => row.replaceAll("?", "."));
    if (res.status === "solved" && res.unique === true) {
      say(`Unique: these clues lead to your picture and no other. ${difficulty(kindOf(kinds, drawing), res.stats || {})} ` +
          "Play and share it.", "ok");
    } else if (res.status === "solved" && res.unique === false) {
      const cells = [];
      const others = [res.solution, res.second_solution].filter(Boolean);
      for (let r = 0; r < picture.length; r++) {
        for (let c = 0; c < picture[r].length; c++) {
          if (others.some((s) => s.grid[r][c] !== picture[r][c])) cells.push([r, c]);
        }
      }
      d.highlight = cells.length ? { cells, lines: [], wrong: true } : null;
      say("Not unique: another picture has the same clues" +
          (cells.length ? `; the ${cells.length} outlined cells differ between them. Change the picture there and check again.`
            : ". Change the picture and check again."), "error");
    } else if (res.status === "solved") {
      say(`Not settled in ${CHECK_SECONDS} s: the solver found your picture but could not rule out another one. ` +
          "A smaller or simpler picture is quicker to check.", "error");
    } else if (res.status === "cancelled") {
      say("Check cancelled.");
    } else if (res.status === "timeout") {
      say(`Not settled: the solver gave up after ${CHECK_SECONDS} s. A smaller or simpler picture is quicker to check.`, "error");
    } else {
      say(`The check failed: ${res.error || res.note || res.status}.`, "error");
    }
  }

  /** Whether line logic alone gets a player there, from the solver's own counts: no
      branching and no probe means line solving settled every cell. */
  function difficulty(k, stats) {
    if (!k.branched(stats) && !stats.probes) return "Line logic alone solves it, a row or a column at a time.";
    return "Line logic alone does not solve it: players must reason further ahead, so it is a hard puzzle.";
  }

  /* "Play and share" checks first: a drawing whose clues have another solution (or
     that could not be settled) is not shared before the player has seen where the
     second solution differs; pressing it again then plays the drawing as it is. */
  let warned = null;     // the drawing the player was warned about
  let settled = null;    // the drawing last found unique
  async function play() {
    const drawing = present();
    if (refusedBlank(drawing)) return;
    if (warned !== drawing && settled !== drawing) {
      const res = await check();
      if (present() !== drawing || !res || res.status === "cancelled") return;
      if (res.status === "solved" && res.unique === true) {
        settled = drawing;
      } else {
        warned = drawing;
        say($("design-message").textContent + " Press Play and share again to play and share it anyway.", "error");
        return;
      }
    }
    d.history.flush();
    const puzzle = drawingPuzzle(kinds, drawing, meta());
    if (settled === drawing) {
      // (its grade on the library's scale, shown with it and kept by its link; a
      // drawing that takes long to grade is played without one)
      try {
        const { grade } = await solver.call("grade", { puzzle, timeout: GRADE_SECONDS });
        if (grade && present() === drawing) puzzle.grade = grade.level;
      } catch (err) {
        if (err.kind === "cancelled") return;
      }
    }
    await load(puzzle);
  }

  return { check, play };
}
