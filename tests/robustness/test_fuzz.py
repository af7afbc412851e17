"""The fuzz harnesses of ``fuzz/`` run briefly in CI (``make fuzz`` runs them at length): each
must try its inputs and find no failure. The harnesses of searches on king-heavy boards and of
concurrent first use are run briefly by ``tests/native/test_search_kings.py`` and
``tests/core/test_first_use.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.routing import Route
from starlette.testclient import TestClient

from damier.web.app import create_app
from damier.web.routes.openapi import describe
from fuzz import common, huge_tokens, openapi, servers, text_formats
from fuzz.common import Report
from tests.web.conftest import LOCAL

BRIEF = {
    text_formats.fen: 300, text_formats.moves: 200, text_formats.pdn: 200,
    servers.hub: 40, servers.dxp: 25, servers.web: 40, openapi.api: 66, huge_tokens.huge: 4,
}


@pytest.mark.parametrize("harness", list(BRIEF), ids=lambda h: h.__name__)
def test_harness_finds_no_failure(harness: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "REPRODUCIBLE", True)
    examples = BRIEF[harness]  # type: ignore[index]
    report: Report = harness(examples)  # type: ignore[operator]
    assert report.tried >= examples // 2, report.line()
    assert not report.failures, "\n".join([report.line(), *report.failures])


NOT_DESCRIBED = {"/", "/static", "/ws/games/{gid}", "/ws/online/{gid}"}
"""The page, its files and the WebSockets (documented in docs/web.md and docs/online.md;
OpenAPI 3.0 cannot describe a WebSocket)."""
PAGES = {("/", "GET"), ("/online", "GET")}


def test_openapi_description_is_served_and_describes_every_route(tmp_path: Path) -> None:
    app = create_app(tmp_path / "o.sqlite3")
    with TestClient(app, base_url=LOCAL) as client:
        doc = client.get("/api/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    routes = {(r.path, m) for r in app.routes if isinstance(r, Route)
              for m in r.methods or () if m != "HEAD"}
    described = {(path, method.upper()) for path, ops in doc["paths"].items() for method in ops}
    assert described <= routes, f"described but not routes: {described - routes}"
    assert routes - described == PAGES, \
        f"routes without a description in damier.web.routes.openapi: {routes - described - PAGES}"
    others = {getattr(r, "path", None) for r in app.routes if not isinstance(r, Route)}
    assert others <= NOT_DESCRIBED, f"routes of an unknown kind: {others - NOT_DESCRIBED}"


def test_every_operation_lists_its_error_answers() -> None:
    for path, ops in describe()["paths"].items():
        for method, op in ops.items():
            answers = set(op["responses"])
            if "requestBody" in op:
                assert {"400", "413", "415", "422"} <= answers, (method, path)
            if "{" in path:
                assert "404" in answers, (method, path)
            for status, answer in op["responses"].items():
                if status >= "400":
                    schema = answer["content"]["application/json"]["schema"]
                    assert schema == {"$ref": "#/components/schemas/Error"}, (method, path)
