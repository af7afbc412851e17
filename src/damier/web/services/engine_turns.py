"""The engine's turns in a game: it thinks in a worker thread, its move enters the game.

:class:`EngineTurns` runs one task per game while the engine is to move. The engine thinks
on a copy of the board in a thread of its pool *without* holding the game's lock; its move
is applied only if the game has not changed in the meantime (same ``version``), so an undo
or a resignation during the search is safe. A failing built-in engine plays the first legal
move rather than stop the game.

The game's engine is the one it was created with (``row.engine``, see
:mod:`damier.web.services.engine_registry`). When an external engine fails (:class:`EngineFailed`: it crashed,
hung past its wait, sent garbage or ``error``, played an illegal move) — or is no longer
offered by the server — damier's engine takes its place for the rest of the game: the move
is thought again by it, ``Session.engine_failure`` says what happened (:func:`failure_note`:
it is in the game's state) and the watchers get it as the state's message. Its process is closed when the game
ends (and by the registry when idle or when the server stops). External engines think in a
pool of their own, so that one that hangs never holds up the built-in engine's games.

This module must not parse client input; it is driven by the game service.
"""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import ThreadPoolExecutor

from damier.core.board import Board
from damier.core.move import Move
from damier.engine.timecontrol import Limit
from damier.web.errors import WebError
from damier.web.services import game_clock
from damier.web.services.actions import push
from damier.web.services.engine_bridge import EngineFailed, Thinker, move_limit
from damier.web.services.engine_registry import EngineRegistry
from damier.web.services.game_session import Session, save
from damier.web.services.watchers import notify
from damier.web.storage.game_store import Store

WAIT_LIMIT = 60.0
"""Longest wait of a request that asks for the engine's reply (``wait``): past it the answer
is the game as it stands (``thinking``) and the move comes over the WebSocket."""


class EngineTurns:
    """Plays the engine's moves of every game (see the module docstring)."""

    def __init__(self, store: Store, threads: int = 2,
                 engines: EngineRegistry | None = None) -> None:
        self.store = store
        self.engines = engines or EngineRegistry()
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="engine")
        self.external_pool = ThreadPoolExecutor(max_workers=self.engines.max_processes,
                                                thread_name_prefix="engine-external")

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.external_pool.shutdown(wait=False, cancel_futures=True)

    def schedule(self, s: Session) -> None:
        """Start the engine's turn if it is to move and not already thinking (and release
        an external engine's process once the game is over)."""
        if s.outcome() is not None:
            release(s)
            return
        if s.player(s.board.turn) != "engine":
            return
        if s.engine_task is not None and not s.engine_task.done():
            return
        s.engine_task = asyncio.get_running_loop().create_task(self._turns(s))

    async def wait(self, s: Session, limit: float = WAIT_LIMIT) -> None:
        """Until the engine's turns in ``s`` are over (nothing if it is not thinking), at
        most ``limit`` seconds."""
        task = s.engine_task
        if task is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(task), limit)

    def _thinker(self, s: Session) -> Thinker:
        """The game's thinker: its engine, or damier's once that failed or is not offered."""
        if s.engine_failure is not None:
            return Thinker(s.row.variant, s.row.level)
        try:
            return self.engines.thinker(s.row.engine, s.row.variant, s.row.level)
        except WebError as e:
            s.engine_failure = failure_note("engine_not_offered", s.row.engine or "?",
                                            e.message)
            return Thinker(s.row.variant, s.row.level)

    async def _think(self, thinker: Thinker, board: Board, limit: Limit) -> Move:
        loop = asyncio.get_running_loop()
        pool = self.external_pool if thinker.external else self.pool
        return await loop.run_in_executor(pool, thinker.choose, board, limit)

    async def _turns(self, s: Session) -> None:
        while True:
            async with s.lock:
                if game_clock.check_flag(s):
                    save(self.store, s)
                    break
                if s.outcome() is not None or s.player(s.board.turn) != "engine":
                    break
                board = s.board.copy()
                version = s.version
                if s.thinker is None:
                    s.thinker = self._thinker(s)
                thinker = s.thinker
                limit = move_limit(s.row.level, *game_clock.engine_clocks(s))
                s.thinking = True
            await notify(s)
            try:
                move = await self._think(thinker, board, limit)
            except EngineFailed as e:
                async with s.lock:
                    if s.version != version:
                        continue   # the game changed (e.g. resigned, deleted: engine closed)
                    note = failure_note("engine_failed", e.engine, e.reason)
                    s.engine_failure = note
                    if s.thinker is thinker:
                        s.thinker = Thinker(s.row.variant, s.row.level)
                await notify(s, note["message"], note["code"], {"engine": e.engine})
                continue   # damier's engine thinks this move again
            except Exception:  # noqa: BLE001 - a failing engine must not kill the game
                move = next(iter(board.legal_moves))
            refused: WebError | None = None
            async with s.lock:
                s.thinking = False
                if s.version != version:
                    continue  # the game changed meanwhile: look again whose turn it is
                try:
                    push(self.store, s, move)
                except WebError as e:  # the store refused the move: undone (game_session.save)
                    refused = e
            if refused is not None:
                await notify(s, refused.message, refused.code)
                return  # thought again on the game's next use
            await notify(s)
        s.thinking = False
        if s.outcome() is not None:
            release(s)
        await notify(s)


def failure_note(code: str, engine: str, reason: str) -> dict[str, str]:
    """``Session.engine_failure``: why damier's engine plays in place of ``engine``.

    >>> failure_note("engine_failed", "scan", "it exited")["message"]
    "engine scan failed: it exited; damier's engine plays on in its place"
    """
    if code == "engine_failed":
        message = f"engine {engine} failed: {reason}; damier's engine plays on in its place"
    else:
        message = f"{reason}; damier's engine plays in its place"
    return {"code": code, "engine": engine, "reason": reason, "message": message}


def release(s: Session) -> None:
    """Close the game's external engine process (it starts again if the game goes on)."""
    if s.thinker is not None and s.thinker.external:
        s.thinker.close()
