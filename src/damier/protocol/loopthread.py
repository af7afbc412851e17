"""An asyncio event loop in a background thread, for the synchronous engine wrappers.

The protocol clients are written with asyncio (timeouts on every wait, one reader per
connection); the engine API (:class:`~damier.engine.api.EngineLike`) is synchronous. A
:class:`LoopThread` runs coroutines on its private loop and hands back their results (the
python-chess pattern). This module must not know any protocol.

>>> async def answer() -> int:
...     return 42
>>> loop = LoopThread("example")
>>> loop.run(answer())
42
>>> loop.close()
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class LoopThread:
    """A private event loop running in a daemon thread."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True, name=name)
        self._thread.start()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        """Run ``coro`` on the loop and wait for its result (``TimeoutError`` after
        ``timeout`` seconds, the coroutine then being cancelled)."""
        future = asyncio.run_coroutine_threadsafe(coro, self.loop)
        try:
            return future.result(timeout)
        except TimeoutError:
            future.cancel()
            raise

    def close(self) -> None:
        """Stop the loop and its thread (pending work is abandoned)."""
        if self.loop.is_closed():
            return
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(5.0)
        if not self.loop.is_running():
            self.loop.close()
