"""The library's front door: solve, check, hint, link, all returning plain JSON.

Every entry point here is what the CLI, the browser worker and ``bench`` call, so the
rules that make answers trustworthy live here once: each solution a method returns is
verified by the family's checker before anyone sees it, and the status is one of a
few honest words.
"""
from __future__ import annotations

from typing import Any, Callable

from . import reference
from .base import Cancelled, Deadline, GaveUp, NoAnswer, PuzzleError, SolveTimeout, quote
from .format import Puzzle, parse_puzzle
from .load import load_any
from .link import decode_link, encode_link

#: the statuses a solve can end in
STATUSES = ("solved", "unsolvable", "timeout", "cancelled", "gave_up", "error")


def as_puzzle(obj: Any) -> Puzzle:
    """A Puzzle from a Puzzle, a puzzle dict, JSON text, file content or a share link."""
    if isinstance(obj, Puzzle):
        return obj
    if isinstance(obj, dict):
        return parse_puzzle(obj)
    if isinstance(obj, (str, bytes)):
        try:
            return load_any(obj)
        except PuzzleError as exc:
            # (a file's name is not its content: say where a path goes)
            if isinstance(obj, str) and len(obj) < 4096 and "\n" not in obj and _is_file(obj):
                raise PuzzleError(f"{obj}: the text of a puzzle, not a file's name, is read here: "
                                  "open a file with pysolver.load.load_path (or load_any of its content)",
                                  plain=exc.plain) from None
            raise
    raise PuzzleError(f"cannot read a puzzle from {type(obj).__name__}")


def _is_file(name: str) -> bool:
    from pathlib import Path
    try:
        return Path(name).is_file()
    except (OSError, ValueError):
        return False


def solve(puzzle: Any, method: str | None = None, timeout: float | None = None,
          unique: bool = False, cancel: Callable[[], bool] | None = None,
          fallback: bool = True) -> dict:
    """Solve and return the object ``solve --json`` prints.

    ``unique`` asks for a second distinct solution (``unique`` true/false in the
    result); without it ``unique`` is null.  When an incomplete method gives up and
    ``fallback`` is set, the family's default method takes over in the time left and
    the result says so in ``note``.
    """
    p = as_puzzle(puzzle)
    fam = p.family
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                or not timeout > 0):
        raise PuzzleError(f"timeout: {quote(timeout)} is not a positive number of seconds (None: no limit)")
    method = method or fam.method_names[0]
    if method not in fam.method_names:
        raise PuzzleError(f"method: {quote(method)} is not one of {', '.join(fam.method_names)} for {fam.type}")
    deadline = Deadline(timeout, cancel)
    result: dict[str, Any] = {"status": "error", "solution": None, "unique": None,
                              "seconds": 0.0, "method": method, "type": fam.type, "stats": {}}
    notes = []
    try:
        try:
            outcome = fam.solve(p.model, method, deadline, limit=2 if unique else 1)
        except GaveUp as exc:
            notes.append(f"{method} gave up: {exc}")
            if not fallback or method == fam.method_names[0]:
                result["status"] = "gave_up"
                raise
            method = fam.method_names[0]
            notes.append(f"{method} took over")
            result["method"] = method
            try:
                outcome = fam.solve(p.model, method, deadline, limit=2 if unique else 1)
            except GaveUp as again:
                notes.append(f"{method} gave up too: {again}")
                result["status"] = "gave_up"
                raise
        result["stats"] = outcome.stats
        if outcome.note:
            notes.append(outcome.note)
        for sol in outcome.solutions:
            report = fam.check(p.model, sol)
            if not report.solved:
                # A solver bug must never reach a player as an answer.
                result["status"] = "error"
                notes.append(f"internal error: {method} returned a solution the checker rejects ({report.reason})")
                break
        else:
            if outcome.solutions:
                result["status"] = "solved"
                result["solution"] = outcome.solutions[0]
                if unique:
                    if len(outcome.solutions) > 1:
                        result["unique"] = False
                        result["second_solution"] = outcome.solutions[1]
                    elif outcome.more:
                        result["unique"] = False
                    elif outcome.complete:
                        result["unique"] = True
                    else:
                        # (an incomplete method, or time ran out after the first answer)
                        notes.append(f"uniqueness not settled: {method} found no second "
                                     "solution but could not rule one out")
                    _remember(p, result)
            elif outcome.complete:
                result["status"] = "unsolvable"
                reference.remember(fam, p.model, reference.Reference("none"))
            else:
                result["status"] = "gave_up"
                notes.append("no solution found and the method cannot prove there is none")
    except Cancelled:
        result["status"] = "cancelled"
    except (SolveTimeout, KeyboardInterrupt) as exc:
        # KeyboardInterrupt is how Pyodide's interrupt buffer stops a running solve.
        # (no note: the status and ``seconds`` say it, and the caller gave the limit)
        result["status"] = "cancelled" if isinstance(exc, KeyboardInterrupt) else "timeout"
    except GaveUp:
        pass
    result["seconds"] = round(deadline.elapsed(), 6)
    if notes:
        result["note"] = "; ".join(notes)
    return result


