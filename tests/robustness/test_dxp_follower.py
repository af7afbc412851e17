"""The DXP follower serves initiators concurrently and hangs up on silent ones (issue 15, F5),
over the real transport: ``damier dxp --listen`` as a process, peers on TCP sockets."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator

import pytest

from damier.protocol.dxp.messages import GameAccept, GameRequest, decode
from tests.protocol.helpers import damier_argv, damier_env
from tests.web.conftest import free_port


def connect(port: int, timeout: float = 30.0) -> socket.socket:
    deadline = time.monotonic() + timeout
    while True:
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.settimeout(30)
            return sock
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def receive_message(sock: socket.socket) -> str:
    """The first message on ``sock`` (one read may also bring the follower's first move)."""
    data = b""
    while b"\0" not in data:
        chunk = sock.recv(256)
        if not chunk:
            raise ConnectionError(f"closed after {data!r}")
        data += chunk
    return data.split(b"\0", 1)[0].decode("ascii")


@pytest.fixture
def follower() -> Iterator[int]:
    port = free_port()
    proc = subprocess.Popen(damier_argv("dxp", "--listen", f"127.0.0.1:{port}", "--level", "1",
                                        "--idle-timeout", "3"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=damier_env())
    try:
        connect(port).close()  # listening (a connection closed at once is served and ends)
        yield port
    finally:
        proc.kill()
        proc.wait(10)


def test_f5_a_silent_peer_does_not_block_another(follower: int) -> None:
    silent = connect(follower)  # like `nc 127.0.0.1 PORT` that never sends a thing
    try:
        active = connect(follower)
        request = GameRequest("tester", follower_color="W", minutes=1, moves=75)
        active.sendall(request.encode().encode("ascii") + b"\0")
        reply = decode(receive_message(active))  # once: waited for ever behind the silent one
        assert isinstance(reply, GameAccept) and reply.code == 0
        active.close()
    finally:
        silent.close()


def test_idle_peer_is_disconnected(follower: int) -> None:
    silent = connect(follower)
    started = time.monotonic()
    assert silent.recv(16) == b""  # the follower hangs up (--idle-timeout 3)
    assert time.monotonic() - started < 25
    silent.close()


def test_silent_connections_from_one_address_cannot_lock_the_follower_out() -> None:
    # issue 24: 8 silent connections held every slot until the idle timeout; now one address
    # holds at most 4 of the 8, and a connection must send its GAMEREQ within the handshake
    # deadline
    port = free_port()
    proc = subprocess.Popen(damier_argv("dxp", "--listen", f"127.0.0.1:{port}", "--level", "1",
                                        "--handshake-timeout", "2"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=damier_env())
    silent: list[socket.socket] = []
    try:
        connect(port).close()
        for _ in range(8):  # from another address of the loopback network
            sock = socket.create_connection(("127.0.0.1", port), timeout=5,
                                            source_address=("127.0.0.2", 0))
            sock.settimeout(30)
            silent.append(sock)
        active = connect(port)
        request = GameRequest("tester", follower_color="W", minutes=1, moves=75)
        active.sendall(request.encode().encode("ascii") + b"\0")
        reply = decode(receive_message(active))
        assert isinstance(reply, GameAccept) and reply.code == 0
        active.close()
        started = time.monotonic()
        assert all(s.recv(16) == b"" for s in silent)  # refused at once, or cut after 2 s
        assert time.monotonic() - started < 20
    finally:
        for sock in silent:
            sock.close()
        proc.kill()
        proc.wait(10)
