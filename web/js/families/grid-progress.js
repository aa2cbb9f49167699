/* Progress helpers of the grid families (nonograms, Hungry Cat: a grid of cell keys,
   "?" for a cell not decided yet). */

/** The progress with `cells` ([[r, c], ...]) undecided again: a hint's fix of the
    mistakes it found (clearCells in the family interface, families/index.js). */
export function clearGridCells(p, progress, cells) {
  const grid = progress.grid.map((row) => [...row]);
  for (const [r, c] of cells) if (grid[r] && c < grid[r].length) grid[r][c] = "?";
  return { ...progress, grid: grid.map((row) => row.join("")) };
}
