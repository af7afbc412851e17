"""An engine in a game under a clock: :class:`TimeControl`, :class:`Clock` and :class:`Player`.

Matches (:mod:`damier.protocol.match`), DXP games (:mod:`damier.protocol.dxp.dxp_game`) and
anything else that plays engines against each other keep each side's time with a
:class:`Clock` under a :class:`TimeControl` and ask a :class:`Player` for its moves;
:func:`engine_limit` turns the clock into the engine layer's
:class:`~damier.engine.timecontrol.Limit`. A move that is not legal raises
:class:`~damier.protocol.errors.IllegalEngineMove`. This module must not decide results or
start engines.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from damier.core.board import Board
from damier.core.errors import excerpt
from damier.core.move import Move
from damier.engine.api import EngineLike
from damier.engine.timecontrol import Limit
from damier.protocol.errors import IllegalEngineMove, MatchError


@dataclass(frozen=True)
class TimeControl:
    """Per-game time (``base`` seconds, ``increment``, ``moves`` per period) or a fixed
    per-move limit (``depth``, ``nodes``, ``move_time``). ``margin`` seconds of lateness are
    forgiven before a loss on time (process start-up and a loaded machine)."""

    base: float | None = None
    increment: float = 0.0
    moves: int = 0
    depth: int | None = None
    nodes: int | None = None
    move_time: float | None = None
    margin: float = 2.0

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``60`` (s, sudden death), ``60+0.5`` (Fischer), ``40/60`` or ``40/60+1`` (moves in
        s), ``depth=4``, ``nodes=20000``, ``movetime=0.2``."""
        t = text.strip().lower()
        try:
            for key, fld in (("depth=", "depth"), ("nodes=", "nodes")):
                if t.startswith(key):
                    value = int(t[len(key):])
                    if value <= 0:
                        raise ValueError
                    return cls(**{fld: value})
            if t.startswith("movetime="):
                mt = float(t[len("movetime="):])
                if not 0 < mt < math.inf:
                    raise ValueError
                return cls(move_time=mt)
            moves = 0
            if "/" in t:
                m, t = t.split("/", 1)
                moves = int(m)
            base, _, inc = t.partition("+")
            tc = cls(base=float(base), increment=float(inc or 0), moves=moves)
        except ValueError:
            raise MatchError(f"bad time control {excerpt(text)} (examples: 60, 60+0.5, 40/60, "
                             "depth=4, nodes=20000, movetime=0.2)") from None
        if tc.base is None or not 0 < tc.base < math.inf or not 0 <= tc.increment < math.inf \
                or tc.moves < 0:  # 'not 0 < x': NaN is refused too
            raise MatchError(f"bad time control {excerpt(text)}: times must be positive and "
                             "finite")
        return tc

    @property
    def timed(self) -> bool:
        return self.base is not None

    def describe(self) -> str:
        """The PDN-ish TimeControl text."""
        if self.depth is not None:
            return f"depth={self.depth}"
        if self.nodes is not None:
            return f"nodes={self.nodes}"
        if self.move_time is not None:
            return f"movetime={self.move_time:g}"
        period = f"{self.moves}/" if self.moves else ""
        inc = f"+{self.increment:g}" if self.increment else ""
        return f"{period}{self.base:g}{inc}"


class Clock:
    """Both sides' remaining time under a :class:`TimeControl`."""

    def __init__(self, tc: TimeControl) -> None:
        self.tc = tc
        base = tc.base or 0.0
        self.remaining = [base, base]
        self.moves_made = [0, 0]

    def moves_to_go(self, color: int) -> int | None:
        if not self.tc.moves:
            return None
        return self.tc.moves - self.moves_made[color] % self.tc.moves

    def charge(self, color: int, seconds: float) -> bool:
        """Subtract a move's time; ``False`` if the side has lost on time."""
        if not self.tc.timed:
            return True
        self.remaining[color] -= seconds
        if self.remaining[color] < -self.tc.margin:
            return False
        self.remaining[color] = max(self.remaining[color], 0.0) + self.tc.increment
        self.moves_made[color] += 1
        if self.tc.moves and self.moves_made[color] % self.tc.moves == 0:
            self.remaining[color] += self.tc.base or 0.0
        return True


@dataclass
class PlayerMove:
    """A player's move and what it thought of the position (centi-men, side to move)."""

    move: Move
    score: int | None = None
    win_in: int | None = None
    depth: int | None = None
    seconds: float = 0.0


def engine_limit(board: Board, clock: Clock) -> Limit:
    """The engine-layer limit of the side to move under ``clock``'s time control."""
    tc = clock.tc
    if not tc.timed:
        return Limit(depth=tc.depth, nodes=tc.nodes, time=tc.move_time)
    return Limit(white_clock=clock.remaining[0], black_clock=clock.remaining[1],
                 increment=tc.increment, moves_to_go=clock.moves_to_go(board.turn))


class Player:
    """An engine in a game: asks it for moves under the clock and checks them."""

    def __init__(self, engine: EngineLike) -> None:
        self.engine = engine
        self._name = ""

    @property
    def name(self) -> str:
        """The engine's name (a DXP engine tells it with its first GAMEACC), or the one
        given by :meth:`rename`."""
        return self._name or self.engine.name

    def rename(self, name: str) -> None:
        self._name = name

    def new_game(self) -> None:
        self.engine.new_game()

    def play(self, board: Board, clock: Clock) -> PlayerMove:
        """The engine's move (timed); :class:`IllegalEngineMove` if it is not legal."""
        start = time.perf_counter()
        result = self.engine.play(board.copy(), engine_limit(board, clock))
        seconds = time.perf_counter() - start
        move = result.move
        if move is None or move not in board.legal_moves:
            raise IllegalEngineMove(f"{self.name} returned {move!s} which is not a legal move")
        info = result.info
        return PlayerMove(move, info.score if info else None, info.win_in if info else None,
                          info.depth if info else None, seconds)

    def close(self) -> None:
        self.engine.quit()


__all__ = ["Clock", "Player", "PlayerMove", "TimeControl", "engine_limit"]
