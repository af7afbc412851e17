"""Random and hostile inputs never produce a 500: every answer is JSON with a status < 500."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from damier.web.app import create_app
from tests.web.conftest import LOCAL

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30) | st.sampled_from(["32-28", "h14,30-26", "28x19", "W:W1:B50", "5+3",
                                               "czech", "engine", "human", "offer", "accept"]),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text(max_size=8), children, max_size=3),
    max_leaves=6,
)
keys = st.sampled_from(["move", "variant", "fen", "white", "black", "level", "time_control",
                        "tags", "action", "color", "square", "wait", "pdn"])
bodies = st.dictionaries(keys, json_values, max_size=5)
paths = st.sampled_from(["/api/games", "/api/games/1/moves", "/api/games/1/draw",
                         "/api/games/1/resign", "/api/games/1/huff", "/api/games/1/undo",
                         "/api/games/import", "/api/position", "/api/games/2/moves"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=paths, body=bodies)
def test_no_server_errors(tmp_path_factory: Any, path: str, body: dict[str, Any]) -> None:
    client = get_client(tmp_path_factory)
    r = client.post(path, json=body)
    assert r.status_code < 500, (path, body, r.text)
    assert isinstance(r.json(), dict)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=paths, raw=st.binary(max_size=200),
       ctype=st.sampled_from(["application/json", "text/plain", "application/x-pdn", "x/y"]))
def test_no_server_errors_raw(tmp_path_factory: Any, path: str, raw: bytes, ctype: str) -> None:
    client = get_client(tmp_path_factory)
    r = client.post(path, content=raw, headers={"content-type": ctype})
    assert r.status_code < 500, (path, raw, r.text)
    assert isinstance(r.json(), dict)


def get_client(tmp_path_factory: Any) -> TestClient:
    client = CLIENT.get("c")
    if client is None:
        client = TestClient(create_app(tmp_path_factory.mktemp("fuzz") / "f.sqlite3"), base_url=LOCAL)
        client.__enter__()
        client.post("/api/games", json={})
        client.post("/api/games", json={"variant": "czech-traditional",
                                        "fen": "B:W18,30:B14,1"})
        CLIENT["c"] = client
    return client


CLIENT: dict[str, TestClient] = {}


def teardown_module() -> None:
    client = CLIENT.pop("c", None)
    if client is not None:
        client.__exit__(None, None, None)
