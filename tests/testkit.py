"""What the unit tests share (tests/ is on sys.path when pytest runs them; named apart
from tests/e2e/helpers.py, since both folders are on it):
paths, the core fixtures, and running the CLI as a user would."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).parent / "fixtures"
FIX_CORE = FIXTURES / "core"
#: a small black-and-white nonogram with its unique solution
HEART = json.loads((FIX_CORE / "heart.json").read_text())


def cli(*args, stdin=None):
    """``python -m pysolver ARGS`` in a subprocess: (returncode, stdout, stderr)."""
    return subprocess.run([sys.executable, "-m", "pysolver", *map(str, args)], capture_output=True, text=True,
                          input=stdin, cwd=ROOT, timeout=120)


def runs_of(line) -> list[int]:
    """The block lengths of a line of booleans (a nonogram clue)."""
    out, n = [], 0
    for filled in list(line) + [False]:
        if filled:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def rings_nonogram(side: int = 512) -> dict:
    """A big black-and-white nonogram of our own, line-solvable with one solution:
    concentric rings 24 cells wide over a lattice of 64-cell squares."""
    mid = (side - 1) / 2
    pic = [[int(((r - mid) ** 2 + (c - mid) ** 2) ** 0.5) // 24 % 2 == 0 or (r // 64 + c // 64) % 5 == 0
            for c in range(side)] for r in range(side)]
    return {"type": "nonogram", "version": 1, "width": side, "height": side, "title": f"Rings {side}",
            "rows": [runs_of(row) for row in pic], "cols": [runs_of(col) for col in zip(*pic)]}
