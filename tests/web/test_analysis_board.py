"""The analysis board's server side: positions at any node with their moves, and the
engine's lines (multi-PV, any node, each move spelled out) over the WebSocket."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from damier.web.routes import game_socket
from damier.web.services import live_analysis
from tests.web.conftest import LOCAL_WS


def played(client: TestClient, *moves: str) -> int:
    gid: int = client.post("/api/games", json={}).json()["id"]
    for mv in moves:
        assert client.post(f"/api/games/{gid}/moves", json={"move": mv}).status_code == 200
    return gid


def test_position_at_a_node(client: TestClient) -> None:
    gid = played(client, "32-28", "19-23", "28x19")
    start = client.get(f"/api/games/{gid}/position", params={"node": "0"}).json()
    assert start["ply"] == 0 and start["turn"] == "white" and len(start["legal_moves"]) == 9
    after = client.get(f"/api/games/{gid}/position", params={"node": "3"}).json()
    assert after["turn"] == "black" and sorted(m["notation"] for m in after["legal_moves"]) == [
        "13x24", "14x23"] and after["main"] is True
    added = client.post(f"/api/games/{gid}/variations",
                        json={"action": "add", "node": "1", "move": "18-22"}).json()["node"]
    side = client.get(f"/api/games/{gid}/position", params={"node": added}).json()
    assert side["node"] == "2:1/2" and side["main"] is False and side["turn"] == "white"
    assert side["pieces"][17] == "." and side["pieces"][21] == "b"
    for node in ("9", "2:5/2", "x"):
        r = client.get(f"/api/games/{gid}/position", params={"node": node})
        assert (r.status_code, r.json()["code"]) == (404, "node_not_found")


def lines_of(ws: Any, count: int, node: str | None = None) -> dict[int, dict[str, Any]]:
    """The first depth at which all ``count`` lines came (for ``node``)."""
    by_depth: dict[int, dict[int, dict[str, Any]]] = {}
    while True:
        msg = ws.receive_json()
        if msg["type"] != "analysis" or msg.get("depth") is None or msg.get("node") != node:
            continue
        got = by_depth.setdefault(msg["depth"], {})
        got[msg["multipv"]] = msg
        if len(got) == count:
            return got


def test_multipv_lines_with_numbers_and_positions(client: TestClient) -> None:
    gid = played(client, "32-28", "19-23", "28x19", "14x23")
    with client.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "analyse", "on": True, "multipv": 3})
        got = lines_of(ws, 3)
        firsts = [got[k]["line"][0]["notation"] for k in (1, 2, 3)]
        assert len(set(firsts)) == 3  # three different first moves
        first = got[1]["line"][0]
        assert first["number"] == "3." and first["color"] == "white"
        assert len(first["pieces"]) == 50 and first["fen"].startswith("B:")
        assert first["from"] in range(31, 51) and first["path"][-1] == first["to"]
        if len(got[1]["line"]) > 1:
            assert got[1]["line"][1]["number"] == "3..."
        # a side line of the game: the analysis names its node
        r = client.post(f"/api/games/{gid}/variations",
                        json={"action": "add", "node": "3", "move": "13x24"})
        node = r.json()["node"]
        ws.send_json({"type": "analyse", "on": True, "node": node, "multipv": 2})
        got = lines_of(ws, 2, node)
        assert got[1]["fen"] == client.get(f"/api/games/{gid}/position",
                                           params={"node": node}).json()["fen"]
        assert got[1]["line"][0]["number"] == "3." and got[1]["ply"] == 4
        assert got[1]["line"][0]["notation"] != got[2]["line"][0]["notation"]
        ws.send_json({"type": "analyse", "on": False})


def test_the_analysis_keeps_deepening() -> None:
    # the engine is given minutes, not the 30 s after which the analysis used to stop
    assert live_analysis.MAX_SECONDS >= 600 and live_analysis.MAX_LINES == 5
    assert game_socket.ANALYSIS_SECONDS == live_analysis.MAX_SECONDS


def test_a_position_of_the_endgame_database_says_so(client: TestClient) -> None:
    # Black to move wins in 3 plies (10-5, then White's king must step onto the long diagonal)
    gid = client.post("/api/games", json={"fen": "B:WK46:BK10"}).json()["id"]
    with client.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "analyse", "on": True})
        got = lines_of(ws, 1)[1]
        assert got["egdb"] == {"result": "black", "plies": 3} and got["win_in"] == 3
        ws.send_json({"type": "analyse", "on": False})
