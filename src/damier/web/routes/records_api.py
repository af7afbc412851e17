"""HTTP routes for game records: editing a game's variations and comments, and continuing
a game (or any position of its tree) as a new game. See ``docs/web.md``.

This module only translates between HTTP and the game service (:mod:`damier.web.services.records`).
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse

from damier.web.errors import WebError
from damier.web.routes.requests import RouteTable, load, opt_str, read_json, service, state_response
from damier.web.services import records

routes = RouteTable()
"""This area's routes, in the order the handlers below declare them."""


@routes.post("/api/games/{gid}/variations")
async def edit_variations(request: Request) -> JSONResponse:
    """``{"action": "add"|"promote"|"delete"|"comment", "node": id, "move"?, "text"?}``."""
    data = await read_json(request)
    s = await load(request)
    action = opt_str(data, "action")
    node = opt_str(data, "node")
    if not action or node is None:
        raise WebError(422, 'give the action and the node, e.g. {"action": "add", '
                            '"node": "12", "move": "32-28"}', "node_missing")
    target = await service(request).edit_tree(s, action, node, move=opt_str(data, "move"),
                                              text=opt_str(data, "text"))
    return state_response(request, s, node=target)


@routes.post("/api/games/{gid}/continue")
async def continue_game(request: Request) -> JSONResponse:
    """``{"node"?: id, "white"?, "black"?, "level"?, "time_control"?}`` -> 201 new game."""
    data = await read_json(request)
    s = await load(request)
    new = await service(request).continue_game(s, opt_str(data, "node"), data)
    return state_response(request, new, 201)


@routes.get("/api/games/{gid}/position")
async def node_position(request: Request) -> JSONResponse:
    """``?node=12`` (a main-line ply) or ``?node=12:1/15``: the position and its moves."""
    s = await load(request)
    node = request.query_params.get("node", "0")
    return JSONResponse(await records.node_position(s, node))
