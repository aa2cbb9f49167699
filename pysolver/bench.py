"""``pysolver bench``: solve every puzzle in a folder, verify, and show where time went.

Benchmarks live here rather than in timed tests.  Each puzzle is solved in this process
with a time limit; a puzzle that crashes the solver is reported and the run goes on.
The same function runs in the browser worker, so CPython and Pyodide figures come from
one piece of code.  Every solver module is imported before the clock starts: otherwise
the first puzzle of a family pays for importing SciPy's pieces (0.4 s in CPython, 2 s in
the browser on a Numberlink board that then solves in a millisecond), which is start-up,
not solving.
"""
from __future__ import annotations

import importlib
import json
import pkgutil
import statistics
import traceback
from pathlib import Path
from typing import Iterable, TextIO

from . import api
from .base import PuzzleError
from .format import Puzzle
from .load import load_any


def bench_one(name: str, content: str | bytes | dict | PuzzleError, method: str | None, timeout: float | None,
              unique: bool) -> dict:
    """One row of the benchmark: never raises."""
    row: dict = {"file": name, "method": method, "asked": method, "status": "error", "seconds": 0.0}
    try:
        if isinstance(content, PuzzleError):
            raise content                   # (a pack's puzzle that could not be read)
        puzzle: Puzzle = load_any(content, name) if not isinstance(content, dict) else api.as_puzzle(content)
    except PuzzleError as exc:
        row.update(status="bad_input", note=str(exc))
        return row
    except Exception as exc:  # noqa: BLE001 - a reader that crashes is a bug to report, not a stop
        row.update(status="crash", note=f"reading the file: {type(exc).__name__}: {exc}",
                   trace=traceback.format_exc(limit=6))
        return row
    row["type"] = puzzle.type
    row["size"] = f"{puzzle.width}x{puzzle.height}"
    facts = puzzle.family.bench_facts(puzzle.model)
    if facts:
        row["facts"] = facts
    if method and method not in puzzle.family.method_names:
        row.update(status="skipped", note=f"{puzzle.type} has no method {method!r}")
        return row
    try:
        res = api.solve(puzzle, method=method, timeout=timeout, unique=unique)
    except Exception as exc:  # noqa: BLE001 - a crash is a result worth reporting
        row.update(status="crash", note=f"{type(exc).__name__}: {exc}",
                   trace=traceback.format_exc(limit=6))
        return row
    row.update(method=res["method"], status=res["status"], seconds=res["seconds"],
               unique=res["unique"], stats=res.get("stats", {}), solution=res["solution"])
    if res.get("note"):
        row["note"] = res["note"]
    # Agreement with what the file says, when it says something.
    if puzzle.expect == "unsolvable" and res["status"] == "solved":
        row["status"] = "wrong"
        row["note"] = "the file says unsolvable, the solver found a solution"
    elif puzzle.expect != "unsolvable" and res["status"] == "unsolvable":
        row["note"] = (row.get("note", "") + "; " if row.get("note") else "") + "solver says unsolvable"
    if res["status"] == "solved" and puzzle.solution is not None and res["unique"] is not False:
        if not puzzle.family.same_solution(puzzle.model, res["solution"], puzzle.solution):
            known_ok = puzzle.family.check(puzzle.model, puzzle.solution).solved
            if res["unique"] or not known_ok:
                row["note"] = (row.get("note", "") + "; " if row.get("note") else "") + \
                    "differs from the solution in the file" + ("" if known_ok else " (which fails the checker)")
    return row


def puzzle_files(folder: str) -> list[Path]:
    root = Path(folder)
    if root.is_file():
        return [root]
    if not root.is_dir():
        raise PuzzleError(f"{folder}: no such folder")
    return sorted(p for p in root.rglob("*") if p.is_file() and not p.name.startswith(".")
                  and (p.suffix.lower() in PUZZLE_SUFFIXES or _claimed(p)))


#: the file endings of puzzle files: taken without reading them (a broken one then gets
#: its row saying why); files of other endings, or none (flow_solver packs, Pattern
#: saves), are taken when a family's reader recognises their content
PUZZLE_SUFFIXES = {".json", ".non", ".g", ".nin", ".mk", ".xml", ".txt", ".mat", ".lap", ".cat", ".toml"}


def _claimed(path: Path) -> bool:
    from .load import claim
    try:
        with open(path, "rb") as f:
            head = f.read(1 << 20)
    except OSError:
        return False
    return claim(head.decode("utf-8", "replace")) > 0


