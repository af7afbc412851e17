"""Endgame databases on the native kernel: the C index, codec, table checks and probe equal
their Python twins (tests/engine/test_egdb.py checks the tables themselves on the pure-Python
path), the C solver builds the Russian three-piece tables and three kings against one, and the
C and Python searches probe the tables alike. Like every native test these fail when the kernel
is not built (tests/native/conftest.py), and the ``DAMIER_PURE=1`` run leaves them out."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from damier.core import kernel
from damier.core.board import Board
from damier.core.variants import get_variant
from damier.engine.egdb.codec import DONT_CARE, Table, encode
from damier.engine.egdb.database import PACKAGE_DIR, EndgameDatabase, configurations
from damier.engine.egdb.index import EgdbIndex
from tests.engine.test_egdb import INTERNATIONAL, pure_db, v1_table


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


@pytest.mark.parametrize("config", [(2, 0, 1, 0), (1, 1, 1, 0), (0, 2, 0, 1)])
def test_the_solver_rebuilds_the_shipped_tables(config: tuple[int, int, int, int]) -> None:
    """Solving a shipped configuration again (with the tables it leads to decoded into memory,
    as a build does) gives the shipped file byte for byte: the shipped tables were checked in
    full by bench/egdb_verify.py, so this holds the solver's speed-ups to their answers."""
    from damier.engine.egdb.build import config_name, solve_pair

    solved = solve_pair("international", config, [str(PACKAGE_DIR)])
    assert solved.tables
    for c, blob in solved.tables.items():
        assert blob == (PACKAGE_DIR / "international" / f"{config_name(c)}.dkeg").read_bytes(), c


def test_decode_gives_every_code_and_the_dont_cares() -> None:
    """decode() equals the codes read one at a time, and marks exactly the indices whose men
    overlap or whose side to move must capture (asked of the pure-Python generator)."""
    from damier.core.pure_movegen import MoveGenerator

    db = EndgameDatabase.open(INTERNATIONAL, [PACKAGE_DIR])
    gen = MoveGenerator(INTERNATIONAL)
    for config in [(1, 0, 1, 0), (0, 1, 1, 0), (1, 0, 0, 1)]:
        table = Table((PACKAGE_DIR / "international" / f"{''.join(map(str, config))}.dkeg").read_bytes(),
                      db.index.size(config))
        codes = db.native.decode(config, False)
        assert list(codes) == [table.code(i) for i in range(table.size)]
        marked = db.native.decode(config, True)
        for i, code in enumerate(marked):
            pos = db.index.position(config, i)
            dont_care = pos is None or gen.has_capture(pos)
            assert code == (DONT_CARE if dont_care else codes[i]), (config, i)
    db.close()


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


def test_format_1_tables_are_still_read_by_c() -> None:
    from damier import _kernel  # type: ignore[attr-defined]

    c = _kernel.Egdb(kernel.native_object(INTERNATIONAL))
    size = c.size((0, 1, 0, 1))
    x, varint = size - 8 - 16, bytearray()          # 7 draws, then code 9, then the rest draws
    while x >= 0x80:
        varint.append(x & 0x7F | 0x80)
        x >>= 7
    varint.append(x)
    blob = v1_table(bytes([0x60, 0x0F, 9]) + bytes([0xF0]) + bytes(varint), size)
    assert Table(blob, size).code(7) == 9
    c.add((0, 1, 0, 1), blob, False)
    assert [c.code((0, 1, 0, 1), i) for i in (0, 6, 7, 8, size - 1)] == [0, 0, 9, 0, 0]
    damaged = _kernel.Egdb(kernel.native_object(INTERNATIONAL))
    with pytest.raises(ValueError):
        damaged.add((0, 1, 0, 1), blob[:-1], False)


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


def test_tables_built_into_the_user_folder_are_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``damier egdb build`` writes by default ($XDG_DATA_HOME/damier/egdb) is found by
    the engine without further ado, beside the shipped tables: here the Russian tables of two
    pieces (the package ships none), and their value in the engine's analysis."""
    from damier.engine import Engine, Limit
    from damier.engine.egdb import database
    from damier.engine.egdb.build import build
    from damier.protocol.match.executors import InlineExecutor

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("DAMIER_EGDB", raising=False)
    monkeypatch.setattr(database, "_SHARED", {})
    report = build("russian", 2, database.user_dir(), InlineExecutor(), reuse=())
    assert len(report.written) == len(configurations(2))
    assert database.search_path()[0] == tmp_path / "damier" / "egdb"
    board = Board("russian", fen="W:WKA1:BKH8")           # a1's only diagonal is the one h8 holds
    info = Engine().analyse(board, Limit(depth=3))[0]
    assert info.egdb is not None and (info.egdb.result, info.egdb.plies) == ("loss", 2)
    assert EndgameDatabase.open("czech").max_pieces == 4   # the shipped tables are still there
