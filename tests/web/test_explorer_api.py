"""The opening explorer over the API: lookups, imports, example games, the default set built
in the background on first use, and the error paths."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import damier.web.services.explorer_service as web_explorer
from damier import Board
from damier.analysis import explorer as explorer_module
from damier.analysis.explorer import Explorer
from tests.analysis.test_explorer import GAMES


def add(client: TestClient, text: str, **query: str) -> Any:
    return client.post("/api/explorer/import", content=text.encode(), params=query,
                       headers={"content-type": "application/x-pdn"})


def test_lookup_after_an_import(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explorer_module, "DEFAULT_GAMES", Path("/nonexistent"))
    r = add(client, GAMES, name="club games")
    assert r.status_code == 201, r.text
    assert r.json()["games"] == 4 and r.json()["name"] == "club games"
    assert add(client, GAMES).json()["already"] is True
    r = client.get("/api/explorer", params={"variant": "international"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert "building" not in body  # no default file left to import
    assert body["moves"][0] == {"move": "32-28", "games": 3, "white": 1, "draws": 0, "black": 1,
                                "rating": None}
    assert {"id", "white", "black", "result", "event", "date", "plies"} <= set(body["games"][0])
    board = Board()
    board.push("32-28")
    body = client.get("/api/explorer", params={"fen": board.fen()}).json()
    assert {m["move"] for m in body["moves"]} == {"19-23", "18-23"}
    sources = client.get("/api/explorer/sources").json()
    assert sources["games"] == 4 and sources["sources"][0]["name"] == "club games"
    # an example game: its moves, and opened as a game of the app (finished, read-only)
    first = body["games"][-1]
    game = client.get(f"/api/explorer/games/{first['id']}").json()
    assert game["moves"].startswith("32-28 19-23") and game["result"] == "2-0"
    r = client.post(f"/api/explorer/games/{first['id']}/open", json={})
    assert r.status_code == 201, r.text
    opened = r.json()
    assert opened["status"] == "over" and opened["result"] == "2-0" and opened["ply"] == 4
    assert opened["tags"]["White"] == "A"


def test_search_and_open_at_the_matching_ply(client: TestClient,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explorer_module, "DEFAULT_GAMES", Path("/nonexistent"))
    assert add(client, GAMES).status_code == 201
    r = client.get("/api/explorer/search", params={"player": "e", "per_page": 1})
    assert r.status_code == 200, r.text
    assert r.json()["total"] == 1 and r.json()["games"][0]["white"] == "E"
    board = Board()
    for move in ("32-28", "19-23"):
        board.push(move)
    found = client.get("/api/explorer/search", params={"fen": board.fen()}).json()
    [game] = found["games"]
    assert (game["white"], game["ply"]) == ("A", 2)
    opening = client.get("/api/explorer/search", params={"opening": "32-28 18-23"}).json()
    assert sorted(g["white"] for g in opening["games"]) == ["E", "G"]
    r = client.post(f"/api/explorer/games/{game['id']}/open", params={"ply": game["ply"]},
                    json={})
    assert r.status_code == 201 and r.json()["view_ply"] == 2
    rated = client.get("/api/explorer", params={"since": "2000"}).json()
    assert rated["moves"] == [] and rated["games_total"] == 0  # the games have no date
    for params in ({"page": "x"}, {"result": "maybe"}, {"fen": "W:W99"}, {"from": "soon"},
                   {"player": "x" * 300}):
        r = client.get("/api/explorer/search", params=params)
        assert r.status_code == 422, params
    assert client.get("/api/explorer", params={"min_rating": "high"}).status_code == 422


def test_the_default_games_are_imported_on_first_use(client: TestClient,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    small = [p for p in explorer_module.default_files() if p[0].parent.name == "russian"]
    monkeypatch.setattr(explorer_module, "default_files", lambda: small)
    body = client.get("/api/explorer", params={"variant": "russian"}).json()
    deadline = time.monotonic() + 120
    while "building" in body:
        assert body["building"]["total"] >= 1
        assert time.monotonic() < deadline, "the default games were not imported"
        time.sleep(0.1)
        body = client.get("/api/explorer", params={"variant": "russian"}).json()
    assert body["moves"][0]["move"] == "c3-d4" and body["moves"][0]["games"] > 100
    names = [s["name"] for s in client.get("/api/explorer/sources").json()["sources"]]
    assert names == [p.name for p, _v in small]


def test_answers_say_building_from_the_first_request_until_the_games_are_in(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two first requests at once, one a search: neither passes partial counts off as final,
    not even while the default files are being checked (before the import starts)."""
    small = [p for p in explorer_module.default_files() if p[0].parent.name == "russian"][:1]
    monkeypatch.setattr(explorer_module, "default_files", lambda: small)
    checking, checked, imported = threading.Event(), threading.Event(), threading.Event()
    real_missing, real_import = Explorer.missing_default, Explorer.import_files

    def slow_missing(self: Explorer) -> Any:
        checking.set()
        assert checked.wait(60)
        return real_missing(self)

    def slow_import(self: Explorer, *args: Any, **kwargs: Any) -> Any:
        assert imported.wait(60)
        return real_import(self, *args, **kwargs)

    monkeypatch.setattr(Explorer, "missing_default", slow_missing)
    monkeypatch.setattr(Explorer, "import_files", slow_import)
    russian = {"variant": "russian"}
    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(client.get, "/api/explorer", params=russian)
        assert checking.wait(60)
        found = pool.submit(client.get, "/api/explorer/search", params=russian).result(60)
        assert found.json()["total"] == 0 and found.json()["building"]["done"] == 0
        checked.set()
        looked = first.result(60).json()
    assert looked["games_total"] == 0 and looked["building"] == {"done": 0, "total": 1}
    assert client.get("/api/explorer/search", params=russian).json()["building"]["total"] == 1
    imported.set()
    deadline = time.monotonic() + 120
    while "building" in (body := client.get("/api/explorer/search", params=russian).json()):
        assert time.monotonic() < deadline, "the default games were not imported"
        time.sleep(0.05)
    looked = client.get("/api/explorer", params=russian).json()
    assert body["total"] >= looked["games_total"] > 0 and "building" not in looked


