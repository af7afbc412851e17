"""The Hub server reads ``stop``, ``ping`` and ``quit`` at any time (issue 15, F6), over the real
transport: ``damier hub`` as a process on pipes."""

from __future__ import annotations

import queue
import subprocess
import threading
from collections.abc import Iterator

import pytest

from tests.protocol.helpers import damier_argv, damier_env

START = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"


class HubProcess:
    """``damier hub`` with its output lines in a queue (read by a thread, so a test never
    blocks on a silent engine)."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(damier_argv("hub", "--level", "10"), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, env=damier_env())
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def send(self, *lines: str) -> None:
        assert self.proc.stdin is not None
        for line in lines:
            self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, prefix: str, timeout: float = 30.0) -> str:
        """The next line starting with ``prefix``; fails after ``timeout`` seconds."""
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                pytest.fail(f"no {prefix!r} line within {timeout} s")
            if line.startswith(prefix):
                return line

    def expect_all(self, *prefixes: str, timeout: float = 30.0) -> None:
        """Lines starting with each of ``prefixes``, in any order."""
        missing = set(prefixes)
        while missing:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                pytest.fail(f"no {sorted(missing)} lines within {timeout} s")
            missing -= {p for p in missing if line.startswith(p)}

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)


@pytest.fixture
def hub() -> Iterator[HubProcess]:
    process = HubProcess()
    try:
        process.send("hub", "init")
        process.expect("ready")
        yield process
    finally:
        process.close()


def test_f6_ping_stop_quit_are_read_during_a_long_search(hub: HubProcess) -> None:
    hub.send(f"pos pos={START}", "level move-time=1e308", "go think")
    hub.expect("info")  # the search is under way
    hub.send(f"pos pos={START}", "level depth=1", "ping")  # the pos once blocked the reader
    hub.expect("pong")
    hub.send("stop")
    hub.expect("done")
    hub.send("go think", "ping")  # the queued pos and level were obeyed after the done
    hub.expect_all("pong", "done")  # a search of depth 1: its done may come first
    hub.send("quit")
    assert hub.proc.wait(30) == 0


def test_quit_during_a_long_search_with_queued_lines(hub: HubProcess) -> None:
    hub.send(f"pos pos={START}", "level move-time=1e308", "go think")
    hub.expect("info")
    hub.send(f"pos pos={START}", "go think", "quit")
    assert hub.proc.wait(30) == 0


def test_overlong_line_is_reported_and_reading_goes_on(hub: HubProcess) -> None:
    hub.send("pos pos=" + "W" * 200_000, "ping")
    error = hub.expect("error")
    assert "200,009 characters" in error and len(error) < 300
    hub.expect("pong")
