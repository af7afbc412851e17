"""The JSON API: HTTP routes over :class:`~damier.web.services.game_service.GameService`.

Every handler reads a capped body (:data:`MAX_JSON` for JSON, :data:`MAX_PDN` for PDN;
the bounds are in :mod:`damier.web.routes.request_limits`), checks types, calls the service and answers
JSON. Client mistakes are answered 4xx with ``{"error": message}`` (400 unreadable body,
401/403 refused by :mod:`damier.web.guard`, 404 unknown game or route, 409 not possible
now, 413 body too large, 415 wrong content type, 422 invalid value such as an illegal or
ambiguous move); a 500 would be a bug. Each handler declares its route into :data:`routes`; the reference
with examples is ``docs/web.md``.

This module must not hold game logic; it translates between HTTP and the service.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from damier.core.board import Board
from damier.core.errors import DamierError, UnknownVariantError
from damier.core.variants import get_variant
from damier.engine.levels import LADDER, LEVELS, ladder_score
from damier.web.errors import WebError, reasons
from damier.web.routes.request_limits import MAX_LIST_OFFSET, MAX_MOVE_TEXT, MAX_PDN
from damier.web.routes.requests import (
    RouteTable,
    content_type,
    is_pdn_type,
    load,
    opt_str,
    read_json,
    read_pdn_text,
    service,
    state_response,
    variant_named,
)
from damier.web.services.engine_bridge import LEVEL_SECONDS
from damier.web.services.game_session import check_local
from damier.web.services.json_views import position_json, variant_info, variants_list

routes = RouteTable()
"""This area's routes, in the order the handlers below declare them."""

__all__ = ["routes"]


# -- variants and positions ----------------------------------------------------------------


@routes.get("/api/variants")
async def list_variants(request: Request) -> JSONResponse:
    return JSONResponse(variants_list())


@routes.get("/api/engines")
async def list_engines(request: Request) -> JSONResponse:
    """The engines this server offers for play and analysis (damier's own first)."""
    return JSONResponse(service(request).engines.describe())


@routes.get("/api/levels")
async def list_levels(request: Request) -> JSONResponse:
    """The ten playing levels: depth, time a move without a clock, what they play like, and
    their measured score against the next level (docs/engine.md, "Levels")."""
    out = []
    for n, lv in LEVELS.items():
        score = ladder_score(n)
        record = LADDER.get(n)
        out.append({"level": n, "depth": lv.depth, "seconds": LEVEL_SECONDS[n - 1],
                    "description": lv.description,
                    "against_next": None if record is None or score is None else {
                        "wins": record[0], "draws": record[1], "losses": record[2],
                        "score": round(score, 3)}})
    return JSONResponse({"levels": out, "ladder": {"variant": "international", "games": 20,
                                                   "time": "movetime=0.5", "openings": "2move"}})


@routes.get("/api/variants/{name}")
async def get_variant_info(request: Request) -> JSONResponse:
    name = variant_named(request, "name")
    return JSONResponse(variant_info(name))


@routes.post("/api/position")
async def check_position(request: Request) -> JSONResponse:
    """``{variant, fen}`` -> the position read back (for the position editor)."""
    data = await read_json(request)
    variant = opt_str(data, "variant", "international") or "international"
    fen = opt_str(data, "fen")
    try:
        board = Board(variant, fen)
    except UnknownVariantError as e:
        raise WebError(422, str(e), "unknown_variant") from None
    except DamierError as e:
        raise WebError(422, str(e), "bad_fen", **reasons(e)) from None
    return JSONResponse(position_json(board))


# -- games ---------------------------------------------------------------------------------


@routes.get("/api/games")
async def list_games(request: Request) -> JSONResponse:
    texts = (request.query_params.get("limit", "100"), request.query_params.get("offset", "0"))
    if not all(t.isdigit() and t.isascii() and len(t) <= 12 for t in texts):
        raise WebError(422, "limit and offset must be integers of at most 12 digits")
    limit, offset = int(texts[0]), int(texts[1])
    if not (1 <= limit <= 1000) or offset > MAX_LIST_OFFSET:
        raise WebError(422, f"limit must be 1-1000 and offset 0-{MAX_LIST_OFFSET}")
    svc = service(request)
    return JSONResponse({"games": svc.list_games(limit, offset), "total": svc.store.count_games()})


