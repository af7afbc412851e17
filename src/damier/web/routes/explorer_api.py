"""HTTP routes of the opening explorer (:mod:`damier.web.services.explorer_service`). See ``docs/web.md``.

This module only translates between HTTP and :class:`~damier.web.services.explorer_service.ExplorerService`.
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.requests import Request
from starlette.responses import JSONResponse

from damier.analysis.explorer import Filters
from damier.analysis.gamesearch import GameQuery
from damier.web.errors import WebError
from damier.web.routes.request_limits import path_id
from damier.web.routes.requests import RouteTable, read_pdn_body, service
from damier.web.services.explorer_service import ExplorerService, game_pdn

routes = RouteTable()
"""This area's routes, in the order the handlers below declare them."""

MAX_FEN = 2000


def explorer(request: Request) -> ExplorerService:
    ex: ExplorerService = request.app.state.explorer
    return ex


def explorer_game_id(request: Request) -> int:
    return path_id(request.path_params, "eid", "explorer game", "explorer_game_not_found")


@routes.get("/api/explorer")
async def lookup(request: Request) -> JSONResponse:
    """``?variant=international&fen=W:W31,...`` (no fen: the start position)."""
    variant = request.query_params.get("variant", "international")
    fen = request.query_params.get("fen") or None
    if len(variant) > 100 or (fen is not None and len(fen) > MAX_FEN):
        raise WebError(422, "variant or fen too long", "invalid")
    params = request.query_params
    filters = Filters(_int(params, "since"), _int(params, "until"), _int(params, "min_rating"),
                      _int(params, "max_rating"))
    return JSONResponse(await explorer(request).lookup(variant, fen, filters))


def _int(params: Mapping[str, str], name: str, default: int | None = None) -> int | None:
    """A whole-number query parameter (422 when it is not one)."""
    value = params.get(name)
    if value is None or value == "":
        return default
    if not value.strip().lstrip("-").isdigit() or len(value) > 9:
        raise WebError(422, f"{name} must be a whole number", "invalid")
    return int(value)


def _text(params: Mapping[str, str], name: str) -> str | None:
    value = params.get(name) or None
    if value is not None and len(value) > (MAX_FEN if name in ("fen", "opening") else 200):
        raise WebError(422, f"{name} is too long", "invalid")
    return value


@routes.get("/api/explorer/search")
async def search_games(request: Request) -> JSONResponse:
    """Games by ``player``, ``white``, ``black``, ``event``, ``from``, ``to``, ``result``,
    ``variant``, ``fen`` (``material=1``: the same material and side to move), ``opening``
    (moves separated by spaces), ``page`` and ``per_page``; each game with the ``ply`` where
    it reaches the position (docs/web.md)."""
    p = request.query_params
    query = GameQuery(
        _text(p, "player"), _text(p, "white"), _text(p, "black"), _text(p, "event"),
        _text(p, "from"), _text(p, "to"), _text(p, "result"), _text(p, "variant"),
        _text(p, "fen"), p.get("material") in ("1", "true"),
        (_text(p, "opening") or "").split(), _int(p, "page", 1) or 1,
        _int(p, "per_page", 20) or 20)
    return JSONResponse(await explorer(request).search(query))


@routes.get("/api/explorer/games/{eid}")
async def get_game(request: Request) -> JSONResponse:
    return JSONResponse(await explorer(request).game(explorer_game_id(request)))


@routes.post("/api/explorer/games/{eid}/open")
async def open_game(request: Request) -> JSONResponse:
    """The explorer's game stored as a game of the app (201 and its state); ``?ply=N`` (the
    ply where a search matched) comes back as ``view_ply``, where the board opens."""
    game = await explorer(request).game(explorer_game_id(request))
    ply = _int(request.query_params, "ply")
    svc = service(request)
    ids, _errors = await svc.import_pdn(game_pdn(game))
    state = svc.state(await svc.get(ids[0]))
    if ply is not None:
        state["view_ply"] = max(0, min(ply, int(game["plies"])))
    return JSONResponse(state, status_code=201)


@routes.post("/api/explorer/import")
async def import_games(request: Request) -> JSONResponse:
    """PDN text (``text/plain``, up to 5 MB) added to the explorer's database."""
    text = await read_pdn_body(request)
    name = (request.query_params.get("name") or "uploaded games")[:200]
    variant = request.query_params.get("variant") or None
    report = await explorer(request).import_text(text, name, variant)
    return JSONResponse({"name": report.name, "games": report.games, "skipped": report.skipped,
                         "already": report.already, "errors": report.errors[:50]},
                        status_code=200 if report.already else 201)


@routes.get("/api/explorer/sources")
async def sources(request: Request) -> JSONResponse:
    ex = explorer(request)
    return JSONResponse({"sources": ex.explorer().sources(), "games": ex.explorer().count_games()})
