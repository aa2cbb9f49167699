"""The clause-learning search: its explanations are sound, it lists exactly the
solutions the probing search lists, and its answers about completeness are honest."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pysolver import api
from pysolver.base import Deadline, SolveTimeout
from pysolver.nonogram import FAMILY
from pysolver.linecdcl import luby
from pysolver.nonogram.cdcl import CDCL, feasible_bw
from pysolver.nonogram.linesolve import LineClue, greedy_keep, solve_line, solve_line_bw

HERE = Path(__file__).parent
CORPUS = HERE.parent.parent / "shared" / "corpus" / "nonogram"


def runs(cells) -> list[int]:
    out, prev = [], 0
    for v in cells:
        if v and prev:
            out[-1] += 1
        elif v:
            out.append(1)
        prev = v
    return out


def random_puzzle(rng: random.Random, w: int, h: int, density: float) -> tuple[dict, list[str]]:
    grid = ["".join("#" if rng.random() < density else "." for _ in range(w)) for _ in range(h)]
    rows = [runs([ch == "#" for ch in row]) for row in grid]
    cols = [runs([grid[r][c] == "#" for r in range(h)]) for c in range(w)]
    return {"type": "nonogram", "width": w, "height": h, "rows": rows, "cols": cols}, grid


def test_feasibility_pass_agrees_with_the_line_solver():
    rng = random.Random(5)
    for _ in range(3000):
        n = rng.randint(1, 12)
        clue = runs([rng.random() < 0.5 for _ in range(n)])
        lc = LineClue(n, tuple((length, 1) for length in clue))
        blank = fill = 0
        for i in range(n):
            kind = rng.random()
            blank |= (kind > 0.2) << i      # some cells forced filled, some blank
            fill |= (kind < 0.8) << i
        assert feasible_bw(lc.lengths, n, blank, fill) == (solve_line_bw(lc, (blank, fill)) is not None)


def test_black_and_white_line_solver_agrees_with_the_general_one_on_long_lines():
    """The black-and-white fast path (and its per-clue plan) against the multicolour
    solver, which a third, unused colour sends down the general path."""
    rng = random.Random(9)
    for _ in range(1500):
        n = rng.randint(1, 40)
        clue = runs([rng.random() < 0.55 for _ in range(n)])
        lc = LineClue(n, tuple((length, 1) for length in clue))
        blank, fill = partly_known(rng, n, 0.3)
        general = solve_line(lc, (blank, fill, 0))
        assert solve_line_bw(lc, (blank, fill)) == (None if general is None else general[:2])


def partly_known(rng, n: int, known: float) -> tuple[int, int]:
    """A random line state of n cells (blank, fill masks: what each cell may still be),
    about ``known`` of its cells decided, half of them filled and half blank."""
    blank = fill = (1 << n) - 1
    for i in range(n):
        kind = rng.random()
        if kind < known / 2:
            blank &= ~(1 << i)
        elif kind < known:
            fill &= ~(1 << i)
    return blank, fill


def test_greedy_deletion_many_tests_at_a_time_keeps_what_one_at_a_time_keeps():
    """greedy_keep (all prefixes of the deletion order tested in one pass) against the
    plain greedy deletion, with feasibility by listing every placement."""
    rng = random.Random(13)
    checked = 0
    for _ in range(2500):
        n = rng.randint(0, 12)
        clue = runs([rng.random() < 0.5 for _ in range(n)])
        lc = LineClue(n, tuple((length, 1) for length in clue))
        placements = [p for p in range(1 << n) if runs([(p >> i) & 1 for i in range(n)]) == clue]
        full = (1 << n) - 1

        def fits(blank, fill):
            return any(not (p & ~fill) and not (~p & full & ~blank) for p in placements)

        blank, fill = partly_known(rng, n, 0.6)
        if fits(blank, fill):
            continue
        order = [i for i in range(n) if (blank ^ fill) >> i & 1 and rng.random() < 0.8]
        rng.shuffle(order)
        want = 0
        b, f = blank, fill
        for i in order:
            if fits(b | 1 << i, f | 1 << i):
                want |= 1 << i
            else:
                b |= 1 << i
                f |= 1 << i
        assert greedy_keep(lc.bw_plan, n, blank, fill, order, 15) == want
        checked += 1
    assert checked > 600


def test_explanations_still_force_what_they_explain():
    """Each shortened explanation, alone on an open line, must still force the cell (or
    the contradiction) it explains: a learned clause built on a wrong one would cut off
    real solutions."""
    rng = random.Random(11)
    checked = 0
    for _ in range(300):
        data, _ = random_puzzle(rng, rng.randint(3, 9), rng.randint(3, 9), rng.choice((0.3, 0.5, 0.7)))
        solver = CDCL(FAMILY.parse(data), Deadline(10))
        solver.level = [1] * solver.ncells      # (cells fixed at level 0 are never reported)
        for line in range(solver.nlines):
            lc = solver.clues[line]
            full = (1 << lc.n) - 1
            for _ in range(4):
                blank, fill = full, full
                for p in range(lc.n):         # fix a random part of the line
                    if rng.random() < 0.4:
                        if rng.random() < 0.5:
                            blank &= ~(1 << p)
                        else:
                            fill &= ~(1 << p)
                got = solve_line_bw(lc, (blank, fill))
                if got is None:
                    kept = solver._shrink(line, blank, fill, -1, 0)
                    assert not feasible_bw(lc.lengths, lc.n, blank | ~kept & full, fill | ~kept & full)
                    checked += 1
                    continue
                nb, nf = got
                for pos in range(lc.n):
                    for v, forced in ((1, (blank & ~nb) >> pos & 1), (0, (fill & ~nf) >> pos & 1)):
                        if not forced:
                            continue
                        kept = solver._shrink(line, blank, fill, pos, v)
                        assert not kept >> pos & 1
                        # only the kept fixed cells, the rest open again
                        ob = blank | (~kept & full & ~(1 << pos))
                        of = fill | (~kept & full & ~(1 << pos))
                        again = solve_line_bw(lc, (ob, of))
                        assert again is not None
                        assert (again[0] if v == 0 else again[1]) >> pos & 1          # v possible
                        assert not (again[1] if v == 0 else again[0]) >> pos & 1      # other not
                        checked += 1
    assert checked > 1000


class CheckedCDCL(CDCL):
    """The search, with every explanation it hands to conflict analysis (shrunk anew
    or an earlier one reused) checked against its line."""

    checked = 0

    def _explain(self, line, b0, f0, pos, v):
        lits = super()._explain(line, b0, f0, pos, v)
        lc = self.clues[line]
        full = (1 << lc.n) - 1
        blank = fill = full
        for p, i in enumerate(self.line_cells[line]):
            known = [q for q in lits if q >> 1 == i]
            if self.val[i] != -1 and self.level[i] == 0:
                known.append(2 * i + self.val[i])       # facts for good
            for q in known:
                if q & 1:
                    blank &= ~(1 << p)
                else:
                    fill &= ~(1 << p)
        if pos < 0:
            assert solve_line_bw(lc, (blank, fill)) is None
        else:
            assert not any(q >> 1 == self.line_cells[line][pos] for q in lits)
            # the other value of the cell must be impossible with only these cells fixed
            test = (blank, fill & ~(1 << pos)) if v else (blank & ~(1 << pos), fill)
            assert solve_line_bw(lc, test) is None
        CheckedCDCL.checked += 1
        return lits


def test_explanations_reused_during_a_search_still_force_what_they_explain():
    """Explanations are cached by line and line state; each one handed to conflict
    analysis, fresh or from the cache, must force what it explains from its cells and
    the level-0 facts alone."""
    rng = random.Random(4)
    reused = 0
    CheckedCDCL.checked = 0
    for _ in range(30):
        data, _ = random_puzzle(rng, rng.randint(10, 15), rng.randint(10, 15), rng.choice((0.4, 0.5, 0.6)))
        solver = CheckedCDCL(FAMILY.parse(data), Deadline(20))
        out = solver.solve(limit=100)
        assert all(FAMILY.check(solver.model, s).solved for s in out.solutions)
        reused += out.stats["explanations_reused"]
    assert CheckedCDCL.checked > 1000 and reused > 100


def test_an_explanation_is_not_lent_to_another_line_with_the_same_clue():
    """Two rows with the clue 2 on five cells, both with cell 1 blank, which forces
    cell 3 filled.  On the first row cell 1 was fixed at level 0, so its explanation
    is empty (level-0 facts are left out); on the second, fixed at level 1, the
    explanation must name it, though the line's clue and state are the same."""
    data = {"type": "nonogram", "width": 5, "height": 2, "rows": [[2], [2]],
            "cols": [[], [], [], [2], [2]]}
    solver = CDCL(FAMILY.parse(data), Deadline(10))
    full = (1 << 5) - 1
    for row, lv in ((0, 0), (1, 1)):
        cell = solver.line_cells[row][1]
        solver.val[cell] = 0
        solver.level[cell] = lv
    assert solver._explain(0, full, full & ~0b10, 3, 1) == []
    assert solver._explain(1, full, full & ~0b10, 3, 1) == [2 * solver.line_cells[1][1]]


