"""What every HTTP route of the app shares: the table a handler is declared in, the game
service of a request, a capped body, a JSON object, an optional string field, the game named
by the path, a game's JSON answer.

The bounds themselves are :mod:`damier.web.routes.request_limits`'. This module must not hold
game logic or routes of its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from damier.core.errors import DamierError
from damier.core.variants import get_variant
from damier.web.errors import WebError
from damier.web.routes.request_limits import (
    MAX_JSON,
    MAX_PDN,
    BadJson,
    LoneSurrogate,
    id_number,
    parse_json_object,
    path_id,
)
from damier.web.services.game_service import GameService
from damier.web.services.game_session import Session

__all__ = ["RouteTable", "content_type", "game_id", "is_pdn_type", "load", "opt_str", "read_body",
           "read_json", "read_pdn_body", "read_pdn_text", "service", "state_response", "variant_named"]


BODY_IDLE_TIMEOUT = 30.0
"""Seconds the app waits for the next part of a request body before answering 408 and
closing the connection (the head has its own deadline: :mod:`damier.web.connection_deadline`)."""


Handler = TypeVar("Handler", bound=Callable[[Request], Awaitable[Response]])


class RouteTable(list[Route]):
    """The HTTP routes of one area, in the order their handlers are declared: a handler says
    its own method and path (``@routes.get("/api/puzzles/{pid}")``), so no separate table
    can drift from it. Order matters where a fixed path and a path parameter could both
    take a request (``/api/puzzles/stats`` before ``/api/puzzles/{pid}``): the first wins.

    >>> routes = RouteTable()
    >>> @routes.get("/api/ping")
    ... async def ping(request: Request) -> Response:
    ...     return JSONResponse({})
    >>> [(r.path, sorted(r.methods or ()), r.name) for r in routes]
    [('/api/ping', ['GET', 'HEAD'], 'ping')]
    """

    def route(self, method: str, path: str) -> Callable[[Handler], Handler]:
        def declare(handler: Handler) -> Handler:
            self.append(Route(path, handler, methods=[method]))
            return handler
        return declare

    def get(self, path: str) -> Callable[[Handler], Handler]:
        return self.route("GET", path)

    def post(self, path: str) -> Callable[[Handler], Handler]:
        return self.route("POST", path)

    def delete(self, path: str) -> Callable[[Handler], Handler]:
        return self.route("DELETE", path)


def service(request: Request) -> GameService:
    svc: GameService = request.app.state.games
    return svc


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, or 413 as soon as it exceeds ``limit`` bytes, or 408 when no part of
    it comes for :data:`BODY_IDLE_TIMEOUT` seconds."""
    declared = request.headers.get("content-length")
    if declared is not None:
        length = id_number(declared.strip(), 20)
        if length is None:
            raise WebError(400, "bad Content-Length header")
        if length > limit:
            raise WebError(413, f"request body too large (limit {limit} bytes)")
    chunks: list[bytes] = []
    size = 0
    stream = request.stream()
    while True:
        try:  # a client that stops sending mid-body must not hold its connection for ever
            chunk = await asyncio.wait_for(anext(stream), BODY_IDLE_TIMEOUT)
        except StopAsyncIteration:
            break
        except TimeoutError:
            raise WebError(408, f"the request body stalled: nothing came for "
                                f"{BODY_IDLE_TIMEOUT:g} s", "request_timeout") from None
        size += len(chunk)
        if size > limit:
            raise WebError(413, f"request body too large (limit {limit} bytes)")
        chunks.append(chunk)
    return b"".join(chunks)


async def read_json(request: Request, limit: int = MAX_JSON) -> dict[str, Any]:
    """The JSON object in the body (an empty body is ``{}``)."""
    raw = await read_body(request, limit)
    if not raw.strip():
        return {}
    try:
        if len(raw) > MAX_JSON:  # a JSON import: parse it off the event loop
            return await asyncio.to_thread(parse_json_object, raw)
        return parse_json_object(raw)
    except LoneSurrogate as e:
        raise WebError(422, f"the body: {e}", "bad_text") from None
    except BadJson as e:
        status = 422 if "must be an object" in str(e) else 400
        raise WebError(status, f"the body: {e}") from None


def opt_str(data: dict[str, Any], key: str, default: str | None = None) -> str | None:
    value = data.get(key, default)
    if value is not None and not isinstance(value, str):
        raise WebError(422, f"{key} must be a string")
    return value


def game_id(request: Request) -> int:
    return path_id(request.path_params, "gid", "game", "game_not_found")


def variant_named(request: Request, key: str) -> str:
    """The name of the variant the path parameter ``key`` names (any of its aliases), or 404."""
    try:
        return get_variant(request.path_params[key]).name
    except DamierError as e:
        raise WebError(404, str(e), "unknown_variant") from None


async def load(request: Request) -> Session:
    return await service(request).get(game_id(request))


def state_response(request: Request, s: Session, status: int = 200, **extra: Any) -> JSONResponse:
    body = service(request).state(s)
    body.update(extra)
    return JSONResponse(body, status_code=status)


PDN_TYPES = ("application/x-pdn", "application/octet-stream")
"""Content types a PDN body may come as, beside any ``text/...``."""


def content_type(request: Request) -> str:
    """The request's content type, lower case, without parameters (``text/plain`` if none)."""
    return request.headers.get("content-type", "text/plain").split(";")[0].strip().lower()


def is_pdn_type(ctype: str) -> bool:
    """Whether a body of content type ``ctype`` is read as PDN text."""
    return ctype.startswith("text/") or ctype in PDN_TYPES


async def read_pdn_text(request: Request) -> str:
    """The PDN text of the body (UTF-8, else Latin-1), or 413 past :data:`MAX_PDN` bytes."""
    raw = await read_body(request, MAX_PDN)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


async def read_pdn_body(request: Request) -> str:
    """The PDN text of a ``text/plain`` (or PDN-typed) body; 415 for another content type."""
    if not is_pdn_type(content_type(request)):
        raise WebError(415, "send the PDN as text/plain", "unsupported_media_type")
    return await read_pdn_text(request)

