"""Endgame databases: the shipped tables are right, checked without the solver that made them.

* every position of the two-piece International tables, and samples of the three- and
  four-piece ones, satisfy the minimax rule with the pure-Python move generator (a value is
  the best of its moves' values, a distance one more than theirs): with the terminal
  positions right this proves a table, distances included;
* the two-piece tables equal a small solver written here (value iteration from scratch);
* positions with a short forced win are solved by a plain brute-force search;
* known endings of draughts theory;
* damaged files are refused; the C twins of the index, codec and probe, the C solver and
  the searches' probing are checked in tests/native/test_egdb_native.py.
"""

from __future__ import annotations

import random
import struct
from functools import cache

import pytest

from damier.core.board import Board
from damier.core.position import Position
from damier.core.pure_movegen import MoveGenerator
from damier.core.variants import get_variant
from damier.engine.egdb.codec import Table, TableError, encode
from damier.engine.egdb.database import PACKAGE_DIR, EndgameDatabase, configurations
from damier.engine.egdb.values import TableValue, parent_code

INTERNATIONAL = get_variant("international")


@cache
def pure_db(variant: str = "international") -> EndgameDatabase:
    """The shipped tables of ``variant`` read in Python."""
    return EndgameDatabase.open(variant, [PACKAGE_DIR], native=False)


@cache
def pure_gen(variant: str = "international") -> MoveGenerator:
    return MoveGenerator(get_variant(variant))


def minimax_code(db: EndgameDatabase, pos: Position) -> int | None:
    """The code of ``pos`` from its children's probed codes, moves by the pure generator."""
    gen = pure_gen(db.rules.name)
    codes = []
    for m in gen.legal(pos):
        code = db.probe_code(gen.apply(pos, m))
        if code is None:
            return None
        codes.append(code)
    return parent_code(codes)


def test_the_package_ships_every_table_up_to_four_pieces() -> None:
    db = pure_db()
    assert db.max_pieces >= 4
    assert len(db.files) == sum(len(configurations(n)) for n in range(2, 5))


def test_every_two_piece_position_obeys_minimax() -> None:
    db = pure_db()
    ix = db.index
    checked = 0
    for config in configurations(2):
        for i in range(ix.size(config)):
            pos = ix.position(config, i)
            if pos is None:
                continue
            assert db.probe_code(pos) == minimax_code(db, pos), (config, i)
            checked += 1
    assert checked > 8000


@pytest.mark.parametrize("variant, pieces, samples", [
    ("international", 3, 150), ("international", 4, 40),
    ("czech", 2, 200), ("czech", 3, 60), ("czech", 4, 15),
])
def test_samples_obey_minimax(variant: str, pieces: int, samples: int) -> None:
    db = pure_db(variant)
    ix = db.index
    rng = random.Random(18)
    for config in configurations(pieces):
        for _ in range(samples):
            pos = ix.position(config, rng.randrange(ix.size(config)))
            if pos is None:
                continue
            if rng.random() < 0.5:
                pos = ix.turned(pos)
            assert db.probe_code(pos) == minimax_code(db, pos), (config, pos)


def test_two_piece_tables_equal_value_iteration() -> None:
    """Solve the two-piece endings again by value iteration (a different algorithm: every
    position recomputed from its children until nothing changes) and compare."""
    db = pure_db()
    ix = db.index
    gen = pure_gen()
    positions = [p for c in configurations(2) for i in range(ix.size(c)) if (p := ix.position(c, i))]
    children = {p: [ix.normal(gen.apply(p, m)) for m in gen.legal(p)] for p in positions}
    value: dict[Position, int] = {}   # code once proven; absent: not yet (a draw at the end)

    def child_code(q: Position) -> int | None:
        if not q.white:
            return 1
        return value.get(q)

    changed = True
    while changed:
        changed = False
        for p in positions:
            codes = [child_code(q) for q in children[p]]
            wins = [c + 1 for c in codes if c is not None and c % 2 == 1]
            if wins:
                new: int | None = min(wins)
            elif all(c is not None and c > 0 for c in codes):
                new = max([c + 1 for c in codes if c is not None], default=1)
            else:
                new = None
            if new is not None and value.get(p) != new:
                value[p] = new
                changed = True
    for p in positions:
        assert db.probe_code(p) == value.get(p, 0), p


def _wins_within(gen: MoveGenerator, pos: Position, plies: int,
                 memo: dict[tuple[Position, int], bool]) -> bool:
    """Whether the side to move of ``pos`` can force the opponent out of moves within
    ``plies`` plies (plain full-width search)."""
    key = (pos, plies)
    if key in memo:
        return memo[key]
    result = False
    if plies >= 1:
        for m in gen.legal(pos):
            child = gen.apply(pos, m)
            replies = gen.legal(child)
            if not replies or (plies >= 3 and all(
                    _wins_within(gen, gen.apply(child, r), plies - 2, memo) for r in replies)):
                result = True
                break
    memo[key] = result
    return result


