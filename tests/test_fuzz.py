"""Property-based fuzzing (Hypothesis) of everything that reads input: puzzle JSON, share
links and each family's text formats, random and mutated from small valid puzzles,
through parse, the link round trip, convert and check.  The property: a clean
PuzzleError or a valid result, never another exception.

The default run takes seconds (``PYSOLVER_FUZZ_EXAMPLES`` examples per test, 40 unless
set); ``PYSOLVER_FUZZ_EXAMPLES=2000 pytest tests/test_fuzz.py`` is the long run."""
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysolver import api
from pysolver.base import PuzzleError
from pysolver.format import parse_puzzle
from pysolver.link import decode_link, encode_link
from pysolver.load import load_any
from pysolver.registry import families

from testkit import FIXTURES

EXAMPLES = int(os.environ.get("PYSOLVER_FUZZ_EXAMPLES", "40"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="PYSOLVER_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much])

#: one small valid puzzle of each built-in family, with its solution
SEEDS = {name: json.loads((FIXTURES / path).read_text()) for name, path in {
    "linkapix": "linkapix/hand_4x3_full.json", "nonogram": "core/heart.json",
    "numberlink": "numberlink/free_4x3.json", "hungrycat": "hungrycat/small-8x6.json"}.items()}
for _seed in SEEDS.values():
    _seed.setdefault("solution", api.solve(_seed)["solution"])

JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 300) | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
                    max_leaves=25)


def survives(fn, *args):
    """fn(*args), with a PuzzleError taken as a fine answer (None)."""
    try:
        return fn(*args)
    except PuzzleError as exc:
        assert str(exc), "a PuzzleError must say what is wrong"
        return None


def mutate(value, data, depth=0):
    """``value`` with one random change somewhere inside: a key dropped or replaced, a
    list item replaced, cut or duplicated, or a leaf swapped for any JSON value."""
    if isinstance(value, dict) and value and depth < 4:
        key = data.draw(st.sampled_from(sorted(value)))
        how = data.draw(st.sampled_from(["drop", "deeper", "replace"]))
        out = dict(value)
        if how == "drop":
            del out[key]
        elif how == "deeper":
            out[key] = mutate(value[key], data, depth + 1)
        else:
            out[key] = data.draw(JSON)
        return out
    if isinstance(value, list) and value and depth < 5:
        i = data.draw(st.integers(0, len(value) - 1))
        how = data.draw(st.sampled_from(["deeper", "cut", "twice", "replace"]))
        out = list(value)
        if how == "deeper":
            out[i] = mutate(value[i], data, depth + 1)
        elif how == "cut":
            del out[i:]
        elif how == "twice":
            out.insert(i, value[i])
        else:
            out[i] = data.draw(JSON)
        return out
    if isinstance(value, str) and value and data.draw(st.booleans()):
        i = data.draw(st.integers(0, len(value) - 1))
        return value[:i] + data.draw(st.text(max_size=3)) + value[i + 1:]
    return data.draw(JSON)


def exercise(puzzle):
    """What a parsed puzzle goes through: the link round trip, every format it can be
    written in, and the rule check of its own solution and of a random one."""
    p = survives(parse_puzzle, puzzle)
    if p is None:
        return
    link = survives(encode_link, p)
    if link is not None:
        back = decode_link(link)                   # our own link must read back
        assert back.to_json(with_solution=False) == p.to_json(with_solution=False)
    for fmt in api.formats(p.type, p.to_json(with_solution=False)):
        text = survives(api.convert, p, fmt["name"], 2)
        if text is not None and fmt["name"] not in ("json", "link"):
            survives(load_any, text)
    if p.solution is not None:
        api.check(p, p.solution)
        api.check(p, p.solution, partial=True)


@pytest.mark.parametrize("family", sorted(SEEDS))
@FUZZ
@given(data=st.data())
def test_mutated_puzzle_json_is_refused_cleanly_or_works(family, data):
    exercise(mutate(SEEDS[family], data))


@FUZZ
@given(value=JSON)
def test_any_json_value_is_refused_cleanly(value):
    survives(parse_puzzle, value)
    survives(load_any, json.dumps(value))


@pytest.mark.parametrize("family", sorted(SEEDS))
@FUZZ
@given(data=st.data())
def test_mutated_links_are_refused_cleanly_or_read(family, data):
    link = encode_link(parse_puzzle(SEEDS[family]))
    i = data.draw(st.integers(0, len(link) - 1))
    cut = data.draw(st.integers(0, 4))
    broken = link[:i] + data.draw(st.text(max_size=4)) + link[i + cut:]
    p = survives(decode_link, broken)
    if p is not None:
        exercise(p.to_json())


@pytest.mark.parametrize("family", sorted(SEEDS))
@FUZZ
@given(data=st.data())
def test_mutated_solutions_are_judged_not_crashed(family, data):
    seed = SEEDS[family]
    solution = mutate(seed["solution"], data)
    api.check(seed, solution)
    api.check(seed, solution, partial=True)
    survives(api.hint, seed, solution, 2)


def format_texts():
    """(family, format, text) for every format every family writes, from its seed."""
    out = []
    for fam in families():
        if fam.type not in SEEDS:
            continue
        for name in fam.exporters:
            text = survives(api.convert, SEEDS[fam.type], name, 5)
            if text:
                out.append(pytest.param(text, id=f"{fam.type}-{name}"))
    return out


@pytest.mark.parametrize("text", format_texts())
@FUZZ
@given(data=st.data())
def test_mutated_format_files_are_refused_cleanly_or_read(text, data):
    edits = data.draw(st.lists(st.tuples(st.integers(0, max(0, len(text) - 1)), st.integers(0, 3),
                                         st.text(max_size=4)), min_size=1, max_size=3))
    for at, cut, put in edits:
        text = text[:at] + put + text[at + cut:]
    p = survives(load_any, text)
    if p is not None:
        exercise(p.to_json())
    survives(load_any, text.encode("utf-8", "surrogatepass"))
