"""The synchronous Hub client: :class:`SimpleHubEngine` runs a
:class:`~damier.protocol.hub.client.HubClient` on a private event loop in a background thread
(the python-chess pattern), with the same operations, blocking. This module must not know
damier's engine: it speaks only the protocol.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Coroutine, Sequence
from typing import Any, TypeVar

from damier.core.board import Board
from damier.protocol.hub.client import HubClient, HubResult, open_engine
from damier.protocol.hub.dialect import HubLimit

T = TypeVar("T")


class SimpleHubEngine:
    """The synchronous wrapper: the same operations, blocking, on a private event loop.

    >>> # engine = SimpleHubEngine.popen(["damier", "hub"], {"level": 3})
    >>> # engine.search(Board(), HubLimit(depth=4)).move
    """

    def __init__(self, client_factory: Coroutine[Any, Any, HubClient]) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True,
                                        name="hub-client")
        self._thread.start()
        try:
            self.client: HubClient = self._run(client_factory)
        except BaseException:
            self._shutdown_loop()
            raise

    @classmethod
    def popen(
        cls, command: str | Sequence[str], params: dict[str, object] | None = None,
        cwd: str | None = None, timeout: float = 30.0, protocol: str = "hub2",
    ) -> SimpleHubEngine:
        """Start, handshake, set parameters and ``init`` an engine process."""
        return cls(open_engine(command, params, cwd, timeout, protocol))

    @classmethod
    def start(
        cls, command: str | Sequence[str], cwd: str | None = None, reply_timeout: float = 30.0,
        protocol: str = "hub2",
    ) -> SimpleHubEngine:
        """Start an engine process without the handshake (then :meth:`hub`, :meth:`init`)."""
        return cls(HubClient.popen(command, cwd, reply_timeout, protocol))

    def hub(self, timeout: float | None = None) -> dict[str, str]:
        """Blocking :meth:`HubClient.hub`; the parameters are in ``client.params``."""
        return self._run(self.client.hub(timeout))

    def set_param(self, name: str, value: object) -> None:
        self._run(self.client.set_param(name, value))

    def init(self, timeout: float | None = None) -> None:
        self._run(self.client.init(timeout))

    def call(self, coro: Awaitable[T], timeout: float | None = None) -> T:
        """Run a coroutine of :attr:`client` on the engine's loop and return its result."""
        return self._run(coro, timeout)

    def send_soon(self, line: str) -> None:
        """Send a line from any thread without waiting (``stop`` during a search)."""
        asyncio.run_coroutine_threadsafe(self.client.send(line), self._loop)

    def kill(self) -> None:
        """End the engine process at once, from any thread: a call waiting on it (a search
        that hangs) raises :class:`~damier.protocol.errors.EngineTerminatedError`."""
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self.client.kill)

    def _run(self, coro: Awaitable[T], timeout: float | None = None) -> T:
        async def wrap() -> T:
            return await coro

        return asyncio.run_coroutine_threadsafe(wrap(), self._loop).result(timeout)

    def _shutdown_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5.0)
        if not self._loop.is_running():
            self._loop.close()

    @property
    def id(self) -> dict[str, str]:
        """The engine's ``id`` fields."""
        return self.client.id

    def ping(self, timeout: float | None = None) -> None:
        self._run(self.client.ping(timeout))

    def new_game(self) -> None:
        self._run(self.client.new_game())

    def search(
        self, pos: str | Board, limit: HubLimit, moves: Sequence[str] = (),
        timeout: float | None = None, mode: str = "think",
    ) -> HubResult:
        """Blocking :meth:`HubClient.search`."""
        return self._run(self.client.search(pos, limit, moves, timeout, mode))

    def analyse(self, pos: str | Board, seconds: float, moves: Sequence[str] = ()) -> HubResult:
        """``go analyze`` with ``level infinite`` for ``seconds``, then ``stop``."""

        async def run() -> HubResult:
            await self.client.position(pos, moves)
            search = await self.client.go(HubLimit(infinite=True), "analyze")
            loop = asyncio.get_running_loop()
            deadline = loop.time() + seconds
            while search.result is None and (remaining := deadline - loop.time()) > 0:
                try:
                    await asyncio.wait_for(search.next_info(), remaining)
                except TimeoutError:
                    break
            return await search.stop()

        return self._run(run())

    def quit(self, timeout: float = 5.0) -> int | None:
        """Quit the engine and end the private loop."""
        try:
            return self._run(self.client.quit(timeout))
        finally:
            self._shutdown_loop()

    def __enter__(self) -> SimpleHubEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._loop.is_running():
            self.quit()
