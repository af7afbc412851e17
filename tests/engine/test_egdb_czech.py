"""The shipped Czech tables (up to four pieces), checked without the solver that made them.

Czech rules (the federation's: men capture forwards only, flying kings, a king must capture
when it can, the choice among captures free otherwise) come from the pure-Python move
generator here: short wins are found by a plain brute-force search, and endings known on the
8x8 board with flying kings (as in Russian draughts) hold; samples of every table obey the
minimax rule with its moves (tests/engine/test_egdb.py, test_samples_obey_minimax).
"""

from __future__ import annotations

import pytest

from damier.core.board import Board
from damier.core.pure_movegen import MoveGenerator
from damier.core.variants import get_variant
from damier.engine.egdb.database import EndgameDatabase, configurations
from tests.engine.test_egdb import pure_db, pure_gen, short_wins_agree

CZECH = get_variant("czech")


def czech_db() -> EndgameDatabase:
    return pure_db("czech")


def czech_gen() -> MoveGenerator:
    return pure_gen("czech")


def test_the_package_ships_every_czech_table_up_to_four_pieces() -> None:
    db = czech_db()
    assert db.max_pieces == 4
    assert len(db.files) == sum(len(configurations(n)) for n in range(2, 5))


def test_czech_short_wins_agree_with_brute_force_search() -> None:
    seen = short_wins_agree(czech_db(), czech_gen(), 6, 31)
    assert seen["win"] > 5 and seen["other"] > 5


@pytest.mark.parametrize("fen, result", [
    ("W:WKA1:BKH8", "loss"),                  # a1's only diagonal is the one h8 holds
    ("W:WKA1,KC3:BKH4", "draw"),              # two kings cannot beat one
    ("W:WKA1,KC3,KE5:BKH4", "win"),           # three kings holding the main road win
    ("W:WKC1,KE1,KA5:BKH8", "draw"),          # the lone king on the main road holds
])
def test_czech_known_endings(fen: str, result: str) -> None:
    value = czech_db().probe(Board("czech", fen=fen).position)
    assert value is not None and value.result == result
