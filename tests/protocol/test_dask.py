"""A match on a Dask distributed cluster: a LocalCluster of two worker processes listening
on 127.0.0.1 only, driven through ``damier match --cluster tcp://...``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from damier.cli import main

distributed = pytest.importorskip("distributed")


def test_match_on_a_local_dask_cluster(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
        dashboard_address=None, worker_dashboard_address=None, silence_logs=40,
    ) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        out = tmp_path / "cluster.pdn"
        status = main(["match", "damier:2", "damier:1", "--games", "4", "--time", "depth=1",
                       "--cluster", address, "--max-moves", "40", "--pdn", str(out)])
    assert status == 0
    report = capsys.readouterr().out
    assert re.search(r"damier-2 vs damier-1: W \d D \d L \d \(4 games\)", report)
    assert out.read_text().count("[Event ") == 4


def test_unreachable_cluster_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["match", "damier:1", "damier:1", "--games", "1",
                   "--cluster", "tcp://127.0.0.1:1", "--cluster-timeout", "1"])
    assert status == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:1" in capsys.readouterr().err
