"""HTTP routes of play between people (``/api/online/...``) and the page ``/online``.

* ``POST /api/online/challenges`` ``{"name", "variant", "time_control", "color", "rated",
  "public"}`` — a challenge; answers ``201 {"challenge", "invite"}`` (``invite`` is the path
  of the invite link, ``/online#c=<id>``, with ``?token=`` on a server that has an access
  token: the friend needs it to reach the server);
* ``GET /api/online/challenges`` — the lobby: open public challenges;
* ``GET /api/online/challenges/{id}`` — one challenge (``mine``: this browser made it);
* ``POST /api/online/challenges/{id}/accept`` ``{"name"}`` — the game starts: ``{"game": id}``;
* ``POST /api/online/challenges/{id}/decline`` — declined (cancelled, by its creator);
* ``GET /api/online/games/{id}`` — ``{"game": state, "online": …}`` as the WebSocket sends;
* ``POST /api/online/games/{id}/act`` ``{"action", "move"?, "ply"?, "color"?}`` — a seat acts
  (see :data:`damier.web.services.online_service.ACTIONS`);
* ``POST /api/online/seat`` ``{"seat": secret}`` — move a seat to this browser (seat link);
* ``GET /api/online/players/{name}`` — a player's ratings and games;
* ``GET /api/online/leaders/{variant}`` — the best rated players of a variant.

A request that needs a browser key and has none is given one (``Set-Cookie``, see
:mod:`damier.web.services.seats`). This module translates between HTTP and
:class:`~damier.web.services.online_service.OnlineService`; it holds no game logic.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlencode

from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response

from damier.core.colors import opponent
from damier.core.errors import excerpt
from damier.web.errors import WebError
from damier.web.routes.request_limits import path_id
from damier.web.routes.requests import RouteTable, read_json, variant_named
from damier.web.services.challenges import challenge_json, read_name
from damier.web.services.online_service import SIDES, OnlineService
from damier.web.services.ratings import current, rating_json
from damier.web.services.seats import cookie_key, key_cookie
from damier.web.storage.online_store import name_key

routes = RouteTable()
"""This area's routes, in the order the handlers below declare them."""

PAGE = Path(__file__).resolve().parents[1] / "static" / "online" / "online.html"


def online(conn: HTTPConnection) -> OnlineService:
    svc: OnlineService = conn.app.state.online
    return svc


def address(conn: HTTPConnection) -> str:
    """The client's address (behind a trusted proxy: the one it forwards, see hosting docs)."""
    return conn.client.host if conn.client else "?"


def holder_of(conn: HTTPConnection) -> str | None:
    """The key hash of the browser making the request (``None``: it has no key yet)."""
    return online(conn).keys.holder(cookie_key(conn.headers.get("cookie")), address(conn))


def with_key(request: Request) -> tuple[str, str | None]:
    """The key hash of the browser, issuing a key to one that has none, or one the server does
    not know (it is counted as a guess; a browser with a stale cookie heals): ``(hash, new
    key)``."""
    try:
        holder = holder_of(request)
    except WebError as e:
        if e.code != "forged_key":
            raise
        holder = None
    if holder is not None:
        return holder, None
    svc = online(request)
    key = svc.keys.issue()
    held = svc.keys.holder(key, address(request))
    assert held is not None
    return held, key


def answer(request: Request, body: Any, new_key: str | None, status: int = 200) -> JSONResponse:
    response = JSONResponse(body, status_code=status)
    if new_key is not None:
        response.headers.append("set-cookie", key_cookie(new_key, request.url.scheme == "https"))
    return response


@routes.get("/online")
async def page(request: Request) -> Response:
    return FileResponse(PAGE, headers={"Cache-Control": "no-cache"})


@routes.post("/api/online/challenges")
async def create_challenge(request: Request) -> JSONResponse:
    data = await read_json(request)
    holder, key = with_key(request)
    c = online(request).create_challenge(holder, data)
    token = getattr(request.app.state, "token", None)
    query = f"?{urlencode({'token': token})}" if token else ""
    return answer(request, {"challenge": challenge_json(c, holder),
                            "invite": f"/online{query}#c={c.id}"}, key, 201)


@routes.get("/api/online/challenges")
async def lobby(request: Request) -> JSONResponse:
    holder = holder_of(request)
    return JSONResponse([challenge_json(c, holder) for c in online(request).lobby()])


@routes.get("/api/online/challenges/{cid}")
async def get_challenge(request: Request) -> JSONResponse:
    holder = holder_of(request)
    c = online(request).challenge(request.path_params["cid"], address(request))
    return JSONResponse(challenge_json(c, holder))


@routes.post("/api/online/challenges/{cid}/accept")
async def accept_challenge(request: Request) -> JSONResponse:
    data = await read_json(request)
    holder, key = with_key(request)
    gid = await online(request).accept(request.path_params["cid"], holder, data.get("name"),
                                       address(request))
    return answer(request, {"game": gid}, key)


@routes.post("/api/online/challenges/{cid}/decline")
async def decline_challenge(request: Request) -> JSONResponse:
    holder, key = with_key(request)
    c = online(request).close_challenge(request.path_params["cid"], holder, address(request))
    return answer(request, challenge_json(c, holder), key)


def _gid(request: Request) -> int:
    return path_id(request.path_params, "gid", "game", "game_not_found")


@routes.get("/api/online/games/{gid}")
async def get_game(request: Request) -> JSONResponse:
    svc = online(request)
    s = await svc.session(_gid(request))
    return JSONResponse(svc.view(s, holder_of(request)))


@routes.post("/api/online/games/{gid}/act")
async def act(request: Request) -> JSONResponse:
    data = await read_json(request)
    return JSONResponse(await online(request).act(_gid(request), holder_of(request), data))


@routes.post("/api/online/seat")
async def take_seat(request: Request) -> JSONResponse:
    data = await read_json(request)
    holder, key = with_key(request)
    seat = online(request).take_seat(data.get("seat"), holder, address(request))
    return answer(request, {"game": seat.game_id, "color": SIDES[seat.color]}, key)


@routes.get("/api/online/players/{name}")
async def player_page(request: Request) -> JSONResponse:
    svc = online(request)
    name = read_name(unquote(request.path_params["name"]))
    found = svc.store.player(name_key(name))
    if found is None:
        raise WebError(404, f"no player named {excerpt(name)} on this server", "player_not_found")
    now = time.time()
    ratings = {variant: rating_json(current(svc.store, name, variant, now))
               for variant in svc.store.ratings(name_key(name))}
    games = []
    for seat, og in svc.store.games_of(name_key(name)):
        row = svc.games.store.get_game(seat.game_id)
        if row is None:
            continue
        other = SIDES[opponent(seat.color)]
        change = (og.ratings or {}).get(SIDES[seat.color])
        games.append({"id": seat.game_id, "color": SIDES[seat.color], "variant": row.variant,
                      "opponent": row.tags.get(other.capitalize(), "?"), "rated": og.rated,
                      "result": row.result, "reason": row.reason, "created": row.created,
                      "rating": change})
    return JSONResponse({"name": found[0], "since": found[1], "ratings": ratings, "games": games})


@routes.get("/api/online/leaders/{variant}")
async def leaders(request: Request) -> JSONResponse:
    variant = variant_named(request, "variant")
    return JSONResponse([{"name": name, **rating_json(r)}
                         for name, r in online(request).store.leaders(variant)])
