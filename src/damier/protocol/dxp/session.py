"""DXP games between damier's engine and a peer, in both roles (docs/protocols.md, "DXP dialogue").

* :class:`DxpConnection` — NUL-framed messages over an asyncio stream, with timeouts, a
  transcript and clear errors for a peer that closes, stalls or sends garbage.
* :func:`play_game` — one game from GAMEACC to the confirmed GAMEEND: damier's engine keeps
  its own clock (DXP v1 has no clock messages), every incoming MOVE is matched against the
  legal moves by (from, to, captured set); a move that is not legal ends the game at once
  (a CHAT that says why, then GAMEEND "I win"). The side to move ends a finished game with
  GAMEEND (1 I lose, 2 draw, 3 I win); a peer that ends it is answered with GAMEEND 0. At the
  agreed number of moves the side to move ends the game: a win for the side the engine sees
  ahead by 3 men or more, otherwise a draw (Scan's rule). BACKREQ is honoured (BACKACC 0)
  when the move exists, refused (BACKACC 1) otherwise.
* :func:`run_initiator` / :func:`run_follower` — the two ends of ``damier dxp``; the follower
  serves several initiators at once and disconnects one that stays silent.

Results are reported through a callback as :class:`DxpGame` values and each game is written
to PDN by the caller. A listening follower binds the address it is given (the CLI defaults to
127.0.0.1). This module must not print: messages go to the ``log`` callback.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from damier.core.board import Board
from damier.core.colors import BLACK, WHITE
from damier.core.fen import from_hub
from damier.core.move import Move as BoardMove
from damier.core.variants import get_variant
from damier.engine.api import BuiltinEngine
from damier.protocol.dxp import messages as m
from damier.protocol.engine_player import Clock, Player, TimeControl
from damier.protocol.errors import DxpError, DxpMessageError

VARIANT = "international"
ADJUDICATE_MEN = 3.0
Log = Callable[[str], None]


def _quiet(_: str) -> None:
    pass


class DxpConnection:
    """One TCP connection speaking DXP."""

    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, log: Log = _quiet
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


@dataclass
class DxpGame:
    """A finished (or broken-off) DXP game, from damier's side."""

    number: int
    my_color: int
    me: str
    peer: str
    start_fen: str | None
    moves: list[str] = field(default_factory=list)
    winner: int | None = None
    reason: str = ""
    result: str = "*"
    peer_stop: bool = False
    finished: bool = False

    @property
    def white(self) -> str:
        return self.me if self.my_color == WHITE else self.peer

    @property
    def black(self) -> str:
        return self.peer if self.my_color == WHITE else self.me

    def summary(self) -> str:
        return (f"game {self.number}: {self.white} - {self.black} {self.result} "
                f"({self.reason}, {len(self.moves)} plies)")


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


def find_move(board: Board, msg: m.Move) -> BoardMove | None:
    """The legal move with the message's from, to and captured set, if any."""
    return board.find_move(msg.from_square, msg.to_square, msg.captured)


def move_message(move: BoardMove, seconds: float) -> m.Move:
    return m.Move(int(seconds), move.from_square, move.to_square, tuple(move.captured))


def _describe(msg: m.Move) -> str:
    sep = "x" if msg.captured else "-"
    caps = "".join(f"x{c}" for c in msg.captured)
    return f"{msg.from_square}{sep}{msg.to_square}{caps}"


@dataclass
class GameSettings:
    """What a GAMEREQ agreed."""

    my_color: int
    minutes: float
    moves: int
    board: Board
    peer_name: str
    number: int = 1
    stop_after: bool = False
    """Send stop code 1 in this game's GAMEEND (the last game of an initiator)."""
    peer_grace: float = 60.0
    """Seconds beyond the peer's game time that we wait for one of its moves."""
    end_wait: float = 10.0
    """Seconds to wait for the peer's GAMEEND (or its confirmation)."""


