"""The DXP connection (docs/protocols.md, "DXP dialogue"): NUL-framed messages over an asyncio
stream, with timeouts, a transcript and clear errors for a peer that closes, stalls or sends
garbage (:class:`DxpConnection`), and positions in DXP's form (:func:`dxp_position`,
:func:`board_from_request`). This module must not play: :mod:`~damier.protocol.dxp.dxp_game` does.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from damier.core.board import Board
from damier.core.fen import from_hub
from damier.core.variants import get_variant
from damier.protocol.dxp import messages as m
from damier.protocol.errors import DxpError, DxpMessageError

VARIANT = "international"
Log = Callable[[str], None]


def quiet(_: str) -> None:
    """The ``log`` that says nothing."""


class DxpConnection:
    """One TCP connection speaking DXP."""

    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, log: Log = quiet
    ) -> None:
        self.reader = reader
        self.writer = writer
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self.log = log
        self.transcript: list[tuple[str, str]] = []
        self.peer_name = ""
        """The peer's name once a GAMEREQ or GAMEACC told it."""
        self.chats: list[str] = []
        """Every CHAT text received, in order."""
        self._deframer = m.Deframer()
        self._inbox: list[str] = []

    async def send(self, message: m.Message) -> None:
        text = message.encode()
        self.transcript.append(("->", text))
        self.log(f"-> {text}")
        try:
            self.writer.write(m.frame(text))
            await self.writer.drain()
        except (ConnectionError, OSError) as e:
            raise DxpError(f"DXP peer {self.peer} is gone ({e}) while sending {text!r}") from None

    async def receive(self, timeout: float | None, waiting_for: str = "a message") -> m.Message:
        """The next message other than CHAT; :class:`DxpError` on EOF or timeout,
        :class:`DxpMessageError` on a malformed message.

        DXP allows CHAT at any time, also between games (Scan sends one after the GAMEEND of
        a game that reached the move limit), so every wait of both roles skips it here: each
        CHAT is logged as ``chat from NAME: TEXT`` and kept in :attr:`chats`, and the wait
        goes on with the same deadline (a stream of chats cannot stretch it)."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            message = await self._next_message(deadline, timeout, waiting_for)
            if not isinstance(message, m.Chat):
                return message
            self.chats.append(message.text)
            self.log(f"chat from {self.peer_name or self.peer}: {message.text}")

    async def receive_any(self, timeout: float | None, waiting_for: str = "a message") -> m.Message:
        """The next message, CHAT included (for scripted peers that check what they get)."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        return await self._next_message(deadline, timeout, waiting_for)

    async def _next_message(
        self, deadline: float | None, timeout: float | None, waiting_for: str
    ) -> m.Message:
        text = await self._next_text(deadline, timeout, waiting_for)
        self.transcript.append(("<-", text))
        self.log(f"<- {text}")
        return m.decode(text)

    async def _next_text(
        self, deadline: float | None, timeout: float | None, waiting_for: str
    ) -> str:
        loop = asyncio.get_running_loop()
        while not self._inbox:
            remaining = None if deadline is None else max(0.0, deadline - loop.time())
            try:
                data = await asyncio.wait_for(self.reader.read(4096), remaining)
            except TimeoutError:
                raise DxpError(f"DXP peer {self.peer} sent nothing within {timeout:g} s "
                               f"(waiting for {waiting_for})") from None
            except (ConnectionError, OSError) as e:
                raise DxpError(f"DXP peer {self.peer} connection failed: {e}") from None
            if not data:
                raise DxpError(f"DXP peer {self.peer} closed the connection "
                               f"(waiting for {waiting_for})")
            self._inbox.extend(self._deframer.feed(data))
        return self._inbox.pop(0)

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()
            await asyncio.wait_for(self.writer.wait_closed(), 2.0)


def dxp_position(board: Board) -> tuple[str, str]:
    """(side to move ``W``/``Z``, 50-character DXP position) of a board."""
    hub = board.hub()
    table = str.maketrans({"b": "z", "B": "Z"})
    return ("W" if hub[0] == "W" else "Z"), hub[1:].translate(table)


def board_from_request(req: m.GameRequest) -> Board:
    """The start board of a GAMEREQ (the initial position, or its ``B`` position)."""
    if req.position is None:
        return Board(VARIANT)
    table = str.maketrans({"z": "b", "Z": "B"})
    hub = ("W" if req.to_move == "W" else "B") + req.position.translate(table)
    try:
        return Board(VARIANT, position=from_hub(hub, get_variant(VARIANT)))
    except ValueError as e:
        raise DxpMessageError(f"DXP GAMEREQ position: {e}") from None


__all__ = ["VARIANT", "DxpConnection", "Log", "board_from_request", "dxp_position", "quiet"]
