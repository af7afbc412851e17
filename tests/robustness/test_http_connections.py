"""HTTP connections that misbehave (issue 24): a client that vanishes mid-upload, connections
that send nothing, half a request head, a head byte by byte, a huge head or half a body.
Over real sockets to uvicorn serving the app in a thread with the settings of ``damier
serve`` (:func:`damier.web.app.server_options`), the head deadline shortened to
:data:`HEAD` seconds so that the suite stays fast."""

from __future__ import annotations

import json
import logging
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from damier.web import connection_deadline
from damier.web.app import server_options
from damier.web.routes import requests
from tests.web.conftest import LiveServer

HEAD = 1.0
"""The head deadline of the test server (``damier serve``: ``HEAD_TIMEOUT``, 10 s)."""
SLACK = 4.0
"""Seconds a closing may come after its deadline on a loaded machine."""


class ServerThread(LiveServer):
    """The app served by uvicorn in a thread with the settings of ``damier serve``; its log
    records go to the root logger (so to ``caplog``)."""

    def __init__(self, db: Path) -> None:
        super().__init__(db, log_config=None, log_level="info",
                         **server_options(head_timeout=HEAD))
        self.start()

    def connect(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path_factory.mktemp("http") / "games.sqlite3")
    yield running
    running.stop()


def head(port: int, path: str, length: int) -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Content-Type: application/x-pdn\r\nContent-Length: {length}\r\n\r\n").encode()


def test_a_client_that_drops_mid_upload_is_one_line_in_the_log(
        server: ServerThread, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    sock = server.connect()
    sock.sendall(head(server.port, "/api/games/import", 100_000) + b'[Event "cut"]\n1. 32-28')
    time.sleep(0.3)  # the route is reading the body
    sock.close()     # and the client goes away
    deadline = time.monotonic() + 10
    while not [r for r in caplog.records if "went away" in r.getMessage()]:
        assert time.monotonic() < deadline, [r.getMessage() for r in caplog.records]
        time.sleep(0.05)
    time.sleep(0.2)  # anything else logged about it comes now
    # once: "unexpected error on POST /api/games/import" and uvicorn's "Exception in ASGI
    # application", each with the whole traceback of ClientDisconnect
    assert not [r.getMessage() for r in caplog.records if r.exc_info], caplog.text[:2000]
    gone = [r for r in caplog.records if "went away" in r.getMessage()]
    assert len(gone) == 1 and "POST /api/games/import" in gone[0].getMessage()
    assert gone[0].levelno == logging.INFO and "\n" not in gone[0].getMessage()
    sock = server.connect()  # and the server serves the next client
    sock.sendall(f"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
    assert sock.recv(12) == b"HTTP/1.1 200"
    sock.close()


def closed_after(sock: socket.socket) -> tuple[bytes, float]:
    """What the server sends until it closes ``sock``, and the seconds that took."""
    started = time.monotonic()
    sock.settimeout(HEAD + SLACK + 10)
    data = b""
    try:
        while chunk := sock.recv(4096):
            data += chunk
    except ConnectionResetError:
        pass  # closed with bytes of ours unread: the kernel resets instead
    return data, time.monotonic() - started


def test_a_connection_that_sends_nothing_is_closed(server: ServerThread) -> None:
    sock = server.connect()  # like `nc 127.0.0.1 8000`: once held for ever
    data, seconds = closed_after(sock)
    assert data == b"" and HEAD * 0.9 <= seconds < HEAD + SLACK, seconds
    sock.close()


def test_half_a_request_head_is_answered_408_and_closed(server: ServerThread) -> None:
    sock = server.connect()
    sock.sendall(f"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode())
    data, seconds = closed_after(sock)
    assert data.startswith(b"HTTP/1.1 408 ") and HEAD * 0.9 <= seconds < HEAD + SLACK, data
    sock.close()


def test_a_head_sent_byte_by_byte_is_cut_at_its_deadline(server: ServerThread) -> None:
    # slowloris: each byte used to disarm uvicorn's only timer
    sock = server.connect()
    started = time.monotonic()
    closed = False
    for byte in f"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode():
        try:
            sock.sendall(bytes([byte]))
        except OSError:
            closed = True
            break
        time.sleep(0.1)
        if time.monotonic() - started > HEAD + SLACK:
            break
    data, _ = closed_after(sock) if not closed else (b"", 0.0)
    assert time.monotonic() - started < HEAD + SLACK + 1
    assert closed or data.startswith(b"HTTP/1.1 408 "), data
    sock.close()


def test_a_huge_head_is_answered_431(server: ServerThread) -> None:
    # httptools kept a head of any size: a 50 MB header grew the server by 77 MB
    sock = server.connect()
    sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nX-A: ".encode()
                 + b"a" * (connection_deadline.MAX_HEAD + 4096))
    data, seconds = closed_after(sock)
    assert seconds < HEAD * 0.9 and (data == b"" or data.startswith(b"HTTP/1.1 431 ")), data
    sock.close()


def test_half_a_body_is_answered_408(server: ServerThread,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(requests, "BODY_IDLE_TIMEOUT", HEAD)
    sock = server.connect()
    sock.sendall(head(server.port, "/api/games/import", 1000) + b'[Event "half"]\n')
    data, seconds = closed_after(sock)
    assert data.startswith(b"HTTP/1.1 408 ") and b"request_timeout" in data, data
    assert HEAD * 0.9 <= seconds < HEAD + SLACK, seconds
    sock.close()


def test_a_kept_alive_connection_and_a_websocket_outlive_the_head_deadline(
        server: ServerThread) -> None:
    from websockets.sync.client import connect

    sock = server.connect()
    body = b"{}"
    sock.sendall(f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                 f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
                 .encode() + body)
    answer = b""
    while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
        chunk = sock.recv(65536)  # the head and the body may come in two reads
        assert chunk, answer[:200]
        answer += chunk
    assert answer.startswith(b"HTTP/1.1 201 "), answer[:200]
    gid = json.loads(answer.split(b"\r\n\r\n", 1)[1])["id"]
    time.sleep(HEAD * 0.6)  # within keep-alive: a second request on the same connection
    sock.sendall(f"GET /api/games/{gid} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n"
                 .encode())
    assert sock.recv(12) == b"HTTP/1.1 200"
    sock.close()
    with connect(f"ws://127.0.0.1:{server.port}/ws/games/{gid}", open_timeout=10) as ws:
        assert json.loads(ws.recv(10))["type"] == "state"
        time.sleep(HEAD * 1.5)
        ws.send(json.dumps({"type": "no-such-thing"}))
        assert json.loads(ws.recv(10))["type"] == "error"  # still open, still served


def test_the_limits_are_the_documented_ones() -> None:
    from pathlib import Path as P

    bounds = (P(__file__).resolve().parents[2] / "docs" / "bounds.md").read_text()
    assert f"{connection_deadline.HEAD_TIMEOUT:g} s" in bounds
    assert f"{connection_deadline.MAX_HEAD // 1024} KiB" in bounds
    assert f"{requests.BODY_IDLE_TIMEOUT:g} s" in bounds
    assert f"{connection_deadline.KEEP_ALIVE} s" in bounds
    options = server_options()
    assert options["timeout_keep_alive"] == connection_deadline.KEEP_ALIVE
    assert options["http"].head_timeout == connection_deadline.HEAD_TIMEOUT
