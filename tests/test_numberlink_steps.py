"""Numberlink Replay steps: forced segments with their reasons, then the search's lines
a stretch at a time (with what they force in turn); replayed in order, exactly a solution."""
import json
import re
from pathlib import Path

import pytest

from pysolver import webapi
from pysolver.base import Deadline, PuzzleError, SolveTimeout
from pysolver.numberlink import FAMILY

FIX = Path(__file__).parent / "fixtures" / "numberlink"
SOLVABLE = sorted(p.name for p in FIX.glob("*.json") if "expect" not in json.loads(p.read_text()))
CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus" / "numberlink"
BOARDS_40x20 = sorted(CORPUS.glob("*_40x20.json"))[:3] if CORPUS.is_dir() else []
RULES = {"one way on", "two neighbours", "search"}


def load(name):
    return json.loads((FIX / name).read_text())


def replay(model, steps):
    """Apply the steps as the app's applyStep does, checking every frame on the way;
    returns the final {"paths": ...}."""
    ends = {lab: {tuple(model.rc(a)), tuple(model.rc(b))} for lab, (a, b) in zip(model.labels, model.ends)}
    lines: dict[str, list] = {}
    for i, step in enumerate(steps):
        assert step["rule"] in RULES and step["message"] and step["cells"], step
        lab = step["label"]
        new = step["lines"]
        assert 1 <= len(new) <= 2
        for line in new:
            assert tuple(line[0]) in ends[lab] and len(line) >= 2
        # lines only grow: every line drawn before is still there, read from its endpoint
        old_cells = {tuple(q) for line in lines.get(lab, []) for q in line}
        new_cells = {tuple(q) for line in new for q in line}
        assert old_cells <= new_cells, (i, step)
        drawn = new_cells - old_cells - ends[lab]
        assert drawn == {tuple(q) for q in step["cells"]} or not drawn, (i, step)
        if len(new) == 2:
            assert tuple(new[0][0]) != tuple(new[1][0])
        lines[lab] = new
        # every frame is a correct partial answer (each half on its own) without overlaps
        for half in (0, 1):
            part = {k: v[half] for k, v in lines.items() if len(v) > half}
            assert FAMILY.check(model, {"paths": part}, partial=True).ok, (i, step)
        cells = [tuple(q) for v in lines.values() for line in v for q in line]
        assert len(cells) == len(set(cells)), (i, step)
    assert all(len(v) == 1 for v in lines.values())
    return {"paths": {k: v[0] for k, v in lines.items()}}


@pytest.mark.parametrize("name", SOLVABLE)
def test_steps_replay_to_the_solution(name):
    data = load(name)
    model = FAMILY.parse(data)
    steps = FAMILY.steps(model, Deadline(30))
    final = replay(model, steps)
    assert FAMILY.check(model, final).solved
    if "solution" in data:      # the generated fixtures are unique
        assert FAMILY.same_solution(model, final, data["solution"])
    for step in steps:
        if step["rule"] == "search":
            assert step["message"].startswith("search: line " + step["label"])
        # messages count from 1: no row or column 0, none past the board
        for r, c in re.findall(r"row (\d+), col (\d+)", step["message"]):
            assert 1 <= int(r) <= model.height and 1 <= int(c) <= model.width


def test_forced_segments_come_first_with_their_reasons():
    model = FAMILY.parse(load("rule_uturn_3x2.json"))
    steps = FAMILY.steps(model, Deadline(10))
    assert [s["rule"] for s in steps] == ["two neighbours", "one way on", "one way on"]
    assert steps[0]["message"].startswith("the cell at row 2, col 3 has only two neighbours it can link to, "
                                          "one of them line B")
    assert steps[0]["cells"] == [[1, 2], [1, 1]] and steps[0]["lines"] == [[[0, 2], [1, 2], [1, 1]]]
    # a bare join highlights the two line ends it joins
    assert steps[1]["lines"] == [[[0, 1], [1, 1], [1, 2], [0, 2]]] and "complete" in steps[1]["message"]
    # a fully forced board needs no search at all
    assert all(s["rule"] != "search" for s in FAMILY.steps(FAMILY.parse(load("gen_7x7_s2.json")), Deadline(10)))


