"""HTTP routes of the opening explorer (:mod:`damier.web.services.explorer_service`). See ``docs/web.md``.

This module only translates between HTTP and :class:`~damier.web.services.explorer_service.ExplorerService`.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from damier.web.errors import WebError
from damier.web.routes.request_limits import path_id
from damier.web.routes.requests import read_pdn_body, service
from damier.web.services.explorer_service import ExplorerService, game_pdn

MAX_FEN = 2000


def explorer(request: Request) -> ExplorerService:
    ex: ExplorerService = request.app.state.explorer
    return ex


def explorer_game_id(request: Request) -> int:
    return path_id(request.path_params, "eid", "explorer game", "explorer_game_not_found")


async def lookup(request: Request) -> JSONResponse:
    """``?variant=international&fen=W:W31,...`` (no fen: the start position)."""
    variant = request.query_params.get("variant", "international")
    fen = request.query_params.get("fen") or None
    if len(variant) > 100 or (fen is not None and len(fen) > MAX_FEN):
        raise WebError(422, "variant or fen too long", "invalid")
    return JSONResponse(await explorer(request).lookup(variant, fen))


async def get_game(request: Request) -> JSONResponse:
    return JSONResponse(await explorer(request).game(explorer_game_id(request)))


async def open_game(request: Request) -> JSONResponse:
    """The explorer's game stored as a game of the app (201 and its state)."""
    game = await explorer(request).game(explorer_game_id(request))
    svc = service(request)
    ids, _errors = await svc.import_pdn(game_pdn(game))
    return JSONResponse(svc.state(await svc.get(ids[0])), status_code=201)


async def import_games(request: Request) -> JSONResponse:
    """PDN text (``text/plain``, up to 5 MB) added to the explorer's database."""
    text = await read_pdn_body(request)
    name = (request.query_params.get("name") or "uploaded games")[:200]
    variant = request.query_params.get("variant") or None
    report = await explorer(request).import_text(text, name, variant)
    return JSONResponse({"name": report.name, "games": report.games, "skipped": report.skipped,
                         "already": report.already, "errors": report.errors[:50]},
                        status_code=200 if report.already else 201)


async def sources(request: Request) -> JSONResponse:
    ex = explorer(request)
    return JSONResponse({"sources": ex.explorer().sources(), "games": ex.explorer().count_games()})


routes = [
    Route("/api/explorer", lookup, methods=["GET"]),
    Route("/api/explorer/sources", sources, methods=["GET"]),
    Route("/api/explorer/import", import_games, methods=["POST"]),
    Route("/api/explorer/games/{eid}", get_game, methods=["GET"]),
    Route("/api/explorer/games/{eid}/open", open_game, methods=["POST"]),
]
