"""A DXP follower behind :class:`~damier.engine.api.EngineLike`: the engine is asked for its
moves over DamExchange, with damier as the Initiator.

:class:`DxpEngine` connects to a follower at ``host:port`` — optionally after starting its
``command`` (in ``cwd``; ``{port}`` in the command is replaced by a free loopback port, for
programs that take the port on the command line; others, like Scan, read it from their own
settings). It keeps one DXP game in step with the boards it is asked about:

* :meth:`DxpEngine.play` on a board that continues the current game sends the opponent's
  moves since the engine's last one as MOVE messages and waits for the engine's MOVE; any
  other board (a new game, another opening, a take-back) ends the current game with GAMEEND
  and sends a new GAMEREQ whose start is that board's position (``A`` for the initial one),
  the engine playing the side to move;
* the GAMEREQ carries the game's time: the mover's clock rounded up to whole minutes, or
  for a fixed move time ``t``, ``t`` seconds for each of 60 moves (at least one minute); no
  move limit (the caller ends games);
* the wait for each move is bounded by :func:`~damier.protocol.limits.reply_timeout`; a
  GAMEEND instead of a move (the engine resigns or claims), a closed connection or a dead
  process raises :class:`~damier.protocol.errors.DxpError` with the reason;
* DXP carries moves only: :meth:`DxpEngine.analyse` raises :class:`DxpError`, ``stop`` has
  nothing to stop. CHAT from the engine is kept in :attr:`DxpEngine.chats`.

This module must not know damier's engine.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import socket
import time
from collections.abc import Iterator, Sequence

from damier.core.board import Board
from damier.core.colors import WHITE
from damier.core.move import Move as BoardMove
from damier.engine.engine import Info, PlayResult
from damier.engine.timecontrol import Limit
from damier.protocol.dxp import messages as m
from damier.protocol.dxp.connection import VARIANT, DxpConnection, dxp_position
from damier.protocol.dxp.dxp_game import find_move
from damier.protocol.errors import DxpError
from damier.protocol.limits import reply_timeout
from damier.protocol.loopthread import LoopThread
from damier.protocol.process import EngineProcess

MOVES_PER_GAME = 60
"""Moves assumed per game when a fixed move time is turned into a DXP game time."""


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port that is free on ``host`` now (for a follower started on it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


def game_minutes(limit: Limit | None, turn: int, default: int = 5) -> int:
    """Whole minutes of game time for a GAMEREQ (see the module docstring).

    >>> game_minutes(Limit(white_clock=90.0), 0), game_minutes(Limit(time=0.5), 0)
    (2, 1)
    """
    if limit is None:
        return default
    clock = limit.clock(turn)
    if clock is not None:
        return max(1, math.ceil(clock / 60))
    if limit.time is not None:
        return max(1, math.ceil(limit.time * MOVES_PER_GAME / 60))
    return default


class DxpEngine:
    """A DXP follower as an engine (see the module docstring)."""

    def __init__(
        self, host: str = "127.0.0.1", port: int | None = None,
        command: str | Sequence[str] | None = None, cwd: str | None = None,
        name: str | None = None, me: str = "damier", connect_timeout: float = 30.0,
        move_timeout: float | None = 300.0,
    ) -> None:
        self.me = me
        self.move_timeout = move_timeout
        self.process: EngineProcess | None = None
        if port is None:
            port = free_port(host)
        if command is not None:
            self.process = EngineProcess.start(command, cwd, {"port": str(port)})
        self.address = f"{host}:{port}"
        self._given_name = name
        self._peer_name = ""
        self._loop = LoopThread("dxp-engine")
        self.conn: DxpConnection | None = None
        self._game: Board | None = None
        self._color = WHITE
        try:
            self.conn = self._loop.run(self._connect(host, port, connect_timeout))
        except BaseException:
            self.quit()
            raise

    async def _connect(self, host: str, port: int, timeout: float) -> DxpConnection:
        deadline = time.monotonic() + timeout
        while True:
            try:
                reader, writer = await asyncio.open_connection(host, port)
                return DxpConnection(reader, writer)
            except OSError as e:
                if self.process is not None and not self.process.alive:
                    raise DxpError(f"DXP engine {self.process.describe()!r} exited before "
                                   f"listening on {host}:{port}{self.process.diagnostics()}") \
                        from None
                if time.monotonic() > deadline:
                    raise DxpError(f"cannot connect to DXP follower {host}:{port} within "
                                   f"{timeout:g} s: {e}") from None
                await asyncio.sleep(0.1)

    @property
    def name(self) -> str:
        return self._given_name or self._peer_name or f"dxp {self.address}"

    @property
    def chats(self) -> list[str]:
        """Every CHAT the engine sent."""
        return self.conn.chats if self.conn is not None else []

    def _why(self, e: DxpError) -> DxpError:
        if self.process is not None and not self.process.alive:
            return DxpError(f"{e} (the engine process ended{self.process.diagnostics()})")
        return e

    def play(self, board: Board, limit: Limit | None = None) -> PlayResult:
        if board.rules.name != VARIANT:
            raise DxpError(f"DXP plays {VARIANT} only, not {board.rules.name}")
        try:
            return self._loop.run(self._play(board, limit))
        except DxpError as e:
            raise self._why(e) from None

    async def _play(self, board: Board, limit: Limit | None) -> PlayResult:
        conn = self.conn
        assert conn is not None
        pending = self._continuation(board)
        if pending is None:
            await self._end_game()
            await self._request(board, limit)
            pending = []
            self._game = board.copy()
        assert self._game is not None
        for sent in pending:
            await conn.send(m.Move(0, sent.from_square, sent.to_square, tuple(sent.captured)))
            self._game.push(sent)
        timeout = reply_timeout(limit, board.turn, self.move_timeout)
        msg = await conn.receive(timeout, f"the move of {self.name}")
        if isinstance(msg, m.GameEnd):
            self._game = None
            await conn.send(m.GameEnd(0, 0))
            what = {1: "resigned", 2: "claimed a draw", 3: "claimed a win"}.get(
                msg.reason, "ended the game without a reason")
            raise DxpError(f"{self.name} {what} instead of moving (DXP GAMEEND)")
        if not isinstance(msg, m.Move):
            raise DxpError(f"{self.name} sent {type(msg).__name__} instead of a move")
        move = find_move(board, msg)
        if move is None:
            self._game = None
            raise DxpError(f"{self.name} played an illegal move {msg.encode()!r}")
        self._game.push(move)
        return PlayResult(move, None)

    def _continuation(self, board: Board) -> list[BoardMove] | None:
        """The opponent's moves to send if ``board`` continues the current game, else None."""
        game = self._game
        if game is None or board.turn != self._color or game.ply > board.ply:
            return None
        if board.start_position != game.start_position:
            return None
        played = board.move_stack
        if played[:game.ply] != game.move_stack:
            return None
        pending = played[game.ply:]
        return list(pending) if len(pending) <= 1 else None

    async def _request(self, board: Board, limit: Limit | None) -> None:
        conn = self.conn
        assert conn is not None
        to_move, position = dxp_position(board)
        initial = board.fen() == Board(VARIANT).fen()
        self._color = board.turn
        request = m.GameRequest(self.me, to_move, game_minutes(limit, board.turn), 0,
                                None if initial else to_move, None if initial else position)
        await conn.send(request)
        reply = await conn.receive(30.0, "GAMEACC")
        if not isinstance(reply, m.GameAccept):
            raise DxpError(f"DXP engine answered GAMEREQ with {type(reply).__name__}")
        if reply.code != 0:
            raise DxpError(f"DXP engine {reply.name!r} declined the game (code {reply.code})")
        self._peer_name = reply.name
        conn.peer_name = reply.name

    async def _end_game(self, stop: int = 0) -> None:
        conn = self.conn
        if self._game is None or conn is None:
            return
        self._game = None
        await conn.send(m.GameEnd(0, stop))
        try:
            while not isinstance(await conn.receive(10.0, "the GAMEEND confirmation"), m.GameEnd):
                pass
        except DxpError:
            pass

    def analyse(
        self, board: Board, limit: Limit | None = None, multipv: int = 1
    ) -> Iterator[Info]:
        raise DxpError(f"{self.name} is a DXP engine: DXP carries moves only, no analysis")

    def stop(self) -> None:
        """DXP has no way to hurry the engine; the wait ends at its timeout."""

    def kill(self) -> None:
        """End the engine at once, from any thread (not part of
        :class:`~damier.engine.api.EngineLike`): the follower process is killed, the
        connection closed, and a :meth:`play` waiting on it raises :class:`DxpError`."""
        if self.process is not None and self.process.alive:
            with contextlib.suppress(ProcessLookupError):
                self.process.proc.kill()
        conn = self.conn
        if conn is not None and not self._loop.loop.is_closed():
            self._loop.loop.call_soon_threadsafe(conn.writer.close)

    def new_game(self) -> None:
        try:
            self._loop.run(self._end_game(), 15.0)
        except (DxpError, TimeoutError):
            self._game = None

    def quit(self) -> None:
        conn = self.conn
        if conn is not None:
            with contextlib.suppress(DxpError, TimeoutError):
                self._loop.run(self._close(conn), 15.0)
            self.conn = None
        self._loop.close()
        if self.process is not None:
            self.process.terminate()

    async def _close(self, conn: DxpConnection) -> None:
        if self._game is not None:
            await self._end_game(stop=1)
        await conn.close()


__all__ = ["DxpEngine", "free_port", "game_minutes"]
