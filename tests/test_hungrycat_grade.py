"""Hungry Cat grading (pysolver/hungrycat/grade.py): the shortcuts that make it cheap
enough to climb with give the grade the plain method gives, and a four-cell switch,
the maker's quick reject, always means two solutions."""
import random

import pytest

from pysolver import make
from pysolver.base import Deadline
from pysolver.hungrycat import grade as hc_grade
from pysolver.hungrycat.auto import AutoSolver
from pysolver.hungrycat.maker import four_cell_switch, from_picture, solutions
from pysolver.hungrycat.model import parse

PALETTE = {"K": "#000000", "W": "#ffffff", "R": "#ff0000"}


def plain_contradictions(m) -> tuple[int, int]:
    """The contradiction rung as the grade defines it, without its shortcuts (rules and
    line solver on every probe, every probe run again each round): (count, cells left)."""
    solver = AutoSolver(m, Deadline(60))
    dom = [solver.g.full] * solver.g.size
    solver.rules.propagate(dom)
    assert solver.tighten(dom, range(len(solver.g.specs)))
    count, progress = 0, True
    while progress:
        progress = False
        for cell, d in enumerate(dom):
            bits = d if d & (d - 1) else 0
            while bits:
                bit = bits & -bits
                bits ^= bit
                if solver.assign(dom, cell, bit) is None:
                    dom[cell] &= ~bit
                    assert solver.tighten(dom, solver.g.cell_lines[cell])
                    count += 1
                    progress = True
                    break
    return count, sum(1 for d in dom if d & (d - 1))


@pytest.mark.parametrize("level,seed", [(3, 1), (4, 0), (4, 3), (5, 2)])
def test_the_grade_counts_the_contradictions_the_plain_method_counts(level, seed):
    puzzle = make.make("hungrycat", {"width": 8, "height": 8, "colours": 3, "grade": level, "seed": seed},
                       timeout=120)["puzzle"]
    g = hc_grade.grade(parse(puzzle), Deadline(60))
    assert g.level == level
    assert plain_contradictions(parse(puzzle)) == (g.stats["contradictions"], 0)
    assert hc_grade.proves_unique(g)


def test_probes_skipped_for_kept_states_and_a_known_solution_leave_the_grade_as_it_was(monkeypatch):
    """The rung skips colours a kept state decided, and a maker's own picture's colours:
    on random pictures (stalls among them) the count and the cells left are the plain
    method's, with and without the picture, and the picture saves probes."""
    rng = random.Random(11)
    probes = []
    real = hc_grade._assign
    monkeypatch.setattr(hc_grade, "_assign", lambda *a: probes.append(1) or real(*a))
    spent = {False: 0, True: 0}
    # (and with more colours than a byte per cell holds, packed another way)
    many = {k: f"#{i:02x}{i:02x}{i:02x}" for i, k in enumerate("ABCDEFGHIJ")}
    for n in range(46):
        palette, keys = (PALETTE, "KWRR") if n < 40 else (many, "AABCDEFGHIJ")
        picture = ["".join(rng.choice(keys) for _ in range(7)) for _ in range(7)]
        m = parse(from_picture(picture, {k: palette[k] for k in palette if any(k in row for row in picture)}))
        count, left = plain_contradictions(m)
        for known in (False, True):
            probes.clear()
            g = hc_grade.grade(m, Deadline(30), picture if known else None)
            spent[known] += len(probes)
            if "contradictions" in g.stats:
                assert (g.stats["contradictions"], g.stats.get("guess_left", 0)) == (count, left)
    assert spent[True] < spent[False], spent


def test_stalled_pictures_grade_5_without_proof_and_a_switch_means_two_solutions():
    rng = random.Random(7)
    switches = stalls = 0
    for _ in range(150):
        picture = ["".join(rng.choice("KWR") for _ in range(6)) for _ in range(6)]
        puzzle = from_picture(picture, PALETTE)
        sols = solutions(puzzle, Deadline(30))
        g = hc_grade.grade(parse(puzzle), Deadline(30))
        if len(sols) > 1:
            stalls += 1
            assert g.level == 5 and not hc_grade.proves_unique(g)
        if four_cell_switch(picture):
            switches += 1
            assert len(sols) == 2
        elif hc_grade.proves_unique(g):
            assert len(sols) == 1
    assert switches > 20 and stalls > switches, (switches, stalls)


