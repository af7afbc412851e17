"""Puzzles in the web app: the puzzle database, moves checked, hints, scores and streaks.

:class:`PuzzleService` holds one :class:`~damier.analysis.puzzledb.PuzzleStore` (a SQLite
file beside the games database unless ``$DAMIER_PUZZLES_DB`` names one); the default
puzzles that ship with damier are imported on first use. A solver's move is judged by
:func:`damier.analysis.puzzle.check_move` against the solution and, when it differs, by the
engine (in a worker thread, one engine per variant, a second at most), so that an equally
winning move is accepted. The first result of a player on a puzzle is recorded (a wrong move,
the solution asked for, or the puzzle solved, with or without hints). The server keeps no
attempt state: the page sends the step (the index of the solver's move in the solution) with
each move.

This module must not know about HTTP.
"""

from __future__ import annotations

import asyncio
import os
import threading
from typing import Any

from damier.analysis.puzzle import MoveCheck, Puzzle, check_move
from damier.analysis.puzzledb import PuzzleImport, PuzzleStore
from damier.core.errors import AmbiguousMoveError, DamierError
from damier.core.userdata import beside
from damier.core.variants import get_variant
from damier.engine import BuiltinEngine, Limit
from damier.web.errors import WebError, reasons
from damier.web.services.json_views import move_json, position_json

CHECK_LIMIT = Limit(time=1.0, depth=14)
"""How long the engine may judge a move that is not the solution's."""


def puzzles_path(games_db: str | os.PathLike[str]) -> str:
    """``$DAMIER_PUZZLES_DB``, else ``puzzles.sqlite3`` beside the games database."""
    return beside(games_db, "puzzles.sqlite3", "DAMIER_PUZZLES_DB")


def puzzle_json(p: Puzzle) -> dict[str, Any]:
    """A puzzle as the page gets it (without its solution)."""
    return {"id": p.id, "variant": p.variant, "fen": p.fen, "side": p.side, "steps": p.steps,
            "title": p.title, "source": p.source, "kind": p.kind,
            "position": position_json(p.board())}


