/* Grid sizes the app accepts: the same limits as pysolver/base.py (MAX_SIDE, MAX_CELLS).
   Long thin boards load; a hostile link cannot make the page allocate a huge grid. */

export const MAX_SIDE = 1024;
export const MAX_CELLS = 256 * 256;

export function okGridSize(width, height) {
  const ok = (n) => Number.isInteger(n) && n >= 1 && n <= MAX_SIDE;
  return ok(width) && ok(height) && width * height <= MAX_CELLS;
}
