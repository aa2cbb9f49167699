"""The browser worker's entry point: JSON text in, JSON text out.

The worker passes every request as one JSON string and gets one JSON string back, so
no PyProxy ever crosses into JavaScript (they leak unless destroyed by hand) and the
protocol is the same as the CLI's ``--json`` output.
"""
from __future__ import annotations

import json
import traceback

from . import __version__, api, bench
from .base import Cancelled, Deadline, PuzzleError, SolveTimeout, quote
from .load import load_any, load_any_pack
from .registry import describe, get_family


def _content(args: dict) -> str | bytes:
    content = args["text"]
    # bytes come as a list of ints (binary formats)
    return bytes(content) if isinstance(content, list) else content


def _load(args: dict) -> dict:
    """Any supported text (puzzle JSON, link, a family's file format) -> puzzle JSON."""
    return load_any(_content(args), args.get("name", "")).to_json()


def _open(args: dict) -> dict:
    """A file or pasted text opened in the app: ``{"title", "puzzles"}``, one puzzle for
    an ordinary file, every puzzle of a pack (the page shelves a pack in the library);
    ``file``: ``name`` is the file's (an untitled puzzle takes it as its title)."""
    return load_any_pack(_content(args), args.get("name", ""), bool(args.get("file")))


def _solve(args: dict) -> dict:
    return api.solve(args["puzzle"], method=args.get("method"), timeout=args.get("timeout"),
                     unique=bool(args.get("unique")))


def _steps(args: dict) -> dict:
    """The solving steps for "Replay", from families that record them."""
    p = api.as_puzzle(args["puzzle"])
    if not p.family.replay:
        raise PuzzleError(f"{p.type} has no step recording")
    timeout = args.get("timeout", 20)
    try:
        return {"steps": p.family.steps(p.model, Deadline(timeout))}
    except Cancelled:
        raise
    except SolveTimeout:
        # An honest answer, not a fault: the page says it as it is.
        raise PuzzleError(f"the solver gave up after {timeout:g} s, so there are no steps to replay") from None


def _maker(args: dict):
    """The maker a request names: ``{type, maker}`` -> :class:`Maker`."""
    fam = get_family(args.get("type"))
    name = args.get("maker")
    maker = fam.makers.get(name) if isinstance(name, str) else None
    if maker is None:
        names = ", ".join(fam.makers) or "none"
        raise PuzzleError(f"maker: {quote(args.get('maker'))} is not a {fam.type} maker (makers: {names})")
    return maker


def _make(args: dict) -> dict:
    """A family's maker (``Family.makers``): ``{type, maker, ...its params, title?,
    timeout?}`` -> ``{"puzzle": ..., "stats"?: ...}``."""
    maker = _maker(args)
    out = maker.run(args)
    # A made puzzle (one that carries its solution: unique by construction) gets its
    # grade, as `pysolver make` gives it, so the same number makes the same puzzle
    # JSON in the app and in the CLI; a board read from a screenshot is not graded.
    if "solution" in out.get("puzzle", {}):
        _makes().with_grade(out["puzzle"], args.get("timeout") or maker.timeout)
    return out


def _makes():
    from . import make
    return make


def _bench(args: dict) -> dict:
    rows = bench.run([(it["name"], json.dumps(it["puzzle"])) for it in args["items"]],
                     [args.get("method")], args.get("timeout"), bool(args.get("unique")),
                     out=_Null(), as_json=True)
    for r in rows:
        r.pop("solution", None)
        r.pop("trace", None)
    return {"rows": rows}


class _Null:
    def write(self, _):
        return 0

    def flush(self):
        pass


def _selftest(args: dict) -> dict:
    """Proves the real numeric stack works here: a tiny MILP through SciPy's HiGHS."""
    import numpy as np
    import scipy
    from scipy.optimize import Bounds, LinearConstraint, milp

    # maximise x + 2y subject to x + y <= 3.5, x, y integer in [0, 2]  -> x=1, y=2
    res = milp(c=-np.array([1.0, 2.0]), constraints=LinearConstraint(np.array([[1.0, 1.0]]), -np.inf, 3.5),
               integrality=np.ones(2), bounds=Bounds(0, 2))
    return {"numpy": np.__version__, "scipy": scipy.__version__, "pysolver": __version__,
            "milp_status": int(res.status), "milp_x": [float(v) for v in res.x], "milp_fun": float(res.fun)}


