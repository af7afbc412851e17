"""The web app acts only for its own page (issue 15, security): Content-Type, Origin, Host and
the access token, over HTTP and WebSocket. Each refusal is checked to leave the games as they
were."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from damier.cli import main
from damier.web.app import create_app
from tests.web.conftest import LOCAL, LOCAL_WS

EVIL = "http://evil.example"
PDN = '[Event "x"]\n1.32-28 19-23 *\n'


def make_client(tmp_path: Path, **options: Any) -> TestClient:
    return TestClient(create_app(tmp_path / "a.sqlite3", **options), base_url=LOCAL)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def new_game(client: TestClient, **headers: str) -> int:
    r = client.post("/api/games", json={}, headers=headers)
    assert r.status_code == 201, r.text
    return int(r.json()["id"])


def snapshot(client: TestClient) -> list[tuple[int, int, str | None]]:
    games = client.get("/api/games").json()["games"]
    return sorted((g["id"], g["ply"], g["result"]) for g in games)


# -- Content-Type ---------------------------------------------------------------------------------

@pytest.mark.parametrize("ctype", [None, "text/plain", "application/x-www-form-urlencoded",
                                   "multipart/form-data; boundary=x", "application/jsonx"])
def test_json_endpoints_need_json_content_type(client: TestClient, ctype: str | None) -> None:
    gid = new_game(client)
    before = snapshot(client)
    headers = {"content-type": ctype} if ctype else {}
    for path, body in ((f"/api/games/{gid}/moves", b'{"move": "32-28"}'),
                       (f"/api/games/{gid}/resign", b"{}"),
                       (f"/api/games/{gid}/undo", b""),
                       ("/api/games", b"{}"),
                       ("/api/position", b'{"fen": "W:W31:B1"}')):
        r = client.post(path, content=body, headers=headers)
        assert r.status_code == 415, (path, r.text)
    assert snapshot(client) == before


def test_import_takes_text_or_json_but_not_forms(client: TestClient) -> None:
    form = client.post("/api/games/import", content=PDN,
                       headers={"content-type": "application/x-www-form-urlencoded"})
    assert form.status_code == 415 and snapshot(client) == []
    assert client.post("/api/games/import", content=PDN,
                       headers={"content-type": "application/x-pdn"}).status_code == 201
    assert client.post("/api/games/import", content=PDN, headers={
        "content-type": "text/plain; charset=utf-8", "origin": LOCAL}).status_code == 201
    assert client.post("/api/games/import", json={"pdn": PDN}).status_code == 201


@pytest.mark.parametrize("path", ["/api/games/import", "/api/explorer/import",
                                  "/api/puzzles/import"])
def test_a_text_plain_import_without_origin_is_refused(client: TestClient, path: str) -> None:
    # issue 24: a form on another site can POST text/plain, and some browsers send no Origin
    client.app.state.explorer._default_checked = True  # type: ignore[attr-defined]
    r = client.post(path, content=PDN, headers={"content-type": "text/plain"})
    assert r.status_code == 403, r.text
    assert "application/x-pdn" in r.json()["error"]
    assert snapshot(client) == []


def test_a_text_plain_import_with_the_token_is_accepted(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "t.sqlite3", token="s3cret"), base_url=LOCAL) as c:
        r = c.post("/api/games/import", content=PDN, headers={
            "content-type": "text/plain", "authorization": "Bearer s3cret"})
        assert r.status_code == 201, r.text


# -- Origin ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("origin", [EVIL, "null", "http://127.0.0.1:9999", "https://localhost",
                                    "http://127.0.0.1:8000.evil.example", "garbage"])
def test_foreign_origins_cannot_act(client: TestClient, origin: str) -> None:
    gid = new_game(client)
    before = snapshot(client)
    hostile = {"origin": origin}
    for method, path, kwargs in (
            ("POST", f"/api/games/{gid}/moves", {"json": {"move": "32-28"}}),
            ("POST", f"/api/games/{gid}/resign", {"json": {}}),
            ("POST", "/api/games/import", {"content": PDN,
                                           "headers": {"content-type": "text/plain"}}),
            ("POST", "/api/games", {"json": {}}),
            ("DELETE", f"/api/games/{gid}", {}),
            ("GET", "/api/games", {})):
        headers = {**kwargs.pop("headers", {}), **hostile}
        r = client.request(method, path, headers=headers, **kwargs)
        assert r.status_code == 403, (method, path, r.text)
    assert snapshot(client) == before


def test_own_origin_is_accepted(client: TestClient) -> None:
    gid = new_game(client, origin=LOCAL)
    r = client.post(f"/api/games/{gid}/moves", json={"move": "32-28"}, headers={"origin": LOCAL})
    assert r.status_code == 200 and r.json()["ply"] == 1


def test_allow_origin_lets_a_named_origin_act(tmp_path: Path) -> None:
    with make_client(tmp_path, allow_origins=[EVIL]) as c:
        gid = new_game(c, origin=EVIL)
        r = c.post(f"/api/games/{gid}/moves", json={"move": "32-28"}, headers={"origin": EVIL})
        assert r.status_code == 200
        other = c.post("/api/games", json={}, headers={"origin": "http://other.example"})
        assert other.status_code == 403


# -- Host (DNS rebinding) -------------------------------------------------------------------------

@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "192.168.1.5:8000",
                                  "localhost.evil.example", ""])
def test_foreign_host_is_refused(client: TestClient, host: str) -> None:
    new_game(client)
    r = client.get("/api/games", headers={"host": host})
    assert r.status_code == 403, r.text
    assert "games" not in r.json()


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1", "[::1]:8000"])
def test_loopback_names_are_own(client: TestClient, host: str) -> None:
    assert client.get("/api/games", headers={"host": host}).status_code == 200


def test_wildcard_bind_takes_ip_hosts_but_not_names(tmp_path: Path) -> None:
    with make_client(tmp_path, host="0.0.0.0", token="t") as c:
        auth = {"authorization": "Bearer t"}
        assert c.get("/api/games", headers={**auth, "host": "192.168.1.5:8000"}).status_code == 200
        assert c.get("/api/games", headers={**auth, "host": "evil.example"}).status_code == 403


# -- WebSocket ------------------------------------------------------------------------------------

def test_websocket_refuses_foreign_origin_and_host(client: TestClient) -> None:
    gid = new_game(client)
    url = f"{LOCAL_WS}/ws/games/{gid}"
    for headers in ({"origin": EVIL}, {"origin": "null"}):
        with pytest.raises(WebSocketDisconnect) as caught, \
                client.websocket_connect(url, headers=headers) as ws:
            ws.receive_json()
        assert caught.value.code == 4403
    with pytest.raises(WebSocketDisconnect), \
            client.websocket_connect(f"ws://evil.example/ws/games/{gid}") as ws:
        ws.receive_json()
    with client.websocket_connect(url, headers={"origin": LOCAL}) as ws:
        assert ws.receive_json()["type"] == "state"


# -- the access token -----------------------------------------------------------------------------

def test_token_is_required_for_api_and_websocket(tmp_path: Path) -> None:
    with make_client(tmp_path, host="0.0.0.0", token="s3cret") as c:
        assert c.get("/api/games").status_code == 401
        assert c.get("/api/games", headers={"authorization": "Bearer wrong"}).status_code == 401
        assert c.post("/api/games", json={}).status_code == 401
        assert c.get("/").status_code == 401
        assert c.get("/api/games", headers={"authorization": "Bearer s3cret"}).status_code == 200
        page = c.get("/?token=s3cret")  # the address printed at start: sets the cookie
        assert page.status_code == 200 and "damier_token=s3cret" in page.headers["set-cookie"]
        assert "samesite=strict" in page.headers["set-cookie"].lower()
        gid = new_game(c)  # the client now carries the cookie, as the page's requests do
        with c.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
            assert ws.receive_json()["type"] == "state"
        c.cookies.clear()
        with pytest.raises(WebSocketDisconnect) as caught, \
                c.websocket_connect(f"{LOCAL_WS}/ws/games/{gid}") as ws:
            ws.receive_json()
        assert caught.value.code == 4401


def test_serve_prints_a_token_when_not_loopback(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr("damier.web.app.run", lambda **kw: seen.update(kw))
    db = str(tmp_path / "g.sqlite3")
    assert main(["serve", "--host", "0.0.0.0", "--db", db]) == 0
    token = seen["token"]
    assert token and len(token) >= 24
    assert f"?token={token}" in capsys.readouterr().out
    assert main(["serve", "--db", db]) == 0 and seen["token"] is None
    assert main(["serve", "--db", db, "--allow-origin", "not a url"]) == 2
