"""The Link-a-Pix makers as the app and the worker offer them: from a picture's pixels
(the page scales the image to the puzzle's size first) and from a picture drawn cell
by cell (the drawing maker).  Both cut the picture into links until it is the only
picture of its clues (:mod:`.maker`)."""
from __future__ import annotations

from ..base import SEED, Deadline, Drawing, Maker, Param, PuzzleError
from ..grade import WORDS, grade_param

#: the hardest grade the random maker makes (see :func:`.graded.allowed_grades`)
MAX_GRADE = 5
#: the largest side of a puzzle made from a picture: bigger ones take minutes
MAX_PICTURE_SIDE = 128


def _pixels(values: dict):
    from .pictures import pixels_of
    image = values["image"]
    return pixels_of(image["rgba"], image["source_width"], image["source_height"])


def _from_picture(values: dict, deadline: Deadline) -> dict:
    from .maker import make_from_rgba
    # (scaled to the cells across asked for, the aspect kept: the page sends a picture
    # already that wide, the command line the PNG as it is)
    puzzle, stats = make_from_rgba(_pixels(values), values["width"], MAX_PICTURE_SIDE,
                                   values["colours"], values["background"],
                                   seed=values["seed"], deadline=deadline, title=values.get("title"))
    return {"puzzle": puzzle, "stats": stats}


def _snap(values: dict) -> tuple[dict, list[str]]:
    # (the picture make_from_rgba starts from, with the same arguments)
    from .pictures import picture_from_rgba
    return picture_from_rgba(_pixels(values), values["width"], MAX_PICTURE_SIDE, values["colours"],
                             values["background"], values["seed"])


def _from_drawing(values: dict, deadline: Deadline) -> dict:
    # A picture drawn cell by cell: its palette and rows of keys as they are, no
    # quantising; '.' cells stay blank.
    from .maker import make_puzzle
    puzzle, stats = make_puzzle(values["palette"], values["grid"], seed=values["seed"], deadline=deadline,
                                title=values.get("title"))
    return {"puzzle": puzzle, "stats": stats}


def _check_grade(values: dict) -> None:
    if values["grade"]:
        from .graded import check_grade
        check_grade(values["width"], values["height"], values["grade"])


def _random(values: dict, deadline: Deadline) -> dict:
    # A picture of smooth blobs on a blank background, cut into links until it is the
    # only picture of its clues; with a grade asked for, re-cut to it (:mod:`.graded`).
    w, h, k, seed, level = values["width"], values["height"], values["colours"], values["seed"], values["grade"]
    if level:
        from .graded import make_random
        return make_random(w, h, k, level, seed, deadline)
    from ..blobs import blob_grid_of_all
    from ..make import with_grade
    from .maker import make_puzzle

    grid = ["".join(row) for row in blob_grid_of_all(w, h, [".", *RANDOM_PALETTE[:k]], seed, spare=".")]
    palette = {key: colour for key, colour in zip(RANDOM_PALETTE, RANDOM_COLOURS) if any(key in row for row in grid)}
    if not palette:
        raise PuzzleError("the picture came out blank: try another number")
    puzzle, stats = make_puzzle(palette, grid, seed=seed, deadline=deadline, title=f"Link-a-Pix {w}×{h} #{seed}",
                                license="CC0-1.0", source=f"made at random, number {seed}")
    puzzle["author"] = "Picture Logic"
    return {"puzzle": with_grade(puzzle, deadline.remaining()), "stats": stats}


RANDOM_PALETTE = "abcdefgh"
RANDOM_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")

MAKERS = {
    "random": Maker(
        "random", "Make a random Link-a-Pix puzzle",
        "A random picture of blobs, cut into links until it is the only picture of its clues, of the "
        "grade you ask for (" + ", ".join(f"{i} {w}" for i, w in enumerate(WORDS[:MAX_GRADE], 1)) + "; medium "
        "and hard need 10 or more cells a side, fiendish 15 or more and takes seconds to tens of seconds; 0: as it comes, mostly tough). The same number "
        "makes the same puzzle.",
        (Param("width", "int", "Width", 5, 40, 15),
         Param("height", "int", "Height", 5, 40, 15),
         Param("colours", "int", "Colours", 1, len(RANDOM_PALETTE), 3),
         grade_param(MAX_GRADE, as_it_comes=True),
         SEED),
        # (fiendish ones take seconds to tens of seconds, up to about a minute in the
        # browser: 20x20, numbers 0-4, 6.9-54 s; Cancel ends a make at any time)
        _random, timeout=120, check=_check_grade),
    "picture": Maker(
        "picture", "Make a Link-a-Pix puzzle from a picture",
        "Choose an image: it is cut into links of many lengths, and the solver keeps cutting until the "
        "puzzle has exactly one picture. The image never leaves your device.",
        (Param("image", "image", "Picture"),
         Param("width", "int", "Cells across", 5, MAX_PICTURE_SIDE, 30),
         Param("colours", "int", "Colours", 1, 16, 6),
         Param("background", "choice", "Background", default="auto",
               choices=(("auto", "auto: a plain border colour stays blank"),
                        ("transparent", "transparent pixels stay blank"),
                        ("none", "fill every cell"))),
         SEED),
        _from_picture, timeout=180, snap=_snap),
    "drawing": Maker(
        "drawing", "Make a Link-a-Pix puzzle from a drawing",
        "The drawing maker's pictures: cut into links until the picture is unique.",
        (Param("palette", "palette", "Colours"), Param("grid", "grid", "Picture"), SEED),
        _from_drawing, timeout=120, form=False),
}

DRAWING = Drawing(min_side=2, max_side=100, min_colours=1, max_colours=8, maker="drawing")
