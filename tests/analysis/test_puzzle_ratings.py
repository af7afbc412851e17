"""Puzzle ratings (issue 26): Glicko-2 for players and puzzles, stored, and puzzles served
near the player's rating. The stored numbers are checked against damier.analysis.glicko2
called directly on the ratings before each attempt."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from damier.analysis import puzzle_ratings as ratings
from damier.analysis.glicko2 import Rating, Result, aged, update
from damier.analysis.puzzledb import PuzzleStore
from tests.analysis.test_puzzles import COLLECTION

# three puzzles of 1, 2 and 3 solver's moves (seeded 1200, 1350, 1500)
LADDER = """[Event "One"][FEN "W:W31,32,33,34,35,36:B5"]
1. 31-27 *

""" + COLLECTION.split("\n\n")[0] + """

[Event "Three"][FEN "W:W46:B5"]
1. 46-41 5-10 2. 41-37 10-14 3. 37-32 *
"""


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path)


def test_seeds_and_serving_nearest_to_the_rating(tmp_path: Path) -> None:
    store = PuzzleStore(tmp_path / "p.sqlite3")
    report = store.import_text(LADDER, "ladder")
    assert report.added == 3, report.rejected
    seeds = {p.title: store.puzzle_rating(p.id)["rating"] for p in store.puzzles()}
    assert seeds == {"One": 1200, "Shot": 1350, "Three": 1500}
    # a newcomer (1500) meets "Three" first; after losing it, a lower one
    first = store.next("international", "ann")
    assert first is not None and first.title == "Three"
    after = store.record("ann", first.id, solved=False)
    assert after["rating"]["rating"] < 1500 and after["rating"]["provisional"]
    nxt = store.next("international", "ann")
    assert nxt is not None and nxt.title == "Shot"


def test_each_first_attempt_is_one_glicko2_game(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    store = PuzzleStore(path)
    store.import_text(LADDER, "ladder")
    by_title = {p.title: p for p in store.puzzles()}
    player, shot = Rating(), ratings.seed(2)
    store.record("bo", by_title["Shot"].id, solved=True)  # a win
    expected_player = update(player, [Result(shot, 1.0)])
    expected_shot = update(shot, [Result(player, 0.0)])
    with raw(path) as db:
        got_player = db.execute("SELECT rating, deviation, volatility FROM player_ratings"
                                " WHERE player = 'bo'").fetchone()
        got_shot = db.execute("SELECT rating, deviation, volatility, plays FROM puzzle_ratings"
                              " WHERE puzzle = ?", (by_title["Shot"].id,)).fetchone()
    assert got_player == pytest.approx((expected_player.rating, expected_player.deviation,
                                        expected_player.volatility))
    assert got_shot[:3] == pytest.approx((expected_shot.rating, expected_shot.deviation,
                                          expected_shot.volatility))
    assert got_shot[3] == 1 and expected_player.rating > 1500 > 1350 > expected_shot.rating
    # only the first result counts
    again = store.record("bo", by_title["Shot"].id, solved=False)
    assert again["rating"]["rating"] == round(expected_player.rating)
    # a hint is a draw: against an equal puzzle it moves the rating less than a win would
    store.record("cy", by_title["Three"].id, solved=True, hints=1)
    hinted = store.stats("cy")["rating"]["rating"]
    assert hinted == round(update(Rating(), [Result(ratings.seed(3), 0.5)]).rating)
    # ratings survive a restart
    store.close()
    assert PuzzleStore(path).stats("bo")["rating"]["rating"] == round(expected_player.rating)


def test_a_player_s_deviation_grows_while_away(tmp_path: Path) -> None:
    store = PuzzleStore(tmp_path / "p.sqlite3")
    store.import_text(LADDER, "ladder")
    pid = store.puzzles()[0].id
    store.record("dee", pid, solved=True)
    with raw(tmp_path / "p.sqlite3") as db:
        rating, deviation, volatility, updated = db.execute(
            "SELECT rating, deviation, volatility, updated FROM player_ratings").fetchone()
        db.row_factory = None
        later = ratings.player_rating(db, "dee", updated + 30 * ratings.PERIOD_SECONDS)
    assert later.rating == rating
    assert later.deviation == pytest.approx(aged(Rating(rating, deviation, volatility),
                                                  30).deviation)
    assert later.deviation > deviation
