"""What an import tells the player, and what stays finished (issue 26), over the API.

Each problem of an import names its game, its line in the whole text, a stable code and
its parts (the page says them in its own language); a game without a GameType that does not
replay on International is read on the 8×8 variant its moves fit, with a warning; lidraughts'
clock comments are kept and written back on export, and a game played here with a clock
exports its move times the same way; an illegal move or a bad FEN names its
reason; a finished game refuses an undo; a review that does not exist can be asked for
without an error status.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.web.test_api import FakeTime, move, new_game

LIDRAUGHTS = """[Event "Casual"]
[Site "lidraughts"]
[White "a"]
[Black "b"]
[Result "*"]
[GameType "20"]

1. 32-28 {[%clock w3:00 B3:00]} 19-23 {[%clock W3:00 b2:58]} 2. 28x19 {[%clock w2:55 B2:58]}
14x23 {[%clock W2:55 b2:51] a fine recapture} *
"""


def import_text(client: TestClient, text: str, variant: str | None = None) -> dict[str, Any]:
    url = "/api/games/import" + (f"?variant={variant}" if variant else "")
    r = client.post(url, content=text.encode(), headers={"content-type": "application/x-pdn"})
    assert r.status_code == 201, r.text
    return dict(r.json())


def test_import_reports_every_game_and_each_problem_by_line(client: TestClient) -> None:
    games = "".join(f'[Event "g{n}"]\n[Result "*"]\n\n1. 32-28 19-23 *\n\n' for n in range(19))
    bad = '[Event "bad"]\n[Result "*"]\n\n1. 32-28 19-23\n2. 28-22 18-22 *\n'
    body = import_text(client, games + bad)
    assert body["imported"] == 20 and len(body["ids"]) == 20
    [error] = body["errors"]
    assert (error["game"], error["id"], error["line"]) == (20, body["ids"][19], 19 * 5 + 5)
    assert error["code"] == "illegal_move" and error["severity"] == "error"
    assert error["args"] == {"move": "28-22", "reason": "capture_compulsory", "moves": "28x19"}
    assert error["error"].startswith(f"line {19 * 5 + 5}, column 4: error: move 28-22")


def test_a_game_without_gametype_is_read_on_the_variant_its_moves_fit(client: TestClient) -> None:
    czech = '[Event "x"]\n[Result "*"]\n\n1. c3-d4 f6-g5 2. b2-c3 g7-f6 *\n'
    body = import_text(client, czech)
    [game] = body["games"]
    assert game["variant"] == "russian" and game["ply"] == 4
    [warning] = body["warnings"]
    assert warning["code"] == "no_gametype_guess" and warning["args"] == {"variant": "russian"}
    # a variant given by the player is taken as it is
    body = import_text(client, czech, "czech")
    assert body["games"][0]["variant"] == "czech" and not body["warnings"]


def test_clock_comments_are_kept_and_exported(client: TestClient) -> None:
    body = import_text(client, LIDRAUGHTS)
    gid = body["ids"][0]
    assert body["errors"] == [] and body["games"][0]["ply"] == 4
    tree = client.get(f"/api/games/{gid}").json()["tree"]
    assert tree["main"][1]["comments_after"] == ["[%clock W3:00 b2:58]"]
    out = client.get(f"/api/games/{gid}/pdn").text
    for clock in ("[%clock w3:00 B3:00]", "[%clock W2:55 b2:51] a fine recapture"):
        assert clock in out


def test_a_timed_game_exports_its_move_times_and_round_trips(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game played here with a clock writes the clocks after each move as lidraughts does
    (the side to move in capitals); imported again it shows them and exports them unchanged."""
    import damier.web.services.game_clock as clock

    fake = FakeTime()
    monkeypatch.setattr(clock, "time", fake)
    gid = new_game(client, time_control="5+3")["id"]
    # White's first move is free; Black thinks 4.2 s, White 61.9 s, Black 2 s (+3 s each)
    for think, text in [(0, "32-28"), (4.2, "19-23"), (61.9, "28x19"), (2.0, "14x23")]:
        fake.now += think
        assert move(client, gid, text).status_code == 200
    out = client.get(f"/api/games/{gid}/pdn").text
    assert '[TimeControl "300+3"]' in out
    expected = ["[%clock w0:05:00 B0:05:00]", "[%clock W0:05:00 b0:04:58]",
                "[%clock w0:04:01 B0:04:58]", "[%clock W0:04:01 b0:04:59]"]
    assert re.findall(r"\[%clock [^\]]*\]", out) == expected
    # imported again: the comments are the move times the page shows, and export the same
    again = import_text(client, out)["ids"][0]
    tree = client.get(f"/api/games/{again}").json()["tree"]
    assert [node["comments_after"] for node in tree["main"]] == [[c] for c in expected]
    assert client.get(f"/api/games/{again}/pdn").text.split("\n\n", 1)[1] == out.split("\n\n", 1)[1]


def test_reasons_of_illegal_moves_and_bad_fens(client: TestClient) -> None:
    gid = new_game(client, fen="W:W28:B23")["id"]
    r = move(client, gid, "28-22")
    assert r.status_code == 422
    assert r.json()["reason"] == "capture_compulsory" and r.json()["moves"] == "28x19"
    for fen, reason, extra in [("W:W31:B31", "square_twice", {"square": "31"}),
                               ("W:W3,31:B20", "crowned_man", {"square": "3"})]:
        r = client.post("/api/games", json={"fen": fen})
        assert r.status_code == 422 and r.json()["code"] == "bad_fen"
        assert r.json()["reason"] == reason and extra.items() <= r.json().items()


def test_a_finished_game_stays_finished_and_reviews_are_asked_quietly(client: TestClient) -> None:
    gid = new_game(client)["id"]
    move(client, gid, "32-28")
    client.post(f"/api/games/{gid}/resign", json={"color": "black"})
    r = client.post(f"/api/games/{gid}/undo", json={})
    assert r.status_code == 409 and r.json()["code"] == "finished_read_only"
    state = client.get(f"/api/games/{gid}").json()
    assert state["status"] == "over" and state["winner"] == "white"
    r = client.get(f"/api/games/{gid}/review?missing=ok")
    assert r.status_code == 200 and r.json() == {"status": "none"}
    assert client.get(f"/api/games/{gid}/review").status_code == 404
