"""Numberlink (Arukone, Flow Free): join equal labels by non-crossing paths.

Methods: ``auto`` (the default: a diagonal scan for first answers under full cover,
negotiated routing under free cover, small reroutes of the first answer for a second,
clause learning over links (full cover), exact path search and frontier counting for
proofs), ``mip`` (E. Kalvelagen's label model with link variables, HiGHS) and ``paths`` (set partitioning over enumerated paths, HiGHS).
"""
from __future__ import annotations

from ..base import CheckReport, Deadline, Family, Method, lazy
from . import codec, formats, text
from .check import check_solution
from .makers import MAKERS
from .model import Numberlink, model_to_json, parse_model


class NumberlinkFamily(Family):
    type = "numberlink"
    title = "Numberlink"
    rules = ("Join each pair of equal labels by a line of horizontal and vertical steps from cell to cell. "
             "Lines never cross, branch or share a cell. On a full-cover board every cell must be on a line; "
             "on a free-cover board cells may stay empty.")
    methods = (
        Method("auto", "a diagonal scan and an exact path search with forced moves "
               "(routing first when cells may stay empty)", run=lazy("pysolver.numberlink.auto", "solve_auto")),
        Method("mip", "E. Kalvelagen's mixed-integer model with link variables, solved by HiGHS, after the "
               "links the plain rules force (propagation and probing, no guessing) are fixed", needs_scipy=True,
               run=lazy("pysolver.numberlink.mip", "solve_mip")),
        Method("paths", "one path per pair chosen from enumerated paths (pruned as they are listed, through the "
               "links the plain rules force): a set-partitioning model solved by HiGHS; on open boards the "
               "paths are made lazily (column generation)", needs_scipy=True,
               run=lazy("pysolver.numberlink.pathset", "solve_paths")),
    )
    importers = formats.IMPORTERS
    importer_about = {
        "puzzlink": "puzz.link numlin and arukone URLs",
        "adc": "DA Symposium contest files, 2016-2018 (problems; an answer reads as its puzzle and solution)",
        "blocks": "'W H' blocks of labelled rows (a collection of several is a pack)",
        "flow": "flow_solver text",
        "pzpr": "pzprjs files (puzz.link's editor: pzprv3, numlin and arukone), with the lines drawn when they "
                "solve it",
    }
    makers = MAKERS
    exporters = formats.EXPORTERS

    def parse(self, data: dict) -> Numberlink:
        return parse_model(data)

    def to_json(self, puzzle: Numberlink) -> dict:
        return model_to_json(puzzle)

    def check(self, puzzle: Numberlink, solution: dict, partial: bool = False) -> CheckReport:
        return check_solution(puzzle, solution, partial)

    def same_solution(self, puzzle: Numberlink, a: dict, b: dict) -> bool:
        """Paths are the same answer whichever endpoint they are read from."""
        try:
            pa, pb = a["paths"], b["paths"]
            if set(pa) != set(pb):
                return False
            return all(pa[k] == pb[k] or pa[k] == pb[k][::-1] for k in pa)
        except (TypeError, KeyError, AttributeError):
            return False

    def progress_for_hint(self, puzzle: Numberlink, progress: dict) -> dict:
        from .hint import hint_progress
        return hint_progress(progress)

    def next_step(self, puzzle: Numberlink, progress: dict, deadline: Deadline) -> dict | None:
        from ..reference import lookup, share_of
        from .hint import next_step
        # (the solutions the hint's opening looked up, remembered: where nothing is
        # forced, the next step follows one the lines drawn agree with)
        ref = lookup(self, puzzle, share_of(deadline))
        return next_step(puzzle, progress, deadline, ref.solutions, ref.status == "unique")

    def clash(self, puzzle: Numberlink, deadline: Deadline) -> dict | None:
        # (the quick proofs of no answer say why in words: a pair walled apart, lines
        # that would cross, a row or column too narrow for the lines across it)
        from .obstruct import reason_where
        found = reason_where(puzzle)
        if found is None:
            return None
        why, cells = found
        return {"kind": "reason", "message": why, "lines": [], "cells": [list(puzzle.rc(c)) for c in cells]}

    def mistakes(self, puzzle: Numberlink, progress: dict, solution: dict, deadline: Deadline) -> list[dict]:
        from .hint import mistakes
        return mistakes(puzzle, progress, solution, deadline)

    def steps(self, puzzle: Numberlink, deadline: Deadline) -> list[dict]:
        """Replay: forced segments with their reasons, then the search's lines."""
        from .steps import steps
        return steps(puzzle, deadline, self)

    def grade(self, model, deadline):
        from .grade import grade
        return grade(model, deadline)

    def encode_compact(self, puzzle: Numberlink) -> str:
        return codec.encode(puzzle)

    def decode_compact(self, body: str, width: int, height: int) -> dict:
        return codec.decode(body, width, height)

    def render_text(self, puzzle: Numberlink, solution: dict) -> str:
        return text.render(puzzle, solution)


FAMILY = NumberlinkFamily()
