/* Puzzle sets ("packs"): a file holding many puzzles (a tournament set of a thousand
   nonograms, a Numberlink collection, a webpbn puzzleset) is kept on this device as a
   shelf of the library.

   The puzzles go to IndexedDB: a thousand-puzzle set is a megabyte or more of JSON,
   too much for localStorage, which already holds every puzzle's progress.  The shelf's
   index (title, count and each puzzle's key) stays in localStorage, so the library lists
   the sets and their progress at once, without opening the database.  A pack keeps no
   progress of its own: each of its puzzles is autosaved under its key like any other
   puzzle (history.js), and the shelf reads those autosaves. */

import { History, puzzleKey } from "./history.js";

const DB_NAME = "pl-packs";
const STORE = "packs";
const INDEX = "pl.packs";

function openDb() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "id" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error || new Error("this browser keeps no puzzle sets (IndexedDB is blocked)"));
  });
}

async function withStore(mode, work) {
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req && req.result);
      tx.onerror = tx.onabort = () => reject(tx.error || new Error("the puzzle set could not be stored"));
    });
  } finally {
    db.close();
  }
}

/** The sets kept here, newest first: [{id, title, count, keys, added}]. */
export function packIndex() {
  try {
    const list = JSON.parse(localStorage.getItem(INDEX) || "[]");
    return Array.isArray(list) ? list : [];
  } catch (e) {
    return [];
  }
}

function writeIndex(list) {
  localStorage.setItem(INDEX, JSON.stringify(list));
}

/** Keep a set (`{title, puzzles, places?}` as the worker's `open` reads a file) and return its
    index entry.  The same puzzles opened again are the same set (their id is made from
    the puzzles' keys), so their progress is still there. `keysOf(type)`: the puzzle
    JSON keys that make a puzzle of that family what it is (families/<type>.js). */
export async function savePack({ title, puzzles, places }, keysOf) {
  const keys = await Promise.all(puzzles.map((p) => puzzleKey(p, keysOf(p.type))));
  const id = (await puzzleKey({ type: "pack", width: 0, height: 0, keys }, ["keys"])).slice(0, 16);
  // (the same set opened again, from a file or pasted, keeps the name it was kept by)
  const kept = packIndex().find((e) => e.id === id);
  const entry = { id, title: kept?.title || title || "Puzzle set", count: puzzles.length, keys, added: Date.now() };
  // (a file some of whose puzzles were left out: each one's place in it, numbered as there)
  if (places) entry.places = places;
  await withStore("readwrite", (s) => s.put({ id, title: entry.title, puzzles }));
  try {
    writeIndex([entry, ...packIndex().filter((e) => e.id !== id)]);
  } catch (e) {
    await withStore("readwrite", (s) => s.delete(id));
    throw new Error("this device's storage is full: remove a puzzle set first");
  }
  return entry;
}

/** The puzzles of a kept set, or null when it is gone (storage cleared). */
export async function packPuzzles(id) {
  const rec = await withStore("readonly", (s) => s.get(id));
  return rec ? rec.puzzles : null;
}

export async function removePack(id) {
  writeIndex(packIndex().filter((e) => e.id !== id));
  await withStore("readwrite", (s) => s.delete(id));
}

/** How far the player got with the puzzle saved under `key`: "new", "started", or
    "player"/"solver" (solved, and by whom), read from its autosave. */
export function puzzleStatus(key) {
  const text = localStorage.getItem(History.storageKey(key));
  if (!text) return "new";
  try {
    const saved = JSON.parse(text);
    if (saved.solved) return saved.solvedBy || "player";
  } catch (e) { /* an unreadable save still means it was started */ }
  return "started";
}

/** Counts of a set's puzzles by status: {solved, started}. */
export function packProgress(entry) {
  let solved = 0, started = 0;
  for (const k of entry.keys) {
    const s = puzzleStatus(k);
    if (s === "player" || s === "solver") solved++;
    else if (s === "started") started++;
  }
  return { solved, started };
}
