/* Which page the address shows, and opening puzzles: load() (a puzzle, JSON text, a
   share link or another format), history entries, the puzzle's share link (Share), what
   is asked of Python once it is ready, and "Save as". */

import { parseNewFragment } from "./editor.js";
import { family, TYPES } from "./families/index.js";
import { forget, History, puzzleKey, remember } from "./history.js";
import { decodeLink, looksLikeLink } from "./link.js";
import { $, download, fileStem, hideError, showError, showView } from "./page.js";

export function stripSolution(p) {
  const { solution, ...rest } = p;
  return rest;
}

/* Navigation: every puzzle opened is a history entry (Back returns to the library,
   Forward to the puzzle, a phone's Back stays in the app).  The entry's URL holds the
   puzzle's share link once it is known; until then (a puzzle opened before Python is
   ready, which makes the link) the entry's state holds the puzzle itself, so a reload
   or Back and Forward still find it. */
function entryUrl(link) {
  return location.pathname + location.search + (link ? "#" + link : "");
}

/** What a refused link's message starts with. */
const LINK_REFUSED = "This link does not hold a puzzle the app can read: ";
// The addresses of the drawing maker and of a puzzle set kept on this device (a reload,
// a bookmark or a second tab comes back to them: with the bare address a reload after
// Back and Forward landed on the library, a review)
const DRAW_FRAGMENT = "draw";
const SET_FRAGMENT = /^set\/([0-9a-f]{1,64})$/;