async def play_game(
    conn: DxpConnection, player: Player, me: str, s: GameSettings, log: Log = _quiet
) -> DxpGame:
    """Play one game (see the module docstring). Raises :class:`DxpError` if the peer breaks
    the connection or the protocol; the partial game is in the exception's ``game``."""
    board = s.board
    base_ply = board.ply
    start_fen = None if board.fen() == Board(VARIANT).fen() else board.fen()
    game = DxpGame(s.number, s.my_color, me, s.peer_name, start_fen)
    tc = TimeControl(base=s.minutes * 60, moves=s.moves, margin=float("inf"))
    clock = Clock(tc)
    peer_clock = s.minutes * 60
    last_score: int | None = None
    stop_code = 1 if s.stop_after else 0
    rules = board.rules

    def finish(winner: int | None, reason: str, result: str | None = None) -> DxpGame:
        game.winner, game.reason, game.finished = winner, reason, True
        game.result = result or rules.result_text(winner)
        game.moves = [mv.hub() for mv in board.move_stack[base_ply:]]
        return game

    async def end_game(reason_code: int, winner: int | None, why: str) -> DxpGame:
        await conn.send(m.GameEnd(reason_code, stop_code))
        with contextlib.suppress(DxpError):
            while True:
                reply = await conn.receive(s.end_wait, "the GAMEEND confirmation")
                if isinstance(reply, m.GameEnd):
                    game.peer_stop = reply.stop == 1
                    break
        return finish(winner, why)

    def my_code(winner: int | None) -> int:
        return 2 if winner is None else 3 if winner == s.my_color else 1

    try:
        while True:
            outcome = board.outcome()
            at_limit = bool(s.moves) and board.ply - base_ply >= 2 * s.moves
            if board.turn == s.my_color and (outcome is not None or at_limit):
                if outcome is not None:
                    return await end_game(my_code(outcome.winner), outcome.winner, outcome.reason)
                winner = None
                if last_score is not None and abs(last_score) >= ADJUDICATE_MEN * 100:
                    winner = s.my_color if last_score > 0 else 1 - s.my_color
                why = f"all {s.moves} moves completed"
                with contextlib.suppress(DxpMessageError):
                    await conn.send(m.Chat(f"gameend sent due to {why}"))
                return await end_game(my_code(winner), winner, why)
            if board.turn == s.my_color:
                pm = await asyncio.to_thread(player.play, board.copy(), clock)
                clock.charge(s.my_color, pm.seconds)
                last_score = pm.score if pm.win_in is None else (10_000 if pm.win_in > 0 else -10_000)
                await conn.send(move_message(pm.move, pm.seconds))
                board.push(pm.move)
                continue
            over = outcome is not None or at_limit
            wait = s.end_wait if over else max(peer_clock, 0.0) + s.peer_grace
            started = time.perf_counter()
            try:
                msg = await conn.receive(wait, "the peer's move")
            except DxpError:
                if not over:
                    raise
                # the peer did not end the finished game itself: we do it
                winner = outcome.winner if outcome is not None else None
                return await end_game(my_code(winner), winner,
                                      outcome.reason if outcome else f"all {s.moves} moves completed")
            peer_clock -= time.perf_counter() - started
            if isinstance(msg, m.Move) and over:
                # the peer plays on in a finished game (it may not know the draw rules)
                winner = outcome.winner if outcome is not None else None
                why = outcome.reason if outcome is not None else f"all {s.moves} moves completed"
                with contextlib.suppress(DxpMessageError):
                    await conn.send(m.Chat(f"the game is over: {why}"[:126]))
                return await end_game(my_code(winner), winner, f"{why} ({s.peer_name} played on)")
            if isinstance(msg, m.Move):
                move = find_move(board, msg)
                if move is None:
                    why = f"illegal move {_describe(msg)} by {s.peer_name} in {board.fen()}"
                    log(why)
                    with contextlib.suppress(DxpMessageError):
                        await conn.send(m.Chat(why[:126]))
                    return await end_game(3, s.my_color, why)
                board.push(move)
            elif isinstance(msg, m.GameEnd):
                game.peer_stop = msg.stop == 1
                await conn.send(m.GameEnd(0, stop_code))
                peer_color = 1 - s.my_color
                if msg.reason == 1:
                    return finish(s.my_color, f"{s.peer_name} gave up")
                if msg.reason == 3:
                    note = "" if outcome is not None else " (not over by the rules)"
                    return finish(peer_color, f"{s.peer_name} claimed the win{note}")
                if msg.reason == 2:
                    return finish(None, outcome.reason if outcome and outcome.winner is None
                                  else f"draw declared by {s.peer_name}")
                if outcome is not None:
                    return finish(outcome.winner, outcome.reason)
                if at_limit:
                    return finish(None, f"all {s.moves} moves completed")
                return finish(None, f"ended by {s.peer_name} without a result", "*")
            elif isinstance(msg, m.BackRequest):
                await conn.send(m.BackAccept(0 if _take_back(board, base_ply, msg) else 1))
            elif isinstance(msg, m.BackAccept):
                continue
            else:
                raise DxpError(f"DXP peer {conn.peer} sent {type(msg).__name__} during a game")
    except DxpError as e:
        game.moves = [mv.hub() for mv in board.move_stack[base_ply:]]
        game.reason = f"broken off after {len(game.moves)} plies: {e}"
        e.game = game
        raise


