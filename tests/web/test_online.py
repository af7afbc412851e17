"""Play between people over the API: challenges, seats, refusals, offers, ratings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from damier.web.app import create_app
from tests.web.online_harness import Player, receive_until, start_game

LOCAL = "http://127.0.0.1:8000"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3"), base_url=LOCAL) as c:
        yield c


def test_the_page_is_served(client: TestClient) -> None:
    r = client.get("/online")
    assert r.status_code == 200 and "/static/online/main.js" in r.text


def test_invite_accept_and_play(client: TestClient) -> None:
    ann, bob, eve = Player(client, "Ann"), Player(client, "Bob"), Player(client, "Eve")
    cid = ann.challenge(variant="russian", time_control="5+3", color="white", rated=True)
    seen = bob.call("GET", f"/api/online/challenges/{cid}")
    assert (seen["by"], seen["variant"], seen["rated"], seen["mine"]) == ("Ann", "russian", True, False)
    gid = bob.accept(cid)
    assert ann.view(gid)["online"]["you"] == ["white"]
    assert bob.view(gid)["online"]["you"] == ["black"]
    assert eve.view(gid)["online"]["you"] == []
    assert ann.act(gid, "move", move="c3-d4")["ply"] == 1
    # the wrong seat, a spectator, a browser without a key: refused, the board unchanged
    assert ann.act(gid, "move", 403, move="f6-g5")["code"] == "not_your_turn"
    assert eve.act(gid, "move", 403, move="f6-g5")["code"] == "spectator"
    assert Player(client, "Nobody").act(gid, "resign", 403)["code"] == "spectator"
    assert bob.view(gid)["game"]["ply"] == 1
    # the games API (the server's token holder) cannot act in a game between people
    for path, body in (("moves", {"move": "f6-g5"}), ("undo", {}), ("resign", {"color": "white"})):
        r = client.post(f"/api/games/{gid}/{path}", json=body)
        assert (r.status_code, r.json()["code"]) == (409, "online_game")
    assert client.delete(f"/api/games/{gid}").status_code == 409
    bob.act(gid, "move", move="f6-g5")
    # the same move sent again after a reconnect is acknowledged, not played twice
    assert bob.act(gid, "move", move="f6-g5", ply=1)["ply"] == 2
    assert ann.view(gid)["game"]["moves"][1]["notation"] == "f6-g5"


def test_forged_secrets_are_refused_and_guessing_is_bounded(client: TestClient) -> None:
    ann, bob = Player(client, "Ann"), Player(client, "Bob")
    gid = start_game(ann, bob)
    forger = Player(client, "Mallory", key="x" * 43)
    assert forger.act(gid, "resign", 403)["code"] == "forged_key"
    assert forger.call("POST", "/api/online/seat", {"seat": "y" * 43}, 403)["code"] == "forged_seat"
    guesser = Player(client, "Guess")
    codes = [guesser.call("POST", "/api/online/seat", {"seat": f"{n:043d}"}, None)
             for n in range(25)]
    assert codes[0]["code"] == "forged_seat"
    assert codes[-1]["code"] == "too_many_guesses"
    # the address is refused for a while, even with good secrets (the bound holds for all)
    assert ann.call("GET", f"/api/online/games/{gid}", expect=429)["code"] == "too_many_guesses"
    assert client.get(f"/api/games/{gid}").json()["status"] == "playing"


def test_seat_link_moves_the_seat(client: TestClient) -> None:
    ann, bob = Player(client, "Ann"), Player(client, "Bob")
    gid = start_game(ann, bob)
    link = ann.view(gid)["online"]["seat_links"]["white"]
    assert "seat_links" not in str(bob.view(gid)["online"]["seat_links"].get("white", ""))
    phone = Player(client, "Ann")
    assert phone.call("POST", "/api/online/seat", {"seat": link}) == {"game": gid, "color": "white"}
    phone.act(gid, "move", move="32-28")
    assert ann.act(gid, "resign", 403)["code"] == "spectator"


def test_socket_players_and_spectator(client: TestClient) -> None:
    ann, bob, eve = Player(client, "Ann"), Player(client, "Bob"), Player(client, "Eve")
    gid = start_game(ann, bob)
    with ann.socket(gid) as wa, bob.socket(gid) as wb, eve.socket(gid) as we:
        first = receive_until(we, lambda m: m["type"] == "state")
        assert first["online"]["you"] == [] and "white" not in first["online"]["seat_links"]
        wa.send_json({"type": "act", "seq": 1, "action": "move", "move": "32-28"})
        ack = receive_until(wa, lambda m: m["type"] in ("ack", "refused"))
        assert ack == {**ack, "type": "ack", "seq": 1, "ply": 1}
        seen = receive_until(we, lambda m: m["type"] == "state" and m["game"]["ply"] == 1)
        assert seen["online"]["players"]["white"]["connected"] is True
        we.send_json({"type": "act", "seq": 7, "action": "move", "move": "19-23"})
        assert receive_until(we, lambda m: m["type"] == "refused")["code"] == "spectator"
        wb.send_json({"type": "ping", "t": 5})
        assert receive_until(wb, lambda m: m["type"] == "pong")["t"] == 5


def test_draw_takeback_resign_rematch_and_ratings(client: TestClient) -> None:
    ann, bob = Player(client, "Ann"), Player(client, "Bob")
    gid = start_game(ann, bob, rated=True)
    ann.act(gid, "move", move="32-28")
    bob.act(gid, "move", move="19-23")
    ann.act(gid, "takeback_request")
    assert bob.act(gid, "takeback_accept")["code"] == "takeback_accepted"
    assert ann.view(gid)["game"]["ply"] == 0   # Ann's move and Bob's reply taken back
    ann.act(gid, "move", move="33-28")
    bob.act(gid, "draw_offer")
    assert ann.act(gid, "draw_decline")["code"] == "draw_declined"
    assert bob.act(gid, "draw_accept", 409)["code"] == "no_draw_offer"
    bob.act(gid, "resign")
    view = ann.view(gid)["online"]
    assert view["ratings"]["white"]["after"] > view["ratings"]["white"]["before"] == 1500
    ann.act(gid, "rematch_offer")
    again = bob.act(gid, "rematch_accept")["game"]
    assert bob.view(again)["online"]["you"] == ["white"]   # colours swapped
    assert ann.view(again)["online"]["rated"] is True
    pdn = client.get(f"/api/games/{gid}/pdn").text
    assert '[White "Ann"]' in pdn and '[Black "Bob"]' in pdn
    for secret in [ann.key, bob.key, *ann.view(gid)["online"]["seat_links"].values()]:
        assert secret and secret not in pdn
    page = client.get("/api/online/players/ann").json()
    assert page["name"] == "Ann" and page["ratings"]["international"]["games"] == 1
    assert [g["id"] for g in page["games"]] == [again, gid]


def test_absence_claim(client: TestClient) -> None:
    online = client.app.state.online   # type: ignore[attr-defined]
    ann, bob = Player(client, "Ann"), Player(client, "Bob")
    gid = start_game(ann, bob)
    with ann.socket(gid):
        ann.act(gid, "move", move="32-28")   # Bob, never connected, is to move
        online.absence = 60.0
        assert ann.act(gid, "claim_win", 409)["code"] == "absence_too_short"
        assert bob.act(gid, "claim_win", 409)["code"] == "absence_not_their_turn"
        online.absence = 0.0
        assert ann.act(gid, "claim_win")["code"] == "absence_win"
    game = bob.view(gid)["game"]
    assert (game["result"], game["reason_code"]) == ("2-0", "absent_black")


def test_a_cut_connection_comes_back_to_the_same_seat(client: TestClient) -> None:
    ann, bob = Player(client, "Ann"), Player(client, "Bob")
    gid = start_game(ann, bob)

    def black_connected(flag: bool) -> object:
        return lambda m: m["type"] == "state" and m["online"]["players"]["black"]["connected"] is flag

    with ann.socket(gid) as wa:
        with bob.socket(gid):
            receive_until(wa, black_connected(True))
        receive_until(wa, black_connected(False))   # Bob's connection is cut
        wa.send_json({"type": "act", "seq": 1, "action": "move", "move": "32-28"})
        receive_until(wa, lambda m: m["type"] == "ack")
        with bob.socket(gid) as wb:   # and restored: the same seat, the game as it is
            back = receive_until(wb, lambda m: m["type"] == "state")
            assert back["online"]["you"] == ["black"] and back["game"]["ply"] == 1
            receive_until(wa, black_connected(True))
            for seq in (1, 2):   # the second is the same move sent again after a retry
                wb.send_json({"type": "act", "seq": seq, "action": "move", "move": "19-23", "ply": 1})
                assert receive_until(wb, lambda m: m["type"] == "ack")["ply"] == 2
    assert [m["notation"] for m in ann.view(gid)["game"]["moves"]] == ["32-28", "19-23"]


def test_lobby_decline_cancel_and_leaders(client: TestClient) -> None:
    ann, bob, cat = Player(client, "Ann"), Player(client, "Bob"), Player(client, "Cat")
    public = ann.challenge(public=True, variant="russian")
    private = ann.challenge()
    listed = [c["id"] for c in bob.call("GET", "/api/online/challenges")]
    assert public in listed and private not in listed   # a private one only by its link
    assert bob.call("POST", f"/api/online/challenges/{private}/decline")["status"] == "declined"
    assert cat.call("POST", f"/api/online/challenges/{private}/accept", {"name": "Cat"},
                    409)["code"] == "challenge_closed"
    assert ann.call("POST", f"/api/online/challenges/{public}/accept", {"name": "Ann"},
                    409)["code"] == "own_challenge"
    assert ann.call("POST", f"/api/online/challenges/{public}/decline")["status"] == "cancelled"
    assert public not in [c["id"] for c in bob.call("GET", "/api/online/challenges")]
    rated = ann.challenge(rated=True)
    assert Player(client, "ANN").call("POST", f"/api/online/challenges/{rated}/accept",
                                      {"name": "ann"}, 409)["code"] == "same_player"
    gid = bob.accept(rated)
    ann.act(gid, "resign")
    leaders = client.get("/api/online/leaders/international").json()
    assert [p["name"] for p in leaders] == ["Bob", "Ann"]
    assert client.get("/api/online/players/nobody").status_code == 404
    assert bob.call("POST", "/api/online/challenges", {"name": "<script>"}, 422)["code"] == "bad_name"