@pytest.mark.parametrize("seed", range(6))
def test_lists_the_same_solutions_as_the_probing_search(seed):
    rng = random.Random(seed)
    for _ in range(25):
        data, grid = random_puzzle(rng, rng.randint(3, 8), rng.randint(3, 8), rng.choice((0.35, 0.5, 0.65)))
        model = FAMILY.parse(data)
        learned = FAMILY.solve(model, "cdcl", Deadline(20), limit=60)
        probed = FAMILY.solve(model, "probing", Deadline(20), limit=60)
        got = sorted(s["grid"] for s in learned.solutions)
        assert len(set(map(tuple, got))) == len(got)
        assert all(FAMILY.check(model, s).solved for s in learned.solutions)
        assert learned.complete == probed.complete
        if learned.complete:
            assert got == sorted(s["grid"] for s in probed.solutions)
            assert grid in got
        else:                                   # both stopped at the limit
            assert len(got) == len(probed.solutions) == 60
        # one answer: small grids start from a probing pass first
        first = FAMILY.solve(model, "cdcl", Deadline(20), limit=1)
        assert first.stats.get("root_probes") is not None or not learned.solutions
        if got:
            assert len(first.solutions) == 1
            assert first.solutions[0]["grid"] in got or not probed.complete
        else:
            assert first.solutions == [] and first.complete


