"""Reading a Flow-style screenshot into a Numberlink board (pysolver/numberlink/
screenshot.py), on pictures of our own drawn by tests/flowimage.py."""
import base64
import json

import numpy as np
import pytest

from flowimage import flow_picture
from pysolver import webapi
from pysolver.base import Deadline, PuzzleError
from pysolver.numberlink.generate import generate
from pysolver.numberlink.screenshot import read_base64, read_rgba


def pairs(puzzle):
    """The board's end points as a set of cell pairs (labels are the reader's own)."""
    ends = {}
    for r, c, lab in puzzle["endpoints"]:
        ends.setdefault(lab, []).append((r, c))
    return sorted(tuple(sorted(v)) for v in ends.values())


def board(w, h, seed):
    p = generate(w, h, seed, "full", Deadline(60))
    assert len(pairs(p)) <= 16  # (Flow has 16 colours; the pictures repeat none)
    return p


@pytest.mark.parametrize("w,h,seed,cell", [(5, 5, 1, 60), (7, 7, 3, 40), (9, 12, 2, 30), (8, 6, 4, 50)])
def test_reads_size_and_pairs(w, h, seed, cell):
    p = board(w, h, seed)
    got, stats = read_rgba(flow_picture(p, cell=cell))
    assert (got["width"], got["height"], got["cover"]) == (w, h, "full")
    assert pairs(got) == pairs(p)
    assert stats["dots"] == len(p["endpoints"])
    assert len(stats["colours"]) == len(pairs(p))


def test_pipes_and_tints_are_not_dots():
    p = board(10, 10, 6)
    drawn = {lab: path[:len(path) // 2 + 1] for lab, path in list(p["solution"]["paths"].items())[:4]}
    got, _ = read_rgba(flow_picture(p, cell=36, pipes=drawn))
    assert pairs(got) == pairs(p)


@pytest.mark.parametrize("line", [(110, 95, 40), (40, 40, 40)])
def test_noise_and_dim_grid_lines(line):
    """A compressed picture's noise (sigma 6 a channel) and grid lines barely lighter
    than the background still read."""
    p = board(8, 10, 4)
    img = flow_picture(p, cell=40, line=line).astype(int)
    img[:, :, :3] += np.random.default_rng(1).normal(0, 6, img[:, :, :3].shape).astype(int)
    got, _ = read_rgba(np.clip(img, 0, 255).astype(np.uint8))
    assert pairs(got) == pairs(p)


def test_a_rescaled_screenshot():
    p = board(8, 6, 4)
    got, _ = read_rgba(flow_picture(p, cell=50, width=333))   # a third smaller, nearest neighbour
    assert pairs(got) == pairs(p)


def test_transparent_pixels_are_background():
    p = board(5, 5, 1)
    img = flow_picture(p, cell=40)
    img[:, :, 3] = np.where(img[:, :, :3].max(axis=2) == 0, 0, 255)
    got, _ = read_rgba(img)
    assert pairs(got) == pairs(p)


def test_a_lone_dot_keeps_its_own_label():
    p = board(6, 6, 2)
    ends = p["endpoints"]
    lone = {"type": "numberlink", "width": 6, "height": 6, "cover": "full", "endpoints": ends[:-1]}
    got, _ = read_rgba(flow_picture(lone, cell=40))
    counts = sorted(len(v) for v in {lab: [e for e in got["endpoints"] if e[2] == lab]
                                     for _, _, lab in got["endpoints"]}.values())
    assert counts == [1] + [2] * (len(pairs(p)) - 1)


def test_no_grid_is_said():
    img = np.zeros((200, 300, 4), dtype=np.uint8)
    img[:, :, 3] = 255
    img[50:80, 60:90, 0] = 255
    with pytest.raises(PuzzleError, match="no grid"):
        read_rgba(img)


def test_a_grid_without_dots_is_said():
    p = {"type": "numberlink", "width": 4, "height": 4, "cover": "full", "endpoints": []}
    with pytest.raises(PuzzleError, match="4x4 grid, but no coloured dots"):
        read_rgba(flow_picture(p, cell=40))


def test_bad_pixel_data_is_refused():
    with pytest.raises(PuzzleError, match="bytes do not make"):
        read_base64(base64.b64encode(b"abc").decode(), 2, 2)
    with pytest.raises(PuzzleError, match="corrupted"):
        read_base64("***", 2, 2)
    with pytest.raises(PuzzleError, match="at most 1024"):
        read_base64("", 2000, 2)


def test_the_worker_reads_a_screenshot():
    """The app's path: the page sends RGBA as base64 to the maker 'screenshot'."""
    p = board(7, 7, 3)
    img = flow_picture(p, cell=40)
    h, w = img.shape[:2]
    req = {"cmd": "make", "args": {"type": "numberlink", "maker": "screenshot", "title": "Level 3",
                                   "rgba": base64.b64encode(img.tobytes()).decode(),
                                   "source_width": w, "source_height": h}}
    out = json.loads(webapi.handle(json.dumps(req)))
    assert out["ok"], out
    got = out["result"]["puzzle"]
    assert got["title"] == "Level 3" and pairs(got) == pairs(p)
    # the board read is a puzzle the solver takes as it is
    solved = json.loads(webapi.handle(json.dumps({"cmd": "solve", "args": {"puzzle": got}})))
    assert solved["ok"] and solved["result"]["status"] == "solved"
