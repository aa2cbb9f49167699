/* Grid sizes the app accepts: the same limits as pysolver/base.py (MAX_SIDE, MAX_CELLS).
   Long thin boards load; a hostile link cannot make the page allocate a huge grid. */

export const MAX_SIDE = 1024;
export const MAX_CELLS = 256 * 256;

export function okGridSize(width, height) {
  const ok = (n) => Number.isInteger(n) && n >= 1 && n <= MAX_SIDE;
  return ok(width) && ok(height) && width * height <= MAX_CELLS;
}

/** The palette rule of pysolver/base.py (parse_palette): a non-empty object of at most
    64 "#rrggbb" colours; keys one character other than . ? # and white space (cells of
    a grid row are keys), or with `singleChar` false 1 to 16 characters.  Returns an
    error message, or null when the palette is good, so a broken puzzle is refused
    before it opens instead of failing later in the solver. */
export function paletteError(palette, singleChar = true) {
  if (!palette || typeof palette !== "object" || Array.isArray(palette)) return "palette: expected an object of colours";
  const keys = Object.keys(palette);
  if (!keys.length) return "palette: expected a non-empty object of colours";
  if (keys.length > 64) return `palette: ${keys.length} colours, at most 64 are allowed`;
  for (const key of keys) {
    const chars = [...key].length;
    if (singleChar && (chars !== 1 || ".?# \t\n".includes(key))) {
      return `palette: key ${JSON.stringify(key)} must be one character other than '.', '?', '#'`;
    }
    if (chars < 1 || chars > 16) return `palette: key ${JSON.stringify(key)} must be 1 to 16 characters`;
    if (/[\u0000-\u001f\u007f-\u009f]/.test(key)) return `palette: key ${JSON.stringify(key)} has a control character`;
    const colour = palette[key];
    if (typeof colour !== "string" || !/^#[0-9a-fA-F]{6}$/.test(colour)) {
      return `palette: colour of ${JSON.stringify(key)} is ${JSON.stringify(colour)}, expected #rrggbb`;
    }
  }
  return null;
}
