"""The deadline and size of a request head on an HTTP connection: the limits uvicorn lacks.

uvicorn closes a connection idle *between* requests (``timeout_keep_alive``, 5 s), but not
one that opens and sends nothing, nor one that sends half a request head and stops: the first
byte disarms its keep-alive timer and nothing else is armed, so such half-open connections
stayed open for ever, each holding a socket, a file descriptor and the bytes sent so far
(issue 24). Its default parser (httptools) also keeps a head of any size: a 50 MB header
line grew the server by 77 MB.

:func:`deadline_protocol` wraps uvicorn's HTTP protocol class so that the head of each request
(request line and headers) must arrive whole within :data:`HEAD_TIMEOUT` seconds of the
connection opening or of the previous answer ending, and within :data:`MAX_HEAD` bytes;
otherwise the connection is closed (with a 408 or 431 answer when part of a head came). The
deadline is absolute, not reset by each byte, so a client that sends one byte a second
(slowloris) is cut as surely as a silent one. Once the head is complete the deadline is off:
a slow answer (an engine thinking) or a WebSocket is never cut by it. The body of a request is
read by the app, which bounds the wait for each of its chunks
(:data:`damier.web.routes.requests.BODY_IDLE_TIMEOUT`).

This module must not know the app: it sees bytes, timers and uvicorn's protocol only.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

__all__ = ["HEAD_TIMEOUT", "KEEP_ALIVE", "MAX_HEAD", "deadline_protocol"]

HEAD_TIMEOUT = 10.0
"""Seconds a request head may take to arrive whole (a browser sends it in one packet)."""
MAX_HEAD = 64 * 1024
"""Bytes a request head may have (request line and headers; a browser's are under 8 KiB)."""
KEEP_ALIVE = 5
"""Seconds an idle connection is kept open after an answer (uvicorn's own default)."""

log = logging.getLogger("damier.web")


def _answer(status: str, text: str) -> bytes:
    body = text.encode("ascii") + b"\n"
    return (f"HTTP/1.1 {status}\r\ncontent-type: text/plain; charset=utf-8\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n").encode("ascii") + body


_TOO_SLOW = _answer("408 Request Timeout", "the request head did not come in time")
_TOO_LARGE = _answer("431 Request Header Fields Too Large", "the request head is too large")


def deadline_protocol(base: type[asyncio.Protocol], head_timeout: float = HEAD_TIMEOUT,
                      max_head: int = MAX_HEAD) -> type[asyncio.Protocol]:
    """``base`` (one of uvicorn's HTTP protocol classes: httptools or h11) with a deadline of
    ``head_timeout`` seconds and a bound of ``max_head`` bytes on each request head."""
    return type(f"HeadDeadline{base.__name__}", (_HeadDeadline, base),
                {"head_timeout": head_timeout, "max_head": max_head})


class _HeadDeadline(asyncio.Protocol):
    """Mixed in before a uvicorn HTTP protocol: arms the head deadline when the connection
    opens and when an answer ends with no request waiting; disarms it once a new request's
    head is complete (uvicorn then has a new ``cycle``) or the connection became a WebSocket.

    Bytes are counted towards a head only while no body of the previous request is still
    coming (``cycle.more_body``: an answer sent before its body was read, such as a 413)."""

    head_timeout: float
    max_head: int
    # uvicorn's attributes, on both of its HTTP protocols
    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    cycle: Any
    client: tuple[str, int] | None

    _deadline: asyncio.TimerHandle | None = None
    _waiting_after: Any = None   # the cycle that was current when the deadline was armed
    _head_bytes = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        previous_body_done = self._waiting_after is None or not self._waiting_after.more_body
        super().data_received(data)
        if self._deadline is None:
            return
        if self.cycle is not self._waiting_after or self.transport.get_protocol() is not self:
            self._disarm()  # a new head is complete, or the connection is a WebSocket now
        elif previous_body_done:
            self._head_bytes += len(data)
            if self._head_bytes > self.max_head:
                self._close(_TOO_LARGE, f"a request head of more than {self.max_head} bytes")

    def on_response_complete(self) -> None:
        done = self.cycle
        super().on_response_complete()  # type: ignore[misc]
        if self.cycle is done and not self.transport.is_closing():
            self._arm()  # idle until the next request: its head has its deadline

    def _arm(self) -> None:
        self._disarm()
        self._waiting_after = self.cycle
        self._head_bytes = 0
        self._deadline = self.loop.call_later(self.head_timeout, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        self._close(_TOO_SLOW if self._head_bytes else b"",
                    f"no whole request head within {self.head_timeout:g} s")

    def _close(self, answer: bytes, why: str) -> None:
        self._disarm()
        # a browser's unused spare connections end this way too: not worth more than debug
        log.debug("closed the connection of %s: %s", self.client, why)
        if answer:
            self.transport.write(answer)
        self.transport.close()
