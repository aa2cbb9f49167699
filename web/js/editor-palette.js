/* The editor's colours and options: the palette's swatches (the colour new clues
   take), adding, removing and recolouring a colour, and the choices a family keeps in
   its draft (options(), e.g. a rule variant).  Apart from the page (editor.js): only
   families whose editor module has a palette or options show them. */

import { colourNames } from "./families/colournames.js";
import { $, renderSwatches } from "./page.js";

/** The palette and options of the editor `m` (see editor.js: its state `e`, the editor
    module ed(), the draft, change() and say()). */
export function initEditorPalette(m) {
  const { e, ed, draft, change, say } = m;

  /** The swatches, the chosen colour (e.tool, kept to one the palette has) and the
      buttons that add and remove colours. */
  function renderPalette() {
    const spec = ed().palette, pal = draft().palette;
    $("editor-colours").hidden = !spec;
    if (!spec) return;
    const keys = pal ? Object.keys(pal) : [];
    if (!keys.includes(e.tool)) e.tool = keys[0] ?? null;
    const names = pal ? colourNames(pal) : {};
    // (made again only when the palette changes, so a swatch keeps the keyboard's focus)
    const shown = JSON.stringify(pal);
    if ($("editor-swatches").dataset.palette !== shown) {
      $("editor-swatches").dataset.palette = shown;
      renderSwatches($("editor-swatches"), keys.map((k) => ({ id: k, label: `${names[k]} (key ${k})`, color: pal[k], mark: k })),
                     e.tool, (k) => { e.tool = k; renderPalette(); });
    }
    for (const b of $("editor-swatches").children) b.setAttribute("aria-pressed", String(b.dataset.tool === e.tool));
    const count = keys.length || 1;
    $("editor-add-colour").disabled = e.busy || count >= spec.max;
    $("editor-remove-colour").disabled = e.busy || !pal || count <= spec.min;
    $("editor-colour").disabled = !e.tool;
    $("editor-colour").value = pal && e.tool ? pal[e.tool] : "#000000";
    $("editor-colour-note").textContent = pal ? `Type a colour's key after a number (3${keys[1] ?? keys[0]}) to give it that colour.`
      : "Black and white: add a colour for a colour puzzle.";
    if (ed().entry === "cells") $("editor-colour-note").textContent = pal ? "New clues take the chosen colour." : "";
  }

  /** A select for each of the module's options, made again only when they change. */
  function renderOptions() {
    const box = $("editor-options");
    const opts = ed().options ? ed().options(draft()) : [];
    const shape = e.type + ":" + opts.map((o) => o.key).join(",");
    if (box.dataset.shape === shape) {
      // (the same choices: their values follow the draft, the elements keep the focus)
      for (const o of opts) $(`editor-option-${o.key}`).value = draft()[o.key];
      return;
    }
    box.dataset.shape = shape;
    box.replaceChildren(...opts.map((o) => {
      const sel = document.createElement("select");
      sel.id = `editor-option-${o.key}`;
      for (const [value, label] of o.choices) sel.append(new Option(label, value, false, draft()[o.key] === value));
      sel.onchange = () => change({ ...draft(), [o.key]: sel.value });
      const lab = document.createElement("label");
      lab.className = "field";
      lab.append(o.label + " ", sel);
      return lab;
    }));
  }

  $("editor-add-colour").onclick = () => {
    const spec = ed().palette, pal = draft().palette || {};
    const n = Math.max(Object.keys(pal).length, spec.min) + 1;
    if (!Object.keys(pal).length) {
      const fresh = spec.colours(Math.max(n, 2));
      e.tool = Object.keys(fresh)[0];
      change({ ...draft(), palette: fresh });
      return;
    }
    const [key, colour] = newColour(pal, spec.colours(spec.max));
    e.tool = key;
    change({ ...draft(), palette: { ...pal, [key]: colour } });
  };
  $("editor-remove-colour").onclick = () => {
    const spec = ed().palette, pal = draft().palette;
    if (!pal) return;
    const keys = Object.keys(pal);
    const drop = e.tool ?? keys[keys.length - 1];
    const rest = Object.fromEntries(Object.entries(pal).filter(([k]) => k !== drop));
    // (one colour left, where a puzzle may have none, is black and white)
    const one = Object.keys(rest).length === 1 && spec.colours(1) === null;
    change({ ...draft(), palette: one ? null : rest });
    say(`Colour ${drop} removed: clues in it are marked below until you change them (Undo brings it back).`);
  };
  $("editor-colour").addEventListener("input", (ev) => {
    if (!e.tool || !draft().palette) return;
    change({ ...draft(), palette: { ...draft().palette, [e.tool]: ev.target.value } }, "colour:" + e.tool);
  });

  return { renderPalette, renderOptions };
}

/** The colour "Add colour" adds to `pal`: the first of the editor's colours (`offered`,
    {key: colour}) that the palette lacks, under its own key (the colour's initial) when
    that is free, else under the first free letter (a puzzle opened in the editor may
    use any keys: its black may be "a", or its "k" may be another colour). */
export function newColour(pal, offered) {
  const used = new Set(Object.values(pal).map((c) => String(c).toLowerCase()));
  const [key, colour] = Object.entries(offered).find(([, c]) => !used.has(c.toLowerCase()))
    ?? Object.entries(offered).at(-1);
  if (!(key in pal)) return [key, colour];
  return [[..."abcdefghijklmnopqrstuvwxyz"].find((k) => !(k in pal)), colour];
}
