"""Counting answers over a frontier: it agrees with the exhaustive path search on small
boards, and a count of two reaches the caller as "not unique" without a second drawing."""
import json
import random
from pathlib import Path

from pysolver import api
from pysolver.base import Deadline
from pysolver.numberlink import FAMILY
from pysolver.numberlink import auto as auto_mod
from pysolver.numberlink.count import count_solutions
from pysolver.numberlink.model import make_model
from pysolver.numberlink.search import Search
from random_boards import random_ends

FIXTURES = Path(__file__).parent / "fixtures" / "numberlink"


def load(name, **change):
    data = json.loads((FIXTURES / name).read_text())
    data.update(change)
    return FAMILY.parse(data)


def exhaustive(model):
    return len(Search(model, False, Deadline(30)).run(2))


def test_counts_of_the_fixtures():
    assert count_solutions(load("free_4x3.json"), Deadline(10)) == 2
    assert count_solutions(load("rule_uturn_3x2.json"), Deadline(10)) == 1
    assert count_solutions(load("unsolvable_crossing_2x2.json"), Deadline(10)) == 0
    for name in ("branch_8x8.json", "gen_5x5_s1.json", "gen_8x6_s3.json", "gen_14x14_s6.json",
                 "gen_20x10_s7.json"):
        assert count_solutions(load(name), Deadline(30)) == 1, name


def test_counts_agree_with_the_exhaustive_search_on_random_small_boards():
    rng = random.Random(7)
    checked = 0
    for _ in range(300):
        w, h, ends = random_ends(rng)
        for cover in ("full", "free"):
            model = make_model(w, h, ends, cover=cover)
            want = exhaustive(model)
            assert count_solutions(model, Deadline(10)) == want, (w, h, ends, cover)
            checked += 1
    assert checked == 600


def test_a_path_may_hop_over_another_label_along_an_unlabelled_chain():
    """Labels k and v alternate along the frontier below row 2 (k v k v), yet both
    can be joined: k's path takes the chain bent over v's link (rows 1 and 2, columns
    1 to 3).  The planarity cut must not count that as a crossing."""
    ends = [(2, 0, "k"), (2, 4, "k"), (2, 2, "v"), (2, 5, "v"), (1, 0, "a"), (1, 4, "a"), (4, 0, "b"), (4, 1, "b")]
    for cover in ("full", "free"):
        model = make_model(6, 6, ends, cover=cover)
        want = len(Search(model, False, Deadline(30)).run(1000))
        assert count_solutions(model, Deadline(30), cap=1000) == want, cover


def test_a_board_wider_than_tall_is_counted_along_its_short_side():
    model = load("gen_20x10_s7.json")
    stats = {}
    assert count_solutions(model, Deadline(30), stats=stats) == 1
    assert stats["frontier_peak"] > 0


def test_too_many_frontiers_gives_up_rather_than_guess():
    assert count_solutions(load("gen_14x14_s6.json"), Deadline(30), max_states=5) is None


def test_a_count_of_two_makes_the_answer_not_unique(monkeypatch):
    # No small reroute and no budget for the short proof search, so counting decides.
    monkeypatch.setattr(auto_mod, "nearby_answer", lambda *args: None)
    monkeypatch.setattr(auto_mod, "PROOF_NODES", 0)
    data = json.loads((FIXTURES / "free_4x3.json").read_text())
    out = api.solve(data, method="auto", timeout=10, unique=True)
    assert out["status"] == "solved" and out["unique"] is False
    assert "second_solution" not in out
    assert FAMILY.check(FAMILY.parse(data), out["solution"]).ok


def test_a_count_of_one_proves_uniqueness(monkeypatch):
    monkeypatch.setattr(auto_mod, "PROOF_NODES", 0)
    monkeypatch.setattr(auto_mod, "PROOF_NODES_FULL", 0)
    # (the generated fixtures are all settled by forced moves; this one branches)
    model = load("branch_8x8.json")
    assert count_solutions(model, Deadline(30), cap=2) == 1
    # auto proves it too (under full cover by clause learning, which counting backs up here)
    out = FAMILY.solve(model, "auto", Deadline(30), 2)
    assert out.complete and len(out.solutions) == 1 and "conflicts" in out.stats
