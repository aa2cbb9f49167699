/* Puzzle sets in the app: the library's "Puzzle sets" shelf (each set kept here, with
   how many of its puzzles are solved) and a set's own page, the list of its puzzles with
   each one's progress.

   A set may hold a thousand puzzles: its page draws the first rows at once and more as
   the list scrolls near its end (an IntersectionObserver on a marker after the list), so
   it opens at once and scrolls smoothly on a phone.  Storage: packs.js. */

import { drawCards, puzzleCard } from "./cards.js";
import { family } from "./families/index.js";
import { packIndex, packProgress, packPuzzles, removePack, savePack } from "./packs.js";
import { $, hideError, showError, showView } from "./page.js";

// Rows drawn at a time: a phone screen's worth several times over.
const CHUNK = 120;

function progressText(entry) {
  const { solved, started } = packProgress(entry);
  const parts = [`${entry.count} puzzles`];
  if (solved) parts.push(`${solved} solved`);
  if (started) parts.push(`${started} in progress`);
  return parts.join(" · ");
}

export function initShelf(ctx) {
  const load = (x, opts) => ctx.routing.load(x, opts);
  let shown = null;        // the set whose page is open: {entry, puzzles, drawn}
  let observer = null;

  /** The library's shelf of sets (hidden when there is none). */
  function renderShelf() {
    const sets = packIndex();
    $("packs-section").hidden = !sets.length;
    // (early.js showed the shelf's room at the first paint; it follows the list now)
    if (sets.length) document.documentElement.dataset.packs = "";
    else delete document.documentElement.dataset.packs;
    $("packs-list").replaceChildren(...sets.map((entry) => {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = "#";
      a.textContent = entry.title;
      const kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = progressText(entry);
      a.append(kind);
      a.dataset.pack = entry.id;
      a.onclick = (ev) => { ev.preventDefault(); openSet(entry.id).catch((err) => showError(err.message)); };
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "forget";
      remove.textContent = "×";
      remove.title = `Remove the set ${entry.title} from this device (the progress of its puzzles stays)`;
      remove.setAttribute("aria-label", `Remove the set ${entry.title}`);
      remove.onclick = async () => {
        if (!confirm(`Remove the set “${entry.title}” (${entry.count} puzzles) from this device?`)) return;
        await removePack(entry.id).catch((err) => showError(err.message));
        renderShelf();
      };
      li.append(a, remove);
      return li;
    }));
  }

  /** A file's puzzles, as the worker's `open` read them: one is played at once, more
      are kept as a set and its page shown. */
  async function openPuzzles(result) {
    if (result.puzzles.length === 1) await load(result.puzzles[0]);
    else {
      const entry = await savePack(result, (type) => family(type).keys);
      renderShelf();
      await openSet(entry.id);
    }
    // (a pack with bad puzzles among good ones: the good ones open, the banner says
    // which were left out; the worker's words are text)
    if (result.left_out) showError(`Some puzzles of this file could not be read and were left out: ${result.left_out}`);
  }

  /** The page of a kept set (a history entry of its own, so Back from one of its
      puzzles returns here). */
  async function openSet(id, { push = true } = {}) {
    const entry = packIndex().find((e) => e.id === id);
    const puzzles = entry && await packPuzzles(id);
    if (!puzzles) throw new Error("This puzzle set is no longer on this device.");
    ctx.routing.leavePuzzle();
    ctx.designer?.leave();
    const url = location.pathname + location.search + "#set/" + id;     // (routing.js reads it back)
    if (push) history.pushState({ pack: id }, "", url);
    else history.replaceState({ pack: id }, "", url);
    hideError();
    showView("pack");
    document.title = `${entry.title} — Picture Logic`;
    $("pack-title").textContent = entry.title;
    $("pack-summary").textContent = progressText(entry);
    shown = { entry, puzzles, drawn: 0 };
    $("pack-list").replaceChildren();
    drawMore();
    observer?.disconnect();
    // An observer calls back when the "more" line comes into reach, not while it stays
    // there: when the next frame finds it in reach again after a chunk (a fast scroll,
    // a slow device), it would never call back.  Observing the line anew after each
    // chunk reports where it is now.
    observer = new IntersectionObserver((seen, self) => {
      if (!seen.some((s) => s.isIntersecting)) return;
      drawMore();
      self.unobserve($("pack-more"));
      self.observe($("pack-more"));
    }, { rootMargin: "600px" });
    observer.observe($("pack-more"));
    $("pack-title").focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }

  function drawMore() {
    if (!shown || shown.drawn >= shown.puzzles.length) return;
    const { entry, puzzles } = shown;
    const end = Math.min(puzzles.length, shown.drawn + CHUNK);
    const rows = [];
    for (let i = shown.drawn; i < end; i++) rows.push(puzzleRow(entry, puzzles[i], i));
    $("pack-list").append(...rows);
    drawCards($("pack-list"));
    shown.drawn = end;
    $("pack-more").hidden = end >= puzzles.length;
  }

  /** A puzzle of the set as a card, as the library's: its picture as the player left
      it, its number, family, size and grade, and its status. */
  function puzzleRow(entry, p, i) {
    const li = document.createElement("li");
    // (its place in the file: where bad puzzles of the file were left out, not i + 1)
    const place = entry.places?.[i] ?? i + 1;
    const title = p.title || `${entry.title} #${place}`;
    // (a title that ends in the number already says it: the set's name and number, or
    // a tournament set's "Puzzle 3")
    const kind = new RegExp(`(^|\\s)#?${place}$`).test(title) ? undefined : `#${place}`;
    li.append(puzzleCard({ puzzle: p, key: entry.keys[i], type: p.type, title,
                           width: p.width, height: p.height, grade: p.grade, kind },
                         () => load(p, { from: { id: entry.id, title: entry.title } }).catch((err) => showError(err.message))));
    return li;
  }

  function leave() {
    observer?.disconnect();
    observer = null;
    shown = null;
  }

  $("pack-back").onclick = (e) => {
    e.preventDefault();
    history.pushState(null, "", location.pathname + location.search);
    ctx.library.show();
  };

  return { renderShelf, openPuzzles, openSet, leave };
}
