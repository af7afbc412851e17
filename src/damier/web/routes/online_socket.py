"""The WebSocket ``/ws/online/{id}`` of a game between people: live state, seats acting.

Players and spectators connect alike; the browser key in the request's cookie says which
seats the socket holds (none: a spectator). While it is open those seats are present (see
:mod:`damier.web.services.online_service`). The server sends

* ``{"type": "state", "game": …, "online": …}`` on connect and after every change (the
  game's state, the players, offers, ratings; ``online.you`` lists the seats this socket
  holds and ``online.seat_links`` their links, sent to this socket only), with a
  ``message``/``message_code`` note when there is one;
* ``{"type": "ack", "seq": n, "ok": true, "ply": …}`` for each action done, or
  ``{"type": "refused", "seq": n, "status", "code", "error"}``;
* ``{"type": "pong", "t": …, "server_time": ms}`` answering ``{"type": "ping", "t": …}`` (the
  client measures the round trip and shows the clocks corrected for it).

A client acts with ``{"type": "act", "seq": n, "action": …, "move"?, "ply"?}`` (the actions of
:data:`damier.web.services.online_service.ACTIONS`). A message that is not a JSON object is answered
``{"type": "error", …}`` and the socket stays open. A forged key or an unknown game closes
the socket with code 4000 + the HTTP status. This module must not change games itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from damier.web.errors import WebError
from damier.web.routes.game_socket import messages
from damier.web.routes.online_api import holder_of
from damier.web.routes.request_limits import path_id
from damier.web.services.game_session import Session
from damier.web.services.online_service import OnlineService
from damier.web.services.seats import held_colors

BACKLOG = 200
"""Messages queued for one socket beyond which acknowledgements wait (states are merged)."""


async def online_socket(ws: WebSocket) -> None:
    svc: OnlineService = ws.app.state.online
    await ws.accept()
    try:
        holder = holder_of(ws)
        gid = path_id(ws.path_params, "gid", "game", "game_not_found")
        s = await svc.session(gid)
    except WebError as e:
        await ws.send_json({"type": "error", "status": e.status, **e.body()})
        await ws.close(code=4000 + e.status)
        return
    mine = held_colors(svc.seats(gid), holder)
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    s.listeners.add(queue)
    sender = asyncio.create_task(_send_loop(ws, queue, svc, s, holder))
    try:
        if mine:
            await svc.arrive(s, mine)   # every watcher is told, this socket included
        else:
            queue.put_nowait({"type": "state"})
        await _receive_loop(ws, queue, svc, gid, holder)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        s.listeners.discard(queue)
        sender.cancel()
        await svc.leave(s, mine)


async def _receive_loop(ws: WebSocket, queue: asyncio.Queue[dict[str, Any]],
                        svc: OnlineService, gid: int, holder: str | None) -> None:
    async for msg in messages(ws, queue.put_nowait):
        kind, seq = msg.get("type"), msg.get("seq")
        if kind == "ping":
            queue.put_nowait({"type": "pong", "t": msg.get("t"),
                              "server_time": int(time.time() * 1000)})
        elif kind == "act":
            def acknowledge(done: dict[str, Any], seq: Any = seq) -> None:
                queue.put_nowait({"type": "ack", "seq": seq, **done})

            try:
                await svc.act(gid, holder, msg, acknowledge)
            except WebError as e:
                queue.put_nowait({"type": "refused", "seq": seq, "status": e.status, **e.body()})
        else:
            queue.put_nowait({"type": "error", "status": 422, "code": "bad_message",
                              "error": "messages are ping or act"})


async def _send_loop(ws: WebSocket, queue: asyncio.Queue[dict[str, Any]], svc: OnlineService,
                     s: Session, holder: str | None) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
        while True:
            msg = await queue.get()
            if msg.get("type") != "state":
                await ws.send_text(json.dumps(msg))
                continue
            msg = _newest_state(queue, msg)
            if "game" not in msg:
                msg = {**msg, "game": svc.view(s, holder)["game"]}
            await ws.send_text(_state_text(msg, svc.view(s, holder, msg["game"])["online"]))


def _state_text(msg: dict[str, Any], online: dict[str, Any]) -> str:
    """The JSON text of a state message with this socket's online view. The game's JSON is
    encoded once per change and shared by every socket of the game (it is most of the text)."""
    game = msg["game"]
    encoded = _encoded.get(id(game))
    if encoded is None or encoded[0] is not game:
        encoded = (game, json.dumps(game))
        _encoded[id(game)] = encoded
        while len(_encoded) > 256:
            del _encoded[next(iter(_encoded))]
    rest = {k: v for k, v in msg.items() if k not in ("type", "game")}
    rest["online"] = online
    return '{"type": "state", "game": ' + encoded[1] + ", " + json.dumps(rest)[1:]


_encoded: dict[int, tuple[dict[str, Any], str]] = {}
"""The last states' game JSON by the identity of the state (the same dict in every queue)."""


def _newest_state(queue: asyncio.Queue[dict[str, Any]], msg: dict[str, Any]) -> dict[str, Any]:
    """Merge the states waiting at the head of the queue: only the newest matters, but the
    last note any of them carries is kept."""
    items: Any = getattr(queue, "_queue", None)
    while items and items[0].get("type") == "state":
        newer = queue.get_nowait()
        notes = {k: v for k, v in msg.items() if k.startswith("message")}
        msg = newer if "message" in newer else {**newer, **notes}
    return msg


routes = [WebSocketRoute("/ws/online/{gid}", online_socket)]
