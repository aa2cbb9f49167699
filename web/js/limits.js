/* Grid sizes the app accepts, as pysolver's description of the families says
   (families.json "limits": any grid, and each family's own; set by families/index.js
   when the description is read).  Long thin boards load; a hostile link cannot make the
   page allocate a huge grid.  And the palette rule of puzzle JSON. */

const limits = { all: null, byType: {} };

/** The description's limits: `all` for any grid, `byType` each family's. */
export function setLimits(all, byType) {
  limits.all = all;
  limits.byType = byType;
}

/** {max_side, max_cells} of a family's grids (no type: of any grid). */
export function gridLimits(type) {
  return limits.byType[type] || limits.all;
}

export function okGridSize(width, height, type) {
  const { max_side: side, max_cells: cells } = gridLimits(type);
  const ok = (n) => Number.isInteger(n) && n >= 1 && n <= side;
  return ok(width) && ok(height) && width * height <= cells;
}

/** The message for a puzzle whose width and height are not a grid of its family's
    sizes, or null when they are. */
export function gridSizeError(p) {
  if (okGridSize(p.width, p.height, p.type)) return null;
  const { max_side: side, max_cells: cells } = gridLimits(p.type);
  return `width/height: expected whole numbers 1..${side}, at most ${cells} cells`;
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
