"""DXP games: a full match between ``damier dxp --listen`` and ``damier dxp --connect`` over
loopback, and scripted peers that cheat, resign, take back, send garbage or vanish."""

from __future__ import annotations

import asyncio
import re
import selectors
import subprocess
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from damier import BLACK, WHITE, Board
from damier.formats.pdn import parse_games
from damier.protocol.dxp import messages as m
from damier.protocol.dxp.connection import DxpConnection, board_from_request, dxp_position
from damier.protocol.dxp.dxp_game import DxpGame, find_move
from damier.protocol.dxp.session import run_follower, run_initiator
from damier.protocol.errors import DxpError

from .helpers import damier_argv, damier_env

Peer = Callable[[DxpConnection], Awaitable[None]]


async def _against_follower(peer: Peer) -> tuple[list[DxpGame], list[str]]:
    games: list[DxpGame] = []
    logs: list[str] = []
    loop = asyncio.get_running_loop()
    port: asyncio.Future[int] = loop.create_future()
    follower = asyncio.create_task(run_follower(
        "127.0.0.1", 0, 1, "damier", games.append, logs.append, connections=1,
        ready=port.set_result, peer_grace=10.0))
    reader, writer = await asyncio.open_connection("127.0.0.1", await asyncio.wait_for(port, 10))
    conn = DxpConnection(reader, writer)
    try:
        await peer(conn)
    finally:
        await conn.close()
    await asyncio.wait_for(follower, 30)
    return games, logs


def against_follower(peer: Peer) -> tuple[list[DxpGame], list[str]]:
    return asyncio.run(asyncio.wait_for(_against_follower(peer), 60))


async def _request(conn: DxpConnection, follower_color: str = "Z") -> None:
    await conn.send(m.GameRequest("Scripted", follower_color, 1, 0))
    reply = await conn.receive(10)
    assert reply == m.GameAccept("damier", 0)


def test_illegal_move_ends_the_game_with_a_report() -> None:
    async def peer(conn: DxpConnection) -> None:
        await _request(conn, "Z")
        await conn.send(m.Move(0, 32, 26))            # 32-26 is not a move
        chat = await conn.receive_any(10)
        assert isinstance(chat, m.Chat) and "illegal move 32-26 by Scripted" in chat.text
        assert await conn.receive(10) == m.GameEnd(3, 0)   # "I win"
        await conn.send(m.GameEnd(0, 1))

    games, _ = against_follower(peer)
    (game,) = games
    assert game.finished and game.winner == BLACK and game.result == "0-2"
    assert game.reason.startswith("illegal move 32-26 by Scripted in W:W31")


def test_capture_with_the_wrong_captured_set_is_illegal() -> None:
    board = Board(fen="W:W28:B23,22")
    assert find_move(board, m.Move(0, 28, 19, (23,))) is not None
    assert find_move(board, m.Move(0, 28, 19, (22,))) is None
    assert find_move(board, m.Move(0, 28, 19, ())) is None


def test_resignation_take_back_and_chat() -> None:
    async def peer(conn: DxpConnection) -> None:
        await _request(conn, "W")                       # damier plays White, moves first
        first = await conn.receive(10)
        assert isinstance(first, m.Move)
        await conn.send(m.Chat("nice move"))
        await conn.send(m.BackRequest(1, "W"))          # back to move 1, White to move
        assert await conn.receive(10) == m.BackAccept(0)
        again = await conn.receive(10)                  # damier moves again from the start
        assert isinstance(again, m.Move)
        await conn.send(m.GameEnd(1, 1))                # "I lose", stop
        assert await conn.receive(10) == m.GameEnd(0, 0)

    games, logs = against_follower(peer)
    (game,) = games
    assert game.winner == WHITE and game.reason == "Scripted gave up" and game.peer_stop
    assert len(game.moves) == 1 and "chat from Scripted: nice move" in logs


def test_peer_that_sends_garbage() -> None:
    async def peer(conn: DxpConnection) -> None:
        conn.writer.write(b"hello there\0")
        await conn.writer.drain()
        assert await conn.reader.read() == b""          # damier hangs up

    games, logs = against_follower(peer)
    assert games == []
    assert any("ended: DXP: unknown message type 'h'" in x for x in logs), logs


def test_peer_that_floods_without_terminator() -> None:
    async def peer(conn: DxpConnection) -> None:
        conn.writer.write(b"C" + b"x" * 300)
        await conn.writer.drain()
        assert await conn.reader.read() == b""

    _, logs = against_follower(peer)
    assert any("without a NUL terminator" in x for x in logs), logs


def test_peer_that_disconnects_mid_game() -> None:
    async def peer(conn: DxpConnection) -> None:
        await _request(conn, "W")
        first = await conn.receive(10)
        assert isinstance(first, m.Move)
        board = Board()
        board.push(find_move(board, first))  # type: ignore[arg-type]
        reply = board.legal_moves[0]
        await conn.send(m.Move(0, reply.from_square, reply.to_square, tuple(reply.captured)))

    games, logs = against_follower(peer)
    (game,) = games
    assert not game.finished and game.result == "*" and len(game.moves) >= 2
    assert "broken off after" in game.reason and "closed the connection" in game.reason
    assert any("closed the connection (waiting for the peer's move)" in x for x in logs)


