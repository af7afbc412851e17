"""The JSON API through Starlette's TestClient: every endpoint and its error paths."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from damier import Board
from damier.web.routes.request_limits import MAX_JSON, MAX_PDN


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def move(client: TestClient, gid: int, text: str, **extra: Any) -> Any:
    return client.post(f"/api/games/{gid}/moves", json={"move": text, **extra})


def error_of(r: Any, status: int) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert isinstance(body.get("error"), str) and body["error"]
    return str(body["error"])


# -- variants and positions ---------------------------------------------------------------


def test_variants_list_and_detail(client: TestClient) -> None:
    r = client.get("/api/variants")
    assert r.status_code == 200
    names = {v["name"]: v for v in r.json()}
    assert names["international"]["size"] == 10
    assert names["international"]["start_fen"] == Board().fen()
    assert "czech" in names
    detail = client.get("/api/variants/czech").json()
    assert len(detail["squares"]) == 32 and detail["start_pieces"].count("w") == 12
    assert {"number", "label", "row", "col"} <= set(detail["squares"][0])
    error_of(client.get("/api/variants/chess"), 404)


def test_position_check(client: TestClient) -> None:
    r = client.post("/api/position", json={"variant": "international", "fen": "W:W28:BK12"})
    assert r.status_code == 200 and r.json()["fen"] == "W:W28:BK12"
    assert r.json()["pieces"][27] == "w" and r.json()["pieces"][11] == "B"
    assert "square 51" in error_of(
        client.post("/api/position", json={"fen": "W:W51:B1"}), 422)
    error_of(client.post("/api/position", json={"fen": 12}), 422)


# -- creating and listing -----------------------------------------------------------------


def test_create_defaults_and_get(client: TestClient) -> None:
    g = new_game(client)
    assert g["variant"] == "international" and g["turn"] == "white" and g["ply"] == 0
    assert g["white"] == "human" and g["black"] == "human" and g["status"] == "playing"
    assert len(g["legal_moves"]) == 9 and g["moves"] == [] and g["result"] is None
    lm = g["legal_moves"][0]
    assert set(lm) >= {"notation", "from", "to", "path", "captured"}
    assert g["clocks"] is None
    again = client.get(f"/api/games/{g['id']}").json()
    assert again["fen"] == g["fen"] and again["id"] == g["id"]


def test_create_from_fen_and_time_control(client: TestClient) -> None:
    g = new_game(client, variant="czech", fen="W:Wc3:Bf6", time_control="5+3")
    assert g["variant"] == "czech" and g["fen"] == "W:Wc3:Bf6"
    assert g["time_control"] == {"initial": 300.0, "increment": 3.0}
    assert g["clocks"] == {"white": 300000, "black": 300000, "running": None}
    g = new_game(client, time_control={"initial": 60, "increment": 0})
    assert g["clocks"]["white"] == 60000


@pytest.mark.parametrize("body,fragment", [
    ({"variant": "chess"}, "unknown variant"),
    ({"fen": "X:W1:B2"}, "side to move"),
    ({"white": "robot"}, "human"),
    ({"level": 0}, "level"),
    ({"level": 11}, "level"),
    ({"level": "3"}, "level"),
    ({"level": True}, "level"),
    ({"time_control": "fast"}, "time_control"),
    ({"time_control": "0+0"}, "out of range"),
    ({"time_control": [1]}, "time_control"),
    ({"tags": {"White": 3}}, "tags"),
    ({"variant": 7}, "variant"),
])
def test_create_rejects_bad_input(client: TestClient, body: dict[str, Any], fragment: str) -> None:
    assert fragment in error_of(client.post("/api/games", json=body), 422)


def test_bad_bodies(client: TestClient) -> None:
    as_json = {"content-type": "application/json"}
    assert "JSON" in error_of(client.post("/api/games", content=b"{bad", headers=as_json), 400)
    error_of(client.post("/api/games", content=b"\xff\xfe", headers=as_json), 400)
    error_of(client.post("/api/games", json=[1, 2]), 422)
    big = b'{"x": "' + b"a" * (MAX_JSON + 10) + b'"}'
    assert "too large" in error_of(client.post("/api/games", content=big, headers=as_json), 413)
    error_of(client.post("/api/games", content=b"{}",
                         headers={"content-length": "x", **as_json}), 400)


def test_list_newest_first_and_paging(client: TestClient) -> None:
    ids = [new_game(client)["id"] for _ in range(3)]
    move(client, ids[0], "32-28")  # changing a game makes it the newest
    r = client.get("/api/games").json()
    listed = [g["id"] for g in r["games"]]
    assert listed[0] == ids[0] and set(ids) <= set(listed) and r["total"] == 3
    assert [g["id"] for g in client.get("/api/games?limit=1&offset=1").json()["games"]] == [ids[2]]
    error_of(client.get("/api/games?limit=x"), 422)
    error_of(client.get("/api/games?limit=0"), 422)
    error_of(client.get("/api/games?offset=-1"), 422)


def test_unknown_game_and_routes(client: TestClient) -> None:
    for path in ("/api/games/999", "/api/games/abc", "/api/games/999/pdn"):
        error_of(client.get(path), 404)
    for action in ("moves", "undo", "resign", "draw", "huff"):
        error_of(client.post(f"/api/games/999/{action}", json={}), 404)
    error_of(client.get("/api/nothing"), 404)
    error_of(client.put("/api/games"), 405)
    error_of(client.delete("/api/games/999"), 404)


def test_delete(client: TestClient) -> None:
    gid = new_game(client)["id"]
    assert client.delete(f"/api/games/{gid}").json() == {"deleted": gid}
    error_of(client.get(f"/api/games/{gid}"), 404)


# -- moves --------------------------------------------------------------------------------


def test_moves_legal_illegal_ambiguous(client: TestClient) -> None:
    gid = new_game(client)["id"]
    r = move(client, gid, "32-28")
    assert r.status_code == 200
    s = r.json()
    assert s["ply"] == 1 and s["turn"] == "black" and s["moves"][0]["notation"] == "32-28"
    assert s["moves"][0]["color"] == "white" and len(s["positions"]) == 2
    assert "no piece" in error_of(move(client, gid, "32-28"), 422)
    error_of(move(client, gid, "hello"), 422)
    error_of(client.post(f"/api/games/{gid}/moves", json={}), 422)
    error_of(client.post(f"/api/games/{gid}/moves", json={"move": 5}), 422)
    error_of(move(client, gid, "1" * 500), 422)
    amb = new_game(client, fen="W:WK47:B14,19,29,31,42")
    r = move(client, amb["id"], "47x36")
    assert "ambiguous" in error_of(r, 422)
    assert len(r.json()["candidates"]) == 2
    assert move(client, amb["id"], "47x24x36").status_code == 200


def test_capture_is_compulsory_message(client: TestClient) -> None:
    gid = new_game(client)["id"]
    move(client, gid, "32-28")
    move(client, gid, "19-23")
    assert "28x19" in error_of(move(client, gid, "31-27"), 422)


def test_engine_answers(client: TestClient) -> None:
    gid = new_game(client, black="engine", level=1)["id"]
    s = move(client, gid, "32-28").json()
    assert s["ply"] == 2 and s["moves"][1]["color"] == "black" and not s["thinking"]
    white_engine = new_game(client, white="engine", level=1, wait=True)
    assert white_engine["ply"] == 1
    assert "engine" in error_of(client.post(
        f"/api/games/{new_game(client, white='engine', black='engine', level=1)['id']}/moves",
        json={"move": "32-28"}), 409)


def test_game_over_rejects_moves(client: TestClient) -> None:
    gid = new_game(client, fen="W:W28:B23")["id"]
    s = move(client, gid, "28x19").json()
    assert s["status"] == "over" and s["winner"] == "white" and s["result"] == "2-0"
    assert s["legal_moves"] == []
    assert "over" in error_of(move(client, gid, "19-13"), 409)


# -- undo, resign, draw, huff -------------------------------------------------------------


def test_undo(client: TestClient) -> None:
    gid = new_game(client)["id"]
    assert "take back" in error_of(client.post(f"/api/games/{gid}/undo", json={}), 409)
    move(client, gid, "32-28")
    move(client, gid, "19-23")
    s = client.post(f"/api/games/{gid}/undo", json={}).json()
    assert s["ply"] == 1 and s["turn"] == "black"
    eng = new_game(client, black="engine", level=1)["id"]
    move(client, eng, "32-28")
    s = client.post(f"/api/games/{eng}/undo", json={}).json()
    assert s["ply"] == 0 and s["turn"] == "white"  # the human's move and the reply


def test_resign(client: TestClient) -> None:
    gid = new_game(client)["id"]
    error_of(client.post(f"/api/games/{gid}/resign", json={"color": "green"}), 422)
    s = client.post(f"/api/games/{gid}/resign", json={"color": "black"}).json()
    assert s["status"] == "over" and s["winner"] == "white" and "black resigned" in s["reason"]
    error_of(client.post(f"/api/games/{gid}/resign", json={}), 409)
    s = client.post(f"/api/games/{gid}/undo", json={})  # nothing to take back: still over
    assert s.status_code == 409
    eng = new_game(client, black="engine", level=1)["id"]
    assert "engine" in error_of(client.post(f"/api/games/{eng}/resign", json={"color": "black"}),
                                409)
    s = client.post(f"/api/games/{eng}/resign", json={}).json()  # the human side resigns
    assert s["winner"] == "black"


def test_draw_offer_accept_decline(client: TestClient) -> None:
    gid = new_game(client)["id"]
    url = f"/api/games/{gid}/draw"
    error_of(client.post(url, json={"action": "maybe"}), 422)
    error_of(client.post(url, json={"action": "accept"}), 409)
    s = client.post(url, json={"action": "offer", "color": "white"}).json()
    assert s["draw_offer"] == "white" and "offers" in s["message"]
    error_of(client.post(url, json={"action": "accept", "color": "white"}), 409)
    s = client.post(url, json={"action": "decline"}).json()
    assert s["draw_offer"] is None and s["status"] == "playing"
    client.post(url, json={"action": "offer"})
    s = move(client, gid, "32-28").json()  # a move withdraws the offer
    assert s["draw_offer"] is None
    client.post(url, json={"action": "offer", "color": "black"})
    s = client.post(url, json={"action": "accept"}).json()
    assert s["status"] == "over" and s["winner"] is None and s["reason"] == "agreement"
    assert s["result"] == "1-1"
    error_of(client.post(url, json={"action": "claim"}), 409)
    eng = new_game(client, black="engine", level=1)["id"]
    s = client.post(f"/api/games/{eng}/draw", json={"action": "offer"}).json()
    assert "declines" in s["message"] and s["status"] == "playing"
    error_of(client.post(f"/api/games/{eng}/draw", json={"action": "claim"}), 409)


def test_huff(client: TestClient) -> None:
    plain = new_game(client)["id"]
    assert "huffing" in error_of(client.post(f"/api/games/{plain}/huff",
                                             json={"square": 14, "move": "30-26"}), 422)
    gid = new_game(client, variant="czech-traditional", fen="B:W18,30:B14,1")["id"]
    s = move(client, gid, "1-5").json()
    assert {m["huff"] for m in s["legal_moves"]} == {None, 14}
    url = f"/api/games/{gid}/huff"
    error_of(client.post(url, json={"square": 14}), 422)
    error_of(client.post(url, json={"move": "30-26"}), 422)
    error_of(client.post(url, json={"square": 9, "move": "30-26"}), 422)
    s = client.post(url, json={"square": 14, "move": "30-26"}).json()
    assert s["ply"] == 2 and s["moves"][1]["huff"] == 14
    assert s["moves"][1]["notation"] == "h14,30-26"


# -- clocks -------------------------------------------------------------------------------


class FakeTime:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def time(self) -> float:
        return self.now

    def strftime(self, fmt: str, t: Any = None) -> str:
        import time

        return time.strftime(fmt, time.gmtime(self.now))

    def gmtime(self, t: float | None = None) -> Any:
        import time

        return time.gmtime(self.now if t is None else t)


def test_clocks_and_flag(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import damier.web.services.game_clock as clock

    fake = FakeTime()
    monkeypatch.setattr(clock, "time", fake)
    gid = new_game(client, time_control={"initial": 10, "increment": 2})["id"]
    s = move(client, gid, "32-28").json()
    assert s["clocks"] == {"white": 10000, "black": 10000, "running": "black"}
    fake.now += 3
    s = move(client, gid, "19-23").json()
    assert s["clocks"]["black"] == 9000 and s["clocks"]["running"] == "white"
    fake.now += 4
    assert client.get(f"/api/games/{gid}").json()["clocks"]["white"] == 6000
    fake.now += 7
    s = client.get(f"/api/games/{gid}").json()
    assert s["status"] == "over" and s["winner"] == "black" and "time" in s["reason"]
    assert s["clocks"]["white"] == 0
    error_of(move(client, gid, "28x19"), 409)


# -- PDN ----------------------------------------------------------------------------------


PDN = """[Event "test"]
[White "Alice"]
[Black "Bob"]
[Result "*"]

