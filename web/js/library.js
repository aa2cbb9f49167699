/* The library page: the bundled puzzles with a filter by family, the Continue list of
   puzzles played here, and opening a file or pasted text. */

import { drawCards, gradeWord, puzzleCard } from "./cards.js";
import { family, TYPES } from "./families/index.js";
import { forget, recent } from "./history.js";
import { looksLikeLink } from "./link.js";
import { $, hideError, showError, showView } from "./page.js";

/** A link of the library's lists: the puzzle's title, then a line saying what it is. */
function puzzleItem(title, kind, open) {
  const a = document.createElement("a");
  a.href = "#";
  a.textContent = title;
  const k = document.createElement("span");
  k.className = "kind";
  k.textContent = kind;
  a.append(k);
  a.onclick = (ev) => { ev.preventDefault(); open(); };
  return a;
}

/** Python's message for text it could not read, without the file's name again (the
    page names it first).  Python words it for the page (PuzzleError.plain: without the
    command line's list of every reader tried). */
export function plainOpenError(message, name) {
  return message.startsWith(name + ": ") ? message.slice(name.length + 2) : message;
}

// The most a pasted text or an opened file may hold: pysolver's limit for any file
// (pysolver/format.py MAX_TEXT), far more than a puzzle needs.
const MAX_INPUT = 20e6;

