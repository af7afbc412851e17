"""Players of engine games: damier's own engine in-process, or any Hub engine process.

An :class:`EngineSpec` is a small picklable description (what a worker process or a Dask
worker receives); :meth:`EngineSpec.create` builds the :class:`Player` in the process that
plays. Specs are written on the command line as:

* ``damier`` or ``damier:level=N`` (``damier:N`` for short; ``name=X`` renames it) — damier's
  engine, in-process;
* ``hub:COMMAND`` or any other text — a command line that starts a Hub engine
  (``"damier hub --level 3"``, ``"/opt/scan/scan hub"``); its ``variant`` parameter is set
  to the match's variant when it offers one.

:class:`TimeControl` (``--time``, ``--depth``, ``--nodes``, ``--movetime``) and
:class:`Clock` keep each side's time. This module must not decide results; see ``game``.
"""

from __future__ import annotations

import shlex
import time
from dataclasses import dataclass
from typing import Any, Protocol

from damier.core.board import Board
from damier.core.colors import WHITE
from damier.core.errors import DamierError
from damier.core.move import Move
from damier.protocol.errors import MatchError


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
                if mt <= 0:
                    raise ValueError
                return cls(move_time=mt)
            moves = 0
            if "/" in t:
                m, t = t.split("/", 1)
                moves = int(m)
            base, _, inc = t.partition("+")
            tc = cls(base=float(base), increment=float(inc or 0), moves=moves)
        except ValueError:
            raise MatchError(f"bad time control {text!r} (examples: 60, 60+0.5, 40/60, "
                             "depth=4, nodes=20000, movetime=0.2)") from None
        if tc.base is None or tc.base <= 0 or tc.increment < 0 or tc.moves < 0:
            raise MatchError(f"bad time control {text!r}: times must be positive")
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


class Player(Protocol):
    """What a game needs from an engine."""

    name: str

    def new_game(self) -> None: ...

    def play(self, board: Board, clock: Clock) -> PlayerMove: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class EngineSpec:
    """A picklable description of a player (see the module docstring)."""

    kind: str
    name: str
    level: int = 10
    command: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> EngineSpec:
        t = text.strip()
        if not t:
            raise MatchError("empty engine spec")
        if t == "damier" or t.startswith("damier:"):
            level, name = 10, ""
            for item in filter(None, t[len("damier:"):].split(",")) if ":" in t else []:
                key, eq, value = item.partition("=")
                if not eq:
                    key, value = "level", key
                if key == "level":
                    if not value.isdigit() or not 1 <= int(value) <= 10:
                        raise MatchError(f"engine {text!r}: level must be 1..10, not {value!r}")
                    level = int(value)
                elif key == "name":
                    name = value
                else:
                    raise MatchError(f"engine {text!r}: unknown setting {key!r} (level, name)")
            return cls("damier", name or f"damier-{level}", level)
        command = t[4:] if t.startswith("hub:") else t
        try:
            argv = tuple(shlex.split(command))
        except ValueError as e:
            raise MatchError(f"engine {text!r}: {e}") from None
        if not argv:
            raise MatchError(f"engine {text!r}: empty command")
        return cls("hub", command, 10, argv)

    def create(self, variant: str) -> Player:
        """Build the player in this process."""
        if self.kind == "damier":
            return LocalEnginePlayer(self.name, variant, self.level)
        return HubPlayer(self.name, variant, self.command)


def _engine_limit(board: Board, clock: Clock) -> Any:
    from damier.protocol.hub.server import make_limit

    tc = clock.tc
    if not tc.timed:
        return make_limit(depth=tc.depth, nodes=tc.nodes, time=tc.move_time)
    return make_limit(
        white_clock=clock.remaining[0], black_clock=clock.remaining[1],
        increment=tc.increment or None, moves_to_go=clock.moves_to_go(board.turn),
    )


class LocalEnginePlayer:
    """damier's engine in this process."""

    def __init__(self, name: str, variant: str, level: int) -> None:
        from damier.protocol.hub.server import new_engine

        self.name = name
        self.variant = variant
        self.level = level
        self.engine = new_engine(variant, level)

    def new_game(self) -> None:
        from damier.protocol.hub.server import new_engine

        self.engine = new_engine(self.variant, self.level)

    def play(self, board: Board, clock: Clock) -> PlayerMove:
        start = time.perf_counter()
        result = self.engine.play(board.copy(), _engine_limit(board, clock))
        seconds = time.perf_counter() - start
        info = result.info
        move = result.move
        if move is None or move not in board.legal_moves:
            raise MatchError(f"{self.name} returned no legal move")
        return PlayerMove(move, getattr(info, "score", None), getattr(info, "win_in", None),
                          getattr(info, "depth", None), seconds)

    def close(self) -> None:
        pass


class HubPlayer:
    """A Hub engine process driven by :class:`~damier.protocol.hub.client.SimpleHubEngine`."""

    def __init__(self, name: str, variant: str, command: tuple[str, ...]) -> None:
        from damier.protocol.hub.client import SimpleHubEngine
        from damier.protocol.hub.server import HUB_VARIANTS

        self.engine = SimpleHubEngine.start(list(command))
        try:
            self.engine.hub()
            offered = self.engine.client.params.get("variant", {}).get("values", "").split()
            hub_name = next((h for h, n in HUB_VARIANTS.items() if n == variant), variant)
            if offered:
                value = hub_name if hub_name in offered else variant
                if value not in offered:
                    raise MatchError(f"engine {name!r} does not offer variant {variant!r}")
                self.engine.set_param("variant", value)
            elif variant != "international":
                raise MatchError(f"engine {name!r} has no variant parameter for {variant!r}")
            self.engine.init()
        except BaseException:
            self.engine.quit(1.0)
            raise
        self.name = self.engine.id.get("name", name)
        if self.engine.id.get("version"):
            self.name += " " + self.engine.id["version"]

    def new_game(self) -> None:
        self.engine.new_game()

    def play(self, board: Board, clock: Clock) -> PlayerMove:
        from damier.protocol.hub.client import HubLimit

        tc = clock.tc
        if tc.timed:
            limit = HubLimit(time=clock.remaining[board.turn], inc=tc.increment or None,
                             moves=clock.moves_to_go(board.turn))
            timeout = clock.remaining[board.turn] + tc.increment + tc.margin + 10.0
        else:
            limit = HubLimit(depth=tc.depth, nodes=tc.nodes, move_time=tc.move_time)
            timeout = 600.0
        start = time.perf_counter()
        result = self.engine.search(board, limit, timeout=timeout)
        seconds = time.perf_counter() - start
        try:
            move = board.parse_move(result.move)
        except DamierError as e:
            raise IllegalEngineMove(f"{self.name} played {result.move!r}: {e}") from None
        info = result.info
        score = round(info.score * 100) if info is not None and info.score is not None else None
        win_in = None
        if score is not None and abs(score) >= 9900:
            win_in = (1 if score > 0 else -1) * max(1, round(9999 - abs(score)))
        return PlayerMove(move, score, win_in, info.depth if info else None, seconds)

    def close(self) -> None:
        self.engine.quit()


class IllegalEngineMove(MatchError):
    """An engine answered with a move that is not legal (it loses the game)."""


def side_name(color: int) -> str:
    return "White" if color == WHITE else "Black"
