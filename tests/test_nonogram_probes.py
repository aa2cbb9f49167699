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


def test_the_hard_rungs_grade_as_line_logic_and_the_plain_sweep_do():
    """graded_grid (line logic on packed lines, then the packed prober, with or without
    the picture) against the engine's line logic and the plain sweep."""
    for engine, picture in stalled_engines(30, 6):
        plain = engine()
        left = plain.unknown_count()
        n = nonogram_grade._plain_contradictions(plain)
        for solution in (None, picture):
            g, grid = nonogram_grade.graded_grid(plain.model, Deadline(60), hard_only=True, solution=solution)
            assert g.stats["line_logic_left"] == left and g.stats["contradictions"] == n
            assert g.level == (5 if not plain.solved() else 3 if n <= nonogram_grade.FEW_CONTRADICTIONS else 4)
            assert grid == plain.grid()


def test_a_picture_graded_again_in_a_climb_is_not_graded_again():
    climber = maker._Climber(None, Deadline(60))
    picture = [[1, 0, 1, 1, 0], [0, 1, 1, 0, 1], [1, 1, 0, 0, 1], [0, 0, 1, 1, 1], [1, 0, 0, 1, 0]]
    first = climber.graded(picture)
    assert climber.graded([list(row) for row in picture]) is first
    assert climber.graded(picture[::-1]) is not first


def test_switches_found_inside_a_make_are_those_found_outside():
    """Inside a make the lines' moves are remembered: the same switches are found."""
    from pysolver.nonogram.switch import switches
    from pysolver.sharing import sharing
    rng = random.Random(8)
    pictures = []
    for _ in range(200):
        side = rng.choice([4, 5, 6])
        picture = [[int(rng.random() < 0.5) for _ in range(side)] for _ in range(side)]
        pictures += [picture, [row[::-1] for row in picture]]
    outside = [list(switches(p)) for p in pictures]
    with sharing():
        inside = [list(switches(p)) for p in pictures]
        again = [list(switches(p)) for p in pictures]
    assert inside == again == outside
    assert sum(map(bool, outside)) > 20


def test_a_second_solution_met_by_a_probe_is_one():
    """A stalled grade given the picture says two solutions only when the solver finds
    another, and says it on some of them."""
    told = 0
    for engine, picture in stalled_engines(120, 9):
        g, _ = nonogram_grade.graded_grid(engine().model, Deadline(60), hard_only=True, solution=picture)
        if g.level < 5:
            continue
        other = maker.second_solution(picture, None, Deadline(60))
        if g.stats.get("solutions") == 2:
            assert other is not None
            told += 1
    assert told >= 3, told


def test_line_results_forgotten_past_the_limit_change_nothing(monkeypatch):
    from pysolver.nonogram import bwprobe
    from pysolver.sharing import sharing
    monkeypatch.setattr(bwprobe, "CACHE_LIMIT", 40)
    with sharing():
        for engine, picture in stalled_engines(10, 10):
            plain = engine()
            n = nonogram_grade._plain_contradictions(plain)
            prober = BwProber(engine(), picture)
            assert prober.contradictions() == n
            prober.store()
            assert prober.eng.grid() == plain.grid()
            assert prober.results.size <= 40 + 2 * (prober.h + prober.w)


def test_the_packed_root_pass_is_the_probers_one_sweep():
    """The clause-learning search's root pass (BwProber.root_pass) fixes the cells, scores
    and orders that Prober's one sweep does, in the same number of probes."""
    from pysolver.nonogram.engine import Engine
    from pysolver.nonogram.probing import Prober
    seen = {"fixed": 0, "scored": 0}
    for engine, _ in stalled_engines(40, 6):
        model = engine().model

        def fresh():
            eng = Engine(model, Deadline(60))
            assert eng.propagate(range(eng.nlines))
            return eng
        old = fresh()
        prober = Prober(old)
        prober.max_sweeps = 1
        assert prober.run(None)[0]
        packed = BwProber(fresh())
        before = packed.lines[:]
        assert packed.root_pass() == prober.scores
        assert packed.probes == prober.probes
        assert [(x & ((1 << n) - 1), x >> n) for x, n in zip(packed.lines, packed.length)] == old.state
        seen["fixed"] += packed.lines != before
        seen["scored"] += bool(prober.scores)
    # (sweeps that fixed cells, and sweeps that only scored, were both met)
    assert seen["fixed"] and seen["scored"]
