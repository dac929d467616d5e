"""Arena matches on a Dask cluster equal the local processes' (issue 29, item 3).

dask[distributed] is in the test extra: this runs in CI, on a LocalCluster of two worker
processes (about 10 s, most of it starting the workers).
"""

from __future__ import annotations

from dataclasses import asdict

import pytest
from distributed import LocalCluster

from pyengine.core.rules import BIT93
from pyengine.measure.arena import run_matches
from pyengine.measure.cluster import ClusterError


def _plain(results) -> list[dict]:
    """Everything of each match but its wall time."""
    return [{k: v for k, v in asdict(r).items() if k != "seconds"} for r in results]


@pytest.fixture(scope="module")
def cluster():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        yield cluster


def test_a_short_arena_on_two_workers_equals_the_local_run(cluster: LocalCluster) -> None:
    seen = []
    remote, _ = run_matches(BIT93, "ref", "random", 8, seed=40,
                            scheduler=cluster.scheduler_address,
                            progress=lambda done, total: seen.append((done, total)))
    local, _ = run_matches(BIT93, "ref", "random", 8, seed=40, jobs=1)
    assert _plain(remote) == _plain(local)
    assert seen[-1] == (8, 8)
    assert cluster.scheduler.task_prefixes["run_task"].state_counts["processing"] == 8
    other, _ = run_matches(BIT93, "ref", "random", 8, seed=41, jobs=1)
    assert _plain(other) != _plain(local)        # the comparison can tell runs apart


def test_an_unreachable_scheduler_is_said_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    import pyengine.measure.cluster as cluster
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler"):
        run_matches(BIT93, "ref", "random", 2, scheduler="tcp://127.0.0.1:9")
    monkeypatch.setattr(cluster, "available", lambda: False)
    with pytest.raises(ClusterError, match=r"euchre64\[cluster\]"):
        run_matches(BIT93, "ref", "random", 2, scheduler="tcp://127.0.0.1:9")


def test_make_strength_plays_a_part_on_the_cluster(cluster: LocalCluster, tmp_path) -> None:
    import json

    from pyengine.measure import strength
    before = cluster.scheduler.task_prefixes["run_task"].state_counts["processing"]
    assert strength.main(["--only", "ref-random", "--scale", "0.001", "--no-ismcts",
                          "--docs", str(tmp_path),
                          "--scheduler", cluster.scheduler_address]) == 0
    assert cluster.scheduler.task_prefixes["run_task"].state_counts["processing"] == before + 2
    stored = json.loads((tmp_path / "strength.json").read_text())
    assert stored["run:ref-random"]["count"] == 2 and stored["run:ref-random"]["cpu"] > 0


def test_the_arena_command_says_an_unreachable_scheduler_plainly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    import pyengine.measure.cluster as mod
    from pyengine.cli import cli
    monkeypatch.setattr(mod, "CONNECT_SECONDS", 1.0)
    r = CliRunner().invoke(cli, ["arena", "--team-a", "ref", "--team-b", "random",
                                 "--matches", "2", "--scheduler", "tcp://127.0.0.1:9"])
    assert r.exit_code == 2, r.output
    assert "cannot reach the Dask scheduler" in r.output and "Traceback" not in r.output


def test_make_strength_passes_the_scheduler() -> None:
    import subprocess
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(["make", "-n", "strength", "SCHEDULER=tcp://h:8786"], cwd=root,
                         capture_output=True, text=True, check=True).stdout
    assert "--scheduler tcp://h:8786" in out
    plain = subprocess.run(["make", "-n", "strength"], cwd=root, capture_output=True,
                           text=True, check=True).stdout
    assert "--scheduler" not in plain
