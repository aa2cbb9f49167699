"""Makers (issue 23): random nonograms of a grade, unique and reproducible; a picture
made unique with the changes reported; the CLI's make flags; PNG reading; the daily puzzle."""
import json
import struct
import zlib

import pytest
from testkit import cli

from pysolver import api, make, registry, webapi
from pysolver.base import Deadline, PuzzleError
from pysolver.format import parse_puzzle
from pysolver.nonogram import maker
from pysolver.png import read_png


def unique_and_valid(puzzle: dict) -> bool:
    out = api.solve(puzzle, unique=True, timeout=30)
    return out["status"] == "solved" and out["unique"] is True


def graded(puzzle: dict) -> int:
    p = parse_puzzle(puzzle)
    return p.family.grade(p.model, Deadline(30)).level


@pytest.mark.parametrize("colours,level", [(1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (3, 2)])
def test_random_nonogram_is_unique_and_of_its_grade(colours, level):
    out = maker.make_random(12, 10, colours, level, seed=7, deadline=Deadline(60))
    puzzle = out["puzzle"]
    assert puzzle["grade"] == level == graded(puzzle)
    assert (puzzle["width"], puzzle["height"]) == (12, 10)
    assert ("palette" in puzzle) == (colours > 1)
    assert unique_and_valid(puzzle)
    # the same seed, the same puzzle; another seed, another one
    assert maker.make_random(12, 10, colours, level, seed=7)["puzzle"] == puzzle
    assert maker.make_random(12, 10, colours, level, seed=8)["puzzle"]["rows"] != puzzle["rows"]


def test_sizes_are_checked():
    with pytest.raises(PuzzleError):
        maker.make_random(4, 10)
    with pytest.raises(PuzzleError):
        maker.make_random(10, 41)


def test_make_unique_repairs_an_ambiguous_picture():
    # a 2x2 switch inside an otherwise clear picture: two solutions until a cell changes
    picture = [[1, 1, 1, 1, 1, 1],
               [1, 0, 0, 0, 0, 1],
               [1, 0, 1, 0, 0, 1],
               [1, 0, 0, 1, 0, 1],
               [1, 0, 0, 0, 0, 1],
               [1, 1, 1, 1, 1, 0]]
    import random
    assert maker.second_solution(picture, None, Deadline(10)) is not None
    fixed, changes, g = maker.make_unique(picture, None, Deadline(30), random.Random(1))
    assert changes and all(fixed[c["cell"][0]][c["cell"][1]] != picture[c["cell"][0]][c["cell"][1]]
                           for c in changes)
    assert sum(a != b for ra, rb in zip(fixed, picture) for a, b in zip(ra, rb)) == len(changes)
    assert maker.second_solution(fixed, None, Deadline(10)) is None
    assert unique_and_valid(maker.puzzle_of(fixed, None)) and 1 <= g.level <= 5


def png_bytes(width: int, height: int, rgba: bytes) -> bytes:
    """A PNG of our own: RGBA, every row with the Sub filter (so unfiltering is tested)."""
    rows = b""
    for y in range(height):
        line = rgba[y * width * 4:(y + 1) * width * 4]
        rows += b"\x01" + bytes((line[i] - (line[i - 4] if i >= 4 else 0)) & 255 for i in range(len(line)))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def disc_picture(side: int = 40) -> bytes:
    px = bytearray()
    for y in range(side):
        for x in range(side):
            d = ((x - side / 2) ** 2 + (y - side / 2.5) ** 2) ** 0.5
            px += bytes((200, 20, 20, 255) if d < side / 3 else (20, 20, 160, 255) if y > side * 0.8 else
                        (255, 255, 255, 255))
    return png_bytes(side, side, bytes(px))


def test_png_reader():
    data = disc_picture(12)
    w, h, rgba = read_png(data)
    assert (w, h, len(rgba)) == (12, 12, 12 * 12 * 4)
    assert rgba[:4] == bytes((255, 255, 255, 255))
    with pytest.raises(PuzzleError):
        read_png(b"not a png")


def test_picture_to_unique_nonogram(tmp_path):
    out = make.make("nonogram", {"width": 16, "colours": 2}, disc_picture())
    puzzle = out["puzzle"]
    assert puzzle["width"] == 16 and len(puzzle["palette"]) == 2 and 1 <= puzzle["grade"] <= 5
    assert isinstance(out["stats"]["changed"], list)
    assert unique_and_valid(puzzle)
    png = tmp_path / "disc.png"
    png.write_bytes(disc_picture())
    run = cli("make", "nonogram", "--from", png, "--width", 12)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["width"] == 12
    # in black and white by a threshold: the darker the cut, the fewer cells filled
    # (the disc is red, lightness 74 of 255; the ground below it blue, 36)
    filled = {}
    for t in (20, 50):
        run = cli("make", "nonogram", "--from", png, "--width", 12, "--threshold", t)
        assert run.returncode == 0, run.stderr
        filled[t] = "".join(json.loads(run.stdout)["solution"]["grid"]).count("#")
    assert 0 < filled[20] < filled[50]
    run = cli("make", "nonogram", "--width", 12, "--threshold", 20)
    assert run.returncode == 2 and "threshold: the nonogram random maker does not take it" in run.stderr


def test_link_a_pix_from_a_picture_is_scaled_to_the_width_asked_as_the_other_makers_are():
    # (the page scales a picture before it sends it; the command line sends the PNG whole)
    for width in (8, 16):                                   # the disc is 12x12 pixels
        out = make.make("linkapix", {"width": width, "colours": 2}, disc_picture())
        assert (out["puzzle"]["width"], out["puzzle"]["height"]) == (width, width)


def test_cli_make_flags_same_seed_same_puzzle():
    args = ("make", "nonogram", "--width", 10, "--height", 8, "--grade", "medium", "--seed", 3)
    first = cli(*args)
    assert first.returncode == 0, first.stderr
    puzzle = json.loads(first.stdout)
    assert puzzle["grade"] == 2 and puzzle["height"] == 8
    assert cli(*args).stdout == first.stdout
    wrong = cli("make", "nonogram", "--width", 10, "--height", 8, "--pairs", 3)
    assert wrong.returncode == 2 and "pairs" in wrong.stderr
    board = cli("make", "numberlink", "--width", 7, "--height", 7, "--seed", 2)
    assert board.returncode == 0 and 1 <= json.loads(board.stdout)["grade"] <= 5


def test_daily_is_the_same_for_a_date_and_differs_by_date():
    a = make.daily("nonogram", "2026-11-25")
    assert a == make.daily("nonogram", "2026-11-25")
    assert a["puzzle"]["rows"] != make.daily("nonogram", "2026-11-26")["puzzle"]["rows"]
    assert a["puzzle"]["grade"] == make.DAILY_GRADES[2]        # a Wednesday
    # what the page says of it before making it (the description's "daily") is what it is
    plan = next(f["daily"] for f in registry.describe()["families"] if f["type"] == "nonogram")
    assert ((a["puzzle"]["width"], a["puzzle"]["height"], plan["grades"][2])
            == (plan["width"], plan["height"], a["puzzle"]["grade"]))
    out = json.loads(webapi.handle(json.dumps({"cmd": "daily", "args": {"type": "numberlink",
                                                                        "date": "2026-11-25"}})))
    assert out["ok"] and out["result"]["date"] == "2026-11-25"
    with pytest.raises(PuzzleError):
        make.daily("nonogram", "25/11/2026")


def test_a_random_link_a_pix_is_unique_graded_and_made_again_from_its_number():
    one = make.make("linkapix", {"width": 12, "height": 10, "colours": 2, "seed": 7})["puzzle"]
    assert (one["width"], one["height"]) == (12, 10) and 1 <= one["grade"] <= 5
    assert make.make("linkapix", {"width": 12, "height": 10, "colours": 2, "seed": 7})["puzzle"] == one
    res = api.solve({k: v for k, v in one.items() if k != "solution"}, unique=True, timeout=30)
    assert res["status"] == "solved" and res["unique"] is True
    assert sum(len(path) for path in res["solution"]["paths"]) < 12 * 10     # blobs on a blank ground
    assert make.daily("linkapix", "2026-11-25")["puzzle"]["title"] == "Link-a-Pix of the day, 25 November 2026"


def test_pairs_a_grade_overrides_are_said_with_the_board():
    """(a maker's review: 'Pairs 20' with a grade gave 11 pairs and said nothing)"""
    out = make.make("numberlink", {"width": 8, "height": 8, "grade": 2, "seed": 1, "pairs": 20})
    made = len(out["puzzle"]["endpoints"]) // 2
    assert made != 20 and out["stats"]["note"] == f"{made} pairs, not 20: with a grade, the grade comes first"
    assert "note" not in make.make("numberlink", {"width": 8, "height": 8, "grade": 2, "seed": 1})["stats"]
