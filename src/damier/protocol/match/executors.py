"""Where the games of a match run: any :class:`concurrent.futures.Executor`.

* :func:`local_executor` — a process pool on this machine (the default; one engine pair per
  worker process, so a crashing engine cannot take the match down). Its workers never
  outlive it (:mod:`~damier.protocol.match.worker_lifetime`), and a block ``with`` it that
  ends by an exception (Ctrl-C, ``SIGTERM`` made one by the command line) stops the games
  in play instead of waiting for them (:meth:`LocalPool.stop`);
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
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from types import TracebackType
from typing import Any, TypeVar

from damier.protocol.errors import MatchError
from damier.protocol.match.worker_lifetime import start_worker

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


class LocalPool(ProcessPoolExecutor):
    """A process pool (``spawn``: no state leaks from the parent) whose workers leave with it.

    >>> with LocalPool(1) as pool:
    ...     pool.submit(abs, -3).result()
    3
    """

    def __init__(self, workers: int) -> None:
        super().__init__(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                         initializer=start_worker, initargs=(os.getpid(),))

    def stop(self, grace: float = 5.0) -> None:
        """End the pool now: cancel the calls not started, end the workers (``SIGTERM``: each
        kills its engines and leaves; ``SIGKILL`` after ``grace`` seconds) and wait for them.
        The calls that were running fail with ``BrokenProcessPool``."""
        workers = list((self._processes or {}).values())
        self.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
        deadline = time.monotonic() + grace
        for worker in workers:
            worker.join(max(0.0, deadline - time.monotonic()))
            if worker.exitcode is None:
                worker.kill()
                worker.join()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> bool | None:
        if exc is None:  # a normal end waits for every call, as any executor's does
            return super().__exit__(exc_type, exc, tb)
        self.stop()
        return None


def local_executor(workers: int) -> Executor:
    """A :class:`LocalPool` of ``workers`` processes, or an :class:`InlineExecutor` for 0."""
    if workers <= 0:
        return InlineExecutor()
    return LocalPool(workers)


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
