"""Numberlink on the shared corpus (skipped when ../shared/corpus is absent)."""
import json
from pathlib import Path

import pytest

from pysolver.base import Deadline
from pysolver.numberlink import FAMILY

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus" / "numberlink"
FILES = sorted(CORPUS.glob("*.json")) if CORPUS.is_dir() else []
pytestmark = [pytest.mark.corpus,
              pytest.mark.skipif(not FILES, reason="needs ../shared/corpus/numberlink")]
FAMILY_KEYS = ("endpoints", "cover")


def test_parse_round_trip_and_link_body():
    for path in FILES:
        data = json.loads(path.read_text())
        m = FAMILY.parse(data)
        original = {k: data[k] for k in FAMILY_KEYS}
        assert FAMILY.to_json(m) == original, path.name
        assert FAMILY.decode_compact(FAMILY.encode_compact(m), m.width, m.height) == original, path.name


# Quick ones only; the large boards belong to ``pysolver bench``.
SMALL = [p for p in FILES if "inputs5_" in p.name or "inputs2_00" in p.name
         or p.name.startswith(("thomasahle_inputs3_00", "thomasahle_inputs3_01", "thomasahle_inputs3_02",
                               "thomasahle_inputs7_00"))]


@pytest.mark.parametrize("path", SMALL, ids=lambda p: p.name)
def test_small_and_thin_boards(path):
    data = json.loads(path.read_text())
    m = FAMILY.parse(data)
    out = FAMILY.solve(m, "auto", Deadline(60), limit=1)
    if data.get("expect") == "unsolvable":
        assert out.solutions == [] and out.complete
    else:
        assert len(out.solutions) == 1 and FAMILY.check(m, out.solutions[0]).solved


def test_a_40x20_board_has_a_second_answer_near_the_first():
    """Under the plain rules this designed board is not unique: a path can be rerouted
    in a 3x3 patch, which the nearby search finds at once."""
    from pysolver import api
    path = CORPUS / "thomasahle_inputs9_03_40x20.json"
    data = json.loads(path.read_text())
    out = api.solve(data, method="auto", timeout=60, unique=True)
    assert out["status"] == "solved" and out["unique"] is False
    assert out["stats"].get("nearby") == 1
    m = FAMILY.parse(data)
    assert FAMILY.check(m, out["second_solution"]).solved
    assert not FAMILY.same_solution(m, out["solution"], out["second_solution"])
