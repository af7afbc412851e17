"""Self-play games with randomised openings, and their quiet positions labelled by a deeper
search: the data of the training pipeline.

:class:`SelfPlayTask` is one unit of work for an executor (picklable, so it runs in a
process pool or on a Dask worker): ``games`` games of damier against itself at
``play_depth``, each from the variant's start after ``opening_plies`` random plies (drawn
from ``seed``), with a share ``random_moves`` of random moves later on so that the games
differ. Every quiet position (no capture for either side) from ``min_ply`` on is kept with
probability ``sample_rate`` and labelled by a search of ``label_depth`` plies from the
game as played (the draw rules see its history). With ``label_depth`` 0 the label is the
score of the search that chose the game's move there (no second search: about four times
as many positions for the same CPU, the way large data sets are made; the game's result is
the second target either way). :func:`play_task` returns the labelled
:class:`~damier.training.samples.Sample` list.

This module must not fit or write files.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from damier.core.board import Board
from damier.core.position import Position
from damier.core.variants import get_variant
from damier.engine.engine import Engine
from damier.engine.evaluate import Weights
from damier.engine.timecontrol import Limit
from damier.training.samples import SCORE_CLIP, Sample


@dataclass(frozen=True)
class SelfPlayTask:
    """What one worker plays and labels (see the module docstring)."""

    variant: str
    seed: int
    games: int
    play_depth: int = 4
    label_depth: int = 8
    """Depth of the labelling search; 0: the play search's own score is the label."""
    opening_plies: tuple[int, int] = (4, 10)
    random_moves: float = 0.05
    sample_rate: float = 0.35
    min_ply: int = 8
    max_plies: int = 200
    weights: Weights | None = None
    """The evaluation of both players and of the labelling search (the variant's own by
    default)."""


def engine_with(variant: str, weights: Weights | None, hash_mb: int = 16) -> Engine:
    """damier's engine for ``variant`` at level 10 (best move, no randomness), evaluating
    with ``weights`` (the variant's own when None). It plays without an opening book: the
    book's weighted random choice would make node-limited games unrepeatable and put moves
    into the games that no evaluation chose."""
    engine = Engine(variant, level=10, hash_mb=hash_mb, book=False, seed=0)
    if weights is not None:
        engine._searcher(engine.rules).use_weights(weights)
    return engine


def is_quiet(board: Board) -> bool:
    """No capture for the side to move, nor for the other side were it to move."""
    pos = board.position
    gen = board.gen
    return not gen.has_capture(pos) and not gen.has_capture(
        Position(pos.white, pos.black, pos.kings, 1 - pos.turn, pos.aux))


def white_score(score: int, turn: int) -> int:
    """A search score (side to move's view) as White's, clipped to the label range."""
    return max(-SCORE_CLIP, min(SCORE_CLIP, score if turn == 0 else -score))


def result_for_white(board: Board) -> int:
    """The game's result for White in half points; an unfinished game is adjudicated by
    material (men 1, kings 3: two or more ahead wins)."""
    outcome = board.outcome()
    if outcome is not None:
        return 1 if outcome.winner is None else (2 if outcome.winner == 0 else 0)
    w, wk, b, bk = board.position.material()
    diff = (w + 3 * wk) - (b + 3 * bk)
    return 1 if abs(diff) < 2 else (2 if diff > 0 else 0)


def play_task(task: SelfPlayTask) -> list[Sample]:
    """Play and label the games of ``task``."""
    rng = random.Random(task.seed)
    rules = get_variant(task.variant)
    player = engine_with(rules.name, task.weights)
    judge = engine_with(rules.name, task.weights, hash_mb=32) if task.label_depth else player
    out: list[Sample] = []
    for number in range(task.games):
        game = task.seed * 100_000 + number
        board = Board(rules).play_random(rng, rng.randint(*task.opening_plies))
        kept: list[Sample] = []
        while board.outcome() is None and board.ply < task.max_plies:
            sampled = board.ply >= task.min_ply and rng.random() < task.sample_rate and is_quiet(board)
            pos = board.position
            if sampled and task.label_depth:
                lines = judge.analyse(board, Limit(depth=task.label_depth))
                if lines:
                    kept.append(Sample(pos.white, pos.black, pos.kings, pos.turn,
                                       white_score(lines[0].score, pos.turn), 1, game))
            if rng.random() < task.random_moves:
                move = rng.choice(list(board.legal_moves))
            else:
                played = player.play(board, Limit(depth=task.play_depth))
                move = played.move
                if sampled and not task.label_depth and played.info is not None:
                    kept.append(Sample(pos.white, pos.black, pos.kings, pos.turn,
                                       white_score(played.info.score, pos.turn), 1, game))
            board.push(move)
        result = result_for_white(board)
        out.extend(s._replace(result=result) for s in kept)
    return out


__all__ = ["SelfPlayTask", "engine_with", "is_quiet", "play_task", "result_for_white", "white_score"]
