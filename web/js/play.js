/* The play page: its board and the family's tools, the player's progress (every move,
   undo and redo, whether and by whom it is solved), "Show errors", the method menu,
   the help, the toolbar's state, and another tab's moves on the same puzzle. */

import { Board } from "./board.js";
import { gradeWord } from "./cards.js";
import { sideLimit } from "./editor-draft.js";
import { History, remember } from "./history.js";
import { $, hideError, messenger, renderSwatches, showError, showView, theme, undoRedoButtons, undoRedoKeys } from "./page.js";
import { stripSolution } from "./routing.js";
import { initTimer } from "./timer.js";
import { initWin } from "./win.js";

// Cells smaller than this (CSS px) are too small to read or to hit: say how to zoom in.
const READABLE_PX = 10;
// "Show errors" is remembered for the next visit under this key.
const SHOW_ERRORS = "pl.showErrors";
// What the message line says of a solved grid, by who solved it.
const SOLVED_TEXT = { player: "Solved. Well done!", solver: "Solved by the solver." };

/** The tab's title for a puzzle: its title, cut at a word (an ellipsis says so) when
    long, then the app's name, which a cut must not take away. */
export function tabTitle(title) {
  const one = title.replace(/\s+/g, " ").trim();
  if (one.length <= 80) return `${one} — Picture Logic`;
  const cut = one.slice(0, 80);
  const space = cut.lastIndexOf(" ");
  return `${(space > 40 ? cut.slice(0, space) : cut).replace(/[\s,;:.—-]+$/, "")}… — Picture Logic`;
}

