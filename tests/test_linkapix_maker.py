"""The Link-a-Pix maker: pictures, cutting, uniqueness, determinism, bad input."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pysolver.base import Deadline, PuzzleError
from pysolver.linkapix import FAMILY
from pysolver.linkapix.maker import (_Board, _Cut, _verify, cut_paths, make_from_rgba,
                                     make_puzzle, split_path)
from pysolver.linkapix.pictures import (generated_picture, picture_from_nonogram,
                                       picture_from_rgba, picture_labels, quantise)

FIXTURES = Path(__file__).parent / "fixtures" / "linkapix"


def painted(puzzle: dict) -> list[str]:
    """The picture a solution paints, computed here from the clues and the paths."""
    colour = {(r, c): k for r, c, _, k in puzzle["clues"]}
    grid = [["."] * puzzle["width"] for _ in range(puzzle["height"])]
    for path in puzzle["solution"]["paths"]:
        key = colour[tuple(path[0])]
        for r, c in path:
            grid[r][c] = key
    return ["".join(row) for row in grid]


def assert_unique(puzzle: dict) -> None:
    model = FAMILY.parse(puzzle)
    assert FAMILY.check(model, puzzle["solution"]).solved
    out = FAMILY.solve(model, "auto", Deadline(60), limit=2)
    assert out.complete and len(out.solutions) == 1
    assert FAMILY.same_solution(model, out.solutions[0], puzzle["solution"])


@pytest.mark.parametrize("filled,size,seed", [(True, 10, 1), (False, 12, 2), (True, 24, 3),
                                              (False, 20, 4)])
def test_made_puzzle_is_unique_and_paints_the_picture(filled, size, seed):
    palette, grid = generated_picture(size, size, seed=seed, colours=3, filled=filled)
    puzzle, stats = make_puzzle(palette, grid, seed=seed)
    assert_unique(puzzle)
    assert painted(puzzle) == grid
    assert set(puzzle["palette"]) == {ch for row in grid for ch in row} - {"."}
    assert stats["clues"] == len(puzzle["clues"]) and stats["seconds"] >= 0
    assert stats["filled"] == int(filled)
    # a path covers exactly its number of cells, both ends clues
    clue = {(r, c): n for r, c, n, _ in puzzle["clues"]}
    for path in puzzle["solution"]["paths"]:
        assert clue[tuple(path[0])] == clue[tuple(path[-1])] == len(path)


def test_maker_is_deterministic_for_a_seed():
    palette, grid = generated_picture(16, 16, seed=7, colours=4, filled=False)
    a, _ = make_puzzle(palette, grid, seed=5)
    b, _ = make_puzzle(palette, grid, seed=5)
    c, _ = make_puzzle(palette, grid, seed=6)
    assert json.dumps(a) == json.dumps(b)
    assert a["clues"] != c["clues"]


def test_ambiguous_cut_is_recut_until_unique():
    # An L of 5 cells on blank ground: as one path 5..5 it could also go round the
    # other side of the 3x3 square, so the maker must split it.
    grid = ["aaa", "..a", "..a"]
    keys, colours, labels = picture_labels({"a": "#123456"}, grid)
    board = _Board(labels)
    cut = _Cut(board, [[0, 1, 2, 5, 8]])
    stats = {"rounds": 0, "solves": 0, "timeouts": 0}
    meta = {"type": "linkapix", "width": 3, "height": 3}
    puzzle = _verify(FAMILY, cut, keys, {"a": "#123456"}, meta, Deadline(30),
                     random.Random(0), stats, 10.0)
    assert stats["rounds"] >= 1
    assert_unique(puzzle)
    assert painted(puzzle) == grid


def test_a_solver_that_gives_up_makes_the_maker_shorten_paths(monkeypatch):
    """Long snakes in open country can have more paths than the solver keeps (it gives
    up): the maker then shortens the longest paths, as after a time-out, instead of
    failing.  Here a tiny path budget stands in for the open country."""
    from pysolver.linkapix import engine
    monkeypatch.setattr(engine, "MAX_PATH_CELLS", 60)
    grid = ["aaaaaa", "a....a", "a....a", "aaaaaa"]
    keys, colours, labels = picture_labels({"a": "#123456"}, grid)
    cut = _Cut(_Board(labels), [[0, 1, 2, 3, 4, 5, 11, 17, 23, 22, 21, 20, 19, 18, 12, 6]])
    stats = {"rounds": 0, "solves": 0, "timeouts": 0}
    meta = {"type": "linkapix", "width": 6, "height": 4}
    puzzle = _verify(FAMILY, cut, keys, {"a": "#123456"}, meta, Deadline(30),
                     random.Random(0), stats, 10.0)
    assert stats["timeouts"] >= 1
    monkeypatch.undo()
    assert_unique(puzzle)
    assert painted(puzzle) == grid


def test_the_search_counts_the_candidates_each_choice_undoes_as_work():
    """A search node can undo thousands of candidates and poll the deadline once: a
    bound on work must count them, or a maker's check can run for seconds inside it."""
    from pysolver.base import SolveTimeout, WorkBound
    model = FAMILY.parse(json.loads((FIXTURES / "bench_20_part.json").read_text()))
    with pytest.raises(SolveTimeout):
        FAMILY.solve(model, "auto", WorkBound(Deadline(60), None, 1), limit=2)
    roomy = FAMILY.solve(model, "auto", WorkBound(Deadline(60), None, 10**9), limit=2)
    plain = FAMILY.solve(model, "auto", Deadline(60), limit=2)
    assert roomy.complete and roomy.solutions == plain.solutions


