"""The Starlette application: routes, static page, error handlers, lifetime of the store.

:func:`create_app` builds an app over one SQLite file; :func:`run` serves it with uvicorn
(used by ``damier serve``). Errors are always JSON: :class:`~damier.web.errors.WebError`
gives its own status, Starlette's 404/405 are rewritten as JSON, a client that goes away
mid-request is one line in the log, and anything unexpected is logged and answered 500 with
a generic message (a bug, never a normal path). Every request
first passes :class:`~damier.web.guard.Guard` (Host, Origin, token, Content-Type).

This module wires things together; it holds no game logic.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import os
import re
import secrets
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from damier.web.connection_deadline import HEAD_TIMEOUT, KEEP_ALIVE, MAX_HEAD, deadline_protocol
from damier.web.errors import WebError, status_code
from damier.web.guard import Guard, is_loopback, policy_for
from damier.web.routes import (
    explorer_api,
    game_socket,
    games_api,
    online_api,
    online_socket,
    openapi,
    puzzles_api,
    records_api,
    review_api,
)
from damier.web.routes.request_limits import MAX_WS_MESSAGE
from damier.web.services.engine_registry import EngineRegistry
from damier.web.services.engine_settings import EngineSettings
from damier.web.services.explorer_service import ExplorerService, explorer_path
from damier.web.services.game_service import GameService
from damier.web.services.online_service import OnlineService
from damier.web.services.puzzle_service import PuzzleService, puzzles_path
from damier.web.services.review_service import Reviews
from damier.web.storage.game_store import Store, default_db_path
from damier.web.storage.online_store import OnlineStore, online_path

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("damier.web")


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def web_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, WebError)
    # after a 408 the rest of a stalled body may still come: the connection cannot be reused
    headers = {"connection": "close"} if exc.status == 408 else None
    return JSONResponse(exc.body(), status_code=exc.status, headers=headers)


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return JSONResponse({"error": exc.detail, "code": status_code(exc.status_code)},
                        status_code=exc.status_code,
                        headers=exc.headers)


async def storage_error(request: Request, exc: Exception) -> Response:
    """A database the server cannot write (a full disk, a read-only or locked file): 503,
    or 409 when another server changed the same row; said in the log too."""
    assert isinstance(exc, sqlite3.Error)
    log.warning("%s %s: the database refused it: %s", request.method, request.url.path, exc)
    if isinstance(exc, sqlite3.IntegrityError):
        return JSONResponse({"error": "changed meanwhile by another server writing the same "
                                      "database; try again", "code": "conflict"}, status_code=409)
    return JSONResponse({"error": f"the database cannot be written now ({str(exc)[:200]})",
                         "code": "storage_failed", "reason": str(exc)[:200]}, status_code=503)


async def client_gone(request: Request, exc: Exception) -> Response:
    """A client that went away while sending its request (a dropped upload): one line in the
    log, no traceback (issue 24: two whole tracebacks per dropped upload made flooding the log
    easy). The answer goes nowhere: uvicorn drops it."""
    log.info("%s %s: the client went away before its request was read", request.method,
             request.url.path)
    return Response(status_code=400)


async def server_error(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s %s", request.method, request.url.path)
    return JSONResponse({"error": "internal error", "code": "internal"}, status_code=500)


def database_paths(db: str | os.PathLike[str]) -> dict[str, str]:
    """The files of the app beside the games database ``db``; a ``ValueError`` when two are
    the same file (``--db .../explorer.sqlite3`` once made the explorer share the games
    database: "no such column", then a 500 on explorer imports)."""
    paths = {"games": str(db), "explorer": explorer_path(db), "puzzles": puzzles_path(db),
             "online": online_path(db)}
    seen: dict[str, str] = {}
    for what, path in paths.items():
        key = path if path == ":memory:" else str(Path(path).resolve())
        if key != ":memory:" and key in seen:
            raise ValueError(f"the {what} database would be {path}, which is the {seen[key]} "
                             "database: give the games database another name")
        seen[key] = what
    return paths


class HiddenToken(logging.Filter):
    """Keeps the access token out of the access log (uvicorn logs each path with its query)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(_TOKEN_IN_QUERY.sub(r"\1***", a) if isinstance(a, str) else a
                                for a in record.args)
        return True


_TOKEN_IN_QUERY = re.compile(r"([?&]token=)[^&\s]*")


