"""The ``auto`` method of Numberlink: a strategy over the engines.

``solve_auto`` finds first answers under full cover with the much faster diagonal scan
of ``scan.py``, taking turns with short runs of the plain path search (``search.py``)
for boards whose answers touch themselves; under free cover it routes first
(``route.py``).  For a second answer it first tries small reroutes of the first
(``nearby.py``); proofs (no answer, no second answer) are left to the plain search,
to clause learning (``cdcl.py``) and, on narrow boards, to counting (``count.py``).
"""
from __future__ import annotations

from ..base import Cancelled, Deadline, Outcome, SolveTimeout
from .model import Numberlink, make_model
from .nearby import nearby_answer
from .scan import Scan
from .search import Search, _Budget

#: scan decisions per turn (up to about 0.1 s in CPython on a 50x50 board)
SCAN_SLICE = 200


class _Obstructed(Exception):
    """The board fails a necessary condition of ``obstruct.py`` (the message says which)."""


def _obstruct(model: Numberlink) -> None:
    """Raise _Obstructed when a cheap test proves that the board has no answer."""
    from .obstruct import reason
    why = reason(model)
    if why is not None:
        raise _Obstructed(why)


class OutOfWork(Exception):
    """``solve_auto`` spent its ``work`` budget (decisions) before settling the answer.

    The generator sets that budget instead of a time limit per try, so that which
    boards it keeps does not depend on how fast the machine is."""


def _spent(stats: dict, runs=()) -> int:
    """Decisions so far: search nodes, and scan decisions (``runs``: scans still going)."""
    return stats.get("nodes", 0) + stats.get("scan_nodes", 0) + sum(scan.nodes for scan, _, _ in runs)


def _within(work: int | None, stats: dict, runs=()) -> None:
    if work is not None and _spent(stats, runs) > work:
        raise OutOfWork()


def _left(work: int | None, stats: dict) -> int | None:
    """The node limit for a search that may use the rest of ``work``."""
    return None if work is None else max(0, work - _spent(stats))


def _add_stats(stats: dict, search: Search) -> None:
    for key, value in search.stats.items():
        stats[key] = stats.get(key, 0) + value


#: where the scans start, as (flip rows, flip columns) of the board: opposite corners
CORNERS = ((False, False), (True, True))


def _flipped(model: Numberlink, rows: bool, cols: bool) -> Numberlink:
    """The board turned over top to bottom and/or left to right (a scan of it starts
    from another corner of the original)."""
    W, H = model.width, model.height
    return make_model(W, H, [(H - 1 - r if rows else r, W - 1 - c if cols else c, lab)
                             for r, c, lab in model.endpoints], model.cover)


def _unflipped(solution: dict, model: Numberlink, rows: bool, cols: bool) -> dict:
    """A solution of ``_flipped(model, rows, cols)`` as a solution of ``model``."""
    W, H = model.width, model.height
    return {"paths": {lab: [[H - 1 - r if rows else r, W - 1 - c if cols else c] for r, c in path]
                      for lab, path in solution["paths"].items()}}


def _key(solution: dict):
    """A solution as a value that is the same whichever end its paths are read from."""
    return frozenset((lab, tuple(map(tuple, min(p, p[::-1])))) for lab, p in solution["paths"].items())


def _scans(model: Numberlink, deadline: Deadline, beside_ends: bool, budget: int) -> list:
    """One scan per starting corner: (scan, its stream of answers, the corner)."""
    runs = []
    for corner in CORNERS:
        scan = Scan(_flipped(model, *corner), deadline, node_limit=budget, beside_ends=beside_ends)
        runs.append((scan, scan.solutions(), corner))
    return runs


