"""Puzzles over the API: next, moves checked against the solution and the engine, hints,
score and streak stored, imports of problem collections, and the error paths."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from damier.analysis import puzzledb
from damier.formats.pdn import read_games
from damier.web.app import create_app
from tests.analysis.test_puzzles import COLLECTION
from tests.web.conftest import LOCAL

SHIPPED = puzzledb.DEFAULT_PUZZLES  # before the fixture below hides it
EASY = '[Event "Easy"][FEN "W:W31,32,33,34,35,36:B5"]\n1. 31-27 *\n'


@pytest.fixture(autouse=True)
def no_default_puzzles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(puzzledb, "DEFAULT_PUZZLES", tmp_path / "none")


def load(client: TestClient, text: str) -> Any:
    return client.post("/api/puzzles/import", content=text.encode(),
                       headers={"content-type": "application/x-pdn"})


def move(client: TestClient, pid: int, mv: str, step: int, **extra: Any) -> Any:
    return client.post(f"/api/puzzles/{pid}/moves", json={"move": mv, "step": step, **extra})


def test_solve_fail_and_scores(client: TestClient, db_path: Path) -> None:
    assert client.get("/api/puzzles/next").json()["code"] == "no_puzzles"
    r = load(client, COLLECTION)
    assert r.status_code == 201, r.text
    body = r.json()
    assert (body["added"], body["duplicates"], len(body["rejected"])) == (2, 0, 2)
    assert "does not replay" in body["rejected"][0]
    p = client.get("/api/puzzles/next", params={"player": "ann"}).json()
    assert p["side"] == "white" and p["steps"] == 2 and p["title"] == "Shot"
    assert "solution" not in p and p["stats"]["score"] == 0
    assert "35-30" in [m["notation"] for m in p["position"]["legal_moves"]]
    r = move(client, p["id"], "35-30", 0, player="ann")
    assert r.status_code == 200, r.text
    first = r.json()
    assert (first["result"], first["solved"], first["reply"], first["step"]) == ("right", False,
                                                                               "20x29", 2)
    assert first["position"]["turn"] == "white"
    assert [m["notation"] for m in first["position"]["legal_moves"]] == ["34x12", "34x14"]
    last = move(client, p["id"], "34x12", 2, player="ann").json()
    assert last["result"] == "right" and last["solved"] and last["stats"]["score"] == 1
    assert last["stats"]["streak"] == 1
    second = client.get("/api/puzzles/next", params={"player": "ann"}).json()
    assert second["id"] != p["id"] and second["side"] == "black"
    take = move(client, second["id"], "23x32", 0, player="ann").json()
    assert take["result"] == "right" and take["solved"]  # Black's only move is the solution
    r = client.get("/api/puzzles/next", params={"player": "ann"})
    assert (r.status_code, r.json()["code"]) == (404, "puzzles_done")
    # a wrong move ends the streak; the score and streak survive a restart
    bob = client.get("/api/puzzles/next", params={"player": "bob"}).json()
    assert move(client, bob["id"], "35-30", 0, player="bob").json()["result"] == "right"
    r = move(client, bob["id"], "34x14", 2, player="bob").json()
    assert r["result"] == "right"  # an equal capture: accepted through the engine
    assert r["alternative"] and r["solved"]
    with TestClient(create_app(db_path), base_url=LOCAL) as other:
        stats = other.get("/api/puzzles/stats", params={"player": "ann"}).json()
        assert (stats["score"], stats["streak"], stats["solved"]) == (2, 2, 2)
        assert stats["puzzles"] == {"international": 2}


def test_wrong_moves_alternatives_and_hints(client: TestClient) -> None:
    assert load(client, EASY).status_code == 201
    assert load(client, EASY).json()["already"] is True
    assert load(client, COLLECTION).status_code == 201
    # served nearest to the player's rating: a newcomer's 1500 is nearer the two-move "Shot"
    # (seeded at 1350) than the one-move puzzles (1200)
    shot = client.get("/api/puzzles/next", params={"player": "cy"}).json()
    assert shot["title"] == "Shot" and shot["rating"]["rating"] == 1350
    hint = client.get(f"/api/puzzles/{shot['id']}/hint", params={"step": 0}).json()
    assert hint == {"level": 1, "from": 35}
    hint = client.get(f"/api/puzzles/{shot['id']}/hint", params={"step": 0, "level": 2}).json()
    assert hint["move"] == "35-30"
    r = move(client, shot["id"], "50-45", 0, player="cy").json()
    assert r["result"] == "wrong" and r["step"] == 0 and r["position"]["fen"] == shot["fen"]
    easy = client.get("/api/puzzles/next", params={"player": "cy"}).json()
    assert easy["title"] == "Easy"  # one move (1200), stored before the other one-mover
    r = move(client, easy["id"], "32-28", 0, player="cy").json()
    assert (r["result"], r["alternative"], r["solved"]) == ("right", True, True)
    stats = client.get("/api/puzzles/stats", params={"player": "cy"}).json()
    assert (stats["score"], stats["streak"], stats["failed"]) == (1, 1, 1)
    # solved with a hint: counted as solved, no point
    dee = client.get("/api/puzzles/next", params={"player": "dee"}).json()
    move(client, dee["id"], "35-30", 0, player="dee", hints=1)
    move(client, dee["id"], "34x12", 2, player="dee", hints=1)
    stats = client.get("/api/puzzles/stats", params={"player": "dee"}).json()
    assert (stats["score"], stats["solved"]) == (0, 1)


def test_puzzle_errors(client: TestClient) -> None:
    load(client, COLLECTION)
    pid = client.get("/api/puzzles/next").json()["id"]
    for body, status, code in (
        ({"move": "35-30", "step": 1}, 422, "bad_step"),
        ({"move": "35-30", "step": 4}, 422, "bad_step"),
        ({"move": "35-30", "step": "0"}, 422, "bad_step"),
        ({"move": "35-29", "step": 0}, 422, "illegal_move"),
        ({"step": 0}, 422, "move_missing"),
        ({"move": "35-30", "step": 0, "player": "x" * 41}, 422, "bad_player_name"),
    ):
        r = client.post(f"/api/puzzles/{pid}/moves", json=body)
        assert (r.status_code, r.json()["code"]) == (status, code), body
    for path, status, code in (
        ("/api/puzzles/999", 404, "puzzle_not_found"),
        ("/api/puzzles/abc", 404, "puzzle_not_found"),
        ("/api/puzzles/next?variant=chess", 422, "unknown_variant"),
        ("/api/puzzles/next?variant=russian", 404, "no_puzzles"),
        (f"/api/puzzles/{pid}/hint?level=3", 422, "bad_hint_level"),
        (f"/api/puzzles/{pid}/hint?step=1", 422, "bad_step"),
        (f"/api/puzzles/{pid}/hint?step=x", 422, "invalid"),
    ):
        r = client.get(path)
        assert (r.status_code, r.json()["code"]) == (status, code), path
    assert client.post("/api/puzzles/999/moves", json={"move": "1-6", "step": 0}).status_code \
        == 404
    r = load(client, "no problems in here")
    assert (r.status_code, r.json()["code"]) == (422, "pdn_empty")
    r = client.post("/api/puzzles/import", content=b"x", headers={"content-type": "image/png"})
    assert r.status_code == 415
    r = client.post(f"/api/puzzles/{pid}/moves", content=b"[1]",
                    headers={"content-type": "application/json"})
    assert r.status_code == 422


def test_show_the_solution(client: TestClient) -> None:
    load(client, COLLECTION)
    pid = client.get("/api/puzzles/next", params={"player": "ann"}).json()["id"]
    r = client.post(f"/api/puzzles/{pid}/solution", json={"step": 0, "player": "ann"})
    assert r.status_code == 200, r.text
    answer = r.json()
    assert [m["notation"] for m in answer["moves"]] == ["35-30", "20x29", "34x12"]
    assert [(m["from"], m["to"]) for m in answer["moves"]] == [(35, 30), (20, 29), (34, 12)]
    assert answer["moves"][1]["position"]["turn"] == "white"
    last = answer["moves"][-1]["position"]
    assert last["fen"] == "B:W12,28,30,40,50:B5,13,15,19" and last["turn"] == "black"
    # giving up is a failure, and only the first result counts
    assert (answer["stats"]["failed"], answer["stats"]["streak"]) == (1, 0)
    assert move(client, pid, "35-30", 0, player="ann").json()["stats"]["failed"] == 1
    solved = move(client, pid, "34x12", 2, player="ann").json()
    assert solved["solved"] and solved["stats"]["score"] == 0
    # from the solver's second move: the rest only; the first result stays
    rest = client.post(f"/api/puzzles/{pid}/solution", json={"step": 2, "player": "bob"}).json()
    assert [m["notation"] for m in rest["moves"]] == ["34x12"] and rest["stats"]["failed"] == 1
    for body, status, code in (({"step": 1}, 422, "bad_step"), ({"step": 4}, 422, "bad_step"),
                               ({"step": True}, 422, "bad_step"),
                               ({"player": "x" * 41}, 422, "bad_player_name")):
        r = client.post(f"/api/puzzles/{pid}/solution", json=body)
        assert (r.status_code, r.json()["code"]) == (status, code), body
    r = client.post("/api/puzzles/999/solution", json={"step": 0})
    assert (r.status_code, r.json()["code"]) == (404, "puzzle_not_found")


def test_the_shipped_puzzles_are_served(client: TestClient, monkeypatch: pytest.MonkeyPatch
                                        ) -> None:
    monkeypatch.setattr(puzzledb, "DEFAULT_PUZZLES", SHIPPED)
    counts = client.get("/api/puzzles/stats", params={"player": "new"}).json()["puzzles"]
    shipped = {path.stem: sum(1 for _ in read_games(path)) for path in SHIPPED.glob("*.pdn")}
    assert counts == shipped and min(shipped.values()) >= 20, (counts, shipped)
    for variant in ("international", "czech", "russian"):
        p = client.get("/api/puzzles/next", params={"variant": variant}).json()
        assert p["variant"] == variant and p["kind"] == "mined" and p["steps"] >= 1
        assert " - " in p["title"] and not p["title"].startswith("damier puzzle"), p["title"]
        assert p["position"]["legal_moves"] and p["side"] in ("white", "black")
