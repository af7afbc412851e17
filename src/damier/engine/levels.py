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


LADDER: dict[int, tuple[int, int, int]] = {
    1: (0, 0, 20), 2: (0, 1, 19), 3: (0, 5, 15), 4: (2, 3, 15), 5: (3, 5, 12),
    6: (0, 7, 13), 7: (3, 10, 7), 8: (1, 10, 9), 9: (5, 13, 2),
}
"""The measured strength of the levels: wins, draws and losses of level N against level
N+1 in 20 games of International draughts (2-move openings, each with both colours, 0.5 s a
move for both sides), from the run recorded in docs/engine.md ("Levels: measured strength")::

    for n in 1 2 3 4 5 6 7 8 9; do damier match damier:level=$n damier:level=$((n+1)) \
        --games 20 --time movetime=0.5 --variant international; done

At 0.5 s a move levels 9 and 10 search about as deep as each other, so their pair is even
here; in the web app, without a clock, level 10 gets 5 s a move and level 9 3 s."""


def ladder_score(number: int) -> float | None:
    """Level ``number``'s score (0-1) against the next level in :data:`LADDER` (``None``
    for level 10, which has no next).

    >>> ladder_score(4), ladder_score(10)
    (0.175, None)
    """
    if number not in LADDER:
        return None
    wins, draws, losses = LADDER[number]
    return (wins + draws / 2) / (wins + draws + losses)


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


__all__ = ["LADDER", "LEVELS", "Level", "choose", "ladder_score", "level"]
