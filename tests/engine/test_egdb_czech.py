"""The shipped Czech tables (up to four pieces), checked without the solver that made them.

Czech rules (the federation's: men capture forwards only, flying kings, a king must capture
when it can, the choice among captures free otherwise) come from the pure-Python move
generator here: samples of every table obey the minimax rule with its moves, short wins are
found by a plain brute-force search, and endings known on the 8x8 board with flying kings
(as in Russian draughts) hold.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from damier.core.board import Board
from damier.core.position import Position
from damier.core.pure_movegen import MoveGenerator
from damier.core.variants import get_variant
from damier.engine.egdb.database import PACKAGE_DIR, EndgameDatabase, configurations
from damier.engine.egdb.values import parent_code
from tests.engine.test_egdb import _wins_within

CZECH = get_variant("czech")


@cache
def czech_db() -> EndgameDatabase:
    return EndgameDatabase.open(CZECH, [PACKAGE_DIR], native=False)


@cache
def czech_gen() -> MoveGenerator:
    return MoveGenerator(CZECH)


def test_the_package_ships_every_czech_table_up_to_four_pieces() -> None:
    db = czech_db()
    assert db.max_pieces == 4
    assert len(db.files) == sum(len(configurations(n)) for n in range(2, 5))


@pytest.mark.parametrize("pieces, samples", [(2, 200), (3, 60), (4, 15)])
def test_czech_samples_obey_minimax(pieces: int, samples: int) -> None:
    db, gen = czech_db(), czech_gen()
    ix = db.index
    rng = random.Random(29)
    checked = 0
    for config in configurations(pieces):
        for _ in range(samples):
            pos = ix.position(config, rng.randrange(ix.size(config)))
            if pos is None:
                continue
            if rng.random() < 0.5:
                pos = ix.turned(pos)
            codes = [db.probe_code(gen.apply(pos, m)) for m in gen.legal(pos)]
            assert None not in codes
            assert db.probe_code(pos) == parent_code(c for c in codes if c is not None), (config, pos)
            checked += 1
    assert checked > len(configurations(pieces)) * samples // 2


def test_czech_short_wins_agree_with_brute_force_search() -> None:
    db, gen = czech_db(), czech_gen()
    ix = db.index
    rng = random.Random(31)
    seen = {"win": 0, "other": 0}
    for config in [c for n in (3, 4) for c in configurations(n)]:
        for _ in range(6):
            pos = ix.position(config, rng.randrange(ix.size(config)))
            if pos is None:
                continue
            value = db.probe(pos)
            assert value is not None
            memo: dict[tuple[Position, int], bool] = {}
            if value.result == "win" and value.plies is not None and value.plies <= 5:
                assert _wins_within(gen, pos, value.plies, memo), (config, pos)
                assert value.plies < 3 or not _wins_within(gen, pos, value.plies - 2, memo)
                seen["win"] += 1
            elif value.result != "win":
                assert not _wins_within(gen, pos, 3, memo), (config, pos)
                seen["other"] += 1
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
