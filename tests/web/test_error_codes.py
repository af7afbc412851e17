"""Stable codes beside the English text: errors, game-end reasons and draw notes.

The page shows these in its own language (``static/i18n``); programs can rely on them.
"""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def error(r: Any, status: int, code: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body: dict[str, Any] = r.json()
    assert body["code"] == code and body["error"], body
    return body


def test_move_errors(client: TestClient) -> None:
    gid = new_game(client)["id"]
    body = error(client.post(f"/api/games/{gid}/moves", json={"move": "32-29"}), 422,
                 "illegal_move")
    assert body["move"] == "32-29" and "32-29" in body["error"]
    error(client.post(f"/api/games/{gid}/undo", json={}), 409, "nothing_to_undo")
    error(client.post(f"/api/games/{gid}/huff", json={"square": 1, "move": "32-28"}), 422,
          "no_huffing")
    error(client.post(f"/api/games/{gid}/draw", json={"action": "accept"}), 409,
          "no_draw_offer")
    error(client.post(f"/api/games/{gid}/draw", json={"action": "claim"}), 409,
          "no_draw_to_claim")
    error(client.post(f"/api/games/{gid}/resign", json={"color": "green"}), 422, "bad_color")
    client.post(f"/api/games/{gid}/resign", json={})
    error(client.post(f"/api/games/{gid}/moves", json={"move": "32-28"}), 409, "game_over")


def test_ambiguous_move_and_engine_turn(client: TestClient) -> None:
    gid = new_game(client, fen="W:WK47:B14,19,29,31,42,3")["id"]
    body = error(client.post(f"/api/games/{gid}/moves", json={"move": "47x36"}), 422,
                 "ambiguous_move")
    assert len(body["candidates"]) == 2
    gid = new_game(client, white="engine", black="human", level=1)["id"]
    error(client.post(f"/api/games/{gid}/resign", json={"color": "white"}), 409,
          "engine_plays_white")


def test_creation_errors(client: TestClient) -> None:
    error(client.post("/api/games", json={"variant": "chess"}), 422, "unknown_variant")
    error(client.post("/api/games", json={"fen": "W:W99"}), 422, "bad_fen")
    error(client.post("/api/games", json={"white": "robot"}), 422, "bad_player")
    error(client.post("/api/games", json={"level": 11}), 422, "bad_level")
    error(client.post("/api/games", json={"time_control": "soon"}), 422, "bad_time_control")
    error(client.get("/api/games/999999"), 404, "game_not_found")
    error(client.post("/api/games/import", content="\n\n",
                      headers={"content-type": "application/x-pdn"}), 422, "pdn_empty")


def test_first_player_chosen_where_the_rules_let_the_players_choose(client: TestClient) -> None:
    thai = client.get("/api/variants/thai").json()
    assert (thai["first_player"], thai["first_player_choice"]) == ("black", True)
    assert client.get("/api/variants/international").json()["first_player_choice"] is False
    for variant in ("thai", "malaysian", "old-french"):
        for side in ("white", "black"):
            g = new_game(client, variant=variant, first_player=side)
            assert g["turn"] == side and g["legal_moves"], (variant, side)
            again = client.get(f"/api/games/{g['id']}").json()
            assert (again["turn"], again["start_fen"]) == (side, g["start_fen"])
    assert new_game(client, variant="international", first_player="white")["turn"] == "white"
    body = error(client.post("/api/games", json={"variant": "international",
                                                  "first_player": "black"}),
                 422, "first_player_fixed")
    assert body["first"] == "white"
    error(client.post("/api/games", json={"variant": "thai", "first_player": "red"}), 422,
          "bad_first_player")
    error(client.post("/api/games", json={"variant": "thai", "first_player": "white",
                                          "fen": "B:W21:B5"}), 422, "first_player_with_fen")


def test_codes_of_the_routes(client: TestClient) -> None:
    error(client.get("/api/games/12x"), 404, "game_not_found")
    error(client.get("/api/variants/chess"), 404, "unknown_variant")
    error(client.post("/api/position", json={"variant": "czech", "fen": "W:W99"}), 422, "bad_fen")
    error(client.post("/api/position", json={"variant": "chess"}), 422, "unknown_variant")


def test_generic_codes_by_status(client: TestClient) -> None:
    error(client.get("/api/nothing-here"), 404, "not_found")
    error(client.put("/api/games"), 405, "method_not_allowed")


def test_reason_and_note_codes(client: TestClient) -> None:
    gid = new_game(client)["id"]
    r = client.post(f"/api/games/{gid}/draw", json={"action": "offer"})
    assert r.json()["message_code"] == "draw_offered_white"
    r = client.post(f"/api/games/{gid}/draw", json={"action": "accept"})
    state = r.json()
    assert state["message_code"] == "draw_agreed"
    assert (state["reason_code"], state["reason_args"]) == ("agreement", {})
    gid = new_game(client)["id"]
    state = client.post(f"/api/games/{gid}/resign", json={"color": "black"}).json()
    assert state["reason_code"] == "resigned_black"
    state = new_game(client, fen="B:W28:B")  # Black to move has no piece: White has won
    assert state["status"] == "over" and state["reason_code"] == "no_pieces"
    playing = new_game(client)
    assert playing["reason_code"] is None and playing["reason_args"] == {}