def _take_back(board: Board, base_ply: int, req: m.BackRequest) -> bool:
    """Undo moves back to move ``req.move`` with ``req.color`` to move; False if impossible."""
    start_turn = board.start_position.turn
    turn = WHITE if req.color == "W" else BLACK
    target = 2 * (req.move - 1) + (turn - start_turn) + base_ply
    if target < base_ply or target > board.ply:
        return False
    while board.ply > target:
        board.pop()
    return board.turn == turn


def _engine(level: int) -> Player:
    return Player(BuiltinEngine(VARIANT, level))


async def run_initiator(
    host: str, port: int, games: int, minutes: float, moves: int, level: int, name: str,
    on_game: Callable[[DxpGame], None], log: Log = _quiet, connect_timeout: float = 10.0,
    peer_grace: float = 60.0, starts: Sequence[str] = (),
) -> list[DxpGame]:
    """Connect to a follower and play ``games`` games, damier White in the odd ones. With
    ``starts`` (FENs), games ``2k-1`` and ``2k`` start from ``starts[k-1]`` (cycling), sent as
    a GAMEREQ position, as Moby Dam's match maker does."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port),
                                                connect_timeout)
    except (OSError, TimeoutError) as e:
        raise DxpError(f"cannot connect to DXP follower {host}:{port}: {e or 'timeout'}") from None
    conn = DxpConnection(reader, writer, log)
    player = _engine(level)
    results: list[DxpGame] = []
    try:
        for number in range(1, games + 1):
            my_color = WHITE if number % 2 == 1 else BLACK
            board = Board(VARIANT, starts[(number - 1) // 2 % len(starts)] if starts else None)
            to_move, position = dxp_position(board)
            initial = board.fen() == Board(VARIANT).fen()
            await conn.send(m.GameRequest(name, "Z" if my_color == WHITE else "W",
                                          max(1, round(minutes)), moves,
                                          None if initial else to_move,
                                          None if initial else position))
            reply = await conn.receive(30.0, "GAMEACC")
            if not isinstance(reply, m.GameAccept):
                raise DxpError(f"DXP peer {conn.peer} answered GAMEREQ with "
                               f"{type(reply).__name__}, expected GAMEACC")
            if reply.code != 0:
                why = {1: "protocol version not supported", 2: "refuses this game",
                       3: "refuses any game"}.get(reply.code, f"code {reply.code}")
                raise DxpError(f"DXP follower {reply.name!r} declined game {number}: {why}")
            conn.peer_name = reply.name
            player.new_game()
            settings = GameSettings(my_color, minutes, moves, board, reply.name, number,
                                    stop_after=number == games, peer_grace=peer_grace)
            game = await _play_and_report(conn, player, name, settings, log, on_game)
            results.append(game)
            if game.peer_stop and number < games:
                log(f"{reply.name} asked to stop after game {number}")
                break
    finally:
        await conn.close()
    return results


async def _play_and_report(
    conn: DxpConnection, player: Player, name: str, settings: GameSettings, log: Log,
    on_game: Callable[[DxpGame], None],
) -> DxpGame:
    """Play one game and hand it to ``on_game`` — also a game broken off by an error."""
    try:
        game = await play_game(conn, player, name, settings, log)
    except DxpError as e:
        if isinstance(e.game, DxpGame):
            on_game(e.game)
        raise
    on_game(game)
    return game


async def serve_connection(
    conn: DxpConnection, level: int, name: str, on_game: Callable[[DxpGame], None],
    log: Log = _quiet, idle_timeout: float | None = None, peer_grace: float = 60.0,
) -> list[DxpGame]:
    """Follow one initiator until it disconnects or asks to stop."""
    player = _engine(level)
    results: list[DxpGame] = []
    number = 0
    while True:
        try:
            msg = await conn.receive(idle_timeout, "GAMEREQ")
        except DxpError as e:
            if "closed the connection" in str(e):
                return results
            raise
        if isinstance(msg, m.GameEnd):
            continue  # a late GAMEEND between games
        if not isinstance(msg, m.GameRequest):
            raise DxpError(f"DXP peer {conn.peer} sent {type(msg).__name__} outside a game "
                           "(expected GAMEREQ)")
        if msg.version != 1:
            await conn.send(m.GameAccept(name, 1))
            continue
        try:
            board = board_from_request(msg)
        except DxpMessageError as e:
            log(str(e))
            await conn.send(m.GameAccept(name, 2))
            continue
        await conn.send(m.GameAccept(name, 0))
        conn.peer_name = msg.name
        number += 1
        player.new_game()
        my_color = WHITE if msg.follower_color == "W" else BLACK
        settings = GameSettings(my_color, float(msg.minutes), msg.moves, board, msg.name, number,
                                peer_grace=peer_grace)
        game = await _play_and_report(conn, player, name, settings, log, on_game)
        results.append(game)
        if game.peer_stop:
            return results


IDLE_TIMEOUT = 120.0
"""Seconds a follower waits for an initiator's GAMEREQ (at connection or between games)."""
MAX_CONNECTIONS = 8
"""Initiators a follower serves at once; more are closed at once."""


