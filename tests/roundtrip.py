"""Read -> write in each format the family writes -> read: the same puzzle.

``round_trip(puzzle)`` returns what differs, one sentence per format (empty: every
format the puzzle can be written in without changing it gives it back).  Shared by the
tests over the real files of ../shared/formats, the corpus and the generated puzzles
of the Hypothesis suite."""
from __future__ import annotations

from pysolver import api
from pysolver.format import Puzzle
from pysolver.load import load_pack


def written_formats(p: Puzzle) -> list[str]:
    """The formats (json, link and the family's) that hold ``p`` without changing it."""
    return [f["name"] for f in api.formats(p.type, p)] + ["link"]


def round_trip(p: Puzzle, timeout: float = 20.0, solve: bool = True) -> list[str]:
    """What differs after each format's round trip (answer formats solve a puzzle without
    a solution, unless ``solve`` is false: then they are left out)."""
    problems = []
    for fmt in written_formats(p):
        exporter = p.family.exporters.get(fmt)
        if not solve and p.solution is None and exporter is not None and exporter.needs_solution:
            continue
        try:
            result = api.conversion(p, fmt, timeout)
            back = load_pack(result["text"].strip() if fmt in ("link", "puzzlink") else result["text"])
        except Exception as exc:  # noqa: BLE001 - a test helper: report, do not stop
            problems.append(f"{fmt}: {type(exc).__name__}: {exc}")
            continue
        if len(back) != 1:
            problems.append(f"{fmt}: read back as {len(back)} puzzles")
            continue
        q = back[0]
        keeps = set(exporter.keeps) if exporter is not None else {"title", "author", "license", "source", "solution"}
        if fmt == "link":
            keeps.discard("solution")
        if q.type != p.type or (q.width, q.height) != (p.width, p.height):
            problems.append(f"{fmt}: read back as {q.type} {q.width}x{q.height}")
        elif _family_keys(q) != _family_keys(p):
            problems.append(f"{fmt}: the puzzle reads back different")
        for key in ("title", "author", "license", "source"):
            if key in keeps and p.meta.get(key) != q.meta.get(key):
                problems.append(f"{fmt}: {key} {p.meta.get(key)!r} reads back as {q.meta.get(key)!r}")
        if "solution" in keeps and p.solution is not None and exporter is not None and not exporter.needs_solution:
            if q.solution is None or not p.family.same_solution(p.model, p.solution, _in_keys_of(p, q)):
                problems.append(f"{fmt}: the solution does not read back")
    return problems


def _family_keys(p: Puzzle) -> dict:
    """The family keys, with a palette compared by its colours in order (keys are the
    format's to choose: nonograms, Hungry Cat) and clue colours by their place in the palette, and Numberlink
    endpoints and Link-a-Pix clues in any order."""
    keys = p.family.to_json(p.model)
    if "endpoints" in keys:
        keys = dict(keys, endpoints=sorted(keys["endpoints"]))
    if "clues" in keys:             # (Link-a-Pix clues: a format may list them in another order)
        keys = dict(keys, clues=sorted(keys["clues"]))
    palette = keys.get("palette") if p.type in ("nonogram", "hungrycat") else None
    if palette:
        place = {k: i for i, k in enumerate(palette)}
        # (a nonogram's items are [n, key], a Hungry Cat's [key, n, block])
        item = (lambda it: [it[0], place[it[1]]]) if p.type == "nonogram" else (lambda it: [place[it[0]], *it[1:]])
        keys = dict(keys, palette=list(palette.values()),
                    rows=[[item(it) for it in clue] for clue in keys["rows"]],
                    cols=[[item(it) for it in clue] for clue in keys["cols"]])
    return keys


def _in_keys_of(p: Puzzle, q: Puzzle) -> dict:
    """q's solution with a nonogram grid's cells in p's palette keys (by palette place)."""
    if p.type != "nonogram" or not isinstance(q.solution.get("grid"), list):
        return q.solution
    to = dict(zip(q.model.keys, p.model.keys))
    return dict(q.solution, grid=["".join(to.get(ch, ch) for ch in row) for row in q.solution["grid"]])
