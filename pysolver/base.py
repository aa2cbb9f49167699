"""The interface every puzzle family implements, and the small types it speaks in.

Modelled on the ``struct game`` of Simon Tatham's puzzle collection: a family is one
object that knows how to read, validate, solve, count, check, draw as text and pack
its puzzles into a share link. Everything generic (the CLI, the share-link envelope,
the worker protocol, the benchmark) talks to families only through this class, so a
family can be added without touching them.

Puzzles and solutions cross this boundary as plain JSON-able dicts in the shape of
``puzzle-format.md``: a family parses them into whatever internal model it likes, but
never hands that model to generic code.
"""
from __future__ import annotations

import importlib
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .grade import Grade

# Largest grid a family accepts by default (files, links): a side of at most
# MAX_GRID_SIDE and at most FAMILY_MAX_CELLS cells, so long thin boards (a 1000x1
# Numberlink) load while a hostile link cannot make a phone allocate a huge grid.  A
# family may declare other limits (``Family.max_side``/``max_cells``: nonograms take
# 512x512); MAX_GRID_SIDE and MAX_GRID_CELLS are the largest any family allows, what
# code that does not know the family yet (a reader's first sanity check) holds a size
# to.  (Makers have smaller limits of their own: see ``Maker.params``.)
MAX_GRID_SIDE = 1024
FAMILY_MAX_CELLS = 256 * 256
MAX_GRID_CELLS = 512 * 512


def check_size(width: int, height: int, what: str, family: "Family | None" = None) -> None:
    """PuzzleError unless width x height is a grid size we accept: the family's limits
    when it is given, else the largest any family allows."""
    side = family.max_side if family is not None else MAX_GRID_SIDE
    cells = family.max_cells if family is not None else MAX_GRID_CELLS
    if width < 1 or height < 1:
        raise PuzzleError(f"{what}: size {width}x{height} has a side of no cells")
    if width > side or height > side:
        raise PuzzleError(f"{what}: size {width}x{height} is too large (at most {side} cells a side)")
    if width * height > cells:
        of = f" for a {family.type} puzzle" if family is not None and family.type else ""
        raise PuzzleError(f"{what}: size {width}x{height} has more than {cells} cells (the most{of})")


class PuzzleError(ValueError):
    """Bad input: the message names what is wrong and is meant for the user.

    Messages quote what they received through :func:`quote`; one still longer than
    ``MAX_MESSAGE`` characters is cut, so no input comes back whole."""

    MAX_MESSAGE = 500

    def __init__(self, message: object = "", *args, plain: str | None = None):
        text = str(message)
        if len(text) > self.MAX_MESSAGE:
            text = text[:self.MAX_MESSAGE - 1] + "…"
        super().__init__(text, *args)
        #: the words for the app's players, where the message's detail for the command
        #: line (every reader tried, say) would be noise; None: the message itself
        self.plain = plain[:self.MAX_MESSAGE] if plain is not None else None


class ParamError(PuzzleError):
    """A maker's parameter is wrong: the message names it as the command line and the
    library take it ("seed: -1 is less than 0"), ``plain`` as the app's form labels it
    ("Number: -1 is less than 0")."""

    def __init__(self, name: str, label: str, text: str):
        super().__init__(f"{name}: {text}", plain=f"{label}: {text}")


class NoAnswer(PuzzleError):
    """The input is sound, but what was asked of it needs an answer the solver did not
    give (a format that holds the solution, of a puzzle with none or none in time): the
    command line's exit code 1, as for a solve that finds none, not 2 for bad input."""


def a_size(width: int, height: int, by: str = "×") -> str:
    """"a 10×10" or "an 8×8": "an" before a number said with a vowel first (8, 11, 18,
    80 to 89, 800 to 899, ...)."""
    first = str(width)
    an = first.startswith("8") or first in ("11", "18")
    return f"{'an' if an else 'a'} {width}{by}{height}"


def quote(value: object, limit: int = 40) -> str:
    """A received value as a message shows it: its repr (control characters escaped),
    cut to ``limit`` characters; JSON's words for what JSON sent (``true``, ``null``)."""
    if value is None or isinstance(value, bool):
        return "null" if value is None else "true" if value else "false"
    text = repr(value) if not isinstance(value, str) or len(value) <= 4 * limit else repr(value[:4 * limit])
    return text if len(text) <= limit else text[:limit - 1] + "…"