COMMANDS = {
    "families": lambda a: describe(),
    "load": _load,
    "open": _open,
    "solve": _solve,
    # the app's Check: rules, then mistakes against the unique solution
    "judge": lambda a: api.judge(a["puzzle"], a["solution"], a.get("timeout", 10)),
    # the plain rule check
    "check": lambda a: api.check(a["puzzle"], a["solution"], partial=bool(a.get("partial"))),
    "hint": lambda a: {"hint": api.hint(a["puzzle"], a["progress"], a.get("timeout", 10))},
    # the editor's "No solution": where the rules find the clues cannot all hold
    "clash": lambda a: {"clash": api.clash(a["puzzle"], a.get("timeout", 10))},
    "link": lambda a: {"link": api.link(a["puzzle"])},
    # the full validation of a puzzle the page opened on its own lighter check (a refusal
    # is an "input" error naming what is wrong)
    "validate": lambda a: {"type": api.as_puzzle(a["puzzle"]).type},
    # "Save as": the formats a family writes, and the puzzle written in one of them
    "formats": lambda a: {"formats": api.formats(a["type"], a.get("puzzle"))},
    "convert": lambda a: {"text": api.convert(a["puzzle"], a["to"], a.get("timeout", 20))},
    "show": lambda a: api.show(a["link"]),
    "steps": _steps,
    "make": _make,
    # the choices a maker refuses at the values of its form: {type, maker, ...its params}
    # -> {"refused": {param: {value: why}}} (the form greys them out)
    "refusals": lambda a: {"refused": _maker(a).refusals(a)},
    # a picture maker's picture before Make: its params -> {"grid", "colours"} (Maker.snapped)
    "snap": lambda a: _maker(a).snapped(a),
    # a puzzle's difficulty: {"grade": {"level", "words", "why", "stats"} or null}
    "grade": lambda a: {"grade": _makes().grade(a["puzzle"], a.get("timeout", 30))},
    # the family's puzzle of the day: {type, date: "YYYY-MM-DD"} -> {"puzzle", "stats"?, "date"}
    "daily": lambda a: _makes().daily(a.get("type"), a.get("date"), a.get("timeout", 60)),
    "bench": _bench,
    "selftest": _selftest,
}


def handle(request_json: str) -> str:
    """``{"cmd": ..., "args": {...}}`` -> ``{"ok": true, "result": ...}`` or
    ``{"ok": false, "error": message, "kind": "input"|"internal"|"cancelled"|"timeout"}``,
    or ``{"ok": false, "kind": "needs", "packages": [...]}`` when the request needs a
    package the worker has not loaded yet (see :data:`ON_DEMAND`): the worker loads it
    and sends the same request again."""
    try:
        req = json.loads(request_json)
        fn = COMMANDS.get(req.get("cmd"))
        if fn is None:
            raise PuzzleError(f"unknown command {quote(req.get('cmd'))}")
        return json.dumps({"ok": True, "result": fn(req.get("args") or {})}, separators=(",", ":"))
    except PuzzleError as exc:
        return json.dumps({"ok": False, "error": exc.plain or str(exc), "kind": "input"})
    except (KeyboardInterrupt, Cancelled):
        return json.dumps({"ok": False, "error": "cancelled", "kind": "cancelled"})
    except SolveTimeout:
        return json.dumps({"ok": False, "error": "the time limit ran out before an answer", "kind": "timeout"})
    except ModuleNotFoundError as exc:
        package = (exc.name or "").split(".")[0]
        if package not in ON_DEMAND:
            return _internal(exc)
        return json.dumps({"ok": False, "kind": "needs", "packages": [package],
                           "error": f"{package} is not loaded yet"})
    except Exception as exc:  # noqa: BLE001 - reported to the page, never a blank screen
        return _internal(exc)


def _internal(exc: Exception) -> str:
    return json.dumps({"ok": False, "error": f"{type(exc).__name__}: {exc}", "kind": "internal",
                       "trace": traceback.format_exc(limit=8)})


#: Packages the worker loads only when a request first imports them: nonograms, Hungry
#: Cat and Link-a-Pix need neither (Link-a-Pix but for a part of the board too big for
#: its search, which goes to HiGHS, the paper's method and pictures from pixels), and NumPy with SciPy and OpenBLAS hold over 150 MB of a
#: phone's memory.  A request that imports one before it is loaded stops at that
#: import and is sent again (most solver modules import them before they start work;
#: Link-a-Pix's search only when a part of the board goes to HiGHS, its work then done
#: again).
ON_DEMAND = ("numpy", "scipy")

#: What the solvers import of each on-demand package.  The worker imports these right
#: after loading the package, while a Cancel is held off: a KeyboardInterrupt in the
#: middle of importing NumPy or SciPy leaves their modules half initialised, and the
#: next request that used them overflowed the stack and killed Python (one cancelled
#: maker run in three).
ON_DEMAND_MODULES = {
    "numpy": ("numpy",),
    "scipy": ("scipy", "scipy.optimize", "scipy.sparse", "scipy.ndimage"),
}


def import_loaded(packages_json: str) -> None:
    """Import what the solvers use of the packages just loaded (see ON_DEMAND_MODULES)."""
    import importlib
    for package in json.loads(packages_json):
        for module in ON_DEMAND_MODULES.get(package, (package,)):
            importlib.import_module(module)
