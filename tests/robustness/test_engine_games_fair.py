"""Engine games of many kings do not stall the engine games of others (issue 24: two Turkish
games of 41 kings at level 1 held both engine threads of the web app for minutes, and every
other user's engine waited behind them)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from damier.web.app import create_app
from fuzz.positions import TURKISH_41_KINGS
from tests.web.conftest import LOCAL

GENEROUS = 30.0
"""Seconds within which another user's engine move must come (level 1: 0.05 s a move)."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3"), base_url=LOCAL) as c:
        yield c


def engine_opens(client: TestClient, **game: Any) -> tuple[dict[str, Any], float]:
    started = time.monotonic()
    r = client.post("/api/games", json={"white": "engine", "level": 1, "wait": True, **game})
    assert r.status_code == 201, r.text
    return r.json(), time.monotonic() - started


def test_two_king_heavy_engine_games_leave_room_for_another(client: TestClient) -> None:
    with ThreadPoolExecutor(2) as pool:
        heavy = [pool.submit(engine_opens, client, variant="turkish", fen=TURKISH_41_KINGS)
                 for _ in range(2)]
        time.sleep(0.2)  # both engine threads of the app are searching kings now
        other, seconds = engine_opens(client)
        assert other["ply"] == 1 and seconds < GENEROUS, seconds
        for future in heavy:
            game, seconds = future.result(timeout=GENEROUS * 2)
            assert game["ply"] == 1 and seconds < GENEROUS, seconds
