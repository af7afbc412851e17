"""Opening books: what the engine plays from them, how they are built, and their files."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from damier import Board
from damier.engine import Engine, Limit
from damier.engine.book import BookError, OpeningBook
from damier.engine.book_build import build_book, game_stats
from damier.protocol.match.executors import InlineExecutor

GAMES = """[Event "a"]
[Result "2-0"]
1. 32-28 19-23 2. 28x19 14x23 2-0

[Event "b"]
[Result "1-1"]
1. 32-28 19-23 2. 28x19 14x23 1-1

[Event "c"]
[Result "0-2"]
1. 33-28 18-22 0-2

[Event "d: no result"]
1. 31-26 *
"""


def test_only_close_and_unlost_moves_are_played() -> None:
    book = OpeningBook("international", margin=25, lost=-60)
    board = Board()
    book.add(board, "32-28", games=1, score=-70)     # the best, but lost: never
    book.add(board, "33-28", games=5, score=-75)
    assert book.playable(board) == []
    assert book.choose(board, random.Random(1)) is None
    book.add(board, "34-29", games=0, score=10)       # the engine's own find
    book.add(board, "31-26", games=9, score=-10)      # within 25 of the best
    book.add(board, "35-30", games=50, score=-20)     # not
    assert [m.short() for m in book.playable(board)] == ["34-29", "31-26"]
    picks = {book.choose(board, random.Random(seed)).short() for seed in range(200)}  # type: ignore[union-attr]
    assert picks == {"34-29", "31-26"}
    assert book.moves(Board("russian")) == [] and book.playable(Board("russian")) == []


def test_files_round_trip_and_damaged_ones_are_refused(tmp_path: Path) -> None:
    book = OpeningBook("russian", record={"command": "x"})
    board = Board("russian")
    book.add(board, "c3-d4", games=3, points=2.5, score=12)
    path = tmp_path / "b.json"
    book.save(path)
    again = OpeningBook.load(path)
    assert again.positions == book.positions and again.record == {"command": "x"}
    assert again.variant == "russian" and len(again) == 1
    for text in ("", "{", "[]", '{"format": "other"}', '{"format": "damier-book 1", "variant": "x"}',
                 '{"format": "damier-book 1", "variant": "russian", "positions": {"f": [{"move": 1}]}}'):
        path.write_text(text)
        with pytest.raises(BookError):
            OpeningBook.load(path)
    with pytest.raises(BookError):
        OpeningBook.load(tmp_path / "missing.json")


def test_game_stats_count_moves_and_points_for_the_mover(tmp_path: Path) -> None:
    pdn = tmp_path / "g.pdn"
    pdn.write_text(GAMES)
    stats, used = game_stats("international", [pdn], 3)
    assert used == 3                                   # the game without a result is left out
    start = Board().fen()
    assert stats[start] == {"32-28": [2.0, 1.5], "33-28": [1.0, 0.0]}
    after = Board()
    after.push("32-28")
    assert stats[after.fen()] == {"19-23": [2.0, 0.5]}  # Black's points
    after.push("19-23")
    assert stats[after.fen()] == {"28x19": [2.0, 1.5]}
    assert len(stats) == 4                              # three plies of two lines


def test_a_tiny_build_searches_every_candidate(tmp_path: Path) -> None:
    pdn = tmp_path / "g.pdn"
    pdn.write_text(GAMES)
    book = build_book("international", [pdn], InlineExecutor(), plies=2, min_games=1, depth=3,
                      selfplay=1, selfplay_depth=2, seed=5, command="test")
    board = Board()
    candidates = {bm.move: bm for bm in book.moves(board)}
    assert {"32-28", "33-28"} <= set(candidates)
    assert all(bm.score is not None for moves in book.positions.values() for bm in moves)
    assert candidates["32-28"].games >= 2
    assert book.record["games"] == 3 and book.record["selfplay_games"] == 1
    assert book.record["sources"] == {"g.pdn": book.record["sources"]["g.pdn"]}  # type: ignore[index]
    # each playable move's searched score is what a search of the position after it says
    engine = Engine(book=False)
    for move in book.playable(board)[:2]:
        after = board.copy()
        after.push(move)
        info = engine.analyse(after, Limit(depth=2))[0]
        assert candidates[board.notation(move)].score == -info.score
    path = tmp_path / "book.json"
    book.save(path)
    assert OpeningBook.load(path).positions == book.positions


def test_the_engine_plays_from_its_book_at_high_levels_only() -> None:
    book = OpeningBook("international")
    board = Board()
    book.add(board, "31-26", games=1, score=5)          # not what the engine would choose
    assert Engine(level=10, book=book).play(board, Limit(depth=1)).move.short() == "31-26"
    assert Engine(level=6, book=book).play(board, Limit(depth=1)).info is None
    searched = Engine(level=10, book=False).play(board, Limit(depth=1))
    assert searched.info is not None
    low = Engine(level=5, book=book, seed=1).play(board, Limit(depth=1))
    assert low.info is not None                            # level 5 searches
    # analysis always searches
    assert Engine(level=10, book=book).analyse(board, Limit(depth=1))[0].depth == 1


BLUNDERS = "".join(f"""[Event "won in spite of the opening {n}"]
[Result "2-0"]
1. 32-27 17-21 2. 33-28 2-0

