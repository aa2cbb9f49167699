/* The editor's "Check it is unique" and Play: the draft's puzzle sent to the solver
   for two solutions (where two differ, the cells are outlined so the player can compare
   the clues around them with the puzzle they hold), or opened on the play page, checked
   first when it was not (several solutions or none are said, and a second Play opens
   it).  Apart from the page (editor.js) because it is the part that waits on the
   solver: an answer for a draft changed meanwhile is not said. */

import { $, whileBusy } from "./page.js";

// Seconds "Check it is unique" may take (the answer says when it was not settled), and
// the check Play makes first (a large draft not settled by then opens unchecked).
const CHECK_SECONDS = 30;
const PLAY_CHECK_SECONDS = 10;
// Seconds the search for the clashing clues may take after "No solution" (a 30x30
// nonogram takes a fraction of a second, a 55x60 about one in the browser, probing a
// hard 25x25 tournament board a few).
const CLASH_SECONDS = 20;

/** check() and play() of the editor `m` (see editor.js); `setBusy(on)` shows the page
    busy, `load(puzzle)` opens a puzzle to play. */
export function initEditorCheck(m, { solver, work, setBusy, load }) {
  const { e, fam, draft, puzzle, problems, say } = m;

  /** Cells where two solutions differ: by the family's picture of an answer where it
      has one (Link-a-Pix: the colours painted, not the links that paint them), else as
      it describes each cell in words (its colour, its line and which way it goes). */
  function differences(p, a, b) {
    const f = fam(), pa = f.fromSolution(p, a), pb = f.fromSolution(p, b), cells = [];
    const [ia, ib] = f.picture ? [f.picture(p, pa), f.picture(p, pb)] : [null, null];
    for (let r = 0; r < p.height; r++) {
      for (let c = 0; c < p.width; c++) {
        const differ = ia ? ia[r * p.width + c] !== ib[r * p.width + c]
          : f.describe(p, pa, r, c) !== f.describe(p, pb, r, c);
        if (differ) cells.push([r, c]);
      }
    }
    return cells;
  }

  /** The message brought into sight (on a phone it is below the clues and the board). */
  const inSight = () => $("editor-message").scrollIntoView({ block: "nearest", behavior: "smooth" });

  /** A draft with problems is neither checked nor played: the first is said, and true. */
  function refusedProblems() {
    if (!problems().length) return false;
    say(`Fix what is listed below first: ${problems()[0].message}`, "error");
    inSight();
    return true;
  }

  // The draft's puzzle last checked, with the solver's answer; and the puzzle whose Play
  // was held back for a verdict other than one solution (Play again opens it anyway).
  let checked = null, held = null;

  /** "Check it is unique": the solver asked for two solutions of the draft's puzzle. */
  async function check(seconds = CHECK_SECONDS) {
    if (e.busy) return null;
    const p = puzzle();
    if (refusedProblems()) return null;
    work.start();
    let res;
    try {
      res = await whileBusy(setBusy, $("editor-cancel"), async () => {
        say("Waiting for the solver…");
        await work.ready();
        say("Looking for a second solution…");
        const found = await solver.call("solve", { puzzle: p, unique: true, timeout: seconds });
        if (found.status !== "unsolvable") return found;
        say("No solution: looking for the clues that clash…");
        return { ...found, clash: await clashOf(p) };
      });
    } catch (err) {
      res = { status: err.kind === "cancelled" ? "cancelled" : "error", error: err.message };
    }
    if (draft() && puzzle() === p) {
      if (res.status !== "cancelled" && res.status !== "error") checked = { p, res };
      report(p, res, seconds);
      inSight();
    }
    return res;
  }

  /** No solution: why, as the family can say (the line families: the lines whose clues
      clash; Numberlink: a reason and its cells; else null, and "No solution" stands alone). */
  async function clashOf(p) {
    try {
      return (await solver.call("clash", { puzzle: p, timeout: CLASH_SECONDS })).clash;
    } catch (err) {
      return null;  // (cancelled, or out of time: no more to say than "No solution")
    }
  }

  /** What the answer says of the puzzle `p`, in words (two solutions: where they differ, outlined). */
  function report(p, res, seconds = CHECK_SECONDS) {
    if (res.status === "solved" && res.unique === true) {
      say("One solution: the puzzle is as it should be. Play it, or share it from its page.", "ok");
    } else if (res.status === "solved" && res.unique === false) {
      const cells = res.second_solution ? differences(p, res.solution, res.second_solution) : [];
      e.highlight = cells.length ? { cells, lines: [], wrong: true } : null;
      say("Several solutions" + (cells.length ? `: two of them differ in the ${cells.length} outlined cells. ` +
          "Compare the clues around them" : ". Compare the clues") + " with your puzzle: one may be mistyped or missing.",
          "error");
      // (the two can be drawn on the board, to see what the clues leave open)
      if (cells.length) {
        e.solutions = [res.solution, res.second_solution].map((s) => fam().fromSolution(p, s));
        $("editor-solutions").hidden = false;
        m.showSolution(null);
      }
      m.showMarks();
    } else if (res.status === "solved") {
      say(`It has a solution, but the solver could not rule out a second one in ${seconds} s.`);
    } else if (res.status === "unsolvable" && res.clash?.lines.length) {
      e.highlight = { cells: [], lines: res.clash.lines, wrong: true };
      const one = res.clash.lines.length === 1;
      say(`No solution: ${res.clash.message}. ${one ? "It is" : "They are"} outlined: compare ${one ? "it" : "them"} ` +
          "with your puzzle.", "error");
      m.showMarks();
    } else if (res.status === "unsolvable" && res.clash) {
      const cells = res.clash.cells || [];
      e.highlight = cells.length ? { cells, lines: [], wrong: true, ...(res.clash.around && { around: res.clash.around }) } : null;
      say(`No solution: ${res.clash.message}${cells.length ? " (marked on the board)" : ""}. Compare the clues with your puzzle.`, "error");
      m.showMarks();
    } else if (res.status === "unsolvable") {
      say("No solution: these clues contradict each other. Compare them with your puzzle.", "error");
    } else if (res.status === "cancelled") {
      say("Check cancelled.");
    } else if (res.status === "timeout") {
      say(`Not settled: the solver gave up after ${seconds} s.`, "error");
    } else {
      say(`The check failed: ${res.error || res.note || res.status}.`, "error");
    }
  }

  /** Play: the draft's puzzle opened on the play page (a draft with problems is not). */
  async function play() {
    if (e.busy || refusedProblems()) return;
    const p = puzzle();
    if (held !== p) {
      // (a puzzle shared with several solutions, or none, lets its players down: the
      // maker hears the verdict before playing it, once; a check not settled in time
      // holds nothing back)
      const known = checked?.p === p;
      const res = known ? checked.res : await check(PLAY_CHECK_SECONDS);
      if (!res || puzzle() !== p) return;
      if (res.status === "cancelled") {
        held = p;                           // (a draft too large to wait for)
        say("Check cancelled: Play again to open the puzzle unchecked.");
        return;
      }
      if (res.status === "unsolvable" || res.unique === false) {
        if (known) report(p, res);          // (said again: other words may have followed it)
        held = p;
        say(`${$("editor-message").textContent} Play again to open it as it is.`, "error");
        return;
      }
    }
    e.drafts.flush();
    try {
      await load(puzzle());
    } catch (err) {
      say("This puzzle cannot be opened yet: " + err.message, "error");
    }
  }

  return { check, play };
}