def short_wins_agree(db: EndgameDatabase, gen: MoveGenerator, samples: int, seed: int) -> dict[str, int]:
    """Check ``samples`` random positions of every three- and four-piece table against the
    brute-force search: a win in at most 5 plies is found in that many and not 2 fewer, a
    draw or a loss has no win within 3 plies. Returns how many of each were checked."""
    ix = db.index
    rng = random.Random(seed)
    seen = {"win": 0, "other": 0}
    for config in [c for n in (3, 4) for c in configurations(n)]:
        for _ in range(samples):
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
    return seen


def test_short_wins_agree_with_brute_force_search() -> None:
    seen = short_wins_agree(pure_db(), pure_gen(), 8, 7)
    assert seen["win"] > 10 and seen["other"] > 10


@pytest.mark.parametrize("fen, value", [
    ("W:WK3:BK48", "draw"),                   # a king cannot catch a king
    ("W:WK46:BK5", "loss in 2 plies"),        # 46 has one diagonal, watched by the king on 5
    ("W:W15:BK46", "loss in 2 plies"),        # the man's only move steps onto the long diagonal
    ("B:W6:B45", "draw"),                     # both men crown: king against king
    ("W:WK1,K2:BK46", "draw"),                # two kings cannot beat one
    ("W:WK1,K2,K3:BK46", "draw"),             # the lone king holds the long diagonal
    ("B:WK1,K2,K3:BK46", "draw"),
])
def test_known_endings(fen: str, value: str) -> None:
    assert str(pure_db().probe(Board(fen=fen).position)) == value


def test_values_read_from_the_side_to_move() -> None:
    db = pure_db()
    assert db.probe(Board(fen="W:WK46:BK10").position) == TableValue("win", 1)   # 46x5
    # Black plays 10-5 (or anywhere on the long diagonal out of reach), then 46 must step
    # onto the diagonal Black watches
    assert db.probe(Board(fen="B:WK46:BK10").position) == TableValue("win", 3)


# -- the two paths -----------------------------------------------------------------------


def test_damaged_tables_are_refused() -> None:
    blob = encode(bytes(range(20)) * 50, 64)
    with pytest.raises(TableError):
        Table(blob[:30], 1000)
    with pytest.raises(TableError):
        Table(blob, 999)
    with pytest.raises(TableError):
        Table(b"XXXX" + blob[4:], 1000)
    with pytest.raises(TableError):
        Table(blob[:-5], 1000)
    # one block, one run of 1000 codes: its last byte zeroed, the block ends before its last
    # index (format 2: the Huffman-coded token and varint)
    damaged = bytearray(encode(bytes(1000), 1000))
    damaged[-1] = 0
    with pytest.raises(TableError):
        Table(damaged, 1000).code(999)


def v1_table(tokens: bytes, size: int) -> bytes:
    """A one-block table in format 1 (token bytes as they are; symbol 0 is code 0), written
    here from the format's description, as the files built before format 2 are."""
    header = b"DKEG" + struct.pack("<IQQ", size, size, 1) + bytes(15) + bytes([1])
    return header + struct.pack("<2Q", 0, len(tokens)) + tokens


def test_format_1_tables_are_still_read() -> None:
    # a run of 1000 draws: token 0xF0 (long run of symbol 0), varint 984 = 1000 - 16
    table = Table(v1_table(bytes([0xF0, 0xD8, 0x07]), 1000), 1000)
    assert table.version == 1 and {table.code(i) for i in (0, 500, 999)} == {0}
    # 3 draws, then 5 times code 9 (escaped), then 992 draws
    table = Table(v1_table(bytes([0x20, 0x4F, 9, 0xF0, 0xD0, 0x07]), 1000), 1000)
    assert [table.code(i) for i in (0, 2, 3, 7, 8, 999)] == [0, 0, 9, 9, 0, 0]
    # the varint's last byte zeroed: a smaller run, the block ends before its last index
    table = Table(v1_table(bytes([0xF0, 0xD8, 0x00]), 1000), 1000)
    assert table.code(0) == 0
    with pytest.raises(TableError):
        table.code(999)


def test_the_engine_plays_the_tables() -> None:
    from damier.engine import Engine, Limit

    engine = Engine()
    board = Board(fen="B:WK46:BK10")            # Black wins in 3 plies: 10-5 first
    info = engine.analyse(board, Limit(depth=4))[0]
    assert info.egdb == TableValue("win", 3) and info.win_in == 3
    assert info.pv[0].short() == "10-5"      # anywhere else on the diagonal, 46 takes it
    board.push(info.pv[0])
    assert engine.analyse(board, Limit(depth=4))[0].egdb == TableValue("loss", 2)
    off = Engine(egdb=False).analyse(Board(fen="W:WK3:BK48"), Limit(depth=3))[0]
    assert off.egdb is None
