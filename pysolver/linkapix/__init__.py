"""Link-a-Pix (Paint by Pairs, PathPix, Piczle Lines): link equal clues by paths.

Modules: :mod:`.model` (parse, ``to_json``, :func:`picture`), :mod:`.check` (the rule
check), :mod:`.codec` (share-link body), :mod:`.text` (terminal picture, typed layout),
:mod:`.matfile` (the MATLAB data of Guan et al.), :mod:`.engine` + :mod:`.exact` +
:mod:`.auto` (the default exact solver), :mod:`.paper` (the LP method of Guan et al.),
:mod:`.hint`, :mod:`.steps` (Replay), :mod:`.clash` (why there is no solution).
:mod:`.maker` and :mod:`.pictures` (puzzles from pictures) are separate.

For the maker and the app: ``picture(model, solution)`` gives ``grid[row][col]``, the
palette key painted in each cell or ``None`` for blank; two solutions are the same
answer exactly when their pictures are equal (``FAMILY.same_solution``).
"""
from __future__ import annotations

from ..base import CheckReport, Deadline, Exporter, Family, Method, lazy
from . import codec, matfile, model as _model, text
from .makers import DRAWING, MAKERS
from .check import check as _check
from .model import Model, picture

__all__ = ["FAMILY", "LinkAPix", "Model", "picture"]


class LinkAPix(Family):
    type = "linkapix"
    title = "Link-a-Pix"
    rules = ("Each number is the length of a path: join two equal numbers of the same colour by a path of "
             "horizontal and vertical steps that covers exactly that many cells, both ends included (a 1 is a "
             "path of its own cell). Paths never cross or share a cell. The paths, painted in their colours, "
             "make the picture.")
    methods = (
        Method("auto", "candidate paths and propagation, then an exact search (HiGHS for big parts); "
               "counts distinct pictures", needs_scipy=True, run=lazy("pysolver.linkapix.auto", "solve")),
        Method("paper", "Guan et al.: path enumeration and an LP relaxation with rounding; may give up, "
               "then auto takes over", needs_scipy=True, run=lazy("pysolver.linkapix.paper", "solve")),
    )
    importers = {
        "linkapix-mat": (matfile.sniff, matfile.load),
        "linkapix-text": (text.sniff, text.load),
    }
    importer_about = {
        "linkapix-mat": "the MATLAB data of Guan et al. (.mat)",
        "linkapix-text": "a typed layout: a palette line, then rows like '. 2r 2r .'",
    }
    exporters = {
        "linkapix-text": Exporter("the typed layout: title, palette, then rows like '. 2r 2r .'",
                                  lambda model, solution, meta: text.dump(model, meta),
                                  accepts=text.writable, keeps=("title", "author", "license", "source", "colours")),
    }
    makers = MAKERS
    drawing = DRAWING

    def parse(self, data: dict) -> Model:
        return _model.parse(data)

    def to_json(self, puzzle: Model) -> dict:
        return _model.to_json(puzzle)

    def check(self, puzzle: Model, solution: dict, partial: bool = False) -> CheckReport:
        return _check(puzzle, solution, partial)

    def same_solution(self, puzzle: Model, a: dict, b: dict) -> bool:
        return picture(puzzle, a) == picture(puzzle, b)

    def next_step(self, puzzle: Model, progress: dict, deadline: Deadline) -> dict | None:
        from .hint import next_step
        return next_step(self, puzzle, progress, deadline)

    def clash(self, puzzle: Model, deadline: Deadline) -> dict | None:
        from .clash import clash
        return clash(puzzle, deadline)

    def mistakes(self, puzzle: Model, progress: dict, solution: dict, deadline: Deadline) -> list[dict]:
        from .hint import mistakes
        return mistakes(puzzle, progress, solution, deadline)

    def steps(self, puzzle: Model, deadline: Deadline) -> list[dict]:
        """The links in the order the solver finds them, for the app's Replay."""
        from .steps import steps
        return steps(puzzle, deadline)

    def grade(self, model, deadline):
        from .grade import grade
        return grade(model, deadline)

    def encode_compact(self, puzzle: Model) -> str:
        return codec.encode(puzzle)

    def decode_compact(self, body: str, width: int, height: int) -> dict:
        return codec.decode(body, width, height)

    def render_text(self, puzzle: Model, solution: dict) -> str:
        return text.render(puzzle, solution)

    def bench_facts(self, puzzle: Model) -> dict:
        from .table import facts
        return facts(puzzle)

    def bench_table(self, rows: list[dict], method: str | None) -> str:
        """Table I of Guan et al. (2020), ours next to the paper's figures."""
        from .table import table
        return table(rows, method)


FAMILY = LinkAPix()