def test_target_phases_change_no_answer(monkeypatch):
    """Long searches follow target phases (``TARGET_AFTER``); made to do so at once, with
    a restart after every conflict, the search still lists exactly the solutions."""
    from pysolver.nonogram import cdcl
    monkeypatch.setattr(cdcl, "TARGET_AFTER", 0)
    monkeypatch.setattr(cdcl, "RESTART_UNIT", 1)
    rng = random.Random(7)
    followed = 0
    for _ in range(30):
        data, grid = random_puzzle(rng, rng.randint(5, 9), rng.randint(5, 9), 0.5)
        model = FAMILY.parse(data)
        search = CDCL(model, Deadline(20))
        learned = search.solve(limit=60)
        probed = FAMILY.solve(model, "probing", Deadline(20), limit=60)
        assert learned.complete == probed.complete
        got = sorted(s["grid"] for s in learned.solutions)
        assert len(set(map(tuple, got))) == len(got)
        assert all(FAMILY.check(model, s).solved for s in learned.solutions)
        if learned.complete:
            assert got == sorted(s["grid"] for s in probed.solutions)
            assert grid in got
        else:                                   # both stopped at the limit
            assert len(got) == len(probed.solutions) == 60
        followed += search.follow_target
    assert followed > 0            # (the target phases were followed somewhere)


def test_learned_clauses_hold_in_every_solution(monkeypatch):
    """A learned clause (minimised: literals the others imply are dropped) is a
    consequence of the clues, so every solution satisfies it.  With ``limit=1`` no
    solution is blocked before the search stops, so nothing else is learned from."""
    from pysolver.nonogram import cdcl
    monkeypatch.setattr(cdcl, "RESTART_UNIT", 1)
    shortened = []
    minimise = CDCL._minimise

    def recording(self, learnt, seen):
        out = minimise(self, learnt, seen)
        shortened.append(len(learnt) - len(out))
        return out

    monkeypatch.setattr(CDCL, "_minimise", recording)
    rng = random.Random(3)
    clauses = 0
    for _ in range(40):
        data, _ = random_puzzle(rng, rng.randint(10, 14), rng.randint(10, 14), 0.4)
        model = FAMILY.parse(data)
        every = FAMILY.solve(model, "probing", Deadline(20), limit=500)
        if not every.complete:
            continue                            # (over 500 solutions: not all listed)
        search = CDCL(model, Deadline(20))
        search.solve(limit=1)
        learned = [search.clauses[ci] for ci in search.learned if search.clauses[ci] is not None]
        for sol in every.solutions:
            cells = "".join(sol["grid"])
            for clause in learned:
                assert any((cells[q >> 1] == "#") == (q & 1) for q in clause)
        clauses += len(learned)
    assert clauses > 50 and sum(shortened) > 0   # (clauses were learned and minimised)


