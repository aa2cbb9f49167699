"""Link-a-Pix (Paint by Pairs, PathPix, Piczle Lines): link equal clues by paths.

Modules: :mod:`.model` (parse, ``to_json``, :func:`picture`), :mod:`.check` (the rule
check), :mod:`.codec` (share-link body), :mod:`.text` (terminal picture, typed layout),
:mod:`.matfile` (the MATLAB data of Guan et al.), :mod:`.engine` + :mod:`.exact` +
:mod:`.auto` (the default exact solver), :mod:`.paper` (the LP method of Guan et al.),
:mod:`.hint`, :mod:`.steps` (Replay).  :mod:`.maker` and :mod:`.pictures` (puzzles from
pictures) are separate.

For the maker and the app: ``picture(model, solution)`` gives ``grid[row][col]``, the
palette key painted in each cell or ``None`` for blank; two solutions are the same
answer exactly when their pictures are equal (``FAMILY.same_solution``).
"""
from __future__ import annotations

from ..base import CheckReport, Deadline, Family, Outcome, PuzzleError
from . import codec, matfile, model as _model, text
from .check import check as _check
from .model import Model, picture

__all__ = ["FAMILY", "LinkAPix", "Model", "picture"]


class LinkAPix(Family):
    type = "linkapix"
    title = "Link-a-Pix"
    methods = ("auto", "paper")
    importers = {
        "linkapix-mat": (matfile.sniff, matfile.load),
        "linkapix-text": (text.sniff, text.load),
    }

    def parse(self, data: dict) -> Model:
        return _model.parse(data)

    def to_json(self, puzzle: Model) -> dict:
        return _model.to_json(puzzle)

    def solve(self, puzzle: Model, method: str, deadline: Deadline, limit: int = 1) -> Outcome:
        if method == "auto":
            from .auto import solve
            return solve(puzzle, deadline, limit)
        if method == "paper":
            from .paper import solve
            return solve(puzzle, deadline, limit)
        raise PuzzleError(f"method {method!r} is not one of {', '.join(self.methods)}")

    def check(self, puzzle: Model, solution: dict, partial: bool = False) -> CheckReport:
        return _check(puzzle, solution, partial)

    def same_solution(self, puzzle: Model, a: dict, b: dict) -> bool:
        return picture(puzzle, a) == picture(puzzle, b)

    def hint(self, puzzle: Model, progress: dict, deadline: Deadline) -> dict | None:
        from .hint import hint
        return hint(puzzle, progress, deadline)

    def mistakes(self, puzzle: Model, progress: dict, solution: dict, deadline: Deadline) -> list[dict]:
        from .hint import mistakes
        return mistakes(puzzle, progress, solution, deadline)

    def steps(self, puzzle: Model, deadline: Deadline) -> list[dict]:
        """The links in the order the solver finds them, for the app's Replay."""
        from .steps import steps
        return steps(puzzle, deadline)

    def encode_compact(self, puzzle: Model) -> str:
        return codec.encode(puzzle)

    def decode_compact(self, body: str, width: int, height: int) -> dict:
        return codec.decode(body, width, height)

    def render_text(self, puzzle: Model, solution: dict) -> str:
        return text.render(puzzle, solution)


FAMILY = LinkAPix()
