"""What the solvers that call HiGHS (through SciPy's ``milp`` and ``linprog``) share:
the time limit a ``Deadline`` gives it, and the error for a run that ended without an
answer.  No SciPy import here: the callers import it when they need it."""
from __future__ import annotations

from .base import Deadline, GaveUp, SolveTimeout


def highs_options(deadline: Deadline, *, floor: float | None = None, **options) -> dict:
    """``options`` plus ``time_limit``: the seconds ``deadline`` has left (none without a
    limit).  When no time is left SolveTimeout is raised before HiGHS starts; with
    ``floor`` HiGHS gets at least ``floor`` seconds instead (the paper's LP relaxation
    does that, and decides by HiGHS's status and its own deadline checks afterwards)."""
    left = deadline.remaining()
    if left is not None:
        if floor is not None:
            left = max(left, floor)
        elif left <= 0:
            raise SolveTimeout("time limit reached")
        options["time_limit"] = left
    return options


def highs_stopped(res, what: str = "HiGHS stopped") -> Exception:
    """The error to raise for a HiGHS result without an answer: SolveTimeout at its
    time limit (status 1), else GaveUp with ``what`` and HiGHS's message."""
    if res.status == 1:
        return SolveTimeout("time limit reached in HiGHS")
    return GaveUp(f"{what}: {res.message}")