1. 32-28 19-23 2. 28x19 14x23 *

[GameType "29"]

1. c3-d4 f6-e5 2. d4xf6 g7xe5 *
"""


def test_pdn_export(client: TestClient) -> None:
    gid = new_game(client, tags={"Event": "club night"})["id"]
    move(client, gid, "32-28")
    move(client, gid, "19-23")
    r = client.get(f"/api/games/{gid}/pdn")
    assert r.status_code == 200 and "pdn" in r.headers["content-type"]
    assert "attachment" in r.headers["content-disposition"]
    assert "32-28 19-23" in r.text and '[Event "club night"]' in r.text
    fen_game = new_game(client, fen="W:W28:B23")["id"]
    assert '[FEN "W:W28:B23"]' in client.get(f"/api/games/{fen_game}/pdn").text


def test_pdn_import(client: TestClient) -> None:
    r = client.post("/api/games/import", content=PDN, headers={"content-type": "application/x-pdn"})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["imported"] == 2 and body["errors"] == []
    first, second = body["games"]
    assert first["ply"] == 4 and first["tags"]["White"] == "Alice"
    assert second["variant"] == "czech" and second["ply"] == 4
    r = client.post("/api/games/import", json={"pdn": "1. 32-28 19-23 *"})
    assert r.status_code == 201 and r.json()["games"][0]["ply"] == 2
    # a game with a bad move keeps the moves before it and reports the problem
    r = client.post("/api/games/import", json={"pdn": "1. 32-28 19-23 2. 28-22 *"})
    assert r.status_code == 201 and r.json()["games"][0]["ply"] == 2 and r.json()["errors"]
    # round trip
    out = client.get(f"/api/games/{first['id']}/pdn").text
    again = client.post("/api/games/import", content=out,
                        headers={"content-type": "application/x-pdn"}).json()["games"][0]
    assert again["fen"] == first["fen"] and again["ply"] == first["ply"]


def test_pdn_import_errors(client: TestClient) -> None:
    url = "/api/games/import"
    error_of(client.post(url, content="", headers={"content-type": "application/x-pdn"}), 422)
    error_of(client.post(url, json={"pdn": 3}), 422)
    error_of(client.post(url, content=b"x", headers={"content-type": "image/png"}), 415)
    big = b"1. 32-28 *\n" * (MAX_PDN // 10 + 10)
    error_of(client.post(url, content=big, headers={"content-type": "application/x-pdn"}), 413)
    r = client.post(url, content=b"\xff\xfe garbage {", headers={"content-type": "application/x-pdn"})
    assert r.status_code in (201, 422) and "error" in r.json() or r.json()["errors"]
