"""The seams between the families and the shared code, proved with a family that lives
only here: "fillrow", a 1xN row whose every cell must be filled, some given already.

It is registered at test time (``registry.register``) and then goes through the CLI,
the worker's entry point and the families description with no edit to shared code:
if one of them named the built-in families, or reached into one, these tests fail."""
import json
import random
from typing import NamedTuple

import pytest

from pysolver import api, cli, registry, webapi
from pysolver.base import (SNIFF_MARK, CheckReport, Exporter, Family, Maker, Method, Outcome, Param,
                           PuzzleError, as_int, as_list)


class Row(NamedTuple):
    width: int
    given: tuple
    height: int = 1


class FillRow(Family):
    type = "fillrow"
    title = "Fill the Row"
    rules = "Fill every cell of the row."
    methods = (Method("auto", "fill the cells that are empty"), Method("slow", "one cell at a time"))
    importers = {"fillrow-text": (lambda text: SNIFF_MARK if text.startswith("FILLROW ") else 0,
                                  lambda text: _from_text(text))}
    importer_about = {"fillrow-text": "FILLROW <width> <given cells>"}
    exporters = {"fillrow-text": Exporter("FILLROW text", lambda m, sol, meta: _to_text(m), ".row")}
    makers = {"random": Maker("random", "Make a row", "A row with some cells given.",
                              (Param("width", "int", "Width", 1, 20, 5), Param("seed", "seed", "Number", 0, 99)),
                              lambda v, d: {"puzzle": _random(v["width"], v["seed"])}, timeout=5)}

    def parse(self, data):
        if data["height"] != 1:
            raise PuzzleError("height: a row is 1 cell high")
        given = sorted({as_int(i, "given", 0, data["width"] - 1) for i in as_list(data.get("given", []), "given")})
        return Row(data["width"], tuple(given))

    def to_json(self, model):
        return {"given": list(model[1])}

    def solve(self, model, method, deadline, limit=1):
        deadline.check()
        return Outcome([{"row": "#" * model[0]}], complete=True, stats={"filled": model[0] - len(model[1])})

    def check(self, model, solution, partial=False):
        row = solution.get("row") if isinstance(solution, dict) else None
        if not isinstance(row, str) or len(row) != model[0] or set(row) - set("#?" if partial else "#"):
            return CheckReport(False, False, [{"message": "row: expected a string of '#'", "cells": [],
                                               "lines": []}])
        missing = [[0, i] for i in model[1] if row[i] != "#"]
        if missing:
            return CheckReport(False, False, [{"message": "a given cell is empty", "cells": missing, "lines": []}])
        return CheckReport(True, "?" not in row)

    def next_step(self, model, progress, deadline):
        row = progress["row"]
        i = row.index("?")
        return {"message": f"cell {i + 1} is filled", "cells": [[0, i]],
                "solution": {"row": row[:i] + "#" + row[i + 1:]}}

    def mistakes(self, model, progress, solution, deadline):
        return []

    def steps(self, model, deadline):
        return [{"message": f"fill cell {i + 1}", "cells": [[0, i]]} for i in range(model[0])]

    def encode_compact(self, model):
        return ",".join(map(str, model[1]))

    def decode_compact(self, body, width, height):
        try:
            return {"given": [int(x) for x in body.split(",") if x]}
        except ValueError:
            raise PuzzleError("link: the given cells are not numbers") from None

    def render_text(self, model, solution):
        return solution["row"]


def _to_text(model):
    return f"FILLROW {model[0]} {' '.join(map(str, model[1]))}\n"


def _from_text(text):
    words = text.split()
    return {"type": "fillrow", "width": int(words[1]), "height": 1, "given": [int(w) for w in words[2:]]}


def _random(width, seed):
    rng = random.Random(seed)
    return {"type": "fillrow", "width": width, "height": 1,
            "given": sorted(rng.sample(range(width), rng.randint(0, width)))}


ROW = {"type": "fillrow", "width": 4, "height": 1, "given": [1, 3], "title": "Toy"}


@pytest.fixture(autouse=True)
def toy_family():
    registry.register(FillRow())
    yield
    registry.unregister("fillrow")


