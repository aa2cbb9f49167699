"""Link-a-Pix ``paper`` method: the final step (Algorithm 2 of Guan et al.) and its
repairs, the fallback when it gives up, and ``bench --table`` (Table I)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pysolver import api
from pysolver.base import Deadline, GaveUp
from pysolver.linkapix import FAMILY
from pysolver.linkapix.paper import enumerate_paths
from pysolver.linkapix.rounding import round_weights
from pysolver.linkapix.table import group_of
from testkit import cli

FIX = Path(__file__).parent / "fixtures" / "linkapix"


def load(name):
    return json.loads((FIX / f"{name}.json").read_text())


def lap(width, height, clues):
    return FAMILY.parse({"type": "linkapix", "width": width, "height": height,
                         "palette": {"a": "#202020"}, "clues": clues})


def as_solution(model, paths, chosen):
    ones = [[[r, c]] for r, c, n, _ in model.clues if n == 1]
    return {"paths": ones + [[list(p) for p in paths[j][2]] for j in chosen]}


def rounded(model, weights_of, seed=2020):
    """round_weights on every path of ``model``, weighted by ``weights_of(cells)``."""
    paths = enumerate_paths(model, Deadline(10))
    weights = [weights_of(cells) for _, _, cells in paths]
    stats: dict = {}
    chosen = round_weights(model, paths, weights, Deadline(10), stats, seed=seed)
    solution = as_solution(model, paths, chosen)
    assert FAMILY.check(model, solution).solved
    return solution, stats


def test_final_step_on_an_lp_that_leaves_fractional_weights():
    """A 10x10 cut out of a benchmark puzzle where HiGHS's LP optimum is fractional:
    the final step finishes it, the answer passes the checker and is the picture."""
    data = load("lp_fractional_10x10")
    model = FAMILY.parse(data)
    out = FAMILY.solve(model, "paper", Deadline(60))
    stats = out.stats
    assert stats["fractional"] > 0 and stats["regions"] >= 1
    assert stats["packed"] + stats["widened"] + stats["reopened"] >= 1
    assert FAMILY.check(model, out.solutions[0]).solved
    assert FAMILY.same_solution(model, out.solutions[0], data["solution"])
    assert not out.complete
    # seeded: the same answer every time
    again = FAMILY.solve(model, "paper", Deadline(60))
    assert again.solutions == out.solutions


def test_fractional_paths_are_packed():
    """Four 2s on a 2x2 board, every path at weight 0.5: nothing is fixed, and the
    paper's random packing of the fractional paths links all four clues."""
    model = FAMILY.parse(load("variants_2x2"))
    _, stats = rounded(model, lambda cells: 0.5)
    assert stats == {**stats, "fixed": 0, "regions": 1, "packed": 1, "widened": 0, "reopened": 0, "seed": 2020}


def test_paths_at_weight_zero_widen_the_packing():
    """A vertex of the LP may give the paths a region needs weight 0: the packing then
    takes them from every path inside the region."""
    model = lap(3, 2, [[0, 0, 3, "a"], [0, 2, 3, "a"], [1, 0, 3, "a"], [1, 2, 3, "a"]])
    _, stats = rounded(model, lambda cells: 0.0)
    assert stats["packed"] == 0 and stats["widened"] == 1 and stats["reopened"] == 0


def test_a_wrong_fixed_path_is_reopened():
    """A row of four 2s with the middle link at weight 1: fixing it strands both ends,
    so the region around them is reopened and linked the other way."""
    model = lap(4, 1, [[0, c, 2, "a"] for c in range(4)])
    solution, stats = rounded(model, lambda cells: 1.0 if cells == ((0, 1), (0, 2)) else 0.0)
    assert stats["fixed"] == 1 and stats["reopened"] >= 1
    assert sorted(solution["paths"]) == [[[0, 0], [0, 1]], [[0, 2], [0, 3]]]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_any_seed_gives_a_valid_linking(seed):
    model = FAMILY.parse(load("lp_fractional_10x10"))
    paths = enumerate_paths(model, Deadline(10))
    chosen = round_weights(model, paths, [0.5] * len(paths), Deadline(30), {}, seed=seed)
    assert FAMILY.check(model, as_solution(model, paths, chosen)).solved


def test_an_unlinkable_region_gives_up_honestly():
    model = lap(3, 1, [[0, 0, 2, "a"], [0, 2, 2, "a"]])
    with pytest.raises(GaveUp, match="unlinked"):
        round_weights(model, [], [], Deadline(10), {})


