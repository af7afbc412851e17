"""A lone surrogate (``"\\ud800"`` in JSON) is refused with 422 ``bad_text`` and never stored
(issue 24, fault 4). Before, it gave 500s, and once stored in a game (a tag, a comment) that
game's ``GET``, PDN export and WebSocket failed for good. A game stored so by an older version
is read with U+FFFD in its place. ``make fuzz``'s web harness sends such text everywhere."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from damier.web.app import create_app
from tests.web.conftest import LOCAL, LOCAL_WS

LONE = "a\ud800b"


def post_raw(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    """POST ``body`` as JSON with the lone surrogate escaped, as a browser's JSON.stringify
    writes it."""
    return client.post(path, content=json.dumps(body).encode(),
                       headers={"content-type": "application/json"})


@pytest.fixture
def game_client(tmp_path: Path) -> Any:
    with TestClient(create_app(tmp_path / "g.sqlite3"), base_url=LOCAL) as client:
        assert client.post("/api/games", json={}).status_code == 201
        client.post("/api/puzzles/import", content=b'[FEN "W:W31,32:B5"]\n1. 31-27 *\n',
                    headers={"content-type": "application/x-pdn"})
        yield client


@pytest.mark.parametrize(("path", "body"), [
    ("/api/games", {"tags": {"Event": LONE}}),
    ("/api/games", {"tags": {LONE: "x"}}),
    ("/api/games", {"engine": LONE, "black": "engine"}),
    ("/api/games/1/moves", {"move": LONE}),
    ("/api/games/1/draw", {"action": "offer", "color": LONE}),
    ("/api/games/1/variations", {"action": "comment", "node": "", "text": LONE}),
    ("/api/games/import", {"pdn": f'[Event "{LONE}"]\n1. 32-28 *'}),
    ("/api/puzzles/1/moves", {"move": LONE, "step": 0, "player": "ann"}),
    ("/api/puzzles/1/moves", {"move": "31-27", "step": 0, "player": LONE}),
], ids=["tag", "tag name", "engine", "move", "draw colour", "comment", "pdn import",
        "puzzle move", "puzzle player"])
def test_a_lone_surrogate_is_refused_and_nothing_is_stored(game_client: TestClient, path: str,
                                                          body: dict[str, Any]) -> None:
    before = game_client.get("/api/games/1").json()
    games = len(game_client.get("/api/games").json())
    answer = post_raw(game_client, path, body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["code"] == "bad_text"
    after = game_client.get("/api/games/1")
    assert after.status_code == 200
    assert (after.json()["ply"], after.json()["tags"], after.json()["tree"]) == \
        (before["ply"], before["tags"], before["tree"])
    assert len(game_client.get("/api/games").json()) == games
    assert game_client.get("/api/games/1/pdn").status_code == 200


def test_the_websocket_answers_bad_text_and_goes_on(game_client: TestClient) -> None:
    with game_client.websocket_connect(f"{LOCAL_WS}/ws/games/1") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_text(json.dumps({"type": "analyse", "engine": LONE}))
        answer = ws.receive_json()
        assert answer["type"] == "error" and answer["code"] == "bad_text", answer
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"


def test_a_game_stored_with_a_lone_surrogate_stays_readable(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    with TestClient(create_app(db), base_url=LOCAL) as client:
        gid = client.post("/api/games", json={"tags": {"Event": "x"}}).json()["id"]
    with sqlite3.connect(db) as raw:  # as an older version stored it
        raw.execute("UPDATE games SET tags = ? WHERE id = ?", (json.dumps({"Event": LONE}), gid))
    with TestClient(create_app(db), base_url=LOCAL) as client:
        game = client.get(f"/api/games/{gid}")
        assert game.status_code == 200 and game.json()["tags"]["Event"] == "a\ufffdb"
        assert client.get(f"/api/games/{gid}/pdn").status_code == 200
        with client.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
            assert ws.receive_json()["type"] == "state"
