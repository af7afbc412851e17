"""The worked examples and test vectors of RULES.md §2.11–§2.12 and §3.11, each quoting the
article it checks."""

from __future__ import annotations

import pytest

from damier import Board, IllegalMoveError
from damier.core.colors import BLACK, WHITE


def legal(board: Board) -> list[str]:
    return sorted(board.notation(m) for m in board.legal_moves)


def test_t1_initial_position_nine_moves() -> None:
    # [A1 3.4] a man moves one square diagonally forward; E1/T1
    assert legal(Board()) == sorted(
        "31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30".split()
    )


def test_e2_seed_opening_compulsory_capture_and_recapture() -> None:
    # [A1 4.2] capture is compulsory; E2: 1.32-28 19-23 2.28x19 (the seed writes 28:19)
    board = Board()
    board.push("32-28")
    board.push("19-23")
    assert legal(board) == ["28x19"]
    assert board.parse_move("28:19") == board.parse_move("28x19")
    board.push("28:19")
    # [A1 4.14] free choice among captures of the same size: 13x24 or 14x23
    assert legal(board) == ["13x24", "14x23"]


def test_t2_t3_from_fen() -> None:
    assert legal(Board(fen="W:W28,31,33-50:B1-18,20,23")) == ["28x19"]
    assert legal(Board(fen="B:W19,31,33-50:B1-18,20")) == ["13x24", "14x23"]


def test_t4_diagram_7_flying_king_and_majority() -> None:
    # [A1 4.3] flying king capture, [A1 4.13] majority rule, [A1 4.7] own pieces block;
    # E3: 25x14x3x26x42 (short 25x42) captures 20, 9, 17, 37 in that order
    board = Board(fen="W:WK25,K44,27,28:B9,17,20,30,34,37,K48")
    moves = list(board.legal_moves)
    assert [board.notation(m) for m in moves] == ["25x42"]
    assert moves[0].long() == "25x14x3x26x42"
    assert moves[0].captured == [20, 9, 17, 37]
    # stopping on 21 after three pieces is a real sequence but captures 3 < 4
    with pytest.raises(IllegalMoveError, match="must capture 4 pieces, this captures 3"):
        board.parse_move("25x14x3x21")


def test_t5_diagram_7_black_wins() -> None:
    # E3 continuation: 48x31x22x33x50 captures 42, 27, 28, 44; White has no pieces left
    board = Board(fen="W:WK25,K44,27,28:B9,17,20,30,34,37,K48")
    board.push("25x42")
    assert legal(board) == ["48x50"]
    move = board.push("48x50")
    assert move.long() == "48x31x22x33x50"
    assert sorted(move.captured) == [27, 28, 42, 44]
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == BLACK and outcome.result == "0-2"
    assert outcome.reason == "no pieces left"


def test_t6_majority_beats_king_capture() -> None:
    # [A1 4.13] kings have no priority: the man's 2-piece capture beats the king's 1-piece one
    assert legal(Board(fen="W:W32,K46:B17,27,41")) == ["32x12"]
    assert Board(fen="W:W32,K46:B17,27,41").legal_moves[0].long() == "32x21x12"


def test_t7_man_passing_crown_row_stays_a_man() -> None:
    # [A1 4.15] a man passing over the crown row during a capture remains a man
    board = Board(fen="W:W11:B7,8")
    (move,) = list(board.legal_moves)
    assert move.long() == "11x2x13"
    board.push(move)
    assert board.piece_at(13) == "w"


def test_t8_ambiguous_short_notation_needs_long_form() -> None:
    # PDN.md §5.3: two 4-piece captures from 47 to 36
    board = Board(fen="W:WK47:B14,19,29,31,42")
    assert legal(board) == ["47x38x20x9x36", "47x38x24x13x36"]


def test_promotion_only_at_end_of_move() -> None:
    # [A1 3.5] a man ending its move on the crown row becomes a king; it moves next turn
    board = Board(fen="W:W6:B40")
    board.push("6-1")
    assert board.piece_at(1) == "W"


def test_captured_pieces_block_until_the_end() -> None:
    # RULES §2.6.8 [A1 4.11, 4.8] (no "Turkish strike"): the black king on 28 takes 23 and
    # lands on 19; coming back down the same line to take 41 would cross 23 again, which
    # still stands until the move ends. So every capture takes one piece only; with pieces
    # removed at once (Turkish rules) 28x19x46 would take two.
    board = Board(fen="B:W23,41:BK28")
    assert legal(board) == ["28x10", "28x14", "28x19", "28x46", "28x5"]


def test_czech_vectors() -> None:
    # §3.11 CZ1: initial position
    assert legal(Board("czech")) == sorted("a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4".split())
    # CZ2: men capture only forwards [FMJD-CZ]
    assert legal(Board("czech", "W:Wd4:Bc3,h8")) == ["d4-c5", "d4-e5"]
    # CZ3: king priority even if the man could take 2 [FMJD-CZ]
    assert legal(Board("czech", "W:Wc3,Ke1:Bb4,b6,g3,h8")) == ["e1xh4"]
    # CZ4: free choice, no majority
    assert legal(Board("czech", "W:Wc3:Bd4,f6,b4,h8")) == ["c3xa5", "c3xg7"]
    # CZ5: the king must land where it can continue (§3.6 rule 6, the default)
    assert legal(Board("czech", "W:WKa1:Bc3,f4,h8")) == ["a1xg3", "a1xh2"]


def test_czech_numeric_squares_accepted() -> None:
    # §3.9: numeric 1-32 accepted on input (b8 = 1, g1 = 32)
    board = Board("czech", "W:W21-32:B1-12")
    assert board.parse_move("21-17") == board.parse_move("a3-b4")


def test_colours_to_move() -> None:
    assert Board().turn == WHITE
    assert Board("english").turn == BLACK
    assert Board("czech-traditional").turn == BLACK
