"""The Link-a-Pix makers as the app and the worker offer them: from a picture's pixels
(the page scales the image to the puzzle's size first) and from a picture drawn cell
by cell (the drawing maker).  Both cut the picture into links until it is the only
picture of its clues (:mod:`.maker`)."""
from __future__ import annotations

from ..base import Deadline, Drawing, Maker, Param, PuzzleError

#: the largest side of a puzzle made from a picture: bigger ones take minutes
MAX_PICTURE_SIDE = 128


def _from_picture(values: dict, deadline: Deadline) -> dict:
    import base64

    import numpy as np

    from .maker import make_from_rgba

    image = values["image"]
    w, h = image["source_width"], image["source_height"]
    if not (1 <= w <= values["width"] and 1 <= h <= MAX_PICTURE_SIDE):
        raise PuzzleError(f"picture: {w}x{h} pixels; the page scales a picture to at most "
                          f"{values['width']} cells across and {MAX_PICTURE_SIDE} down")
    try:
        pixels = np.frombuffer(base64.b64decode(image["rgba"], validate=True), dtype=np.uint8)
    except (ValueError, TypeError):
        raise PuzzleError("picture: the pixel data is corrupted") from None
    if pixels.size != w * h * 4:
        raise PuzzleError(f"picture: {pixels.size} bytes do not make a {w}x{h} RGBA image")
    puzzle, stats = make_from_rgba(pixels.reshape(h, w, 4), w, h, values["colours"], values["background"],
                                   seed=values["seed"], deadline=deadline, title=values.get("title"))
    return {"puzzle": puzzle, "stats": stats}


def _from_drawing(values: dict, deadline: Deadline) -> dict:
    # A picture drawn cell by cell: its palette and rows of keys as they are, no
    # quantising; '.' cells stay blank.
    from .maker import make_puzzle
    puzzle, stats = make_puzzle(values["palette"], values["grid"], seed=values["seed"], deadline=deadline,
                                title=values.get("title"))
    return {"puzzle": puzzle, "stats": stats}


SEED = Param("seed", "seed", "Number", 0, 999_999_999)

MAKERS = {
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
        _from_picture, timeout=180),
    "drawing": Maker(
        "drawing", "Make a Link-a-Pix puzzle from a drawing",
        "The drawing maker's pictures: cut into links until the picture is unique.",
        (Param("palette", "palette", "Colours"), Param("grid", "grid", "Picture"), SEED),
        _from_drawing, timeout=120, form=False),
}

DRAWING = Drawing(min_side=2, max_side=100, min_colours=1, max_colours=8, maker="drawing")
