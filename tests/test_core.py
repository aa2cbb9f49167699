"""The generic layer: puzzle JSON common keys, the share-link envelope, the API's
verification and statuses, the CLI's exit codes and messages, bench and the worker
entry point.  Uses our own small nonogram fixtures (tests/fixtures/core)."""
import base64
import json
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

import pysolver
from pysolver import api, webapi
import pysolver.link as link
from pysolver.base import Deadline, Outcome, PuzzleError, SolveTimeout
from pysolver.format import parse_puzzle
from pysolver.load import load_any

ROOT = Path(__file__).resolve().parent.parent
FIX = Path(__file__).parent / "fixtures" / "core"
HEART = json.loads((FIX / "heart.json").read_text())


def cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "pysolver", *map(str, args)], capture_output=True, text=True,
                          input=stdin, cwd=ROOT, timeout=120)


# ---------------------------------------------------------------- puzzle JSON
@pytest.mark.parametrize("change, message", [
    ({"type": "sudoku"}, "type: 'sudoku' is not one of"),
    ({"width": 0}, "width: 0 is not positive"),
    ({"height": 2000}, "height: 2000 is more than 1024"),
    ({"height": 300, "width": 300}, "size 300x300 has more than 65536 cells"),
    ({"width": "10"}, "width: '10' is not a whole number"),
    ({"width": True}, "width: True is not a whole number"),
    ({"title": 5}, "title: expected a string"),
    ({"expect": "solvable"}, "expect: 'solvable' is not understood"),
    ({"solution": [1]}, "solution: expected an object"),
])
def test_common_keys_are_validated_with_a_message(change, message):
    with pytest.raises(PuzzleError, match=message.replace("(", r"\(")):
        parse_puzzle({**HEART, **change})


def test_missing_keys_and_non_objects():
    for key in ("type", "width", "height"):
        data = dict(HEART)
        del data[key]
        with pytest.raises(PuzzleError, match=f"{key}: missing"):
            parse_puzzle(data)
    with pytest.raises(PuzzleError, match="a puzzle is a JSON object"):
        parse_puzzle([1, 2])


def test_load_any_reports_json_errors_with_position():
    with pytest.raises(PuzzleError, match="not valid JSON: line 1, column"):
        load_any('{"type": "nonogram",')
    with pytest.raises(PuzzleError, match="empty"):
        load_any("   ")
    with pytest.raises(PuzzleError, match="not puzzle JSON, a share link or a known puzzle format"):
        load_any("hello world, this is no puzzle")
    with pytest.raises(PuzzleError, match="not UTF-8"):
        load_any(b"\xff\xfe\x00garbage\x80")


def test_to_json_round_trips_the_file():
    p = parse_puzzle(HEART)
    assert p.to_json() == HEART


# ---------------------------------------------------------------- share links
def test_link_round_trip_keeps_content_and_text():
    p = parse_puzzle({**HEART, "title": "Herz <b>&amp; \u2764", "author": "A. N. Other"})
    frag = link.encode_link(p)
    assert frag.startswith("nonogram/10x10/1")
    back = link.decode_link("https://example.invalid/app/#" + frag)
    assert back.to_json(with_solution=False) == p.to_json(with_solution=False)
    assert back.meta["title"] == "Herz <b>&amp; \u2764"  # kept as text; the page shows it as text


def test_link_accepts_fragment_forms_and_percent_encoded_plain_bodies():
    frag = api.link(HEART)
    for form in (frag, "#" + frag, "http://x/#" + frag):
        assert link.decode_link(form).to_json(with_solution=False) == api.as_puzzle(HEART).to_json(with_solution=False)
    head, size, payload = frag.split("/")[:3]
    if payload[1] == ".":
        encoded = payload.replace(",", "%2C")
        assert link.decode_link(f"{head}/{size}/{encoded}").width == 10


def _z(body: str) -> str:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(c.compress(body.encode()) + c.flush()).decode().rstrip("=")


