"""The fuzz harnesses of ``fuzz/`` run briefly in CI (``make fuzz`` runs them at length): each
must try its inputs and find no failure."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from damier.web.app import create_app
from fuzz import common, openapi, servers, text_formats
from fuzz.common import Report
from tests.web.conftest import LOCAL

BRIEF = {
    text_formats.fen: 300, text_formats.moves: 200, text_formats.pdn: 200,
    servers.hub: 40, servers.dxp: 25, servers.web: 40, openapi.api: 48,
}


@pytest.mark.parametrize("harness", list(BRIEF), ids=lambda h: h.__name__)
def test_harness_finds_no_failure(harness: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "REPRODUCIBLE", True)
    examples = BRIEF[harness]  # type: ignore[index]
    report: Report = harness(examples)  # type: ignore[operator]
    assert report.tried >= examples // 2, report.line()
    assert not report.failures, "\n".join([report.line(), *report.failures])


def test_openapi_description_is_served_and_names_real_routes(tmp_path: Path) -> None:
    app = create_app(tmp_path / "o.sqlite3")
    with TestClient(app, base_url=LOCAL) as client:
        doc = client.get("/api/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    routes = {(r.path, m) for r in app.routes if hasattr(r, "methods") and r.methods
              for m in r.methods}
    described = {(path, method.upper()) for path, ops in doc["paths"].items() for method in ops}
    assert described <= routes, described - routes