def counted(n: int, word: str) -> str:
    """"1 cell", "4 cells": a count with its noun, as a message says it."""
    return f"{n} {word if n == 1 else word + 's'}"


def json_kind(value: object) -> str:
    """What JSON calls a received value ("an object", not Python's "dict")."""
    if value is None or isinstance(value, bool):
        return quote(value)
    names = {dict: "an object", list: "a list", str: "text", int: "a number", float: "a number"}
    return next((name for kind, name in names.items() if isinstance(value, kind)), type(value).__name__)


class SolveTimeout(Exception):
    """The time limit ran out (or the caller cancelled); no verdict was reached."""


class Cancelled(SolveTimeout):
    """The caller asked to stop."""


class GaveUp(Exception):
    """An incomplete method (e.g. the paper's LP rounding) stopped without a verdict."""


class Deadline:
    """Time limit plus an optional cancellation hook, polled by solvers.

    Solvers call :meth:`check` in their inner loops; it is cheap (a clock read every
    ``stride`` calls) so it can sit in hot code.  ``cancel`` is any callable returning
    true when the caller wants to stop (the browser worker wires Pyodide's interrupt
    buffer through here as well, since KeyboardInterrupt also unwinds us).
    """

    __slots__ = ("start", "limit", "cancel", "_n", "stride")
    #: true for a deadline that bounds work rather than time (the same answer on every
    #: machine): a step that only a clock can bound, such as a MILP, must not run under it
    bounds_work = False

    def __init__(self, seconds: float | None = None, cancel: Callable[[], bool] | None = None,
                 stride: int = 256):
        self.start = time.perf_counter()
        self.limit = None if seconds is None else self.start + float(seconds)
        self.cancel = cancel
        self._n = 0
        self.stride = stride

    def remaining(self) -> float | None:
        """Seconds left, or None when there is no limit (for HiGHS's time_limit)."""
        if self.limit is None:
            return None
        return max(0.0, self.limit - time.perf_counter())

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def expired(self) -> bool:
        if self.cancel is not None and self.cancel():
            raise Cancelled("cancelled")
        return self.limit is not None and time.perf_counter() > self.limit

    def check(self) -> None:
        """Raise SolveTimeout when out of time; call freely in loops."""
        self._n += 1
        if self._n < self.stride:
            return
        self._n = 0
        if self.expired():
            raise SolveTimeout("time limit reached")

    def spend(self, amount: int) -> None:
        """Work done in bulk (a search node's undone changes); only a bound on work
        (:class:`WorkBound`) counts it."""


class WorkBound(Deadline):
    """The caller's deadline that also ends after ``checks`` of the solver's polls, or
    after ``bulk`` units :meth:`spend` reports: a bound on work, the same on every
    machine (a time limit would make a maker's puzzle depend on the machine's speed).
    Polls alone can miss work: a search node whose choice undoes thousands of
    candidates polls no more than a cheap one."""

    __slots__ = ("left", "bulk_left")
    bounds_work = True

    def __init__(self, outer: Deadline, checks: int | None, bulk: int | None = None):
        super().__init__(outer.remaining(), outer.cancel)
        self.left = checks
        self.bulk_left = bulk

    def check(self) -> None:
        if self.left is not None:
            self.left -= 1
            if self.left < 0:
                raise SolveTimeout("work budget spent")
        super().check()

    def spend(self, amount: int) -> None:
        if self.bulk_left is not None:
            self.bulk_left -= amount
            if self.bulk_left < 0:
                raise SolveTimeout("work budget spent")


@dataclass
class Outcome:
    """What a family's ``solve`` returns.

    ``solutions`` holds up to ``limit`` *distinct* solutions (distinct as the family
    defines it: Link-a-Pix counts pictures, not path sets), and ``more`` says when a
    further one is known to exist without being listed.  An empty list means
    proven unsolvable.  ``complete`` is False when the method cannot prove that there
    are no further solutions (then uniqueness is unknown).  ``stats`` carries counters
    for ``bench`` (nodes, paths enumerated, time per phase, LP size...).
    """

    solutions: list[dict]
    complete: bool = True
    stats: dict[str, Any] = field(default_factory=dict)
    note: str = ""
    #: another solution is known to exist but is not listed (a count proved it)
    more: bool = False