def test_every_four_cell_switch_is_listed_and_each_keeps_every_clue():
    """switch_flips against trying every rectangle of small random pictures (noise and
    blobs): each switch it lists swaps four cells and keeps every line's clue, and no
    rectangle that does is missed."""
    from pysolver.hungrycat.maker import line_clue, random_picture, switch_flips

    def clues(rows, keys):
        return [line_clue(r, keys) for r in rows], [line_clue(c, keys) for c in zip(*rows)]

    def swapped(rows, cells):
        out = [list(r) for r in rows]
        for (r, c), v in cells.items():
            out[r][c] = v
        return ["".join(r) for r in out]
    rng = random.Random(11)
    found = 0
    for k in range(60):
        w, h = rng.randint(3, 7), rng.randint(3, 7)
        if k % 2:
            rows = ["".join(rng.choice("KW" if k % 4 == 1 else "KWR") for _ in range(w)) for _ in range(h)]
        else:
            rows, _ = random_picture(w * 2, h * 2, 3, k, blobs=rng.choice((6, 12)), smooth=0)
        keys = sorted({ch for r in rows for ch in r})
        listed = switch_flips(rows, 10 ** 6)
        found += len(listed)
        for flip in listed:
            assert len(flip) == 4 and clues(swapped(rows, flip), keys) == clues(rows, keys)
        every = set()
        height, width = len(rows), len(rows[0])
        for r1 in range(height):
            for r2 in range(r1 + 1, height):
                for c1 in range(width):
                    for c2 in range(c1 + 1, width):
                        a, b = rows[r1][c1], rows[r1][c2]
                        if a != b and rows[r2][c1] == b and rows[r2][c2] == a:
                            flip = {(r1, c1): b, (r1, c2): a, (r2, c1): a, (r2, c2): b}
                            if clues(swapped(rows, flip), keys) == clues(rows, keys):
                                every.add(tuple(sorted(flip)))
        assert every == {tuple(sorted(f)) for f in listed}
    assert found > 20, found


def test_above_24x24_a_repaired_picture_is_unique_and_of_the_grade_asked():
    """Above 24x24 blob pictures have four-cell switches nearly always: the maker repairs
    them (pysolver/hungrycat/large.py) and the puzzle is unique, of the grade asked and
    made again the same from its number."""
    values = {"width": 26, "height": 25, "colours": 3, "grade": 2, "seed": 1}
    made = make.make("hungrycat", values, timeout=120)
    puzzle = made["puzzle"]
    assert (puzzle["width"], puzzle["height"]) == (26, 25)
    g = hc_grade.grade(parse(puzzle), Deadline(60))
    assert puzzle["grade"] == 2 == g.level and hc_grade.proves_unique(g)
    assert not four_cell_switch(puzzle["solution"]["grid"])
    assert len(solutions({k: v for k, v in puzzle.items() if k != "solution"}, Deadline(60))) == 1
    assert make.make("hungrycat", values, timeout=120)["puzzle"] == puzzle


def test_a_switch_watch_tells_what_a_whole_search_tells_along_a_walk():
    """SwitchWatch (a climb's switch test, searching only around the cells changed since
    the last picture without a switch) against four_cell_switch on every picture of
    random walks that change one or two cells a step, undoing some, as a climb does."""
    from pysolver.hungrycat.maker import SwitchWatch, random_picture
    rng = random.Random(5)
    told = {True: 0, False: 0}
    for k in range(12):
        rows, _ = random_picture(rng.randint(5, 12), rng.randint(5, 12), rng.choice((2, 3, 4)), k,
                                 blobs=rng.choice((4, 8, 16)), smooth=rng.choice((0, 1)))
        grid = [list(r) for r in rows]
        keys = sorted({ch for r in rows for ch in r})
        watch = SwitchWatch()
        for _ in range(60):
            changed = []
            for _ in range(rng.choice((1, 1, 2))):
                r, c = rng.randrange(len(grid)), rng.randrange(len(grid[0]))
                changed.append((r, c, grid[r][c]))
                grid[r][c] = rng.choice(keys)
            picture = ["".join(r) for r in grid]
            has = watch.has_switch(picture)
            assert has == (four_cell_switch(picture) is not None)
            told[has] += 1
            if has or rng.random() < 0.5:          # undone, as a climb undoes a change it drops
                for r, c, old in reversed(changed):
                    grid[r][c] = old
    assert told[True] > 20 and told[False] > 20, told
