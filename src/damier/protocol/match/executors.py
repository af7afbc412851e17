"""Where the games of a match run: any :class:`concurrent.futures.Executor`.

* :func:`local_executor` — a process pool on this machine (the default; one engine pair per
  worker process, so a crashing engine cannot take the match down);
* :class:`InlineExecutor` — runs each game in the calling thread when submitted (for tests,
  debugging and ``--concurrency 0``);
* :func:`dask_executor` — a Dask distributed cluster (``pip install 'damier[cluster]'``):
  ``dask_executor("tcp://scheduler:8786")`` connects a :class:`distributed.Client` and hands
  back its ``get_executor()`` (the standard interface again) with the number of worker
  threads. Every worker needs damier (and any external engine) installed.

This module must not know what a game is.
"""

from __future__ import annotations

import contextlib
import importlib
import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, TypeVar

from damier.protocol.errors import MatchError

T = TypeVar("T")


class InlineExecutor(Executor):
    """An executor that runs each call at once in the caller's thread."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as e:  # noqa: BLE001 - delivered through the future
            future.set_exception(e)
        return future


def local_executor(workers: int) -> Executor:
    """A process pool of ``workers`` processes (``spawn``: no state leaks from the parent)."""
    if workers <= 0:
        return InlineExecutor()
    return ProcessPoolExecutor(max_workers=workers,
                               mp_context=multiprocessing.get_context("spawn"))


@contextlib.contextmanager
def dask_executor(address: str, timeout: float = 30.0) -> Iterator[tuple[Executor, int]]:
    """An executor on the Dask cluster whose scheduler listens at ``address``, and the number
    of worker threads (how many games can run at once)."""
    try:
        # imported by name: distributed has no type information (and is optional)
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise MatchError(
            "--cluster needs Dask distributed: pip install 'damier[cluster]'"
        ) from None
    try:
        client = distributed.Client(address, timeout=timeout)
    except (OSError, TimeoutError) as e:
        raise MatchError(f"cannot reach the Dask scheduler at {address}: {e}") from None
    try:
        slots = sum(client.nthreads().values()) or 1
        yield client.get_executor(pure=False), slots
    finally:
        client.close()
