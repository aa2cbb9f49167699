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
