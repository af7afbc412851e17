"""What a player does to a game: a move (with or without a huff), undo, resignation.

Each action runs under the session's lock, checks that it is allowed now (the game is open,
it is this player's turn, the move is legal: the core decides), changes the board and the
stored row, and commits (:func:`damier.web.services.game_session.save`). :func:`push` is the one way a
move enters a game, for the human and for the engine. Draw offers are in
:mod:`damier.web.services.draw_offers`.

This module must not notify watchers or start the engine: the game service does that after
the lock is released.
"""

from __future__ import annotations

from typing import Any

from damier.core.colors import BLACK, WHITE, color_name, opponent
from damier.core.errors import AmbiguousMoveError, DamierError
from damier.core.move import Move
from damier.web.errors import WebError, reasons
from damier.web.services import game_clock
from damier.web.services.game_session import Session, is_record, save, set_result
from damier.web.storage.game_store import MoveRow, Store


def push(store: Store, s: Session, move: Move) -> None:
    """Play the legal ``move`` for the side to move: clocks, history, row, commit."""
    board, row = s.board, s.row
    text = board.notation(move)
    now = game_clock.now()
    clock_after = game_clock.charge(s, now)
    s.play(move, text)
    game_clock.start_turn(s, now)
    row.draw_offer = None
    row.ply = board.ply
    set_result(row, s.outcome())
    save(store, s, add=[MoveRow(
        ply=board.ply - 1, from_sq=move.from_square, to_sq=move.to_square,
        captured=move.captured, huff=move.huff, notation=text, clock=clock_after, at=now,
    )])


async def play(store: Store, s: Session, text: str) -> None:
    """Play the move ``text`` for the side to move, which must be a human."""
    async with s.lock:
        game_clock.check_flag(s)
        check_open(s)
        if s.player(s.board.turn) != "human":
            raise WebError(409, f"it is the engine's turn ({color_name(s.board.turn)})",
                           "engine_turn")
        push(store, s, parse_played(s, text))


def parse_played(s: Session, text: str) -> Move:
    """The legal move that ``text`` names in the game's position; 422 saying why not
    (``ambiguous_move`` with the candidates, ``illegal_move`` with the core's reason)."""
    try:
        return s.board.parse_move(text)
    except AmbiguousMoveError as e:
        raise WebError(422, str(e), "ambiguous_move", move=text, candidates=e.candidates) from None
    except DamierError as e:
        raise WebError(422, str(e), "illegal_move", move=text, **reasons(e)) from None


def huff_move(s: Session, square: Any, text: str | None) -> str:
    """Czech traditional: the move text that huffs the piece on ``square``, then plays ``text``."""
    if not s.board.rules.huffing:
        raise WebError(422, f"huffing is not a rule of {s.board.rules.name}", "no_huffing")
    if not isinstance(square, int | str) or isinstance(square, bool) or not str(square):
        raise WebError(422, "square must name the piece to huff", "huff_square_missing")
    if not text:
        raise WebError(422, "move must give the move to play after the huff", "huff_move_missing")
    return f"h{square},{text}"


async def undo(store: Store, s: Session) -> None:
    """Take back the last move; against the engine, back to the human's previous turn."""
    async with s.lock:
        board = s.board
        if is_record(s):
            raise WebError(409, "a finished game record is read-only: continue from here as "
                                "a new game", "record_read_only")
        if s.outcome() is not None:
            raise WebError(409, f"the game is over ({s.outcome()}): a finished game is read-only; "
                                "continue from here as a new game", "finished_read_only")
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
            raise WebError(409, "there is no move of yours to take back", "nothing_to_undo")
        for _ in range(count):
            s.take_back()
        s.time_outcome = None
        row = s.row
        row.ending = None
        row.draw_offer = None
        row.ply = board.ply
        game_clock.restore(s, store)
        set_result(row, s.outcome())
        save(store, s, drop_from=board.ply)


async def resign(store: Store, s: Session, color: str | None) -> None:
    """``color`` (default: the human side, see :func:`actor`) resigns."""
    async with s.lock:
        game_clock.check_flag(s)
        check_open(s)
        c = actor(s, color)
        s.board.resign(c)
        s.row.ending = {"kind": "resign", "color": c}
        finish(store, s)


def finish(store: Store, s: Session) -> None:
    """Commit a change that may have ended the game (stopping the engine's search and
    closing an external engine's process if so)."""
    set_result(s.row, s.outcome())
    if s.thinker is not None and s.outcome() is not None:
        s.thinker.close()
    save(store, s)


def actor(s: Session, color: str | None, prefer_offer_target: bool = False) -> int:
    """The human side acting: ``color`` if given, else the only human, else the side to move."""
    if color is not None:
        if color not in ("white", "black"):
            raise WebError(422, "color must be white or black", "bad_color")
        c = WHITE if color == "white" else BLACK
        if s.player(c) != "human":
            raise WebError(409, f"{color} is played by the engine",
                           "engine_plays_white" if c == WHITE else "engine_plays_black")
        return c
    if prefer_offer_target and s.row.draw_offer is not None:
        return opponent(s.row.draw_offer)
    humans = s.humans()
    if len(humans) == 1:
        return humans[0]
    if not humans:
        raise WebError(409, "both sides are engines", "both_engines")
    return s.board.turn


def check_open(s: Session) -> None:
    """409 if the game is over."""
    out = s.outcome()
    if out is not None:
        raise WebError(409, f"the game is over: {out}", "game_over")
