"""The engine's turns in a game: it thinks in a worker thread, its move enters the game.

:class:`EngineTurns` runs one task per game while the engine is to move. The engine thinks
on a copy of the board in a thread of its pool *without* holding the game's lock; its move
is applied only if the game has not changed in the meantime (same ``version``), so an undo
or a resignation during the search is safe. A failing engine plays the first legal move
rather than stop the game.

This module must not parse client input; it is driven by the game service.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from damier.web import clock
from damier.web.actions import push
from damier.web.engine_bridge import Thinker, move_seconds
from damier.web.session import Session, save
from damier.web.store import Store
from damier.web.watchers import notify


class EngineTurns:
    """Plays the engine's moves of every game (see the module docstring)."""

    def __init__(self, store: Store, threads: int = 2) -> None:
        self.store = store
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="engine")

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    def schedule(self, s: Session) -> None:
        """Start the engine's turn if it is to move and not already thinking."""
        if s.outcome() is not None or s.player(s.board.turn) != "engine":
            return
        if s.engine_task is not None and not s.engine_task.done():
            return
        s.engine_task = asyncio.get_running_loop().create_task(self._turns(s))

    async def wait(self, s: Session) -> None:
        """Until the engine's turns in ``s`` are over (nothing if it is not thinking)."""
        task = s.engine_task
        if task is not None:
            await asyncio.shield(task)

    async def _turns(self, s: Session) -> None:
        loop = asyncio.get_running_loop()
        while True:
            async with s.lock:
                if clock.check_flag(s):
                    save(self.store, s)
                    break
                if s.outcome() is not None or s.player(s.board.turn) != "engine":
                    break
                board = s.board.copy()
                version = s.version
                if s.thinker is None:
                    s.thinker = Thinker(s.row.variant, s.row.level)
                thinker = s.thinker
                remaining = None
                inc = 0.0
                if s.row.time_control is not None:
                    remaining = clock.time_left(s, board.turn, clock.now())
                    inc = s.row.time_control["increment"]
                seconds = move_seconds(s.row.level, remaining, inc)
                s.thinking = True
            await notify(s)
            try:
                move = await loop.run_in_executor(self.pool, thinker.choose, board, seconds)
            except Exception:  # noqa: BLE001 - a failing engine must not kill the game
                move = next(iter(board.legal_moves))
            async with s.lock:
                s.thinking = False
                if s.version != version:
                    continue  # the game changed meanwhile: look again whose turn it is
                push(self.store, s, move)
            await notify(s)
        s.thinking = False
        await notify(s)