def test_a_check_out_of_work_shortens_paths_the_same_way_each_time():
    """The random makers bound the check of their first cut by work, not time: where it
    runs out, the longest paths are shortened, on every machine alike.  (A bound of 10
    candidates undone: none at all would leave even the last cut, of 1s and 2s, no
    room for the little search it may need.)"""
    palette, grid = generated_picture(16, 16, seed=7, colours=4, filled=False)
    a, stats = make_puzzle(palette, grid, seed=0, tile=0, max_len=16, solve_work=10)
    b, _ = make_puzzle(palette, grid, seed=0, tile=0, max_len=16, solve_work=10)
    assert stats["timeouts"] >= 1
    assert json.dumps(a) == json.dumps(b)
    assert_unique(a)
    assert painted(a) == grid


def test_cut_partitions_each_colour_region_into_paths():
    palette, grid = generated_picture(30, 30, seed=11, colours=4, filled=False)
    _, _, labels = picture_labels(palette, grid)
    board = _Board(labels)
    paths = cut_paths(board, random.Random(0), 12)
    seen = [i for p in paths for i in p]
    assert sorted(seen) == sorted(board.cells)
    for p in paths:
        assert 1 <= len(p) <= 12
        assert len({board.lab[i] for i in p}) == 1
        assert all(b in board.nb[a] for a, b in zip(p, p[1:]))
    assert any(len(p) == 1 for p in paths) and any(len(p) >= 6 for p in paths)


def test_split_makes_a_hot_cell_a_clue_cell():
    path = list(range(10))
    for hot in ({1}, {8}, {4, 5, 6}, {2, 7}):
        pieces = split_path(path, hot, random.Random(0))
        assert len(pieces) == 2 and pieces[0] + pieces[1] == path
        assert hot & {pieces[0][-1], pieces[1][0]}
    for n in (2, 3, 4, 7):
        pieces = split_path(list(range(n)), set(), random.Random(0))
        assert len(pieces) == 2 and all(pieces) and pieces[0] + pieces[1] == list(range(n))


def test_quantisation_gives_at_most_k_colours():
    rng = np.random.default_rng(1)
    img = rng.integers(0, 256, (50, 70, 4), dtype=np.uint8)
    img[..., 3] = 255
    for k in (1, 3, 8):
        palette, grid = picture_from_rgba(img, 30, 30, k, background="none")
        assert 1 <= len(palette) <= k
        assert len(grid[0]) == 30 and len(grid) == round(50 * 30 / 70)
        assert all(ch in palette for row in grid for ch in row)
    labels, centres = quantise(img[..., :3].astype(float), np.ones((50, 70), bool), 5)
    assert labels.max() < 5 and len(centres) <= 5


