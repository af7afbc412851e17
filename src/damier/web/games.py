"""The game service: live games in memory, every change saved to the store at once.

A :class:`Session` is one game: its :class:`~damier.core.board.Board` (rebuilt from the
store by replaying the saved moves), its stored row, an :class:`asyncio.Lock` that
serializes every change to it (two requests for one game never interleave), a version
number, and the queues of the WebSocket clients watching it. :class:`GameService` creates,
loads, changes and lists games, and plays the engine's moves: the engine thinks in a worker
thread *without* holding the lock; its move is applied only if the game has not changed in
the meantime (same version), so an undo or a resignation during the search is safe.

Rules come only from the core; errors a client can cause are :class:`WebError` (an HTTP
status and a message). This module must not know about HTTP requests or JSON parsing.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from damier.core.board import Board
from damier.core.colors import BLACK, WHITE, color_name, opponent
from damier.core.draws import Outcome
from damier.core.errors import AmbiguousMoveError, DamierError
from damier.core.move import Move
from damier.core.variants import get_variant
from damier.web import pdn_io
from damier.web.engine_bridge import Thinker, move_seconds
from damier.web.state import game_state, history_entry, pieces_string, summary
from damier.web.store import GameRow, MoveRow, Store

PLAYERS = ("human", "engine")
CACHE_SIZE = 512


class WebError(Exception):
    """An error the client caused: HTTP ``status`` and a readable ``message``."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


