"""Running the pipeline's units of work on any :class:`concurrent.futures.Executor`: the
process pool of ``damier match`` (:func:`damier.protocol.match.executors.local_executor`)
or a Dask cluster (:func:`~damier.protocol.match.executors.dask_executor`).

:func:`run_tasks` keeps at most ``concurrency`` tasks in flight, hands every finished one to
a callback (progress reports) and stops submitting, cancelling what has not started, once
``stop()`` says so (an SPRT that has decided). The task function and its tasks must be
picklable (module-level functions, frozen dataclasses).

This module must not know what a task does.

>>> from damier.protocol.match.executors import InlineExecutor
>>> run_tasks(InlineExecutor(), abs, [-1, 2, -3], 2)
[1, 2, 3]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def run_tasks(executor: Executor, fn: Callable[[T], R], tasks: Iterable[T], concurrency: int,
              on_result: Callable[[int, R], None] | None = None,
              stop: Callable[[], bool] | None = None) -> list[R]:
    """The results of ``fn`` on every task, in task order (fewer if ``stop`` ended the run:
    then only those of the tasks that finished, still in task order)."""
    pending = iter(enumerate(tasks))
    running: dict[Future[R], int] = {}
    done: dict[int, R] = {}
    stopped = False

    def refill() -> None:
        while not stopped and len(running) < max(1, concurrency):
            item = next(pending, None)
            if item is None:
                return
            number, task = item
            running[executor.submit(fn, task)] = number

    refill()
    while running:
        finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
        for future in finished:
            number = running.pop(future)
            done[number] = future.result()
            if on_result is not None:
                on_result(number, done[number])
        if stop is not None and stop():
            stopped = True
            for future in running:
                future.cancel()
            finished, _ = wait(list(running))
            for future in finished:
                if not future.cancelled() and future.exception() is None:
                    done[running[future]] = future.result()
            running.clear()
        refill()
    return [done[n] for n in sorted(done)]


__all__ = ["run_tasks"]