def _remember(p: Puzzle, result: dict) -> None:
    """A settled uniqueness answer spares Check and Hint a solve of their own."""
    if result["unique"] is True:
        reference.remember(p.family, p.model, reference.Reference("unique", result["solution"]))
    elif result["unique"] is False:
        reference.remember(p.family, p.model, reference.Reference("several"))


def check(puzzle: Any, solution: dict, partial: bool = False) -> dict:
    """``{"ok", "solved", "errors"}`` of a solution (or, with ``partial``, a player's
    progress).  ``solution`` may also be what :func:`solve` returned, or a puzzle dict
    holding one, as the command line's check takes them."""
    p = as_puzzle(puzzle)
    if isinstance(solution, dict) and isinstance(solution.get("solution"), dict):
        solution = solution["solution"]
    return p.family.check(p.model, solution, partial=partial).to_json()


def judge(puzzle: Any, progress: dict, timeout: float | None = 10.0,
          cancel: Callable[[], bool] | None = None) -> dict:
    """What the app's Check reports about a player's (partial) progress: the rules it
    breaks, then, when the puzzle has exactly one solution, where the progress differs
    from it (a wrong cell in a line that is still open breaks no rule yet).

    Returns the rule check's ``{"ok", "solved", "errors"}`` with each error tagged
    ``"kind": "rule"`` or ``"mistake"``, ``ok`` false when either kind is found, and
    ``"reference"``: "unique" (the comparison was made), "several" or "none" (only
    the rules could be checked), "unknown" (the solver did not settle it in time), or
    null when the progress is a complete, correct solution (nothing to compare).
    The same comparison is what the families' hints report first."""
    p = as_puzzle(puzzle)
    report = p.family.check(p.model, progress, partial=True)
    errors = [dict(e, kind="rule") for e in report.errors]
    if report.solved:
        return {"ok": True, "solved": True, "errors": [], "reference": None}
    deadline = Deadline(timeout, cancel)
    ref = reference.lookup(p.family, p.model, deadline)
    if ref.status == "unique":
        found = p.family.mistakes(p.model, progress, ref.solution, deadline)
        errors += [dict(e, kind="mistake") for e in found]
    return {"ok": not errors, "solved": False, "errors": errors, "reference": ref.status}


def hint(puzzle: Any, progress: dict, timeout: float | None = 10.0) -> dict | None:
    p = as_puzzle(puzzle)
    return p.family.hint(p.model, progress, Deadline(timeout))


def clash(puzzle: Any, timeout: float | None = 10.0) -> dict | None:
    """For a puzzle without a solution, the line where the family's rules find the clues
    cannot all hold (:meth:`pysolver.base.Family.clash`), or None."""
    p = as_puzzle(puzzle)
    return p.family.clash(p.model, Deadline(timeout))


def link(puzzle: Any) -> str:
    return encode_link(as_puzzle(puzzle))


#: what puzzle JSON and the share link keep: everything (the link leaves the solution out)
_KEEPS_ALL = ["title", "author", "license", "source", "colours", "solution", "cover", "labels"]


