"""``damier serve``: options reach the server; bad options end with status 2."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from damier.cli import main
from damier.web.services.engine_settings import EngineSettings


def test_serve_passes_options(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr("damier.web.app.run", lambda **kw: seen.update(kw))
    db = str(tmp_path / "g.sqlite3")
    assert main(["serve", "--port", "8123", "--db", db]) == 0
    assert seen == {"host": "127.0.0.1", "port": 8123, "db": db, "log_level": "info",
                    "engines": EngineSettings(),   # damier's own engine only
                    "allow_origins": [], "token": None}
    assert "http://127.0.0.1:8123/" in capsys.readouterr().out


def test_serve_default_db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr("damier.web.app.run", lambda **kw: seen.update(kw))
    monkeypatch.setenv("DAMIER_DB", str(tmp_path / "env.sqlite3"))
    assert main(["serve"]) == 0
    assert seen["db"] == str(tmp_path / "env.sqlite3")
    monkeypatch.delenv("DAMIER_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["serve"]) == 0
    assert seen["db"] == str(tmp_path / "damier" / "games.sqlite3")


def test_serve_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "port" in capsys.readouterr().err