def _first_full(model: Numberlink, deadline: Deadline, limit: int, stats: dict,
                work: int | None = None):
    """Full cover: up to ``limit`` answers (fewer, none even, when the scans ran out of
    choices: then there is no further answer without self-touch).

    Two scans (answers without self-touch), one from the top-left corner and one from
    the bottom-right, and short runs of the plain path search (any answer) take turns
    with growing budgets: the scan is fast on designed boards, the path search where
    every answer touches itself.  A scan's running time depends a lot on the corner it
    starts from (on the 50x50 boards of the corpus up to ten times between corners, and
    no corner is best on all of them); from opposite corners the two scans settle
    different parts of the board first, which measured better there than the two top
    corners or all four.  When the scans run out without an answer they start again
    under the weaker rule that lets a path pass beside its own endpoint (our generated
    boards have such answers).  Once one answer is known, the scans get one more slice
    each to find a second; the caller's proofs decide the rest.  Past ``work``
    decisions in all (scans and searches) it raises OutOfWork."""
    runs = _scans(model, deadline, False, SCAN_SLICE)
    found: list[dict] = []
    seen = set()
    exhausted = False
    slice_, budget, seed = SCAN_SLICE, 100, 0
    stats["scan_nodes"] = 0
    try:
        while True:
            _within(work, stats, runs)
            for scan, stream, corner in runs:
                while len(found) < limit:
                    sol = next(stream, False)
                    if sol is None:
                        break
                    if sol is False:
                        # Every scan lists every answer under its rule, and all this
                        # one listed is in ``found``.
                        exhausted = True
                        break
                    sol = _unflipped(sol, model, *corner)
                    if _key(sol) not in seen:
                        seen.add(_key(sol))
                        found.append(sol)
                    scan.node_limit = scan.nodes + SCAN_SLICE
                if exhausted or len(found) >= limit:
                    break
            if len(found) >= limit:
                return found
            if exhausted:
                if found or runs[0][0].beside_ends:
                    return found
                # No answer keeps every path clear of itself: let paths pass their endpoints.
                stats["scan_nodes"] += sum(scan.nodes for scan, _, _ in runs)
                runs = _scans(model, deadline, True, slice_)
                exhausted = False
                continue
            if found:
                return found
            if seed == 0:
                _obstruct(model)
            quick = Search(model, False, deadline, node_limit=budget, seed=seed or None)
            try:
                # An empty list here means there is no answer at all: the caller's
                # clause learning repeats that proof at little cost.
                return quick.run(1)
            except _Budget:
                stats["restarts"] = stats.get("restarts", 0) + 1
            finally:
                _add_stats(stats, quick)
            slice_, budget, seed = slice_ * 2, budget * 2, seed + 1
            for scan, _, _ in runs:
                scan.node_limit = scan.nodes + slice_
    except SolveTimeout:
        if not found:
            raise
        return found
    finally:
        stats["scan_nodes"] += sum(scan.nodes for scan, _, _ in runs)