def test_initiator_reports_a_refusal() -> None:
    async def main() -> None:
        async def follower(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            conn = DxpConnection(reader, writer)
            assert isinstance(await conn.receive(10), m.GameRequest)
            await conn.send(m.GameAccept("Grumpy", 3))
            await conn.close()

        server = await asyncio.start_server(follower, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            with pytest.raises(DxpError, match="declined game 1: refuses any game"):
                await run_initiator("127.0.0.1", port, 2, 1, 0, 1, "damier", lambda g: None)

    asyncio.run(asyncio.wait_for(main(), 30))


def test_initiator_cannot_connect() -> None:
    with pytest.raises(DxpError, match="cannot connect to DXP follower 127.0.0.1:1"):
        asyncio.run(run_initiator("127.0.0.1", 1, 1, 1, 0, 1, "x", lambda g: None))


def test_gamereq_start_positions() -> None:
    board = Board(fen="W:W26,32-50:B1-15,17-21")
    to_move, position = dxp_position(board)
    req = m.GameRequest("MatchMaker", "W", 1, 40, to_move, position)
    assert req.encode() == ("R01MatchMaker                      W001040BW"
                            "zzzzzzzzzzzzzzzezzzzzeeeeweeeeewwwwwwwwwwwwwwwwwww")
    assert board_from_request(m.decode(req.encode())).fen() == board.fen()  # type: ignore[arg-type]


def _wait_for_port(proc: subprocess.Popen[str], timeout: float = 30.0) -> int:
    assert proc.stderr is not None
    sel = selectors.DefaultSelector()
    sel.register(proc.stderr, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not sel.select(max(0.0, deadline - time.monotonic())):
            break
        line = proc.stderr.readline()
        if not line:
            break
        found = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if found:
            return int(found.group(1))
    raise AssertionError("the follower did not report its port")


def test_full_games_between_damier_dxp_processes(tmp_path: Path) -> None:
    follower = subprocess.Popen(
        damier_argv("dxp", "--listen", "127.0.0.1:0", "--once", "--level", "1",
                    "--pdn", str(tmp_path / "follower.pdn")),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=damier_env())
    try:
        port = _wait_for_port(follower)
        initiator = subprocess.run(
            damier_argv("dxp", "--connect", f"127.0.0.1:{port}", "--games", "2", "--time", "1",
                        "--moves", "0", "--level", "2", "--name", "Initiator", "--openings", "2move",
                        "--pdn", str(tmp_path / "initiator.pdn")),
            capture_output=True, text=True, timeout=120, env=damier_env())
        out, err = follower.communicate(timeout=60)
    finally:
        if follower.poll() is None:
            follower.kill()
            follower.wait()
    assert initiator.returncode == 0, initiator.stderr
    assert follower.returncode == 0, err
    lines = initiator.stdout.splitlines()
    assert lines[0].startswith("game 1: Initiator - damier ")
    assert lines[1].startswith("game 2: damier - Initiator ")
    assert re.match(r"Initiator: W \d+ D \d+ L \d+ in 2 games", lines[2])
    # both sides agree on every result, and the PDN replays
    theirs = out.splitlines()
    for a, b in zip(lines[:2], theirs, strict=True):
        assert a.split(" (")[0] == b.split(" (")[0]
    for name in ("initiator.pdn", "follower.pdn"):
        text = (tmp_path / name).read_text()
        assert text.count("[Event ") == 2 and text.count('[GameType "20"]') == 2
        # both games start from the first 2-move opening, 31-26 16-21, sent in the GAMEREQ
        assert text.count('[FEN "W:W26,32,33,') == 2
        results = re.findall(r'\[Result "([^"]+)"\]', text)
        assert all(r in ("2-0", "0-2", "1-1") for r in results), results
        games = parse_games(text)
        assert [g.errors for g in games] == [[], []]
        for game in games:   # a finished game replays to its end by the rules
            outcome = game.board().outcome()
            assert outcome is not None and outcome.result == game.result


def test_peer_that_plays_on_after_the_end() -> None:
    async def peer(conn: DxpConnection) -> None:
        to_move, position = dxp_position(Board(fen="W:W28:B23"))
        await conn.send(m.GameRequest("Scripted", "W", 1, 0, to_move, position))
        assert await conn.receive(10) == m.GameAccept("damier", 0)
        assert await conn.receive(10) == m.Move(0, 28, 19, (23,))   # forced; Black has nothing left
        await conn.send(m.Move(0, 23, 28))                         # plays on anyway
        chat = await conn.receive_any(10)
        assert isinstance(chat, m.Chat) and chat.text == "the game is over: no pieces left"
        assert await conn.receive(10) == m.GameEnd(3, 0)            # damier: "I win"
        await conn.send(m.GameEnd(0, 1))

    games, _ = against_follower(peer)
    (game,) = games
    assert game.finished and game.start_fen == "W:W28:B23" and game.result == "2-0"
    assert game.reason == "no pieces left (Scripted played on)" and game.moves == ["28x19x23"]


def _reply(board: Board, msg: m.Message) -> m.Move:
    """Push the peer's ``msg`` on ``board`` and answer with the first legal move."""
    assert isinstance(msg, m.Move)
    move = find_move(board, msg)
    assert move is not None
    board.push(move)
    answer = board.legal_moves[0]
    board.push(answer)
    return m.Move(0, answer.from_square, answer.to_square, tuple(answer.captured))


def test_initiator_accepts_chat_at_any_point() -> None:
    """A follower that chats before GAMEACC, during a game, before confirming a GAMEEND and,
    as Scan 2.0 does at the move limit, right after its own GAMEEND, i.e. between a GAMEEND
    and the next GAMEACC (the case that used to abort the session)."""
    chats = ["before accepting", "during the game", "before confirming",
             "gameend sent due to all 1 moves completed, reason=0", "before game 3"]

    async def follower(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = DxpConnection(reader, writer)
        # game 1: damier White; the game ends at the move limit, damier to move
        assert isinstance(await conn.receive_any(10), m.GameRequest)
        await conn.send(m.Chat(chats[0]))
        await conn.send(m.GameAccept("Chatty", 0))
        board = Board()
        reply = _reply(board, await conn.receive_any(10))
        await conn.send(m.Chat(chats[1]))
        await conn.send(reply)
        limit_chat = await conn.receive_any(10)
        assert isinstance(limit_chat, m.Chat), limit_chat
        assert await conn.receive_any(10) == m.GameEnd(2, 0)
        await conn.send(m.Chat(chats[2]))
        await conn.send(m.GameEnd(0, 0))
        # game 2: damier Black; Chatty (White) ends it at the limit like Scan: E00 then CHAT
        assert isinstance(await conn.receive_any(10), m.GameRequest)
        await conn.send(m.GameAccept("Chatty", 0))
        board = Board()
        first = board.legal_moves[0]
        board.push(first)
        await conn.send(m.Move(0, first.from_square, first.to_square, ()))
        answer = await conn.receive_any(10)
        assert isinstance(answer, m.Move) and find_move(board, answer) is not None
        await conn.send(m.GameEnd(0, 0))
        await conn.send(m.Chat(chats[3]))
        assert await conn.receive_any(10) == m.GameEnd(0, 0)
        # game 3: the GAMEREQ arrives after that CHAT; Chatty chats, accepts, then resigns
        assert isinstance(await conn.receive_any(10), m.GameRequest)
        await conn.send(m.Chat(chats[4]))
        await conn.send(m.GameAccept("Chatty", 0))
        assert isinstance(await conn.receive_any(10), m.Move)
        await conn.send(m.GameEnd(1, 1))
        assert await conn.receive_any(10) == m.GameEnd(0, 1)
        await conn.close()

    async def main() -> tuple[list[DxpGame], list[str]]:
        logs: list[str] = []
        server = await asyncio.start_server(follower, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            games = await run_initiator("127.0.0.1", port, 3, 1, 1, 1, "damier",
                                        lambda g: None, logs.append)
        return games, logs

    games, logs = asyncio.run(asyncio.wait_for(main(), 60))
    assert [g.result for g in games] == ["1-1", "1-1", "2-0"]
    assert games[2].reason == "Chatty gave up"
    shown = [x for x in logs if x.startswith("chat from ")]
    assert len(shown) == len(chats), shown
    for text in chats[1:]:
        assert f"chat from Chatty: {text}" in logs
    assert any(x.startswith("chat from 127.0.0.1:") and x.endswith(chats[0]) for x in logs)


def test_follower_accepts_chat_at_any_point() -> None:
    async def peer(conn: DxpConnection) -> None:
        await conn.send(m.Chat("hello before any game"))
        await _request(conn, "W")                       # damier White moves first
        first = await conn.receive_any(10)
        board = Board()
        reply = _reply(board, first)
        await conn.send(reply)
        assert isinstance(await conn.receive_any(10), m.Move)
        await conn.send(m.GameEnd(2, 0))                # a draw offer that ends the game
        await conn.send(m.Chat("between the GAMEEND and its confirmation"))
        assert await conn.receive_any(10) == m.GameEnd(0, 0)
        await conn.send(m.Chat("between games"))
        await conn.send(m.GameRequest("Scripted", "W", 1, 0))
        await conn.send(m.Chat("after the GAMEREQ"))
        assert await conn.receive_any(10) == m.GameAccept("damier", 0)
        assert isinstance(await conn.receive_any(10), m.Move)
        await conn.send(m.GameEnd(1, 1))
        assert await conn.receive_any(10) == m.GameEnd(0, 0)

    games, logs = against_follower(peer)
    assert [g.reason for g in games] == ["draw declared by Scripted", "Scripted gave up"]
    for text in ("between the GAMEEND and its confirmation", "between games",
                 "after the GAMEREQ"):
        assert f"chat from Scripted: {text}" in logs, logs
    assert any(x.endswith(": hello before any game") for x in logs)
