"""Nonograms (Paint by Numbers, Griddlers, Picross), black-and-white and multicolour.

Methods: ``auto`` (the best engine for the grid, see :mod:`.auto`), ``cdcl`` (search
with clause learning, the exact line solver as propagator; black-and-white; see
:mod:`.cdcl`), ``probing`` (line solving, probing and depth-first search with restarts,
the recipe of pbnsolve and LalaFrogKK; see :mod:`.probing`) and ``rules`` (the rule-based
method of Stefani et al. with best-first search; see :mod:`.rules`).

Files: webpbn XML, Simpson's ``.non``, Olšák ``.g``, ``.nin``, ``.mk`` and puzz.link
``p?nonogram/...`` URLs are imported (:mod:`.formats`); ``.non`` and puzz.link URLs
(black-and-white only) are written (``exporters``, ``pysolver convert``).
"""
from __future__ import annotations

from ..base import CheckReport, Deadline, Family, GaveUp, Outcome, PuzzleError
from . import codec, text
from .auto import solve_auto
from .check import check_grid
from .formats import EXPORTERS, IMPORTERS
from .model import Model, model_to_json, parse_model


class NonogramFamily(Family):
    type = "nonogram"
    title = "Nonogram"
    methods = ("auto", "cdcl", "probing", "rules")
    importers = IMPORTERS
    exporters = EXPORTERS

    def parse(self, data: dict) -> Model:
        return parse_model(data)

    def to_json(self, model: Model) -> dict:
        return model_to_json(model)

    def solve(self, model: Model, method: str, deadline: Deadline, limit: int = 1) -> Outcome:
        if method == "auto":
            return solve_auto(model, deadline, limit)
        if method == "cdcl":
            if model.colours != 2:
                raise GaveUp("it handles black-and-white puzzles only")
            from .cdcl import solve_cdcl
            return solve_cdcl(model, deadline, limit)
        if method == "probing":
            from .probing import solve_probing
            return solve_probing(model, deadline, limit)
        if method == "rules":
            from .rules import solve_rules
            return solve_rules(model, deadline, limit)
        raise PuzzleError(f"method: {method!r} is not one of {', '.join(self.methods)}")

    def check(self, model: Model, solution: dict, partial: bool = False) -> CheckReport:
        return check_grid(model, solution, partial)

    def hint(self, model: Model, progress: dict, deadline: Deadline) -> dict | None:
        from .rules import hint
        return hint(model, progress, deadline)

    def mistakes(self, model: Model, progress: dict, solution: dict, deadline: Deadline) -> list[dict]:
        from .hint import mistakes
        return mistakes(model, progress, solution, deadline)

    def steps(self, model: Model, deadline: Deadline) -> list[dict]:
        """The rule-based solving steps, line by line, for the "Replay" animation."""
        from .rules import steps
        return steps(model, deadline)

    def encode_compact(self, model: Model) -> str:
        return codec.encode(model)

    def decode_compact(self, body: str, width: int, height: int) -> dict:
        return codec.decode(body, width, height)

    def render_text(self, model: Model, solution: dict) -> str:
        return text.render(model, solution)


FAMILY = NonogramFamily()