def test_stopping_at_the_limit_claims_nothing_about_the_rest():
    diagonal = {"type": "nonogram", "width": 2, "height": 2, "rows": [[1], [1]], "cols": [[1], [1]]}
    one = FAMILY.solve(FAMILY.parse(diagonal), "cdcl", Deadline(10), limit=1)
    assert len(one.solutions) == 1 and not one.complete
    both = FAMILY.solve(FAMILY.parse(diagonal), "cdcl", Deadline(10), limit=3)
    assert len(both.solutions) == 2 and both.complete


def test_a_time_limit_after_an_answer_keeps_the_answer():
    class Expiring(Deadline):
        """Runs out after a fixed number of checks (a deterministic time limit)."""

        def __init__(self, checks: int):
            super().__init__(None)
            self.left = checks

        def check(self):
            self.left -= 1
            if self.left < 0:
                raise SolveTimeout()

    # Every row and column holds one filled cell: the 720 permutations of 6.
    data = {"type": "nonogram", "width": 6, "height": 6, "rows": [[1]] * 6, "cols": [[1]] * 6}
    out = FAMILY.solve(FAMILY.parse(data), "cdcl", Expiring(30), limit=1000)
    assert 0 < len(out.solutions) < 720 and not out.complete
    everything = FAMILY.solve(FAMILY.parse(data), "cdcl", Deadline(60), limit=1000)
    assert len({tuple(s["grid"]) for s in everything.solutions}) == 720 and everything.complete
    with pytest.raises(SolveTimeout):
        FAMILY.solve(FAMILY.parse(data), "cdcl", Expiring(0), limit=1)


def test_multicolour_falls_back_to_auto_with_a_note():
    data = json.loads((HERE / "fixtures" / "nonogram" / "flag.json").read_text())
    out = api.solve(data, method="cdcl", timeout=10)
    assert out["status"] == "solved" and out["method"] == "auto"
    assert "black-and-white" in out["note"]


def test_luby_sequence():
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]


@pytest.mark.skipif(not CORPUS.is_dir(), reason="no ../shared/corpus")
def test_dom7_is_proven_unique():
    data = json.loads((CORPUS / "dom__07-dom.json").read_text())
    out = FAMILY.solve(FAMILY.parse(data), "cdcl", Deadline(60), limit=2)
    assert out.complete and len(out.solutions) == 1
    assert out.stats["conflicts"] > 0      # (it needs search: line solving alone stalls)


@pytest.mark.parametrize("method", FAMILY.method_names)
def test_a_one_colour_palette_is_solved_in_its_own_key(method):
    # Two colour indices (blank and one key) take the black-and-white engines: their
    # answer must still be written with the palette's key, not '#'.
    puzzle = {"type": "nonogram", "width": 3, "height": 2, "palette": {"z": "#00007a"},
              "rows": [[[2, "z"]], [[1, "z"], [1, "z"]]], "cols": [[[2, "z"]], [[1, "z"]], [[1, "z"]]]}
    got = api.solve(puzzle, method=method, unique=True)
    assert got["status"] == "solved" and got["unique"] is True
    assert got["solution"]["grid"] == ["zz.", "z.z"]


@pytest.mark.parametrize("colours", [1, 3])
def test_a_search_told_to_avoid_a_grid_finds_another_answer_or_proves_there_is_none(colours):
    # (what the picture repair asks: a second answer beside the picture, in one search;
    # black and white by clause learning, colour by probing)
    from pysolver.nonogram.auto import solve_auto
    from pysolver.nonogram.maker import model_of, palette_of, puzzle_of

    rng = random.Random(3)
    palette = palette_of(colours)
    seen = {"other": 0, "none": 0}
    for _ in range(60):
        w, h = rng.randint(3, 7), rng.randint(3, 7)
        picture = [[rng.randint(0, colours) if rng.random() < 0.5 else 0 for _ in range(w)] for _ in range(h)]
        model = model_of(picture, palette)
        grid = puzzle_of(picture, palette)["solution"]["grid"]
        both = solve_auto(model, Deadline(20), 2)
        out = solve_auto(model, Deadline(20), 1, avoid=grid)
        others = [s["grid"] for s in both.solutions if s["grid"] != grid]
        if others:
            assert len(out.solutions) == 1 and out.solutions[0]["grid"] != grid
            assert FAMILY.check(model, out.solutions[0]).solved
            seen["other"] += 1
        else:
            assert out.solutions == [] and out.complete        # proved: the grid is the only one
            seen["none"] += 1
    assert min(seen.values()) >= 10
