"""Time controls of a game: reading one, the time left, charging a move, the flag.

A game's clocks live in its stored row: the milliseconds left to each side when its turn
began (``clock_white``, ``clock_black``) and the wall-clock time the current turn began
(``turn_started``). Time is charged when a move is made (:func:`charge`, Fischer increment
from the second ply on; with a ``delay`` in the time control, a simple delay: each turn's
first ``delay`` seconds are free); a clock that runs out is noticed on the next request
(:func:`check_flag`) and ends the game. After an undo the clocks are read back from the
moves kept (:func:`restore`).

This module must not commit to the store or notify anyone: callers do that under the
session's lock.
"""

from __future__ import annotations

import time
from typing import Any

from damier.core.board import Board
from damier.core.colors import BLACK, WHITE, color_name
from damier.web.errors import WebError
from damier.web.services.game_session import Session, apply_ending, find_move, set_result
from damier.web.storage.game_store import Store


def now() -> float:
    """The wall-clock time every clock of the web app reads (one place, so tests can set it)."""
    return time.time()


def parse_time_control(tc: Any) -> dict[str, Any] | None:
    """``None``, ``"5+3"`` (minutes + seconds) or ``{"initial": s, "increment": s}``.

    >>> parse_time_control("5+3")
    {'initial': 300.0, 'increment': 3.0}
    >>> parse_time_control(None) is None
    True
    """
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
                            "\"increment\": 3}", "bad_time_control") from None
    if not (1 <= initial <= 6 * 3600) or not (0 <= increment <= 600):
        raise WebError(422, "time_control out of range (initial 1 s to 6 h, increment 0-600 s)",
                       "bad_time_control")
    return {"initial": initial, "increment": increment}


def time_left(s: Session, color: int, now: float) -> int:
    """Milliseconds left to ``color`` at ``now`` (its clock runs while it is to move, after
    the time control's delay, if any)."""
    row = s.row
    left = row.clock_white if color == WHITE else row.clock_black
    assert left is not None
    if row.turn_started is not None and s.board.turn == color and s.outcome() is None:
        delay = float((row.time_control or {}).get("delay", 0.0))
        left -= int(max(0.0, now - row.turn_started - delay) * 1000)
    return left


def engine_clocks(s: Session) -> tuple[tuple[int, int] | None, float]:
    """What the engine is told of the clocks as it starts to think: the milliseconds left to
    White and to Black now, and the increment in seconds (``(None, 0.0)`` without a time
    control)."""
    if s.row.time_control is None:
        return None, 0.0
    now_ = now()
    return (time_left(s, WHITE, now_), time_left(s, BLACK, now_)), s.row.time_control["increment"]


def clocks_json(s: Session) -> dict[str, Any] | None:
    """Both clocks (milliseconds) and the side whose clock runs, or ``None`` without clock."""
    if s.row.time_control is None:
        return None
    now_ = now()
    running = s.row.turn_started is not None and s.outcome() is None
    return {
        "white": max(0, time_left(s, WHITE, now_)),
        "black": max(0, time_left(s, BLACK, now_)),
        "running": color_name(s.board.turn) if running else None,
    }


def charge(s: Session, now: float) -> int | None:
    """Charge the side to move for the move it is making: its clock after the move.

    Call before pushing the move; the next turn starts at ``now`` (see :func:`start_turn`).
    """
    row = s.row
    if row.time_control is None:
        return None
    mover = s.board.turn
    left = time_left(s, mover, now)
    clock = int(left + row.time_control["increment"] * 1000) if s.board.ply else left
    if mover == WHITE:
        row.clock_white = clock
    else:
        row.clock_black = clock
    return clock


def start_turn(s: Session, now: float) -> None:
    """The next turn starts at ``now`` (nothing without a time control)."""
    if s.row.time_control is not None:
        s.row.turn_started = now


def check_flag(s: Session) -> bool:
    """End the game if the clock of the side to move has run out; whether it did now."""
    row = s.row
    if row.time_control is None or row.turn_started is None or s.outcome() is not None:
        return False
    turn = s.board.turn
    if time_left(s, turn, now()) > 0:
        return False
    if turn == WHITE:
        row.clock_white = 0
    else:
        row.clock_black = 0
    row.ending = {"kind": "time", "color": turn}
    apply_ending(s)
    set_result(row, s.outcome())
    return True


def restore(s: Session, store: Store) -> None:
    """Read the clocks back from the stored moves after an undo (before they are dropped)."""
    row = s.row
    if row.time_control is None:
        return
    moves = store.moves(row.id)
    initial = int(row.time_control["initial"] * 1000)
    clocks = {WHITE: initial, BLACK: initial}
    replay = Board(row.variant, row.start_fen)
    for m in moves[: s.board.ply]:
        if m.clock is not None:
            clocks[replay.turn] = m.clock
        replay.push(find_move(replay, m))
    row.clock_white, row.clock_black = clocks[WHITE], clocks[BLACK]
    row.turn_started = now() if s.board.ply else None
