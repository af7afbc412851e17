"""Endgame databases: the shipped tables are right, checked without the solver that made them.

* every position of the two-piece International tables, and samples of the three- and
  four-piece ones, satisfy the minimax rule with the pure-Python move generator (a value is
  the best of its moves' values, a distance one more than theirs): with the terminal
  positions right this proves a table, distances included;
* the two-piece tables equal a small solver written here (value iteration from scratch);
* positions with a short forced win are solved by a plain brute-force search;
* known endings of draughts theory;
* the C and Python paths agree (index, codec, probe), and damaged files are refused.
"""

from __future__ import annotations

import hashlib
import json
import random
from functools import cache
from pathlib import Path

import pytest

from damier.core import kernel
from damier.core.board import Board
from damier.core.position import Position
from damier.core.pure_movegen import MoveGenerator
from damier.core.variants import get_variant
from damier.engine.egdb.codec import DONT_CARE, Table, TableError, encode
from damier.engine.egdb.database import PACKAGE_DIR, EndgameDatabase, configurations
from damier.engine.egdb.index import EgdbIndex
from damier.engine.egdb.values import TableValue, parent_code

INTERNATIONAL = get_variant("international")
native = pytest.mark.skipif(kernel.native_object(INTERNATIONAL) is None, reason="needs the native kernel")


@cache
def pure_db() -> EndgameDatabase:
    """The shipped International tables read in Python."""
    return EndgameDatabase.open(INTERNATIONAL, [PACKAGE_DIR], native=False)


@cache
def pure_gen() -> MoveGenerator:
    return MoveGenerator(INTERNATIONAL)


def minimax_code(db: EndgameDatabase, pos: Position) -> int | None:
    """The code of ``pos`` from its children's probed codes, moves by the pure generator."""
    gen = pure_gen()
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


@pytest.mark.parametrize("pieces, samples", [(3, 150), (4, 40)])
def test_samples_obey_minimax(pieces: int, samples: int) -> None:
    db = pure_db()
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


def test_short_wins_agree_with_brute_force_search() -> None:
    db = pure_db()
    ix = db.index
    gen = pure_gen()
    rng = random.Random(7)
    seen = {"win": 0, "other": 0}
    for config in [c for n in (3, 4) for c in configurations(n)]:
        for _ in range(8):
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


@native
def test_build_russian_three_kings_against_one(tmp_path: Path) -> None:
    """Build the Russian tables of up to three pieces, then three kings against one: Petrov's
    triangle wins when the three kings hold the main road (a1-h8), within the 15 moves the
    rules allow; the lone king on the main road draws."""
    from damier.engine.egdb.build import build
    from damier.protocol.match.executors import InlineExecutor

    report = build("russian", 3, tmp_path, InlineExecutor(), reuse=())
    assert len(report.written) == sum(len(configurations(n)) for n in (2, 3))
    report = build("russian", 4, tmp_path, InlineExecutor(), only=[(0, 3, 0, 1)], reuse=())
    assert sorted(report.written) == ["0103", "0301"]
    folder = tmp_path / "russian"
    manifest = json.loads((folder / "MANIFEST.json").read_text())
    record = manifest["tables"]["0301"]
    assert record["positions"] == 143840 and 0 < record["longest"] <= 29
    assert record["sha256"] == hashlib.sha256((folder / "0301.dkeg").read_bytes()).hexdigest()
    assert not list(folder.glob("*.tmp"))
    db = EndgameDatabase.open("russian", [tmp_path])
    assert db.max_pieces == 3 and db.largest == 4
    win = db.probe(Board("russian", fen="W:WKA1,KC3,KE5:BKH4").position)
    assert win is not None and win.result == "win" and win.plies is not None and win.plies <= 29
    assert str(db.probe(Board("russian", fen="W:WKC1,KE1,KA5:BKH8").position)) == "draw"
    # a second build keeps what is there
    again = build("russian", 3, tmp_path, InlineExecutor(), reuse=())
    assert again.written == [] and len(again.kept) == 18
    db.close()


# -- the two paths -----------------------------------------------------------------------


