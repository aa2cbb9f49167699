/* Numberlink in the editor (see editor.js): click a cell or move to it with the arrow
   keys and type its label, a letter or a number (digits typed at once make one
   label: 1 then 2 is 12); each label marks the two ends of one line. */

import { cellDraft, cellName, withNames } from "./editor-kinds.js";

const cells = cellDraft("endpoints");
// Longest label typed (pysolver takes up to 16 characters).
const MAX_LABEL = 3;

export default {
  ...cells,
  help: "Click a cell (or move to it with the arrow keys) and type its label: a letter, or a number (two digits " +
        "typed quickly make one label, 1 then 2 is 12). Each label goes on the two ends of one line. Delete or " +
        "Backspace clears a cell, Enter goes on to the next. Flow boards fill every cell; choose “cells may stay " +
        "empty” for puzzles where lines need not cover the board.",
  blank: (width, height) => ({ type: "numberlink", width, height, cover: "full", endpoints: [] }),
  fromPuzzle: (p) => withNames(p, { type: "numberlink", width: p.width, height: p.height, cover: p.cover,
                                     endpoints: p.endpoints.map((e) => e.slice()) }),
  puzzle: (d) => withNames(d, { type: "numberlink", width: d.width, height: d.height, endpoints: d.endpoints, cover: d.cover }),
  options: () => [{ key: "cover", label: "Rule", choices: [["full", "every cell on a line (Flow)"], ["free", "cells may stay empty"]] }],
  accepts: (key) => /^[A-Za-z0-9]$/.test(key),
  joins: (before, key) => (/^[0-9]+$/.test(before + key) && before.length < MAX_LABEL ? before + key : null),
  cellText: (d, r, c) => cells.itemAt(d, r, c)?.[2] ?? "",
  setCell(d, r, c, text) {
    const label = text.trim();
    if (!label) return { ...d, endpoints: cells.without(d, r, c) };
    // Pairs are coloured in the order their labels first appear: a cell keeps its place
    // in the list and a new one goes after its twin (or last), so that what is typed
    // leaves the other pairs' colours as they were (a screenshot's, say).
    const item = [r, c, label];
    const at = d.endpoints.findIndex(([er, ec]) => er === r && ec === c);
    if (at >= 0) return { ...d, endpoints: d.endpoints.map((e, i) => (i === at ? item : e)) };
    const twin = d.endpoints.findIndex((e) => e[2] === label);
    const endpoints = d.endpoints.slice();
    endpoints.splice(twin >= 0 ? twin + 1 : endpoints.length, 0, item);
    return { ...d, endpoints };
  },
  problems(d) {
    if (!d.endpoints.length) return [{ message: "No end points yet: click a cell and type its label." }];
    const at = new Map();
    for (const [r, c, lab] of d.endpoints) {
      if (!at.has(lab)) at.set(lab, []);
      at.get(lab).push([r, c]);
    }
    const out = [];
    for (const [lab, where] of at) {
      if (where.length === 1) {
        out.push({ message: `${lab} is used once (at ${cellName(...where[0])}): a label marks both ends of a line.`, cells: where });
      } else if (where.length > 2) {
        out.push({ message: `${lab} is used ${where.length} times: a label marks the two ends of one line.`, cells: where });
      }
    }
    return out;
  },
};
