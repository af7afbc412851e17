"""HTTP routes of puzzles (:mod:`damier.web.services.puzzle_service`). See ``docs/web.md``.

This module only translates between HTTP and :class:`~damier.web.services.puzzle_service.PuzzleService`.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse

from damier.web.errors import WebError
from damier.web.routes.request_limits import id_number, path_id
from damier.web.routes.requests import RouteTable, read_json, read_pdn_body
from damier.web.services.puzzle_service import PuzzleService, puzzle_json

routes = RouteTable()
"""This area's routes, in the order the handlers below declare them."""


def puzzles(request: Request) -> PuzzleService:
    svc: PuzzleService = request.app.state.puzzles
    return svc


def puzzle_id(request: Request) -> int:
    return path_id(request.path_params, "pid", "puzzle", "puzzle_not_found")


def player_of(value: object) -> str:
    if value is None:
        return "default"
    if not isinstance(value, str) or len(value) > 40:
        raise WebError(422, "player must be a name of at most 40 characters", "bad_player_name")
    return value


def int_param(request: Request, name: str, default: int) -> int:
    text = request.query_params.get(name)
    if text is None:
        return default
    value = id_number(text.removeprefix("-"), 8)
    if value is None:
        raise WebError(422, f"{name} must be an integer", "invalid")
    return -value if text.startswith("-") else value


@routes.get("/api/puzzles/next")
async def next_puzzle(request: Request) -> JSONResponse:
    """``?variant=international&player=...``"""
    return JSONResponse(await puzzles(request).next(
        request.query_params.get("variant", "international")[:100],
        player_of(request.query_params.get("player"))))


@routes.get("/api/puzzles/stats")
async def stats(request: Request) -> JSONResponse:
    return JSONResponse(await puzzles(request).stats(
        player_of(request.query_params.get("player"))))


@routes.post("/api/puzzles/import")
async def import_puzzles(request: Request) -> JSONResponse:
    """A PDN problem collection (``text/plain``, up to 5 MB) added to the puzzles."""
    text = await read_pdn_body(request)
    report = await puzzles(request).import_text(
        text, (request.query_params.get("name") or "uploaded problems")[:200],
        request.query_params.get("variant") or None)
    return JSONResponse({"name": report.name, "added": report.added,
                         "duplicates": report.duplicates, "already": report.already,
                         "rejected": report.rejected[:200]},
                        status_code=200 if report.already else 201)


@routes.get("/api/puzzles/{pid}")
async def get_puzzle(request: Request) -> JSONResponse:
    return JSONResponse(puzzle_json(await puzzles(request).find(puzzle_id(request))))


@routes.post("/api/puzzles/{pid}/moves")
async def play_move(request: Request) -> JSONResponse:
    """``{"move": "35-30", "step": 0, "player"?: "...", "hints"?: 0}``"""
    data = await read_json(request)
    pid = puzzle_id(request)
    return JSONResponse(await puzzles(request).move(
        pid, data.get("step", 0), data.get("move"), player_of(data.get("player")),
        data.get("hints", 0)))


@routes.get("/api/puzzles/{pid}/hint")
async def hint(request: Request) -> JSONResponse:
    """``?step=0&level=1`` (the piece) or ``level=2`` (the move)."""
    return JSONResponse(await puzzles(request).hint(
        puzzle_id(request), int_param(request, "step", 0), int_param(request, "level", 1)))


@routes.post("/api/puzzles/{pid}/solution")
async def solution(request: Request) -> JSONResponse:
    """``{"step": 0, "player"?: "..."}``: the rest of the solution (the solver gives up)."""
    data = await read_json(request)
    pid = puzzle_id(request)
    return JSONResponse(await puzzles(request).solution(
        pid, data.get("step", 0), player_of(data.get("player"))))
