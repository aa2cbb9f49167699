"""The nonogram makers as the CLI, the worker and the app offer them: a random picture of
a requested grade (:func:`.maker.make_random`) and a picture made unique
(:func:`.maker.make_from_picture`)."""
from __future__ import annotations

from ..base import SEED, Deadline, Maker, Param
from ..grade import WORDS, grade_param
from .maker import (FIENDISH_COLOUR_MAX_SIDE, FIENDISH_COLOUR_SIDE, FIENDISH_SIDE, MAX_SIDE, MIN_SIDE, PALETTE,
                    check_grade)

#: the largest side of a nonogram made from a picture
MAX_PICTURE_SIDE = 60


def _random(values: dict, deadline: Deadline) -> dict:
    from .maker import make_random
    return make_random(values["width"], values["height"], values["colours"], values["grade"], values["seed"],
                       deadline)


def _from_picture(values: dict, deadline: Deadline) -> dict:
    from .maker import make_from_picture
    image = values["image"]
    return make_from_picture(image["rgba"], image["source_width"], image["source_height"], values["width"],
                             values["colours"], values["seed"], deadline, values.get("title"),
                             values["threshold"] or None)


def _snap(values: dict) -> tuple[dict, list[str]]:
    from .maker import snapped_picture
    image = values["image"]
    palette, rows = snapped_picture(image["rgba"], image["source_width"], image["source_height"], values["width"],
                                    values["colours"], values["seed"], values["threshold"] or None)
    # (black and white is drawn black, as the puzzle made is)
    return ({key: "#000000" for key in palette} if values["colours"] == 1 else palette), rows


MAKERS = {
    "random": Maker(
        "random", "Make a random nonogram",
        "A random picture of blobs whose clues have exactly one solution, of the grade you ask for (" +
        ", ".join(f"{i} {w}" for i, w in enumerate(WORDS, 1)) + "; fiendish ones take the longest and need "
        f"{FIENDISH_SIDE} cells a side or more, in colour {FIENDISH_COLOUR_SIDE} to {FIENDISH_COLOUR_MAX_SIDE}). "
        "The same number makes the same puzzle.",
        (Param("width", "int", "Width", MIN_SIDE, MAX_SIDE, 15),
         Param("height", "int", "Height", MIN_SIDE, MAX_SIDE, 15),
         Param("colours", "int", "Colours (1: black and white)", 1, len(PALETTE), 1),
         grade_param(default=2),
         SEED),
        # (a fiendish 40x40 takes up to a minute in a browser: see FIENDISH_COLOUR_MAX_SIDE)
        _random, timeout=120,
        check=lambda v: check_grade(v["width"], v["height"], v["colours"], v["grade"])),
    "picture": Maker(
        "picture", "Make a nonogram from a picture",
        "Choose an image: its colours are snapped to a small palette, and where its clues allow several "
        "solutions the fewest cells are changed until there is one. In black and white (one colour) the cells "
        "darker than the threshold are filled: a per cent of white, 0 to find one from the picture.",
        (Param("image", "image", "Picture"),
         Param("width", "int", "Cells across", MIN_SIDE, MAX_PICTURE_SIDE, 30),
         Param("colours", "int", "Colours (1: black and white)", 1, len(PALETTE), 1),
         Param("threshold", "int", "Threshold (0: automatic)", 0, 99, 0),
         SEED),
        _from_picture, timeout=60, snap=_snap),
}
