"""Shared helpers of the protocol tests: how to start ``damier`` as a subprocess, and how to
wait for something another thread or process does."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def damier_argv(*args: str) -> list[str]:
    """The command line that runs ``damier ARGS`` with this interpreter."""
    return [sys.executable, "-m", "damier.cli", *args]


def damier_env() -> dict[str, str]:
    """The environment for subprocesses: the source tree on the path, unbuffered output."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONUNBUFFERED"] = "1"
    return env


def eventually(check: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Whether ``check()`` comes true within ``seconds`` (polled every 10 ms)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.01)
    return check()
