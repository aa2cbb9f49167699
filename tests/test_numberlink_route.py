"""Negotiated routing, the first try under free cover: its answers are valid, it gives
way to the exact search when it cannot answer, and it never decides uniqueness."""
import json
from pathlib import Path

from pysolver.base import Deadline
from pysolver.numberlink import FAMILY
from pysolver.numberlink.model import make_model
from pysolver.numberlink.route import route_free

FIXTURES = Path(__file__).parent / "fixtures" / "numberlink"


def free(name):
    data = json.loads((FIXTURES / name).read_text())
    data["cover"] = "free"
    return FAMILY.parse(data)


def test_routing_answers_a_roomy_board_with_disjoint_paths():
    for name in ("gen_10x10_s4.json", "gen_14x14_s6.json"):
        model = free(name)
        stats = {}
        sol = route_free(model, Deadline(10), stats=stats)
        assert sol is not None and stats["route_rounds"] >= 1
        assert FAMILY.check(model, sol).ok


def test_auto_takes_the_routed_answer_and_reports_it():
    model = free("gen_14x14_s6.json")
    out = FAMILY.solve(model, "auto", Deadline(10), 1)
    assert out.complete and len(out.solutions) == 1 and "route_rounds" in out.stats
    assert FAMILY.check(model, out.solutions[0]).ok


def test_a_pair_walled_in_by_other_endpoints_has_no_route_and_no_answer():
    # 1 sits in the corner, boxed in by the two ends of 2 and 3; its partner is outside.
    model = make_model(3, 3, [(0, 0, "1"), (2, 2, "1"), (0, 1, "2"), (2, 0, "2"),
                              (1, 0, "3"), (0, 2, "3")], cover="free")
    assert route_free(model, Deadline(10)) is None
    out = FAMILY.solve(model, "auto", Deadline(10), 2)
    assert out.complete and out.solutions == []


def test_routing_that_cannot_untangle_gives_way_to_the_exact_search(monkeypatch):
    # A board designed for full cover is tight: the pairs keep competing for the same
    # cells; with few rounds the negotiation gives up, and the path search answers
    # instead.  (With the default patience this board routes after some 70 rounds.)
    from pysolver.numberlink import route
    monkeypatch.setattr(route, "MAX_ROUNDS", 20)
    model = free("gen_20x10_s7.json")
    stats = {}
    assert route_free(model, Deadline(10), stats=stats) is None and stats["route_rounds"] > 1
    out = FAMILY.solve(model, "auto", Deadline(10), 1)
    assert len(out.solutions) == 1 and FAMILY.check(model, out.solutions[0]).ok
