"""Search limits and the time manager: how long to think about one move.

This module owns :class:`Limit` (what the caller allows: a fixed time, depth or node count,
and/or the game clocks) and :func:`allocate`, which turns a limit into a soft deadline (do
not start another depth after it) and a hard deadline (abort the search at it). Clock
handling covers sudden death, moves-in-time (``moves_to_go``) and Fischer increments.

This module must not search or look at the board beyond the side to move.
"""

from __future__ import annotations

from dataclasses import dataclass

SAFETY = 0.03
"""Seconds kept in hand for the caller's overhead (building the reply, I/O); at most 5% of a
fixed move time, since the overhead is a few milliseconds (the search looks at the clock
every 256 nodes) and a short move time would otherwise lose a large share of itself."""
SOFT_SHARE = 0.85
"""Share of a fixed move time after which no new depth is started (an unfinished depth
still counts when it found a better first move)."""
SUDDEN_DEATH_MOVES = 30
"""Moves still to play assumed when the clock has no ``moves_to_go``."""


@dataclass(frozen=True)
class Limit:
    """How long a search may run. Every field is optional; the first limit reached stops.

    * ``time``: seconds for this move (a fixed move time);
    * ``depth``: the last depth to complete (plies, not counting extensions);
    * ``nodes``: a node budget (searches with the same budget are reproducible);
    * ``white_clock``/``black_clock``: the time left on each clock in seconds,
      ``increment``: the Fischer increment per move, ``moves_to_go``: moves until the next
      time control (``None``: sudden death).

    With no field set the search runs until :meth:`~damier.engine.Engine.stop`.
    """

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None
    white_clock: float | None = None
    black_clock: float | None = None
    increment: float = 0.0
    moves_to_go: int | None = None

    def clock(self, turn: int) -> float | None:
        """The time left of the side to move (``turn`` 0 = White), if clocks are given."""
        return self.white_clock if turn == 0 else self.black_clock


@dataclass(frozen=True)
class Budget:
    """Deadlines in seconds from the start of the search (``0.0`` = none)."""

    soft: float
    hard: float


def allocate(limit: Limit, turn: int) -> Budget:
    """The time budget of one move for the side ``turn``.

    Fixed time: the hard deadline is the limit less a small safety, the soft one 85% of it
    (a new depth usually takes longer than all the previous ones together). Clocks: an even
    share of the time left over the moves to go (30 assumed in sudden death) plus most of
    the increment, never more than 40% of the time left (80% on the last move before the
    control); the soft deadline is the share, the hard one five times the share within that cap.

    >>> allocate(Limit(time=1.0), 0)
    Budget(soft=0.85, hard=0.97)
    >>> allocate(Limit(time=0.2), 0)
    Budget(soft=0.17, hard=0.19)
    >>> b = allocate(Limit(white_clock=60.0, increment=1.0), 0)
    >>> round(b.soft, 3), round(b.hard, 3)
    (2.735, 13.673)
    """
    soft = hard = 0.0
    if limit.time is not None:
        t = max(0.001, limit.time)
        hard = max(0.001, t - min(SAFETY, 0.05 * t))
        soft = SOFT_SHARE * t
    left = limit.clock(turn)
    if left is not None:
        left = max(0.0, left - SAFETY)
        inc = max(0.0, limit.increment)
        mtg = limit.moves_to_go if limit.moves_to_go else SUDDEN_DEATH_MOVES
        share = left / (mtg + 1) + 0.8 * inc
        cap = left * (0.8 if limit.moves_to_go == 1 else 0.4)
        share = min(share, cap)
        c_hard = max(0.005, min(cap, share * 5))
        c_soft = max(0.003, share)
        hard = min(hard, c_hard) if hard else c_hard
        soft = min(soft, c_soft) if soft else c_soft
    return Budget(soft, hard)


__all__ = ["Budget", "Limit", "allocate"]