@native
@pytest.mark.parametrize("variant", ["international", "russian", "czech", "english", "brazilian"])
def test_index_c_equals_python(variant: str) -> None:
    from damier import _kernel  # type: ignore[attr-defined]

    rules = get_variant(variant)
    c = _kernel.Egdb(kernel.native_object(rules))
    ix = EgdbIndex(rules)
    rng = random.Random(3)
    for config in [cf for n in (2, 3, 4, 5) for cf in configurations(n)]:
        assert c.size(config) == ix.size(config)
        for _ in range(20):
            i = rng.randrange(ix.size(config))
            pos = ix.position(config, i)
            assert c.position(config, i) == (None if pos is None else tuple(pos[:4]))
            if pos is None:
                continue
            assert c.index(*pos[:4]) == (config, i) == (ix.config_of(pos), ix.index(pos))
            turned = ix.turned(pos)
            assert c.index(*turned[:4]) == (config, i)


@native
def test_codec_c_equals_python() -> None:
    from damier import _kernel  # type: ignore[attr-defined]

    c = _kernel.Egdb(kernel.native_object(INTERNATIONAL))
    rng = random.Random(5)
    for size, block in [(1, 1), (17, 4), (1000, 64), (5000, 4096)]:
        raw = bytes(rng.choice([0, 0, 0, 3, 4, 9, 200, DONT_CARE]) if rng.random() < 0.3 else 0
                    for _ in range(size))
        blob = encode(raw, block)
        assert c.encode(raw, block) == blob
        table = Table(blob, size)
        decoded = [table.code(i) for i in range(size)]
        assert all(d == r for d, r in zip(decoded, raw, strict=True) if r != DONT_CARE)


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
    # one block, one run of 1000 codes: a smaller run (the varint's last byte zeroed) leaves
    # the block ending before its last index
    damaged = bytearray(encode(bytes(1000), 1000))
    damaged[-1] = 0
    table = Table(damaged, 1000)
    assert table.code(0) == 0
    with pytest.raises(TableError):
        table.code(999)


@native
def test_damaged_tables_are_refused_by_c(tmp_path: Path) -> None:
    from damier import _kernel  # type: ignore[attr-defined]

    c = _kernel.Egdb(kernel.native_object(INTERNATIONAL))
    size = c.size((0, 1, 0, 1))
    blob = encode(bytes(size), 64)
    for bad in (blob[:30], blob[:-1], b"XXXX" + blob[4:], blob[:60] + bytes([255]) + blob[61:]):
        with pytest.raises(ValueError):
            c.add((0, 1, 0, 1), bad, False)
    with pytest.raises(ValueError):
        c.add((0, 1, 0, 1), bytes(size - 1), True)
    c.add((0, 1, 0, 1), blob, False)
    with pytest.raises(ValueError):
        c.add((0, 1, 0, 1), blob, False)


@native
def test_probe_c_equals_python() -> None:
    c_db = EndgameDatabase.open(INTERNATIONAL, [PACKAGE_DIR])
    py_db = pure_db()
    ix = py_db.index
    rng = random.Random(11)
    for config in sorted(py_db.files):
        for _ in range(60):
            pos = ix.position(config, rng.randrange(ix.size(config)))
            if pos is None:
                continue
            for p in (pos, ix.turned(pos)):
                assert c_db.probe_code(p) == py_db.probe_code(p), (config, p)
    assert c_db.probe_code(Board().position) is None
    c_db.close()


# -- the search ----------------------------------------------------------------------------

SEARCH_FENS = [
    "W:W31,32,K3:B19,20,K47",      # six pieces: captures lead into the tables
    "W:W28,33,K3:B19,K47",         # five pieces
    "B:W40,45:B6,K22,23",
    "W:WK46:BK10,19",
]


@native
@pytest.mark.parametrize("fen", SEARCH_FENS)
def test_c_and_python_searches_probe_alike(fen: str) -> None:
    from damier.engine.engine import _root_state
    from damier.engine.native import NativeSearcher
    from damier.engine.search import Searcher, SearchLimits

    board = Board(fen=fen)
    native, pure = NativeSearcher(INTERNATIONAL, hash_mb=64), Searcher(INTERNATIONAL, hash_mb=64)
    native.use_egdb(EndgameDatabase.open(INTERNATIONAL, [PACKAGE_DIR]))
    pure.use_egdb(pure_db())
    limits = SearchLimits(max_depth=7)
    root = _root_state(board)

    def summary(s: NativeSearcher | Searcher) -> list[tuple[object, ...]]:
        return [(i.depth, i.nodes, [(line.score, line.pv) for line in i.lines])
                for i in s.iterate(root, limits)]

    assert summary(native) == summary(pure)


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