export function initPlay(ctx) {
  const { state, solver } = ctx;
  const say = messenger($("message"));

  const board = new Board($("board"), {
    puzzle: () => state.puzzle,
    family: () => state.fam,
    progress: () => state.preview || state.history.present,
    ghost: () => state.ghost || null,
    view: () => ({ theme: theme(), marks: state.marks, highlight: state.highlight, tool: state.tool,
                   replay: state.replay, brokenLines: brokenLines() }),
    press: (cell, button, ev) => {
      if (!state.puzzle || state.replay) return null;
      return state.fam.press(state.puzzle, state.history.present, cell, button, state.tool, ev);
    },
    changed: (preview) => {
      state.preview = preview;
      board.draw();
    },
    commit: (progress, stroke) => {
      state.preview = null;
      if (progress) applyProgress(progress);
      else board.draw();
      // (a stroke may say what became of it: a link left short of its partner)
      const why = stroke?.note?.();
      if (why) say(why);
    },
    drawn: (scale) => { $("zoom-note").hidden = scale >= READABLE_PX; },
    announce: (text) => { $("board-cursor").textContent = text; },
    swatches: () => $("family-tools"),
    shortcuts: () => ({ h: $("hint"), c: $("check") }),
  });
  // (on a touch screen a tap on cells this small zooms in: board.js)
  if (matchMedia("(pointer: coarse)").matches) $("zoom-note").textContent = "Tap the board to zoom in, or pinch";
  const timer = initTimer(ctx);
  const win = initWin(ctx);

  /* "Show errors": families that can judge lines from their clues alone (fam.brokenLines,
     nonograms) mark the lines whose settled cells break their clue.  The player's own
     grid is judged, not a drag in progress or a replay, so the marks follow each finished
     move; the answer is kept for the grid it was worked out for. */
  const showErrors = $("show-errors");
  let broken = { puzzle: null, progress: null, lines: null };

  function brokenLines() {
    if (!showErrors.checked || !state.puzzle || !state.fam.brokenLines || state.replay) return null;
    const { puzzle, history: { present } } = state;
    if (broken.puzzle !== puzzle || broken.progress !== present) {
      broken = { puzzle, progress: present, lines: state.fam.brokenLines(puzzle, present) };
    }
    return broken.lines;
  }

  try { showErrors.checked = localStorage.getItem(SHOW_ERRORS) === "1"; } catch (e) { /* off */ }
  showErrors.onchange = () => {
    try { localStorage.setItem(SHOW_ERRORS, showErrors.checked ? "1" : "0"); } catch (e) { /* not remembered */ }
    board.draw();
  };

  /** A move (or Solve's answer, or Clear): one undo step.  What the message line said
      (a Check's report, a hint, a copied link) was about the grid before: it goes. */
  function applyProgress(progress) {
    if (state.history.push(progress)) {
      state.marks = null;
      state.highlight = null;
      ctx.actions?.dropHint();
      say("");
      afterChange();
    }
    board.draw();
  }

  /** Whether the grid shown is solved, and by whom: "player" (hints included), "solver"
      (the Solve button's answer, also after undo and redo) or false. */
  function solvedStatus() {
    const h = state.history;
    return h && h.solved ? h.solvedBy || "player" : false;
  }

  function afterChange() {
    const h = state.history;
    const before = solvedStatus();
    let now = false;
    if (state.fam.isSolved(state.puzzle, h.present)) now = h.present.solver ? "solver" : "player";
    if (now !== before) {
      h.solved = !!now;
      h.solvedBy = now || null;
      h.save();
      remember(state.key, stripSolution(state.puzzle), now, state.link);  // the Continue list follows
      if (now === "player") say(SOLVED_TEXT.player, "ok");
      else if (!now) say("");  // a move that unsolves the grid takes the congratulations away
      // (for what follows a solve elsewhere: the puzzle of the day's streak)
      if (now) window.dispatchEvent(new CustomEvent("pl:solved", { detail: { key: state.key, by: now } }));
    } else if (now && !$("message").textContent) {
      say(SOLVED_TEXT[now], now === "player" ? "ok" : "");  // (a move that keeps it solved)
    }
    const almost = !now && state.fam.almost?.(state.puzzle, h.present);
    if (almost) say(almost);
    updateButtons();
    // The player's own solve (hints included, Solve's answer not) ends the timer and
    // opens the win screen; solved again (the winning move undone and redone) the screen
    // says the first solve's time, not a new one (a review: "Time 0:05 · best 0:04"),
    // until Clear starts over.
    if (now === "player" && !before) {
      if (!h.won) {
        const result = timer.finish();
        h.won = { time: result.time, hints: result.hints, best: result.best };
        h.save();
        win.show(result);
      } else {
        win.show(timer.result(h.won));
      }
    }
  }

  /* "How to play" opens by itself on the first puzzle of each family played here; after
     that it stays as the player last left it (open on a desktop, closed on a phone, until
     they choose). */
  const HOW_TO_PLAY = "pl.howToPlay";
  function showHowToPlay(type) {
    let seen = {};
    try { seen = JSON.parse(localStorage.getItem(HOW_TO_PLAY) || "{}") || {}; } catch (e) { /* as new */ }
    const first = !seen[type];
    $("help").open = first || (seen.open ?? matchMedia("(min-width: 601px)").matches);
    if (first) {
      seen[type] = 1;
      try { localStorage.setItem(HOW_TO_PLAY, JSON.stringify(seen)); } catch (e) { /* shown again next time */ }
    }
  }
  // The line under the title is cut to one line with "…" (a phone has no tooltip to
  // show the rest): a click or tap shows it all, another cuts it again.
  $("puzzle-meta").addEventListener("click", () => {
    const meta = $("puzzle-meta");
    if (meta.classList.contains("open") || meta.scrollWidth > meta.clientWidth) meta.classList.toggle("open");
  });
  $("help").querySelector("summary").addEventListener("click", () => {
    // (the summary's click toggles after this: remember the state it toggles to)
    try {
      const seen = JSON.parse(localStorage.getItem(HOW_TO_PLAY) || "{}") || {};
      seen.open = !$("help").open;
      localStorage.setItem(HOW_TO_PLAY, JSON.stringify(seen));
    } catch (e) { /* not remembered */ }
  });

  /** Show the puzzle of `state` (just opened). */
  function show() {
    const p = state.puzzle, fam = state.fam;
    ctx.designer.leave();
    ctx.shelf?.leave();
    showView("play");
    hideError();
    // (a puzzle of a set goes back to its set, others to the library)
    // (a long set name shortened: the link does not wrap)
    const back = state.from ? String(state.from.title) : "Library";
    $("play-back").textContent = `← ${back.length > 24 ? back.slice(0, 23) + "…" : back}`;
    $("play-back").title = state.from ? "Back to the puzzle set" : "Back to the puzzle library";
    const title = p.title || `${fam.title} ${p.width}×${p.height}`;
    $("puzzle-title").textContent = title;  // clamped to two lines by CSS; the tooltip has it all
    $("puzzle-title").title = title;
    // (an untitled puzzle's title is its family and size already)
    const meta = p.title ? [fam.title, `${p.width}×${p.height}`] : [];
    const variant = fam.variant?.(p);
    if (variant) meta.push(variant);
    if (Number.isInteger(p.grade) && gradeWord(p.grade)) meta.push(gradeWord(p.grade));
    if (p.author) meta.push("by " + p.author);
    if (p.source) meta.push(p.source);
    // (a licence's id means little to a player: CC0 in words, others named as licences)
    if (p.license) meta.push(p.license === "CC0-1.0" ? "public domain (CC0)" : `licence ${p.license}`);
    $("puzzle-meta").textContent = $("puzzle-meta").title = meta.join(" · ");
    $("puzzle-meta").classList.remove("open");
    document.title = tabTitle($("puzzle-title").textContent);
    // (the rules are Python's, as the family's description says them; how the board
    // takes a mouse or a finger is the family module's)
    $("help-text").textContent = fam.rules + (variant ? ` This board: ${variant}.` : "");
    $("controls-help").textContent = fam.controls;
    showHowToPlay(fam.type);
    $("show-errors-group").hidden = !fam.brokenLines;
    fillMethods();
    renderTools();
    const layout = fam.layout(p);
    // (the board's frame takes the board's shape where the screen's width bounds it, a
    // phone's: a tall picture gets bigger cells, a wide one leaves no empty band; see
    // app.css)
    $("board").parentElement.style.setProperty("--board-aspect", (layout.rows / layout.cols).toFixed(4));
    board.setLayout(layout);
    $("board").setAttribute("aria-label", `${fam.title} board, ${p.width} columns by ${p.height} rows`);
    win.close();
    say(SOLVED_TEXT[solvedStatus()] || "");
    updateButtons();
    board.draw();
    // (a puzzle that cannot be solved, as its clues alone show, is still shown: it is
    // said at once instead of at the first Check or Solve)
    const problem = fam.problems?.(p);
    if (problem) showError(problem);
    // Focus goes to the new puzzle's title, wherever the puzzle was opened from (a card,
    // a maker, the editor's Play, the puzzle of the day, the win screen's Next): it is
    // said, and the next Tab offers the skip to the board; the element that opened it
    // is hidden, or shows another puzzle.
    $("puzzle-title").focus({ preventScroll: true });
  }

  /** The method menu (the description's methods, the first the default), each method
      with its one-line explanation as its tooltip. */
  function fillMethods() {
    $("method").replaceChildren(...state.fam.methods.map((m) => {
      const o = document.createElement("option");
      // ("method" said: a bare "auto" beside Solve told a review nothing)
      o.value = m.name;
      o.textContent = `${m.name} method`;
      o.title = m.about;
      return o;
    }));
    explainMethod();
  }

  function explainMethod() {
    const sel = $("method");
    const about = state.fam?.methods.find((m) => m.name === sel.value)?.about;
    sel.title = about ? `Solving method: ${sel.value}, ${about}` : "Solving method";
  }

  /** The family's tools (a palette's colours) as swatch buttons. */
  function renderTools() {
    const tools = state.fam.tools ? state.fam.tools(state.puzzle) : [];
    renderSwatches($("family-tools"), tools, state.tool, (id) => { state.tool = id; });
  }

  function setTool(id) {
    state.tool = id;
    renderTools();
  }

  function updateButtons() {
    const playing = !!state.puzzle;
    const ready = solver.state === "ready";
    const replaying = !!state.replay;  // the grid shown is the replay's: leave the player's alone
    undoRedoButtons($("undo"), $("redo"), state.history, !playing || replaying);
    $("restart").disabled = !playing || replaying;
    for (const id of ["check", "hint", "solve", "replay", "record"]) $(id).disabled = !playing || !ready || state.running || replaying;
    $("share").disabled = !playing || !ready || state.running;
    $("save-as").disabled = !playing || !ready || state.running || $("save-as").options.length < 2;
    $("edit-puzzle").hidden = !playing || !ctx.editor || !state.fam.editor;
    const max = playing ? sideLimit(state.puzzle.type) : 0;
    const tooBig = playing && (state.puzzle.width > max || state.puzzle.height > max);
    // (a board beyond the editor's sides keeps the button, which says why when pressed
    // and in its tooltip: a disabled button tells a phone's player nothing)
    $("edit-puzzle").disabled = state.running || replaying;
    $("edit-puzzle").title = tooBig ? `The editor takes sides of at most ${max} cells; this board is ` +
      `${state.puzzle.width}×${state.puzzle.height}` : "Edit a copy of this puzzle in the editor: change its clues, check it is unique";
    // Cancel takes the method menu's place while something runs, and Stop replay the
    // Replay button's while a replay runs (CSS gives Replay's pair one width; Cancel
    // takes the menu's, which its longest method sets), so the buttons after them stay
    // where they were for the next click.
    const canReplay = playing && !!state.fam.replay;
    $("replay").hidden = !canReplay || replaying;
    // (while a replay runs, Clear and Save video, disabled then, make room for its Pause
    // and speed: the toolbar keeps its rows and the board does not jump)
    $("record").hidden = !canReplay || typeof MediaRecorder === "undefined" || replaying;
    $("restart").hidden = replaying;
    // (on a phone the menu waits behind More…, 0 px wide: Cancel keeps its own width)
    if (state.running && !$("method").hidden) $("cancel").style.width = $("method").offsetWidth ? `${$("method").offsetWidth}px` : "";
    $("method").hidden = state.running;
    $("cancel").hidden = !state.running;
    $("stop-replay").hidden = !replaying;
    $("replay-controls").hidden = !replaying;
    timer.sync();  // (it stands still while something runs)
  }

  const undo = () => travel("undo", "Undone");
  const redo = () => travel("redo", "Redone");

  /** Undo or redo one move.  The message of the move undone, such as Solve's report, no
      longer describes the grid: it goes; a screen reader hears what was done and what
      the cursor's cell holds now. */
  function travel(way, done) {
    ctx.replay.stop();
    board.dropStroke();  // (a drag still in the hand was begun on the grid undone)
    if (!state.history?.[way]()) return;
    ctx.actions?.dropHint();
    state.marks = state.highlight = null;
    say("");
    afterChange();
    board.draw();
    board.announceChange(done);
  }

  $("skip-to-board").onclick = () => $("board").focus();
  $("undo").onclick = undo;
  $("redo").onclick = redo;
  $("method").onchange = explainMethod;
  $("restart").onclick = () => {
    ctx.replay.stop();
    applyProgress(state.fam.newProgress(state.puzzle));
    // (starting over: the hints played before no longer stand between the player and a
    // best time; a review found one hint kept a puzzle from ever having one)
    state.history.startOver();
  };
  // (a maker testing a puzzle who finds a mistyped clue changes it there, on a copy)
  $("edit-puzzle").onclick = () => {
    ctx.replay.stop();
    ctx.editor.edit(stripSolution(state.puzzle)).catch((err) => say(`Cannot edit it: ${err.message}.`, "error"));
  };
  $("more-tools").onclick = () => {
    const open = $("play").querySelector(".toolbar").classList.toggle("show-more");
    $("more-tools").setAttribute("aria-expanded", String(open));
    $("more-tools").textContent = open ? "Less" : "More…";
  };
  $("zoom-in").onclick = () => board.zoom(1.25);
  $("zoom-out").onclick = () => board.zoom(0.8);
  $("zoom-fit").onclick = () => { board.userView = false; board.fit(); };
  window.addEventListener("keydown", (e) => {
    const typing = e.target.tagName === "TEXTAREA" || (e.target.tagName === "INPUT" && e.target.type !== "checkbox");
    if (!state.puzzle || typing || win.open) return;
    undoRedoKeys(e, undo, redo);
    if (e.key === "Escape") {
      if (state.replay) ctx.replay.stopAndSay();
      else if (state.running) solver.cancel();
    }
  });
  // The same puzzle played in another tab: its autosave would overwrite this tab's moves
  // (and this tab's the other's), so this tab takes the other's grid as it is saved.
  window.addEventListener("storage", (e) => {
    if (!state.puzzle || e.key !== History.storageKey(state.key) || e.newValue === null || state.replay) return;
    state.history.discard();  // (its pending write would put this tab's older grid back)
    state.history = new History(state.key, state.fam.newProgress(state.puzzle));
    state.preview = state.ghost = state.marks = state.highlight = null;
    afterChange();
    board.draw();
    say("Updated with the moves made in another tab.");
  });
  // Write any pending autosave before the page goes away.
  window.addEventListener("pagehide", () => state.history?.flush());
  document.addEventListener("visibilitychange", () => { if (document.hidden) state.history?.flush(); });

  return { board, say, show, applyProgress, afterChange, solvedStatus, updateButtons, undo, redo,
           setTool, brokenLines, timer, win };
}
