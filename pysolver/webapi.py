"""The browser worker's entry point: JSON text in, JSON text out.

The worker passes every request as one JSON string and gets one JSON string back, so
no PyProxy ever crosses into JavaScript (they leak unless destroyed by hand) and the
protocol is the same as the CLI's ``--json`` output.
"""
from __future__ import annotations

import json
import traceback

from . import __version__, api, bench
from .base import Cancelled, PuzzleError, SolveTimeout
from .format import load_any
from .registry import get_family


def _load(args: dict) -> dict:
    """Any supported text (puzzle JSON, link, a family's file format) -> puzzle JSON."""
    content = args["text"]
    if isinstance(content, list):  # bytes sent as a list of ints (binary formats)
        content = bytes(content)
    return load_any(content, args.get("name", "")).to_json()


def _solve(args: dict) -> dict:
    return api.solve(args["puzzle"], method=args.get("method"), timeout=args.get("timeout"),
                     unique=bool(args.get("unique")))


def _methods(args: dict) -> dict:
    fam = get_family(args["type"])
    return {"methods": list(fam.methods)}


def _steps(args: dict) -> dict:
    """The solving steps for "Replay", from families that record them."""
    from .base import Deadline
    p = api.as_puzzle(args["puzzle"])
    fn = getattr(p.family, "steps", None)
    if fn is None:
        raise PuzzleError(f"{p.type} has no step recording")
    timeout = args.get("timeout", 20)
    try:
        return {"steps": fn(p.model, Deadline(timeout))}
    except Cancelled:
        raise
    except SolveTimeout:
        # An honest answer, not a fault: the page says it as it is.
        raise PuzzleError(f"the solver gave up after {timeout:g} s, so there are no steps to replay") from None


def _generate(args: dict) -> dict:
    """"Make a Numberlink puzzle": a random full-cover board with a unique answer."""
    from .base import Deadline
    from .numberlink.generate import generate

    if args.get("type", "numberlink") != "numberlink":
        raise PuzzleError(f"no puzzle generator for {args.get('type')!r}")
    try:
        w, h, seed = int(args["width"]), int(args["height"]), int(args.get("seed", 0))
    except (KeyError, TypeError, ValueError):
        raise PuzzleError("width, height and seed must be whole numbers") from None
    if not (2 <= w <= MAX_GENERATED_SIDE and 2 <= h <= MAX_GENERATED_SIDE):
        raise PuzzleError(f"{w}x{h}: the generator makes boards from 2x2 to "
                          f"{MAX_GENERATED_SIDE}x{MAX_GENERATED_SIDE}")
    if w * h > MAX_GENERATED_CELLS:
        raise PuzzleError(f"{w}x{h}: the generator makes boards of at most {MAX_GENERATED_CELLS} "
                          f"cells (20x20, or 30x13)")
    puzzle = generate(w, h, seed, "full", Deadline(args.get("timeout", 60)))
    return {"puzzle": {"title": f"Numberlink {w}×{h} #{seed}", "author": "pysolver generator",
                       "license": "CC0-1.0", **puzzle}}


#: bigger boards take longer to prove unique than a player would wait.  In CPython,
#: 20x20 boards took 0.3-39 s over 11 numbers (median about 4 s), 30x13 about 1.5 s, and
#: 22x22 to 24x24 30-60 s or more; the browser takes about twice as long
MAX_GENERATED_SIDE = 30
MAX_GENERATED_CELLS = 400


def _make(args: dict) -> dict:
    """"Make a puzzle from this picture": RGBA pixels (base64, already scaled by the
    page to about the wanted size) to a Link-a-Pix puzzle with a unique picture; or,
    given ``palette`` and ``grid``, a picture drawn cell by cell."""
    import base64

    import numpy as np

    from .base import Deadline
    from .linkapix.maker import make_from_rgba

    if args.get("type", "linkapix") != "linkapix":
        raise PuzzleError(f"no puzzle maker from pictures for {args.get('type')!r}")
    if "grid" in args:
        # A picture drawn cell by cell (the drawing maker): its palette and rows of keys
        # as they are, no quantising; '.' cells stay blank.
        from .linkapix.maker import make_puzzle
        puzzle, stats = make_puzzle(args["palette"], args["grid"], seed=int(args.get("seed", 0)),
                                    deadline=Deadline(args.get("timeout", 120)), title=args.get("title") or None)
        return {"puzzle": puzzle, "stats": stats}
    w, h = int(args["source_width"]), int(args["source_height"])
    try:
        pixels = np.frombuffer(base64.b64decode(args["rgba"], validate=True), dtype=np.uint8)
    except ValueError:
        raise PuzzleError("picture: the pixel data is corrupted") from None
    if w < 1 or h < 1 or pixels.size != w * h * 4:
        raise PuzzleError(f"picture: {pixels.size} bytes do not make a {w}x{h} RGBA image")
    puzzle, stats = make_from_rgba(pixels.reshape(h, w, 4), int(args["width"]), int(args["height"]),
                                   int(args["colours"]), args.get("background", "auto"),
                                   seed=int(args.get("seed", 0)), deadline=Deadline(args.get("timeout", 120)),
                                   title=args.get("title") or None)
    return {"puzzle": puzzle, "stats": stats}


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
    "load": _load,
    "solve": _solve,
    # the app's Check: rules, then mistakes against the unique solution (api.judge);
    # "rules" is the plain rule check
    "check": lambda a: api.judge(a["puzzle"], a["solution"], a.get("timeout", 10)),
    "rules": lambda a: api.check(a["puzzle"], a["solution"], partial=bool(a.get("partial"))),
    "hint": lambda a: {"hint": api.hint(a["puzzle"], a["progress"], a.get("timeout", 10))},
    "link": lambda a: {"link": api.link(a["puzzle"])},
    # "Save as": the formats a family writes, and the puzzle written in one of them
    "formats": lambda a: {"formats": api.formats(a["type"], a.get("puzzle"))},
    "convert": lambda a: {"text": api.convert(a["puzzle"], a["to"], a.get("timeout", 20))},
    "show": lambda a: api.show(a["link"]),
    "methods": _methods,
    "steps": _steps,
    "make": _make,
    "generate": _generate,
    "bench": _bench,
    "selftest": _selftest,
}


def handle(request_json: str) -> str:
    """``{"cmd": ..., "args": {...}}`` -> ``{"ok": true, "result": ...}`` or
    ``{"ok": false, "error": message, "kind": "input"|"internal"}``."""
    try:
        req = json.loads(request_json)
        fn = COMMANDS.get(req.get("cmd"))
        if fn is None:
            raise PuzzleError(f"unknown command {req.get('cmd')!r}")
        return json.dumps({"ok": True, "result": fn(req.get("args") or {})}, separators=(",", ":"))
    except PuzzleError as exc:
        return json.dumps({"ok": False, "error": str(exc), "kind": "input"})
    except (KeyboardInterrupt, Cancelled):
        return json.dumps({"ok": False, "error": "cancelled", "kind": "cancelled"})
    except SolveTimeout:
        return json.dumps({"ok": False, "error": "the time limit ran out before an answer", "kind": "timeout"})
    except Exception as exc:  # noqa: BLE001 - reported to the page, never a blank screen
        return json.dumps({"ok": False, "error": f"{type(exc).__name__}: {exc}", "kind": "internal",
                           "trace": traceback.format_exc(limit=8)})
