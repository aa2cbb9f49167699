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
