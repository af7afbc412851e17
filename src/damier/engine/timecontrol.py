"""Search limits and the time manager: how long to think about one move.

This module owns :class:`Limit` (what the caller allows: a fixed time, depth or node count,
and/or the game clocks) and :func:`allocate`, which turns a limit into a soft deadline (do
not start another depth after it), an extended one (the same while the best move is not
settled) and a hard deadline (abort the search at it). Clock handling covers sudden death,
moves-in-time (``moves_to_go``) and Fischer increments.

The allocation on a clock, in full (``docs/engine.md`` has the measurements):

* the *share* of a move is the time left (less :data:`SAFETY`) over the moves to go plus one
  (:data:`SUDDEN_DEATH_MOVES` in sudden death), plus 80% of the increment;
* the soft deadline is the share; while the last completed depth changed the best move or
  dropped its score by :data:`UNSETTLED_DROP` or more, new depths may start until
  :data:`EXTEND` shares (:meth:`Budget.stop_after`);
* the hard deadline is five shares; none of the three is more than 40% of the time left
  (80% on the last move before a control).

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
EXTEND = 2.5
"""Shares a clock move may use before no new depth is started while its best move is not
settled (a new best move, or a falling score, at the last completed depth)."""
UNSETTLED_DROP = 20
"""Centi-men the best score may fall from one depth to the next and still count as settled."""


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
    extended: float = 0.0
    """No new depth after it even while the best move is unsettled (``0.0``: the soft
    deadline holds in every case, as for fixed move times)."""

    def stop_after(self, elapsed: float, settled: bool) -> bool:
        """Whether to start no new depth ``elapsed`` seconds in, the best move ``settled``
        or not (see :func:`settled`).

        >>> b = Budget(soft=1.0, hard=5.0, extended=2.5)
        >>> b.stop_after(0.5, True), b.stop_after(1.2, True)
        (False, True)
        >>> b.stop_after(1.2, False), b.stop_after(2.6, False)
        (False, True)
        """
        limit = self.soft if settled or not self.extended else self.extended
        return bool(limit) and elapsed >= limit

    def capped(self, cap: float) -> Budget:
        """The budget with no deadline later than ``cap`` seconds (a level's longest move)."""
        return Budget(min(self.soft, cap) if self.soft else cap, min(self.hard, cap) if self.hard else cap,
                      min(self.extended, cap) if self.extended else 0.0)


def settled(previous: tuple[object, int] | None, best: tuple[object, int]) -> bool:
    """Whether a depth's ``(best move, score)`` confirms the previous depth's: the same move,
    the score fallen by less than :data:`UNSETTLED_DROP`.

    >>> settled(("32-28", 10), ("32-28", -5)), settled(("32-28", 10), ("32-28", -10))
    (True, False)
    >>> settled(("32-28", 10), ("33-28", 40)), settled(None, ("32-28", 0))
    (False, False)
    """
    return previous is not None and previous[0] == best[0] and best[1] > previous[1] - UNSETTLED_DROP


def allocate(limit: Limit, turn: int) -> Budget:
    """The time budget of one move for the side ``turn``.

    Fixed time: the hard deadline is the limit less a small safety, the soft one 85% of it
    (a new depth usually takes longer than all the previous ones together). Clocks: an even
    share of the time left over the moves to go (30 assumed in sudden death) plus most of
    the increment, never more than 40% of the time left (80% on the last move before the
    control); the soft deadline is the share, the extended one 2.5 shares, the hard one five
    shares, all within that cap.

    >>> allocate(Limit(time=1.0), 0)
    Budget(soft=0.85, hard=0.97, extended=0.0)
    >>> allocate(Limit(time=0.2), 0)
    Budget(soft=0.17, hard=0.19, extended=0.0)
    >>> b = allocate(Limit(white_clock=60.0, increment=1.0), 0)
    >>> round(b.soft, 3), round(b.extended, 3), round(b.hard, 3)
    (2.735, 6.836, 13.673)
    """
    soft = hard = extended = 0.0
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
        if limit.time is None:   # a fixed move time is kept as it is
            extended = max(c_soft, min(cap, share * EXTEND))
        hard = min(hard, c_hard) if hard else c_hard
        soft = min(soft, c_soft) if soft else c_soft
    return Budget(soft, hard, min(extended, hard))


__all__ = ["Budget", "Limit", "allocate", "settled"]