def test_a_fallback_is_reported_as_one():
    out = api.solve(load("unsolvable"), method="paper", timeout=10)
    assert out["method"] == "auto" and out["status"] == "unsolvable"
    assert "paper gave up" in out["note"] and "auto took over" in out["note"]
    own = api.solve(load("lp_fractional_10x10"), method="paper", timeout=60)
    assert own["method"] == "paper" and own["status"] == "solved" and "took over" not in own.get("note", "")


# -- bench --table ---------------------------------------------------------------------------
def test_table_prints_for_a_folder_of_fixtures(tmp_path):
    for name in ("bench_20_full", "bench_20_part", "variants_2x2", "unsolvable", "lp_fractional_10x10"):
        shutil.copy(FIX / f"{name}.json", tmp_path / f"{name}.json")
    run = cli("bench", tmp_path, "--method", "paper", "--table", "--timeout", "60")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    table = out[out.index("Table I"):].splitlines()
    rows = {line.split()[0] + " " + line.split()[1]: line for line in table[3:]}
    assert set(rows) == {"2x2 common", "4x1 non-fully", "10x10 common", "20x20 common", "20x20 non-fully"}
    # the paper's Sports row sits next to our 20x20 fully filled group
    assert "Sports" in rows["20x20 common"] and "155.8" in rows["20x20 common"]
    assert "(no group of this size and type)" in rows["2x2 common"]
    # the unsolvable one is answered by auto after paper gave up: not paper's accuracy
    assert rows["4x1 non-fully"].split("|")[0].split()[-1] == "0%"
    assert rows["20x20 common"].split("|")[0].split()[-1] == "100%"


def test_table_with_json_is_one_more_json_line():
    run = cli("bench", FIX / "variants_2x2.json", "--method", "paper", "--table", "--json")
    assert run.returncode == 0, run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert lines[0]["asked"] == "paper" and lines[0]["facts"] == {"hints": 4, "filled": True}
    assert lines[-1]["table"].startswith("Table I") and "2x2 common" in lines[-1]["table"]


def _as_mat(data: dict) -> bytes:
    """A puzzle as the paper's MATLAB variables (1-based rows, colours 0..1)."""
    import io

    import numpy as np
    from scipy.io import savemat
    model = FAMILY.parse(data)
    keys = list(model.palette)
    colours = np.array([[int(v[i:i + 2], 16) / 255 for i in (1, 3, 5)] for v in model.palette.values()])
    rows = np.array([[n, keys.index(k) + 1, r + 1, c + 1] for r, c, n, k in model.clues], dtype=float)
    buf = io.BytesIO()
    savemat(buf, {"total_row": model.height, "total_col": model.width, "colordata": colours, "puzzledata": rows})
    return buf.getvalue()


def test_table_groups_the_papers_mat_files_by_theme(tmp_path):
    """Files named as in the paper's repository take its themes, or their folder's name."""
    (tmp_path / "Shapes").mkdir()
    (tmp_path / "data_20_20_ours.mat").write_bytes(_as_mat(load("bench_20_full")))
    (tmp_path / "Shapes" / "data_e_20_20_ours.mat").write_bytes(_as_mat(load("bench_20_part")))
    run = cli("bench", tmp_path, "--method", "paper", "--table", "--timeout", "60")
    assert run.returncode == 0, run.stderr
    table = run.stdout[run.stdout.index("Table I"):].splitlines()[3:]
    assert len(table) == 2
    sports = next(line for line in table if line.startswith("Sports"))
    assert "Sports" in sports.split("|")[1] and "100%" in sports
    assert any(line.startswith("Shapes (non-fully filled)") for line in table)


@pytest.mark.parametrize("name, side, filled, group", [
    ("data_20_20_golf.mat", 20, True, "Sports"),
    ("data_e_40_40_nightlamp.mat", 40, False, "Nightscape"),
    ("data_e_32_32_baker.mat", 32, False, "Professions"),
    ("Night/data_e_40_40_bar.mat", 40, False, "Night (non-fully filled)"),
    ("data_24_24_owl.mat", 24, True, "24x24 common"),
    ("lap-40x40-blank-01.json", 40, False, "40x40 non-fully filled"),
])
def test_groups_follow_the_papers_files(name, side, filled, group):
    assert group_of(name, side, side, filled) == group