def run(capsys, *args):
    code = cli.main([*map(str, args)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_cli_solves_checks_links_shows_converts_and_makes(tmp_path, capsys):
    path = tmp_path / "row.json"
    path.write_text(json.dumps(ROW))
    code, out, _ = run(capsys, "solve", path, "--json", "--unique")
    res = json.loads(out)
    assert code == 0 and res["status"] == "solved" and res["solution"] == {"row": "####"} and res["unique"]
    (tmp_path / "sol.json").write_text(json.dumps({"row": "#.##"}))
    code, _, err = run(capsys, "check", path, tmp_path / "sol.json")
    assert code == 1
    code, frag, _ = run(capsys, "link", path)
    assert code == 0 and frag.startswith("#fillrow/4x1/")
    code, out, _ = run(capsys, "show", frag.strip())
    assert json.loads(out) == ROW
    code, out, _ = run(capsys, "convert", path, "--to", "fillrow-text")
    assert out == "FILLROW 4 1 3\n"
    (tmp_path / "row.row").write_text(out)
    code, out, _ = run(capsys, "solve", tmp_path / "row.row")
    assert code == 0 and "####" in out
    code, out, _ = run(capsys, "solve", path, "--method", "fast")
    assert code == 2
    code, out, _ = run(capsys, "make", "fillrow", "random", "width=6", "seed=4")
    assert code == 0 and json.loads(out) == _random(6, 4)
    code, out, _ = run(capsys, "families")
    assert "fillrow (Fill the Row)" in out and "--method slow: one cell at a time" in out


def test_the_worker_answers_for_the_toy_as_for_any_family():
    def call(cmd, **args):
        reply = json.loads(webapi.handle(json.dumps({"cmd": cmd, "args": args})))
        assert reply["ok"], reply
        return reply["result"]
    assert call("solve", puzzle=ROW, unique=True)["unique"] is True
    assert call("hint", puzzle=ROW, progress={"row": "?#?#"})["hint"]["cells"] == [[0, 0]]
    assert call("judge", puzzle=ROW, solution={"row": "?.?#"})["ok"] is False
    assert call("check", puzzle=ROW, solution={"row": "####"})["solved"] is True
    assert [s["message"] for s in call("steps", puzzle=ROW)["steps"]][:1] == ["fill cell 1"]
    assert call("show", link=call("link", puzzle=ROW)["link"]) == ROW
    assert [f["name"] for f in call("formats", type="fillrow")["formats"]] == ["json", "fillrow-text"]
    assert call("make", type="fillrow", maker="random", width=3, seed=1)["puzzle"] == _random(3, 1)
    assert call("load", text="FILLROW 2 0")["given"] == [0]
    bad = json.loads(webapi.handle(json.dumps({"cmd": "make", "args": {"type": "fillrow", "maker": "x"}})))
    assert bad["kind"] == "input" and "random" in bad["error"]


def test_the_description_has_the_toy_with_everything_it_declares():
    desc = json.loads(webapi.handle('{"cmd": "families"}'))["result"]
    assert desc == registry.describe()
    toy = next(f for f in desc["families"] if f["type"] == "fillrow")
    assert toy["title"] == "Fill the Row" and toy["rules"] == "Fill every cell of the row."
    assert [m["name"] for m in toy["methods"]] == ["auto", "slow"]
    assert toy["replay"] is True and toy["hint_levels"] == ["step"]
    assert toy["reads"] == [{"name": "fillrow-text", "about": "FILLROW <width> <given cells>"}]
    assert toy["writes"][0]["name"] == "fillrow-text"
    assert toy["makers"][0]["params"][0] == {"name": "width", "kind": "int", "label": "Width", "min": 1,
                                              "max": 20, "default": 5}
    assert toy["drawing"] is None


def test_the_library_answers_too():
    assert api.solve(ROW)["solution"] == {"row": "####"}
    assert api.hint(ROW, {"row": "####"}) is None
    assert api.hint(ROW, {"row": "#???"})["wrong"] is True      # a given cell left empty
    with pytest.raises(PuzzleError, match="height"):
        api.solve({**ROW, "height": 2})
