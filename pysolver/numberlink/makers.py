"""The Numberlink maker as the app and the worker offer it: a random full-cover board
whose solution is unique (:mod:`.generate`), the same board again for the same number."""
from __future__ import annotations

from ..base import SEED, Deadline, Maker, Param
from ..grade import WORDS, grade_param
from .graded import CELLS, check_grade

#: bigger boards take longer to prove unique than a player would wait.  In CPython
#: (2026-11-25, clause learning carried from cut to cut), 30x30 boards took a median
#: of 1.2 s of CPU, 2.7 s at most, over numbers 0-99 (grading included; bench/
#: make_grades.py) and 20x20 at most 0.6 s; the browser takes about twice as long.  (Before: 20x20 0.3-39 s, 30x30 3-32 s, so 400 cells at most.)
MAX_GENERATED_SIDE = 30


def _random(values: dict, deadline: Deadline) -> dict:
    w, h, seed, level = values["width"], values["height"], values["seed"], values.get("grade") or 0
    pairs = values.get("pairs") or None
    if level:
        from .graded import make_graded
        puzzle, stats = make_graded(w, h, seed, level, deadline, pairs)
        made = len(puzzle["endpoints"]) // 2
        if pairs and made != pairs:
            # (said with the result: the form's pairs were asked for, and not given)
            stats = dict(stats, note=f"{made} pairs, not {pairs}: with a grade, the grade comes first")
        title, extra = f"Numberlink {w}×{h}, {WORDS[level - 1]} #{seed}", {"stats": stats}
    else:
        from .generate import generate, generate_pairs
        puzzle = generate_pairs(w, h, seed, pairs, deadline) if pairs else generate(w, h, seed, "full", deadline)
        title, extra = f"Numberlink {w}×{h} #{seed}", {}
    return {"puzzle": {"title": title, "author": "Picture Logic", "license": "CC0-1.0", **puzzle}, **extra}


def _screenshot(values: dict, deadline: Deadline) -> dict:
    from .screenshot import read_base64, read_rgba
    image = values["image"]
    pixels = read_base64(image["rgba"], image["source_width"], image["source_height"])
    puzzle, stats = read_rgba(pixels)
    if values.get("title"):
        puzzle["title"] = values["title"]
    return {"puzzle": puzzle, "stats": stats}


MAKERS = {
    "random": Maker(
        "random", "Make a Numberlink puzzle",
        "A random board where every cell is on a line, with exactly one solution (the solver proves it), "
        f"of the grade you ask for (0: as it comes). The same number makes the same board again. "
        f"Sides from 2 to {MAX_GENERATED_SIDE}; a 30×30 board takes a few seconds. The harder grades need "
        "bigger boards: " +
        ", ".join(f"{WORDS[g - 1]} from {lo} cells" for g, (lo, hi) in CELLS.items() if lo > 4) +
        ". Pairs: 0 leaves them to the maker; a number asks for exactly that many, from one pair per 6 cells "
        "to one per 3; fewer sometimes work (down to about one per 10 cells on a 10×10 board), else the "
        "maker says so after a few seconds. With a grade, the grade comes first.",
        (Param("width", "int", "Width", 2, MAX_GENERATED_SIDE, 12),
         Param("height", "int", "Height", 2, MAX_GENERATED_SIDE, 12),
         grade_param(as_it_comes=True),
         SEED,
         Param("pairs", "int", "Pairs (0: as the board comes out, about one per 7 cells)", 0, 200, 0)),
        _random, timeout=60,
        check=lambda v: v["grade"] and check_grade(v["width"], v["height"], v["grade"])),
    # (no form of its own: the editor opens a screenshot and shows the board it reads
    # for the player to confirm, since a picture can mislead the reader)
    "screenshot": Maker(
        "screenshot", "Read a Flow screenshot",
        "A screenshot of a Flow-style level (coloured dots on a grid): the grid's size and the dots "
        "are read from the picture, and each pair of dots of one colour becomes a pair of end points.",
        (Param("image", "image", "Screenshot"),), _screenshot, timeout=30, form=False),
}
