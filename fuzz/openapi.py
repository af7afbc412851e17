"""The HTTP API fuzzed by schemathesis from its own OpenAPI description
(``/api/openapi.json``): every generated request, valid (positive) and invalid (negative)
bodies, parameters and content types, on every route described, must be answered without a
5xx, with a status the description lists for that route, in the content type and shape it
describes.

Before fuzzing, the app gets something to find: a game without moves (id 1) and one with
moves (id 2, so that reviews and variations have work), two puzzles, and a few games in the
opening explorer (whose import of the default game files, tens of seconds and not driven by
any input, is skipped)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.testclient import TestClient

from fuzz import common
from fuzz.common import Report

HOST = {"host": "127.0.0.1"}
CHECKS = (not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance)
PUZZLES = """[Event "Shot"][FEN "W:W24,28,34,35,40,50:B5,13,15,18,19,20"]
1. 35-30 20x29 2. 34x12 *

[Event "Easy"][FEN "W:W31,32,33,34,35,36:B5"]
1. 31-27 *
"""
EXPLORER_GAMES = """[White "A"][Black "B"][Result "2-0"]
1. 32-28 19-23 2. 28x19 14x23 3. 33-28 2-0

[White "C"][Black "D"][Result "1-1"]
1. 32-28 18-23 2. 37-32 12-18 1-1
"""


def _seed(client: TestClient) -> None:
    """The games, puzzles and explorer games the fuzzed requests can find (ids 1, 2 ...)."""
    client.post("/api/games", json={"white": "human", "black": "human"})
    second = client.post("/api/games", json={"white": "human", "black": "human"}).json()["id"]
    for move in ("32-28", "19-23"):
        client.post(f"/api/games/{second}/moves", json={"move": move})
    text = {"content-type": "application/x-pdn"}
    client.post("/api/puzzles/import", content=PUZZLES.encode(), headers=text)
    client.post("/api/explorer/import", content=EXPLORER_GAMES.encode(), headers=text)


KNOWN = {"gid": [1, 2], "pid": [1, 2], "eid": [1, 2],
         "name": ["international", "russian", "frisian", "czech"]}
"""Path parameters that name something seeded (random ones are almost always 404)."""


LAST = ["POST /api/games/{gid}/undo", "POST /api/games/{gid}/resign",
        "POST /api/games/{gid}/draw", "DELETE /api/games/{gid}"]
"""Operations that take moves back, end or delete the seeded games: they run last, so that
the others (reviews, variations, moves) meet games with moves that are still going on."""


def _strategies(operation: Any) -> list[st.SearchStrategy[Any]]:
    """Valid and invalid requests, also on the seeded games, puzzles and variants."""
    modes = (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
    out = [operation.as_strategy(mode) for mode in modes]
    names = [p.name for p in operation.path_parameters]
    for name in names:
        for value in KNOWN.get(name, []):
            out += [operation.as_strategy(mode, path_parameters={name: value}) for mode in modes]
    return out


def api(examples: int) -> Report:
    from damier.web.app import create_app

    app = create_app(Path(tempfile.mkdtemp(prefix="damier-openapi-")) / "api.sqlite3")
    app.state.explorer._default_checked = True  # see the module docstring
    report = Report("openapi")
    with TestClient(app, base_url="http://127.0.0.1") as client:
        _seed(client)
        schema = schemathesis.openapi.from_asgi("/api/openapi.json", app, headers=HOST)
        operations = sorted((result.ok() for result in schema.get_all_operations()),
                            key=lambda op: LAST.index(op.label) if op.label in LAST else -1)
        for operation in operations:
            cases = st.one_of(*_strategies(operation))

            @settings(max_examples=max(2, examples // len(operations)), deadline=None,
                      database=None, derandomize=common.REPRODUCIBLE,
                      suppress_health_check=list(HealthCheck))
            @given(case=cases)
            def one(case: schemathesis.Case) -> None:
                report.tried += 1
                response = case.call(headers=HOST)
                try:
                    case.validate_response(response, checks=CHECKS)
                except (Exception, BaseExceptionGroup) as e:  # noqa: BLE001 - every finding
                    # is recorded (schemathesis' FailureGroup is a BaseExceptionGroup)
                    report.fail(f"{case.operation.label}: {str(e)[:300]}",
                                case.as_curl_command())

            one()
    return report
