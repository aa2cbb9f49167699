"""Hungry Cat Picross: every cell takes one palette colour; each line's clue gives, per
colour, its count and whether those cells form one block.

Methods: ``auto`` and ``cdcl`` (search with clause learning over cell-colour
variables, each colour of a line as a propagator with explanations: :mod:`.cdcl` on
the engine shared with nonograms, :mod:`pysolver.linecdcl`), ``probing`` (exact line
DP over all colours, propagation, probing, search: :mod:`.auto`) and ``rules`` (the seed
notebook's rules and guesses, with recorded steps).
"""
from __future__ import annotations

from ..base import CheckReport, Deadline, Drawing, Family, Method
from . import auto, cdcl, codec, formats, hint as hint_mod, model, rules as rule_method, text
from .check import check as check_solution
from .makers import MAKERS


class HungryCat(Family):
    type = "hungrycat"
    title = "Hungry Cat Picross"
    rules = ("Every cell takes one colour. Each line's clue gives, for each colour, how many of its cells "
             "have that colour; a circled number means those cells form one unbroken block, a square one "
             "means they do not.")
    methods = (
        Method("auto", "the fastest engine: cdcl", run=cdcl.solve),
        Method("cdcl", "clause learning (lazy clause generation): each colour of a line seen on its own "
               "as propagator, short explanations, restarts", run=cdcl.solve),
        Method("probing", "the exact line DP over all colours of a line, propagation, probing, then search",
               run=auto.solve),
        Method("rules", "the notebook's count, run and non-run rules with guesses; every step recorded",
               run=rule_method.solve),
    )
    importers = formats.IMPORTERS
    exporters = formats.EXPORTERS
    importer_about = {
        "hungrycat-text": "the notebook's text notation ('B:blue R:red', 'r2B3')",
        "hungrycat-xml": "the notebook's XML layout",
    }
    # Drawn on white (the first colour): the page works the clues out as they are drawn.
    drawing = Drawing(min_side=2, max_side=100, min_colours=2, max_colours=8)
    makers = MAKERS

    def parse(self, data: dict) -> model.Model:
        return model.parse(data)

    def to_json(self, puzzle: model.Model) -> dict:
        return model.to_json(puzzle)

    def check(self, puzzle: model.Model, solution: dict, partial: bool = False) -> CheckReport:
        return check_solution(puzzle, solution, partial)

    def next_step(self, puzzle: model.Model, progress: dict, deadline: Deadline) -> dict | None:
        return hint_mod.next_step(puzzle, progress, deadline)

    def clash(self, puzzle: model.Model, deadline: Deadline) -> dict | None:
        from .clash import clash
        return clash(puzzle, deadline)

    def mistakes(self, puzzle: model.Model, progress: dict, solution: dict, deadline: Deadline) -> list[dict]:
        return hint_mod.mistakes(puzzle, progress, solution, deadline)

    def steps(self, puzzle: model.Model, deadline: Deadline) -> list[dict]:
        """The rules method's deductions for the app's Replay animation."""
        return rule_method.steps(puzzle, deadline)

    def grade(self, puzzle: model.Model, deadline: Deadline):
        from .grade import grade
        return grade(puzzle, deadline)

    def encode_compact(self, puzzle: model.Model) -> str:
        return codec.encode(puzzle)

    def decode_compact(self, body: str, width: int, height: int) -> dict:
        return codec.decode(body, width, height)

    def render_text(self, puzzle: model.Model, solution: dict) -> str:
        return text.render(puzzle, solution)


FAMILY = HungryCat()