@dataclass
class CheckReport:
    """Result of checking a (possibly partial) player grid or a solution.

    ``ok``: nothing breaks a rule so far.  ``solved``: complete and correct.
    ``errors``: each ``{"message": str, "cells": [[r, c], ...], "lines": [["row"|"col", i], ...]}``.
    """

    ok: bool
    solved: bool
    errors: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"ok": self.ok, "solved": self.solved, "errors": self.errors}

    @property
    def reason(self) -> str:
        if self.solved:
            return "correct"
        if self.errors:
            return "; ".join(e["message"] for e in self.errors[:5]) + (
                f" (and {len(self.errors) - 5} more)" if len(self.errors) > 5 else "")
        return "incomplete"


#: what a written file can keep of a puzzle (``Exporter.keeps``): the provenance keys,
#: a multicolour palette, the solution, Numberlink's cover rule and its labels as they are
KEEPABLE = ("title", "author", "license", "source", "colours", "solution", "cover", "labels")


@dataclass(frozen=True)
class Exporter:
    """A file format a family writes: ``write(model, solution, meta) -> text``.  With
    ``needs_solution`` the writer is only called with a solution (the CLI solves the
    puzzle first when the file has none).

    What a file keeps is declared twice over: ``keeps`` (the parts of :data:`KEEPABLE`
    the format can hold at all, what the app shows beside the format) and ``changes``
    (given a model: what writing that puzzle would change of its rules or names, one
    sentence each: a free-cover board written in a format that means full cover, labels
    renamed).  ``pysolver convert`` refuses a conversion with changes unless asked
    (``--lossy``) and then says them; provenance or a solution the format cannot keep is
    dropped with a note (:meth:`drops`)."""
    about: str
    write: Callable[[Any, "dict | None", dict], str]
    #: file name ending when the app saves it
    ext: str = ".txt"
    needs_solution: bool = False
    #: whether the format can hold this model (None: any); the app offers only these
    accepts: "Callable[[Any], bool] | None" = None
    #: whether a solution given to ``write`` ends up in the file (answers; .non's goal)
    writes_solution: bool = False
    #: what of :data:`KEEPABLE` a file in this format keeps
    keeps: tuple[str, ...] = ()
    #: ``changes(model) -> [sentence]``: what writing this model changes (rules, labels)
    changes: "Callable[[Any], list[str]] | None" = None

    def __post_init__(self):
        if self.needs_solution:
            object.__setattr__(self, "writes_solution", True)
        if self.writes_solution and "solution" not in self.keeps:
            object.__setattr__(self, "keeps", self.keeps + ("solution",))
        unknown = [k for k in self.keeps if k not in KEEPABLE]
        if unknown:
            raise ValueError(f"Exporter.keeps: {unknown} not among {KEEPABLE}")

    def changes_of(self, model: Any) -> list[str]:
        """What writing ``model`` changes of the puzzle itself (empty: nothing)."""
        return list(self.changes(model)) if self.changes is not None else []

    def drops(self, meta: dict, solution: "dict | None") -> list[str]:
        """The provenance, grade (and solution) of a puzzle that this format leaves out
        (no format of another program holds a grade)."""
        out = [key for key in ("title", "author", "license", "source", "grade") if meta.get(key)
               and key not in self.keeps]
        if solution is not None and "solution" not in self.keeps:
            out.append("solution")
        return out

    def to_json(self, name: str) -> dict:
        return {"name": name, "about": self.about, "ext": self.ext, "answer": self.needs_solution,
                "keeps": list(self.keeps)}


def lazy(module: str, name: str) -> Callable:
    """``module.name``, imported at its first call: a family names its solvers without
    importing them (and SciPy) when the family is loaded."""
    def call(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)
    call.__name__ = call.__qualname__ = name
    return call


@dataclass(frozen=True)
class Method:
    """A solving method a family offers: ``name`` for ``--method``, a one-line
    ``about`` (the app's method menu shows it), whether it needs SciPy (HiGHS) or may
    need it (a fallback for what its search cannot settle), and
    ``run(model, deadline, limit) -> Outcome``, what :meth:`Family.solve` calls."""
    name: str
    about: str
    needs_scipy: bool = False
    run: "Callable[[Any, Deadline, int], Outcome] | None" = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict:
        return {"name": self.name, "about": self.about, "needs_scipy": self.needs_scipy}


#: the kinds of maker parameter: a whole number in [min, max]; a seed (a whole number,
#: blank for a random one); one of ``choices``; a picture (the page sends RGBA pixels:
#: ``rgba`` base64, ``source_width``, ``source_height``); a drawn picture's palette and
#: rows of keys (the drawing maker sends them)
PARAM_KINDS = ("int", "seed", "choice", "image", "palette", "grid")