@dataclass
class Session:
    """One live game (see the module docstring)."""

    row: GameRow
    board: Board
    positions: list[str]
    notations: list[str] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    """The JSON of the moves played (kept in step with the board, see ``state``)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0
    thinking: bool = False
    time_outcome: Outcome | None = None
    engine_task: asyncio.Task[None] | None = None
    thinker: Thinker | None = None
    listeners: set[asyncio.Queue[dict[str, Any]]] = field(default_factory=set)

    def player(self, color: int) -> str:
        return self.row.white if color == WHITE else self.row.black

    def outcome(self) -> Outcome | None:
        return self.time_outcome or self.board.outcome()

    def humans(self) -> list[int]:
        return [c for c in (WHITE, BLACK) if self.player(c) == "human"]


def parse_time_control(tc: Any) -> dict[str, Any] | None:
    """``None``, ``"5+3"`` (minutes + seconds) or ``{"initial": s, "increment": s}``."""
    if tc is None or tc == "" or tc == "none":
        return None
    try:
        if isinstance(tc, str):
            mins, _, inc = tc.partition("+")
            initial, increment = float(mins) * 60, float(inc or 0)
        elif isinstance(tc, dict):
            initial, increment = float(tc["initial"]), float(tc.get("increment", 0))
        else:
            raise TypeError
    except (TypeError, ValueError, KeyError):
        raise WebError(422, "time_control must be like \"5+3\" or {\"initial\": 300, "
                            "\"increment\": 3}") from None
    if not (1 <= initial <= 6 * 3600) or not (0 <= increment <= 600):
        raise WebError(422, "time_control out of range (initial 1 s to 6 h, increment 0-600 s)")
    return {"initial": initial, "increment": increment}


class GameService:
    """Creates, loads, changes and lists games (see the module docstring)."""

    def __init__(self, store: Store, engine_threads: int = 2) -> None:
        self.store = store
        self.sessions: OrderedDict[int, Session] = OrderedDict()
        self.pool = ThreadPoolExecutor(max_workers=engine_threads, thread_name_prefix="engine")

    def close(self) -> None:
        for s in self.sessions.values():
            if s.thinker is not None:
                s.thinker.stop()
        self.pool.shutdown(wait=False, cancel_futures=True)

    # -- loading ---------------------------------------------------------------------------

    def _load(self, gid: int) -> Session:
        s = self.sessions.get(gid)
        if s is not None:
            self.sessions.move_to_end(gid)
            return s
        row = self.store.get_game(gid)
        if row is None:
            raise WebError(404, f"no game with id {gid}")
        board = Board(row.variant, row.start_fen)
        s = Session(row, board, [pieces_string(board)])
        for m in self.store.moves(gid):
            mv = _find_move(board, m)
            s.history.append(history_entry(board, mv, m.notation))
            board.push(mv)
            s.positions.append(pieces_string(board))
            s.notations.append(m.notation)
        _apply_ending(s)
        self.sessions[gid] = s
        while len(self.sessions) > CACHE_SIZE:
            old_id, old = next(iter(self.sessions.items()))
            if old.lock.locked() or old.listeners or old.thinking:
                break
            del self.sessions[old_id]
        return s

    async def get(self, gid: int) -> Session:
        """The live game ``gid`` (404 if unknown); a running clock that fell ends the game."""
        s = self._load(gid)
        if self._check_flag(s):
            async with s.lock:
                self._save(s)
            await self.notify(s)
        self.schedule_engine(s)  # e.g. the server stopped while the engine was thinking
        return s

    def state(self, s: Session) -> dict[str, Any]:
        """The JSON state of a game (see :func:`damier.web.state.game_state`)."""
        return game_state(s, self.clocks(s))

    def list_games(self, limit: int = 100, offset: int = 0) -> list[dict[str, Any]]:
        return [summary(r) for r in self.store.list_games(limit, offset)]

    # -- creating --------------------------------------------------------------------------

    async def create(
        self,
        variant: str = "international",
        fen: str | None = None,
        white: str = "human",
        black: str = "human",
        level: int = 3,
        time_control: Any = None,
        tags: dict[str, str] | None = None,
    ) -> Session:
        for who in (white, black):
            if who not in PLAYERS:
                raise WebError(422, f"players are 'human' or 'engine', not {who!r}")
        if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 10:
            raise WebError(422, "level must be an integer from 1 to 10")
        try:
            rules = get_variant(variant)
            board = Board(rules, fen)
        except DamierError as e:
            raise WebError(422, str(e)) from None
        tc = parse_time_control(time_control)
        ms = int(tc["initial"] * 1000) if tc else None
        row = GameRow(
            id=0, variant=rules.name, start_fen=board.fen(), white=white, black=black,
            level=level, time_control=tc, clock_white=ms, clock_black=ms, turn_started=None,
            ending=None, draw_offer=None, tags=dict(tags or {}),
        )
        _set_result(row, board.outcome())
        gid = self.store.create_game(row)
        s = Session(row, board, [pieces_string(board)])
        self.sessions[gid] = s
        self.schedule_engine(s)
        return s

    # -- changing --------------------------------------------------------------------------

    async def play(self, s: Session, text: str, wait: bool = False) -> None:
        """Play the move ``text`` for the side to move (a human); the engine answers."""
        async with s.lock:
            self._check_flag(s)
            self._check_open(s)
            if s.player(s.board.turn) != "human":
                raise WebError(409, f"it is the engine's turn ({color_name(s.board.turn)})")
            try:
                move = s.board.parse_move(text)
            except AmbiguousMoveError as e:
                raise WebError(422, str(e), candidates=e.candidates) from None
            except DamierError as e:
                raise WebError(422, str(e)) from None
            self._push(s, move)
        await self.notify(s)
        self.schedule_engine(s)
        if wait:
            await self.wait_engine(s)

    def _push(self, s: Session, move: Move) -> None:
        board, row = s.board, s.row
        mover = board.turn
        text = board.notation(move)
        now = time.time()
        clock = None
        if row.time_control is not None:
            left = self._clock_left(s, mover, now)
            clock = int(left + row.time_control["increment"] * 1000) if board.ply else left
            if mover == WHITE:
                row.clock_white = clock
            else:
                row.clock_black = clock
        s.history.append(history_entry(board, move, text))
        board.push(move)
        s.positions.append(pieces_string(board))
        s.notations.append(text)
        if row.time_control is not None:
            row.turn_started = now
        row.draw_offer = None
        row.ply = board.ply
        _set_result(row, s.outcome())
        self._save(s, add=[MoveRow(
            ply=board.ply - 1, from_sq=move.from_square, to_sq=move.to_square,
            captured=move.captured, huff=move.huff, notation=text, clock=clock, at=now,
        )])

    def _save(self, s: Session, add: list[MoveRow] | None = None, drop_from: int | None = None) -> None:
        s.version += 1
        self.store.save(s.row, add=add, drop_from=drop_from)

    async def undo(self, s: Session) -> None:
        """Take back the last move; against the engine, back to the human's previous turn."""
        async with s.lock:
            board = s.board
            if s.thinker is not None:
                s.thinker.stop()
            s.thinking = False
            count = 0
            probe = board.copy()
            while probe.ply:
                probe.pop()
                count += 1
                if s.player(probe.turn) == "human" or not s.humans():
                    break
            if count == 0 or (s.humans() and s.player(probe.turn) != "human"):
                raise WebError(409, "there is no move of yours to take back")
            for _ in range(count):
                board.pop()
                s.positions.pop()
                s.notations.pop()
                s.history.pop()
            s.time_outcome = None
            row = s.row
            row.ending = None
            row.draw_offer = None
            row.ply = board.ply
            self._restore_clocks(s)
            _set_result(row, s.outcome())
            self._save(s, drop_from=board.ply)
        await self.notify(s)
        self.schedule_engine(s)

    async def resign(self, s: Session, color: str | None) -> None:
        async with s.lock:
            self._check_flag(s)
            self._check_open(s)
            c = self._actor(s, color)
            s.board.resign(c)
            s.row.ending = {"kind": "resign", "color": c}
            self._finish(s)
        await self.notify(s)

    async def draw(self, s: Session, action: str, color: str | None) -> str:
        """``offer``, ``accept``, ``decline`` or ``claim`` a draw; returns what happened."""
        if action not in ("offer", "accept", "decline", "claim"):
            raise WebError(422, "action must be offer, accept, decline or claim")
        async with s.lock:
            self._check_flag(s)
            self._check_open(s)
            row, board = s.row, s.board
            c = self._actor(s, color, prefer_offer_target=action in ("accept", "decline"))
            message = ""
            if action == "claim":
                try:
                    board.claim_draw()
                except DamierError as e:
                    raise WebError(409, str(e)) from None
                row.ending = {"kind": "claim"}
                message = "draw claimed"
            elif action == "offer":
                other = opponent(c)
                if s.player(other) == "engine":
                    if self._engine_accepts(s, other):
                        board.agree_draw()
                        row.ending = {"kind": "agreement"}
                        message = "the engine accepts the draw"
                    else:
                        message = "the engine declines the draw"
                else:
                    row.draw_offer = c
                    message = f"{color_name(c)} offers a draw"
            else:
                if row.draw_offer is None or row.draw_offer == c:
                    raise WebError(409, "there is no draw offer to answer")
                if action == "accept":
                    board.agree_draw()
                    row.ending = {"kind": "agreement"}
                    message = "draw agreed"
                else:
                    message = "draw declined"
                row.draw_offer = None
            self._finish(s)
        await self.notify(s, message)
        return message

    async def huff(self, s: Session, square: Any, text: str | None, wait: bool = False) -> None:
        """Czech traditional: huff the piece on ``square``, then play ``text``."""
        if not s.board.rules.huffing:
            raise WebError(422, f"huffing is not a rule of {s.board.rules.name}")
        if not isinstance(square, int | str) or isinstance(square, bool) or not str(square):
            raise WebError(422, "square must name the piece to huff")
        if not text:
            raise WebError(422, "move must give the move to play after the huff")
        await self.play(s, f"h{square},{text}", wait=wait)

    def _finish(self, s: Session) -> None:
        _set_result(s.row, s.outcome())
        if s.thinker is not None and s.outcome() is not None:
            s.thinker.stop()
        self._save(s)

    def _actor(self, s: Session, color: str | None, prefer_offer_target: bool = False) -> int:
        if color is not None:
            if color not in ("white", "black"):
                raise WebError(422, "color must be white or black")
            c = WHITE if color == "white" else BLACK
            if s.player(c) != "human":
                raise WebError(409, f"{color} is played by the engine")
            return c
        if prefer_offer_target and s.row.draw_offer is not None:
            return opponent(s.row.draw_offer)
        humans = s.humans()
        if len(humans) == 1:
            return humans[0]
        if not humans:
            raise WebError(409, "both sides are engines")
        return s.board.turn

    def _check_open(self, s: Session) -> None:
        out = s.outcome()
        if out is not None:
            raise WebError(409, f"the game is over: {out}")

    def _engine_accepts(self, s: Session, color: int) -> bool:
        return s.board.can_claim_draw() is not None or len(s.board.legal_moves) == 0

    # -- clocks ----------------------------------------------------------------------------

    def _clock_left(self, s: Session, color: int, now: float) -> int:
        row = s.row
        left = row.clock_white if color == WHITE else row.clock_black
        assert left is not None
        if row.turn_started is not None and s.board.turn == color and s.outcome() is None:
            left -= int((now - row.turn_started) * 1000)
        return left

    def clocks(self, s: Session) -> dict[str, Any] | None:
        if s.row.time_control is None:
            return None
        now = time.time()
        running = s.row.turn_started is not None and s.outcome() is None
        return {
            "white": max(0, self._clock_left(s, WHITE, now)),
            "black": max(0, self._clock_left(s, BLACK, now)),
            "running": color_name(s.board.turn) if running else None,
        }

    def _check_flag(self, s: Session) -> bool:
        """End the game if the clock of the side to move has run out; whether it did now."""
        row = s.row
        if row.time_control is None or row.turn_started is None or s.outcome() is not None:
            return False
        turn = s.board.turn
        if self._clock_left(s, turn, time.time()) > 0:
            return False
        if turn == WHITE:
            row.clock_white = 0
        else:
            row.clock_black = 0
        row.ending = {"kind": "time", "color": turn}
        _apply_ending(s)
        _set_result(row, s.outcome())
        return True

    def _restore_clocks(self, s: Session) -> None:
        row = s.row
        if row.time_control is None:
            return
        initial = int(row.time_control["initial"] * 1000)
        clocks = {WHITE: initial, BLACK: initial}
        replay = Board(row.variant, row.start_fen)
        for m in self.store.moves(row.id)[: s.board.ply]:
            if m.clock is not None:
                clocks[replay.turn] = m.clock
            replay.push(_find_move(replay, m))
        row.clock_white, row.clock_black = clocks[WHITE], clocks[BLACK]
        row.turn_started = time.time() if s.board.ply else None

    # -- engine ----------------------------------------------------------------------------

    def schedule_engine(self, s: Session) -> None:
        """Start the engine's turn if it is to move and not already thinking."""
        if s.outcome() is not None or s.player(s.board.turn) != "engine":
            return
        if s.engine_task is not None and not s.engine_task.done():
            return
        s.engine_task = asyncio.get_running_loop().create_task(self._engine_turns(s))

    async def wait_engine(self, s: Session) -> None:
        task = s.engine_task
        if task is not None:
            await asyncio.shield(task)

    async def _engine_turns(self, s: Session) -> None:
        loop = asyncio.get_running_loop()
        while True:
            async with s.lock:
                if self._check_flag(s):
                    self._save(s)
                    break
                if s.outcome() is not None or s.player(s.board.turn) != "engine":
                    break
                board = s.board.copy()
                version = s.version
                if s.thinker is None:
                    s.thinker = Thinker(s.row.variant, s.row.level)
                thinker = s.thinker
                remaining = None
                inc = 0.0
                if s.row.time_control is not None:
                    remaining = self._clock_left(s, board.turn, time.time())
                    inc = s.row.time_control["increment"]
                seconds = move_seconds(s.row.level, remaining, inc)
                s.thinking = True
            await self.notify(s)
            try:
                move = await loop.run_in_executor(self.pool, thinker.choose, board, seconds)
            except Exception:  # noqa: BLE001 - a failing engine must not kill the game
                move = next(iter(board.legal_moves))
            async with s.lock:
                s.thinking = False
                if s.version != version:
                    continue  # the game changed meanwhile: look again whose turn it is
                self._push(s, move)
            await self.notify(s)
        s.thinking = False
        await self.notify(s)

    # -- watching --------------------------------------------------------------------------

    async def notify(self, s: Session, message: str = "") -> None:
        """Send the game's state to every WebSocket client watching it."""
        if not s.listeners:
            return
        msg = {"type": "state", "game": self.state(s)}
        if message:
            msg["message"] = message
        for q in list(s.listeners):
            if q.qsize() > 50:
                continue
            q.put_nowait(msg)

    # -- PDN -------------------------------------------------------------------------------

    def export_pdn(self, s: Session) -> str:
        out = s.outcome()
        tags = dict(s.row.tags)
        tags.setdefault("White", "damier engine" if s.row.white == "engine" else "human")
        tags.setdefault("Black", "damier engine" if s.row.black == "engine" else "human")
        tags.setdefault("Date", time.strftime("%Y.%m.%d", time.gmtime(s.row.created)))
        return pdn_io.export_pdn(s.board, tags, out.result if out else "*")

    async def import_pdn(self, text: str) -> tuple[list[Session], list[dict[str, Any]]]:
        """Store every game of ``text``; returns the games and the per-game errors."""
        sessions: list[Session] = []
        errors: list[dict[str, Any]] = []
        try:
            games = pdn_io.import_pdn(text)
        except (DamierError, ValueError, LookupError) as e:
            raise WebError(422, f"cannot read the PDN: {e}") from None
        if not games:
            raise WebError(422, "no game found in the PDN text")
        for n, g in enumerate(games, 1):
            errors.extend({"game": n, "error": e} for e in g.errors)
            board = g.board
            if board is None:
                continue
            replay = Board(board.rules, position=board.start_position)
            rows: list[MoveRow] = []
            for mv in board.move_stack:
                rows.append(MoveRow(replay.ply, mv.from_square, mv.to_square, mv.captured,
                                    mv.huff, replay.notation(mv)))
                replay.push(mv)
            row = GameRow(
                id=0, variant=board.rules.name, start_fen=board.start_fen(), white="human",
                black="human", level=3, time_control=None, clock_white=None, clock_black=None,
                turn_started=None, ending=None, draw_offer=None, tags=g.tags, ply=replay.ply,
            )
            _set_result(row, replay.outcome())
            self.store.create_game(row, rows)
            s = Session(row, replay, _replay_positions(replay), [m.notation for m in rows])
            s.history = _replay_history(replay, s.notations)
            self.sessions[row.id] = s
            sessions.append(s)
        return sessions, errors