@routes.post("/api/games")
async def create_game(request: Request) -> JSONResponse:
    data = await read_json(request)
    level = data.get("level", 3)
    tags = data.get("tags") or {}
    if not isinstance(tags, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in tags.items()
    ):
        raise WebError(422, "tags must be an object of strings")
    s = await service(request).create(
        variant=opt_str(data, "variant", "international") or "international",
        fen=opt_str(data, "fen") or None,
        white=opt_str(data, "white", "human") or "human",
        black=opt_str(data, "black", "human") or "human",
        level=level,
        time_control=data.get("time_control"),
        tags=tags,
        engine=opt_str(data, "engine"),
        first_player=data.get("first_player"),
    )
    if data.get("wait"):
        await service(request).wait_engine(s)
    return state_response(request, s, 201)


@routes.get("/api/games/{gid}")
async def get_game(request: Request) -> JSONResponse:
    return state_response(request, await load(request))


@routes.delete("/api/games/{gid}")
async def delete_game(request: Request) -> JSONResponse:
    svc = service(request)
    s = await load(request)
    check_local(s, while_playing_only=True)
    async with s.lock:
        if s.thinker is not None:
            s.thinker.close()
        s.version += 1
        svc.store.delete_game(s.row.id)
        svc.sessions.pop(s.row.id, None)
    return JSONResponse({"deleted": s.row.id})


def wait_flag(request: Request, data: dict[str, Any]) -> bool:
    """``wait`` (body or query): answer after the engine's reply (default true)."""
    value = data.get("wait", request.query_params.get("wait", True))
    if isinstance(value, str):
        return value.lower() not in ("0", "false", "no")
    return bool(value)


@routes.post("/api/games/{gid}/moves")
async def play_move(request: Request) -> JSONResponse:
    data = await read_json(request)
    s = await load(request)
    move = data.get("move")
    if not isinstance(move, str) or not move.strip():
        raise WebError(422, 'the body must give the move, e.g. {"move": "32-28"}')
    if len(move) > MAX_MOVE_TEXT:
        raise WebError(422, f"move text longer than {MAX_MOVE_TEXT} characters")
    await service(request).play(s, move, wait=wait_flag(request, data))
    return state_response(request, s)


@routes.post("/api/games/{gid}/undo")
async def undo(request: Request) -> JSONResponse:
    s = await load(request)
    await service(request).undo(s)
    return state_response(request, s)


@routes.post("/api/games/{gid}/resign")
async def resign(request: Request) -> JSONResponse:
    data = await read_json(request)
    s = await load(request)
    await service(request).resign(s, opt_str(data, "color"))
    return state_response(request, s)


@routes.post("/api/games/{gid}/draw")
async def draw(request: Request) -> JSONResponse:
    data = await read_json(request)
    s = await load(request)
    action = opt_str(data, "action", "offer") or "offer"
    note = await service(request).draw(s, action, opt_str(data, "color"))
    return state_response(request, s, message=note.text, message_code=note.code)


@routes.post("/api/games/{gid}/huff")
async def huff(request: Request) -> JSONResponse:
    data = await read_json(request)
    s = await load(request)
    await service(request).huff(
        s, data.get("square"), opt_str(data, "move"), wait=wait_flag(request, data)
    )
    return state_response(request, s)


@routes.get("/api/games/{gid}/pdn")
async def export_pdn(request: Request) -> Response:
    s = await load(request)
    text = service(request).export_pdn(s)
    return Response(
        text,
        media_type="application/x-pdn; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="damier-{s.row.id}.pdn"'},
    )


MAX_WARNINGS = 1000
"""Warnings listed in an import's answer at most (errors are all listed)."""


@routes.post("/api/games/import")
async def import_pdn(request: Request) -> JSONResponse:
    ctype = content_type(request)
    if ctype == "application/json":
        data = await read_json(request, MAX_PDN + 1024)
        text = data.get("pdn")
        if not isinstance(text, str):
            raise WebError(422, 'the body must be {"pdn": "<PDN text>"}')
    elif is_pdn_type(ctype):
        text = await read_pdn_text(request)
    else:
        raise WebError(415, "send the PDN as text/plain or as JSON {\"pdn\": ...}")
    if len(text) > MAX_PDN or len(text.encode("utf-8", "replace")) > MAX_PDN:
        raise WebError(413, f"PDN too large (limit {MAX_PDN} bytes)")
    svc = service(request)
    variant = request.query_params.get("variant") or None
    if variant is not None:
        try:
            variant = get_variant(variant).name
        except DamierError as e:
            raise WebError(422, str(e), "unknown_variant") from None
    ids, problems = await svc.import_pdn(text, variant)
    return JSONResponse(
        {"games": [svc.state(await svc.get(gid)) for gid in ids[:20]],
         "ids": ids, "imported": len(ids),
         "errors": [p for p in problems if p["severity"] == "error"],
         "warnings": [p for p in problems if p["severity"] == "warning"][:MAX_WARNINGS]},
        status_code=201,
    )
