"""The bundled library (static/puzzles): every puzzle loads, has exactly one solution,
and that solution is the one stored with it, so Check and Hint judge players against
the right picture.  tools/make_library.py makes most of them."""
import json
from pathlib import Path

import pytest

from pysolver import api

LIB = Path(__file__).resolve().parents[1] / "static" / "puzzles"
FILES = sorted(f for f in LIB.glob("*.json") if f.name != "index.json")


def test_the_library_has_puzzles_of_every_family():
    types = {json.loads(f.read_text())["type"] for f in FILES}
    assert types == {"linkapix", "nonogram", "numberlink", "hungrycat"}


@pytest.mark.parametrize("path", FILES, ids=lambda f: f.stem)
def test_a_library_puzzle_is_unique_and_its_solution_is_stored(path):
    data = json.loads(path.read_text())
    stored = data.pop("solution")
    assert data.get("title") and data.get("license") == "CC0-1.0"
    res = api.solve(data, unique=True, timeout=120)
    assert res["status"] == "solved" and res["unique"] is True, res.get("note")
    assert api.check(data, stored)["solved"] is True
