"""One DXP game from GAMEACC to the confirmed GAMEEND (docs/protocols.md, "DXP dialogue").

:func:`play_game`: damier's engine keeps its own clock (DXP v1 has no clock messages), every
incoming MOVE is matched against the legal moves by (from, to, captured set); a move that is
not legal ends the game at once (a CHAT that says why, then GAMEEND "I win"). The side to move
ends a finished game with GAMEEND (1 I lose, 2 draw, 3 I win); a peer that ends it is answered
with GAMEEND 0. At the agreed number of moves the side to move ends the game: a win for the
side the engine sees ahead by 3 men or more, otherwise a draw (Scan's rule). BACKREQ is
honoured (BACKACC 0) when the move exists, refused (BACKACC 1) otherwise. The result is a
:class:`DxpGame`. This module must not print: messages go to the ``log`` callback.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field

from damier.core.board import Board
from damier.core.colors import BLACK, WHITE
from damier.core.draws import Outcome
from damier.core.move import Move as BoardMove
from damier.protocol.dxp import messages as m
from damier.protocol.dxp.connection import VARIANT, DxpConnection, Log, quiet
from damier.protocol.engine_player import Clock, Player, TimeControl
from damier.protocol.errors import DxpError, DxpMessageError

ADJUDICATE_MEN = 3.0


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
    conn: DxpConnection, player: Player, me: str, s: GameSettings, log: Log = quiet
) -> DxpGame:
    """Play one game (see the module docstring). Raises :class:`DxpError` if the peer breaks
    the connection or the protocol; the partial game is in the exception's ``game``."""
    run = _GameRun(conn, player, me, s, log)
    try:
        while True:
            done = await (run.my_turn() if run.board.turn == s.my_color else run.peer_turn())
            if done is not None:
                return done
    except DxpError as e:
        game = run.game
        game.moves = [mv.hub() for mv in run.board.move_stack[run.base_ply:]]
        game.reason = f"broken off after {len(game.moves)} plies: {e}"
        e.game = game
        raise


