/* The app's entry: makes the shared context (the state of the puzzle shown, the solver
   worker) and wires the pages' modules together.  Nothing here knows the rules of any
   puzzle: family-specific input and drawing live in js/families/<type>.js. */

import { initActions } from "./actions.js";
import { initDesigner } from "./designer.js";
import { drawCards, fetchBigFilesAfter, setGradeWords } from "./cards.js";
import { initEditor } from "./editor.js";
import { family, TYPES, useDescription } from "./families/index.js";
import { History } from "./history.js";
import { installHook } from "./hook.js";
import { initDaily } from "./daily.js";
import { initLibrary } from "./library.js";
import { initMakers } from "./makers.js";
import { registerServiceWorker } from "./offline.js";
import { $, arrowsAlongToolbars, hideError, showError, themeChanged } from "./page.js";
import { initPlay } from "./play.js";
import { initReplay } from "./replay.js";
import { initRouting } from "./routing.js";
import { initShelf } from "./shelf.js";
import { Solver } from "./solver.js";

/* The context every module is given: `state` is the puzzle on the play page (null
   elsewhere) with its history, the board's overlays and what is running; the modules
   reach each other through their entries here (ctx.play.show(), ctx.replay.stop(), ...). */
const ctx = {
  state: { puzzle: null, fam: null, key: null, history: null, preview: null, ghost: null, marks: null,
           highlight: null, tool: null, link: null, running: false,
           from: null,         // the puzzle set the puzzle was opened from: {id, title} (routing.js)
           replay: null,       // the running replay: {stopped, paused}; see replay.js
           saveFormats: [] },  // the formats "Save as" offers for this puzzle
  solver: null, play: null, actions: null, replay: null, routing: null, library: null, designer: null,
  shelf: null, editor: null,
};

// ---------------------------------------------------------------- the solver's status line
const solverStatus = $("solver-status");
let offline = false;  // the site is kept for offline use (offline.js)
let statusText = "";
/** "Solver ready" says so too once the site works offline (short enough for a phone's
    top bar; the boot time stays in the tooltip). */
function sayOffline() {
  if (offline && solverStatus.dataset.state === "ready" && statusText.startsWith("Solver ready")) {
    solverStatus.textContent = "Ready · works offline";
    solverStatus.title = statusText;
  }
}
ctx.solver = new Solver((st, text) => {
  // (a ready solver also reports, as "ready", that it loads NumPy or SciPy for a request)
  const becameReady = st === "ready" && solverStatus.dataset.state !== "ready";
  solverStatus.dataset.state = st;
  solverStatus.textContent = text;
  statusText = text;
  solverStatus.title = "";
  sayOffline();
  $("solver-retry").hidden = st !== "failed";
  if (st === "failed") {
    // Plain words for the player; the browser's own message stays in the tooltip.
    solverStatus.textContent = "The solver could not load" +
      (navigator.onLine ? "." : ": this device is offline, and the app was not saved for offline use yet.");
    solverStatus.title = text;
  }
  ctx.play?.updateButtons();
  if (becameReady) ctx.routing?.onSolverReady();
});
$("solver-retry").onclick = () => ctx.solver.retry();
$("error-close").onclick = hideError;

// ---------------------------------------------------------------- the pages
ctx.play = initPlay(ctx);
arrowsAlongToolbars();
ctx.actions = initActions(ctx);
ctx.replay = initReplay(ctx);
ctx.routing = initRouting(ctx);
fetchBigFilesAfter(ctx.solver.ready);
ctx.library = initLibrary(ctx);
ctx.shelf = initShelf(ctx);

/** Python's description of the families: families.json, written by the build (so a
    shared link draws before Python has booted); failing that, the worker's answer. */
async function readDescription() {
  try {
    const res = await fetch("families.json");
    if (res.ok) return await res.json();
  } catch (e) { /* asked of the worker below */ }
  await ctx.solver.ready;
  return ctx.solver.call("families", {});
}

/** What needs the description: the drawing maker and the makers' forms, the library,
    the page the address shows, and the automation hook (tests wait for it). */
async function start() {
  const description = await readDescription();
  useDescription(description);
  setGradeWords(description.grades);
  const { solver } = ctx, { load, showDesign } = ctx.routing;
  const families = TYPES.map(family);
  ctx.designer = initDesigner({ solver, load, showDesign, families });
  initMakers({ solver, load, tell: (text) => ctx.play.say(text), families, place: $("nono-maker") });
  ctx.daily = initDaily({ solver, load });
  ctx.daily.render();
  ctx.editor = initEditor(ctx, families);
  installHook(ctx);
  ctx.library.render();
  await ctx.routing.route();
}

// ---------------------------------------------------------------- theme
// The theme button says what it will do (a bare "Switch theme" leaves it unsaid).
function labelThemeButton() {
  const other = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
  $("theme-toggle").setAttribute("aria-label", `Switch to the ${other} theme`);
  $("theme-toggle").title = `Switch to the ${other} theme`;
}
labelThemeButton();
$("theme-toggle").onclick = () => {
  const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
  document.documentElement.dataset.theme = next;
  try { localStorage.setItem("theme", next); } catch (e) { /* fine */ }
  themeChanged();
  labelThemeButton();
  ctx.play.board.draw();
  ctx.designer?.redraw();
  // (the cards in view: the library's, or a puzzle set's)
  drawCards($($("pack").hidden ? "library-list" : "pack-list"));
  ctx.editor?.redraw();
};

let saveWarned = false;
History.saveFailed = () => {
  if (saveWarned) return;
  saveWarned = true;
  showError("Your progress cannot be saved in this browser (its storage is full or blocked): " +
            "it will be lost when the page closes.");
};

// The help is open where there is room for it; on a phone the board needs the height.
$("design-help-box").open = $("editor-help-box").open = matchMedia("(min-width: 601px)").matches;
start().catch((err) => showError("The app could not read what puzzles it plays: " + err.message));
registerServiceWorker(ctx.solver.ready, () => {
  offline = true;
  sayOffline();
});
