"""Game review: an engine's verdict on every move of a game.

:func:`review_game` searches every position of the game once (the start, and after each
move) and compares, for each move, the mover's prospects before and after it. Prospects
are an *expected score* between 0 (lost) and 1 (won) read off the engine's score ``s`` in
centi-men from the mover's side (:func:`expected_score`):

    E(s) = 1 / (1 + exp(-s / 200))            a forced win is 1, a forced loss 0

so one man up (``s = 100``) is worth 0.62, two men 0.73. The *loss* of a move is
``E(before) - E(after)`` (never below 0: a deeper look after the move may find more than the
search before it did). A move is marked (thresholds :data:`MARKS`, in expected score):

============  =========  ==========================================================
mark          loss ≥     from a level position, about
============  =========  ==========================================================
inaccuracy    0.06       half a man given away
mistake       0.12       a man
blunder       0.22       two men, or a won game let go (a win to a draw loses 0.5)
============  =========  ==========================================================

Working in expected score rather than centi-men means that dropping a man in a position
already lost by five is not called a blunder, while throwing away a forced win always is.
The engine's own best move is never marked, nor is a move that was the only legal one. A
marked move carries the better move (the engine's choice in the position before it) and
its line.

Each position is searched with one :class:`~damier.engine.Limit` (a few tenths of a second
or a depth); positions are searched from the last to the first, so that the engine's table,
kept between the searches of a timed review, already knows the positions that follow.

This module must not know about HTTP, threads or storage: the caller passes a stop flag and
a progress callback, and keeps the result.

>>> from damier import Board
>>> from damier.engine import BuiltinEngine, Limit
>>> board = Board(fen="W:W24,28,34,35,40,50:B5,13,15,18,19,20")
>>> board.push("50-45")  # misses the shot 35-30 20x29 34x12 (five men for one)
Move('50-45')
>>> first = review_game(board, BuiltinEngine(level=10), Limit(depth=4))[0]
>>> first.mark, first.best
('blunder', '35-30')
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from damier.core.board import Board
from damier.core.colors import WHITE, color_name
from damier.core.move import Move
from damier.engine import EngineLike, Info, Limit

SCALE = 200.0
"""Centi-men of score that move the expected score from 0.5 to 0.73 (about 2 men)."""

MARKS = (("blunder", 0.22), ("mistake", 0.12), ("inaccuracy", 0.06))
"""Marks by the least loss of expected score that earns them (worst first)."""


def expected_score(score: int | None, win_in: int | None) -> float:
    """The mover's prospects, 0 (lost) to 1 (won), from an engine score of its side.

    >>> expected_score(0, None), round(expected_score(100, None), 2), expected_score(5, 7)
    (0.5, 0.62, 1.0)
    """
    if win_in is not None:
        return 1.0 if win_in > 0 else 0.0
    if score is None:
        return 0.5
    return 1.0 / (1.0 + math.exp(-max(-4000, min(4000, score)) / SCALE))


def mark_of(loss: float) -> str | None:
    """The mark a loss of expected score earns (see :data:`MARKS`)."""
    for name, least in MARKS:
        if loss >= least:
            return name
    return None


@dataclass
class Verdict:
    """The engine's view of one position: its score for the side to move and best line."""

    score: int | None
    win_in: int | None
    pv: list[Move] = field(default_factory=list)
    depth: int = 0

    def expected(self) -> float:
        return expected_score(self.score, self.win_in)


@dataclass
class PlyReview:
    """The review of one move (``ply`` 1 is the first move of the game).

    ``score``/``win_in`` are the position after the move from White's side (centi-men;
    plies to a forced win, negative when Black wins); ``best`` is the engine's move in the
    position before (``None`` when the game had no choice to make) with ``best_line``;
    ``loss`` the mover's loss of expected score; ``mark`` ``None``, ``"inaccuracy"``,
    ``"mistake"`` or ``"blunder"``.
    """

    ply: int
    move: str
    color: str
    score: int | None
    win_in: int | None
    best: str | None
    best_line: list[str]
    loss: float
    mark: str | None
    depth: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Cancelled(Exception):
    """The review was stopped before it finished."""