""" for n in range(5))


def test_a_popular_move_the_search_sees_lost_is_never_played(tmp_path: Path) -> None:
    # 33-28 was played (and won) five times, but it loses a man and more to a shot
    pdn = tmp_path / "g.pdn"
    pdn.write_text(BLUNDERS)
    book = build_book("international", [pdn], InlineExecutor(), plies=3, min_games=1, depth=5)
    board = Board()
    board.push("32-27")
    board.push("17-21")
    candidates = {bm.move: bm for bm in book.moves(board)}
    assert candidates["33-28"].games == 5 and candidates["33-28"].points == 5.0
    assert candidates["33-28"].score is not None and candidates["33-28"].score < book.lost
    assert len(candidates) >= 2                           # the search's own move joined
    playable = [board.notation(m) for m in book.playable(board)]
    assert playable and "33-28" not in playable
    engine = Engine(level=10, book=book, seed=3)
    assert {engine.play(board, Limit(depth=1)).move.short() for _ in range(20)} <= set(playable)


def test_the_engine_reads_the_default_book(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    own = OpeningBook("international")
    own.add(Board(), "31-26", games=1, score=0)
    (tmp_path / "books").mkdir()
    own.save(tmp_path / "books" / "international.json")
    monkeypatch.setenv("DAMIER_BOOK", str(tmp_path / "books"))
    assert Engine().play(Board(), Limit(depth=1)).move.short() == "31-26"
    monkeypatch.setenv("DAMIER_BOOK", "off")
    assert Engine().book is None
    # without the setting: the user's books, then the package's
    monkeypatch.delenv("DAMIER_BOOK")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "none"))
    shipped = OpeningBook.shipped("international")
    assert shipped is not None and len(shipped) > 100
    assert Engine().book is shipped
    assert Engine(book=False).book is None


@pytest.mark.parametrize("variant", ["international", "russian", "czech", "brazilian", "english"])
def test_shipped_books_play_moves_a_search_does_not_see_lost(variant: str) -> None:
    """Independently of the scores stored: every move the shipped book may play from the
    start, and from the positions after them, leaves a position that a depth-6 search does
    not see a man down."""
    book = OpeningBook.shipped(variant)
    assert book is not None and book.record.get("command")
    engine = Engine(variant, book=False)
    start = Board(variant)
    boards = [start]
    for move in book.playable(start):
        after = start.copy()
        after.push(move)
        boards.append(after)
    checked = 0
    for board in boards:
        for move in book.playable(board):
            after = board.copy()
            after.push(move)
            if after.outcome() is None:
                assert -engine.analyse(after, Limit(depth=6))[0].score > -100, (board.fen(), move)
                checked += 1
    assert checked >= 2
