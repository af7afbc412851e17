"""DXP games between damier's engine and a peer, in both roles (docs/protocols.md, "DXP dialogue").

* :class:`~damier.protocol.dxp.connection.DxpConnection` — the framed connection;
  :func:`~damier.protocol.dxp.dxp_game.play_game` — one game to the confirmed GAMEEND;
* :func:`run_initiator` / :func:`run_follower` — the two ends of ``damier dxp``; the follower
  serves several initiators at once and disconnects one that stays silent.

Results are reported through a callback as :class:`DxpGame` values and each game is written
to PDN by the caller. A listening follower binds the address it is given (the CLI defaults to
127.0.0.1). This module must not print: messages go to the ``log`` callback.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from damier.core.board import Board
from damier.core.colors import BLACK, WHITE
from damier.engine.api import BuiltinEngine
from damier.protocol.dxp import messages as m
from damier.protocol.dxp.connection import (
    VARIANT,
    DxpConnection,
    Log,
    board_from_request,
    dxp_position,
    quiet,
)
from damier.protocol.dxp.dxp_game import DxpGame, GameSettings, play_game
from damier.protocol.engine_player import Player
from damier.protocol.errors import DxpError, DxpMessageError


def _engine(level: int) -> Player:
    return Player(BuiltinEngine(VARIANT, level))


async def run_initiator(
    host: str, port: int, games: int, minutes: float, moves: int, level: int, name: str,
    on_game: Callable[[DxpGame], None], log: Log = quiet, connect_timeout: float = 10.0,
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
    log: Log = quiet, idle_timeout: float | None = None, peer_grace: float = 60.0,
    handshake_timeout: float | None = None,
) -> list[DxpGame]:
    """Follow one initiator until it disconnects or asks to stop; its first GAMEREQ must come
    within ``handshake_timeout`` seconds, the next ones within ``idle_timeout``."""
    player = _engine(level)
    results: list[DxpGame] = []
    number = 0
    while True:
        wait = idle_timeout
        if not results and handshake_timeout is not None:
            wait = handshake_timeout if wait is None else min(wait, handshake_timeout)
        try:
            msg = await conn.receive(wait, "GAMEREQ")
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
HANDSHAKE_TIMEOUT = 10.0
"""Seconds a new connection has to send its first GAMEREQ (issue 24: silent connections
held every slot for the whole idle timeout, locking real initiators out)."""
MAX_PER_PEER = 4
"""Connections one address may hold at once; more from it are closed at once."""


async def run_follower(
    host: str, port: int, level: int, name: str, on_game: Callable[[DxpGame], None],
    log: Log = quiet, connections: int = 0, ready: Callable[[int], None] | None = None,
    peer_grace: float = 60.0, idle_timeout: float | None = IDLE_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS, handshake_timeout: float | None = HANDSHAKE_TIMEOUT,
    max_per_peer: int = MAX_PER_PEER,
) -> None:
    """Listen on ``host:port`` and follow initiators, up to ``max_connections`` at once, each
    with its own engine, so that one slow or silent peer never holds up another; a peer that
    sends no GAMEREQ within ``idle_timeout`` seconds (``None``: wait for ever), or none within
    ``handshake_timeout`` of connecting, is disconnected, and one address holds at most
    ``max_per_peer`` connections, so that silent connections cannot lock initiators out.
    Stop after ``connections`` connections (0: never; further connections are refused once
    that many have been taken). ``ready(port)`` is called once listening."""
    done = asyncio.Event()
    taken = served = active = 0
    per_peer: dict[str, int] = {}

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal taken, served, active
        conn = DxpConnection(reader, writer, log)
        address = str((writer.get_extra_info("peername") or ("?",))[0])
        if active >= max_connections or (connections and taken >= connections):
            log(f"connection from {conn.peer} refused: {active} initiators are being served")
            await conn.close()
            return
        if per_peer.get(address, 0) >= max_per_peer:
            log(f"connection from {conn.peer} refused: {address} holds {max_per_peer} already")
            await conn.close()
            return
        taken += 1
        active += 1
        per_peer[address] = per_peer.get(address, 0) + 1
        log(f"connection from {conn.peer}")
        try:
            await serve_connection(conn, level, name, on_game, log, idle_timeout=idle_timeout,
                                   peer_grace=peer_grace, handshake_timeout=handshake_timeout)
        except DxpError as e:
            log(f"connection from {conn.peer} ended: {e}")
        finally:
            active -= 1
            per_peer[address] -= 1
            if not per_peer[address]:
                del per_peer[address]
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
