"""Make free-cover Numberlink hard sets (our own boards, CC0) for issue 21.

Kinds (each board a function of its kind, size and seed alone):

* ``walk`` -- 15x15 to 40x40, 15 to 30 pairs: random self-avoiding walks with a liking
  for going straight (long winding paths, as in open Nikoli-style boards); their ends
  are the endpoints, so the board is solvable by construction.
* ``swap`` -- a ``walk`` board with the partners of two pairs exchanged (A joins B's far
  end and B A's): often still solvable on an open board, sometimes not.
* ``cross`` -- a ``walk`` board where two pairs get all four endpoints on the border in
  crossing order (a1, b1, a2, b2 going round): never solvable.
* ``walled`` -- a ``walk`` board where one endpoint is boxed in by endpoints of other
  pairs (and the border): never solvable.
* ``cut`` -- a narrow board (3 to 5 rows, 20 to 40 columns) where more pairs must cross
  a column than it has free cells: never solvable.
* ``dense`` -- 50x50 with about 300-320 short paths packed tightly (the DA Symposium
  contest style): solvable by construction.

    python bench/make_freecover.py OUTDIR [--per-kind N]
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pysolver.numberlink.board import label  # noqa: E402


def _nbrs(p: int, W: int, H: int):
    r, c = divmod(p, W)
    out = []
    if r:
        out.append(p - W)
    if r < H - 1:
        out.append(p + W)
    if c:
        out.append(p - 1)
    if c < W - 1:
        out.append(p + 1)
    return out


def walks(W: int, H: int, pairs: int, rng: random.Random, longest: int, straight: float = 0.7,
          tries: int = 20000) -> list[list[int]]:
    """Up to ``pairs`` disjoint self-avoiding walks of 2 to ``longest`` cells (a walk
    never runs beside itself, so its ends are its only answer's natural shape)."""
    owner = [-1] * (W * H)
    paths: list[list[int]] = []
    for _ in range(tries):
        if len(paths) >= pairs:
            break
        start = rng.randrange(W * H)
        if owner[start] < 0:
            path = _walk(start, len(paths), owner, W, H, rng, rng.randint(2, longest), straight)
            if len(path) >= 2:
                paths.append(path)
    return paths


def _walk(start: int, k: int, owner: list[int], W: int, H: int, rng: random.Random, goal: int,
          straight: float) -> list[int]:
    """One walk of pair ``k`` from ``start`` (claimed in ``owner``; a walk of one cell is
    given back), keeping on ahead with probability ``straight``."""
    def fresh(q: int, tip: int) -> bool:     # free, and not beside the walk but at its tip
        return owner[q] < 0 and not any(owner[m] == k and m != tip for m in _nbrs(q, W, H))

    path, heading = [start], 0
    owner[start] = k
    while len(path) < goal:
        tip = path[-1]
        ways = [q for q in _nbrs(tip, W, H) if fresh(q, tip)]
        if not ways:
            break
        q = tip + heading if heading and tip + heading in ways and rng.random() < straight else rng.choice(ways)
        heading = q - tip
        owner[q] = k
        path.append(q)
    if len(path) == 1:
        owner[start] = -1
    return path
    return paths


def board(W: int, H: int, ends: list[tuple[int, int]], title: str) -> dict:
    endpoints = []
    for i, (a, b) in enumerate(ends):
        for p in (a, b):
            endpoints.append([p // W, p % W, label(i)])
    return {"type": "numberlink", "title": title, "author": "pysolver bench/make_freecover.py",
            "license": "CC0-1.0", "width": W, "height": H, "cover": "free", "endpoints": endpoints}


def walk_board(seed: int):
    rng = random.Random(f"walk {seed}")
    W, H = rng.randint(15, 40), rng.randint(15, 40)
    pairs = rng.randint(15, 30)
    paths = walks(W, H, pairs, rng, longest=W + H)
    return W, H, [(p[0], p[-1]) for p in paths], rng


def make_walk(seed: int) -> dict:
    W, H, ends, _ = walk_board(seed)
    return board(W, H, ends, f"walk {W}x{H} #{seed}")


def make_swap(seed: int) -> dict:
    W, H, ends, rng = walk_board(1000 + seed)
    i, j = rng.sample(range(len(ends)), 2)
    (a1, a2), (b1, b2) = ends[i], ends[j]
    ends[i], ends[j] = (a1, b2), (b1, a2)
    return board(W, H, ends, f"swap {W}x{H} #{seed}")


def _border(W: int, H: int) -> list[int]:
    """The border cells going round clockwise from the top-left corner."""
    top = list(range(W))
    right = [r * W + W - 1 for r in range(1, H)]
    bottom = [(H - 1) * W + c for c in range(W - 2, -1, -1)]
    left = [r * W for r in range(H - 2, 0, -1)]
    return top + right + bottom + left


def make_cross(seed: int) -> dict:
    W, H, ends, rng = walk_board(2000 + seed)
    used = {p for e in ends for p in e}
    ring = [p for p in _border(W, H) if p not in used]
    picks = sorted(rng.sample(range(len(ring)), 4))
    a1, b1, a2, b2 = (ring[x] for x in picks)
    ends[:2] = [(a1, a2), (b1, b2)]
    return board(W, H, ends, f"cross {W}x{H} #{seed}")


def make_walled(seed: int) -> dict:
    W, H, ends, rng = walk_board(3000 + seed)
    used = {p for e in ends for p in e}
    # an inner cell whose four neighbours and itself are free: it becomes the prisoner,
    # its neighbours endpoints of two new pairs placed far apart
    for _ in range(1000):
        p = rng.randrange(W * H)
        box = [p] + _nbrs(p, W, H)
        if len(box) == 5 and not used & set(box):
            break
    else:
        raise RuntimeError("no room for a box")
    free = [q for q in range(W * H) if q not in used and q not in box]
    far = rng.sample(free, 3)
    n1, n2, n3, n4 = box[1:]
    ends[:3] = [(p, far[0]), (n1, n2), (n3, n4)]
    ends.append((far[1], far[2]))
    return board(W, H, ends, f"walled {W}x{H} #{seed}")


def make_cut(seed: int) -> dict:
    rng = random.Random(f"cut {seed}")
    H, W = rng.randint(3, 5), rng.randint(20, 40)
    c = rng.randint(6, W - 7)
    cells = lambda lo, hi: [r * W + x for r in range(H) for x in range(lo, hi)]
    left, right = cells(0, c - 1), cells(c + 2, W)
    rng.shuffle(left)
    rng.shuffle(right)
    ends = [(left.pop(), right.pop()) for _ in range(H + 1)]       # one more than column c holds
    for _ in range(rng.randint(2, 6)):                             # pairs that stay on one side
        side = left if rng.random() < 0.5 else right
        ends.append((side.pop(), side.pop()))
    return board(W, H, ends, f"cut {W}x{H} #{seed}")


def make_dense(seed: int) -> dict:
    rng = random.Random(f"dense {seed}")
    W = H = 50
    target = rng.randint(300, 320)
    paths = walks(W, H, target, rng, longest=rng.randint(14, 24), straight=0.5, tries=200000)
    return board(W, H, [(p[0], p[-1]) for p in paths], f"dense {W}x{H} #{seed}")


KINDS = {"walk": make_walk, "swap": make_swap, "cross": make_cross, "walled": make_walled,
         "cut": make_cut, "dense": make_dense}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--per-kind", type=int, default=10)
    ap.add_argument("--kinds", default=",".join(KINDS))
    args = ap.parse_args()
    out = Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)
    for kind in args.kinds.split(","):
        for seed in range(args.per_kind):
            data = KINDS[kind](seed)
            (out / f"{kind}{seed:02d}-{data['width']}x{data['height']}.json").write_text(
                json.dumps(data, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
