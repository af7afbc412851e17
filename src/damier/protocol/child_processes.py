"""The engine processes this process has started and not yet ended, so that they can be
ended with it.

An external engine (a Hub or DXP program) is a child process: when the process that started
it is stopped abruptly (a match worker whose parent has gone, a worker told to stop), nothing
else ends the engine, and one deep in a search does not notice that its input has closed —
it would keep a core busy for minutes. The code that starts an engine :func:`track`\\ s it and
:func:`forget`\\ s it once it has ended; :func:`kill_all` kills what is left, from any thread.

This module must not start or wait for processes, nor know any protocol.

>>> import subprocess, sys
>>> proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
>>> track(proc.pid, lambda: proc.returncode is None)
>>> kill_all()
1
>>> proc.wait() == -9
True
>>> forget(proc.pid)
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable

_RUNNING: dict[int, Callable[[], bool]] = {}
_LOCK = threading.Lock()


def track(pid: int, running: Callable[[], bool]) -> None:
    """Remember the child ``pid``; ``running()`` says whether it has not been reaped yet (its
    ``returncode is None``: once reaped, its pid may belong to another process)."""
    with _LOCK:
        for old in [p for p, alive in _RUNNING.items() if not alive()]:
            del _RUNNING[old]  # ended without being forgotten (an error path)
        _RUNNING[pid] = running


def forget(pid: int) -> None:
    """The child ``pid`` has ended (it was waited for)."""
    with _LOCK:
        _RUNNING.pop(pid, None)


def kill_all() -> int:
    """Kill (``SIGKILL``) every tracked child that has not been reaped; how many."""
    with _LOCK:
        pids = [pid for pid, alive in _RUNNING.items() if alive()]
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    return len(pids)