def solve_auto(model: Numberlink, deadline: Deadline, limit: int, work: int | None = None,
               frontiers: int | None = None):
    """First solutions without self-touch (the diagonal scan under full cover; under
    free cover negotiated routing, else the pruned path search), then the plain rules
    where they matter: when that finds nothing under full cover (a self-touching answer
    may still exist) and for proving that there is no further solution.

    ``work`` caps the decisions (scan decisions and search nodes) spent in all; past it
    OutOfWork is raised.  ``frontiers`` caps the frontiers per cell of the count
    (default COUNT_MAX_STATES).  Everything but the deadline is counted in decisions or
    frontiers, so with a ``work`` budget the result does not depend on the machine's
    speed unless the deadline strikes (then the Outcome is incomplete, or SolveTimeout
    is raised when nothing was found)."""
    stats: dict = {"nodes": 0}
    # A board that fails a cheap necessary condition needs no search (on an open
    # free-cover board the search could not finish ruling out every way round).  Under
    # full cover the scan answers most boards in less time than the test takes, so
    # there it waits until the first slices of the scans found nothing.
    try:
        if model.cover == "free":
            _obstruct(model)
        else:
            found = _first_full(model, deadline, limit, stats, work)
    except _Obstructed as why:
        return Outcome([], True, stats, note=f"no solution: {why}")
    if model.cover == "full":
        if len(found) >= limit:
            return Outcome(found, True, stats)
        if found and deadline.expired():
            return Outcome(found, False, stats, note="no second solution found before the time limit")
        if not found:
            # No answer keeps clear of itself (the scans ran out) or none at all:
            # clause learning finds the touching ones or proves there are none, where
            # the path search walks every detour (a 15x15 board of 25 long lines
            # joined by thin.py: 0.03 s, against more than 120 s).
            return _prove_full(model, found, deadline, limit, stats, work)
    else:
        # Negotiated routing answers roomy boards (the contest kind) at once; it is
        # incomplete, so when it does not converge the exact path search decides.
        found = _first_free(model, deadline, stats, work)
        if found and limit <= 1:
            return Outcome(found, True, stats)
        # Under free cover cutting a self-touch short gives another valid answer, so
        # when the pruned search finds nothing there is nothing to find.
        if not found:
            return Outcome([], True, stats)
    if found:
        # Most second answers of designed boards change a path in a small patch.
        try:
            other = nearby_answer(model, found[0], deadline, NEARBY_LINKS)
        except Cancelled:
            raise
        except SolveTimeout:
            return Outcome(found, False, stats, note="no second solution found before the time limit")
        if other is not None:
            stats["nearby"] = 1
            return Outcome(found + [other], True, stats)
    _within(work, stats)
    # The proof: a short plain search first (it settles most boards at once); under
    # full cover then clause learning; else counting over a frontier, which does not
    # care how much paths wiggle but needs a narrow board, then the plain search
    # without a budget.
    full = model.cover == "full"            # (with an answer found: see above)
    quick = Search(model, False, deadline, node_limit=PROOF_NODES_FULL if full else PROOF_NODES)
    try:
        sols = quick.run(limit)
        _add_stats(stats, quick)
        return Outcome(sols, True, stats)
    except _Budget:
        _add_stats(stats, quick)
    if full:
        return _prove_full(model, found, deadline, limit, stats, work)
    if found and min(model.width, model.height) <= COUNT_MAX_SIDE:
        from .count import count_solutions
        try:
            n = count_solutions(model, deadline, cap=2, max_states=frontiers or COUNT_MAX_STATES,
                                stats=stats)
        except Cancelled:
            raise
        except SolveTimeout:
            return Outcome(found, False, stats, note="no second solution found before the time limit")
        stats["counted"] = "unknown" if n is None else n
        if n == 1:
            return Outcome(found, True, stats)
        if n is not None and n >= 2 and len(found) < 2:
            return Outcome(found, True, stats, more=True,
                           note="counting shows a second solution; it is not drawn")
    plain = Search(model, False, deadline, node_limit=_left(work, stats))
    try:
        sols = plain.run(limit)
    except _Budget:
        _add_stats(stats, plain)
        raise OutOfWork() from None
    except Cancelled:
        raise
    except SolveTimeout:
        _add_stats(stats, plain)
        if found:
            return Outcome(found, False, stats, note="no second solution found before the time limit")
        raise
    _add_stats(stats, plain)
    return Outcome(sols, True, stats)


def _prove_full(model: Numberlink, found: list[dict], deadline: Deadline, limit: int, stats: dict,
                work: int | None) -> Outcome:
    """Full cover, one answer known: another one, or the proof that there is none, by
    clause learning over links with a no-good on the first (``cdcl.py``); none known:
    up to ``limit`` answers, or the proof that there is none.  Unlike the
    path search it does not walk every self-touching detour: on 64 boards up to 15x15
    (made from the maker's random paths, 10 to 38 pairs) it settled each within 0.6 s
    in CPython, where the path search and counting ran past 60 s on Flow levels."""
    from .cdcl import NumberlinkCDCL, OutOfDecisions
    engine = NumberlinkCDCL(model, deadline, avoid=found[0] if found else None, budget=_left(work, stats))
    try:
        out = engine.solve(1 if found else max(limit, 1))
    except OutOfDecisions:
        raise OutOfWork() from None
    except Cancelled:
        raise
    except SolveTimeout:
        out = None
    finally:
        for key in ("nodes", "conflicts"):
            stats[key] = stats.get(key, 0) + engine.stats[key]
    if out is None:
        if not found:
            raise SolveTimeout("out of time")
        return Outcome(found, False, stats, note="no second solution found before the time limit")
    stats["t_cdcl"] = out.stats["t_search"]
    return Outcome((found + out.solutions)[:max(limit, 1)], True, stats)


