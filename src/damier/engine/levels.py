"""Playing levels 1-10: how strong the engine plays for people.

This module owns the table of levels (:data:`LEVELS`) and the choice among scored root
moves with controlled randomness (:func:`choose`). Low levels search shallowly and pick at
random among the moves whose score is within the level's *tolerance* of the best one, so
they play legal, plausible moves and make human-sized mistakes rather than absurd ones;
high levels search deeper and play the best move. Level 10 is full strength.

This module must not search; the engine feeds it the scores of a multi-PV search.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """One playing level."""

    number: int
    depth: int | None
    """Deepest iteration searched (``None``: as deep as the limit allows)."""
    tolerance: int
    """Centi-men: moves scoring within this of the best may be chosen at random."""
    max_time: float | None
    """Seconds per move at most at this level (on top of the caller's limit)."""
    description: str


LEVELS: dict[int, Level] = {
    1: Level(1, 1, 150, 0.5, "beginner: looks one move ahead, often drops a man"),
    2: Level(2, 2, 100, 0.5, "novice: sees direct exchanges, picks loosely"),
    3: Level(3, 3, 60, 1.0, "casual: avoids simple shots, still imprecise"),
    4: Level(4, 4, 35, 1.0, "club beginner: short combinations, small inaccuracies"),
    5: Level(5, 5, 15, 2.0, "club player: solid at short range, slight randomness"),
    6: Level(6, 6, 0, None, "strong club: 6 plies plus forced captures, best move"),
    7: Level(7, 8, 0, None, "8 plies plus forced captures"),
    8: Level(8, 10, 0, None, "10 plies plus forced captures"),
    9: Level(9, 14, 0, None, "14 plies, or the time limit"),
    10: Level(10, None, 0, None, "full strength: as deep as the time limit allows"),
}


def level(number: int) -> Level:
    """The level ``number`` (1-10); ``ValueError`` otherwise."""
    try:
        return LEVELS[number]
    except KeyError:
        raise ValueError(f"level must be 1-10, not {number}") from None


def choose(scored: list[tuple[int, int]], tolerance: int, rng: random.Random) -> int:
    """Pick an index among ``(score, index)`` pairs: the best when ``tolerance`` is 0, else
    at random among the moves within ``tolerance`` of the best, closer moves more likely.

    >>> choose([(10, 0), (5, 1), (-300, 2)], 0, random.Random(1))
    0
    >>> sorted({choose([(10, 0), (5, 1), (-300, 2)], 50, random.Random(s)) for s in range(40)})
    [0, 1]
    """
    if not scored:
        raise ValueError("no move to choose from")
    best = max(s for s, _ in scored)
    if tolerance <= 0:
        return next(i for s, i in scored if s == best)
    pool = [(s, i) for s, i in scored if s >= best - tolerance]
    weights = [tolerance - (best - s) + 1 for s, _ in pool]
    return rng.choices([i for _, i in pool], weights=weights)[0]


__all__ = ["LEVELS", "Level", "choose", "level"]
