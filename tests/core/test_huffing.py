"""Huffing as a move of the game (Zapletal 5): its notation and its undo.

Which pieces may be huffed, case by case, is checked by the test vectors of
tests/data/vectors/czech-traditional.json (tests/core/test_rules_vectors.py).
"""

from __future__ import annotations

from damier import Board


def huffs(board: Board) -> set[int]:
    return {m.huff for m in board.legal_moves if m.huff is not None}


def test_huff_is_one_move_and_pop_undoes_move_and_huff() -> None:
    # [Zapletal 5.1, 5.4] Black plays 1-5 although 14 could take 18; White huffs 14 first
    board = Board("czech-traditional", "B:W18,30:B14,1")
    assert "1-5" in board.legal_moves  # a quiet move although 14x23 exists is playable
    board.push("1-5")
    move = board.push("h14,30-26")
    assert move.huff == 14 and str(move) == "h14,30-26"
    assert board.piece_at(14) is None and board.piece_at(26) == "w"
    board.pop()
    assert board.piece_at(14) == "b" and huffs(board) == {14}
