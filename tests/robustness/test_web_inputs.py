"""Bad input to the web app found after the first campaign (the routes of review, records,
explorer and puzzles, and ids written with other digits than ASCII): each answer is a 4xx
with a short JSON error, never a 500. Each test failed on the code before its fix."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from damier.web.app import create_app
from tests.web.conftest import LOCAL, LOCAL_WS

SUPERSCRIPT_TWO = "\u00b2"  # str.isdigit() says yes, int() says no
ARABIC_THREE = "\u0663"  # a decimal digit that int() reads: still not an id


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "w.sqlite3"), base_url=LOCAL,
                    raise_server_exceptions=False) as c:
        c.post("/api/games", json={})
        yield c


@pytest.mark.parametrize("digit", [SUPERSCRIPT_TWO, ARABIC_THREE, "1" * 19])
@pytest.mark.parametrize("path", ["/api/games/{}", "/api/games/{}/pdn", "/api/games/{}/review",
                                  "/api/games/{}/position", "/api/puzzles/{}",
                                  "/api/explorer/games/{}"])
def test_ids_of_other_digits_are_404(client: TestClient, path: str, digit: str) -> None:
    r = client.get(path.format(digit))
    assert r.status_code == 404, r.text
    assert r.json()["code"].endswith("not_found") and len(r.text) < 300


@pytest.mark.parametrize("step", ["--5", SUPERSCRIPT_TWO, "-", "1" * 20, "1.5"])
def test_hint_step_that_is_not_an_integer_is_422(client: TestClient, step: str) -> None:
    r = client.get("/api/puzzles/1/hint", params={"step": step})
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "invalid"


def test_websocket_of_a_game_id_of_other_digits_is_refused(client: TestClient) -> None:
    with client.websocket_connect(f"{LOCAL_WS}/ws/games/{SUPERSCRIPT_TWO}") as ws:
        answer = ws.receive_json()
    assert answer["type"] == "error" and answer["status"] == 404, answer
