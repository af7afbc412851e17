"""The HTTP API fuzzed by schemathesis from its own OpenAPI description
(``/api/openapi.json``): every generated request (valid and invalid bodies, parameters and
content types) must be answered without a 5xx."""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from starlette.testclient import TestClient

from fuzz import common
from fuzz.common import Report


def api(examples: int) -> Report:
    from damier.web.app import create_app

    app = create_app(Path(tempfile.mkdtemp(prefix="damier-openapi-")) / "api.sqlite3")
    report = Report("openapi")
    with TestClient(app, base_url="http://127.0.0.1") as client:
        client.post("/api/games", json={"white": "human", "black": "human"})
        schema = schemathesis.openapi.from_asgi("/api/openapi.json", app,
                                               headers={"host": "127.0.0.1"})
        for result in schema.get_all_operations():
            operation = result.ok()

            @settings(max_examples=max(1, examples // 16), deadline=None, database=None,
                      derandomize=common.REPRODUCIBLE, suppress_health_check=list(HealthCheck))
            @given(case=operation.as_strategy())
            def one(case: schemathesis.Case) -> None:
                report.tried += 1
                response = case.call(headers={"host": "127.0.0.1"})
                try:
                    case.validate_response(response, checks=(not_a_server_error,))
                except Exception as e:  # noqa: BLE001 - every finding is recorded
                    report.fail(f"{case.operation.label}: {str(e)[:200]}", case.as_curl_command())

            one()
    return report