export function initRouting(ctx) {
  const { state, solver } = ctx;
  const say = (...args) => ctx.play.say(...args);

  function setLink(link) {
    state.link = link;
    // Only while the puzzle's own entry is the current one: the player may have gone on.
    if (history.state?.key === state.key) {
      history.replaceState({ key: state.key, ...(state.from ? { from: state.from } : {}) }, "", entryUrl(link));
    }
    if (state.puzzle) remember(state.key, stripSolution(state.puzzle), ctx.play.solvedStatus(), link);
  }

  /** Open a puzzle (object, JSON text, link, or any text a family can import).  `push`:
      a new history entry (the player opened it); false when following the URL.
      `refusedAs`: how the message starts should Python refuse what the page's lighter
      check let through (see onSolverReady), as the opener words its own errors. */
  async function load(input, { link = null, push = true, fromUrl = false, from = null,
                               refusedAs = "This puzzle cannot be opened: " } = {}) {
    let puzzle = input;
    if (typeof input === "string") {
      const text = input.trim();
      // (the page's own URL fragment is always read as a link, so a bad one is refused
      // at once with the link's fault, not handed to Python's file readers)
      if (fromUrl || looksLikeLink(text)) {
        try {
          puzzle = await decodeLink(text);
        } catch (err) {
          // (said after "This link does not hold a puzzle…": "link: the link is damaged"
          // said it twice)
          err.message = err.message.replace(/^link: /, "");
          throw err;
        }
        link = text.slice(text.indexOf("#") + 1);
      } else if (text.startsWith("{")) {
        try {
          puzzle = JSON.parse(text);
        } catch (e) {
          throw new Error("not valid JSON: " + e.message);
        }
      } else {
        await solver.ready;  // other formats are read by Python
        puzzle = await solver.call("load", { text, name: "pasted text" });
      }
    }
    if (!puzzle || typeof puzzle !== "object" || !TYPES.includes(puzzle.type)) {
      throw new Error(`type: ${JSON.stringify(puzzle && puzzle.type)} is not one of ${TYPES.join(", ")}`);
    }
    const fam = family(puzzle.type);
    fam.validate(puzzle);  // enough to draw safely; Python validates fully when ready
    const key = await puzzleKey(puzzle, fam.keys);
    ctx.replay.stop();
    state.history?.flush();  // the autosave is batched: write the last change before it goes
    state.puzzle = puzzle;
    state.fam = fam;
    state.key = key;
    state.history = new History(key, fam.newProgress(puzzle));
    state.preview = state.ghost = state.marks = state.highlight = null;
    state.tool = fam.tools ? fam.tools(puzzle)[0]?.id ?? null : null;
    state.link = link;
    state.refusedAs = refusedAs;
    // The last puzzle's formats must not be offered for this one (onSolverReady refills)
    state.saveFormats = [];
    $("save-as").replaceChildren($("save-as").options[0]);
    // from: the puzzle set it was opened from ({id, title}): the back link goes there
    state.from = from;
    const entry = { ...(link ? { key } : { key, puzzle: stripSolution(puzzle) }), ...(from ? { from } : {}) };
    if (push) history.pushState(entry, "", entryUrl(link));
    else history.replaceState(entry, "", entryUrl(link));
    remember(key, stripSolution(puzzle), ctx.play.solvedStatus(), link);
    ctx.play.show();
    if (solver.state === "ready") onSolverReady();
  }

  /** Show what the URL and the history entry say: a puzzle or the library. */
  async function route() {
    const frag = location.hash.slice(1);
    const saved = history.state?.puzzle;
    try {
      const entering = parseNewFragment(frag);
      if (entering) {
        await ctx.editor.route(entering);  // (#new/<type>/<W>x<H>: the editor, js/editor.js)
      } else if (frag === DRAW_FRAGMENT) {
        showDesign({ push: false });
      } else if (SET_FRAGMENT.test(frag)) {
        try {
          await ctx.shelf.openSet(SET_FRAGMENT.exec(frag)[1], { push: false });
        } catch (err) {
          ctx.library.show();
          showError(err.message);      // (a set no longer on this device: not the link's fault)
          history.replaceState(null, "", location.pathname + location.search);
        }
      } else if (frag) {
        if (!(state.puzzle && frag === state.link)) {
          await load("#" + frag, { push: false, fromUrl: true, from: history.state?.from ?? null,
                                   refusedAs: LINK_REFUSED });
        }
      } else if (history.state?.pack) {
        await ctx.shelf.openSet(history.state.pack, { push: false });
      } else if (history.state?.design) {
        showDesign({ push: false });
      } else if (saved) {
        if (!(state.puzzle && history.state.key === state.key)) await load(saved, { push: false, from: history.state.from });
      } else {
        ctx.library.show();
      }
    } catch (err) {
      ctx.library.show();
      showError(LINK_REFUSED + err.message);
      // (the bad fragment leaves the address bar, so a reload shows the library, not
      // the error again; the message above keeps what was wrong)
      history.replaceState(null, "", location.pathname + location.search);
    }
  }

  /** Leave the puzzle shown (for the library or the drawing maker). */
  function leavePuzzle() {
    ctx.replay.stop();
    state.history?.flush();
    state.puzzle = null;
  }

  /** The drawing maker ("Draw a puzzle", js/designer.js): its own history entry, so
      Back from a puzzle made there returns to the drawing.  `size`: start a new drawing. */
  function showDesign({ size = null, push = true } = {}) {
    leavePuzzle();
    const url = location.pathname + location.search + "#" + DRAW_FRAGMENT;
    if (push) history.pushState({ design: true }, "", url);
    else history.replaceState({ design: true }, "", url);
    ctx.shelf?.leave();
    hideError();
    showView("design");
    document.title = "Draw a puzzle — Picture Logic";
    ctx.designer.open(size);
    $("design-title").focus({ preventScroll: true });
  }

  /** Python is ready: it validates what JavaScript only decoded, and supplies the
      canonical link and the formats the puzzle can be saved as. */
  async function onSolverReady() {
    if (!state.puzzle) return;
    const p = state.puzzle;
    try {
      // (the page checks only what it needs to draw: clues whose sums disagree, a
      // Numberlink without endpoints, a title that is not text pass it)
      if (state.link) await solver.call("show", { link: state.link });
      else await solver.call("validate", { puzzle: stripSolution(p) });
    } catch (err) {
      if (err.kind === "input" && state.puzzle === p) refuse(err.message);
      return;
    }
    try {
      if (!state.link) {
        try {
          const { link } = await solver.call("link", { puzzle: stripSolution(p) });
          if (state.puzzle === p) setLink(link);
        } catch (err) {
          // (no link, say a title too long for one: the puzzle still plays and saves;
          // Share says why it cannot make a link)
          if (err.kind !== "input") throw err;
          if (state.puzzle === p) showError("No share link for this puzzle: " + err.message);
        }
      }
      await fillSaveAs();
    } catch (err) {
      if (err.kind === "input") showError(err.message);
    }
  }

  /** The puzzle shown is one Python refuses: it goes, as an unreadable link or file
      would have (the library, the message framed as its opener frames errors, off the
      Continue list and out of the address bar), rather than staying playable. */
  function refuse(message) {
    const { key, refusedAs } = state;
    forget(key);
    const own = history.state?.key === key;
    ctx.library.show();
    showError(refusedAs + message);
    if (own) history.replaceState(null, "", location.pathname + location.search);
  }

  async function share() {
    if (!state.link) {
      const { link } = await solver.call("link", { puzzle: stripSolution(state.puzzle) });
      setLink(link);
    }
    const url = location.href.split("#")[0] + "#" + state.link;
    let copied = true;
    try {
      await navigator.clipboard.writeText(url);
      // (a player may expect their grid to go with it: it does not)
      say("Link copied to the clipboard: it opens this puzzle unsolved (your progress stays here).", "ok");
    } catch (e) {
      copied = false;
      say("Copy this link (it opens this puzzle unsolved): " + url);
    }
    return { url, copied };
  }

  /* "Save as": puzzle JSON and the formats the family writes (pysolver's exporters, e.g.
     .non for nonograms, flow_solver text for Numberlink), asked of the worker for each
     puzzle opened: only the formats that can hold it are offered (puzz.link has no
     colours).  Puzzle files are saved without the solution, as Share does; answer
     formats (a contest answer) use the puzzle's solution, or the worker solves it first. */
  async function fillSaveAs() {
    const p = state.puzzle;
    const { formats } = await solver.call("formats", { type: p.type, puzzle: stripSolution(p) });
    if (state.puzzle !== p) return;
    state.saveFormats = formats;
    const sel = $("save-as");
    sel.replaceChildren(sel.options[0], ...formats.map((f) => {
      const o = document.createElement("option");
      o.value = f.name;
      o.textContent = `${f.name} (${f.ext})`;
      o.title = f.about;
      return o;
    }));
    ctx.play.updateButtons();
  }

  async function saveAs(name) {
    const format = state.saveFormats.find((f) => f.name === name);
    if (!format) return;
    const puzzle = format.answer ? state.puzzle : stripSolution(state.puzzle);
    if (format.answer && !puzzle.solution) say("Solving, to write the answer…");
    const { text } = await solver.call("convert", { puzzle, to: name });
    const type = name === "json" ? "application/json" : "text/plain";
    // Formats that share a file ending (several are .txt) get their name in the file's.
    const clash = state.saveFormats.some((f) => f !== format && f.ext === format.ext);
    const stem = fileStem(state.puzzle.title, state.puzzle.type);
    const saved = download(new Blob([text], { type }), stem + (clash ? "-" + name : "") + format.ext);
    say(`Saved as ${saved}.`, "ok");
  }

  $("share").onclick = () => share().catch((e) => say("Share failed: " + e.message, "error"));
  $("save-as").onchange = () => {
    const name = $("save-as").value;
    $("save-as").value = "";
    saveAs(name).catch((e) => say("Could not save: " + e.message, "error"));
  };
  // Back and Forward fire popstate; a hash typed into the address bar fires hashchange
  // too (after popstate, for the same address): route once.
  let popped = null;
  window.addEventListener("popstate", () => { popped = location.href; route(); });
  window.addEventListener("hashchange", () => { if (location.href !== popped) route(); popped = null; });

  return { load, route, setLink, share, showDesign, leavePuzzle, onSolverReady };
}
