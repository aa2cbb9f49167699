"""The worker's entry point (pysolver.webapi): JSON in, JSON out, errors by kind."""
import json

import pytest

from pysolver import webapi

from testkit import FIXTURES, HEART


def test_webapi_speaks_json_and_never_raises():
    ok = json.loads(webapi.handle(json.dumps({"cmd": "solve", "args": {"puzzle": HEART, "unique": True}})))
    assert ok["ok"] and ok["result"]["unique"] is True
    bad = json.loads(webapi.handle(json.dumps({"cmd": "solve", "args": {"puzzle": {**HEART, "width": -1}}})))
    assert not bad["ok"] and bad["kind"] == "input" and "width" in bad["error"]
    unknown = json.loads(webapi.handle('{"cmd": "rm -rf"}'))
    assert not unknown["ok"] and "unknown command" in unknown["error"]
    broken = json.loads(webapi.handle("{not json"))
    assert not broken["ok"] and broken["kind"] == "internal"
    st = json.loads(webapi.handle('{"cmd": "selftest"}'))["result"]
    assert st["milp_x"] == [1.0, 2.0]


def test_webapi_reports_time_limits_and_cancels_by_kind(monkeypatch):
    from pysolver.base import Cancelled, SolveTimeout

    def out_of_time(args):
        raise SolveTimeout("time")

    def cancelled(args):
        raise Cancelled("cancelled")

    monkeypatch.setitem(webapi.COMMANDS, "slow", out_of_time)
    monkeypatch.setitem(webapi.COMMANDS, "stopped", cancelled)
    slow = json.loads(webapi.handle('{"cmd": "slow"}'))
    assert not slow["ok"] and slow["kind"] == "timeout" and "time limit" in slow["error"]
    stopped = json.loads(webapi.handle('{"cmd": "stopped"}'))
    assert not stopped["ok"] and stopped["kind"] == "cancelled"



def test_every_maker_in_the_description_runs_through_make():
    """The page builds its maker forms from the description and sends what they hold:
    each built-in maker answers such a request with a puzzle that checks."""
    import base64

    from pysolver import api
    from pysolver.registry import describe

    pixels = bytearray()
    for r in range(6):
        for c in range(6):
            pixels += bytes((200, 30, 30, 255) if 1 <= r <= 4 and 1 <= c <= 4 else (255, 255, 255, 255))
    sent = {"int": lambda p: p.get("default", p["min"]), "seed": lambda p: 1,
            "choice": lambda p: p["default"]}
    extra = {"image": {"rgba": base64.b64encode(bytes(pixels)).decode(), "source_width": 6, "source_height": 6},
             "palette": {"palette": {"a": "#000000"}}, "grid": {"grid": ["aa.", ".aa"]}}
    made = 0
    for fam in describe()["families"]:
        for maker in fam["makers"]:
            if (fam["type"], maker["name"]) == ("numberlink", "screenshot"):
                continue  # (reads a picture of a board, not this one: tests/test_screenshot.py)
            args = {"type": fam["type"], "maker": maker["name"], "timeout": maker["timeout"]}
            for p in maker["params"]:
                args.update(extra[p["kind"]] if p["kind"] in extra else {p["name"]: sent[p["kind"]](p)})
            if "width" in args and maker["params"][0]["kind"] == "image":
                args["width"] = 6
            if maker["snap"]:
                # the picture before Make: the red square in one colour, the ground in another
                snap = json.loads(webapi.handle(json.dumps({"cmd": "snap", "args": args})))["result"]
                square = {snap["grid"][r][c] for r in range(1, 5) for c in range(1, 5)}
                assert len(snap["grid"]) == 6 and len(square) == 1 and snap["grid"][0][0] not in square, snap
                assert snap["colours"][square.pop()] in ("#c81e1e", "#000000"), snap   # (black and white: black)
            reply = json.loads(webapi.handle(json.dumps({"cmd": "make", "args": args})))
            assert reply["ok"], (fam["type"], maker["name"], reply)
            puzzle = reply["result"]["puzzle"]
            assert puzzle["type"] == fam["type"]
            assert api.check(puzzle, puzzle["solution"])["solved"]
            made += 1
    assert made >= 3
    refused = json.loads(webapi.handle(json.dumps({"cmd": "snap", "args": {"type": "nonogram", "maker": "random"}})))
    assert refused == {"ok": False, "kind": "input", "error": "maker 'random' makes no picture to show first"}