@dataclass(frozen=True)
class Param:
    """One input of a :class:`Maker`, as its form shows it and as it is checked."""
    name: str
    kind: str
    label: str
    min: int | None = None
    max: int | None = None
    default: Any = None
    #: (value, label) pairs of a "choice"; an "int" may have them too (its values
    #: labelled, e.g. the grades: the form shows a list instead of a number field)
    choices: tuple[tuple[Any, str], ...] = ()

    def to_json(self) -> dict:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "label": self.label}
        for key in ("min", "max", "default"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.choices:
            out["choices"] = [{"value": v, "label": lab} for v, lab in self.choices]
        return out

    def read(self, args: dict) -> Any:
        """This parameter's value from a request's ``args``, checked; ParamError names
        what is wrong (the page checks too, but a request can come from anywhere)."""
        value = args.get(self.name, self.default)
        if self.kind in ("int", "seed"):
            if value is None or value == "":
                if self.kind == "seed":
                    return 0
                raise ParamError(self.name, self.label, "missing")
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            try:
                value = as_int(value, self.name, self.min, self.max)
            except PuzzleError as exc:
                raise ParamError(self.name, self.label, str(exc)[len(self.name) + 2:]) from None
            if self.choices and value not in {v for v, _ in self.choices}:
                raise ParamError(self.name, self.label,
                                 f"{value} is not one of " + ", ".join(str(v) for v, _ in self.choices))
            return value
        if self.kind == "choice":
            if value not in {v for v, _ in self.choices}:
                raise ParamError(self.name, self.label,
                                 f"{quote(value)} is not one of " + ", ".join(v for v, _ in self.choices))
            return value
        if self.kind == "image":
            rgba = args.get("rgba")
            if not isinstance(rgba, str):
                raise ParamError(self.name, self.label, "no pixels were sent")
            return {"rgba": rgba, "source_width": as_int(args.get("source_width"), "source_width", 1, MAX_GRID_SIDE),
                    "source_height": as_int(args.get("source_height"), "source_height", 1, MAX_GRID_SIDE)}
        if value is None:
            raise ParamError(self.name, self.label, "missing")
        return value  # palette, grid: the maker reads and checks them itself


#: the number a maker's puzzle is made again from (the form leaves it blank: a random one)
SEED = Param("seed", "seed", "Number", 0, 999_999_999)


@dataclass(frozen=True)
class Maker:
    """A way to make a puzzle of the family (from a picture, at random, from a drawing).

    ``make(args, deadline) -> {"puzzle": puzzle JSON, "stats"?: {...}}`` is given the
    request's arguments with every parameter read by :meth:`Param.read` (and ``title``
    when the page sends one).  ``form``: the page builds a form for it on the library
    page (false for makers only another screen uses, such as the drawing maker's)."""
    name: str
    title: str
    about: str
    params: tuple[Param, ...]
    make: Callable[[dict, "Deadline"], dict]
    #: seconds the page allows (the worker's time limit)
    timeout: float = 60.0
    form: bool = True
    #: ``check(values)`` raises PuzzleError, before any work, for values the maker
    #: refuses together (a grade a size cannot have); the page asks :meth:`refusals`
    #: so that its form greys out such choices instead of failing on "Make"
    check: Callable[[dict], None] | None = field(default=None, compare=False, repr=False)
    #: of a maker from a picture: ``snap(values) -> (palette, rows)``, the picture as the
    #: maker starts from it (its colours snapped, its size set; before any repair), which
    #: the page shows before Make (:meth:`snapped`)
    snap: Callable[[dict], tuple[dict, list[str]]] | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict:
        return {"name": self.name, "title": self.title, "about": self.about,
                "params": [p.to_json() for p in self.params], "timeout": self.timeout,
                "form": self.form, "check": self.check is not None, "snap": self.snap is not None}

    def snapped(self, args: dict) -> dict:
        """The picture :attr:`snap` gives for the request's values: ``{"grid": rows of
        keys ('.' blank), "colours": {key: "#rrggbb"}}``; PuzzleError for a maker
        without one, or values it refuses (a picture too tall for its cells across)."""
        if self.snap is None:
            raise PuzzleError(f"maker {quote(self.name)} makes no picture to show first")
        palette, rows = self.snap({p.name: p.read(args) for p in self.params})
        return {"grid": list(rows), "colours": {".": "#ffffff", **palette}}

    def refusals(self, args: dict) -> dict[str, dict]:
        """``{param: {value: why}}``: for each parameter with choices, the ones
        :attr:`check` refuses while the other values stay as ``args`` gives them (a
        value that does not read yet, as a field being typed, refuses nothing)."""
        if self.check is None:
            return {}
        try:
            values = {p.name: p.read(args) for p in self.params if p.kind in ("int", "seed", "choice")}
        except PuzzleError:
            return {}
        out: dict[str, dict] = {}
        for p in self.params:
            for value, _ in p.choices:
                try:
                    self.check({**values, p.name: value})
                except PuzzleError as exc:
                    out.setdefault(p.name, {})[value] = exc.plain or str(exc)
        return out

    def run(self, args: dict) -> dict:
        values = {p.name: p.read(args) for p in self.params}
        if self.check is not None:
            self.check(values)
        title = args.get("title")
        if title is not None:
            values["title"] = as_str(title, "title", 200) or None
        timeout = args.get("timeout", self.timeout)
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0:
            raise PuzzleError(f"timeout: {quote(timeout)} is not a positive number of seconds")
        return self.make(values, Deadline(timeout))


@dataclass(frozen=True)
class Drawing:
    """The drawing maker can draw this family's pictures: the sizes and colour counts it
    allows, and the family maker that turns a drawn picture into the puzzle (None when
    the page works the clues out from the picture itself)."""
    min_side: int = 2
    max_side: int = 100
    min_colours: int = 1
    max_colours: int = 8
    maker: str | None = None

    def to_json(self) -> dict:
        return {"min_side": self.min_side, "max_side": self.max_side, "min_colours": self.min_colours,
                "max_colours": self.max_colours, "maker": self.maker}


class Family:
    """One puzzle family.  Subclasses override the methods below.

    Required: ``type``, ``title``, ``methods``, :meth:`parse`, :meth:`to_json`,
    :meth:`solve`, :meth:`check`, :meth:`encode_compact`, :meth:`decode_compact`,
    :meth:`render_text`.  Optional: :meth:`next_step` (hints), :meth:`mistakes`,
    ``importers``, ``exporters``, ``makers``, ``drawing``, ``rules``, and
    ``steps(model, deadline) -> [step]`` (the solving steps the app's Replay animates;
    families without it have no Replay).

    What a family can do is declared here and nowhere else: :meth:`describe` is what
    the CLI, the worker and the page learn about it (``registry.describe``).
    """

    #: the ``type`` string of puzzle JSON
    type: str = ""
    #: human name
    title: str = ""
    #: how to play, in a few sentences (the app's help)
    rules: str = ""
    #: solving methods; the first one is the default
    methods: tuple[Method, ...] = (Method("auto", "the default method"),)
    #: other file formats: name -> (sniff(text) -> how sure, 0 or a SNIFF_ constant;
    #: load(text) -> puzzle JSON dict, or a list of them for a file holding several: a
    #: pack, see ``load.load_pack``, where a puzzle the loader could not read may be its
    #: PuzzleError, so that the others stay usable)
    importers: dict[str, tuple[Callable[[str], int], Callable[[str], dict]]] = {}
    #: what each importer reads, in a few words: name -> about
    importer_about: dict[str, str] = {}
    #: formats written besides puzzle JSON and the share link (``pysolver convert``):
    #: name -> Exporter
    exporters: dict[str, "Exporter"] = {}
    #: ways to make a puzzle, by name
    makers: dict[str, Maker] = {}
    #: whether (and how) the app's drawing maker draws this family's pictures
    drawing: Drawing | None = None
    #: what a hint gives, in the order a player asks for more ("step": the next
    #: deduction, shown and played)
    hint_levels: tuple[str, ...] = ("step",)
    #: largest grid of this family (a family may accept less than every family)
    max_side: int = MAX_GRID_SIDE
    max_cells: int = FAMILY_MAX_CELLS
    #: whether a hint first reports a rule the progress breaks (families whose own
    #: step finds broken lines, as nonograms, say no)
    hint_checks_rules: bool = True

    @property
    def method_names(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.methods)

    @property
    def replay(self) -> bool:
        return callable(getattr(self, "steps", None))

    def describe(self) -> dict:
        """What the family can do, as JSON: the one description the page, the worker and
        the CLI read (see ``registry.describe``)."""
        return {
            "type": self.type, "title": self.title, "rules": self.rules,
            "methods": [m.to_json() for m in self.methods],
            "replay": self.replay,
            "hint_levels": list(self.hint_levels) if self.has_hints else [],
            "reads": [{"name": n, "about": self.importer_about.get(n, n)} for n in self.importers],
            "writes": [e.to_json(n) for n, e in self.exporters.items()],
            "limits": {"max_side": self.max_side, "max_cells": self.max_cells},
            "makers": [m.to_json() for m in self.makers.values()],
            "drawing": self.drawing.to_json() if self.drawing else None,
            "grades": type(self).grade is not Family.grade,
        }

    @property
    def has_hints(self) -> bool:
        return type(self).next_step is not Family.next_step

    # -- reading and writing -------------------------------------------------------
    def parse(self, data: dict) -> Any:
        """Validate family keys of a puzzle dict (common keys are already checked by
        :func:`pysolver.format.parse_puzzle`) and return the family's model: any object
        with ``width`` and ``height`` attributes (shared code reads only those).  Raise
        PuzzleError naming the bad key or value."""
        raise NotImplementedError

    def to_json(self, puzzle: Any) -> dict:
        """The family keys of puzzle JSON (without ``type``/``width``/``height``/meta)."""
        raise NotImplementedError

    # -- solving ------------------------------------------------------------------
    def solve(self, puzzle: Any, method: str, deadline: Deadline, limit: int = 1) -> Outcome:
        """Find up to ``limit`` distinct solutions with the named method (one of
        :attr:`method_names`): its ``run``."""
        for m in self.methods:
            if m.name == method and m.run is not None:
                return m.run(puzzle, deadline, limit)
        raise PuzzleError(f"method: {quote(method)} is not one of {', '.join(self.method_names)} for {self.type}")

    def check(self, puzzle: Any, solution: dict, partial: bool = False) -> CheckReport:
        """Judge a solution dict (format of puzzle-format.md).  With ``partial`` the
        grid may be incomplete (unknown cells) and only what is already wrong counts."""
        raise NotImplementedError

    def same_solution(self, puzzle: Any, a: dict, b: dict) -> bool:
        """Whether two solutions count as the same answer (default: equal dicts)."""
        return a == b

    # -- hints --------------------------------------------------------------------
    def hint(self, puzzle: Any, progress: dict, deadline: Deadline) -> dict | None:
        """One hint from the player's progress: ``{"message", "cells", "lines"?,
        "wrong"?, "clear"?, "clear_where"?, "solution"?}``, or None when there is nothing
        to say (``clear``: of a "wrong" hint, the cells where the progress leaves the
        unique solution, which the app's next Hint takes back; ``clear_where``: where
        they are, in words).

        The opening is the same for every family: a rule the progress breaks, then
        (when the puzzle has one solution) where the progress leaves it, as the app's
        Check reports them; only then the family's :meth:`next_step`."""
        if not self.has_hints:
            return None
        progress = self.progress_for_hint(puzzle, progress)
        if self.hint_checks_rules:
            report = self.check(puzzle, progress, partial=True)
            if report.errors:
                from .reference import with_take_back
                return with_take_back(self, puzzle, progress, broken_rule_hint(report), deadline)
            if report.solved:
                return None
        from .reference import mistake_hint, no_solution_hint
        wrong = mistake_hint(self, puzzle, progress, deadline) or no_solution_hint(self, puzzle, deadline)
        if wrong:
            return wrong
        step = self.next_step(puzzle, progress, deadline)
        return with_focus(step) if step and not step.get("wrong") else step

    def progress_for_hint(self, puzzle: Any, progress: dict) -> dict:
        """The progress as :meth:`next_step` reads it (PuzzleError when malformed)."""
        return progress

    def next_step(self, puzzle: Any, progress: dict, deadline: Deadline) -> dict | None:
        """The next deduction from progress that breaks no rule and leaves no unique
        solution: ``{"message", "cells", "lines"?, "solution"?}`` (``solution``: the
        progress with the step played), a ``wrong`` hint when no solution continues
        the progress, or None when nothing follows."""
        return None

    def clash(self, puzzle: Any, deadline: Deadline) -> dict | None:
        """For a puzzle without a solution, why, as far as the family can say:
        ``{"kind", "message", "lines"}``, so that the editor can point a maker at the
        clues to compare.  The line families name lines whose clues contradict each
        other (:mod:`pysolver.conflict`, kinds "suspects" and "conflict"); a family may
        give a reason in words and the ``cells`` it is about (kind "reason", no lines),
        with the cells that explain it, when there are some, as ``around`` (shown apart).
        None when it has nothing to say (only a search shows there is no solution).
        Raises SolveTimeout past the deadline before any is found."""
        return None

    def mistakes(self, puzzle: Any, progress: dict, solution: dict, deadline: Deadline) -> list[dict]:
        """Where partial ``progress`` differs from ``solution``, the puzzle's unique
        solution: errors ``{"message", "cells", "lines"}`` (the app's Check, and what
        hints report first)."""
        return []

    # -- difficulty -------------------------------------------------------------------
    def grade(self, puzzle: Any, deadline: Deadline) -> "Grade | None":
        """How hard the puzzle is for the family's rule-based method, 1..5 on the one
        scale of :mod:`pysolver.grade`; None when the family does not grade.  Raises
        PuzzleError when the puzzle has no solution, SolveTimeout past the deadline."""
        return None

    # -- share links ------------------------------------------------------------------
    def encode_compact(self, puzzle: Any) -> str:
        """Printable ASCII body for the share link (the envelope compresses it)."""
        raise NotImplementedError

    def decode_compact(self, body: str, width: int, height: int) -> dict:
        """Inverse of :meth:`encode_compact`: the family keys of puzzle JSON.  Raise
        PuzzleError for anything malformed (links can be hostile)."""
        raise NotImplementedError

    # -- text ---------------------------------------------------------------------
    def render_text(self, puzzle: Any, solution: dict) -> str:
        """The solution as a text picture for a terminal."""
        raise NotImplementedError

    # -- bench --table ------------------------------------------------------------
    def bench_facts(self, puzzle: Any) -> dict:
        """What :meth:`bench_table` needs of a puzzle besides its bench row (kept in
        the row as ``facts``)."""
        return {}

    def bench_table(self, rows: list[dict], method: str | None) -> str | None:
        """``pysolver bench --table``: a summary table of this family's bench rows
        (e.g. a published table's layout, side by side), or None when it has none."""
        return None


def with_focus(step: dict) -> dict:
    """A step with where to look first (the app's hints come in three presses: where
    to look and which rule, then the deduction drawn as a preview, then the move).
    ``focus`` holds the cells and lines to show before the answer is given away and
    ``where`` says it in words; a family's step may set both (Link-a-Pix names the clue,
    Numberlink the line end), else the step's lines, or its first cell, are the place."""
    if "focus" in step and "where" in step:
        return step
    lines = step.get("lines") or []
    # (the rule as the message names it, "simple boxes: row 2 ...", else the step's own)
    named = step["message"].split(": ", 1)[0] if ": " in step["message"] else ""
    rule = named if 0 < len(named) <= 32 else step.get("rule") or ""
    rule = " (no single rule applies here)" if rule == "solution" else f" ({rule})" if rule else ""
    if lines:
        names = [f"{kind} {index + 1}" for kind, index in lines]
        focus, where = {"cells": [], "lines": lines}, "Look at " + " and ".join(names) + rule
    elif step.get("cells"):
        r, c = step["cells"][0]
        focus, where = {"cells": [step["cells"][0]], "lines": []}, f"Look at row {r + 1}, col {c + 1}{rule}"
    else:
        focus, where = {"cells": [], "lines": []}, step["message"]
    return {**step, "focus": step.get("focus", focus), "where": step.get("where", where)}


def broken_rule_hint(report: CheckReport) -> dict:
    """The first broken rule of a partial check as a "wrong" hint (an error that shows
    cells first, so the board can mark them)."""
    err = next((e for e in report.errors if e.get("cells")), report.errors[0])
    if not err.get("cells") and not err.get("lines"):
        return {"message": err["message"], "cells": [], "wrong": True}
    return {"message": f"{err['message']}: this is wrong", "cells": err.get("cells", []), "wrong": True}


def require(cond: bool, message: str) -> None:
    """Raise PuzzleError(message) unless cond: keeps validation code flat."""
    if not cond:
        raise PuzzleError(message)


def as_int(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """An int within [lo, hi], or PuzzleError naming ``what``.  Booleans are refused
    (JSON ``true`` is not a number even though Python says it is)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PuzzleError(f"{what}: {quote(value)} is not a whole number")
    if lo is not None and value < lo:
        if lo == 1:
            raise PuzzleError(f"{what}: {value} is not positive")
        raise PuzzleError(f"{what}: {value} is less than {lo}")
    if hi is not None and value > hi:
        raise PuzzleError(f"{what}: {value} is more than {hi}")
    return value


def read_cell(item: Any, width: int, height: int) -> tuple[int, int] | str:
    """A solution's ``[row, col]`` as (row, col), or why it is not one.  The one rule of
    every family (see the README's puzzle format): numbers are JSON integers, never
    strings, booleans or decimals, even when they hold a whole number."""
    if not isinstance(item, list) or len(item) != 2:
        return f"expected [row, col], got {quote(item)}"
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in item):
        return f"{quote(item)}: row and col must be whole numbers (JSON integers, not strings, booleans or decimals)"
    r, c = item
    if not (0 <= r < height and 0 <= c < width):
        return f"cell ({r},{c}) is outside the {width}x{height} grid"
    return r, c


def as_list(value: Any, what: str) -> list:
    if not isinstance(value, list):
        raise PuzzleError(f"{what}: expected a list, got {json_kind(value)}")
    return value


def as_str(value: Any, what: str, max_len: int = 1000) -> str:
    if not isinstance(value, str):
        raise PuzzleError(f"{what}: expected text, got {json_kind(value)}")
    if len(value) > max_len:
        raise PuzzleError(f"{what}: longer than {max_len} characters")
    return value


#: How sure a format's sniffer is that content is its format (see format._import):
#: 0 not this format; the general shape fits (lines of numbers, a <puzzle> element); a
#: mark only this format has (a keyword, an element name); a binary signature.
SNIFF_SHAPE, SNIFF_MARK, SNIFF_SIGNATURE = 1, 2, 3

#: digits a number in an imported file may have: more than any size, clue or label
#: needs, and far below the 4300 at which int() refuses with a bare ValueError
MAX_DIGITS = 9


def read_number(digits: str, where: str) -> int:
    """A string of ASCII digits (callers match ``[0-9]``: ``\\d`` and ``str.isdigit``
    take other scripts' digits and '²') as an int; PuzzleError naming ``where`` when
    it has more than ``MAX_DIGITS`` digits."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        raise PuzzleError(f"{where}: the number {digits[:12]}... is too large")
    return int(digits)


def parse_palette(value: Any, what: str = "palette", single_char: bool = True) -> dict[str, str]:
    """``{"key": "#rrggbb"}`` validated; keys single characters other than ``.``."""
    if not isinstance(value, dict) or not value:
        raise PuzzleError(f"{what}: expected a non-empty object of colours")
    if len(value) > 64:
        raise PuzzleError(f"{what}: {len(value)} colours, at most 64 are allowed")
    out = {}
    for key, colour in value.items():
        if single_char and (len(key) != 1 or key in ".?# \t\n"):
            raise PuzzleError(f"{what}: key {quote(key)} must be one character other than '.', '?', '#'")
        if not key or len(key) > 16:
            raise PuzzleError(f"{what}: key {quote(key)} must be 1 to 16 characters")
        if any(ord(ch) < 0x20 or 0x7f <= ord(ch) < 0xa0 for ch in key):
            raise PuzzleError(f"{what}: key {quote(key)} has a control character")
        if not (isinstance(colour, str) and len(colour) == 7 and colour[0] == "#"
                and all(ch in "0123456789abcdefABCDEF" for ch in colour[1:])):
            raise PuzzleError(f"{what}: colour of {quote(key)} is {quote(colour)}, expected #rrggbb")
        out[key] = colour.lower()
    # JavaScript puts an object's integer-like keys ("0", "7") first, in numeric order,
    # whatever order the file gave: the app's page would list such a palette otherwise
    # than Python, and "colour 3" would name another colour in each.  Both take the
    # page's order (a file's palette of keys a, @, 0, X is 0, a, @, X everywhere).
    index_keys = sorted((k for k in out if _ARRAY_INDEX.fullmatch(k) and int(k) < 2 ** 32 - 1), key=int)
    if index_keys:
        out = {**{k: out[k] for k in index_keys}, **{k: v for k, v in out.items() if k not in index_keys}}
    return out


#: keys that JavaScript orders as array indices
_ARRAY_INDEX = re.compile(r"0|[1-9][0-9]{0,9}")
