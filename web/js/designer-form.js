/* The library's "Draw a puzzle" form and its "Continue drawing" button: the kinds the
   drawing maker draws, and sizes and colour counts within the chosen kind's limits.
   Apart from the maker's page (designer.js): it is shown on the library, before the
   maker is. */

import { isEmpty, kindOf } from "./designer-drawing.js";
import { $ } from "./page.js";

/** "Continue drawing (<kind>, <W>×<H>)" when `saved` (the drawings' history, or null)
    holds a drawing that is not blank; hidden otherwise. */
export function showContinue(kinds, saved) {
  const b = $("nono-maker-continue");
  b.hidden = !saved || isEmpty(kinds, saved.present);
  if (!b.hidden) {
    const g = saved.present.grid;
    b.textContent = `Continue drawing (${kindOf(kinds, saved.present).name}, ${g[0].length}×${g.length})`;
  }
}

/** The library's "Draw a puzzle" form: its kinds, and sizes and colour counts within
    the chosen kind's limits; start(size) with {kind, width, height, colours}. */
export function initDrawingForm(kinds, start) {
  const select = $("nono-maker-kind");
  select.replaceChildren(...[...kinds.values()].map((k) => {
    const o = document.createElement("option");
    o.value = k.type;
    o.textContent = k.title;
    return o;
  }));
  const colours = $("nono-maker-colours");
  colours.title = [...kinds.values()].map((k) => `${k.title}: ${k.drawing.min_colours} to ${k.drawing.max_colours}` +
    (k.coloursNote ? ` (${k.coloursNote})` : "")).join(". ");
  const limit = () => {
    const lim = kinds.get(select.value).drawing;
    for (const id of ["nono-maker-width", "nono-maker-height"]) Object.assign($(id), { min: lim.min_side, max: lim.max_side });
    Object.assign(colours, { min: lim.min_colours, max: lim.max_colours });
    // (a count the kind does not allow becomes its nearest: the form still submits)
    if (colours.value !== "") colours.value = Math.max(lim.min_colours, Math.min(lim.max_colours, +colours.value || 1));
  };
  select.onchange = limit;
  limit();
  const within = (id, lo, hi, fallback) => Math.max(lo, Math.min(hi, Math.round(+$(id).value || fallback)));
  $("nono-maker").onsubmit = (e) => {
    e.preventDefault();
    const k = kinds.get(select.value), lim = k.drawing;
    start({ kind: k.type, width: within("nono-maker-width", lim.min_side, lim.max_side, 15),
            height: within("nono-maker-height", lim.min_side, lim.max_side, 15),
            colours: within("nono-maker-colours", lim.min_colours, lim.max_colours, 1) });
  };
}