export function initLibrary(ctx) {
  const { solver } = ctx;
  const load = (x, options) => ctx.routing.load(x, options);

  /** The bundled puzzles: as build.py wrote them into the page, read at once so that
      the items work from the moment this module runs; else from the library's index. */
  function render() {
    listFormats();
    const written = [...$("library-list").querySelectorAll("a[data-file]")].map((a) => ({
      file: a.dataset.file, type: a.dataset.type, title: a.dataset.title,
      width: +a.dataset.width, height: +a.dataset.height, grade: +a.dataset.grade || null, bytes: +a.dataset.bytes }));
    if (written.length) return renderEntries(written);
    fetch("static/puzzles/index.json").then((r) => r.json()).catch(() => []).then(renderEntries);
  }

  /** What the families read, as pysolver describes them.  The file picker filters
      nothing: a file's kind is read from its content, and files without an ending (a
      Numberlink solver's inputs, a save file) would be greyed out by a filter of endings. */
  function listFormats() {
    // (the names as the families describe them: pysolver is the one source)
    $("formats-list").replaceChildren(...TYPES.map((t) => {
      const li = document.createElement("li");
      li.textContent = `${family(t).title}: ${(family(t).reads || []).map((r) => r.about).join("; ")}`;
      return li;
    }));
  }

  /* The bundled puzzles as cards, filtered by family and by grade (both kept while
     the page lives). */
  let shown = { type: "all", grade: "all" };
  let entriesShown = [];

  function filterButtons(group, values, label, current, pick) {
    group.replaceChildren(...values.map((v) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label(v);
      b.dataset.value = v;
      b.setAttribute("aria-pressed", String(String(v) === String(current)));
      b.onclick = () => {
        for (const x of group.children) x.setAttribute("aria-pressed", String(x === b));
        pick(v);
      };
      return b;
    }));
  }

  function renderEntries(entries) {
    entriesShown = entries;
    const list = $("library-list");
    const draw = () => {
      list.replaceChildren(...entries.filter((e) => (shown.type === "all" || e.type === shown.type)
          && (shown.grade === "all" || e.grade === +shown.grade)).map((e) => {
        const li = document.createElement("li");
        li.append(puzzleCard(e, async () => {
          try {
            await load(await (await fetch(e.file)).json());
          } catch (err) {
            showError(err.message);
          }
        }));
        return li;
      }));
      $("library-empty").hidden = list.children.length > 0;
      drawCards(list);
    };
    const types = ["all", ...TYPES.filter((t) => entries.some((e) => e.type === t))];
    // (a family chosen: its rules in one line, the first sentence of its description's)
    const rules = () => {
      $("library-rules").hidden = shown.type === "all";
      if (shown.type !== "all") $("library-rules").textContent = `${family(shown.type).title}: ${family(shown.type).rules.split(/(?<=\.)\s/)[0]}`;
    };
    filterButtons($("library-filters"), types, (t) => (t === "all" ? "All" : family(t).title), shown.type,
                  (t) => { shown.type = t; rules(); draw(); });
    const grades = ["all", ...[1, 2, 3, 4, 5].filter((g) => entries.some((e) => e.grade === g))];
    filterButtons($("library-grades"), grades, (g) => (g === "all" ? "Any grade" : gradeWord(g)), shown.grade,
                  (g) => { shown.grade = g; draw(); });
    draw();
  }

  function renderRecent() {
    // (the puzzles still to finish first, each part newest first: solved ones stay, to
    // be found again, but "Continue" led with them, a review found)
    const all = recent(), items = [...all.filter((e) => !e.solved), ...all.filter((e) => e.solved)];
    $("recent-section").hidden = !items.length;
    // (early.js showed the shelf's room at the first paint; it follows the list now)
    if (items.length) document.documentElement.dataset.recent = "";
    else delete document.documentElement.dataset.recent;
    $("recent-list").replaceChildren(...items.slice(0, 8).map((e) => {
      const li = document.createElement("li");
      const title = family(e.type).title;
      const a = puzzleItem(e.title || `${title} ${e.size}`, `${title} · ${e.size}`,
        () => load(e.link ? "#" + e.link : e.puzzle).catch((err) => showError(err.message)));
      if (e.solved) {
        // Older entries say true: solved by the player.
        const bySolver = e.solved === "solver";
        const done = document.createElement("span");
        done.className = bySolver ? "done by-solver" : "done";
        done.textContent = bySolver ? "solved by the solver" : "✓ solved";
        a.append(done);
      }
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "forget";
      remove.textContent = "×";
      remove.title = `Remove ${a.firstChild.textContent} from this list`;
      remove.setAttribute("aria-label", remove.title);
      remove.onclick = () => { forget(e.key); renderRecent(); };
      li.append(a, remove);
      return li;
    }));
  }

  /** Show the library (leaving the puzzle or the drawing shown). */
  function show() {
    // An error about the puzzle being left goes with it (a bad link's error is shown
    // after this, and a second visit here while the library shows keeps it).
    if (!$("play").hidden) hideError();
    ctx.routing.leavePuzzle();
    ctx.designer.leave();
    ctx.designer.showContinue();
    ctx.editor?.leave();
    ctx.editor?.showContinue();
    ctx.shelf.leave();
    // (focus in a view about to be hidden, such as the play page's back link, would be
    // lost: it goes to the library's heading instead)
    const lost = document.activeElement?.closest("main > .view:not(#library)");
    showView("library");
    document.title = "Picture Logic";
    if (lost) $("library-heading").focus({ preventScroll: true });
    renderRecent();
    ctx.shelf.renderShelf();
    drawCards($("library-list"));  // (a puzzle just played shows its progress)
    ctx.daily?.render();
  }

  /** A file's or the paste box's text: puzzle JSON and links open here; anything else
      is read by Python, which answers every puzzle of a pack (a set of many is kept as
      a shelf of the library, shelf.js).  `bytes` for a file that is not UTF-8 text. */
  async function openText(text, name, bytes = null) {
    const t = text === null ? "" : text.trim();
    const refusedAs = `Could not open ${name === "pasted text" ? "the pasted puzzle" : name}: `;
    if (looksLikeLink(t)) return load(text, { refusedAs });
    if (t.startsWith("{")) {
      // (text that opens with '{' and is not JSON may still be a puzzle file: Olšák's
      // free text may open with one; Python says what is wrong when nothing reads it)
      let data;
      try { data = JSON.parse(t); } catch (err) { data = undefined; }
      if (data !== undefined) return load(data, { refusedAs });
    }
    await solver.ready;
    return ctx.shelf.openPuzzles(await solver.call("open", { text: text ?? Array.from(bytes), name, file: bytes !== null }));
  }

  $("paste-form").onsubmit = async (e) => {
    e.preventDefault();
    const text = $("paste-box").value;
    if (!text.trim()) return;
    if (text.length > MAX_INPUT) {
      showError(`Could not open the pasted puzzle: ${(text.length / 1e6).toFixed(0)} MB of text is more than any puzzle needs`);
      return;
    }
    // Formats other than JSON and links are read by Python: say so while it loads.
    const button = $("paste-form").querySelector("button");
    if (solver.state !== "ready") $("paste-status").textContent = "Waiting for the solver to read this…";
    button.disabled = true;
    try {
      await openText(text, "pasted text");
    } catch (err) {
      showError("Could not open the pasted puzzle: " + plainOpenError(err.message, "pasted text"));
    } finally {
      button.disabled = false;
      $("paste-status").textContent = "";
    }
  };
  /** Open a file chosen or dropped.  A banner says it is being read (Python may take
      seconds on a large one), and the error of an earlier file goes at once. */
  async function openFile(file) {
    hideError();
    // (a picture of a board, a Flow screenshot, is read in the editor: js/editor.js)
    if (file.type.startsWith("image/") && ctx.editor?.readsImages()) return void ctx.editor.openImage(file);
    const banner = $("open-banner");
    banner.textContent = `Opening ${file.name}…`;
    banner.hidden = false;
    try {
      if (file.size > MAX_INPUT) throw new Error(`${file.name} is too large for a puzzle file`);
      const bytes = new Uint8Array(await file.arrayBuffer());
      let text = null;
      try { text = new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch (err) { text = null; }
      await openText(text, file.name, bytes);
    } catch (err) {
      showError(`Could not open ${file.name}: ${plainOpenError(err.message, file.name)}`);
    } finally {
      banner.hidden = true;
    }
  }

  $("file-input").onchange = (e) => {
    const file = e.target.files[0];
    e.target.value = "";
    if (file) openFile(file);
  };
  // A file dropped anywhere on the page opens as if chosen (instead of the browser
  // leaving the app to show it); the page says where it can go while one is dragged.
  let dragDepth = 0;
  const carriesFiles = (ev) => [...(ev.dataTransfer?.types || [])].includes("Files");
  window.addEventListener("dragenter", (ev) => {
    if (!carriesFiles(ev)) return;
    dragDepth += 1;
    document.body.classList.add("dropping");
  });
  const dropDone = () => {
    dragDepth = 0;
    document.body.classList.remove("dropping");
  };
  window.addEventListener("dragleave", (ev) => {
    if (!carriesFiles(ev)) return;
    dragDepth = Math.max(0, dragDepth - 1);
    if (!dragDepth) dropDone();
  });
  window.addEventListener("dragend", dropDone);
  window.addEventListener("blur", dropDone);
  window.addEventListener("dragover", (ev) => {
    if (!carriesFiles(ev)) return;
    ev.preventDefault();
    ev.dataTransfer.dropEffect = "copy";
  });
  window.addEventListener("drop", (ev) => {
    if (!carriesFiles(ev)) return;
    ev.preventDefault();
    dropDone();
    const file = ev.dataTransfer.files[0];
    if (file) openFile(file);
  });
  // The ways to play below the library, reached from the top of the page (the URL's
  // fragment is for puzzles, so these scroll rather than link).
  for (const b of document.querySelectorAll(".lib-actions button[data-target]")) {
    b.onclick = () => {
      const target = document.querySelector(b.dataset.target);
      if (!target) return;
      target.scrollIntoView({ behavior: "smooth", block: "start" });
      target.querySelector("input, select, button, textarea")?.focus({ preventScroll: true });
      // (the last sections cannot scroll up to the top of the page and end near its
      // foot: a ring that fades shows which one the button went to)
      target.classList.remove("arrived");
      void target.offsetWidth;       // (restarts the fade when the button is pressed again)
      target.classList.add("arrived");
    };
  }
  const home = () => {
    history.pushState(null, "", location.pathname);
    show();
  };
  // (the title, and the drawing maker's and the editor's back links; their drafts are
  // kept as they are typed)
  for (const link of [$("home-link"), ...document.querySelectorAll(".home-back")]) {
    link.onclick = (e) => {
      e.preventDefault();
      home();
    };
  }
  // (past the makers, the puzzles of the day and the filters: some twenty Tabs)
  $("skip-to-library").onclick = () =>
    ($("library-list").querySelector("a:not([hidden])") || $("library-title")).focus();
  $("play-back").onclick = (e) => {
    e.preventDefault();
    const from = ctx.state.from;
    if (from) ctx.shelf.openSet(from.id).catch(home);  // (a set gone from this device: the library)
    else home();
  };

  return { show, render };
}
