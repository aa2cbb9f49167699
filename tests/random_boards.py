"""Random small Numberlink boards for tests that compare a solver with exhaustive search."""


def random_ends(rng, max_pairs: int = 4, sides=(2, 6)):
    """(width, height, endpoints): up to ``max_pairs`` pairs labelled "1", "2", ... on
    distinct random cells of a board whose sides are drawn from ``sides``."""
    w, h = rng.randint(*sides), rng.randint(*sides)
    cells = rng.sample([(r, c) for r in range(h) for c in range(w)], 2 * rng.randint(1, min(max_pairs, w * h // 2)))
    return w, h, [(r, c, str(i // 2 + 1)) for i, (r, c) in enumerate(cells)]
