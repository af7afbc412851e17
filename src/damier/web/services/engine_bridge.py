"""The web app's door to the engine: blocking calls meant to run in a worker thread.

The engine (:mod:`damier.engine`) is pure Python and CPU-bound, so the server never calls it
on the event loop: the game service runs :meth:`EngineBridge.choose` and
:meth:`EngineBridge.analyse` in a small thread pool and passes results back to the loop.
When the engine package is not importable (it is an optional layer), moves fall back to a
random legal move and analysis reports that it is unavailable, so the rest of the app keeps
working.

An external engine (one of :mod:`damier.web.services.engine_registry`) that fails — its process exits, hangs
past its wait, sends garbage or ``error``, or plays a move that is not legal — never hands
the caller a move of its own choosing: :meth:`Thinker.choose` closes it and raises
:class:`EngineFailed` with the reason (the game service lets damier's engine play on), and
:meth:`Thinker.analyse` reports ``{"error": ..., "code": "engine_failed", "engine": ...,
"reason": ..., "done": true}``.

How long the engine thinks (:func:`move_limit`): in a game with a clock it gets both sides'
time left and the increment, and its own time manager (:mod:`damier.engine.timecontrol`;
for an external engine, what its protocol carries of them) shares the time out as in a
match; without a clock the level sets a fixed time per move (:data:`LEVEL_SECONDS`).

This module must not touch HTTP, the store or the event loop.
"""

from __future__ import annotations

import contextlib
import random
import threading
from collections.abc import Callable
from typing import Any

from damier.core.board import Board
from damier.core.move import Move
from damier.engine.timecontrol import Limit

LEVEL_SECONDS = (0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2.0, 3.0, 5.0)
"""Thinking time per move for levels 1..10 in a game without a clock."""


def engine_module() -> Any | None:
    """The :mod:`damier.engine` module, or ``None`` if it cannot be imported."""
    try:
        import damier.engine as eng
    except Exception:  # noqa: BLE001 - any failure means "no engine"
        return None
    if not all(hasattr(eng, n) for n in ("BuiltinEngine", "Limit")):
        return None
    return eng


def move_limit(level: int, clocks_ms: tuple[int, int] | None = None,
               increment: float = 0.0) -> Limit:
    """The search limit of the engine's move in a game at ``level``.

    With a clock, ``clocks_ms`` is the time left to White and to Black in milliseconds (the
    mover's as of now) and ``increment`` the Fischer increment in seconds: the engine gets
    them all and decides itself (the built-in engine's time manager, within its level's
    depth and time caps; a Hub engine gets the mover's time and the increment, a DXP engine
    the game time). Without a clock the level's time per move.

    >>> move_limit(3) == Limit(time=0.2)
    True
    >>> limit = move_limit(10, (61_500, -20), 3.0)
    >>> limit.time, limit.white_clock, limit.black_clock, limit.increment
    (None, 61.5, 0.0, 3.0)
    """
    if clocks_ms is None:
        return Limit(time=LEVEL_SECONDS[max(1, min(10, level)) - 1])
    white, black = (max(0, ms) / 1000 for ms in clocks_ms)
    return Limit(white_clock=white, black_clock=black, increment=max(0.0, increment))


class EngineFailed(Exception):
    """An external engine failed during a search; ``reason`` says how (its process is closed).

    >>> str(EngineFailed("scan", "it exited (exit status 139)"))
    'engine scan failed: it exited (exit status 139)'
    """

    def __init__(self, engine: str, reason: str) -> None:
        super().__init__(f"engine {engine} failed: {reason}")
        self.engine = engine
        self.reason = reason