def test_the_blur_along_a_drawings_edges_is_no_colour_of_its_own():
    # A black ring on white, drawn large and scaled down: asked for three or four
    # colours it still has two (the grey of its blurred edges was the third, in one-cell
    # runs along both edges); a real third colour, grey or red, stays.
    yy, xx = np.mgrid[0:230, 0:230]
    d = np.hypot(yy - 115, xx - 115)
    ring = np.full((230, 230, 4), 255, np.uint8)
    ring[(d > 60) & (d < 90), :3] = 20
    for k in (3, 4):
        palette, grid = picture_from_rgba(ring, 30, 30, k, background="none")
        assert len(palette) == 2, k
    three = np.full((230, 230, 4), 255, np.uint8)
    three[30:120, 30:120, :3] = 128
    three[d < 50, :3] = [200, 20, 20]
    palette, _ = picture_from_rgba(three, 30, 30, 3, background="none")
    assert len(palette) == 3


def test_a_picture_of_k_colours_keeps_them_when_scaled_down():
    # (a maker's review: a red disc, a blue square and a green triangle on white, 64
    # pixels to 16 cells, asked for 3 colours: blue and green merged into one teal and
    # the cells along the edges, averaged with the white, took the third colour)
    yy, xx = np.mgrid[0:64, 0:64]
    img = np.full((64, 64, 4), 255, np.uint8)
    img[np.hypot(xx - 20, yy - 20) < 14, :3] = [220, 30, 30]
    img[(xx > 36) & (xx < 60) & (yy > 8) & (yy < 32), :3] = [30, 60, 220]
    img[(yy > 38) & (yy < 60) & (abs(xx - 32) < (yy - 38)), :3] = [30, 170, 60]
    palette, grid = picture_from_rgba(img, 16, 16, 3, background="auto")
    assert sorted(palette.values()) == ["#1e3cdc", "#1eaa3c", "#dc1e1e"]
    palette, grid = picture_from_rgba(img, 16, 16, 4, background="none")
    assert sorted(palette.values()) == ["#1e3cdc", "#1eaa3c", "#dc1e1e", "#ffffff"]
    # each cell takes the colour most of its 4x4 pixels have
    key = {v: k for k, v in palette.items()}
    assert grid[5][5] == key["#dc1e1e"] and grid[5][12] == key["#1e3cdc"] and grid[13][8] == key["#1eaa3c"]
    assert grid[0][0] == key["#ffffff"]


