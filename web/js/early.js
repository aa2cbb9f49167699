/* Runs before the first paint (a classic script in <head>, not a module): the theme,
   so a dark-theme player never sees a white flash, and whether the library has a
   Continue shelf or a shelf of puzzle sets, so their room is there from the first paint and nothing below it
   moves when the library page fills it in (library.js).

   It also starts the solver's worker: from here the worker asks for its files 0.3 s
   sooner than once the app's modules have loaded and the page is parsed (a return
   visit, this machine: worker.js requested at 0.40-0.50 s, against about 0.15 s).  Its
   messages wait in `earlyWorker.waiting` until solver.js takes the worker over. */
"use strict";
try {
  const worker = new Worker("js/worker.js");
  const waiting = [];
  worker.onmessage = (ev) => waiting.push(["message", ev]);
  worker.onerror = (ev) => { ev.preventDefault(); waiting.push(["error", ev]); };
  window.earlyWorker = { worker, waiting };
} catch (e) { /* solver.js starts one */ }
try {
  const root = document.documentElement;
  root.dataset.theme = localStorage.getItem("theme") ||
    (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
  const recent = JSON.parse(localStorage.getItem("pl.recent") || "[]");
  if (Array.isArray(recent) && recent.length) root.dataset.recent = "";
  // (the same for the shelf of puzzle sets, shelf.js)
  const packs = JSON.parse(localStorage.getItem("pl.packs") || "[]");
  if (Array.isArray(packs) && packs.length) root.dataset.packs = "";
} catch (e) { /* light theme, no shelf */ }
