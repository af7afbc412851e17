"""The server keeps the clocks of games between people: flags fall on time, restarts are fair.

A game's clocks are its stored row's (:mod:`damier.web.services.game_clock`: the time left when the turn
began and when it began; increment and delay from its time control). This module adds what
a server with nobody watching needs:

* :class:`ClockKeeper` — a task that knows each live game's deadline (the moment the side to
  move runs out of time) and wakes at the earliest one to make the flag fall, whether or not
  anybody is connected; it also writes the server's **heartbeat** every :data:`HEARTBEAT`
  seconds (and when it stops);
* :func:`resume_clocks` — at start, before any game is loaded, each live game's running clock
  is moved so that the side to move resumes with the time it had when the server stopped
  (the last heartbeat), not charged for the time the server was down. A crash may give the
  side to move back up to one heartbeat interval of the time it used.

This module must not know seats, offers or HTTP.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable, Iterable

from damier.web.services.game_clock import time_left
from damier.web.services.game_session import Session
from damier.web.storage.game_store import Store
from damier.web.storage.online_store import OnlineStore

HEARTBEAT = 2.0
"""Seconds between two heartbeats (the most a crash can give back to the side to move)."""
ALIVE = "alive"
log = logging.getLogger("damier.web")


def resume_clocks(games: Store, online: OnlineStore, live: Iterable[int],
                  now: float | None = None) -> int:
    """Move the running clocks of the ``live`` games past the time the server was down (see
    the module docstring); how many were moved."""
    now = time.time() if now is None else now
    alive_text = online.meta(ALIVE)
    alive = min(now, float(alive_text)) if alive_text else now
    moved = 0
    for gid in live:
        row = games.get_game(gid)
        if row is None or row.time_control is None or row.turn_started is None or row.result:
            continue
        used = max(0.0, alive - row.turn_started)
        row.turn_started = now - used
        games.save(row)
        moved += 1
    return moved


def deadline(s: Session, now: float) -> float | None:
    """When the side to move runs out of time (``None``: no clock runs)."""
    row = s.row
    if row.time_control is None or row.turn_started is None or s.outcome() is not None:
        return None
    return now + time_left(s, s.board.turn, now) / 1000.0


class ClockKeeper:
    """Wakes at each live game's deadline and has ``load`` look at it (loading a game makes a
    fallen flag fall, see :meth:`damier.web.services.game_service.GameService.get`).

    Its task runs on the loop that started it first. An app may be served by more than one
    loop at a time (test clients open the app's lifespan again on loops of their own): a
    later start only counts, the last stop ends the task, and a change seen on another loop
    wakes the keeper's own loop thread-safely."""

    def __init__(self, online: OnlineStore, load: Callable[[int], Awaitable[Session]],
                 heartbeat: float = HEARTBEAT) -> None:
        self.online = online
        self.load = load
        self.heartbeat = heartbeat
        self.deadlines: dict[int, float] = {}
        self._heap: list[tuple[float, int]] = []
        self._heap_lock = threading.Lock()
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._starts = 0

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def schedule(self, s: Session) -> None:
        """(Re)compute the deadline of game ``s`` after a change."""
        gid = s.row.id
        when = deadline(s, time.time())
        with self._heap_lock:
            if when is None:
                self.deadlines.pop(gid, None)
                return
            self.deadlines[gid] = when
            sooner = not self._heap or when < self._heap[0][0]
            heapq.heappush(self._heap, (when, gid))
        if sooner:
            self._poke()

    def _poke(self) -> None:
        """Wake the keeper's loop (from it, or thread-safely from another)."""
        loop, wake = self._loop, self._wake
        if loop is None or wake is None:
            return
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if here is loop:
            wake.set()
        else:
            with contextlib.suppress(RuntimeError):   # that loop is closed: nothing to wake
                loop.call_soon_threadsafe(wake.set)

    def beat(self) -> None:
        """Write the heartbeat now (a failure is logged: the next beat tries again)."""
        try:
            self.online.set_meta(ALIVE, repr(time.time()))
        except sqlite3.Error as e:
            log.warning("could not write the heartbeat: %s", e)

    def start(self) -> None:
        """Start the task on the running loop (a second start while it runs only counts)."""
        self._starts += 1
        if self.running:
            return
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._task = self._loop.create_task(self._run(self._wake))

    async def stop(self) -> bool:
        """Write the heartbeat; the last stop ends the task. Whether it was the last."""
        self._starts = max(0, self._starts - 1)
        self.beat()
        task, loop = self._task, self._loop
        if self._starts or task is None:
            return not self._starts
        self._task = None
        if loop is asyncio.get_running_loop():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        elif loop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(task.cancel)
        return True

    async def _run(self, wake: asyncio.Event) -> None:
        next_beat = 0.0
        while True:
            now = time.time()
            if now >= next_beat:
                self.beat()
                next_beat = now + self.heartbeat
            await self._fall_due(now)
            with self._heap_lock:
                wake_at = min(next_beat, self._heap[0][0] if self._heap else next_beat)
            wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), max(0.0, wake_at - time.time()) + 0.001)

    def _due(self, now: float) -> int | None:
        """The next game whose deadline has come (``None``: none yet)."""
        with self._heap_lock:
            while self._heap and self._heap[0][0] <= now:
                when, gid = heapq.heappop(self._heap)
                if self.deadlines.get(gid) == when:   # else an older deadline: it moved since
                    del self.deadlines[gid]
                    return gid
        return None

    async def _fall_due(self, now: float) -> None:
        while (gid := self._due(now)) is not None:
            try:
                s = await self.load(gid)
            except Exception:  # noqa: BLE001 - one broken game must not stop every clock
                log.exception("the clock of game %s could not be checked", gid)
                continue
            self.schedule(s)   # e.g. a takeback gave time back: not fallen yet
