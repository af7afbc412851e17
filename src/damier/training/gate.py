"""Does a candidate evaluation beat the current one? Self-play games between the two.

Each :class:`GatePair` is one random opening (``opening_plies`` random plies drawn from its
seed) played twice, the candidate once with each colour, both engines searching a fixed
number of ``nodes`` per move: node-limited searches are reproducible and unaffected by the
load of the machine (each side's speed per node is then not measured; the evaluations
differ only in their numbers, not in their cost). Games longer than ``max_plies`` are
adjudicated by material. :func:`play_pair` plays one pair (a unit of work for an executor);
the caller adds the points into a :class:`~damier.protocol.match.stats.MatchScore` (the
candidate is engine A) and may stop early on an
:class:`~damier.protocol.match.stats.Sprt` decision.

This module must not fit or write files.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from damier.core.board import Board
from damier.engine.engine import Engine
from damier.engine.evaluate import Weights
from damier.engine.timecontrol import Limit
from damier.training.selfplay import engine_with, result_for_white


@dataclass(frozen=True)
class GatePair:
    """One opening, played with both colours (see the module docstring)."""

    variant: str
    seed: int
    current: Weights
    candidate: Weights
    nodes: int = 20_000
    opening_plies: tuple[int, int] = (4, 8)
    max_plies: int = 250


def opening(variant: str, seed: int, plies: tuple[int, int]) -> list[str]:
    """The random opening of ``seed``: moves in the variant's notation."""
    rng = random.Random(seed)
    board = Board(variant)
    out = []
    for _ in range(rng.randint(*plies)):
        if board.outcome() is not None:
            break
        move = rng.choice(list(board.legal_moves))
        out.append(board.notation(move))
        board.push(move)
    return out


def _game(pair: GatePair, moves: list[str], white: Engine, black: Engine) -> int:
    """White's result in half points."""
    board = Board(pair.variant)
    for text in moves:
        board.push(text)
    limit = Limit(nodes=pair.nodes)
    while board.outcome() is None and board.ply < pair.max_plies:
        engine = white if board.turn == 0 else black
        board.push(engine.play(board, limit).move)
    return result_for_white(board)


def play_pair(pair: GatePair) -> tuple[float, float]:
    """The candidate's points with White, then with Black."""
    moves = opening(pair.variant, pair.seed, pair.opening_plies)
    current = engine_with(pair.variant, pair.current)
    candidate = engine_with(pair.variant, pair.candidate)
    as_white = _game(pair, moves, candidate, current) / 2
    as_black = 1 - _game(pair, moves, current, candidate) / 2
    return as_white, as_black


__all__ = ["GatePair", "opening", "play_pair"]