async def run_follower(
    host: str, port: int, level: int, name: str, on_game: Callable[[DxpGame], None],
    log: Log = _quiet, connections: int = 0, ready: Callable[[int], None] | None = None,
    peer_grace: float = 60.0, idle_timeout: float | None = IDLE_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS,
) -> None:
    """Listen on ``host:port`` and follow initiators, up to ``max_connections`` at once, each
    with its own engine, so that one slow or silent peer never holds up another; a peer that
    sends no GAMEREQ within ``idle_timeout`` seconds (``None``: wait for ever) is
    disconnected. Stop after ``connections`` connections (0: never; further connections are
    refused once that many have been taken). ``ready(port)`` is called once listening."""
    done = asyncio.Event()
    taken = served = active = 0

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal taken, served, active
        conn = DxpConnection(reader, writer, log)
        if active >= max_connections or (connections and taken >= connections):
            log(f"connection from {conn.peer} refused: {active} initiators are being served")
            await conn.close()
            return
        taken += 1
        active += 1
        log(f"connection from {conn.peer}")
        try:
            await serve_connection(conn, level, name, on_game, log, idle_timeout=idle_timeout,
                                   peer_grace=peer_grace)
        except DxpError as e:
            log(f"connection from {conn.peer} ended: {e}")
        finally:
            active -= 1
            await conn.close()
            served += 1
            if connections and served >= connections:
                done.set()

    try:
        server = await asyncio.start_server(handle, host, port)
    except OSError as e:
        raise DxpError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    bound = server.sockets[0].getsockname()[1]
    log(f"listening on {host}:{bound}")
    if ready is not None:
        ready(bound)
    async with server:
        await done.wait()
