"""The WebSocket ``/ws/games/{id}``: game state pushed on every change, analysis streamed.

On connect the server sends ``{"type": "state", "game": …}`` and then again after every
change of the game (moves, engine replies, undo, resignation, draw, clock flag). Messages
from the client:

* ``{"type": "analyse", "on": true, "ply": n?, "node": id?, "multipv": k?, "engine": name?}``
  — start analysing the game's position after ply ``n``, or at a node of its tree (default:
  the current position, following the game as it goes on), with ``k`` lines (1-5), with the
  engine ``name`` (one of ``GET /api/engines``; default: the game's engine when it can
  analyse, else damier's); the server streams ``{"type": "analysis", "multipv", "depth",
  "score", "score_white", "win_in", "pv", "line", "nodes", "nps", "time", "ply", "fen",
  "node"?, "engine"}`` until ``{"type": "analyse", "on": false}``, deepening as long as
  the position stays (:mod:`damier.web.services.live_analysis`). An engine that cannot be used, or fails, is
  reported as ``{"type": "analysis", "error": …, "code": …, "engine": …, "done": true}``.
* ``{"type": "ping"}`` — answered ``{"type": "pong"}``.

A message that is not a JSON object (binary frames, bad JSON, nesting deeper than
:data:`~damier.web.routes.request_limits.MAX_JSON_DEPTH`, more than
:data:`~damier.web.routes.request_limits.MAX_WS_MESSAGE` bytes) is answered ``{"type": "error", "status":
400, …}`` and the socket stays open.

An unknown game gets ``{"type": "error", "status": 404, …}`` and the socket is closed with
code 4404. A node that is not in the game's tree is answered ``{"type": "analysis", "code":
"node_not_found", "done": true, …}`` (it used to analyse the current position silently).

Each analysis runs in a thread of its own (a daemon: it never holds up the server's exit),
so that every client gets its share of the machine (issue 24: all sockets shared two
threads, and two open analysis tabs starved everybody else); at most :data:`MAX_ANALYSES`
run at once, beyond which ``{"type": "analysis", "code": "analysis_busy", "done": true}``
answers. A stop is never lost: each search has its own cancel flag, looked at before it
starts, and the stop is repeated until the search ends (the engine forgets a stop asked
before its search began), so that "analysis off", a new position and a disconnect end it
within milliseconds. Results reach the socket via ``call_soon_threadsafe``. This module
must not change games.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import AsyncIterator, Callable, Mapping
from typing import Any

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from damier.core.board import Board
from damier.core.errors import excerpt
from damier.web.errors import WebError
from damier.web.routes.request_limits import (
    MAX_WS_MESSAGE,
    BadJson,
    LoneSurrogate,
    parse_json_object,
    path_id,
)
from damier.web.services.engine_bridge import Thinker
from damier.web.services.engine_registry import EngineRegistry
from damier.web.services.engine_settings import BUILTIN
from damier.web.services.game_service import GameService
from damier.web.services.game_session import Session
from damier.web.services.gametree import TreeError
from damier.web.services.live_analysis import MAX_SECONDS, board_at, read_view, spell_line

ANALYSIS_SECONDS = MAX_SECONDS
STOP_GRACE = 2.0
"""Seconds an engine is given to stop its analysis before its process is killed."""
MAX_ANALYSES = 16
"""Analyses running at once in the whole server, at most (each in its own thread)."""
_running: set[asyncio.Future[None]] = set()


class Analysis:
    """One client's analysis: at most one search running, restarted on each new position,
    with one engine at a time (an external one's process is this socket's own)."""

    def __init__(self, s: Session, queue: asyncio.Queue[dict[str, Any]],
                 engines: EngineRegistry) -> None:
        self.session = s
        self.queue = queue
        self.engines = engines
        self.thinker = Thinker(s.row.variant, 10)
        self.on = False
        self.ply: int | None = None
        self.node: str | None = None
        self.multipv = 1
        self.key: tuple[Any, ...] | None = None
        self.future: asyncio.Future[None] | None = None
        self.cancel = threading.Event()

    def board_at(self) -> Board:
        return board_at(self.session, self.ply, self.node)

    async def restart(self) -> None:
        try:
            board = self.board_at()
        except TreeError:
            await self.halt()
            self.on = False
            _offer(self.queue, {"type": "analysis", "node": self.node, "done": True,
                                **WebError(422, f"no node {excerpt(self.node or '')} in this game",
                                           "node_not_found").body()})
            return
        key = (board.ply, board.fen(), self.node, self.multipv)
        if key == self.key and self.future is not None and not self.future.done():
            return
        await self.halt()
        self.key = key
        loop = asyncio.get_running_loop()
        queue = self.queue

        engine = self.thinker.name
        where = {"node": self.node} if self.node is not None else {}
        first = board.rules.first_player
        cancel = self.cancel = threading.Event()

        def emit(info: dict[str, Any]) -> None:
            if cancel.is_set():  # a search asked to stop says nothing more
                return
            msg = {"type": "analysis", "engine": engine, **where, **info}
            if info.get("pv"):
                msg["line"] = spell_line(board, info["pv"], first)
            loop.call_soon_threadsafe(_offer, queue, msg)

        if board.outcome() is not None:
            emit({"ply": board.ply, "fen": board.fen(), "done": True, "pv": [],
                  "over": True})
            return
        if len(_running) >= MAX_ANALYSES:
            self.on = False
            _offer(queue, {"type": "analysis", "done": True, **WebError(
                503, f"the server runs {MAX_ANALYSES} analyses already: try again later",
                "analysis_busy").body()})
            return
        self.future = _start(loop, self.thinker, board, emit, self.multipv, cancel)

    async def use(self, name: object) -> WebError | None:
        """Analyse with the engine ``name`` from now on (``None``: the game's if it can
        analyse, else damier's); the error when it cannot be used."""
        row = self.session.row
        if name is not None and not isinstance(name, str):
            return WebError(422, "engine must be the name of an engine", "unknown_engine",
                            engine="?")
        if name is None:
            game_engine = self.engines.choices.get(row.engine or BUILTIN)
            usable = game_engine is not None and game_engine.analyses and \
                game_engine.plays(row.variant) and self.session.engine_failure is None
            name = row.engine if usable else BUILTIN
        try:
            choice = self.engines.choice(name, row.variant, analyse=True)
        except WebError as e:
            return e
        if choice.name != self.thinker.name:
            await self.halt()
            self.thinker.close()
            self.thinker = self.engines.thinker(choice.name, row.variant, 10)
        return None

    async def halt(self) -> None:
        self.key = None
        self.cancel.set()
        fut = self.future
        if fut is not None and not fut.done():
            loop = asyncio.get_running_loop()
            end = loop.time() + STOP_GRACE
            while not fut.done() and loop.time() < end:
                self.thinker.stop()  # again and again: a search forgets a stop from before it began
                await asyncio.wait([fut], timeout=0.02)
            if not fut.done():   # an engine that does not stop: kill its process
                self.thinker.abort()
                await asyncio.wait([fut], timeout=5)
        self.future = None

    async def close(self) -> None:
        """The socket is gone: stop the search and release the engine (its process is
        closed even if this task is cancelled while it waits)."""
        try:
            await self.halt()
        finally:
            self.thinker.close()


def _start(loop: asyncio.AbstractEventLoop, thinker: Thinker, board: Board,
           emit: Any, multipv: int, cancel: threading.Event) -> asyncio.Future[None]:
    """Run ``thinker``'s analysis of ``board`` in a daemon thread of its own; the future is
    done when the thread ends (at once if ``cancel`` is set before it starts)."""
    future: asyncio.Future[None] = loop.create_future()
    _running.add(future)
    future.add_done_callback(_running.discard)

    def finished() -> None:
        if not future.done():
            future.set_result(None)

    def run() -> None:
        try:
            if not cancel.is_set():
                thinker.analyse(board, emit, ANALYSIS_SECONDS, multipv)
        except Exception:  # noqa: BLE001 - a failed analysis ends; the socket lives on
            pass
        finally:
            with contextlib.suppress(RuntimeError):  # the loop is closed: the server is gone
                loop.call_soon_threadsafe(finished)

    threading.Thread(target=run, name="analysis", daemon=True).start()
    return future


def _offer(queue: asyncio.Queue[dict[str, Any]], msg: dict[str, Any]) -> None:
    if queue.qsize() < 200:
        queue.put_nowait(msg)


async def game_socket(ws: WebSocket) -> None:
    svc: GameService = ws.app.state.games
    await ws.accept()
    try:
        s = await svc.get(path_id(ws.path_params, "gid", "game", "game_not_found"))
    except WebError as e:
        await ws.send_json({"type": "error", "status": e.status, **e.body()})
        await ws.close(code=4404)
        return
    queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    s.listeners.add(queue)
    analysis = Analysis(s, queue, svc.engines)
    sender = asyncio.create_task(_send_loop(ws, queue, analysis))
    try:
        await ws.send_json({"type": "state", "game": svc.state(s)})
        async for msg in messages(ws, lambda answer: _offer(queue, answer)):
            kind = msg.get("type")
            if kind == "ping":
                await _offer_async(queue, {"type": "pong"})
            elif kind == "analyse":
                analysis.on = bool(msg.get("on", True))
                analysis.ply, analysis.node, analysis.multipv = read_view(msg)
                if analysis.on:
                    refused = await analysis.use(msg.get("engine"))
                    if refused is not None:
                        analysis.on = False
                        await analysis.halt()
                        await _offer_async(queue, {"type": "analysis", **refused.body(),
                                                   "done": True})
                    else:
                        await analysis.restart()
                else:
                    await analysis.halt()
            else:
                shown = excerpt(kind) if isinstance(kind, str) else type(kind).__name__
                await _offer_async(queue, {"type": "error", "status": 422,
                                           "code": "bad_message",
                                           "error": f"unknown message type {shown}"})
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        s.listeners.discard(queue)
        sender.cancel()
        await analysis.close()


async def messages(ws: WebSocket,
                   answer: Callable[[dict[str, Any]], None]) -> AsyncIterator[dict[str, Any]]:
    """The JSON objects a client sends on ``ws``, until it disconnects; a frame that is not
    one (binary, too long, not an object) is answered through ``answer`` and skipped."""
    while True:
        event = await ws.receive()
        if event["type"] == "websocket.disconnect":
            return
        try:
            msg = read_message(event)
        except BadJson as e:
            answer(bad_message(e))
            continue
        yield msg


def bad_message(e: BadJson) -> dict[str, Any]:
    """The error message answering a frame that is not a JSON object one can store."""
    if isinstance(e, LoneSurrogate):
        return {"type": "error", "status": 422, "code": "bad_text", "error": str(e)}
    return {"type": "error", "status": 400, "code": "bad_message",
            "error": f"messages must be JSON objects: {e}"}


def read_message(event: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON object of a received text frame; :class:`BadJson` for anything else."""
    text = event.get("text")
    if text is None:
        raise BadJson("binary frames are not read")
    if len(text) > MAX_WS_MESSAGE:
        raise BadJson(f"longer than {MAX_WS_MESSAGE} characters")
    return parse_json_object(text)


async def _offer_async(queue: asyncio.Queue[dict[str, Any]], msg: dict[str, Any]) -> None:
    _offer(queue, msg)


async def _send_loop(ws: WebSocket, queue: asyncio.Queue[dict[str, Any]], analysis: Analysis) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
        while True:
            msg = await queue.get()
            if msg.get("type") == "state":
                # drop stale states: only the newest one matters (but not the note one of
                # them carries for the player, e.g. that the engine failed)
                while not queue.empty() and _peek_is_state(queue):
                    newer = queue.get_nowait()
                    if "message" in msg and "message" not in newer:
                        note = {k: v for k, v in msg.items() if k.startswith("message")}
                        newer = {**newer, **note}
                    msg = newer
                if analysis.on and analysis.ply is None and analysis.node is None:
                    await analysis.restart()
            await ws.send_text(json.dumps(msg))


def _peek_is_state(queue: asyncio.Queue[dict[str, Any]]) -> bool:
    items: Any = getattr(queue, "_queue", None)
    return bool(items) and items[0].get("type") == "state"


routes = [WebSocketRoute("/ws/games/{gid}", game_socket)]
