"""Restarts keep every game and move; concurrent moves never corrupt a game; the WebSocket."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import httpx2
import pytest
from starlette.testclient import TestClient

from damier import Board
from damier.web.app import create_app
from tests.web.conftest import LOCAL, LOCAL_WS


def snapshot(client: TestClient, gid: int) -> dict[str, Any]:
    s = dict(client.get(f"/api/games/{gid}").json())
    for volatile in ("thinking", "version", "updated"):
        s.pop(volatile)
    return s


def test_restart_keeps_every_game_and_move(db_path: Path) -> None:
    with TestClient(create_app(db_path), base_url=LOCAL) as c:
        a = c.post("/api/games", json={}).json()["id"]
        for mv in ("32-28", "19-23", "28x19", "14x23"):
            assert c.post(f"/api/games/{a}/moves", json={"move": mv}).status_code == 200
        b = c.post("/api/games", json={"variant": "czech-traditional",
                                       "fen": "B:W18,30:B14,1"}).json()["id"]
        c.post(f"/api/games/{b}/moves", json={"move": "1-5"})
        c.post(f"/api/games/{b}/huff", json={"square": 14, "move": "30-26"})
        r = c.post("/api/games", json={"black": "engine", "level": 1}).json()["id"]
        c.post(f"/api/games/{r}/moves", json={"move": "33-29"})
        c.post(f"/api/games/{r}/resign", json={})
        d = c.post("/api/games", json={}).json()["id"]
        c.post(f"/api/games/{d}/draw", json={"action": "offer", "color": "white"})
        t = c.post("/api/games", json={"time_control": "3+2"}).json()["id"]
        c.post(f"/api/games/{t}/moves", json={"move": "32-28"})
        before = {g: snapshot(c, g) for g in (a, b, r, d, t)}
        listing = c.get("/api/games").json()["games"]
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    with TestClient(create_app(db_path), base_url=LOCAL) as c:
        for g, old in before.items():
            new = snapshot(c, g)
            if old["clocks"]:
                new["clocks"]["black"] = old["clocks"]["black"]  # time went on
            assert new == old
        assert c.get("/api/games").json()["games"] == listing
        assert before[r]["status"] == "over" and "resigned" in before[r]["reason"]
        assert before[d]["draw_offer"] == "white"
        assert before[b]["moves"][1]["notation"] == "h14,30-26"
        # and the games go on after the restart
        assert c.post(f"/api/games/{a}/moves", json={"move": "37-32"}).status_code == 200


def test_concurrent_moves_never_corrupt(db_path: Path) -> None:
    app = create_app(db_path)

    async def scenario() -> tuple[int, list[int]]:
        transport = httpx2.ASGITransport(app=app)
        async with httpx2.AsyncClient(transport=transport, base_url=LOCAL) as c:
            gid = (await c.post("/api/games", json={})).json()["id"]
            statuses: list[int] = []
            for _ in range(6):
                state = (await c.get(f"/api/games/{gid}")).json()
                texts = [m["notation"] for m in state["legal_moves"]]
                # every client tries a different legal move (and some twice) at the same time
                tries = (texts * 3)[:24]
                rs = await asyncio.gather(*(
                    c.post(f"/api/games/{gid}/moves", json={"move": t}) for t in tries))
                statuses += [r.status_code for r in rs]
                assert sum(r.status_code == 200 for r in rs) >= 1
            return gid, statuses

    gid, statuses = asyncio.run(scenario())
    assert set(statuses) <= {200, 422}
    with TestClient(create_app(db_path), base_url=LOCAL) as c:
        s = c.get(f"/api/games/{gid}").json()
    assert s["ply"] == statuses.count(200)
    board = Board()
    for m in s["moves"]:
        board.push(m["long"])  # the stored line is a legal game
    assert board.fen() == s["fen"]
    with sqlite3.connect(db_path) as raw:
        plies = [p for (p,) in raw.execute(
            "SELECT ply FROM moves WHERE game_id = ? ORDER BY ply", (gid,))]
    assert plies == list(range(s["ply"]))


def test_websocket_pushes_state(client: TestClient) -> None:
    gid = client.post("/api/games", json={}).json()["id"]
    with client.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
        first = ws.receive_json()
        assert first["type"] == "state" and first["game"]["id"] == gid
        client.post(f"/api/games/{gid}/moves", json={"move": "32-28"})
        pushed = ws.receive_json()
        assert pushed["type"] == "state" and pushed["game"]["ply"] == 1
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        ws.send_text("not json")
        assert ws.receive_json()["status"] == 400
        ws.send_json({"type": "dance"})
        assert ws.receive_json()["status"] == 422


def test_websocket_streams_analysis(client: TestClient) -> None:
    gid = client.post("/api/games", json={}).json()["id"]
    with client.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
        ws.receive_json()
        ws.send_json({"type": "analyse", "on": True})
        seen: list[dict[str, Any]] = []
        while len([m for m in seen if m.get("depth")]) < 2:
            msg = ws.receive_json()
            assert msg["type"] == "analysis" and "error" not in msg, msg
            seen.append(msg)
        info = [m for m in seen if m.get("depth")][-1]
        assert info["ply"] == 0 and info["pv"] and isinstance(info["score_white"], int | float)
        Board().parse_move(info["pv"][0])  # the best line starts with a legal move
        ws.send_json({"type": "analyse", "on": False})


def test_websocket_unknown_game(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    with client.websocket_connect(f"{LOCAL_WS}/ws/games/999") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["status"] == 404
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4404


def test_undo_while_engine_thinks(client: TestClient) -> None:
    import time

    gid = client.post("/api/games", json={"black": "engine", "level": 10}).json()["id"]
    s = client.post(f"/api/games/{gid}/moves", json={"move": "32-28", "wait": False}).json()
    assert s["ply"] == 1
    s = client.post(f"/api/games/{gid}/undo", json={}).json()
    assert s["ply"] == 0 and s["turn"] == "white"
    deadline = time.monotonic() + 20
    while client.get(f"/api/games/{gid}").json()["thinking"]:  # the stopped search ends
        assert time.monotonic() < deadline
        time.sleep(0.02)
    s = client.get(f"/api/games/{gid}").json()
    assert s["ply"] == 0 and s["moves"] == [] and s["turn"] == "white"
    s = client.post(f"/api/games/{gid}/moves", json={"move": "33-29", "wait": False}).json()
    assert s["ply"] == 1 and s["moves"][0]["notation"] == "33-29"
    client.post(f"/api/games/{gid}/resign", json={})  # stops the search


def test_engine_turn_resumes_after_restart(db_path: Path) -> None:
    with TestClient(create_app(db_path), base_url=LOCAL) as c:
        gid = c.post("/api/games", json={}).json()["id"]
        assert c.post(f"/api/games/{gid}/moves", json={"move": "32-28"}).json()["ply"] == 1
    # as if the server had stopped while the engine (Black) was thinking
    with sqlite3.connect(db_path) as raw:
        raw.execute("UPDATE games SET black = 'engine', level = 1 WHERE id = ?", (gid,))
    with TestClient(create_app(db_path), base_url=LOCAL) as c:
        games = c.app.state.games  # type: ignore[attr-defined]
        c.get(f"/api/games/{gid}")
        session = games.sessions[gid]
        assert session.engine_task is not None
        c.portal.call(games.wait_engine, session)  # type: ignore[union-attr]
        s = c.get(f"/api/games/{gid}").json()
        assert s["ply"] == 2 and s["turn"] == "white"


def test_websocket_analyses_an_earlier_position(client: TestClient) -> None:
    gid = client.post("/api/games", json={}).json()["id"]
    client.post(f"/api/games/{gid}/moves", json={"move": "32-28"})
    with client.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
        ws.receive_json()
        ws.send_json({"type": "analyse", "on": True, "ply": 0})
        msg = ws.receive_json()
        while not msg.get("depth"):
            msg = ws.receive_json()
        assert msg["ply"] == 0 and msg["fen"] == Board().fen()