def create_app(db: str | os.PathLike[str] | None = None, engine_threads: int = 2,
               engines: EngineSettings | None = None, *,
               host: str = "127.0.0.1", allow_origins: Sequence[str] = (),
               token: str | None = None, warm_explorer: bool = False) -> Starlette:
    """The web app over the SQLite file ``db`` (default: :func:`default_db_path`), offering
    the engines of ``engines`` beside damier's own (see :mod:`damier.web.services.engine_settings`),
    acting for pages served from ``host`` (the bound address) and ``allow_origins``; with a
    ``token``, the API and WebSocket require it (see :mod:`damier.web.guard`); with
    ``warm_explorer`` the explorer's default games are imported from the start (as
    ``damier serve`` does), not at its first use."""
    policy = policy_for(host, allow_origins, token)
    db_path = db if db is not None else default_db_path()
    paths = database_paths(db_path)
    store = Store(db_path)
    games = GameService(store, engine_threads=engine_threads,
                        engines=EngineRegistry(engines))
    reviews = Reviews(store)
    explorer = ExplorerService(paths["explorer"])
    puzzles = PuzzleService(paths["puzzles"])
    online = OnlineService(games, OnlineStore(paths["online"]))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await online.start()
        if warm_explorer:
            await explorer.warm()
        yield
        if await online.stop():
            online.store.close()
        reviews.close()
        await asyncio.to_thread(explorer.close)   # waits for the import worker, if busy
        puzzles.close()
        await asyncio.to_thread(games.close)   # engine processes may take seconds to quit

    routes = [
        Route("/", index, methods=["GET"]),
        Route("/api/openapi.json", openapi.openapi_json, methods=["GET"]),
        *games_api.routes,
        *records_api.routes,
        *review_api.routes,
        *explorer_api.routes,
        *puzzles_api.routes,
        *game_socket.routes,
        *online_api.routes,
        *online_socket.routes,
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[Middleware(Guard, policy=policy, routes=routes)],
        exception_handlers={
            WebError: web_error,
            HTTPException: http_error,
            sqlite3.Error: storage_error,
            ClientDisconnect: client_gone,
            Exception: server_error,
        },
    )
    app.state.games = games
    app.state.reviews = reviews
    app.state.explorer = explorer
    app.state.puzzles = puzzles
    app.state.store = store
    app.state.online = online
    app.state.token = token
    return app


GRACEFUL_SHUTDOWN = 5
"""Seconds the server waits, once told to stop, for open connections (WebSockets) to end."""


def ws_protocol() -> str:
    """uvicorn's WebSocket implementation to use (the sans-I/O one when available)."""
    from uvicorn.config import WS_PROTOCOLS

    return "websockets-sansio" if "websockets-sansio" in WS_PROTOCOLS else "auto"


def access_token(host: str, given: str | None = None) -> str | None:
    """The token the server requires: ``given``, else a new random one when ``host`` is not
    loopback (other machines can reach the server), else none."""
    if given:
        return given
    return None if is_loopback(host) else secrets.token_urlsafe(24)


def server_options(head_timeout: float = HEAD_TIMEOUT,
                   max_head: int = MAX_HEAD) -> dict[str, Any]:
    """uvicorn's settings for the app (keywords of ``uvicorn.run`` and ``uvicorn.Config``):
    the deadline and size of a request head (see :mod:`damier.web.connection_deadline`),
    keep-alive, the grace of open connections at shutdown, the WebSocket implementation and
    its message size."""
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    return {"http": deadline_protocol(AutoHTTPProtocol, head_timeout, max_head),
            "timeout_keep_alive": KEEP_ALIVE, "timeout_graceful_shutdown": GRACEFUL_SHUTDOWN,
            "ws": ws_protocol(), "ws_max_size": MAX_WS_MESSAGE}


def run(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
        log_level: str = "info", engines: EngineSettings | None = None,
        allow_origins: Sequence[str] = (), token: str | None = None) -> None:
    """Serve the app with uvicorn until interrupted (see :func:`create_app`)."""
    import uvicorn

    app = create_app(db, engines=engines, host=host, allow_origins=allow_origins, token=token,
                     warm_explorer=True)
    logging.getLogger("uvicorn.access").addFilter(HiddenToken())
    uvicorn.run(app, host=host, port=port, log_level=log_level,
                log_config=log_config(log_level), **server_options())


def log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging set-up with damier's own loggers beside its own, at ``level``, so
    that the server's lines (a client gone, a database that refused a change) are printed
    like uvicorn's (without it only warnings reached stderr, unformatted)."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["damier"] = {"handlers": ["default"], "level": level.upper(),
                                   "propagate": False}
    return config