def test_explorer_errors(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(explorer_module, "DEFAULT_GAMES", Path("/nonexistent"))
    for params, status, code in (
        ({"variant": "chess"}, 422, "unknown_variant"),
        ({"fen": "W:W99"}, 422, "bad_fen"),
        ({"fen": "nonsense"}, 422, "bad_fen"),
        ({"fen": "W" * 3000}, 422, "invalid"),
    ):
        r = client.get("/api/explorer", params=params)
        assert (r.status_code, r.json()["code"]) == (status, code), params
    for path in ("/api/explorer/games/999", "/api/explorer/games/x"):
        r = client.get(path)
        assert (r.status_code, r.json()["code"]) == (404, "explorer_game_not_found")
    assert client.post("/api/explorer/games/999/open", json={}).status_code == 404
    r = add(client, "no games here")
    assert (r.status_code, r.json()["code"]) == (422, "pdn_empty")
    r = add(client, GAMES, variant="chess")
    assert (r.status_code, r.json()["code"]) == (422, "unknown_variant")
    r = client.post("/api/explorer/import", content=b"x", headers={"content-type": "image/png"})
    assert r.status_code == 415
    big = b"1. 32-28 *\n" * 600_000
    r = client.post("/api/explorer/import", content=big, headers={"content-type": "application/x-pdn"})
    assert r.status_code == 413
    assert client.get("/api/explorer/sources").json()["games"] == 0


def test_explorer_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DAMIER_EXPLORER_DB", raising=False)
    assert web_explorer.explorer_path(tmp_path / "g.sqlite3") == str(tmp_path / "explorer.sqlite3")
    monkeypatch.setenv("DAMIER_EXPLORER_DB", str(tmp_path / "x.sqlite3"))
    assert web_explorer.explorer_path(tmp_path / "g.sqlite3") == str(tmp_path / "x.sqlite3")


def test_a_served_app_builds_the_default_games_from_the_start(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``damier serve`` (``warm_explorer``) starts the import at start-up: the first lookup
    already finds it under way or done (issue 26: the first use waited about 12 s)."""
    from damier.web.app import create_app
    from tests.web.conftest import LOCAL

    small = [p for p in explorer_module.default_files() if p[0].parent.name == "russian"][:1]
    monkeypatch.setattr(explorer_module, "default_files", lambda: small)
    with TestClient(create_app(db_path, warm_explorer=True), base_url=LOCAL) as client:
        service = client.app.state.explorer  # type: ignore[attr-defined]
        assert service.building is not None, "nothing was started before the first lookup"
        deadline = time.monotonic() + 120
        while service.building["done"] < service.building["total"]:
            assert time.monotonic() < deadline, "the default games were not imported"
            time.sleep(0.05)
        body = client.get("/api/explorer", params={"variant": "russian"}).json()
        assert "building" not in body and body["moves"]


def test_a_server_stopped_mid_import_stops_it_cleanly_and_the_next_start_resumes(
        db_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Stopping the server while the default games import: the worker ends after the file it
    is on, before the database closes (once: "Cannot operate on a closed database" from the
    worker); whole files are kept and the next start imports the rest."""
    import logging

    from damier.analysis import gamedb
    from damier.web.app import create_app
    from tests.web.conftest import LOCAL

    files = [p for p in explorer_module.default_files() if p[0].parent.name == "czech"][:3]
    monkeypatch.setattr(explorer_module, "default_files", lambda: files)
    real_read_part = gamedb.read_part

    def slow_read_part(task: Any) -> Any:  # each file takes a while: the stop comes mid-import
        time.sleep(0.5)
        return real_read_part(task)

    monkeypatch.setattr(gamedb, "read_part", slow_read_part)
    caplog.set_level(logging.INFO)
    with TestClient(create_app(db_path, warm_explorer=True), base_url=LOCAL) as client:
        assert client.app.state.explorer.building["done"] == 0  # type: ignore[attr-defined]
    assert not [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert "stopped with the server" in caplog.text
    ex = explorer_module.Explorer(web_explorer.explorer_path(db_path))
    left = ex.missing_default()
    ex.close()
    assert 0 < len(left) < len(files), left
    monkeypatch.setattr(gamedb, "read_part", real_read_part)
    with TestClient(create_app(db_path, warm_explorer=True), base_url=LOCAL) as client:
        service = client.app.state.explorer  # type: ignore[attr-defined]
        assert service.building["total"] == len(left)
        deadline = time.monotonic() + 60
        while service.building["done"] < service.building["total"]:
            assert time.monotonic() < deadline, "the rest was not imported"
            time.sleep(0.05)
    ex = explorer_module.Explorer(web_explorer.explorer_path(db_path))
    assert ex.missing_default() == []
    ex.close()


def test_damier_serve_warms_the_explorer(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``damier serve`` (:func:`damier.web.app.run`) builds its app with ``warm_explorer``."""
    import uvicorn

    from damier.web import app as web_app
    from tests.web.conftest import LOCAL

    small = [p for p in explorer_module.default_files() if p[0].parent.name == "russian"][:1]
    monkeypatch.setattr(explorer_module, "default_files", lambda: small)
    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: served.append((app, options)))
    web_app.run(db=str(db_path))
    app, options = served[0]
    assert options["log_config"]["loggers"]["damier"]["level"] == "INFO"
    with TestClient(app, base_url=LOCAL):
        assert app.state.explorer.building is not None, "serve did not start the import"


def test_an_answer_started_during_the_import_is_marked_building(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The race seen once in CI: a lookup read the tables while the last default file was being
    committed, the import ended before the answer was sent, and the partial counts went out
    as final. An answer started while the import runs carries ``building`` even if it ends
    after the import."""
    service: web_explorer.ExplorerService = client.app.state.explorer  # type: ignore[attr-defined]
    client.get("/api/explorer", params={"variant": "russian"})  # opened, first-use check done
    service.building = {"done": 0, "total": 1}
    real = Explorer.lookup

    def lookup_while_the_import_ends(self: Explorer, *args: Any, **kwargs: Any) -> Any:
        service.building = {"done": 1, "total": 1}  # the import commits its last file now
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Explorer, "lookup", lookup_while_the_import_ends)
    body = client.get("/api/explorer", params={"variant": "russian"}).json()
    assert body["building"] == {"done": 0, "total": 1}
    again = client.get("/api/explorer", params={"variant": "russian"}).json()
    assert "building" not in again