class PuzzleService:
    """The puzzles of one web app (see the module docstring)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._store: PuzzleStore | None = None
        self._engines: dict[str, tuple[BuiltinEngine, threading.Lock]] = {}
        self._open_lock = threading.Lock()

    def close(self) -> None:
        for engine, _lock in self._engines.values():
            engine.stop()
        if self._store is not None:
            self._store.close()

    def store(self) -> PuzzleStore:
        """The database (opened, and the default puzzles imported, on first use)."""
        with self._open_lock:
            if self._store is None:
                store = PuzzleStore(self.path)
                store.import_default()
                self._store = store
            return self._store

    async def opened(self) -> PuzzleStore:
        """:meth:`store`, from the event loop (opening may import the default puzzles)."""
        return await asyncio.to_thread(self.store)

    async def find(self, pid: int) -> Puzzle:
        found = (await self.opened()).get(pid)
        if found is None:
            raise WebError(404, f"no puzzle with id {pid}", "puzzle_not_found")
        return found

    async def next(self, variant: str, player: str) -> dict[str, Any]:
        """The next puzzle of ``variant`` that ``player`` has not met."""
        name = _variant(variant)
        store = await self.opened()
        found = store.next(name, player)
        if found is None:
            if not store.count(name):
                raise WebError(404, f"there are no puzzles for {name}", "no_puzzles",
                               variant=name)
            raise WebError(404, f"every puzzle of {name} has been met", "puzzles_done",
                           variant=name)
        return {**puzzle_json(found), "rating": store.puzzle_rating(found.id),
                "stats": store.stats(player)}

    async def move(self, pid: int, step: Any, text: Any, player: str, hints: Any
                   ) -> dict[str, Any]:
        """Judge the solver's move (see the module docstring)."""
        p = await self.find(pid)
        solver_step(p, step)
        if not isinstance(text, str) or not text.strip() or len(text) > 400:
            raise WebError(422, 'give the move, e.g. {"move": "32-28", "step": 0}',
                           "move_missing")
        used = hints if isinstance(hints, int) and not isinstance(hints, bool) else 0
        try:
            check = await asyncio.to_thread(self._check, p, step, text)
        except AmbiguousMoveError as e:
            raise WebError(422, str(e), "ambiguous_move", move=text,
                           candidates=e.candidates) from None
        except DamierError as e:
            raise WebError(422, str(e), "illegal_move", move=text, **reasons(e)) from None
        store = await self.opened()
        if not check.right:
            stats = store.record(player, p.id, solved=False, hints=used)
        elif check.solved:
            stats = store.record(player, p.id, solved=True, hints=max(0, used))
        else:
            stats = store.stats(player)
        return {"result": "right" if check.right else "wrong", "solved": check.solved,
                "alternative": check.alternative, "move": check.move, "reply": check.reply,
                "step": step + 2 if check.right and not check.solved else step,
                "position": position_json(check.board), "stats": stats}

    def _check(self, p: Puzzle, step: int, text: str) -> MoveCheck:
        engine, lock = self._engine(p.variant)
        with lock:
            return check_move(p, step, text, engine, CHECK_LIMIT)

    def _engine(self, variant: str) -> tuple[BuiltinEngine, threading.Lock]:
        with self._open_lock:
            if variant not in self._engines:
                self._engines[variant] = (BuiltinEngine(variant, level=10), threading.Lock())
            return self._engines[variant]

    async def hint(self, pid: int, step: Any, level: Any) -> dict[str, Any]:
        """Level 1: the square of the piece to move; level 2: the move."""
        p = await self.find(pid)
        solver_step(p, step)
        board = p.board(step)
        move = board.parse_move(p.solution[step])
        if level == 1:
            return {"level": 1, "from": move.from_square}
        if level == 2:
            return {"level": 2, "from": move.from_square, "move": board.notation(move)}
        raise WebError(422, "level must be 1 (the piece) or 2 (the move)", "bad_hint_level")

    async def solution(self, pid: int, step: Any, player: str) -> dict[str, Any]:
        """The rest of the solution from the solver's move ``step``: each move with the
        position after it. The solver gives up: recorded as a failure (unless the player
        already has a result on this puzzle)."""
        p = await self.find(pid)
        solver_step(p, step)
        board = p.board(step)
        moves = []
        for text in p.solution[step:]:
            move = board.parse_move(text)
            entry = move_json(board, move)
            board.push(move)
            moves.append({**entry, "position": position_json(board)})
        store = await self.opened()
        return {"step": step, "moves": moves, "stats": store.record(player, p.id, solved=False)}

    async def stats(self, player: str) -> dict[str, Any]:
        store = await self.opened()
        return {**store.stats(player), "puzzles": store.variants()}

    async def import_text(self, text: str, name: str, variant: str | None) -> PuzzleImport:
        store = await self.opened()
        name_v = _variant(variant) if variant else None
        report = await asyncio.to_thread(store.import_text, text, name, name_v)
        if not report.already and not report.added and not report.duplicates:
            raise WebError(422, "no problem with a solution found in the text", "pdn_empty",
                           rejected=report.rejected[:50])
        return report


def solver_step(p: Puzzle, step: Any) -> int:
    """``step`` if it is the index of one of the solver's moves in ``p``'s solution (0, 2,
    ...), else a 422 ``bad_step``."""
    if isinstance(step, bool) or not isinstance(step, int) or step < 0 or step % 2 \
            or step >= len(p.solution):
        raise WebError(422, f"step must be the solver's move: 0, 2, ... below "
                            f"{len(p.solution)}", "bad_step")
    return step


def _variant(name: str) -> str:
    try:
        return get_variant(name).name
    except DamierError as e:
        raise WebError(422, str(e), "unknown_variant") from None


__all__ = ["CHECK_LIMIT", "PuzzleService", "puzzle_json", "puzzles_path"]
