"""The Hungry Cat maker as the CLI, the worker and the app offer it: a random picture of
smooth blobs (:func:`.maker.random_picture`) whose clues have exactly one solution, of
a requested grade (:mod:`.grade`; below grade 5 the grading proves it unique, at 5 the
solver does), the same puzzle again for the same number."""
from __future__ import annotations

import random

from ..base import Deadline, Maker, Param
from ..grade import WORDS

MIN_SIDE, MAX_SIDE = 4, 30


def make_random(width: int, height: int, colours: int, level: int, seed: int, deadline: Deadline) -> dict:
    from .grade import grade
    from .maker import COLOURS, from_picture, is_unique, random_picture
    from .model import parse
    rng = random.Random(f"hungrycat {width}x{height} {colours} {level} {seed}")
    tries = 0
    while True:
        deadline.check()
        tries += 1
        # fewer, larger blobs for the easy grades; more and rougher ones for the hard
        blobs = max(colours + 1, width * height // rng.choice((30, 18, 12, 8)))
        picture, palette = random_picture(width, height, min(colours, len(COLOURS)), rng.randrange(1 << 30),
                                          blobs=blobs, smooth=rng.choice((0, 1, 2)))
        if len(palette) < min(2, colours):
            continue
        puzzle = from_picture(picture, palette)
        g = grade(parse(puzzle), deadline)
        if g.level != level or (level == 5 and not is_unique(puzzle, deadline)):
            continue
        puzzle.update(title=f"Hungry Cat {width}×{height}, {g.words} #{seed}", author="Picture Logic",
                      license="CC0-1.0", grade=g.level)
        return {"puzzle": puzzle, "stats": {"tries": tries, "grade": g.to_json()}}


def _random(values: dict, deadline: Deadline) -> dict:
    return make_random(values["width"], values["height"], values["colours"], values["grade"], values["seed"],
                       deadline)


MAKERS = {
    "random": Maker(
        "random", "Make a random Hungry Cat puzzle",
        "A random picture of blobs whose clues have exactly one solution, of the grade you ask for. "
        "The same number makes the same puzzle.",
        (Param("width", "int", "Width", MIN_SIDE, MAX_SIDE, 12),
         Param("height", "int", "Height", MIN_SIDE, MAX_SIDE, 12),
         Param("colours", "int", "Colours", 2, 8, 3),
         Param("grade", "int", "Grade", 1, len(WORDS), 1),
         Param("seed", "seed", "Number", 0, 999_999_999)),
        _random, timeout=60),
}
