"""HTTP connections that misbehave (issue 24): a client that vanishes mid-upload, over a real
socket to uvicorn serving the app in a thread, with the server's log captured."""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from damier.web.app import create_app
from tests.web.conftest import free_port


class ServerThread:
    """The app served by uvicorn in a thread; its log records go to the root logger."""

    def __init__(self, db: Path) -> None:
        import uvicorn

        self.port = free_port()
        config = uvicorn.Config(create_app(db), host="127.0.0.1", port=self.port,
                                log_config=None, log_level="info")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < deadline, "no server"
            time.sleep(0.02)

    def connect(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        return sock

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


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
