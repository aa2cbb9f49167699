/* What the editor and the drawing maker share about their boards: the clues change as
   the puzzle is made, and with them the margins the family's layout gives the grid.
   Apart from board.js, which plays one puzzle of a fixed layout. */

/** Give `board` the layout `L` of the puzzle as it is now: clues that need another
    margin shift the view, keeping zoom and cursor; a grid of another size starts anew
    (fitted). */
export function followLayout(board, L) {
  const old = board.layout;
  if (!old || old.cols - old.x0 !== L.cols - L.x0 || old.rows - old.y0 !== L.rows - L.y0) board.setLayout(L);
  else if (old.x0 !== L.x0 || old.y0 !== L.y0) board.adjustLayout(L);
}
