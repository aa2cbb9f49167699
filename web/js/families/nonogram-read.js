/* Nonograms: what the front end reads, before anything is drawn: a share link's
   compact body (decode, the mirror of pysolver/nonogram/codec.py) and puzzle JSON
   (validate: clues that fit their lines, colours in the palette).  Apart from the rest
   of the family because both only say no with a message, and neither draws or plays. */

import { gridSizeError, paletteError } from "../limits.js";
import { blocks } from "./nonogram-lines.js";

const NUMBER = /^[1-9][0-9]{0,2}$/;
const INDEX = /^(0|[1-9][0-9]{0,2})$/;

function fail(msg) { throw new Error(msg); }

/** Mirror of pysolver/nonogram/codec.py (read its grammar there). */
export function decode(body, width, height) {
  if (body.length > (1 << 20)) fail("link: body too long");
  let keys = null, palette = null, rowsText, colsText;
  if (body.startsWith("c")) {
    const parts = body.slice(1).split("_");
    if (parts.length !== 3) fail("link: expected palette, rows and columns separated by '_'");
    palette = {};
    parts[0].split(",").forEach((entry, n) => {
      if (!/^[0-9a-f]{7,12}$/.test(entry)) fail(`link: palette entry ${n} is not rrggbb + key code`);
      const code = parseInt(entry.slice(6), 16);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) fail(`link: palette entry ${n} has an invalid key code`);
      const key = String.fromCodePoint(code);
      if (key in palette) fail(`link: palette key "${key}" appears twice`);
      palette[key] = "#" + entry.slice(0, 6);
    });
    keys = Object.keys(palette);
    [, rowsText, colsText] = parts;
  } else {
    const parts = body.split("_");
    if (parts.length !== 2) fail("link: expected rows and columns separated by '_'");
    [rowsText, colsText] = parts;
  }
  const lines = (text, count, what) => {
    const items = text.split(",");
    if (items.length !== count) fail(`link: ${items.length} ${what} clues, expected ${count}`);
    return items.map((item, i) => (item ? item.split(".") : []).map((block) => {
      let number = block, index = null;
      if (keys) {
        [number, index] = block.split("-");
        if (!INDEX.test(index || "") || +index >= keys.length) fail(`link: ${what}[${i}]: bad colour in block "${block.slice(0, 20)}"`);
      }
      if (!NUMBER.test(number || "")) fail(`link: ${what}[${i}]: bad block "${block.slice(0, 20)}"`);
      return keys ? [+number, keys[+index]] : +number;
    }));
  };
  const out = { rows: lines(rowsText, height, "row"), cols: lines(colsText, width, "column") };
  if (palette) out.palette = palette;
  return out;
}

export function validate(p) {
  if (gridSizeError(p)) fail(gridSizeError(p));
  if (!Array.isArray(p.rows) || p.rows.length !== p.height) fail(`rows: expected ${p.height} clues`);
  if (!Array.isArray(p.cols) || p.cols.length !== p.width) fail(`cols: expected ${p.width} clues`);
  const multi = p.palette !== undefined && p.palette !== null;
  if (multi && paletteError(p.palette)) fail(paletteError(p.palette));
  for (const [what, lines, len] of [["rows", p.rows, p.width], ["cols", p.cols, p.height]]) {
    lines.forEach((clue, i) => {
      if (!Array.isArray(clue)) fail(`${what}[${i}]: expected a list of blocks`);
      let need = 0, prev = null;
      for (const [n, k] of blocks(clue)) {
        if (!Number.isInteger(n) || n < 1) fail(`${what}[${i}]: block length ${JSON.stringify(n)} is not positive`);
        if (multi && !(k in p.palette)) fail(`${what}[${i}]: colour ${JSON.stringify(k)} is not in the palette`);
        need += n + (prev !== null && prev === k ? 1 : 0);
        prev = k;
      }
      if (need > len) fail(`${what}[${i}]: blocks need ${need} cells, the line has ${len}`);
    });
  }
}