def test_search_takes_over_and_forced_moves_follow_it():
    model = FAMILY.parse(load("free_4x3.json"))
    steps = FAMILY.steps(model, Deadline(10))
    rules = [s["rule"] for s in steps]
    assert rules[0] == "one way on" and "search" in rules
    # under free cover the search draws along a routed answer and joins every line
    assert sorted(s["label"] for s in steps if s["message"].endswith("is complete")) == ["1", "2"]
    # after a search stretch the propagation runs again: forced steps come after it too
    model = FAMILY.parse(load("gen_14x14_s6.json"))
    rules = [s["rule"] for s in FAMILY.steps(model, Deadline(30))]
    first = rules.index("search")
    assert set(rules[:first]) <= {"one way on", "two neighbours"} and first > 0
    assert set(rules[first:]) == RULES


def test_a_line_the_search_starts_is_drawn_to_its_end():
    """Pair by pair: once the search draws on a line, it goes on with that line (forced
    steps in between) until the line is joined."""
    model = FAMILY.parse(load("gen_14x14_s6.json"))
    ends = {lab: {model.rc(a), model.rc(b)} for lab, (a, b) in zip(model.labels, model.ends)}
    joined, current, searched = set(), None, []
    for step in FAMILY.steps(model, Deadline(30)):
        lab, lines = step["label"], step["lines"]
        if step["rule"] == "search":
            assert current in (None, lab) and lab not in joined
            current = lab
            searched.append(lab)
        if len(lines) == 1 and {tuple(lines[0][0]), tuple(lines[0][-1])} == ends[lab] and len(lines[0]) > 1:
            joined.add(lab)
            if lab == current:
                current = None
    assert len(joined) == len(model.labels) and len(set(searched)) > 1


def test_unsolvable_and_out_of_time():
    with pytest.raises(PuzzleError, match="no solution"):
        FAMILY.steps(FAMILY.parse(load("unsolvable_crossing_2x2.json")), Deadline(10))
    with pytest.raises(SolveTimeout):
        FAMILY.steps(FAMILY.parse(load("gen_14x14_s6.json")), Deadline(0))


def test_worker_command():
    data = load("gen_8x6_s3.json")
    out = json.loads(webapi.handle(json.dumps({"cmd": "steps", "args": {"puzzle": data, "timeout": 10}})))
    assert out["ok"] is True
    final = replay(FAMILY.parse(data), out["result"]["steps"])
    assert FAMILY.same_solution(FAMILY.parse(data), final, data["solution"])
    # a replay that runs out of time says so plainly (not as an internal fault)
    out = json.loads(webapi.handle(json.dumps({"cmd": "steps", "args": {"puzzle": load("gen_14x14_s6.json"),
                                                                        "timeout": 0}})))
    assert out["ok"] is False and out["kind"] == "input" and "gave up after 0 s" in out["error"]


@pytest.mark.corpus
@pytest.mark.skipif(not BOARDS_40x20, reason="needs ../shared/corpus/numberlink")
@pytest.mark.parametrize("path", BOARDS_40x20, ids=lambda p: p.name)
def test_corpus_40x20(path):
    model = FAMILY.parse(json.loads(path.read_text()))
    steps = FAMILY.steps(model, Deadline(60))
    assert FAMILY.check(model, replay(model, steps)).solved
    assert steps[0]["rule"] == "search"     # nothing is forced on an empty 40x20 board


def test_a_hinted_line_whose_ends_are_forced_to_join_is_drawn_to_its_partner():
    """The forced moves may log a line's join as its other end's move: the hint drew
    the line to the cell beside its partner and stopped there (a review: 'one cell
    short', and dragging on from the partner wiped the hinted line)."""
    from pysolver import make
    from pysolver.format import parse_puzzle
    from pysolver.numberlink.hint import _drawn, forced_moves, next_step
    checked = 0
    for day in ("2026-11-02", "2026-11-05"):
        data = make.daily("numberlink", day)["puzzle"]
        m = parse_puzzle({k: v for k, v in data.items() if k != "solution"}).model
        progress = {"paths": {}}
        for _ in range(150):
            log = forced_moves(m, _drawn(m, progress), Deadline(20))
            st = next_step(m, progress, Deadline(20))
            if st is None or st.get("wrong"):
                break
            got = re.match(r"the line from (.+) at row", st["message"])
            if got:
                k = m.labels.index(got.group(1))
                if any(h >> 1 == k and q == -1 for h, q, _ in log):
                    path = [tuple(x) for x in st["solution"]["paths"][got.group(1)]]
                    assert {path[0], path[-1]} == {m.rc(e) for e in m.ends[k]}, (day, st["message"], path)
                    checked += 1
            progress = {"paths": st["solution"]["paths"]}
    assert checked > 5
