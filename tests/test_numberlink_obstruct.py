"""Proofs of no solution before any search (``obstruct.py``), and dense contest-style
boards under free cover.  Every board here is made in code."""
import importlib.util
import random
from pathlib import Path

from pysolver.base import Deadline
from pysolver.numberlink import FAMILY, obstruct
from pysolver.numberlink.model import make_model
from pysolver.numberlink.search import Search

from random_boards import random_ends


def _maker():
    """bench/make_freecover.py (the walks of the hard sets, solvable by construction)."""
    path = Path(__file__).resolve().parent.parent / "bench" / "make_freecover.py"
    spec = importlib.util.spec_from_file_location("make_freecover", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _no_solution(model, words):
    out = FAMILY.solve(model, "auto", Deadline(30), 2)
    assert out.complete and out.solutions == []
    assert words in out.note


def _blocks(width, height, blocks):
    """2x2 blocks of endpoints: ((top row, left column), four labels row by row)."""
    ends = [(r + i // 2, c + i % 2, lab) for (r, c), labs in blocks for i, lab in enumerate(labs)]
    return make_model(width, height, ends, cover="free")


def test_a_pair_walled_apart_by_other_endpoints():
    # 1 at the centre of a plus of other endpoints, its partner far away, on a roomy board
    ends = [(5, 5, "1"), (0, 11, "1"), (4, 5, "2"), (5, 4, "2"), (6, 5, "3"), (5, 6, "3")]
    _no_solution(make_model(12, 10, ends, cover="free"), "walled apart")


def test_two_pairs_crossing_on_the_border_of_an_open_board():
    # 1 joins the top to the bottom, 2 the left to the right: on the border they alternate
    ends = [(0, 7, "1"), (19, 3, "1"), (12, 0, "2"), (5, 24, "2"), (9, 9, "3"), (14, 16, "3")]
    _no_solution(make_model(25, 20, ends, cover="free"), "would have to cross")


def test_two_blocks_joined_in_the_same_turning_order_cannot_be_drawn():
    # Four lines between two 2x2 blocks laid out alike: leaving one block clockwise they
    # reach the other anticlockwise, so two of them cross; mirrored, they do not.
    same = _blocks(30, 16, [((6, 8), "1234"), ((6, 20), "1234")])
    _no_solution(same, "cannot all be drawn")
    mirrored = _blocks(30, 16, [((6, 8), "1234"), ((6, 20), "2143")])
    assert obstruct.reason(mirrored) is None
    out = FAMILY.solve(mirrored, "auto", Deadline(30), 1)
    assert len(out.solutions) == 1 and FAMILY.check(mirrored, out.solutions[0]).ok


def test_more_lines_across_a_column_than_it_has_cells():
    # four pairs from the left part of a 3-row board to the right part
    ends = [(0, 1, "1"), (2, 28, "1"), (1, 2, "2"), (0, 27, "2"), (2, 0, "3"), (1, 29, "3"),
            (1, 4, "4"), (2, 25, "4")]
    model = make_model(30, 3, ends, cover="free")
    assert "free cells" in obstruct._narrow_cut(model, frozenset())[0]
    _no_solution(model, "no solution")


def test_the_tests_never_refuse_a_board_that_has_an_answer():
    rng = random.Random(21)
    refused = 0
    for _ in range(150):
        w, h, ends = random_ends(rng, max_pairs=5, sides=(3, 6))
        model = make_model(w, h, ends, cover="free")
        if obstruct.reason(model) is not None:
            refused += 1
            # under free cover the search without self-touch is exhaustive
            assert Search(model, True, Deadline(30)).run(1) == []
    assert refused > 10
    maker = _maker()
    for seed in range(20):
        assert obstruct.reason(FAMILY.parse(maker.make_walk(seed))) is None


def test_a_dense_contest_style_board_is_routed():
    maker = _maker()
    data = maker.make_dense(1)
    model = FAMILY.parse(data)
    assert data["width"] == data["height"] == 50 and len(model.ends) >= 300
    out = FAMILY.solve(model, "auto", Deadline(60), 1)
    assert len(out.solutions) == 1 and FAMILY.check(model, out.solutions[0]).ok


def test_a_local_knot_is_found_by_probing_at_the_root():
    # swap #3 of the hard set (24x16, 26 pairs): in its bottom-right corner every way
    # on of one line end ends in a contradiction; the plain search met that knot again
    # under every choice it made elsewhere first and ran past 30 s
    model = FAMILY.parse(_maker().make_swap(3))
    assert obstruct.reason(model) is None
    assert Search(model, True, Deadline(30), node_limit=0, probe=True).run(1) == []
    out = FAMILY.solve(model, "auto", Deadline(30), 1)
    assert out.complete and out.solutions == []


def test_drawn_lines_count_as_walls():
    # a line already drawn down the middle column (its pair joined) cuts 1 off from its partner
    model = make_model(5, 5, [(2, 0, "1"), (2, 4, "1")], cover="free")
    assert obstruct.reason(model) is None
    drawn = frozenset(r * 5 + 2 for r in range(5))
    assert "walled apart" in obstruct.reason(model, drawn)


def test_probing_with_the_tests_on_each_probe_proves_a_tangle():
    # swap #21 of the hard set (26x24): every way on of one line end leaves a board
    # that the tests refuse once the drawn part counts as a wall
    model = FAMILY.parse(_maker().make_swap(21))
    assert obstruct.reason(model) is None
    out = FAMILY.solve(model, "auto", Deadline(30), 1)
    assert out.complete and out.solutions == []
