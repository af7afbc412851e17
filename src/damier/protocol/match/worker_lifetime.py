"""A pool worker never outlives the process that started it, nor do its engines.

:func:`start_worker` is the initializer of every worker of the local process pool
(:func:`~damier.protocol.match.executors.local_executor`). It makes the worker leave at once,
killing the external engines it started (:mod:`damier.protocol.child_processes`) with
``os._exit`` — nothing of a half-played game is worth finishing:

* when its parent has gone, whatever ended it (``SIGKILL`` included): a daemon thread
  watches ``os.getppid()``, which changes when the parent dies (the worker is re-parented);
* when it is sent ``SIGTERM`` (how the parent stops its pool when interrupted): the
  signal's wakeup byte reaches the same thread at once, even while the worker's main thread
  is inside a search in the C kernel or waits for an engine's move.

``SIGINT`` is ignored: Ctrl-C reaches every process of the terminal's group, and only the
parent decides what an interrupted match keeps. This module must not know what a game is.
"""

from __future__ import annotations

import os
import select
import signal
import threading
from types import FrameType

from damier.protocol import child_processes

WATCH_INTERVAL = 0.25
"""Seconds between two looks at the parent (a worker whose parent died leaves within it)."""

ORPHANED = 70
"""The exit status of a worker that left because its parent had gone."""

TERMINATED = 128 + signal.SIGTERM
"""The exit status of a worker that left on ``SIGTERM`` (what the signal itself would give)."""


def start_worker(parent_pid: int) -> None:
    """Set up a pool worker whose parent is ``parent_pid`` (runs in its main thread)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    signal.set_wakeup_fd(write_end)
    signal.signal(signal.SIGTERM, _on_sigterm)
    threading.Thread(target=_watch, args=(parent_pid, read_end), daemon=True,
                     name="worker-lifetime").start()


def _watch(parent_pid: int, wakeup: int) -> None:
    while os.getppid() == parent_pid:
        ready, _, _ = select.select([wakeup], [], [], WATCH_INTERVAL)
        if ready and signal.SIGTERM in os.read(wakeup, 64):
            leave(TERMINATED)
    leave(ORPHANED)


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    leave(TERMINATED)  # the main thread got there first


def leave(status: int) -> None:
    """Kill this process's engines and end it now, with exit status ``status``."""
    child_processes.kill_all()
    os._exit(status)
