"""The WebSocket ``/ws/games/{id}``: game state pushed on every change, analysis streamed.

On connect the server sends ``{"type": "state", "game": …}`` and then again after every
change of the game (moves, engine replies, undo, resignation, draw, clock flag). Messages
from the client:

* ``{"type": "analyse", "on": true, "ply": n?}`` — start analysing the game's position after
  ply ``n`` (default: the current position, following the game as it goes on); the server
  streams ``{"type": "analysis", "depth", "score", "score_white", "win_in", "pv", "nodes",
  "nps", "time", "ply", "fen"}`` until ``{"type": "analyse", "on": false}``.
* ``{"type": "ping"}`` — answered ``{"type": "pong"}``.

An unknown game gets ``{"type": "error", "status": 404, …}`` and the socket is closed with
code 4404. The engine runs in a thread of its own pool; its results reach the socket via
``call_soon_threadsafe``. This module must not change games.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from damier.core.board import Board
from damier.web.engine_bridge import Thinker
from damier.web.errors import WebError
from damier.web.games import GameService
from damier.web.session import Session

ANALYSIS_SECONDS = 30.0
_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="analysis")


class Analysis:
    """One client's analysis: at most one search running, restarted on each new position."""

    def __init__(self, s: Session, queue: asyncio.Queue[dict[str, Any]]) -> None:
        self.session = s
        self.queue = queue
        self.thinker = Thinker(s.row.variant, 10)
        self.on = False
        self.ply: int | None = None
        self.key: tuple[int, str] | None = None
        self.future: asyncio.Future[None] | None = None

    def board_at(self) -> Board:
        board = self.session.board.copy()
        if self.ply is not None:
            while board.ply > max(0, self.ply):
                board.pop()
        return board

    async def restart(self) -> None:
        board = self.board_at()
        key = (board.ply, board.fen())
        if key == self.key and self.future is not None and not self.future.done():
            return
        await self.halt()
        self.key = key
        loop = asyncio.get_running_loop()
        queue = self.queue

        def emit(info: dict[str, Any]) -> None:
            msg = {"type": "analysis", **info}
            loop.call_soon_threadsafe(_offer, queue, msg)

        if board.outcome() is not None:
            emit({"ply": board.ply, "fen": board.fen(), "done": True, "pv": [],
                  "over": True})
            return
        self.future = loop.run_in_executor(
            _pool, self.thinker.analyse, board, emit, ANALYSIS_SECONDS
        )

    async def halt(self) -> None:
        self.key = None
        fut = self.future
        if fut is not None and not fut.done():
            self.thinker.stop()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(fut), 5)
        self.future = None


def _offer(queue: asyncio.Queue[dict[str, Any]], msg: dict[str, Any]) -> None:
    if queue.qsize() < 200:
        queue.put_nowait(msg)


async def game_socket(ws: WebSocket) -> None:
    svc: GameService = ws.app.state.games
    await ws.accept()
    try:
        text = ws.path_params["gid"]
        if not text.isdigit() or len(text) > 18:
            raise WebError(404, f"no game with id {text!r}")
        s = await svc.get(int(text))
    except WebError as e:
        await ws.send_json({"type": "error", "status": e.status, **e.body()})
        await ws.close(code=4404)
        return
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    s.listeners.add(queue)
    analysis = Analysis(s, queue)
    sender = asyncio.create_task(_send_loop(ws, queue, analysis))
    try:
        await ws.send_json({"type": "state", "game": svc.state(s)})
        while True:
            raw = await ws.receive_text()
            try:
                msg = json.loads(raw)
                if not isinstance(msg, dict):
                    raise ValueError("not an object")
            except ValueError:
                await _offer_async(queue, {"type": "error", "status": 400, "code": "bad_message",
                                           "error": "messages must be JSON objects"})
                continue
            kind = msg.get("type")
            if kind == "ping":
                await _offer_async(queue, {"type": "pong"})
            elif kind == "analyse":
                analysis.on = bool(msg.get("on", True))
                ply = msg.get("ply")
                analysis.ply = ply if isinstance(ply, int) and not isinstance(ply, bool) else None
                if analysis.on:
                    await analysis.restart()
                else:
                    await analysis.halt()
            else:
                await _offer_async(queue, {"type": "error", "status": 422,
                                           "code": "bad_message",
                                           "error": f"unknown message type {kind!r}"})
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        s.listeners.discard(queue)
        sender.cancel()
        await analysis.halt()


async def _offer_async(queue: asyncio.Queue[dict[str, Any]], msg: dict[str, Any]) -> None:
    _offer(queue, msg)


async def _send_loop(ws: WebSocket, queue: asyncio.Queue[dict[str, Any]], analysis: Analysis) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
        while True:
            msg = await queue.get()
            if msg.get("type") == "state":
                # drop stale states: only the newest one matters
                while not queue.empty() and _peek_is_state(queue):
                    msg = queue.get_nowait()
                if analysis.on and analysis.ply is None:
                    await analysis.restart()
            await ws.send_text(json.dumps(msg))


def _peek_is_state(queue: asyncio.Queue[dict[str, Any]]) -> bool:
    items: Any = getattr(queue, "_queue", None)
    return bool(items) and items[0].get("type") == "state"


routes = [WebSocketRoute("/ws/games/{gid}", game_socket)]
