"""The game database: kernel and Python replays agree, the format is versioned, imports resume
after a failed commit and run in parallel, searches find what they should and verify it."""

from __future__ import annotations

import random
import sqlite3
import threading
from array import array
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from damier import Board
from damier.analysis import gamedb, gamekeys, gamestore
from damier.analysis.explorer import Explorer, Filters
from damier.analysis.gamerows import game_pdn
from damier.analysis.gamesearch import GameQuery, SearchError, search
from damier.core.position import start_position
from damier.core.variants import get_variant
from damier.formats.pdn import Game, parse_game, write_games

VARIANTS = ("international", "russian", "english", "frisian", "czech-traditional", "turkish")


def random_board(variant: str, rng: random.Random, plies: int) -> Board:
    return Board(variant).play_random(rng, plies)


def texts_of(board: Board) -> list[str]:
    replay = Board(board.rules, position=board.start_position)
    out = []
    for move in board.move_stack:
        out.append(replay.notation(move))
        replay.push(move)
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_kernel_and_python_replays_agree(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(variant)
    rules = get_variant(variant)
    start = start_position(rules)
    for _ in range(6):
        board = random_board(variant, rng, rng.randint(20, 90))
        texts = texts_of(board) + ["nonsense"]
        native = gamekeys.replay_texts(rules, start, texts)
        by_index = gamekeys.replay_indices(rules, start, native.indices)
        with monkeypatch.context() as m:
            m.setattr(gamekeys, "_native", lambda gen: None)
            pure = gamekeys.replay_texts(rules, start, texts)
            pure_index = gamekeys.replay_indices(rules, start, native.indices + b"\xfe")
        assert native == pure and native.stopped == "nonsense"
        assert native.count == len(board.move_stack) and native.position == board.position
        assert by_index.keys == pure_index.keys == native.keys and pure_index.stopped == "254"
        # every key is the specification's key of the position met
        replay = Board(rules)
        keys = native.key_list()
        for ply, move in enumerate(board.move_stack):
            assert keys[ply] == gamekeys.position_key(rules, replay.position)
            assert native.material_at(ply) == gamekeys.material(replay.position)
            replay.push(move)


def test_sort_postings_agrees_with_its_specification(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    keys = [rng.choice((1, 7, 2**63 + 5, rng.getrandbits(64))) for _ in range(400)]
    packed = (b"".join(k.to_bytes(8, "little") for k in keys),
              b"".join(rng.getrandbits(32).to_bytes(4, "little") for _ in keys),
              bytes(rng.randrange(256) for _ in keys))
    native = gamestore.sort_postings(*packed, 30)
    monkeypatch.setattr(gamestore.kernel, "native_module", lambda: None)
    assert gamestore.sort_postings(*packed, 30) == native
    assert sorted(c for _, c in native[3]) == sorted(c for c in
                                                      (keys.count(k) for k in set(keys)) if c >= 30)


def test_count_postings_agrees_with_its_specification(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(6)
    games = 300
    facts = b"".join(bytes((rng.randrange(4), rng.choice((0, rng.randrange(150, 230)))))
                     + rng.choice((0, rng.randrange(1200, 2700))).to_bytes(2, "little")
                     for _ in range(games))
    vals = sorted(rng.randrange(games) << gamestore.GAME_SHIFT | rng.randrange(300)
                  for _ in range(900))
    packed = (array("I", vals).tobytes(), bytes(rng.choice((0, 1, 7, 255)) for _ in vals), facts)
    every = [(-1, -1, -1, -1), (1990, -1, -1, -1), (-1, 2005, 1800, -1), (2000, 2010, 2000, 2400),
             (0, 0, 0, 0)]
    native = [gamestore.count_postings(*packed, bounds, 8, 5) for bounds in every]
    monkeypatch.setattr(gamestore.kernel, "native_module", lambda: None)
    assert [gamestore.count_postings(*packed, bounds, 8, 5) for bounds in every] == native
    counted, best, newest = native[0]
    assert sum(m[1] for m in counted) == len({v >> gamestore.GAME_SHIFT for v in vals})
    assert newest == sorted({v >> gamestore.GAME_SHIFT for v in vals}, reverse=True)[:5]
    assert best == sorted(((facts[4 * g + 2] | facts[4 * g + 3] << 8, g)
                           for g in {v >> gamestore.GAME_SHIFT for v in vals}
                           if facts[4 * g + 2] | facts[4 * g + 3]), reverse=True)[:8]
    assert native[4][0] == [] and 0 < sum(m[1] for m in native[3][0]) < sum(m[1] for m in counted)


def games_text(n: int, seed: int = 1, plies: int = 30) -> str:
    rng = random.Random(seed)
    games = []
    for i in range(n):
        board = random_board("international", rng, plies)
        games.append(Game.from_board(board, {
            "White": f"W{i % 7}", "Black": f"B{i % 5}", "Event": f"E{i % 3}",
            "Date": f"{1990 + i % 30}.01.02", "Result": ("2-0", "1-1", "0-2")[i % 3],
            "WhiteElo": str(1500 + 10 * i), "BlackElo": str(1600 + 10 * i)}))
    return write_games(games) or ""


def test_the_format_is_stamped_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    gamedb.GameDatabase(path).close()
    db = sqlite3.connect(path)
    assert dict(db.execute("SELECT name, value FROM meta")) == {
        "format": "damier-games", "version": "1", "byteorder": "little"}
    db.execute("UPDATE meta SET value = '99' WHERE name = 'version'")
    db.commit()
    db.close()
    with pytest.raises(gamestore.StoreError, match="version 1"):
        gamedb.GameDatabase(path)
    (tmp_path / "text.sqlite3").write_text("not a database at all " * 100)
    with pytest.raises(gamestore.StoreError, match="not"):
        gamedb.GameDatabase(tmp_path / "text.sqlite3")


def test_an_import_resumes_after_a_failed_commit(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    pdn = tmp_path / "games.pdn"
    pdn.write_text(games_text(25), encoding="utf-8")
    ex = Explorer(tmp_path / "ex.sqlite3")
    real = ex._commit
    calls = 0

    def failing(source: object, part: object) -> None:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise sqlite3.OperationalError("disk I/O error (simulated)")
        real(source, part)  # type: ignore[arg-type]

    monkeypatch.setattr(ex, "_commit", failing)
    with pytest.raises(sqlite3.OperationalError):
        ex.import_files([pdn], part_games=10)
    assert ex.count_games() == 20 and not ex.has_source(gamedb._file_sha256(pdn))
    assert ex.sources()[0]["complete"] is False
    monkeypatch.setattr(ex, "_commit", real)
    [report] = ex.import_files([pdn], part_games=10)
    assert (report.games, ex.count_games()) == (5, 25)
    assert ex.import_files([pdn])[0].already
    answer = ex.lookup("international", None)
    assert sum(m["games"] for m in answer["moves"]) == 25
    ids = [g["id"] for g in search(ex, GameQuery(per_page=100))["games"]]
    assert sorted(ids) == list(range(1, 26))


def test_parallel_import_and_two_writers(tmp_path: Path) -> None:
    files = []
    for n in range(4):
        path = tmp_path / f"f{n}.pdn"
        path.write_text(games_text(12, seed=n), encoding="utf-8")
        files.append(path)
    serial = Explorer(tmp_path / "serial.sqlite3")
    serial.import_files(files)
    parallel = Explorer(tmp_path / "parallel.sqlite3")
    seen: list[tuple[int, int, int]] = []
    with ThreadPoolExecutor(2) as pool:
        parallel.import_files(files, executor=pool, jobs=2, part_games=5,
                              progress=lambda *a: seen.append(a))
    assert seen[-1] == (48, 4, 4)
    for ex in (serial, parallel):
        assert ex.count_games() == 48
    start_moves = [serial.lookup("international", None)["moves"],
                   parallel.lookup("international", None)["moves"]]
    assert start_moves[0] == start_moves[1]
    # two database objects (as two processes would) writing one file at once
    other = tmp_path / "other.pdn"
    other.write_text(games_text(8, seed=9), encoding="utf-8")
    twin = Explorer(tmp_path / "serial.sqlite3")
    threads = [threading.Thread(target=db.import_files, args=([f],))
               for db, f in ((serial, other), (twin, tmp_path / "more.pdn"))]
    (tmp_path / "more.pdn").write_text(games_text(6, seed=11), encoding="utf-8")
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert twin.count_games() == serial.count_games() == 62


def test_explorer_summaries_filters_and_ratings(tmp_path: Path) -> None:
    ex = Explorer(tmp_path / "ex.sqlite3")
    ex.import_text(games_text(40, plies=12), "forty")
    summarised = ex.lookup("international", None)
    everything = ex.lookup("international", None, filters=Filters(since=1000))
    assert summarised["moves"] == everything["moves"] and summarised["games_total"] == 40
    assert [g["id"] for g in summarised["top_games"]][:3] == [40, 39, 38]  # best rated
    assert [g["id"] for g in summarised["games"]][:2] == [40, 39]  # newest
    nineties = ex.lookup("international", None, filters=Filters(1990, 1999))
    assert nineties["games_total"] == 20  # dates 1990 + i % 30
    rated = ex.lookup("international", None, filters=Filters(min_rating=1900))
    assert rated["games_total"] == 5  # mean 1550 + 10 i >= 1900: i = 35 ... 39
    first = summarised["moves"][0]
    assert first["rating"] is not None and first["white"] + first["draws"] + first["black"] == \
        first["games"]


def test_game_search(tmp_path: Path) -> None:
    ex = Explorer(tmp_path / "ex.sqlite3")
    ex.import_text(games_text(30, plies=16), "thirty")
    # a transposition: same position after two moves, other order
    ex.import_text('[White "T"]\n1. 33-28 18-23 2. 32-27 19-24 3. 28x19 14x23 *\n'
                   '[White "U"]\n1. 32-27 18-23 2. 33-28 19-24 *\n', "two")
    assert search(ex, GameQuery(player="W3"))["total"] == 4  # i % 7 == 3: 3, 10, 17, 24
    assert search(ex, GameQuery(white="W3", result="white"))["total"] == \
        sum(1 for i in range(30) if i % 7 == 3 and i % 3 == 0)
    assert search(ex, GameQuery(date_from="2000", date_to="2009.12"))["total"] == 10
    page = search(ex, GameQuery(per_page=7, page=2))
    # newest date first: game i (id i + 1) played in 1990 + i; the undated two come last
    assert page["total"] == 32 and [g["id"] for g in page["games"]] == list(range(23, 16, -1))
    board = Board()
    for move in ("33-28", "18-23", "32-27"):
        board.push(move)
    found = search(ex, GameQuery(fen=board.fen()))
    plies = {g["white"]: g["ply"] for g in found["games"]}
    assert (plies["T"], plies["U"]) == (3, 3)
    opening = search(ex, GameQuery(opening=["33-28", "18-23", "32-27"]))
    assert "U" not in [g["white"] for g in opening["games"]]
    assert "T" in [g["white"] for g in opening["games"]]
    # the same material with Black to move: every game, at its first ply with Black to move
    material = search(ex, GameQuery(fen=Board().fen().replace("W:", "B:", 1), material=True,
                                    per_page=100))
    assert material["total"] == 32 and {g["ply"] for g in material["games"]} == {1}
    for bad in (GameQuery(result="maybe"), GameQuery(date_from="soon")):
        with pytest.raises(SearchError):
            search(ex, bad)
    # a stored game written back through the PDN writer reads as the same game
    stored = ex.game(found["games"][0]["id"])
    assert stored is not None
    again = parse_game(game_pdn(stored))
    replayed = Board()
    for move in again.mainline_moves():
        replayed.push(move)
    assert texts_of(replayed) == stored["moves"].split() and len(replayed.move_stack) > 2
    assert again.tags["White"] == stored["white"] and not again.errors


def test_a_position_is_paged_across_segments_newest_first(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gamedb, "SMALL_SEGMENT", 1)  # three imports, three segments
    ex = Explorer(tmp_path / "ex.sqlite3")
    for seed in (1, 2, 3):
        ex.import_text(games_text(5, seed=seed, plies=6), f"five {seed}")
    assert len(ex.segments()) == 3
    pages = [search(ex, GameQuery(fen=Board().fen(), per_page=4, page=n)) for n in (1, 2, 3, 4)]
    assert {p["total"] for p in pages} == {15}
    ids = [g["id"] for p in pages for g in p["games"]]
    assert ids == list(range(15, 0, -1)) and {g["ply"] for p in pages for g in p["games"]} == {0}
    with_tags = search(ex, GameQuery(fen=Board().fen(), player="W1", per_page=100))
    assert [g["id"] for g in with_tags["games"]] == [12, 7, 2]  # i % 7 == 1 in each five


def test_a_full_disk_stops_the_import_and_it_resumes(tmp_path: Path) -> None:
    pdn = tmp_path / "games.pdn"
    pdn.write_text(games_text(30), encoding="utf-8")
    ex = Explorer(tmp_path / "ex.sqlite3")
    ex.import_files([pdn], part_games=10)  # the first file fits
    used = int(ex._db.execute("PRAGMA page_count").fetchone()[0])
    other = tmp_path / "other.pdn"
    other.write_text(games_text(200, seed=3, plies=60), encoding="utf-8")
    ex._db.execute(f"PRAGMA max_page_count = {used + 8}")  # the disk is full soon
    with pytest.raises(sqlite3.OperationalError, match="full"):
        ex.import_files([other], part_games=50)
    stored = ex.count_games()
    assert 30 <= stored < 230 and ex.lookup("international", None)["games_total"] == stored
    ex._db.execute("PRAGMA max_page_count = 1073741823")
    [report] = ex.import_files([other], part_games=50)
    assert ex.count_games() == 230 and report.games == 230 - stored
