"""Nonograms (Paint by Numbers, Griddlers, Picross), black-and-white and multicolour.

Methods: ``auto`` (the best engine for the grid, see :mod:`.auto`), ``cdcl`` (search
with clause learning, the exact line solver as propagator; black-and-white; see
:mod:`.cdcl`), ``probing`` (line solving, probing and depth-first search with restarts,
the recipe of pbnsolve and LalaFrogKK; see :mod:`.probing`) and ``rules`` (the rule-based
method of Stefani et al. with best-first search; see :mod:`.rules`).

Files (:mod:`.formats`, one module per kind): webpbn XML, Simpson's ``.non`` (Nonny's
colours too), Olšák ``.g``, ``.nin``, ``.mk``, puzz.link ``p?nonogram/...`` URLs,
pynogram's INI, nonogrid's TOML, picross-solver's text, the tournament sets and Simon
Tatham's Pattern are imported; ``.non``, webpbn XML, ``.g``, puzz.link URLs and Pattern
game IDs (black-and-white only) are written (``exporters``, ``pysolver convert``).
"""
from __future__ import annotations

from ..base import CheckReport, Deadline, Drawing, Family, GaveUp, Method, Outcome, PuzzleError, lazy
from . import codec, text
from .auto import solve_auto
from .check import check_grid, read_grid
from .formats import EXPORTERS, IMPORTERS
from .makers import MAKERS
from .model import Model, model_to_json, parse_model


def _cdcl(model: Model, deadline: Deadline, limit: int) -> Outcome:
    if model.colours != 2:
        raise GaveUp("it handles black-and-white puzzles only")
    from .cdcl import solve_cdcl
    return solve_cdcl(model, deadline, limit)


class NonogramFamily(Family):
    type = "nonogram"
    title = "Nonogram"
    rules = ("The numbers beside each row and above each column are the lengths of that line's blocks of "
             "filled cells, in order. Blocks of the same colour have at least one empty cell between them; "
             "blocks of different colours may touch. Fill the grid so that every line matches its clue.")
    methods = (
        Method("auto", "the best engine for this grid: cdcl for black-and-white, probing for colour",
               run=solve_auto),
        Method("cdcl", "search that learns from its dead ends, with an exact line solver (black-and-white only)",
               run=_cdcl),
        Method("probing", "line solving, then trying cells both ways, then search with restarts",
               run=lazy("pysolver.nonogram.probing", "solve_probing")),
        Method("rules", "the human rules (simple boxes, simple spaces, forcing, contradiction), "
               "then best-first search", run=lazy("pysolver.nonogram.rules", "solve_rules")),
    )
    importers = IMPORTERS
    importer_about = {
        "puzzlink": "puzz.link nonogram URLs (black-and-white)",
        "webpbn-xml": "webpbn XML",
        "non": "Simpson's .non (with color and goal lines)",
        "olsak-g": "Olšák's .g (grid, pbnsolve)",
        "mk": ".mk",
        "nin": ".nin",
        "pynogram-ini": "pynogram's INI text ([clues] rows = / columns =, [colors])",
        "nonogrid-toml": "nonogrid's TOML ([clues] rows = \"\"\"...\"\"\")",
        "picross-solver": "picross-solver's text (GRID, ROWS, COLUMNS, [ 1 2 ] lines; several grids a pack)",
        "tournament": "TAAI/TCGA/ICGA tournament sets ($n, column and row clues; a pack)",
        "pattern": "Simon Tatham's Pattern: game IDs (10x10:2.1/3/...) and save files",
    }
    # Up to 512x512: the field's big puzzles (a 512x512 .non solves by line logic in
    # about a second here); the share link of one is tens of kilobytes.
    max_cells = 512 * 512
    # Drawn pictures: the page works their clues out as they are drawn.
    drawing = Drawing(min_side=2, max_side=100, min_colours=1, max_colours=8)
    exporters = EXPORTERS
    makers = MAKERS

    def parse(self, data: dict) -> Model:
        return parse_model(data)

    def to_json(self, model: Model) -> dict:
        return model_to_json(model)

    def check(self, model: Model, solution: dict, partial: bool = False) -> CheckReport:
        return check_grid(model, solution, partial)

    # (a line the progress breaks is found by the rules' own contradiction step)
    hint_checks_rules = False

    def progress_for_hint(self, model: Model, progress: dict) -> dict:
        grid = read_grid(model, progress, partial=True)
        if isinstance(grid, str):
            raise PuzzleError(grid)
        return progress

    def next_step(self, model: Model, progress: dict, deadline: Deadline) -> dict | None:
        from .rules import next_step
        return next_step(model, progress, deadline)

    def clash(self, model: Model, deadline: Deadline) -> dict | None:
        from .clash import clash
        return clash(model, deadline)

    def mistakes(self, model: Model, progress: dict, solution: dict, deadline: Deadline) -> list[dict]:
        from .hint import mistakes
        return mistakes(model, progress, solution, deadline)

    def steps(self, model: Model, deadline: Deadline) -> list[dict]:
        """The rule-based solving steps, line by line, for the "Replay" animation."""
        from .rules import steps
        return steps(model, deadline)

    def grade(self, model: Model, deadline: Deadline):
        from .grade import grade
        return grade(model, deadline)

    def encode_compact(self, model: Model) -> str:
        return codec.encode(model)

    def decode_compact(self, body: str, width: int, height: int) -> dict:
        return codec.decode(body, width, height)

    def render_text(self, model: Model, solution: dict) -> str:
        return text.render(model, solution)


FAMILY = NonogramFamily()
