"""Puzzle ratings: a Glicko-2 rating for each player of the puzzle trainer and for each
puzzle, kept in the puzzle store's SQLite file, as lidraughts rates its puzzles.

A player's first attempt at a puzzle is a game between the player and the puzzle: solved
without a hint is a win for the player (score 1), solved with a hint a draw (0.5), a wrong
move or the solution asked for a loss (0). Each side's rating is updated by
:func:`damier.analysis.glicko2.update` with that one game as its rating period, against the
other's rating before the game; the player's deviation first grows with the days since the
player's last attempt (:func:`damier.analysis.glicko2.aged`, one period per
:data:`PERIOD_SECONDS`). A new player starts at 1500 ± 350; a new puzzle at a rating from
its length (:func:`seed`: each solver's move after the first adds :data:`SEED_PER_STEP`),
± :data:`SEED_DEVIATION`, so that the first puzzles served are the short ones.

Puzzles are served near the player's rating: :func:`nearest_sql` orders the puzzles not met
yet by their distance to it.

This module owns the two rating tables and their arithmetic; the store
(:mod:`damier.analysis.puzzledb`) calls it inside its own lock and transaction. It must not
know about HTTP.

>>> seed(1).rating, seed(3).rating, seed(3).deviation
(1200.0, 1500.0, 250.0)
"""

from __future__ import annotations

import sqlite3
from typing import Any

from damier.analysis.glicko2 import Rating, Result, aged, update

SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzle_ratings (
    puzzle INTEGER PRIMARY KEY REFERENCES puzzles(id),
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    plays INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzle_ratings_rating ON puzzle_ratings(rating);
CREATE TABLE IF NOT EXISTS player_ratings (
    player TEXT PRIMARY KEY,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    plays INTEGER NOT NULL,
    updated REAL NOT NULL
);
"""

SEED_RATING = 1200.0
"""A new one-move puzzle's rating."""
SEED_PER_STEP = 150.0
"""What each further solver's move adds to a new puzzle's rating."""
SEED_DEVIATION = 250.0
"""A new puzzle's deviation: less uncertain than a newcomer, its length says something."""
PERIOD_SECONDS = 86_400.0
"""One rating period for the ageing of a player's deviation: a day."""
PROVISIONAL = 110.0
"""A rating whose deviation is above this is shown as provisional ("?")."""
SCORES = {"solved": 1.0, "hinted": 0.5, "failed": 0.0}
"""The player's score for each outcome of a first attempt."""


def seed(steps: int) -> Rating:
    """The rating a puzzle of ``steps`` solver's moves starts with."""
    return Rating(SEED_RATING + SEED_PER_STEP * max(0, steps - 1), SEED_DEVIATION)


def seed_missing(db: sqlite3.Connection) -> int:
    """Give every puzzle without a rating its seed (puzzles stored before ratings existed,
    or just imported); returns how many were seeded."""
    rows = db.execute("SELECT id, solution FROM puzzles p WHERE NOT EXISTS"
                      " (SELECT 1 FROM puzzle_ratings r WHERE r.puzzle = p.id)").fetchall()
    for pid, solution in rows:
        r = seed((len(solution.split()) + 1) // 2)
        db.execute("INSERT INTO puzzle_ratings VALUES (?, ?, ?, ?, 0)",
                   (pid, r.rating, r.deviation, r.volatility))
    return len(rows)


def puzzle_rating(db: sqlite3.Connection, pid: int) -> Rating:
    """The rating of puzzle ``pid`` (its seed's place is taken by 1500 ± 350 if missing)."""
    r = db.execute("SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = ?",
                   (pid,)).fetchone()
    return Rating(r[0], r[1], r[2]) if r else Rating()


def player_rating(db: sqlite3.Connection, player: str, now: float) -> Rating:
    """The player's rating now: its deviation grown with the time since the last attempt."""
    r = db.execute("SELECT rating, deviation, volatility, updated FROM player_ratings"
                   " WHERE player = ?", (player,)).fetchone()
    if r is None:
        return Rating()
    return aged(Rating(r[0], r[1], r[2]), max(0.0, now - r[3]) / PERIOD_SECONDS)


def rate(db: sqlite3.Connection, player: str, pid: int, outcome: str, now: float
         ) -> tuple[Rating, Rating]:
    """Rate a first attempt (``outcome``: a key of :data:`SCORES`): both ratings updated
    and stored; returns (player's, puzzle's) new ratings."""
    score = SCORES[outcome]
    before_player = player_rating(db, player, now)
    before_puzzle = puzzle_rating(db, pid)
    after_player = update(before_player, [Result(before_puzzle, score)])
    after_puzzle = update(before_puzzle, [Result(before_player, 1.0 - score)])
    db.execute("INSERT INTO player_ratings VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT(player) DO"
               " UPDATE SET rating = excluded.rating, deviation = excluded.deviation,"
               " volatility = excluded.volatility, plays = plays + 1, updated = excluded.updated",
               (player, after_player.rating, after_player.deviation, after_player.volatility,
                now))
    db.execute("INSERT INTO puzzle_ratings VALUES (?, ?, ?, ?, 1) ON CONFLICT(puzzle) DO"
               " UPDATE SET rating = excluded.rating, deviation = excluded.deviation,"
               " volatility = excluded.volatility, plays = plays + 1",
               (pid, after_puzzle.rating, after_puzzle.deviation, after_puzzle.volatility))
    return after_player, after_puzzle


def nearest_sql() -> str:
    """The query of the next puzzle served: of variant ``?``, not met by player ``?``, the
    nearest in rating to ``?`` (then the first stored)."""
    return ("SELECT p.* FROM puzzles p JOIN puzzle_ratings r ON r.puzzle = p.id"
            " WHERE p.variant = ? AND NOT EXISTS (SELECT 1 FROM results x WHERE x.player = ?"
            " AND x.puzzle = p.id) ORDER BY ABS(r.rating - ?), p.id LIMIT 1")


def rating_json(r: Rating) -> dict[str, Any]:
    """A rating as the page shows it: whole points, and whether it is still provisional."""
    return {"rating": round(r.rating), "deviation": round(r.deviation),
            "provisional": r.deviation > PROVISIONAL}


__all__ = ["PROVISIONAL", "SCORES", "nearest_sql", "player_rating", "puzzle_rating", "rate",
           "rating_json", "seed", "seed_missing"]