def formats(puzzle_type: str, puzzle: Any = None) -> list[dict]:
    """What a puzzle of this type can be written as (:func:`convert`): name, what it
    is, a file name ending and what the format ``keeps`` (of ``base.KEEPABLE``).  Given
    the puzzle, only the formats that can hold it without changing it (puzz.link
    nonograms are black-and-white only; a free-cover Numberlink is not offered as flow
    text, which means full cover), each with what it ``drops`` of this puzzle (a title,
    the solution)."""
    from .registry import get_family
    p = as_puzzle(puzzle) if puzzle is not None else None
    out = [{"name": "json", "about": "puzzle JSON", "ext": ".json", "keeps": list(_KEEPS_ALL)}]
    for name, exporter in get_family(puzzle_type).exporters.items():
        entry = exporter.to_json(name)
        if p is not None:
            if exporter.accepts is not None and not exporter.accepts(p.model):
                continue
            try:
                if exporter.changes_of(p.model):
                    continue
            except PuzzleError:
                continue  # (more pairs than the format can name)
            entry["drops"] = exporter.drops(p.meta, p.solution)
        out.append(entry)
    return out


def conversion(puzzle: Any, to: str, timeout: float | None = 60.0, lossy: bool = False) -> dict:
    """The puzzle written in format ``to`` (``json``, ``link`` or one of its family's
    exporters): ``{"text", "changes", "drops"}``.  ``changes`` are what the format would
    change of the puzzle itself (its rules, its labels): without ``lossy`` such a
    conversion is refused (PuzzleError naming them); ``drops`` are the provenance keys
    (and ``solution``) it leaves out.  A format that needs the solution solves the
    puzzle (verified, within ``timeout``) when it carries none."""
    import json
    p = as_puzzle(puzzle)
    if to == "json":
        _check_own_solution(p)                       # (puzzle JSON carries it too)
        text = json.dumps(p.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n"
        return {"text": text, "changes": [], "drops": []}
    if to == "link":
        return {"text": "#" + encode_link(p) + "\n", "changes": [],
                "drops": ["solution"] if p.solution is not None else []}
    exporter = p.family.exporters.get(to)
    if exporter is None:
        names = ", ".join(["json", "link", *p.family.exporters])
        raise PuzzleError(f"{to}: a {p.type} puzzle can be written as {names}")
    if exporter.accepts is not None and not exporter.accepts(p.model):
        # (the format's description says its limits; --lossy changes rules, not sizes)
        raise PuzzleError(f"{to}: {exporter.about}; this {p.model.width}×{p.model.height} {p.type} puzzle "
                          "is outside what it holds, even with --lossy")
    changes = exporter.changes_of(p.model)
    if changes and not lossy:
        raise PuzzleError(f"{to} would change the puzzle: {'; '.join(changes)} (convert with --lossy to write "
                          "it all the same)")
    solution = p.solution
    if exporter.writes_solution:
        _check_own_solution(p)
    if exporter.needs_solution and solution is None:
        res = solve(p, timeout=timeout)
        if res["status"] != "solved":
            said = {"unsolvable": "it has no solution",
                    "timeout": f"no solution was found in {timeout or 0:g} s"}.get(res["status"])
            raise NoAnswer(f"{to} needs the solution, and "
                              + (said or f"the solver answered {res['status']!r}"))
        solution = res["solution"]
    drops = exporter.drops(p.meta, p.solution if not exporter.needs_solution else None)
    return {"text": exporter.write(p.model, solution, p.meta), "changes": changes, "drops": drops}


def convert(puzzle: Any, to: str, timeout: float | None = 60.0, lossy: bool = False) -> str:
    """The puzzle as text in format ``to`` (see :func:`conversion`): PuzzleError names
    what went wrong, and what a conversion would change of the puzzle unless ``lossy``."""
    return conversion(puzzle, to, timeout, lossy)["text"]


def _check_own_solution(p: Puzzle) -> None:
    """A file's own solution is written out only when it is right: puzzle JSON, a
    contest answer or a .non goal must never carry a grid that breaks the clues."""
    if p.solution is None:
        return
    report = p.family.check(p.model, p.solution)
    if not report.solved:
        raise PuzzleError(f"solution: the puzzle's own solution is wrong ({report.reason}); "
                          "remove it (the solver works one out where a format needs it)")


def show(link_text: str) -> dict:
    return decode_link(link_text).to_json()


def render(puzzle: Any, solution: dict) -> str:
    p = as_puzzle(puzzle)
    return p.family.render_text(p.model, solution)

