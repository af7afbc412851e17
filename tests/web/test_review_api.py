"""Game review over the API: started on the server, progress, cancel, stored, error paths."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from damier.web.app import create_app
from tests.analysis.test_review import SHOT
from tests.web.conftest import LOCAL, LOCAL_WS

TIMEOUT = 120


def game_with(client: TestClient, fen: str | None, *moves: str, extra: int = 0) -> int:
    gid: int = client.post("/api/games", json={"fen": fen} if fen else {}).json()["id"]
    for mv in moves:
        assert client.post(f"/api/games/{gid}/moves", json={"move": mv}).status_code == 200
    for _ in range(extra):
        state = client.get(f"/api/games/{gid}").json()
        move = state["legal_moves"][0]["notation"]
        client.post(f"/api/games/{gid}/moves", json={"move": move})
    return gid


def wait_review(client: TestClient, gid: int) -> dict[str, Any]:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        r = client.get(f"/api/games/{gid}/review")
        if r.status_code == 200:
            body: dict[str, Any] = r.json()
            return body
        assert r.status_code == 202 and r.json()["status"] in ("queued", "running"), r.text
        time.sleep(0.05)
    raise AssertionError("the review did not finish")


def test_review_marks_the_blunder_and_is_stored(client: TestClient, db_path: Path) -> None:
    gid = game_with(client, SHOT, "50-45", extra=2)
    r = client.post(f"/api/games/{gid}/review", json={"depth": 5})
    assert r.status_code == 202 and r.json()["total"] == 4, r.text
    body = wait_review(client, gid)
    assert body["status"] == "done" and len(body["plies"]) == 3
    first = body["plies"][0]
    assert {"ply", "move", "score", "best", "mark"} <= set(first)
    assert (first["ply"], first["move"], first["mark"], first["best"]) == (1, "50-45", "blunder",
                                                                         "35-30")
    assert body["summary"]["white"]["blunder"] == 1 and body["settings"]["depth"] == 5
    # asking again answers from the store at once, also after a restart
    again = client.post(f"/api/games/{gid}/review", json={"depth": 5})
    assert again.status_code == 200 and again.json()["plies"] == body["plies"]
    with TestClient(create_app(db_path), base_url=LOCAL) as other:
        r = other.get(f"/api/games/{gid}/review")
        assert r.status_code == 200 and r.json()["plies"] == body["plies"]
    # another move: the stored review is of other moves
    state = client.get(f"/api/games/{gid}").json()
    if state["legal_moves"]:
        client.post(f"/api/games/{gid}/moves", json={"move": state["legal_moves"][0]["notation"]})
        r = client.get(f"/api/games/{gid}/review")
        assert r.status_code == 404 and r.json()["code"] == "no_review"


def test_review_progress_reaches_the_websocket(client: TestClient) -> None:
    gid = game_with(client, SHOT, "35-30", "20x29", "34x12")
    with client.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
        assert ws.receive_json()["type"] == "state"
        client.post(f"/api/games/{gid}/review", json={"depth": 2})
        seen = []
        while not seen or seen[-1]["status"] != "done":
            msg = ws.receive_json()
            if msg["type"] == "review":
                seen.append(msg)
    assert [m["done"] for m in seen if m["status"] == "running"][-1] == 4
    assert all(m["total"] == 4 for m in seen)


def test_review_can_be_cancelled(client: TestClient) -> None:
    gid = game_with(client, None, extra=12)
    r = client.post(f"/api/games/{gid}/review", json={"seconds": 5})
    assert r.status_code == 202
    r = client.delete(f"/api/games/{gid}/review")
    assert r.status_code == 200 and r.json()["status"] == "cancelled"
    deadline = time.monotonic() + 10
    while client.get(f"/api/games/{gid}/review").status_code != 404:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert client.delete(f"/api/games/{gid}/review").json()["code"] == "no_review_running"
    # a new review of the same game runs after a cancelled one
    assert client.post(f"/api/games/{gid}/review", json={"depth": 1}).status_code == 202
    assert wait_review(client, gid)["status"] == "done"


def test_review_errors(client: TestClient) -> None:
    fresh = client.post("/api/games", json={}).json()["id"]
    for body, status, code in (
        ({}, 409, "nothing_to_review"),
        ({"seconds": 0}, 422, "bad_review_seconds"),
        ({"seconds": "fast"}, 422, "bad_review_seconds"),
        ({"depth": 0}, 422, "bad_review_depth"),
        ({"depth": 2.5}, 422, "bad_review_depth"),
    ):
        r = client.post(f"/api/games/{fresh}/review", json=body)
        assert (r.status_code, r.json()["code"]) == (status, code), body
    r = client.get(f"/api/games/{fresh}/review")
    assert r.status_code == 404 and r.json()["code"] == "no_review"
    assert client.post("/api/games/4242/review", json={}).status_code == 404
    assert client.get("/api/games/x/review").status_code == 404
    assert client.post(f"/api/games/{fresh}/review", content=b"{",
                       headers={"content-type": "application/json"}).status_code == 400