def test_black_and_white_is_by_a_threshold():
    # (a photo without a plain border, in one colour: two-means on its colours found no
    # background, and every cell was filled)
    yy, xx = np.mgrid[0:200, 0:200]
    img = np.full((200, 200, 4), 255, np.uint8)
    img[..., :3] = (xx * 200 // 200 + 30)[..., None]          # dark on the left to light on the right
    img[np.hypot(xx - 60, yy - 100) < 40, :3] = 240          # a light disc on the dark side
    img[120:180, 120:180, :3] = 20                           # a dark square on the light side
    filled = {}
    for t in (None, 30, 50, 70):
        palette, grid = picture_from_rgba(img, 20, 20, 1, background="auto", threshold=t)
        assert len(palette) == 1
        filled[t] = sum(row.count("a") for row in grid)
        assert grid[15][15] == "a" and grid[10][6] == "."     # the square filled, the disc not
    assert 0 < filled[30] < filled[50] < filled[70] < 400 and 0 < filled[None] < 400
    # a light drawing on a dark ground: an automatic threshold fills the drawing
    ring = np.zeros((60, 60, 4), np.uint8)
    ring[..., 3] = 255
    ring[20:40, 20:40, :3] = 250
    _, grid = picture_from_rgba(ring, 12, 12, 1, background="auto")
    assert grid[0] == "." * 12 and grid[6][6] == "a"
    # on a transparent ground, what is there is filled, light or dark
    star = np.zeros((60, 60, 4), np.uint8)
    star[20:40, 20:40] = [250, 230, 40, 255]
    _, grid = picture_from_rgba(star, 12, 12, 1, background="auto")
    assert grid[0] == "." * 12 and grid[6][6] == "a"
    with pytest.raises(PuzzleError, match="threshold: 100 is not a whole number from 1 to 99"):
        picture_from_rgba(img, 20, 20, 1, background="auto", threshold=100)


def test_backgrounds():
    img = np.zeros((20, 20, 4), np.uint8)
    img[..., :3] = 255
    img[..., 3] = 255
    img[5:15, 5:15] = [200, 30, 30, 255]
    img[8:12, 8:12] = [20, 20, 200, 255]
    palette, grid = picture_from_rgba(img, 10, 10, 2, background="auto")
    assert len(palette) == 2 and grid[0] == "." * 10 and grid[5][5] != "."
    palette, grid = picture_from_rgba(img, 10, 10, 3, background="none")
    assert "." not in "".join(grid)
    clear = img.copy()
    clear[..., 3] = 0
    clear[5:15, 5:15, 3] = 255
    palette, grid = picture_from_rgba(clear, 10, 10, 2, background="transparent")
    assert grid[0] == "." * 10 and len(palette) == 2
    flat = clear.reshape(-1)
    assert picture_from_rgba(flat, 10, 10, 2, background="transparent",
                             source_width=20) == (palette, grid)


def test_make_from_rgba_end_to_end():
    img = np.zeros((40, 40, 4), np.uint8)
    img[..., 3] = 0
    yy, xx = np.mgrid[0:40, 0:40]
    disc = (yy - 20) ** 2 + (xx - 20) ** 2 < 15 ** 2
    img[disc] = [240, 180, 20, 255]
    img[disc & (yy > 24)] = [180, 40, 40, 255]
    puzzle, stats = make_from_rgba(img.tolist(), 14, 14, 2, seed=3)
    assert puzzle["width"] == 14 and puzzle["height"] == 14
    assert len(puzzle["palette"]) == 2 and stats["filled"] == 0
    assert_unique(puzzle)


def test_nonogram_picture():
    nono = {"type": "nonogram", "width": 3, "height": 2, "rows": [[1], [3]], "cols": [[1], [2], [1]],
            "solution": {"grid": [".#.", "###"]}}
    palette, grid = picture_from_nonogram(nono)
    assert list(palette.values()) == ["#000000"] and grid[0][0] == "." and "#" not in "".join(grid)
    palette, grid = picture_from_nonogram(nono, filled=True)
    assert len(palette) == 2 and "." not in "".join(grid)


@pytest.mark.parametrize("palette,grid,message", [
    ({"a": "#000000"}, [], "empty"),
    ({"a": "#000000"}, ["...", "..."], "blank"),
    ({"a": "#000000"}, ["a" * 300], "too big"),
    ({"a": "#000000"}, ["ab"], "not a palette key"),
    ({"a": "#000000"}, ["aa", "a"], "expected 2"),
    ({"a": "black"}, ["a"], "#rrggbb"),
    ({}, ["a"], "palette"),
])
def test_bad_pictures(palette, grid, message):
    with pytest.raises(PuzzleError, match=message):
        make_puzzle(palette, grid)


@pytest.mark.parametrize("kwargs,message", [
    ({"colours": 0}, "colours"),
    ({"colours": 33}, "colours"),
    ({"colours": True}, "colours"),
    ({"width": 300}, "width"),
    ({"height": 0}, "height"),
    ({"background": "white"}, "background"),
])
def test_bad_maker_requests(kwargs, message):
    img = np.full((8, 8, 4), 255, np.uint8)
    args = {"width": 8, "height": 8, "colours": 2}
    args.update(kwargs)
    with pytest.raises(PuzzleError, match=message):
        make_from_rgba(img, **args)


def test_bad_pixel_data():
    with pytest.raises(PuzzleError, match="transparent"):
        picture_from_rgba(np.zeros((4, 4, 4), np.uint8), 4, 4, 2, background="transparent")
    with pytest.raises(PuzzleError, match="source width"):
        picture_from_rgba(bytes(64), 4, 4, 2)
    with pytest.raises(PuzzleError, match="shape"):
        picture_from_rgba(np.zeros((4, 4)), 4, 4, 2)
    with pytest.raises(PuzzleError, match="empty"):
        picture_from_rgba(np.zeros((0, 4, 4)), 4, 4, 2)
    with pytest.raises(PuzzleError, match="numbers"):
        picture_from_rgba([["x"]], 4, 4, 2)


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("maker_*.json")), ids=lambda p: p.name)
def test_fixtures_are_unique(path):
    puzzle = json.loads(path.read_text())
    assert puzzle["license"] == "CC0-1.0"
    assert_unique(puzzle)