def verdict(board: Board, engine: EngineLike, limit: Limit) -> Verdict:
    """The engine's score and line for the side to move of ``board`` (a finished game is
    scored by its result: the side to move lost, won or drew)."""
    out = board.outcome()
    if out is not None:
        if out.winner is None:
            return Verdict(0, None)
        return Verdict(None, 1 if out.winner == board.turn else -1)
    last: Info | None = None
    for info in engine.analyse(board, limit, 1):
        if info.multipv == 1:
            last = info
    if last is None:
        return Verdict(None, None)
    return Verdict(last.score, last.win_in, list(last.pv), last.depth)


def review_game(
    board: Board,
    engine: EngineLike,
    limit: Limit,
    progress: Callable[[int, int], None] | None = None,
    stop: threading.Event | None = None,
) -> list[PlyReview]:
    """Review the moves on ``board``'s stack (see the module docstring).

    ``progress(done, total)`` is called after every position searched; setting ``stop``
    raises :class:`Cancelled` (a running search is ended through ``engine.stop()`` by the
    caller)."""
    moves = board.move_stack
    boards = [Board(board.rules, position=board.start_position)]
    for mv in moves:
        nxt = boards[-1].copy()
        nxt.push(mv)
        boards.append(nxt)
    total = len(boards)
    verdicts: list[Verdict | None] = [None] * total
    for done, i in enumerate(reversed(range(total)), 1):
        if stop is not None and stop.is_set():
            raise Cancelled
        verdicts[i] = verdict(boards[i], engine, limit)
        if stop is not None and stop.is_set():
            raise Cancelled
        if progress is not None:
            progress(done, total)
    return [_ply_review(boards[i], moves[i], verdicts[i], verdicts[i + 1], i + 1)
            for i in range(len(moves))]


def _ply_review(before: Board, move: Move, v0: Verdict | None, v1: Verdict | None,
                ply: int) -> PlyReview:
    assert v0 is not None and v1 is not None
    mover = before.turn
    choices = len(before.legal_moves)
    best = v0.pv[0] if v0.pv and choices > 1 else None
    after_mover = expected_score(-v1.score if v1.score is not None else None,
                                 -v1.win_in if v1.win_in is not None else None)
    loss = 0.0 if best is None or best == move else max(0.0, v0.expected() - after_mover)
    white_side = 1 if mover != WHITE else -1  # v1 is from the side to move after the move
    return PlyReview(
        ply=ply,
        move=before.notation(move),
        color=color_name(mover),
        score=None if v1.score is None else white_side * v1.score,
        win_in=None if v1.win_in is None else white_side * v1.win_in,
        best=before.notation(best) if best is not None else None,
        best_line=_line(before, v0.pv) if best is not None else [],
        loss=round(loss, 4),
        mark=mark_of(loss),
        depth=v0.depth,
    )


def _line(board: Board, pv: list[Move]) -> list[str]:
    b = Board(board.rules, position=board.position)
    out = []
    for mv in pv:
        if mv not in b.legal_moves:
            break
        out.append(b.notation(mv))
        b.push(mv)
    return out


def summary(plies: list[PlyReview]) -> dict[str, dict[str, float]]:
    """Per side: the number of each mark and the average loss (in expected score)."""
    out: dict[str, dict[str, float]] = {}
    for side in ("white", "black"):
        mine = [p for p in plies if p.color == side]
        counts: dict[str, float] = {name: sum(1 for p in mine if p.mark == name)
                                    for name, _ in MARKS}
        counts["average_loss"] = round(sum(p.loss for p in mine) / len(mine), 4) if mine else 0.0
        out[side] = counts
    return out


__all__ = ["MARKS", "SCALE", "Cancelled", "PlyReview", "Verdict", "expected_score", "mark_of",
           "review_game", "summary", "verdict"]
