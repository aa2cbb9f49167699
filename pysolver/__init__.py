"""pysolver: solvers for picture logic puzzles (Link-a-Pix, Numberlink, nonograms,
Hungry Cat Picross), usable as a library, a command-line tool and, through Pyodide,
inside the browser app.

Library use::

    import pysolver
    result = pysolver.solve(puzzle_dict_or_json_or_link, method="auto", timeout=10, unique=True)
    result["status"], result["solution"], result["unique"]
"""
__version__ = "0.1.0"

from .api import check, hint, solve  # noqa: E402,F401
from .base import PuzzleError  # noqa: E402,F401
from .format import parse_puzzle
from .load import load_any, load_path  # noqa: E402,F401
from . import make  # noqa: E402,F401  (pysolver.make.daily, .make, .grade)