def test_a_request_that_needs_an_unloaded_package_asks_for_it(monkeypatch):
    """In the browser NumPy and SciPy load on demand: a request that imports one first
    answers "needs" with the package, so the worker loads it and asks again."""
    import builtins
    real_import = builtins.__import__

    def without(*packages):
        def imports(name, *args, **kwargs):
            if name.split(".")[0] in packages:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return real_import(name, *args, **kwargs)
        return imports

    monkeypatch.setattr(builtins, "__import__", without("scipy"))
    got = json.loads(webapi.handle('{"cmd": "selftest"}'))
    assert got == {"ok": False, "kind": "needs", "packages": ["scipy"], "error": "scipy is not loaded yet"}
    monkeypatch.setattr(builtins, "__import__", without("numpy", "scipy"))
    # a package that is not loaded on demand is a fault, as before
    monkeypatch.setitem(webapi.COMMANDS, "odd", lambda a: __import__("no_such_module"))
    odd = json.loads(webapi.handle('{"cmd": "odd"}'))
    assert odd["kind"] == "internal" and "no_such_module" in odd["error"]
    # nonograms and Hungry Cat never need them: solve, hint and Check
    hungry = json.loads((FIXTURES / "hungrycat" / "small-8x6.json").read_text())
    for puzzle, blank in ((HEART, {"grid": ["?" * 10] * 10}), (hungry, {"grid": ["?" * 8] * 6})):
        for cmd, args in (("solve", {"unique": True}), ("hint", {"progress": blank}), ("judge", {"solution": blank})):
            reply = json.loads(webapi.handle(json.dumps({"cmd": cmd, "args": {"puzzle": puzzle, **args}})))
            assert reply["ok"], (puzzle["type"], cmd, reply)


def test_open_answers_every_puzzle_of_a_pack_and_one_for_a_plain_file():
    # two Numberlink boards in one file (a collection), with a comment line
    pack = "# two boards\n3 2\nA.A\nB.B\n\n2 2\nAA\nBB\n"
    res = json.loads(webapi.handle(json.dumps({"cmd": "open", "args": {"text": pack, "name": "boards.txt"}})))
    assert res["ok"] and res["result"]["title"] == "boards"
    assert [(p["type"], p["width"], p["height"]) for p in res["result"]["puzzles"]] == [
        ("numberlink", 3, 2), ("numberlink", 2, 2)]
    assert [p["title"] for p in res["result"]["puzzles"]] == ["boards #1", "boards #2"]
    one = json.loads(webapi.handle(json.dumps({"cmd": "open", "args": {"text": json.dumps(HEART)}})))
    assert one["ok"] and len(one["result"]["puzzles"]) == 1
    # an untitled puzzle in a file takes the file's name; pasted text gives none
    board = "3 2\nA.A\nB.B\n"
    for args, title in (({"name": "C:\\puzzles\\uk flag.txt", "file": True}, "uk flag"),
                        ({"name": "pasted text"}, None)):
        res = json.loads(webapi.handle(json.dumps({"cmd": "open", "args": {"text": board, **args}})))
        assert res["result"]["puzzles"][0].get("title") == title
    titled = {k: v for k, v in HEART.items()} | {"title": "Heart"}
    res = json.loads(webapi.handle(json.dumps({"cmd": "open", "args": {"text": json.dumps(titled), "name": "x.json",
                                                                        "file": True}})))
    assert res["result"]["puzzles"][0]["title"] == "Heart"


def test_text_no_reader_takes_is_refused_in_the_apps_words_and_the_clis():
    # the page's words: no list of every reader tried (the page lists the formats)
    args = {"text": "hello\nworld\n", "name": "notes.txt"}
    res = json.loads(webapi.handle(json.dumps({"cmd": "open", "args": args})))
    assert not res["ok"] and res["kind"] == "input"
    assert res["error"].startswith("this is not a puzzle this app can read (puzzle JSON, a share link")
    assert "tried:" not in res["error"]
    # the command line's: the file's name, then what the closest reader says (and the
    # readers tried, as far as the message's 500 characters go)
    from pysolver.base import PuzzleError
    from pysolver.load import load_any
    with pytest.raises(PuzzleError, match=r"^notes.txt: not puzzle JSON, a share link or a known puzzle format"):
        load_any(args["text"], "notes.txt")
    res = json.loads(webapi.handle(json.dumps({"cmd": "open", "args": {"text": [0xff, 0xfe, 0], "name": "x.bin"}})))
    assert res["error"] == "this is neither text nor a puzzle file of a known kind"


def test_the_worker_can_import_what_it_loaded_on_demand_in_one_go():
    # (the worker calls this right after loading a package, while a Cancel is held off)
    webapi.import_loaded('["numpy", "scipy"]')
    import sys
    assert all(m in sys.modules for mods in webapi.ON_DEMAND_MODULES.values() for m in mods)