@pytest.mark.parametrize("frag, message", [
    ("", "expected #<type>"),
    ("nonogram/10x10", "expected #<type>"),
    ("chess/8x8/1.abc", "'chess' is not a puzzle type"),
    ("nonogram/10by10/1.x", "is not WIDTHxHEIGHT"),
    ("nonogram/0x10/1.x", "outside 1..1024"),
    ("nonogram/9999x9/1.x", "outside 1..1024"),
    ("nonogram/999x999/1.x", "more than 65536 cells"),
    ("nonogram/5x5/2.x", "format version '2' is not supported"),
    ("nonogram/5x5/1?x", "unknown data mode"),
    ("nonogram/5x5/1z!!!!", "not base64url"),
    ("nonogram/5x5/1zAAAA", "corrupted|cut short"),
    ("nonogram/5x5/1." + "1," * 4 + "1_1", "expected|clues"),
    ("nonogram/2x2/1.1,1_1,1/m!!", "title part"),
    ("nonogram/2x2/1.1,1_1,1/mAAAA", "title/author part is corrupted"),
    ("nonogram/2x2/1.1,1_1,1/extra", "unexpected extra part"),
])
def test_corrupted_or_hostile_links_get_clear_messages(frag, message):
    with pytest.raises(PuzzleError, match=message):
        link.decode_link(frag)


