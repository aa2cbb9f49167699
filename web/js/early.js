/* Runs before the first paint (a classic script in <head>, not a module): the theme,
   so a dark-theme player never sees a white flash, and whether the library has a
   Continue shelf or a shelf of puzzle sets, so their room is there from the first paint and nothing below it
   moves when the library page fills it in (library.js). */
"use strict";
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