def expand_packs(items: Iterable[tuple[str, str | bytes | dict]]) -> Iterable[tuple[str, str | bytes | dict]]:
    """Each file of several puzzles (a pack) as one item per puzzle, named ``file#N``;
    other files as they are (a file that cannot be read stays whole, so that its row
    says why)."""
    from .load import PartlyBadPack, load_pack
    for name, content in items:
        if isinstance(content, dict):
            yield name, content
            continue
        unread: dict[int, str] = {}
        try:
            puzzles: list = load_pack(content, name)
        except PartlyBadPack as exc:
            puzzles, unread = exc.puzzles, exc.errors
        except Exception:  # noqa: BLE001 - bench_one reports it on the file's own row
            yield name, content
            continue
        if len(puzzles) == 1:
            yield name, content
        else:
            for n, puzzle in enumerate(puzzles, 1):
                # (a bad puzzle's row says why; the others are solved)
                yield f"{name}#{n}", PuzzleError(unread[n]) if puzzle is None else puzzle.to_json()


def _fmt_stats(stats: dict) -> str:
    parts = []
    for k, v in stats.items():
        if isinstance(v, float):
            parts.append(f"{k}={v:.3g}")
        elif isinstance(v, (int, str)):
            parts.append(f"{k}={v}")
    return " ".join(parts)


def _counted(rows: list[dict]) -> str:
    """"12 puzzles", or "12 puzzles x 2 methods" when each was solved by several."""
    files = len({r["file"] for r in rows})
    said = "1 puzzle" if files == 1 else f"{files} puzzles"
    return said if files == len(rows) or len(rows) % files else f"{said} x {len(rows) // files} methods"


def summarise(rows: list[dict]) -> str:
    by: dict[str, int] = {}
    for r in rows:
        by[r["status"]] = by.get(r["status"], 0) + 1
    times = [r["seconds"] for r in rows if r["status"] == "solved"]
    counts = ", ".join(f"{n} {s}" for s, n in sorted(by.items()))
    if not times:
        return f"{_counted(rows)}: {counts}"
    return (f"{_counted(rows)}: {counts}; solved in {sum(times):.2f} s total, "
            f"median {statistics.median(times):.3f} s, max {max(times):.3f} s")


def import_solvers() -> None:
    """Import every module of the package (not ``__main__``, which runs the CLI)."""
    import pysolver
    for mod in pkgutil.walk_packages(pysolver.__path__, "pysolver."):
        if not mod.name.endswith("__main__"):
            importlib.import_module(mod.name)


def _bench_task(task: tuple) -> dict:
    return bench_one(*task)


def rows_of(items: Iterable[tuple[str, str | bytes | dict]], methods: list[str | None], timeout: float | None,
            unique: bool, jobs: int = 1) -> Iterable[dict]:
    """The rows, in file order (then method order), as they come: with ``jobs`` > 1 the
    puzzles are solved in that many processes (each row's time is its own solve's, so
    the figures hold while the machine has a core per job)."""
    tasks = ((name, content, method, timeout, unique) for name, content in expand_packs(items) for method in methods)
    if jobs <= 1:
        yield from map(_bench_task, tasks)
        return
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(jobs, initializer=import_solvers) as pool:
        yield from pool.map(_bench_task, tasks, chunksize=1)


def tables(rows: list[dict], methods: list[str | None]) -> str:
    """``bench --table``: per family and method, the family's own summary table."""
    from .registry import get_family
    parts = []
    for kind in dict.fromkeys(r["type"] for r in rows if "type" in r):
        for method in methods:
            mine = [r for r in rows if r.get("type") == kind and r.get("asked") == method]
            text = get_family(kind).bench_table(mine, method)
            if text:
                parts.append(text)
    if not parts:
        return "no summary table: no family of these puzzles has one"
    return "\n\n".join(parts)


def run(items: Iterable[tuple[str, str | bytes | dict]], methods: list[str | None], timeout: float | None,
        unique: bool, out: TextIO, as_json: bool, table: bool = False, jobs: int = 1) -> list[dict]:
    import_solvers()
    rows = []
    if not as_json:
        print(f"{'puzzle':40} {'size':>8} {'method':>8} {'seconds':>9}  status      details", file=out)
    for row in rows_of(items, methods, timeout, unique, jobs):
        name = row["file"]
        rows.append(row)
        if as_json:
            slim = {k: v for k, v in row.items() if k != "trace"}
            print(json.dumps(slim, separators=(",", ":")), file=out, flush=True)
        else:
            extra = _fmt_stats(row.get("stats", {}))
            if row.get("unique") is not None:
                extra = ("unique " if row["unique"] else "NOT unique ") + extra
            if row.get("note"):
                extra += f"  [{row['note']}]"
            print(f"{name[-40:]:40} {row.get('size', '?'):>8} {str(row['method'] or 'auto'):>8} "
                  f"{row['seconds']:9.3f}  {row['status']:10}  {extra}", file=out, flush=True)
    if not as_json:
        print(summarise(rows), file=out)
    if table:
        text = tables(rows, methods)
        # (with --json the table is one more JSON line, so every line still parses)
        print(json.dumps({"table": text}) if as_json else text, file=out)
    return rows
