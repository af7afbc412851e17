"""A change the database refuses is undone in memory, and a game never becomes unreadable
(issue 24, fault 1). Before: with the disk full, moves got 500 yet ``GET`` showed them; once
space was freed the next moves were stored at the wrong plies, and after a restart the game
was a 500 for good; two servers on one file answered 500 ("UNIQUE constraint failed") and
showed a move that was never stored.

The full disk is SQLite's own: ``PRAGMA max_page_count`` caps the file at its present size,
so that a write fails with "database or disk is full" exactly as on a full disk.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from damier.web.app import create_app
from tests.web.conftest import LOCAL


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def _play_first_legal(client: TestClient, gid: int) -> Any:
    game = client.get(f"/api/games/{gid}").json()
    return client.post(f"/api/games/{gid}/moves", json={"move": game["legal_moves"][0]["notation"]})


def _moves(client: TestClient, gid: int) -> list[str]:
    response = client.get(f"/api/games/{gid}")
    assert response.status_code == 200, response.text
    return [m["notation"] for m in response.json()["moves"]]


def _fill_the_disk(client: TestClient, filler: int) -> None:
    """Cap the file at its size, then fill what is left of its pages with rows of the game
    ``filler`` (moves, and games, of decreasing size) until SQLite says it is full."""
    db = client.app.state.store._db  # type: ignore[attr-defined]
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")
    ply = 1000
    for size in (400, 100, 20, 1):
        try:
            for _ in range(10_000):
                ply += 1
                db.execute("INSERT INTO moves (game_id, ply, from_sq, to_sq, captured, notation, at) "
                           "VALUES (?, ?, 1, 2, '', ?, 0)", (filler, ply, "x" * size))
        except sqlite3.OperationalError as e:
            assert "full" in str(e)


def _free_the_disk(client: TestClient) -> None:
    client.app.state.store._db.execute("PRAGMA max_page_count = 1073741823")  # type: ignore[attr-defined]


def test_a_full_disk_undoes_the_move_and_the_game_stays_whole(db_path: Path) -> None:
    with TestClient(create_app(db_path), base_url=LOCAL) as client:
        gid = client.post("/api/games", json={}).json()["id"]
        filler = client.post("/api/games", json={}).json()["id"]
        assert _play_first_legal(client, gid).status_code in (200, 201)
        _fill_the_disk(client, filler)
        refused = None
        for _ in range(30):  # until a move needs more than the few bytes left
            answer = _play_first_legal(client, gid)
            if answer.status_code != 200 and answer.status_code != 201:
                refused = answer
                break
        assert refused is not None, "the full file took 30 moves"
        assert refused.status_code == 503, refused.text
        body = refused.json()
        assert body["code"] == "storage_failed" and body["game"] == gid
        assert "full" in body["error"]
        shown = _moves(client, gid)
        _free_the_disk(client)
        assert _play_first_legal(client, gid).status_code in (200, 201)
        after = _moves(client, gid)
        assert after[:-1] == shown and len(after) == len(shown) + 1
    with TestClient(create_app(db_path), base_url=LOCAL) as again:  # a restart
        assert _moves(again, gid) == after


def test_two_servers_on_one_file_answer_409_and_show_only_stored_moves(db_path: Path) -> None:
    with TestClient(create_app(db_path), base_url=LOCAL) as a, \
            TestClient(create_app(db_path), base_url=LOCAL) as b:
        gid = a.post("/api/games", json={}).json()["id"]
        assert _moves(b, gid) == []  # B holds the game in memory now
        assert a.post(f"/api/games/{gid}/moves", json={"move": "32-28"}).status_code in (200, 201)
        answer = b.post(f"/api/games/{gid}/moves", json={"move": "31-27"})
        assert answer.status_code == 409, answer.text
        assert answer.json()["code"] == "game_changed_elsewhere" and answer.json()["game"] == gid
        assert _moves(b, gid) == ["32-28"]  # what is stored, not the refused move
        assert b.post(f"/api/games/{gid}/moves", json={"move": "19-23"}).status_code in (200, 201)
    with TestClient(create_app(db_path), base_url=LOCAL) as c:
        assert _moves(c, gid) == ["32-28", "19-23"]


def test_a_stored_move_that_does_not_replay_leaves_the_game_readable(
        db_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with TestClient(create_app(db_path), base_url=LOCAL) as client:
        gid = client.post("/api/games", json={}).json()["id"]
        for move in ("32-28", "19-23", "28x19"):
            assert client.post(f"/api/games/{gid}/moves", json={"move": move}).status_code in (200, 201)
    with sqlite3.connect(db_path) as db:  # damage: the second move stored as one from square 1
        db.execute("UPDATE moves SET from_sq = 1, to_sq = 2, notation = '1-2' WHERE game_id = ? "
                   "AND ply = 1", (gid,))
    with caplog.at_level(logging.WARNING, "damier.web"), \
            TestClient(create_app(db_path), base_url=LOCAL) as client:
        assert _moves(client, gid) == ["32-28"]
        assert any(f"game {gid}" in r.getMessage() and "does not replay" in r.getMessage()
                   for r in caplog.records)
        assert client.post(f"/api/games/{gid}/moves", json={"move": "18-22"}).status_code in (200, 201)
        assert _moves(client, gid) == ["32-28", "18-22"]
    with TestClient(create_app(db_path), base_url=LOCAL) as client:
        assert _moves(client, gid) == ["32-28", "18-22"]


def test_an_engine_move_the_store_refuses_is_undone_and_thought_again(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(create_app(db_path), base_url=LOCAL) as client:
        store = client.app.state.store  # type: ignore[attr-defined]
        save = store.save
        refused: list[int] = []

        def failing_save(row: Any, add: Any = None, **kw: Any) -> None:
            if add and add[0].ply == 1 and not refused:  # the engine's first move
                refused.append(1)
                raise sqlite3.OperationalError("disk I/O error")
            save(row, add=add, **kw)

        monkeypatch.setattr(store, "save", failing_save)
        gid = client.post("/api/games", json={"black": "engine", "level": 1}).json()["id"]
        client.post(f"/api/games/{gid}/moves", json={"move": "32-28", "wait": True})
        assert refused and _moves(client, gid)[:1] == ["32-28"]
        for _ in range(200):  # the GET above scheduled the engine's turn again
            if len(_moves(client, gid)) == 2:
                break
            time.sleep(0.05)
        assert len(_moves(client, gid)) == 2
    with TestClient(create_app(db_path), base_url=LOCAL) as client:
        assert len(_moves(client, gid)) == 2
