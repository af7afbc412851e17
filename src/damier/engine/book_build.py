"""Building opening books from real games and self-play, on any executor.

1. :func:`game_stats`: the first ``plies`` plies of every game of the PDN files given (of the
   book's variant, with a result), counted per position and move with the points they scored;
2. :func:`selfplay_job`: games of the engine against itself from the start, the first plies
   chosen at random among the book's candidates so far and the engine's near-best moves, then
   played out at a fixed depth; they add their positions, moves and results the same way;
3. :func:`score_job`: every position reached at least ``min_games`` times gets a deeper
   search: its best move joins the candidates (so the book knows the engine's own choice),
   and every candidate is scored by searching the position after it.

:func:`build_book` runs the jobs on a :class:`concurrent.futures.Executor` (the executors
of ``damier match``: a process pool, or a Dask cluster), reports progress, and returns the
:class:`~damier.engine.book.OpeningBook` with a record of how it was made. The engine then
plays only candidates whose score is close to the best and not lost (see
:mod:`damier.engine.book`), so the book never leaves into a position its search saw lost.

This module must not print.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass
from pathlib import Path

from damier.core.board import Board
from damier.core.errors import DamierError
from damier.core.move import Move
from damier.core.variants import get_variant
from damier.engine.book import OpeningBook
from damier.engine.engine import Engine
from damier.engine.timecontrol import Limit
from damier.formats.pdn import read_games

Stats = dict[str, dict[str, list[float]]]
"""FEN -> move notation -> [games, points for the mover]."""

_POINTS = {"2-0": 1.0, "1-0": 1.0, "1-1": 0.5, "0.5-0.5": 0.5, "½-½": 0.5, "0-2": 0.0, "0-1": 0.0}


@dataclass
class BookProgress:
    """Where a build is (for the ``progress`` callback)."""

    stage: str
    done: int
    total: int


def _count(stats: Stats, fen: str, move: str, white_points: float, turn: int) -> None:
    cell = stats.setdefault(fen, {}).setdefault(move, [0.0, 0.0])
    cell[0] += 1
    cell[1] += white_points if turn == 0 else 1.0 - white_points


def merge(into: Stats, more: Stats) -> None:
    """Add the counts of ``more`` to ``into``."""
    for fen, moves in more.items():
        for move, (games, points) in moves.items():
            cell = into.setdefault(fen, {}).setdefault(move, [0.0, 0.0])
            cell[0] += games
            cell[1] += points


def game_stats(variant: str, paths: Iterable[Path], plies: int) -> tuple[Stats, int]:
    """Positions and moves of the first ``plies`` plies of the games of ``paths`` (of this
    variant, with a result; a game stops counting at its first unreadable move). Returns the
    counts and the number of games used."""
    rules = get_variant(variant)
    stats: Stats = {}
    used = 0
    for path in paths:
        for game in read_games(path, rules):
            points = _POINTS.get(game.result)
            if game.variant != rules.name or points is None or game.errors:
                continue
            board = Board(rules, fen=None)
            if game.start != board.position:
                continue
            used += 1
            for move in game.mainline_moves()[:plies]:
                _count(stats, board.fen(), board.notation(move), points, board.turn)
                board.push(move)
    return stats, used


def selfplay_job(variant: str, seed: int, games: int, plies: int, depth: int, book_json: str) -> Stats:
    """``games`` engine games from the start (the first ``plies`` plies at random among the
    book's candidates and the engine's moves within 20 centi-men of its best), played out at
    ``depth``; games longer than 300 plies count as draws."""
    rng = random.Random(seed)
    rules = get_variant(variant)
    book = OpeningBook.from_json(book_json) if book_json else OpeningBook(rules.name)
    engine = Engine(rules, hash_mb=16, seed=seed, book=False)
    stats: Stats = {}
    for _ in range(games):
        board = Board(rules)
        opening: list[tuple[str, str, int]] = []
        while board.outcome() is None and board.ply < 300:
            if board.ply < plies:
                move = _varied_move(board, book, engine, depth, rng)
                opening.append((board.fen(), board.notation(move), board.turn))
            else:
                move = engine.play(board, Limit(depth=depth)).move
            board.push(move)
        outcome = board.outcome()
        winner = None if outcome is None else outcome.winner
        white = 0.5 if winner is None else (1.0 if winner == 0 else 0.0)
        for fen, notation, turn in opening:
            _count(stats, fen, notation, white, turn)
    return stats


def _varied_move(board: Board, book: OpeningBook, engine: Engine, depth: int, rng: random.Random) -> Move:
    candidates = [board.parse_move(bm.move) for bm in book.moves(board)]
    infos = engine.analyse(board, Limit(depth=max(2, depth - 2)), multipv=4)
    if infos:
        best = infos[0].score
        candidates += [i.pv[0] for i in infos if i.pv and i.score >= best - 20]
    if not candidates:
        return rng.choice(list(board.legal_moves))
    return rng.choice(candidates)


def score_job(variant: str, fens: list[str], candidates: list[list[str]],
              depth: int) -> list[tuple[str, str, int]]:
    """For each position: its best move at ``depth`` and the score of every candidate (the
    position after it searched at ``depth - 1``, from the mover's point of view)."""
    rules = get_variant(variant)
    engine = Engine(rules, hash_mb=64, book=False)
    out: list[tuple[str, str, int]] = []
    for fen, moves in zip(fens, candidates, strict=True):
        board = Board(rules, fen=fen)
        best = engine.analyse(board, Limit(depth=depth))
        todo = set(moves)
        if best and best[0].pv:
            todo.add(board.notation(best[0].pv[0]))
        for move in sorted(todo):
            after = board.copy()
            try:
                after.push(move)
            except DamierError:
                continue
            outcome = after.outcome()
            if outcome is not None:
                won = outcome.winner == board.turn
                score = 0 if outcome.winner is None else (100_000 if won else -100_000)
            else:
                info = engine.analyse(after, Limit(depth=depth - 1))
                score = -info[0].score if info else 0
            out.append((fen, move, score))
    return out


def _digest(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


def build_book(
    variant: str,
    pdn: Sequence[Path],
    executor: Executor,
    slots: int = 1,
    plies: int = 16,
    min_games: int = 2,
    depth: int = 10,
    selfplay: int = 0,
    selfplay_depth: int = 6,
    seed: int = 1,
    progress: Callable[[BookProgress], None] | None = None,
    command: str = "",
) -> OpeningBook:
    """The book of ``variant`` from the games of ``pdn`` and ``selfplay`` self-play games
    (see the module docstring)."""
    rules = get_variant(variant)
    book = OpeningBook(rules.name)
    stats, used = game_stats(rules.name, pdn, plies)
    _seed_book(book, stats)
    if selfplay:
        jobs = max(1, min(slots * 4, selfplay))
        per = [selfplay // jobs + (1 if i < selfplay % jobs else 0) for i in range(jobs)]
        futures = [executor.submit(selfplay_job, rules.name, seed * 1000 + i, n, plies, selfplay_depth,
                                   book.to_json()) for i, n in enumerate(per) if n]
        for played, future in enumerate(as_completed(futures), 1):
            merge(stats, future.result())
            if progress:
                progress(BookProgress("self-play", played, len(futures)))
        book = OpeningBook(rules.name)
        _seed_book(book, stats)
    chosen = sorted(fen for fen, moves in stats.items() if sum(c[0] for c in moves.values()) >= min_games)
    chunk = max(1, len(chosen) // (slots * 8) + 1)
    searches = []
    for i in range(0, len(chosen), chunk):
        fens = chosen[i:i + chunk]
        cands = [sorted(m for m, c in stats[f].items() if c[0] >= 1) for f in fens]
        searches.append(executor.submit(score_job, rules.name, fens, cands, depth))
    for scored, search in enumerate(as_completed(searches), 1):
        for fen, move, score in search.result():
            book.add(Board(rules, fen=fen), move, score=score)
        if progress:
            progress(BookProgress("search", scored, len(searches)))
    keep = set(chosen)
    book.positions = {fen: moves for fen, moves in book.positions.items() if fen in keep}
    book.record = {
        "command": command, "games": used, "selfplay_games": selfplay, "plies": plies,
        "min_games": min_games, "depth": depth, "selfplay_depth": selfplay_depth, "seed": seed,
        "positions": len(book.positions),
        "sources": {Path(p).name: _digest(p) for p in pdn},
    }
    return book


def _seed_book(book: OpeningBook, stats: Stats) -> None:
    for fen, moves in stats.items():
        board = Board(book.rules, fen=fen)
        for move, (games, points) in moves.items():
            book.add(board, move, games=int(games), points=points)


__all__ = ["BookProgress", "Stats", "build_book", "game_stats", "merge", "score_job", "selfplay_job"]
