"""The server's files and logs keep the user's secrets (issue 24, faults 10, 11 and 16): its
databases are made readable by their owner only, the access token stays out of the access
log, binding an address other machines reach is said aloud, and ``--db`` cannot make two of
its databases one file."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from damier.cli import main
from damier.web.app import create_app
from tests.web.conftest import LOCAL


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_data_folder_is_0700_and_the_databases_0600(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "damier"
    with TestClient(create_app(folder / "games.sqlite3"), base_url=LOCAL) as client:
        client.app.state.explorer._default_checked = True  # type: ignore[attr-defined]
        client.post("/api/games", json={})
        client.get("/api/explorer")  # (these two open their files on first use)
        client.get("/api/puzzles/next")
    assert mode(folder) == 0o700
    made = sorted(p.name for p in folder.iterdir() if p.suffix == ".sqlite3")
    assert {"games.sqlite3", "explorer.sqlite3", "puzzles.sqlite3", "online.sqlite3"} <= set(made)
    loose = {p.name: oct(mode(p)) for p in folder.iterdir() if mode(p) & 0o077}
    assert not loose, f"readable by others: {loose}"


def test_a_games_database_named_like_another_is_refused(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="explorer database"):
        create_app(tmp_path / "explorer.sqlite3")
    assert main(["serve", "--db", str(tmp_path / "explorer.sqlite3")]) == 2
    assert "another name" in capsys.readouterr().err


def test_the_token_stays_out_of_the_access_log_and_an_open_bind_is_warned(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "damier", "serve", "--host", "0.0.0.0", "--port", str(port),
         "--token", "s3cret-token", "--db", str(tmp_path / "g.sqlite3"), "--log-level", "info"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "DAMIER_EXPLORER_DB": str(tmp_path / "e.sqlite3")})
    try:
        url = f"http://127.0.0.1:{port}/api/games?token=s3cret-token"
        for _ in range(300):
            try:
                with urllib.request.urlopen(url, timeout=5) as answer:
                    assert answer.status == 200
                break
            except OSError:
                time.sleep(0.1)
        else:
            pytest.fail("the server did not answer")
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=60)
    assert "warning: 0.0.0.0 is reachable from other machines" in err
    access = [line for line in (out + err).splitlines() if "GET /api/games" in line]
    assert access and all("s3cret" not in line for line in access), access
    assert any("token=***" in line for line in access), access
