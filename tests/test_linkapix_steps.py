"""Link-a-Pix Replay steps: forced links first with their reasons, the rest from the
search, and together they are exactly a solution."""
import json
from pathlib import Path

import pytest

from pysolver import api
from pysolver.base import Deadline

FIX = Path(__file__).parent / "fixtures" / "linkapix"


@pytest.mark.parametrize("name", ["maker_house_12x10_full.json", "maker_heart_9x9_blank.json",
                                  "maker_shapes_14x14_blank.json"])
def test_steps_replay_to_a_solution(name):
    p = api.as_puzzle(json.loads((FIX / name).read_text()))
    steps = p.family.steps(p.model, Deadline(30))
    assert steps and all(s["message"] and s["path"] == s["cells"] for s in steps)
    rules = [s["rule"] for s in steps]
    # logic first: once the search had to step in, no forced step follows
    if "search" in rules:
        assert all(r == "search" for r in rules[rules.index("search"):])
    assert p.family.check(p.model, {"paths": [s["path"] for s in steps]}).solved