def test_truncated_and_bomb_links_are_refused():
    full = _z("1,1_1,1")
    with pytest.raises(PuzzleError, match="cut short|corrupted"):
        link.decode_link("nonogram/2x2/1z" + full[: len(full) // 2])
    bomb = _z("1," * 5_000_000)  # 10 MB of text from a short link
    with pytest.raises(PuzzleError, match="too large once decompressed"):
        link.decode_link("nonogram/2x2/1z" + bomb)
    with pytest.raises(PuzzleError, match="too long"):
        link.decode_link("nonogram/2x2/1." + "1" * 2_000_001)


# ---------------------------------------------------------------- API
def test_solve_reports_unique_unsolvable_and_ambiguous():
    res = pysolver.solve(HEART, unique=True)
    assert res["status"] == "solved" and res["unique"] is True
    assert res["solution"] == HEART["solution"]
    assert set(res) >= {"status", "solution", "unique", "seconds", "method"}
    res = pysolver.solve((FIX / "unsolvable.json").read_text())
    assert res["status"] == "unsolvable" and res["solution"] is None
    res = pysolver.solve((FIX / "ambiguous.json").read_text(), unique=True)
    assert res["unique"] is False and res["second_solution"] != res["solution"]
    assert pysolver.solve(HEART)["unique"] is None  # not asked, not claimed


def test_solve_refuses_unknown_methods():
    with pytest.raises(PuzzleError, match="method: 'magic' is not one of"):
        pysolver.solve(HEART, method="magic")


class _LyingFamily:
    """Wraps a real family but returns a wrong solution: the API must not pass it on."""

    def __init__(self, real):
        self.real = real

    def __getattr__(self, name):
        return getattr(self.real, name)

    def solve(self, model, method, deadline, limit=1):
        return Outcome([{"grid": ["#" * 10] * 10}])


def test_a_solution_failing_the_checker_never_reaches_the_user():
    p = api.as_puzzle(HEART)
    p.family = _LyingFamily(p.family)
    res = api.solve(p)
    assert res["status"] == "error" and res["solution"] is None
    assert "checker rejects" in res["note"]


def test_deadline_and_cancel_hook():
    d = Deadline(0.0, stride=1)
    with pytest.raises(SolveTimeout):
        d.check()
    calls = []
    res = api.solve(HEART, cancel=lambda: calls.append(1) or True)
    # A solve this small may finish before the first poll; when polled, it stops.
    assert res["status"] in ("cancelled", "solved")
    if calls:
        assert res["status"] == "cancelled"


# ---------------------------------------------------------------- worker entry point
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


# ---------------------------------------------------------------- CLI
def test_cli_solve_text_and_json_and_exit_codes(tmp_path):
    r = cli("solve", FIX / "heart.json", "--unique")
    assert r.returncode == 0 and "solved" in r.stdout and "unique" in r.stdout
    assert "##########" in r.stdout
    r = cli("solve", FIX / "heart.json", "--json")
    out = json.loads(r.stdout)
    assert out["status"] == "solved" and out["method"] == "auto" and isinstance(out["seconds"], float)
    r = cli("solve", FIX / "unsolvable.json", "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["status"] == "unsolvable"
    r = cli("solve", tmp_path / "nope.json")
    assert r.returncode == 2 and "no such file" in r.stderr and "Traceback" not in r.stderr
    (tmp_path / "bad.json").write_text('{"type": "nonogram", "width": 3}')
    r = cli("solve", tmp_path / "bad.json")
    assert r.returncode == 2 and "height: missing" in r.stderr
    r = cli("solve", "-", stdin=json.dumps(HEART))
    assert r.returncode == 0


def test_cli_link_show_and_solve_a_link():
    r = cli("link", FIX / "heart.json")
    frag = r.stdout.strip()
    assert r.returncode == 0 and frag.startswith("#nonogram/10x10/")
    r = cli("show", frag)
    shown = json.loads(r.stdout)
    assert shown["rows"] == HEART["rows"] and shown["title"] == "Heart"
    r = cli("solve", "https://example.invalid/#" + frag[1:], "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["solution"] == HEART["solution"]
    r = cli("show", "#nonogram/5x5/1zAAAA")
    assert r.returncode == 2 and "link:" in r.stderr


def test_cli_reads_another_sites_url_in_place_of_a_file():
    r = cli("solve", "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["status"] == "solved"
    r = cli("solve", "https://puzz.link/p?numlin/4/3/1h1h2h2", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["status"] == "solved"
    r = cli("solve", "https://example.invalid/page?x=1")
    assert r.returncode == 2 and "not puzzle JSON" in r.stderr and "Traceback" not in r.stderr


def test_cli_check(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(HEART["solution"]))
    r = cli("check", FIX / "heart.json", good)
    assert r.returncode == 0 and r.stdout.startswith("valid")
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"grid": ["." * 10] * 10}))
    r = cli("check", FIX / "heart.json", wrong)
    assert r.returncode == 1 and r.stdout.startswith("invalid: ")
    r = cli("check", FIX / "heart.json", FIX / "heart.json")  # a puzzle file with its solution
    assert r.returncode == 0


def test_cli_bench_table_and_json(tmp_path):
    r = cli("bench", FIX, "--timeout", "5")
    assert r.returncode == 0
    assert "heart.json" in r.stdout and "4 puzzles:" in r.stdout and "1 unsolvable" in r.stdout
    r = cli("bench", FIX, "--json", "--unique", "--timeout", "5")
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert {row["file"] for row in rows} == {"heart.json", "unsolvable.json", "ambiguous.json", "slow.json"}
    assert all({"file", "method", "status", "seconds", "solution"} <= set(row) for row in rows)
    (tmp_path / "broken.json").write_text("{")
    r = cli("bench", tmp_path)
    assert "bad_input" in r.stdout and r.returncode == 0


@pytest.mark.parametrize("path", sorted(p for p in (Path(__file__).parent / "fixtures").rglob("*")
                                        if p.suffix in {".cat", ".xml", ".flow", ".blocks", ".txt", ".non", ".g"}),
                         ids=lambda p: p.name)
def test_every_format_fixture_is_recognised_from_file_bytes(path):
    """Files are read as bytes; when two formats claim a file (webpbn's and Hungry
    Cat's XML are both XML) the one that can read it wins."""
    from pysolver.load import load_path
    p = load_path(str(path))
    assert p.type == path.parent.name