def test_the_worker_makes_a_puzzle_of_a_picture_drawn_cell_by_cell():
    from pysolver import webapi
    grid = ["aab..", "aab..", ".bbbc", "....c"]
    got = json.loads(webapi.handle(json.dumps({"cmd": "make", "args": {
        "type": "linkapix", "maker": "drawing", "palette": {"a": "#000000", "b": "#ff0000", "c": "#0000ff"}, "grid": grid,
        "title": "Drawn"}})))
    puzzle = got["result"]["puzzle"]
    assert puzzle["title"] == "Drawn" and (puzzle["width"], puzzle["height"]) == (5, 4)
    assert_unique(puzzle)
    # its one picture is the drawing: every linked cell has the colour drawn there
    painted = {(r, c): k for r, row in enumerate(grid) for c, k in enumerate(row) if k != "."}
    cells = {tuple(cell): path for path in puzzle["solution"]["paths"] for cell in path}
    assert set(cells) == set(painted)
    bad = json.loads(webapi.handle(json.dumps({"cmd": "make", "args": {
        "type": "linkapix", "maker": "drawing", "palette": {"a": "#000000"}, "grid": ["ab"]}})))
    assert "not a palette key" in bad["error"]


def test_a_random_puzzle_has_the_colours_asked_for():
    """(a maker's review: 12x12 in 3 colours came out in 2, the smoothing having taken a
    small blob away; number 11 was one)"""
    from pysolver.blobs import blob_grid, blob_grid_of_all
    from pysolver.make import make
    lost = blob_grid(12, 12, [".", "a", "b", "c"], 11)
    assert len({k for row in lost for k in row} - {"."}) < 3
    puzzle = make("linkapix", {"width": 12, "height": 12, "colours": 3, "seed": 11})["puzzle"]
    assert len(puzzle["palette"]) == 3
    for seed in range(30):   # (5x5 in 3 colours lost one in nearly half of the numbers)
        grid = blob_grid_of_all(5, 5, [".", "a", "b", "c"], seed, spare=".")
        assert {"a", "b", "c"} <= {k for row in grid for k in row}


def test_solving_hints_and_the_makers_from_a_grid_import_no_numpy():
    """In the browser NumPy is a download and seconds of loading, fetched when a request
    first imports it: Link-a-Pix's search, hints, grades and the makers that start from
    a grid (random pictures, the puzzle of the day, a drawing) must not import it (only
    HiGHS, for a part too big for the search, the paper's method and pixels do)."""
    script = """
import json, sys
from pysolver import webapi
def ask(cmd, **args):
    reply = json.loads(webapi.handle(json.dumps({"cmd": cmd, "args": args})))
    assert reply["ok"], reply
    return reply["result"]
made = ask("make", type="linkapix", maker="random", width=10, height=8, colours=2, grade=4, seed=1)["puzzle"]
made.pop("solution")
assert ask("solve", puzzle=made, unique=True)["unique"] is True
assert ask("hint", puzzle=made, progress={"paths": []})["hint"]["cells"]
ask("grade", puzzle=made)
ask("daily", type="linkapix", date="2026-11-25")
ask("make", type="linkapix", maker="drawing", width=4, height=3,
    palette={"a": "#000000"}, grid=["aaaa", "a..a", "aaaa"])
print(sorted(m for m in ("numpy", "scipy") if m in sys.modules))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                         cwd=Path(__file__).resolve().parents[1])
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["[]"]
