"""Hypothesis: generated puzzles written in every format their family writes read back as
the same puzzle (clues, colours in palette order, endpoints, cover, what the format keeps
of titles and solutions), and a format that would change a puzzle refuses it unless
asked, then says what changed.  Style and example counts as in test_fuzz.py."""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysolver import api
from pysolver.base import PuzzleError
from pysolver.format import parse_puzzle
from pysolver.load import load_any

from roundtrip import round_trip

EXAMPLES = int(os.environ.get("PYSOLVER_FUZZ_EXAMPLES", "40"))
PROPERTY = settings(max_examples=EXAMPLES, deadline=None, derandomize="PYSOLVER_FUZZ_EXAMPLES" not in os.environ,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

#: palette keys, awkward ones included: digits and characters the formats use themselves
KEYS = "ab0917%*,:;|<&'\"XZ@"
#: provenance text: quotes, ampersands, angle brackets, non-ASCII
TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=12) \
    .map(str.strip).filter(bool)


def runs(line: list[str]) -> list:
    out = []
    prev = "."
    for ch in line:
        if ch != ".":
            if ch == prev:
                out[-1][0] += 1
            else:
                out.append([1, ch])
        prev = ch
    return out


@st.composite
def nonograms(draw):
    width, height = draw(st.integers(1, 7)), draw(st.integers(1, 7))
    colours = draw(st.integers(1, 3))
    keys = draw(st.lists(st.sampled_from(KEYS), min_size=colours, max_size=colours, unique=True)) \
        if colours > 1 else ["#"]
    cells = [[draw(st.sampled_from(["."] + keys)) for _ in range(width)] for _ in range(height)]
    rows = [runs(row) for row in cells]
    cols = [runs([row[c] for row in cells]) for c in range(width)]
    data = {"type": "nonogram", "width": width, "height": height, "solution": {"grid": ["".join(r) for r in cells]}}
    if colours > 1:
        data["palette"] = {k: draw(st.sampled_from(["#ff0000", "#0000ff", "#00a000", "#123456", "#000000"]))
                           for k in keys}
        data.update(rows=rows, cols=cols)
    else:
        data.update(rows=[[n for n, _ in r] for r in rows], cols=[[n for n, _ in c] for c in cols])
    for key in ("title", "author", "license", "source"):
        if draw(st.booleans()):
            data[key] = draw(TEXT)
    return parse_puzzle(data)


LABELS = st.one_of(st.sampled_from("ABCxyz0123456789"), st.sampled_from("^@\\~!?#%"),
                   st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=2, max_size=4),
                   st.integers(1, 40).map(str), st.integers(1, 9).map(lambda n: f"0{n}"))


@st.composite
def numberlinks(draw):
    width, height = draw(st.integers(2, 7)), draw(st.integers(1, 6))
    cells = draw(st.lists(st.integers(0, width * height - 1), min_size=2, max_size=min(10, width * height),
                          unique=True))
    cells = cells[:len(cells) // 2 * 2]
    labels = draw(st.lists(LABELS, min_size=len(cells) // 2, max_size=len(cells) // 2, unique=True))
    endpoints = [[c // width, c % width, labels[i // 2]] for i, c in enumerate(cells)]
    data = {"type": "numberlink", "width": width, "height": height, "endpoints": endpoints,
            "cover": draw(st.sampled_from(["full", "free"]))}
    if draw(st.booleans()):
        data["title"] = draw(TEXT)
    return parse_puzzle(data)


@PROPERTY
@given(nonograms())
def test_generated_nonograms_round_trip_in_every_format(p):
    assert round_trip(p, solve=False) == []


@PROPERTY
@given(numberlinks())
def test_generated_numberlinks_round_trip_in_every_format_that_holds_them(p):
    assert round_trip(p, solve=False) == []


@PROPERTY
@given(numberlinks())
def test_a_format_that_changes_a_board_refuses_it_unless_asked(p):
    for fmt, exporter in p.family.exporters.items():
        if exporter.needs_solution or exporter.accepts is not None and not exporter.accepts(p.model):
            continue
        try:
            changes = exporter.changes_of(p.model)
        except PuzzleError:
            continue
        if not changes:
            continue
        try:
            api.convert(p, fmt)
            raise AssertionError(f"{fmt} wrote a board it changes: {changes}")
        except PuzzleError as exc:
            assert "would change the puzzle" in str(exc) and "--lossy" in str(exc)
        result = api.conversion(p, fmt, lossy=True)
        assert result["changes"] == changes
        text = result["text"].strip() if fmt == "puzzlink" else result["text"]
        q = load_any(text)
        # what is said to change is all that changes: the pairs of cells stay
        assert sorted(sorted(e) for e in q.model.ends) == sorted(sorted(e) for e in p.model.ends)
        said = " ".join(changes)
        assert (q.model.cover != p.model.cover) == ("cover:" in said)
        assert (sorted(q.model.labels) != sorted(p.model.labels)) == ("labels renamed" in said)
