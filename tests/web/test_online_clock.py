"""The server keeps the clocks of games between people: flags with nobody connected, fair
restarts, storage failures that change nothing."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from damier.web.app import create_app
from damier.web.services.online_clock import ALIVE, resume_clocks
from damier.web.storage.game_store import GameRow, Store
from damier.web.storage.online_store import OnlineStore
from tests.web.online_harness import Player, start_game

LOCAL = "http://127.0.0.1:8000"


@contextmanager
def serve(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db), base_url=LOCAL) as c:
        yield c


def clocks(player: Player, gid: int) -> dict[str, Any]:
    result: dict[str, Any] = player.view(gid)["game"]["clocks"]
    return result


def test_flag_falls_with_nobody_connected(tmp_path: Path) -> None:
    with serve(tmp_path / "g.sqlite3") as c:
        ann, bob = Player(c, "Ann"), Player(c, "Bob")
        gid = start_game(ann, bob, time_control={"initial": 1}, rated=True)
        ann.act(gid, "move", move="32-28")   # Black's clock runs; nobody watches
        store: Store = c.app.state.store     # type: ignore[attr-defined]
        deadline = time.monotonic() + 15   # the flag falls after 1 s (later on a loaded machine)
        row = store.get_game(gid)
        while row is not None and row.result is None and time.monotonic() < deadline:
            time.sleep(0.05)
            row = store.get_game(gid)   # the store itself: no request loads the game
        assert row is not None and (row.result, row.reason) == ("2-0", "black lost on time")
        assert c.app.state.online.store.online_game(gid).rated_done   # type: ignore[attr-defined]


def test_restart_resumes_the_clock_with_the_time_it_had(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    with serve(db) as c:
        ann, bob = Player(c, "Ann"), Player(c, "Bob")
        gid = start_game(ann, bob, time_control={"initial": 60, "increment": 0})
        ann.act(gid, "move", move="32-28")
        bob.act(gid, "move", move="19-23")   # White's clock runs
        t0 = time.monotonic()
        before = clocks(ann, gid)
    up = time.monotonic() - t0   # the most White's clock can have run before the stop
    down = max(1.5, 3 * up)
    time.sleep(down)   # the server is down
    t2 = time.monotonic()
    with serve(db) as c:
        ann.client = bob.client = c
        after = clocks(ann, gid)
        up += time.monotonic() - t2
        charged = before["white"] - after["white"]
        assert after["running"] == "white" and after["black"] == before["black"]
        assert 0 <= charged <= 1000 * up + 50   # charged only while up: not the downtime
        ann.act(gid, "move", move="28x19")   # and the game goes on
        assert bob.view(gid)["game"]["ply"] == 3


def test_resume_after_a_crash_uses_the_last_heartbeat(tmp_path: Path) -> None:
    games, online = Store(tmp_path / "g.sqlite3"), OnlineStore(tmp_path / "o.sqlite3")
    row = GameRow(id=0, variant="international", start_fen="", white="online", black="online",
                  level=1, time_control={"initial": 60, "increment": 0, "delay": 0},
                  clock_white=50_000, clock_black=60_000, turn_started=1000.0, ending=None,
                  draw_offer=None)
    gid = games.create_game(row)
    online.set_meta(ALIVE, "1010.5")   # the server last beat 10.5 s into White's turn
    assert resume_clocks(games, online, [gid], now=5000.0) == 1
    moved = games.get_game(gid)
    assert moved is not None and moved.turn_started == pytest.approx(5000.0 - 10.5)


def test_failed_commits_change_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with serve(tmp_path / "g.sqlite3") as c:
        ann, bob = Player(c, "Ann"), Player(c, "Bob")
        gid = start_game(ann, bob)
        ann.act(gid, "move", move="32-28")
        online = c.app.state.online   # type: ignore[attr-defined]

        def broken(*args: Any, **kwargs: Any) -> None:
            raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(online.store, "set_requests", broken)
        assert ann.act(gid, "takeback_request", 503)["code"] == "storage_failed"
        assert ann.view(gid)["online"]["takeback"] is None
        monkeypatch.setattr(c.app.state.store, "save", broken)   # type: ignore[attr-defined]
        assert bob.act(gid, "move", 503, move="19-23")["code"] == "storage_failed"
        monkeypatch.undo()
        game = ann.view(gid)["game"]
        assert (game["ply"], game["turn"]) == (1, "black")
        bob.act(gid, "move", move="19-23")


def test_a_failed_acceptance_leaves_the_invitation_open(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    with serve(tmp_path / "g.sqlite3") as c:
        ann, bob = Player(c, "Ann"), Player(c, "Bob")
        cid = ann.challenge()
        online = c.app.state.online   # type: ignore[attr-defined]
        games_before = c.get("/api/games").json()

        def broken(*args: Any, **kwargs: Any) -> None:
            raise sqlite3.OperationalError("database is locked")

        monkeypatch.setattr(online.store, "start_game", broken)
        body = bob.call("POST", f"/api/online/challenges/{cid}/accept", {"name": "Bob"}, 503)
        assert body["code"] == "storage_failed"
        assert c.get("/api/games").json() == games_before   # the game row was taken back
        monkeypatch.undo()
        assert bob.call("GET", f"/api/online/challenges/{cid}")["status"] == "open"
        assert bob.accept(cid) > 0
