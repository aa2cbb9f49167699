"""A second answer near the first (one alternating trail swapped): whatever it returns
is another valid answer, checked against the exhaustive search on random small boards."""
import random

import pytest

from pysolver.base import Deadline
from pysolver.numberlink import FAMILY
from pysolver.numberlink.model import make_model
from pysolver.numberlink.nearby import nearby_answer
from pysolver.numberlink import auto
from pysolver.numberlink.auto import _key
from pysolver.numberlink.search import Search
from random_boards import random_ends


def links(solution):
    return {frozenset((tuple(a), tuple(b))) for path in solution["paths"].values()
            for a, b in zip(path, path[1:])}


def test_two_swaps_that_each_close_a_loop_make_an_answer_together():
    """B climbs over A's pair in one answer, A over B's in the other: they differ in
    eight links around the middle cell of the top row, and neither 2x2 swap alone is
    an answer (each closes a loop)."""
    model = make_model(4, 3, [(1, 2, "A"), (1, 3, "A"), (2, 0, "B"), (2, 3, "B")], "full")
    answers = Search(model, False, Deadline(10)).run(10)
    assert len(answers) == 2
    assert nearby_answer(model, answers[0], Deadline(10), max_len=4) is None
    other = nearby_answer(model, answers[0], Deadline(10), max_len=8)
    assert other is not None and _key(other) == _key(answers[1])


@pytest.mark.parametrize("cover", ["full", "free"])
def test_what_it_finds_is_another_answer_and_a_single_swap_is_never_missed(cover):
    rng = random.Random(11)
    boards = found = 0
    for _ in range(400):
        w, h, ends = random_ends(rng)
        model = make_model(w, h, ends, cover)
        answers = Search(model, False, Deadline(30)).run(50)
        keys = {_key(a) for a in answers}
        for known in answers[:3]:
            other = nearby_answer(model, known, Deadline(30))
            if other is None:
                if cover == "full":
                    # a 2x2 swap is an alternating trail of four links: it must be found
                    assert not any(len(links(known) ^ links(a)) == 4 for a in answers), (w, h, ends)
                continue
            found += 1
            assert FAMILY.check(model, other).solved, (w, h, ends)
            assert _key(other) != _key(known), (w, h, ends)
            assert _key(other) in keys or len(answers) == 50, (w, h, ends)   # (all listed)
        boards += 1
    assert boards == 400 and found > 50


def test_free_cover_cuts_a_self_touch_short_or_makes_a_detour():
    model = make_model(3, 3, [(0, 0, "A"), (0, 2, "A")], "free")
    straight = {"paths": {"A": [[0, 0], [0, 1], [0, 2]]}}
    detour = nearby_answer(model, straight, Deadline(10))
    assert FAMILY.check(model, detour).solved and len(detour["paths"]["A"]) > 3
    wiggle = {"paths": {"A": [[0, 0], [1, 0], [1, 1], [0, 1], [0, 2]]}}
    assert nearby_answer(model, wiggle, Deadline(10)) == {"paths": {"A": [[0, 0], [0, 1], [0, 2]]}}


@pytest.mark.parametrize("proof_nodes", [0, 2000])
def test_the_uniqueness_verdict_of_auto_agrees_with_the_exhaustive_search(monkeypatch, proof_nodes):
    """With proof_nodes 0 the short proof search gives up at once and counting decides."""
    monkeypatch.setattr(auto, "PROOF_NODES", proof_nodes)
    rng = random.Random(5)
    for _ in range(150):
        w, h, ends = random_ends(rng)
        for cover in ("full", "free"):
            model = make_model(w, h, ends, cover)
            want = len(Search(model, False, Deadline(30)).run(2))
            out = auto.solve_auto(model, Deadline(30), 2)
            assert out.complete, (w, h, ends, cover)
            got = 2 if out.more else len(out.solutions)
            assert got == want, (w, h, ends, cover)
            for sol in out.solutions:
                assert FAMILY.check(model, sol).solved


def test_every_trail_is_judged_as_the_checker_judges_the_swapped_answer():
    """The fast test of a swap (segments walked between cuts) against the rule checker
    on the answer read back after the swap, for every trail around every cell."""
    from pysolver.numberlink import nearby
    from pysolver.numberlink.generate import _random_paths
    rng = random.Random(3)
    judged = accepted = 0
    for _ in range(200):
        # boards made of random paths that cover the grid, so every one has an answer
        w, h = rng.randint(3, 6), rng.randint(3, 6)
        made = _random_paths(w, h, rng, True)
        if not made:
            continue
        ends = [(p // w, p % w, str(k)) for k, path in enumerate(made) for p in (path[0], path[-1])]
        model = make_model(w, h, ends, "full")
        answers = Search(model, False, Deadline(30)).run(1)
        assert answers, ends
        paths = [[r * w + c for r, c in answers[0]["paths"][lab]] for lab in model.labels]
        where = {p: (k, i) for k, path in enumerate(paths) for i, p in enumerate(path)}
        where = [where[p] for p in range(w * h)]
        linked = [[] for _ in range(w * h)]
        for path in paths:
            for a, b in zip(path, path[1:]):
                linked[a].append(b)
                linked[b].append(a)
        grid = model.neighbours

        def judge(trail):
            nonlocal judged, accepted
            fast = nearby._swap_is_answer(trail, paths, where)
            slow = FAMILY.check(model, nearby._swapped(model, paths, trail)).solved
            assert fast == slow, (w, h, ends, trail)
            judged += 1
            accepted += fast
            return False                    # go on listing

        for x0 in range(w * h):
            nearby._trail_from(x0, 12, linked, grid, w, judge)
    assert judged > 1000 and accepted > 20, (judged, accepted)


def test_a_cancel_during_the_uniqueness_proof_is_a_cancel(monkeypatch):
    """Not an answer marked incomplete 'before the time limit': the caller asked to stop."""
    from pysolver.base import Cancelled
    from pysolver.numberlink.generate import generate
    board = generate(12, 12, 42)
    model = make_model(12, 12, [tuple(e) for e in board["endpoints"]], "full")
    asked = {"stop": False}
    real = auto.nearby_answer

    def then_cancel(*args):
        asked["stop"] = True                # the answer is found; cancel during the proof
        return real(*args)
    monkeypatch.setattr(auto, "nearby_answer", then_cancel)
    with pytest.raises(Cancelled):
        auto.solve_auto(model, Deadline(60, cancel=lambda: asked["stop"], stride=1), 2)
