"""The web app's door to the engine: blocking calls meant to run in a worker thread.

The engine (:mod:`damier.engine`) is pure Python and CPU-bound, so the server never calls it
on the event loop: the game service runs :meth:`EngineBridge.choose` and
:meth:`EngineBridge.analyse` in a small thread pool and passes results back to the loop.
When the engine package is not importable (it is an optional layer), moves fall back to a
random legal move and analysis reports that it is unavailable, so the rest of the app keeps
working.

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

LEVEL_SECONDS = (0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2, 2.0, 3.0, 5.0)
"""Thinking time per move for levels 1..10 when no clock is running."""


def engine_module() -> Any | None:
    """The :mod:`damier.engine` module, or ``None`` if it cannot be imported."""
    try:
        import damier.engine as eng
    except Exception:  # noqa: BLE001 - any failure means "no engine"
        return None
    if not all(hasattr(eng, n) for n in ("BuiltinEngine", "Limit")):
        return None
    return eng


def move_seconds(level: int, remaining_ms: int | None, increment_s: float) -> float:
    """Time to think for one move: the level's time, capped by the clock if one runs."""
    t = LEVEL_SECONDS[max(1, min(10, level)) - 1]
    if remaining_ms is not None:
        budget = remaining_ms / 1000 / 30 + increment_s * 0.6
        t = min(t, max(0.02, budget))
    return t


class Thinker:
    """One engine instance for one game or one analysis session (not shared across threads).

    It speaks to the engine only through :class:`~damier.engine.api.EngineLike` (``play``,
    ``analyse``, ``stop``): the built-in engine by default, or any engine ``factory(variant,
    level)`` builds (an external Hub or DXP engine)."""

    def __init__(
        self, variant: str, level: int, factory: Callable[[str, int], Any] | None = None
    ) -> None:
        self.variant = variant
        self.level = level
        self.factory = factory
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

    def choose(self, board: Board, seconds: float) -> Move:
        """The engine's move in ``board`` (blocking). Falls back to a random legal move."""
        self._stopped.clear()
        moves = list(board.legal_moves)
        if not moves:
            raise ValueError("no legal move")
        engine = self._get()
        if engine is None or len(moves) == 1:
            return moves[0] if len(moves) == 1 else random.choice(moves)
        eng = engine_module()
        assert eng is not None
        result = engine.play(board, eng.Limit(time=seconds))
        move: Move | None = getattr(result, "move", None)
        if move is None or move not in moves:
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
        eng = engine_module()
        assert eng is not None
        turn = board.turn
        for info in engine.analyse(board.copy(), eng.Limit(time=seconds), multipv):
            if self._stopped.is_set():
                break
            on_info(info_to_json(board, info, turn))
        on_info({"done": True})

    def stop(self) -> None:
        """Ask a running search to stop (thread-safe)."""
        self._stopped.set()
        if self._engine is not None:
            with contextlib.suppress(Exception):  # stopping is best effort
                self._engine.stop()


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
    }
