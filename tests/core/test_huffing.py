"""Czech traditional rules (seed 002, RULES.md §3.12): huffing, case by case."""

from __future__ import annotations

import pytest

from damier import Board, IllegalMoveError


def huffs(board: Board) -> set[int]:
    return {m.huff for m in board.legal_moves if m.huff is not None}


def trad(fen: str) -> Board:
    return Board("czech-traditional", fen)


def test_black_moves_first_on_numeric_squares() -> None:
    board = Board("czech-traditional")
    assert board.turn == 1
    assert board.fen() == "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert sorted(str(m) for m in board.legal_moves) == ["10-14", "10-15", "11-15", "11-16", "12-16",
                                                         "9-13", "9-14"]


def test_omitted_capture_may_be_huffed() -> None:
    # "If a player omits to jump, the opponent may remove the stone with which he should
    # have jumped. He removes the stone before his own move."
    board = trad("B:W18,30:B14,1")
    assert "1-5" in board.legal_moves  # a quiet move although 14x23 exists is playable
    board.push("1-5")
    assert huffs(board) == {14}
    move = board.push("h14,30-26")
    assert move.huff == 14 and str(move) == "h14,30-26"
    assert board.piece_at(14) is None and board.piece_at(26) == "w"
    board.pop()
    assert board.piece_at(14) == "b" and huffs(board) == {14}  # pop undoes move and huff


def test_huff_is_not_compulsory_and_expires() -> None:
    # "Only the immediately following turn may huff"
    board = trad("B:W18,30:B14,9,1")
    board.push("1-5")  # 14 should have taken 18
    assert huffs(board) == {14}
    board.push("18-15")  # White does not huff; its man leaves 14's reach
    assert huffs(board) == set()
    board.push("9-13")
    assert huffs(board) == set()  # the old offence of 14 can no longer be punished


def test_cut_short_multiple_jump() -> None:
    # "A multiple jump must be carried out to its full extent; otherwise the opponent may
    # also remove this stone from the board." Black 5 can take 9 then 18 (5x14x23).
    board = trad("B:W9,18,30:B5")
    assert {m.long() for m in board.legal_moves if m.is_capture} >= {"5x14", "5x14x23"}
    board.push("5x14")
    assert huffs(board) == {14}
    board = trad("B:W9,18,30:B5")
    board.push("5x14x23")
    assert huffs(board) == set()


def test_man_capturing_while_a_king_could() -> None:
    # "The king always has priority in jumping, even if it would jump fewer stones ... If it
    # does not use a possibility of jumping, it may be removed": black king 4 could take 8,
    # the man 14 takes 18 instead, so the king may be huffed.
    board = trad("B:W8,18,30:BK4,14")
    board.push("14x23")
    assert huffs(board) == {4}


def test_several_offenders_opponent_chooses() -> None:
    # "If the player had several possibilities of jumping and carried out none of them, the
    # opponent may remove any one of the stones that should have jumped."
    board = trad("B:W18,19,30:B14,15,1")
    board.push("1-5")
    assert huffs(board) == {14, 15}
    assert {str(m) for m in board.legal_moves if m.huff == 15} >= {"h15,30-26"}


def test_complete_captures_give_no_huff() -> None:
    board = trad("B:W18,30:B14,1")
    board.push("14x23")
    assert huffs(board) == set()


def test_strict_czech_never_huffs() -> None:
    board = Board("czech", "B:W18,30:B14,1")
    with pytest.raises(IllegalMoveError, match="capture is compulsory"):
        board.push("1-5")


def test_huffed_square_may_be_crossed_by_the_capture_that_follows() -> None:
    # found by hypothesis: White's 30-26 left 22 and 23 able to capture; Black huffs 23 and
    # its man on 16 jumps through the emptied square (16x23x30). The long form reads back.
    board = Board("czech-traditional")
    for move in ["10-14", "22-17", "11-16", "26-22", "14-18", "24-19", "9-13", "30-26"]:
        board.push(move)
    assert huffs(board) == {22, 23}
    (move,) = [m for m in board.legal_moves if m.long() == "h23,16x23x30"]
    assert board.parse_move("h23,16x23x30") == move
    assert board.parse_move(board.notation(move)) == move
