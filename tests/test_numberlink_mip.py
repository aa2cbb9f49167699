"""Method ``mip`` on open full-cover boards with few pairs: loops cut lazily and spliced
into the paths beside them (``looppatch``), short tries that differ (issue 27)."""
import pytest

from pysolver.base import Deadline
from pysolver.numberlink import FAMILY, mip
from pysolver.numberlink.looppatch import loop_cells, paths_of, splice_loops

#: our own boards: a random Hamiltonian path of the grid cut in three (as
#: bench/nl_fewpairs.py makes them), full cover, wide open
OPEN_8 = {"type": "numberlink", "width": 8, "height": 8, "cover": "full",
          "endpoints": [[7, 2, "a"], [2, 0, "a"], [3, 0, "b"], [6, 0, "b"], [7, 0, "c"], [5, 5, "c"]]}
OPEN_9 = {"type": "numberlink", "width": 9, "height": 9, "cover": "full",
          "endpoints": [[6, 6, "a"], [2, 8, "a"], [1, 8, "b"], [3, 2, "b"], [3, 3, "c"], [0, 0, "c"]]}


def _links(model, rows):
    """Links along the given cell rows of (row, col) steps."""
    out = []
    for line in rows:
        cells = [r * model.width + c for r, c in line]
        out += list(zip(cells, cells[1:]))
    return out


def test_a_loop_beside_a_path_is_spliced_into_it():
    """4x3, pair a along the top row, the other two rows a loop: the splice takes the
    loop into a's path, which then covers the board."""
    m = FAMILY.parse({"type": "numberlink", "width": 4, "height": 3, "cover": "full",
                      "endpoints": [[0, 0, "a"], [0, 3, "a"]]})
    path = [(0, 0), (0, 1), (0, 2), (0, 3)]
    loop = [(1, 0), (1, 1), (1, 2), (1, 3), (2, 3), (2, 2), (2, 1), (2, 0), (1, 0)]
    links = _links(m, [path, loop])
    assert len(loop_cells(m, links)) == 1
    spliced = splice_loops(m, links)
    assert spliced is not None and not loop_cells(m, spliced)
    assert FAMILY.check(m, {"paths": paths_of(m, spliced)}).solved


def test_a_loop_no_splice_reaches_is_left_under_full_cover_and_dropped_under_free():
    """Pair a is two cells in a corner of a 4x4 board; a loop in the far corner faces
    none of its links: under full cover no answer comes of it, under free cover the
    loop is dropped."""
    board = {"type": "numberlink", "width": 4, "height": 4, "endpoints": [[0, 0, "a"], [0, 1, "a"]]}
    full = FAMILY.parse({**board, "cover": "full"})
    links = _links(full, [[(0, 0), (0, 1)], [(2, 2), (2, 3), (3, 3), (3, 2), (2, 2)]])
    assert splice_loops(full, links) is None
    free = FAMILY.parse({**board, "cover": "free"})
    kept = splice_loops(free, links)
    assert kept is not None and FAMILY.check(free, {"paths": paths_of(free, kept)}).solved


@pytest.mark.parametrize("board", [OPEN_8, OPEN_9])
def test_mip_solves_an_open_board_with_few_pairs_by_itself(board):
    m = FAMILY.parse(board)
    out = FAMILY.solve(m, "mip", Deadline(30), limit=1)
    assert len(out.solutions) == 1 and FAMILY.check(m, out.solutions[0]).solved


def test_short_tries_still_give_checked_answers_and_the_same_count_as_auto(monkeypatch):
    """Every try cut short (a hundredth of a second at first): the answers that come
    are checked, and their number and the proof agree with ``auto``."""
    monkeypatch.setattr(mip, "attempt_slice", lambda attempt: 0.01 * 2 ** attempt)
    m = FAMILY.parse({"type": "numberlink", "width": 5, "height": 4, "cover": "full",
                      "endpoints": [[0, 0, "a"], [3, 4, "a"], [0, 4, "b"], [2, 2, "b"], [3, 0, "c"], [1, 1, "c"]]})
    counts = {}
    for method in ("mip", "auto"):
        out = FAMILY.solve(m, method, Deadline(60), limit=2)
        assert out.complete and all(FAMILY.check(m, s).solved for s in out.solutions)
        counts[method] = len(out.solutions)
    assert counts["mip"] == counts["auto"]


def test_no_answer_when_two_pairs_must_cross_on_the_border():
    """a b a b round the border of an open 7x7 board: the lines would cross."""
    m = FAMILY.parse({"type": "numberlink", "width": 7, "height": 7, "cover": "full",
                      "endpoints": [[0, 2, "a"], [0, 5, "b"], [6, 3, "a"], [4, 0, "b"]]})
    out = FAMILY.solve(m, "mip", Deadline(30), limit=1)
    assert out.complete and not out.solutions