def _find_move(board: Board, m: MoveRow) -> Move:
    captured = sorted(m.captured)
    for mv in board.legal_moves:
        if (mv.from_square == m.from_sq and mv.to_square == m.to_sq
                and sorted(mv.captured) == captured and mv.huff == m.huff):
            return mv
    return board.parse_move(m.notation)


def _replay_history(board: Board, notations: list[str]) -> list[dict[str, Any]]:
    replay = Board(board.rules, position=board.start_position)
    out = []
    for mv, text in zip(board.move_stack, notations, strict=True):
        out.append(history_entry(replay, mv, text))
        replay.push(mv)
    return out


def _replay_positions(board: Board) -> list[str]:
    replay = Board(board.rules, board.start_fen())
    out = [pieces_string(replay)]
    for mv in board.move_stack:
        replay.push(mv)
        out.append(pieces_string(replay))
    return out


def _apply_ending(s: Session) -> None:
    end = s.row.ending
    if not end or s.outcome() is not None:
        return
    board = s.board
    kind = end.get("kind")
    try:
        if kind == "resign":
            board.resign(int(end["color"]))
        elif kind == "agreement":
            board.agree_draw()
        elif kind == "claim":
            board.claim_draw()
        elif kind == "time":
            loser = int(end["color"])
            winner = opponent(loser)
            s.time_outcome = Outcome(winner, f"{color_name(loser)} lost on time",
                                     board.rules.result_text(winner))
    except DamierError:
        pass


def _set_result(row: GameRow, out: Outcome | None) -> None:
    row.result = out.result if out else None
    row.reason = out.reason if out else None