class Thinker:
    """One engine instance for one game or one analysis session (not shared across threads).

    It speaks to the engine only through :class:`~damier.engine.api.EngineLike` (``play``,
    ``analyse``, ``stop``): the built-in engine by default, or any engine ``factory(variant,
    level)`` builds (an external Hub or DXP engine: ``external``, called ``name``)."""

    def __init__(
        self, variant: str, level: int, factory: Callable[[str, int], Any] | None = None,
        name: str = "damier", external: bool = False,
    ) -> None:
        self.variant = variant
        self.level = level
        self.factory = factory
        self.name = name
        self.external = external
        self._engine: Any | None = None
        self._stopped = threading.Event()
        self._lock = threading.Lock()

    def _get(self) -> Any | None:
        eng = engine_module()
        if eng is None:
            return None
        with self._lock:
            if self._engine is None:
                make = self.factory or (lambda v, lv: eng.BuiltinEngine(v, level=lv))
                self._engine = make(self.variant, self.level)
            return self._engine

    def choose(self, board: Board, limit: Limit) -> Move:
        """The engine's move in ``board`` under ``limit`` (blocking; see :func:`move_limit`).
        Falls back to a random legal move."""
        self._stopped.clear()
        moves = list(board.legal_moves)
        if not moves:
            raise ValueError("no legal move")
        engine = self._get()
        if engine is None or len(moves) == 1:
            return moves[0] if len(moves) == 1 else random.choice(moves)
        try:
            result = engine.play(board, limit)
        except Exception as e:
            if not self.external:
                raise
            self.close()
            raise EngineFailed(self.name, failure_reason(e)) from None
        move: Move | None = getattr(result, "move", None)
        if move is None or move not in moves:
            if self.external:
                self.close()
                raise EngineFailed(self.name, f"it played {move!s}, which is not legal here")
            return random.choice(moves)
        return move

    def analyse(
        self,
        board: Board,
        on_info: Callable[[dict[str, Any]], None],
        seconds: float = 60.0,
        multipv: int = 1,
    ) -> None:
        """Stream the engine's search of ``board`` to ``on_info`` until done or :meth:`stop`."""
        self._stopped.clear()
        engine = self._get()
        if engine is None:
            on_info({"error": "the engine is not available"})
            return
        turn = board.turn
        try:
            with contextlib.closing(
                    engine.analyse(board.copy(), Limit(time=seconds), multipv)) as infos:
                for info in infos:
                    if self._stopped.is_set():
                        break
                    on_info(info_to_json(board, info, turn))
        except Exception as e:
            if not self.external:
                raise
            asked_to_stop = self._stopped.is_set()
            self.close()
            if not asked_to_stop:
                failed = EngineFailed(self.name, failure_reason(e))
                on_info({"error": str(failed), "code": "engine_failed", "engine": self.name,
                         "reason": failed.reason, "done": True})
                return
        on_info({"done": True})

    def stop(self) -> None:
        """Ask a running search to stop (thread-safe)."""
        self._stopped.set()
        if self._engine is not None:
            with contextlib.suppress(Exception):  # stopping is best effort
                self._engine.stop()

    def abort(self) -> None:
        """End a search that does not stop: an external engine's process is killed (its
        search then fails at once in its own thread); the built-in engine is asked to stop."""
        self.stop()
        kill = getattr(self._engine, "abort", None)
        if kill is not None:
            with contextlib.suppress(Exception):
                kill()

    def close(self) -> None:
        """Release the engine without waiting (an external process is closed; it starts
        again if this thinker is asked again)."""
        self.stop()
        if self.external and self._engine is not None:
            with contextlib.suppress(Exception):
                self._engine.quit()


def failure_reason(error: BaseException) -> str:
    """What went wrong with an external engine, for the player: the protocol layer's message
    (which names the engine's command, its exit status and last output) or the error type.

    >>> failure_reason(TimeoutError())
    'TimeoutError'
    """
    text = str(error).strip()
    return text[:500] if text else type(error).__name__


def info_to_json(board: Board, info: Any, turn: int) -> dict[str, Any]:
    """An engine ``Info`` as JSON; ``score_white`` is from White's point of view."""
    score = getattr(info, "score", None)
    win_in = getattr(info, "win_in", None)
    pv: list[Move] = list(getattr(info, "pv", None) or [])
    line: list[str] = []
    b = board.copy()
    for mv in pv:
        try:
            line.append(b.notation(mv))
            b.push(mv)
        except Exception:  # noqa: BLE001 - a stale PV ends the line
            break
    white_score = None
    if score is not None:
        white_score = score if turn == 0 else -score
    return {
        "depth": getattr(info, "depth", None),
        "score": score,
        "score_white": white_score,
        "win_in": win_in,
        "pv": line,
        "nodes": getattr(info, "nodes", None),
        "nps": getattr(info, "nps", None),
        "time": getattr(info, "time", None),
        "ply": board.ply,
        "fen": board.fen(),
        "multipv": getattr(info, "multipv", 1),
        "egdb": egdb_json(getattr(info, "egdb", None), turn),
    }


def egdb_json(value: Any, turn: int) -> dict[str, Any] | None:
    """The endgame database's value (a :class:`~damier.engine.egdb.TableValue` for the side
    to move ``turn``) as ``{"result": "white" | "black" | "draw", "plies": n}``: who wins, in
    how many plies; ``None`` when the database does not know the position."""
    if value is None:
        return None
    if value.result == "draw":
        return {"result": "draw", "plies": None}
    mover_wins = value.result == "win"
    white_wins = mover_wins == (turn == 0)
    return {"result": "white" if white_wins else "black", "plies": value.plies}
