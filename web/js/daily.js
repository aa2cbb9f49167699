/* Puzzles of the day: one per family that has a random maker, made on this device from
   the date alone (the worker's `daily`: the seed is a hash of the date, so everyone gets
   the same puzzle that day, with no server), and a streak of days with at least one
   of them solved by the player, kept in this browser. */

import { gradeWord } from "./cards.js";
import { family, TYPES } from "./families/index.js";
import { puzzleKey } from "./history.js";
import { $, showError } from "./page.js";

const STORE = "pl.daily";   // {keys: {puzzle key: [date, type]}, solved: {date: [type, ...]}}
const KEEP_DAYS = 400;      // (older days are forgotten: a streak counts back this far at most)

/** Today's date where the player is, as 2026-11-25. */
export function today(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function read() {
  try {
    const s = JSON.parse(localStorage.getItem(STORE) || "null");
    if (s && typeof s.keys === "object" && typeof s.solved === "object") return s;
  } catch (e) { /* start again */ }
  return { keys: {}, solved: {} };
}

function write(s) {
  const cutoff = today(new Date(Date.now() - KEEP_DAYS * 864e5));
  for (const d of Object.keys(s.solved)) if (d < cutoff) delete s.solved[d];
  for (const [k, [d]] of Object.entries(s.keys)) if (d < cutoff) delete s.keys[k];
  try { localStorage.setItem(STORE, JSON.stringify(s)); } catch (e) { /* not kept: the streak is a nicety */ }
}

/** Days in a row, up to today (or up to yesterday while today's are still open), with
    a puzzle of the day solved. */
export function streak(solved, day = today()) {
  const prev = (d) => { const t = new Date(d + "T12:00:00"); t.setDate(t.getDate() - 1); return today(t); };
  let d = solved[day]?.length ? day : prev(day);
  let n = 0;
  while (solved[d]?.length) { n++; d = prev(d); }
  return n;
}

/** The runs of days in a row with a puzzle solved, oldest first: [{days, last}]. */
function runs(solved) {
  const next = (d) => { const t = new Date(d + "T12:00:00"); t.setDate(t.getDate() + 1); return today(t); };
  const out = [];
  for (const d of Object.keys(solved).filter((d) => solved[d]?.length).sort()) {
    const run = out.at(-1);
    if (run && next(run.last) === d) { run.days++; run.last = d; } else out.push({ days: 1, last: d });
  }
  return out;
}

/** What the daily section says of the streak on `day`: the days in a row, the best run
    when it was longer, and a streak that ended said so (it went back to "start a
    streak" without a word, a maker's review). */
export function streakWords(solved, day = today()) {
  const n = streak(solved, day);
  const all = runs(solved).filter((r) => r.last <= day);
  const best = Math.max(0, ...all.map((r) => r.days));
  const days = (k) => `${k} day${k === 1 ? "" : "s"}`;
  const ended = n ? null : all.at(-1);
  const bestWords = best > Math.max(n, ended?.days ?? 0) ? ` Your best: ${days(best)}.` : "";
  if (n) return `Streak: ${days(n)} in a row.${bestWords}`;
  if (!ended) return "Solve one a day to start a streak.";
  const on = new Date(ended.last + "T12:00:00").toLocaleDateString("en-GB", { day: "numeric", month: "long" });
  return `Your streak of ${days(ended.days)} ended on ${on}: solve one today to start again.${bestWords}`;
}

/** The families with a puzzle of the day (Python's description: `daily`). */
function dailyTypes() {
  return TYPES.filter((t) => family(t).daily);
}

/** What today's puzzle of a family is, before it is made: "15×15 · hard". */
function dailyKind(type, now = new Date()) {
  const { width, height, grades } = family(type).daily;
  const grade = grades ? gradeWord(grades[(now.getDay() + 6) % 7]) : "";   // (Monday first)
  return `${width}×${height}` + (grade ? ` · ${grade}` : "");
}

export function initDaily({ solver, load }) {
  const section = $("daily-section");
  const list = $("daily-list");
  const status = $("daily-status");

  function render() {
    const types = dailyTypes();
    section.hidden = !types.length;
    const s = read();
    const day = today();
    const done = new Set(s.solved[day] || []);
    list.replaceChildren(...types.map((t) => {
      const b = document.createElement("button");
      b.type = "button";
      b.id = `daily-${t}`;
      b.className = done.has(t) ? "daily done" : "daily";
      const name = document.createElement("span");
      name.className = "daily-name";
      name.textContent = family(t).title + (done.has(t) ? " ✓" : "");
      const kind = document.createElement("span");
      kind.className = "daily-kind";
      kind.textContent = dailyKind(t);
      b.replaceChildren(name, kind);
      b.onclick = () => open(t);
      return b;
    }));
    $("daily-streak").textContent = streakWords(s.solved, day);
  }

  async function open(type) {
    const day = today();
    const buttons = [...list.querySelectorAll("button")];
    buttons.forEach((b) => { b.disabled = true; });
    status.textContent = `Making today's ${family(type).title}…`;
    try {
      await solver.ready;
      const res = await solver.call("daily", { type, date: day });
      const s = read();
      s.keys[await puzzleKey(res.puzzle, family(type).keys)] = [day, type];
      write(s);
      status.textContent = "";
      await load(res.puzzle);
    } catch (err) {
      status.textContent = "";
      if (err.kind !== "cancelled") showError(`Could not make today's ${family(type).title}: ${err.message}`);
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
    }
  }

  // A puzzle of the day solved by the player (not by Solve) counts for its day.
  window.addEventListener("pl:solved", (e) => {
    if (e.detail.by !== "player") return;
    const s = read();
    const seen = s.keys[e.detail.key];
    if (!seen) return;
    const [day, type] = seen;
    s.solved[day] = [...new Set([...(s.solved[day] || []), type])];
    write(s);
    render();
  });

  /** What the win screen says of a puzzle (autosaved under `key`) just solved by the
      player, when it is a puzzle of the day made here: {streak (days in a row, this one
      counted), next (the first family whose puzzle of that day is still unsolved, or
      null)}; else null. */
  function about(key) {
    const s = read();
    const seen = s.keys[key];
    if (!seen) return null;
    const [day, type] = seen;
    const done = new Set([...(s.solved[day] || []), type]);
    return { streak: streak({ ...s.solved, [day]: [...done] }, day),
             next: day === today() ? dailyTypes().find((t) => !done.has(t)) || null : null };
  }

  return { render, open, about };
}