#: longest alternating trail (in links) tried for a second answer near the first
NEARBY_LINKS = 12
#: node budget of the first, short plain search of a uniqueness proof (under full
#: cover clause learning takes over sooner)
PROOF_NODES = 2000
PROOF_NODES_FULL = 300
#: counting runs on boards with a side up to this, and gives up past this many frontiers
COUNT_MAX_SIDE = 18
COUNT_MAX_STATES = 300_000


def _first_free(model: Numberlink, deadline: Deadline, stats: dict, work: int | None = None) -> list[dict]:
    """Free cover: one answer (or none: there is none); OutOfWork past ``work`` nodes.

    Negotiated routing first; when it stalls, runs of the pruned path search (no
    self-touch) with shuffled ties and growing node budgets take turns with routing
    from other seeds (ROUTE_TRIES in all), then one unbounded (exhaustive) search.  The
    search is heavy-tailed and wins on small or tight boards, routing on big crowded
    ones (50x50 contest boards with 300 pairs, where the search never ends)."""
    from .route import route_free
    if len(model.ends) <= PROBE_FIRST_PAIRS:
        # A few pairs: most such boards route within a few dozen rounds; when not,
        # probing at the root costs little (about 4 probes a pair, 10-40 ms), and on
        # a board with a local knot it says "no" at once, where routing would spend
        # hundreds of rounds (3 s on a 24x16 board) before it gives up.
        routed = route_free(model, deadline, max_rounds=QUICK_ROUNDS, stats=stats)
        if routed is not None:
            return [routed]
        probe = Search(model, True, deadline, node_limit=0, probe=True)
        try:
            return probe.run(1)             # no answer, or one the probes completed
        except _Budget:
            pass
        finally:
            _add_stats(stats, probe)
    routed = route_free(model, deadline, stats=stats)
    if routed is not None:
        return [routed]
    budget, seed = 300, 0
    stats["restarts"] = 0
    while True:
        _within(work, stats)
        last = budget > 20_000 and seed + 1 >= ROUTE_TRIES
        limit = _left(work, stats) if last else _budget_within(budget, work, stats)
        quick = Search(model, True, deadline, node_limit=limit, seed=None if last else seed or None,
                       probe=True, probe_topology=True)
        try:
            found = quick.run(1)
            stats["nodes_notouch"] = stats["nodes"] + quick.stats["nodes"]
            return found
        except _Budget:
            if last:
                raise OutOfWork() from None
            stats["restarts"] += 1
        finally:
            _add_stats(stats, quick)
        budget, seed = budget * 2, seed + 1
        if seed < ROUTE_TRIES:
            routed = route_free(model, deadline, seed=seed, stats=stats)
            if routed is not None:
                stats["route_tries"] = seed + 1
                return [routed]


#: on boards of up to PROBE_FIRST_PAIRS pairs, routing for QUICK_ROUNDS rounds, then
#: probing, then routing again with the usual patience
PROBE_FIRST_PAIRS = 40
QUICK_ROUNDS = 50
#: negotiated routings tried under free cover (each from its own seed) before the
#: path search is left to run to the end
ROUTE_TRIES = 3


def _budget_within(budget: int, work: int | None, stats: dict) -> int:
    """A search's node budget, no more than what is left of ``work``."""
    left = _left(work, stats)
    return budget if left is None else min(budget, left + 1)
