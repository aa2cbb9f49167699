"""Open full-cover Numberlink boards with few pairs (issue 27), made in code, and a
timing of ``--method mip`` / ``paths`` on them and on the corpus boards up to 15x15.

Solvable boards: a random Hamiltonian path of the grid (a serpentine shuffled by
"backbite" moves) cut into 2 to 5 pieces; each piece's two ends are a pair.  Boards
with no answer, each with its proof by construction:

* ``parity``: a solvable board with one endpoint moved to a free neighbour.  Colour the
  grid like a chessboard: a path whose ends have the same colour holds one more cell of
  that colour, else as many of each; so the ends' colours fix (black - white) over all
  cells, and moving one end to a neighbour changes it by one: full cover is impossible;
* ``cross``: two pairs whose ends sit on the border in the order a b a b (the lines
  would have to cross).

    python bench/nl_fewpairs.py --methods mip paths [--corpus ../shared/corpus/numberlink] [--random 64] [--timeout 30]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pysolver.base import Deadline, GaveUp, SolveTimeout  # noqa: E402
from pysolver.numberlink import FAMILY  # noqa: E402


def hamiltonian_path(w: int, h: int, rng: random.Random, moves: int) -> list[tuple[int, int]]:
    """A random Hamiltonian path of the w x h grid: a serpentine, then ``moves`` backbite
    moves (join an end to one of its grid neighbours and reverse the loop so made)."""
    path = [(r, c if r % 2 == 0 else w - 1 - c) for r in range(h) for c in range(w)]
    for _ in range(moves):
        if rng.random() < 0.5:
            path.reverse()
        r, c = path[-1]
        nb = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
              if 0 <= r + dr < h and 0 <= c + dc < w]
        q = rng.choice(nb)
        i = path.index(q)
        if i == len(path) - 2:
            continue
        path[i + 1:] = path[i + 1:][::-1]
    return path


def solvable(side: int, pairs: int, seed: int) -> dict:
    rng = random.Random(f"few pairs {side} {pairs} {seed}")
    path = hamiltonian_path(side, side, rng, 20 * side * side)
    cuts = sorted(rng.sample(range(2, side * side - 1), pairs - 1))
    pieces, last = [], 0
    for cut in cuts + [side * side]:
        pieces.append(path[last:cut])
        last = cut
    if any(len(p) < 2 for p in pieces):
        return solvable(side, pairs, seed + 1000)
    ends = []
    for k, piece in enumerate(pieces):
        label = "abcdefgh"[k]
        ends += [[*piece[0], label], [*piece[-1], label]]
    return {"type": "numberlink", "width": side, "height": side, "cover": "full", "endpoints": ends}


def parity_broken(board: dict, seed: int) -> dict:
    """One endpoint moved to a free neighbour: no answer (see the module docstring)."""
    rng = random.Random(f"parity {seed}")
    side = board["width"]
    taken = {(r, c) for r, c, _ in board["endpoints"]}
    ends = [list(e) for e in board["endpoints"]]
    for i in rng.sample(range(len(ends)), len(ends)):
        r, c, _ = ends[i]
        free = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < side and 0 <= c + dc < side and (r + dr, c + dc) not in taken]
        if free:
            ends[i][:2] = rng.choice(free)
            return {**board, "endpoints": ends}
    raise ValueError("no endpoint can move")


def crossing(side: int, pairs: int, seed: int) -> dict:
    """Pairs a and b on the border in the order a b a b (more pairs anywhere else)."""
    rng = random.Random(f"cross {side} {seed}")
    border = [(0, c) for c in range(side)] + [(r, side - 1) for r in range(1, side)] + \
        [(side - 1, c) for c in range(side - 2, -1, -1)] + [(r, 0) for r in range(side - 2, 0, -1)]
    picks = sorted(rng.sample(range(len(border)), 4))
    ends = [[*border[i], "ab"[j % 2]] for j, i in enumerate(picks)]
    taken = {tuple(border[i]) for i in picks}
    for k in range(2, pairs):
        for _ in range(2):
            while True:
                cell = (rng.randrange(side), rng.randrange(side))
                if cell not in taken:
                    taken.add(cell)
                    ends.append([*cell, "abcdefgh"[k]])
                    break
    return {"type": "numberlink", "width": side, "height": side, "cover": "full", "endpoints": ends}


def few_pair_boards() -> list[tuple[str, dict, bool]]:
    """(name, board, solvable) for the set: 14 with answers, 6 without."""
    out = []
    sizes = [(8, 2), (8, 3), (9, 3), (10, 2), (10, 4), (11, 3), (12, 3), (12, 5),
             (13, 2), (13, 4), (14, 3), (15, 2), (15, 3), (15, 5)]
    for i, (side, pairs) in enumerate(sizes):
        out.append((f"open {side}x{side} {pairs} pairs #{i}", solvable(side, pairs, i), True))
    for i, (side, pairs) in enumerate([(8, 3), (11, 2), (15, 3)]):
        out.append((f"parity {side}x{side} {pairs} pairs #{i}", parity_broken(solvable(side, pairs, 50 + i), i), False))
    for i, (side, pairs) in enumerate([(9, 2), (12, 3), (15, 3)]):
        out.append((f"cross {side}x{side} {pairs} pairs #{i}", crossing(side, pairs, i), False))
    return out


def random_boards(n: int, first_seed: int = 500) -> list[tuple[str, dict, bool]]:
    """``n`` more solvable boards: 8x8 to 15x15 and 2 to 5 pairs in turn."""
    return [(f"random {8 + i % 8}x{8 + i % 8} {2 + i % 4} pairs seed {first_seed + i}",
             solvable(8 + i % 8, 2 + i % 4, first_seed + i), True) for i in range(n)]


def corpus_boards(folder: str, max_side: int = 15) -> list[tuple[str, dict, bool | None]]:
    out = []
    for path in sorted(Path(folder).glob("*.json")):
        data = json.loads(path.read_text())
        if data.get("type") == "numberlink" and max(data["width"], data["height"]) <= max_side:
            out.append((path.name, data, None))
    return out


def run(name: str, board: dict, method: str, timeout: float) -> tuple[str, float]:
    model = FAMILY.parse(board)
    t0 = time.perf_counter()
    try:
        out = FAMILY.solve(model, method, Deadline(timeout), limit=1)
    except SolveTimeout:
        return "timeout", time.perf_counter() - t0
    except GaveUp as e:
        return f"gave up: {e}", time.perf_counter() - t0
    dt = time.perf_counter() - t0
    if out.solutions:
        assert FAMILY.check(model, out.solutions[0]).solved, name
        return "solved", dt
    return ("no solution" if out.complete else "unknown"), dt


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--methods", nargs="+", default=["mip", "paths"])
    ap.add_argument("--corpus", default=None)
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--random", type=int, default=0, help="also this many random solvable boards")
    ap.add_argument("--only", default=None, help="run only boards whose name holds this")
    ap.add_argument("--dump", default=None, help="write the few-pair boards to this folder and stop")
    args = ap.parse_args()
    boards = few_pair_boards()
    if args.dump:
        Path(args.dump).mkdir(parents=True, exist_ok=True)
        for i, (name, board, _) in enumerate(boards):
            Path(args.dump, f"few{i:02d}.json").write_text(json.dumps({**board, "title": name}))
        return
    boards += random_boards(args.random)
    if args.corpus:
        boards += corpus_boards(args.corpus)
    if args.only:
        boards = [b for b in boards if args.only in b[0]]
    for method in args.methods:
        times, bad = [], 0
        for name, board, ok in boards:
            verdict, dt = run(name, board, method, args.timeout)
            good = verdict == "solved" if ok else verdict == "no solution" if ok is False else \
                verdict in ("solved", "no solution")
            bad += not good
            times.append(dt)
            print(f"{method:6} {name:42} {verdict[:60]:30} {dt:7.2f} s", flush=True)
        print(f"{method}: settled {len(boards) - bad}/{len(boards)}, median {statistics.median(times):.2f} s, "
              f"slowest {max(times):.2f} s", flush=True)


if __name__ == "__main__":
    main()
