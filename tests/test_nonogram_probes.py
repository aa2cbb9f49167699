"""The contradiction rung's shortcuts (pysolver/nonogram/bwprobe.py, and a known solution's
probes skipped) refute what the plain sweep refutes: the same count, the same grid."""
import random

import pytest

from pysolver.base import Deadline
from pysolver.nonogram import maker
from pysolver.nonogram import grade as nonogram_grade
from pysolver.nonogram.bwprobe import BwProber
from pysolver.nonogram.rules import RuleEngine


def stalled_engines(count: int, seed: int, colours=(1,)):
    """Engines at the line logic fixpoint of random pictures that line logic does not
    solve (sides 8 to 15, the styles of grades 3 to 5), with their pictures."""
    rng = random.Random(seed)
    while count:
        side = rng.choice([8, 10, 12, 15])
        colour = rng.choice(colours)
        picture = maker.random_picture(side, side - rng.choice([0, 2]), colour, rng.choice([3, 4, 5]), rng,
                                       rng.random() < 0.5)
        model = maker.model_of(picture, maker.palette_of(colour))

        def engine():
            eng = RuleEngine(model, Deadline(60))
            assert eng.propagate(range(eng.nlines))
            return eng
        if not engine().solved():
            count -= 1
            yield engine, picture


def test_the_packed_prober_refutes_what_the_plain_sweep_refutes():
    kinds = set()
    for engine, picture in stalled_engines(60, 3):
        plain = engine()
        n = nonogram_grade._plain_contradictions(plain)
        for solution in (None, picture):
            eng = engine()
            assert nonogram_grade._contradictions(eng, solution) == n
            assert eng.grid() == plain.grid()
        kinds.add((n > nonogram_grade.FEW_CONTRADICTIONS, plain.solved()))
    # (grades 3, 4 and 5 met)
    assert {(False, True), (True, True), (True, False)} <= kinds


def test_a_known_solution_changes_no_count_in_colour():
    for engine, picture in stalled_engines(25, 4, colours=(2, 3)):
        plain, told = engine(), engine()
        assert nonogram_grade._plain_contradictions(plain) == nonogram_grade._plain_contradictions(told, picture)
        assert plain.grid() == told.grid()


def test_a_known_solution_spares_probes():
    spared = 0
    for engine, picture in stalled_engines(20, 5):
        alone, told = BwProber(engine()), BwProber(engine(), picture)
        assert alone.contradictions() == told.contradictions()
        assert told.probes <= alone.probes
        spared += told.probes < alone.probes
    assert spared >= 10


def test_a_solution_that_is_not_one_is_refused():
    picture = [[1, 0, 1], [0, 1, 0], [1, 1, 0]]
    model = maker.model_of(picture, None)
    assert nonogram_grade.solves(model, picture)
    wrong = [[1, 0, 1], [0, 1, 0], [1, 0, 1]]
    assert not nonogram_grade.solves(model, wrong)
    with pytest.raises(ValueError):
        nonogram_grade.graded_grid(model, Deadline(10), solution=wrong)
    assert nonogram_grade.graded_grid(model, Deadline(10), solution=picture)[0] == \
        nonogram_grade.graded_grid(model, Deadline(10))[0]
