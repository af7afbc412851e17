"""Game review: scores, the better move, and marks by loss of expected score."""

from __future__ import annotations

import threading

import pytest

from damier import Board
from damier.analysis.review import (
    MARKS,
    Cancelled,
    expected_score,
    mark_of,
    review_game,
    summary,
    verdict,
)
from damier.engine import BuiltinEngine, Limit

SHOT = "W:W24,28,34,35,40,50:B5,13,15,18,19,20"  # 35-30 20x29 34x12 wins five men for one


def test_expected_score_and_marks() -> None:
    assert expected_score(0, None) == 0.5
    assert expected_score(None, 3) == 1.0 and expected_score(None, -3) == 0.0
    assert expected_score(-100, None) == pytest.approx(1 - expected_score(100, None))
    assert expected_score(300, None) > expected_score(100, None) > 0.5
    # a level position: half a man is an inaccuracy, a man a mistake, two men a blunder
    level = expected_score(0, None)
    assert mark_of(level - expected_score(-50, None)) == "inaccuracy"
    assert mark_of(level - expected_score(-100, None)) == "mistake"
    assert mark_of(level - expected_score(-200, None)) == "blunder"
    assert mark_of(level - expected_score(-20, None)) is None
    # a man dropped in a position lost by five is no blunder; a win let go to a draw is
    assert mark_of(expected_score(-500, None) - expected_score(-600, None)) is None
    assert mark_of(expected_score(None, 9) - expected_score(0, None)) == "blunder"
    assert [m for m, _ in MARKS] == ["blunder", "mistake", "inaccuracy"]


def played(fen: str, *moves: str) -> Board:
    board = Board(fen=fen)
    for mv in moves:
        board.push(mv)
    return board


def test_a_missed_shot_is_a_blunder_with_the_shot_as_better_move() -> None:
    board = played(SHOT, "50-45")
    board.push(next(iter(board.legal_moves)))
    plies = review_game(board, BuiltinEngine(level=10), Limit(depth=5))
    first, second = plies
    assert (first.ply, first.move, first.color) == (1, "50-45", "white")
    assert first.mark == "blunder" and first.best == "35-30"
    assert first.best_line[:3] == ["35-30", "20x29", "34x12"]
    assert first.loss >= 0.22 and first.score is not None and first.score < 300
    assert second.best is None and second.mark is None  # black's capture was forced
    assert summary(plies)["white"]["blunder"] == 1 and summary(plies)["black"]["blunder"] == 0


def test_the_best_move_is_never_marked() -> None:
    board = played(SHOT, "35-30")
    (ply,) = review_game(board, BuiltinEngine(level=10), Limit(depth=5))
    assert ply.best == "35-30" and ply.mark is None and ply.loss == 0
    assert ply.score is not None and ply.score > 200  # from White's side: men ahead


def test_scores_are_from_whites_side_and_a_finished_game_is_scored_by_its_result() -> None:
    # White takes Black's last man: the position after it is a win for White
    board = played("W:W28:B23", "28x19")
    (ply,) = review_game(board, BuiltinEngine(level=10), Limit(depth=2))
    assert ply.win_in is not None and ply.win_in > 0 and ply.score is None
    after = verdict(board, BuiltinEngine(level=10), Limit(depth=2))
    assert after.win_in == -1  # the side to move (Black) has lost


def test_progress_and_stop() -> None:
    board = played(SHOT, "35-30", "20x29", "34x12")
    seen: list[tuple[int, int]] = []
    review_game(board, BuiltinEngine(level=10), Limit(depth=2),
                progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    stop = threading.Event()

    def halt(done: int, total: int) -> None:
        if done == 2:
            stop.set()

    with pytest.raises(Cancelled):
        review_game(board, BuiltinEngine(level=10), Limit(depth=2), progress=halt, stop=stop)
