"""The engines of a running server: :class:`EngineRegistry` and the external engine processes
it owns (:class:`ManagedEngine`).

Each game that plays an external engine, and each WebSocket that analyses with one, gets its
own :class:`ManagedEngine`: an :class:`~damier.engine.api.EngineLike` that starts the process
on first use (in the worker thread that asks; never on the event loop), keeps it for the next
move, and closes it when its owner is done with it (:meth:`ManagedEngine.quit`: the game is
over or deleted, the socket closed), when it has been idle for ``idle_seconds``, when more
than ``max_processes`` are open (the least recently used idle one goes), or when the server
stops (:meth:`EngineRegistry.close`). A closed one starts again if its owner needs it again
(an undo after the end, a game reopened).

Why one process per game rather than one shared per engine: Hub engines search one position
at a time and DXP keeps one game per connection, so a shared process would make every game
wait for the others and let one hanging search stall them all; with one each, games think in
parallel and a crash, a hang or garbage costs only the game it happened in.

When a search fails (the process exits, hangs past its wait, sends garbage or ``error``, plays
an illegal move), the process is killed and closed at once and the caller gets the exception;
:mod:`damier.web.services.engine_bridge` turns it into an
:class:`~damier.web.services.engine_bridge.EngineFailed`
and the game goes on with damier's engine (:mod:`damier.web.services.engine_turns`).

This module must not touch HTTP, the store or the event loop; its blocking calls run in
worker threads.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import wait as wait_all

from damier.core.board import Board
from damier.engine.api import BuiltinEngine, EngineLike
from damier.engine.engine import Info, PlayResult
from damier.engine.timecontrol import Limit
from damier.web.errors import WebError
from damier.web.services.engine_bridge import Thinker
from damier.web.services.engine_settings import BUILTIN, EngineChoice, EngineSettings

REAP_EVERY = 5.0
"""Seconds between looks for idle engine processes (at most; less for short idle times)."""


class ManagedEngine:
    """One external engine process for one owner (see the module docstring).

    Used by one thread at a time (a game's turns come one after another; an analysis waits
    for its previous search); :meth:`stop`, :meth:`abort` and :meth:`quit` may come from any
    thread."""

    def __init__(self, choice: EngineChoice, variant: str, registry: EngineRegistry) -> None:
        assert choice.spec is not None
        self.choice = choice
        self.variant = variant
        self.registry = registry
        self.last_used = time.monotonic()
        self._engine: EngineLike | None = None
        self._busy = False
        self._doomed = False
        """Killed or released while searching: the searching thread closes it when done."""
        self._lock = threading.Lock()
        self._use = threading.Lock()

    @property
    def name(self) -> str:
        return self.choice.name

    @property
    def running(self) -> bool:
        """Whether its process is open now."""
        return self._engine is not None

    @property
    def busy(self) -> bool:
        return self._busy

    def _begin(self) -> EngineLike:
        self._use.acquire()
        with self._lock:
            self._busy = True
            engine = self._engine
        if engine is None:
            try:
                self.registry.make_room(self)
                assert self.choice.spec is not None
                engine = self.choice.spec.start(self.variant)
            except BaseException:
                self._end()
                raise
            with self._lock:
                self._engine = engine
        return engine

    def _end(self, failed: bool = False) -> None:
        with self._lock:
            self._busy = False
            self.last_used = time.monotonic()
            engine = None
            if failed or self._doomed:
                engine, self._engine = self._engine, None
                self._doomed = False
        self._use.release()
        if engine is not None:
            _kill(engine)
            _quit(engine)

    def play(self, board: Board, limit: Limit | None = None) -> PlayResult:
        engine = self._begin()
        try:
            result = engine.play(board, limit)
        except BaseException:
            self._end(failed=True)
            raise
        self._end()
        return result

    def analyse(
        self, board: Board, limit: Limit | None = None, multipv: int = 1
    ) -> Iterator[Info]:
        engine = self._begin()
        failed = False
        try:
            yield from engine.analyse(board, limit, multipv)
        except GeneratorExit:   # the caller stopped reading: the engine has stopped searching
            raise
        except BaseException:
            failed = True
            raise
        finally:
            self._end(failed)

    def stop(self) -> None:
        engine = self._engine
        if engine is not None:
            engine.stop()

    def abort(self) -> None:
        """Kill the process at once (a search that hangs then fails in its thread, which
        closes it)."""
        with self._lock:
            engine, busy = self._engine, self._busy
            if busy:
                self._doomed = True
            else:
                self._engine = None
        if engine is not None:
            _kill(engine)
            if not busy:
                self.registry.close_soon(engine)

    def new_game(self) -> None:
        engine = self._engine
        if engine is not None and not self._busy:
            engine.new_game()

    def quit(self) -> None:
        """Close the process without waiting (a busy one is killed and closed by the thread
        that uses it); the next use starts a new one."""
        with self._lock:
            if self._busy:
                engine, detached = self._engine, None
                self._doomed = True
            else:
                engine, detached = None, self._engine
                self._engine = None
        if engine is not None:
            _kill(engine)
        if detached is not None:
            self.registry.close_soon(detached)

    def detach(self) -> EngineLike | None:
        """Take the process away (the caller quits it); ``None`` if none is open."""
        with self._lock:
            engine, self._engine = self._engine, None
        return engine

    def close_if_idle(self, now: float, idle: float) -> bool:
        """Close the process if it is open, not searching and unused for ``idle`` seconds."""
        with self._lock:
            if self._engine is None or self._busy or now - self.last_used < idle:
                return False
            engine, self._engine = self._engine, None
        self.registry.close_soon(engine)
        return True


def _kill(engine: EngineLike) -> None:
    """End the engine's process at once if it can (killing is best effort; quit follows)."""
    kill = getattr(engine, "kill", None)
    if kill is not None:
        with contextlib.suppress(Exception):
            kill()


