"""An engine process that talks over a socket (a DXP follower): started in its directory,
its output drained and the end of it kept to explain a crash.

``{name}`` fields in the command (e.g. ``{port}``) are filled from ``fields`` before it is
split like a shell would. This module must not know any protocol.
"""

from __future__ import annotations

import collections
import shlex
import subprocess
import threading
from collections.abc import Iterable, Mapping, Sequence

from damier.protocol import child_processes
from damier.protocol.errors import ProtocolError


def diagnostics(returncode: int | None, label: str, tail: Iterable[str]) -> str:
    """`` (exit status N; <label>: the last five lines)`` of an engine process, or "" when
    there is nothing to say: what error messages about a process end with.

    >>> diagnostics(1, "stderr", ["a", "b"])
    ' (exit status 1; stderr: a | b)'
    """
    parts = []
    if returncode is not None:
        parts.append(f"exit status {returncode}")
    lines = list(tail)[-5:]
    if lines:
        parts.append(f"{label}: " + " | ".join(lines))
    return (" (" + "; ".join(parts) + ")") if parts else ""

class EngineProcess:
    """A started engine process (see the module docstring)."""

    def __init__(self, proc: subprocess.Popen[bytes], argv: list[str]) -> None:
        self.proc = proc
        self.argv = argv
        self.tail: collections.deque[str] = collections.deque(maxlen=20)
        self._drain = threading.Thread(target=self._read, daemon=True, name="engine-output")
        self._drain.start()

    @classmethod
    def start(
        cls, command: str | Sequence[str], cwd: str | None = None,
        fields: Mapping[str, str] | None = None,
    ) -> EngineProcess:
        """Start ``command`` in ``cwd``; :class:`ProtocolError` if it cannot be started."""
        words = shlex.split(command) if isinstance(command, str) else list(command)
        argv = [_fill(w, fields or {}) for w in words]
        if not argv:
            raise ProtocolError("empty engine command")
        try:
            proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        except OSError as e:
            raise ProtocolError(f"cannot start engine {shlex.join(argv)!r}: {e}") from None
        child_processes.track(proc.pid, lambda: proc.returncode is None)
        return cls(proc, argv)

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            self.tail.append(raw.decode("utf-8", "replace").rstrip())

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def describe(self) -> str:
        return shlex.join(self.argv)

    def diagnostics(self) -> str:
        """Exit status and the last lines of output, for error messages."""
        return diagnostics(self.proc.returncode, "output", self.tail)

    def terminate(self, timeout: float = 3.0) -> int | None:
        """End the process (terminate, then kill after ``timeout``); its exit status."""
        if self.alive:
            self.proc.terminate()
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        child_processes.forget(self.proc.pid)
        self._drain.join(1.0)
        return self.proc.returncode


def _fill(word: str, fields: Mapping[str, str]) -> str:
    for key, value in fields.items():
        word = word.replace("{" + key + "}", value)
    return word
