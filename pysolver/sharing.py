"""Results shared by the solvers made during one job, such as one make.

A maker grades hundreds of pictures a cell or two apart: most of their lines, and the
states line logic takes them through, recur from one picture to the next, so a line
result worked out for one is good for the next.  Inside :func:`sharing`, solvers that
ask :func:`shared` for the same key get the same object; outside, each gets its own,
so nothing outlives a request.  The nonogram and Hungry Cat makers share clue ids and
line results this way.  Shared code: it names no family.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable

_SCOPES: list[dict] = []


@contextmanager
def sharing():
    """A scope whose solvers share what they ask :func:`shared` for."""
    _SCOPES.append({})
    try:
        yield
    finally:
        _SCOPES.pop()


def shared(key: Any, factory: Callable[[], Any]) -> Any:
    """The object kept under ``key`` in the innermost scope (made by ``factory`` on first
    use), or a fresh one from ``factory`` outside any scope."""
    if not _SCOPES:
        return factory()
    scope = _SCOPES[-1]
    if key not in scope:
        scope[key] = factory()
    return scope[key]