def _quit(engine: EngineLike) -> None:
    """Quit the engine (one whose process is already gone may raise: nothing to do)."""
    with contextlib.suppress(Exception):
        engine.quit()


class EngineRegistry:
    """The engines a server offers and the external processes it has open.

    >>> registry = EngineRegistry()
    >>> [e["name"] for e in registry.describe()]
    ['damier']
    >>> registry.thinker("damier", "frisian", 3).name
    'damier'
    >>> registry.close()
    """

    def __init__(self, settings: EngineSettings | None = None) -> None:
        self.settings = settings or EngineSettings()
        self.choices = {c.name: c for c in self.settings.engines}
        self._managed: list[ManagedEngine] = []
        self._lock = threading.Lock()
        self._closer = ThreadPoolExecutor(max_workers=2, thread_name_prefix="engine-close")
        self._stopped = threading.Event()
        self._reaper: threading.Thread | None = None

    @property
    def max_processes(self) -> int:
        return self.settings.max_processes

    def describe(self) -> list[dict[str, object]]:
        """``GET /api/engines``: every engine offered, the built-in one first."""
        return [c.json() for c in self.choices.values()]

    def choice(self, name: str | None, variant: str, analyse: bool = False) -> EngineChoice:
        """The engine called ``name`` (``None``: the built-in one) if it can play ``variant``
        (and analyse, if asked); :class:`WebError` 422 otherwise."""
        choice = self.choices.get(name or BUILTIN)
        if choice is None:
            names = ", ".join(self.choices)
            shown = str(name)[:60]
            raise WebError(422, f"no engine called {shown!r} (this server has: {names})",
                           "unknown_engine", engine=shown)
        if not choice.plays(variant):
            assert choice.variants is not None
            raise WebError(422, f"engine {choice.name} does not play {variant} (it plays "
                                f"{', '.join(choice.variants)})", "engine_variant",
                           engine=choice.name)
        if analyse and not choice.analyses:
            raise WebError(422, f"engine {choice.name} cannot analyse (DXP carries moves only)",
                           "engine_cannot_analyse", engine=choice.name)
        return choice

    def open(self, name: str | None, variant: str, level: int = 10) -> EngineLike:
        """The engine ``name`` for one owner, as an :class:`EngineLike`: damier's own, or a
        :class:`ManagedEngine` whose process starts on first use (release it with ``quit``)."""
        choice = self.choice(name, variant)
        if choice.builtin:
            return BuiltinEngine(variant, level)
        engine = ManagedEngine(choice, variant, self)
        with self._lock:
            self._managed.append(engine)
            if self._reaper is None and not self._stopped.is_set():
                self._reaper = threading.Thread(target=self._reap_loop, daemon=True,
                                                name="engine-reaper")
                self._reaper.start()
        return engine

    def thinker(self, name: str | None, variant: str, level: int) -> Thinker:
        """A :class:`Thinker` over the engine ``name`` for one game or one analysis; an
        external engine's process starts when it is first asked for a move or a line."""
        choice = self.choice(name, variant)
        if choice.builtin:
            return Thinker(variant, level)

        def factory(v: str, lv: int) -> EngineLike:
            return self.open(choice.name, v, lv)

        return Thinker(variant, level, factory, name=choice.name, external=True)

    def running(self) -> list[ManagedEngine]:
        """The managed engines whose process is open."""
        with self._lock:
            return [m for m in self._managed if m.running]

    def make_room(self, starting: ManagedEngine) -> None:
        """Before ``starting`` opens a process: close the least recently used idle ones
        while ``max_processes`` or more are open."""
        running = sorted((m for m in self.running() if m is not starting),
                         key=lambda m: m.last_used)
        excess = len(running) + 1 - self.max_processes
        for m in running:
            if excess <= 0:
                break
            if m.close_if_idle(time.monotonic(), 0.0):
                excess -= 1

    def reap(self, now: float | None = None) -> int:
        """Close the processes idle for ``idle_seconds``; forget closed engines nobody
        holds. Returns how many were closed."""
        now = time.monotonic() if now is None else now
        closed = sum(m.close_if_idle(now, self.settings.idle_seconds) for m in self.running())
        with self._lock:
            self._managed = [m for m in self._managed if m.running or m.busy
                             or now - m.last_used < self.settings.idle_seconds]
        return closed

    def _reap_loop(self) -> None:
        every = min(REAP_EVERY, self.settings.idle_seconds / 4)
        while not self._stopped.wait(every):
            self.reap()

    def close_soon(self, engine: EngineLike) -> None:
        """Quit ``engine`` in a background thread (a Hub ``quit`` waits for the exit)."""
        try:
            self._closer.submit(_quit, engine)
        except RuntimeError:  # the registry is closed: quit here
            _quit(engine)

    def close(self, timeout: float = 10.0) -> None:
        """Close every process (the server stops): busy ones are killed first."""
        self._stopped.set()
        with self._lock:
            managed = list(self._managed)
        for m in managed:
            if m.busy:
                m.abort()
        closing = []
        for m in managed:
            engine = m.detach()
            if engine is not None:
                closing.append(self._closer.submit(_quit, engine))
        wait_all(closing, timeout)
        self._closer.shutdown(wait=False, cancel_futures=False)


__all__ = ["EngineRegistry", "ManagedEngine"]
