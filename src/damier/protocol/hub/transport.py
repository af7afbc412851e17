"""Line transports between the Hub client and an engine.

:class:`LineTransport` is what :class:`~damier.protocol.hub.client.HubClient` talks to;
:class:`ProcessTransport` starts an engine process with pipes (keeping the end of its stderr
to explain a crash); :class:`ScriptedTransport` replays a scripted engine so that the client
is tested without binaries. This module must not interpret the protocol's commands.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import re
import shlex
from collections.abc import Sequence
from typing import Protocol

from damier.protocol import child_processes
from damier.protocol.errors import EngineTerminatedError, HubError
from damier.protocol.process import diagnostics


class LineTransport(Protocol):
    """A line-based duplex channel to an engine."""

    async def read_line(self) -> str | None:
        """The next line without its newline; ``None`` at end of output."""
        ...

    async def write_line(self, line: str) -> None:
        """Send one line."""
        ...

    async def close(self, timeout: float) -> int | None:
        """Close the channel (ending the engine if needed); its exit status if known."""
        ...

    def describe(self) -> str:
        """A short name for messages (the command line)."""
        ...

    def diagnostics(self) -> str:
        """What may explain a failure (exit status, end of stderr); may be empty."""
        ...


class ProcessTransport:
    """An engine process started with pipes; keeps the last lines of its stderr."""

    def __init__(self, proc: asyncio.subprocess.Process, argv: Sequence[str]) -> None:
        self.proc = proc
        self.argv = list(argv)
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=20)
        self._stderr_task = asyncio.ensure_future(self._drain_stderr())

    @classmethod
    async def start(
        cls, command: str | Sequence[str], cwd: str | None = None, env: dict[str, str] | None = None
    ) -> ProcessTransport:
        """Start ``command`` (a list, or a string split like a shell would)."""
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise HubError("empty engine command")
        try:
            proc = await asyncio.create_subprocess_exec(
                *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE, cwd=cwd, env=env,
            )
        except OSError as e:
            raise HubError(f"cannot start engine {shlex.join(argv)!r}: {e}") from None
        child_processes.track(proc.pid, lambda: proc.returncode is None)
        return cls(proc, argv)

    async def _drain_stderr(self) -> None:
        assert self.proc.stderr is not None
        while True:
            raw = await self.proc.stderr.readline()
            if not raw:
                return
            self.stderr_tail.append(raw.decode("utf-8", "replace").rstrip())

    async def read_line(self) -> str | None:
        assert self.proc.stdout is not None
        try:
            raw = await self.proc.stdout.readline()
        except (ValueError, asyncio.LimitOverrunError):
            raise HubError(f"engine {self.describe()!r} sent an over-long line") from None
        if not raw:
            return None
        return raw.decode("utf-8", "replace").rstrip("\r\n")

    async def write_line(self, line: str) -> None:
        assert self.proc.stdin is not None
        if self.proc.stdin.is_closing():
            raise EngineTerminatedError(f"engine {self.describe()!r} has closed its input")
        try:
            self.proc.stdin.write((line + "\n").encode())
            await self.proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError):
            raise EngineTerminatedError(
                f"engine {self.describe()!r} exited{self.diagnostics()}"
            ) from None

    async def close(self, timeout: float) -> int | None:
        if self.proc.stdin is not None and not self.proc.stdin.is_closing():
            self.proc.stdin.close()
        try:
            await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
        child_processes.forget(self.proc.pid)
        with contextlib.suppress(TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(self._stderr_task, 1.0)
        return self.proc.returncode

    def kill(self) -> None:
        """End the process at once (a reader waiting on it then sees the end of output)."""
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()

    def describe(self) -> str:
        return shlex.join(self.argv)

    def diagnostics(self) -> str:
        return diagnostics(self.proc.returncode, "stderr", self.stderr_tail)


class ScriptedTransport:
    """A scripted engine for tests: ``script`` is a list of ``(expected line from the client,
    lines the engine answers)``. ``*`` in an expected line matches any text; ``None``
    as expected line means "answer at once, before the client sends anything". After the
    script the engine hits end of output (like a crash) unless ``hang`` is set (like a
    frozen engine). Mismatches are collected in :attr:`mismatches`."""

    def __init__(
        self, script: Sequence[tuple[str | None, Sequence[str]]], hang: bool = False
    ) -> None:
        self.script = collections.deque(script)
        self.hang = hang
        self.sent: list[str] = []
        self.mismatches: list[str] = []
        self._out: asyncio.Queue[str | None] = asyncio.Queue()
        self._pump_unprompted()

    def _pump_unprompted(self) -> None:
        while self.script and self.script[0][0] is None:
            for reply in self.script.popleft()[1]:
                self._out.put_nowait(reply)
        if not self.script and not self.hang:
            self._out.put_nowait(None)

    async def read_line(self) -> str | None:
        return await self._out.get()

    async def write_line(self, line: str) -> None:
        self.sent.append(line)
        if not self.script:
            self.mismatches.append(f"unexpected {line!r} after the end of the script")
            return
        expected, replies = self.script.popleft()
        assert expected is not None
        ok = re.fullmatch(".*".join(map(re.escape, expected.split("*"))), line) is not None
        if not ok:
            self.mismatches.append(f"expected {expected!r}, got {line!r}")
        for reply in replies:
            self._out.put_nowait(reply)
        self._pump_unprompted()

    async def close(self, timeout: float) -> int | None:
        return 0

    def describe(self) -> str:
        return "scripted engine"

    def diagnostics(self) -> str:
        return ""