class _GameRun:
    """One game being played over a DXP connection (:func:`play_game`): each turn returns the
    finished game, or None while it goes on."""

    def __init__(self, conn: DxpConnection, player: Player, me: str, s: GameSettings,
                 log: Log) -> None:
        self.conn, self.player, self.s, self.log = conn, player, s, log
        self.board = board = s.board
        self.base_ply = board.ply
        start_fen = None if board.fen() == Board(VARIANT).fen() else board.fen()
        self.game = DxpGame(s.number, s.my_color, me, s.peer_name, start_fen)
        self.clock = Clock(TimeControl(base=s.minutes * 60, moves=s.moves, margin=float("inf")))
        self.peer_clock = s.minutes * 60
        self.last_score: int | None = None
        self.stop_code = 1 if s.stop_after else 0

    def finish(self, winner: int | None, reason: str, result: str | None = None) -> DxpGame:
        game = self.game
        game.winner, game.reason, game.finished = winner, reason, True
        game.result = result or self.board.rules.result_text(winner)
        game.moves = [mv.hub() for mv in self.board.move_stack[self.base_ply:]]
        return game

    async def end_game(self, winner: int | None, why: str) -> DxpGame:
        """Send GAMEEND with our reason code for ``winner``, wait for the confirmation."""
        code = 2 if winner is None else 3 if winner == self.s.my_color else 1
        await self.conn.send(m.GameEnd(code, self.stop_code))
        with contextlib.suppress(DxpError):
            while True:
                reply = await self.conn.receive(self.s.end_wait, "the GAMEEND confirmation")
                if isinstance(reply, m.GameEnd):
                    self.game.peer_stop = reply.stop == 1
                    break
        return self.finish(winner, why)

    async def chat(self, text: str) -> None:
        with contextlib.suppress(DxpMessageError):
            await self.conn.send(m.Chat(text[:126]))

    def state(self) -> tuple[Outcome | None, bool]:
        """The game's outcome by the rules, and whether the agreed number of moves is played."""
        s = self.s
        return self.board.outcome(), bool(s.moves) and self.board.ply - self.base_ply >= 2 * s.moves

    async def my_turn(self) -> DxpGame | None:
        """End the game if it is over (by the rules or the move count), else play our move."""
        s, board = self.s, self.board
        outcome, at_limit = self.state()
        if outcome is not None:
            return await self.end_game(outcome.winner, outcome.reason)
        if at_limit:
            winner = None
            if self.last_score is not None and abs(self.last_score) >= ADJUDICATE_MEN * 100:
                winner = s.my_color if self.last_score > 0 else 1 - s.my_color
            why = f"all {s.moves} moves completed"
            await self.chat(f"gameend sent due to {why}")
            return await self.end_game(winner, why)
        pm = await asyncio.to_thread(self.player.play, board.copy(), self.clock)
        self.clock.charge(s.my_color, pm.seconds)
        self.last_score = pm.score if pm.win_in is None else (10_000 if pm.win_in > 0 else -10_000)
        await self.conn.send(move_message(pm.move, pm.seconds))
        board.push(pm.move)
        return None

    async def peer_turn(self) -> DxpGame | None:
        """Wait for the peer's message and act on it."""
        s = self.s
        outcome, at_limit = self.state()
        over = outcome is not None or at_limit
        winner = outcome.winner if outcome is not None else None
        why = outcome.reason if outcome is not None else f"all {s.moves} moves completed"
        wait = s.end_wait if over else max(self.peer_clock, 0.0) + s.peer_grace
        started = time.perf_counter()
        try:
            msg = await self.conn.receive(wait, "the peer's move")
        except DxpError:
            if not over:
                raise
            return await self.end_game(winner, why)  # the peer did not end the finished game
        self.peer_clock -= time.perf_counter() - started
        if isinstance(msg, m.Move) and over:
            # the peer plays on in a finished game (it may not know the draw rules)
            await self.chat(f"the game is over: {why}")
            return await self.end_game(winner, f"{why} ({s.peer_name} played on)")
        if isinstance(msg, m.Move):
            return await self.peer_move(msg)
        if isinstance(msg, m.GameEnd):
            return await self.peer_ends(msg, outcome, at_limit)
        if isinstance(msg, m.BackRequest):
            await self.conn.send(m.BackAccept(0 if _take_back(self.board, self.base_ply, msg) else 1))
            return None
        if isinstance(msg, m.BackAccept):
            return None
        raise DxpError(f"DXP peer {self.conn.peer} sent {type(msg).__name__} during a game")

    async def peer_move(self, msg: m.Move) -> DxpGame | None:
        """Play the peer's move; an illegal one loses the game."""
        move = find_move(self.board, msg)
        if move is None:
            why = f"illegal move {_describe(msg)} by {self.s.peer_name} in {self.board.fen()}"
            self.log(why)
            await self.chat(why)
            return await self.end_game(self.s.my_color, why)
        self.board.push(move)
        return None

    async def peer_ends(self, msg: m.GameEnd, outcome: Outcome | None, at_limit: bool) -> DxpGame:
        """The peer's GAMEEND: confirm it and record the result it gives."""
        s = self.s
        self.game.peer_stop = msg.stop == 1
        await self.conn.send(m.GameEnd(0, self.stop_code))
        if msg.reason == 1:
            return self.finish(s.my_color, f"{s.peer_name} gave up")
        if msg.reason == 3:
            note = "" if outcome is not None else " (not over by the rules)"
            return self.finish(1 - s.my_color, f"{s.peer_name} claimed the win{note}")
        if msg.reason == 2:
            return self.finish(None, outcome.reason if outcome and outcome.winner is None
                               else f"draw declared by {s.peer_name}")
        if outcome is not None:
            return self.finish(outcome.winner, outcome.reason)
        if at_limit:
            return self.finish(None, f"all {s.moves} moves completed")
        return self.finish(None, f"ended by {s.peer_name} without a result", "*")


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


__all__ = ["ADJUDICATE_MEN", "DxpGame", "GameSettings", "find_move", "move_message", "play_game"]
