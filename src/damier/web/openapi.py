"""The OpenAPI 3.0 description of the JSON API, served at ``/api/openapi.json``.

It describes every route of :mod:`damier.web.api` with the bodies it takes and the answers it
gives, so that tools can drive the API: the fuzz harness ``fuzz/openapi.py`` generates
requests from it with schemathesis (no answer may be a 5xx). The reference with examples
stays ``docs/web.md``. This module only describes; it must not handle requests.

>>> sorted(describe()["paths"])[:3]
['/api/games', '/api/games/import', '/api/games/{gid}']
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

JSON = "application/json"
ERROR = {"type": "object", "properties": {"error": {"type": "string"},
                                          "code": {"type": "string"}},
         "required": ["error"]}
GAME = {"type": "object", "properties": {"id": {"type": "integer"}, "fen": {"type": "string"},
                                         "ply": {"type": "integer"}}}
GID = {"name": "gid", "in": "path", "required": True, "schema": {"type": "integer"}}


def _answers(ok: int, schema: dict[str, Any], *errors: int) -> dict[str, Any]:
    out: dict[str, Any] = {str(ok): {"description": "done",
                                     "content": {JSON: {"schema": schema}}}}
    for status in errors:
        out[str(status)] = {"description": "refused", "content": {JSON: {"schema": ERROR}}}
    return out


def _body(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema["required"] = list(required)
    return {"required": True, "content": {JSON: {"schema": schema}}}


def _post(summary: str, body: dict[str, Any], ok: int = 200, *errors: int) -> dict[str, Any]:
    return {"summary": summary, "parameters": [GID], "requestBody": body,
            "responses": _answers(ok, GAME, 400, 404, 409, 413, 415, 422, *errors)}


STR = {"type": "string"}
COLOR = {"type": "string", "enum": ["white", "black"]}
PLAYER = {"type": "string", "enum": ["human", "engine"]}


def describe() -> dict[str, Any]:
    """The OpenAPI document (a JSON-ready dict)."""
    game_paths: dict[str, Any] = {
        "/api/games/{gid}/moves": {"post": _post(
            "play a move", _body({"move": STR, "wait": {"type": "boolean"}}, ("move",)))},
        "/api/games/{gid}/undo": {"post": _post("take back", _body({}))},
        "/api/games/{gid}/resign": {"post": _post("resign", _body({"color": COLOR}))},
        "/api/games/{gid}/draw": {"post": _post("offer, accept, decline or claim a draw", _body(
            {"action": {"type": "string", "enum": ["offer", "accept", "decline", "claim"]},
             "color": COLOR}))},
        "/api/games/{gid}/huff": {"post": _post("huff, then move (Czech traditional)", _body(
            {"square": {"type": "integer"}, "move": STR, "wait": {"type": "boolean"}}))},
    }
    return {
        "openapi": "3.0.3",
        "info": {"title": "damier web API", "version": "1"},
        "paths": {
            "/api/variants": {"get": {"summary": "the variants",
                                      "responses": _answers(200, {"type": "array"})}},
            "/api/variants/{name}": {"get": {
                "summary": "one variant", "parameters": [
                    {"name": "name", "in": "path", "required": True, "schema": STR}],
                "responses": _answers(200, {"type": "object"}, 404)}},
            "/api/position": {"post": {
                "summary": "read a FEN", "requestBody": _body({"variant": STR, "fen": STR}),
                "responses": _answers(200, {"type": "object"}, 400, 413, 415, 422)}},
            "/api/games": {
                "get": {"summary": "saved games", "parameters": [
                    {"name": "limit", "in": "query", "schema": {"type": "integer"}},
                    {"name": "offset", "in": "query", "schema": {"type": "integer"}}],
                    "responses": _answers(200, {"type": "object"}, 422)},
                "post": {"summary": "new game", "requestBody": _body(
                    {"variant": STR, "fen": STR, "white": PLAYER, "black": PLAYER,
                     "level": {"type": "integer"}, "time_control": STR,
                     "first_player": {"type": "string", "enum": ["white", "black"]},
                     "tags": {"type": "object", "additionalProperties": STR}}),
                    "responses": _answers(201, GAME, 400, 413, 415, 422)}},
            "/api/games/import": {"post": {
                "summary": "PDN text to games", "requestBody": {"required": True, "content": {
                    "text/plain": {"schema": STR},
                    JSON: {"schema": {"type": "object", "properties": {"pdn": STR},
                                      "required": ["pdn"]}}}},
                "responses": _answers(201, {"type": "object"}, 400, 413, 415, 422)}},
            "/api/games/{gid}": {
                "get": {"summary": "a game", "parameters": [GID],
                        "responses": _answers(200, GAME, 404)},
                "delete": {"summary": "delete a game", "parameters": [GID],
                           "responses": _answers(200, {"type": "object"}, 404)}},
            "/api/games/{gid}/pdn": {"get": {
                "summary": "the game as PDN", "parameters": [GID],
                "responses": {"200": {"description": "PDN", "content": {
                    "application/x-pdn": {"schema": STR}}},
                    "404": {"description": "unknown game",
                            "content": {JSON: {"schema": ERROR}}}}}},
            **game_paths,
        },
    }


async def openapi_json(request: Request) -> JSONResponse:
    """``GET /api/openapi.json``."""
    return JSONResponse(describe())
