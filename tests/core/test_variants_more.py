"""Rule vectors of the six variants of issue 20 (Thai, Portuguese, Malaysian, Ceylonese,
Old French, German), each citing the article of the rule book it checks (docs/rules/thai.md
and the other pages; the sources are there and in the variant modules' docstrings), and the
rules parameters they brought in.

Positions are written with algebraic squares (every variant reads them; on an inverted
board they are the physical names), and moves are compared as algebraic paths so that a
test reads the same whatever the variant's numbering.
"""

from __future__ import annotations

import pytest

from damier import Board, DamierError
from damier.core.colors import BLACK, WHITE
from damier.core.move import Move
from damier.formats.gametype import gametype_tag, rules_for_gametype


def path(move: Move) -> str:
    """``c3xe5xg7``: the start and landing squares, algebraic."""
    names = move.rules.names
    squares = [names.algebraic(move.start), *(names.algebraic(i) for i in move.path_indices)]
    return ("x" if move.is_capture else "-").join(squares or [names.algebraic(move.end)])


def quiet_path(move: Move) -> str:
    names = move.rules.names
    return f"{names.algebraic(move.start)}-{names.algebraic(move.end)}"


def moves(board: Board) -> set[str]:
    return {path(m) if m.is_capture else quiet_path(m) for m in board.legal_moves}


def strict_captures(board: Board) -> set[str]:
    """The captures the choice rules allow (for huffing variants, what must be played to
    escape the huff)."""
    from damier.core.notation import make_move

    return {path(make_move(board.rules, board.gen, fm)) for fm in board.gen.captures(board.position)}


def huffable(board: Board) -> set[str]:
    names = board.rules.names
    return {names.algebraic(m.huff_index) for m in board.legal_moves if m.huff_index is not None}


# -- Thai ---------------------------------------------------------------------------------------


def test_thai_start_and_first_player_by_choice() -> None:
    # [Thai 1, Thai 2, Thai 10] 8 men each on the two nearest rows, four rows empty; Black
    # by default as PDN 31,B says, but the players choose
    board = Board("thai")
    assert board.turn == BLACK
    assert board.fen() == "B:W1,2,3,4,5,6,7,8:B25,26,27,28,29,30,31,32"
    assert len(board.legal_moves) == 7
    other = Board("thai", first_player=WHITE)
    assert other.turn == WHITE and other.position.white == board.position.white
    with pytest.raises(DamierError, match="first player is fixed"):
        Board("international", first_player=BLACK)


def test_thai_king_lands_directly_behind_the_piece() -> None:
    # [Thai 5] a1 sees d4 from afar and must land directly behind it, on e5
    assert moves(Board("thai", "W:WKa1:Bd4")) == {"a1xe5"}
    # German kings land anywhere beyond
    assert moves(Board("german", "W:WKa1:Bd4")) == {"a1xe5", "a1xf6", "a1xg7", "a1xh8"}


def test_thai_pieces_removed_at_once_and_king_may_turn_back() -> None:
    # [Thai 6, Thai 7] removed as they are jumped, and the king may turn straight back:
    # after e5 the king turns back across the emptied e5 and d4 to take b2 (and the other
    # way round); with the pieces lifted at the end, e5 would block the way back
    assert moves(Board("thai", "W:WKc3:Be5,b2")) == {"c3xf6xa1", "c3xa1xf6"}
    board = Board("thai", "W:WKc3:Be5,b2")
    move = board.parse_move("c3-f6-a1")
    names = board.rules.names
    assert [names.algebraic(i) for i in move.captured_indices] == ["e5", "b2"]


def test_thai_men_capture_forward_with_free_choice() -> None:
    # [Thai 3, Thai 8] men capture forward only (c3, behind d4, is not taken); free choice:
    # the single h2xf4 beside the double c3xe5xg7, but a sequence is completed (c3xe5 alone
    # is not a move)
    assert moves(Board("thai", "W:Wd4:Bc3,e5")) == {"d4xf6"}
    assert moves(Board("thai", "W:Wc3,h2:Bd4,f6,g3")) == {"h2xf4", "c3xe5xg7"}


def test_thai_crowning_capture_ends_the_move_and_is_written_with_a_hyphen() -> None:
    # [Thai 4, Thai 10]
    board = Board("thai", "W:Wb6:Bc7,e7")
    (move,) = board.legal_moves
    assert path(move) == "b6xd8" and move.promotes
    assert "-" in str(move) and "x" not in str(move)  # the PDN 31 capture separator


# -- Portuguese ---------------------------------------------------------------------------------


def test_portuguese_numbering_from_whites_bottom_right() -> None:
    # [Portuguese 1, Portuguese 2] square 1 is White's bottom-right playing square, counting
    # right to left and bottom to top; the near-left corner square is light
    board = Board("portuguese")
    names = board.rules.names
    assert [names.algebraic(names.index_of_number(n)) for n in (1, 4, 5, 8, 32)] == [
        "h1", "b1", "g2", "a2", "a8"]
    assert board.fen() == "W:W1,2,3,4,5,6,7,8,9,10,11,12:B21,22,23,24,25,26,27,28,29,30,31,32"
    with pytest.raises(DamierError):
        Board("portuguese", "W:Wa1:Bh8")


def test_portuguese_quantity_then_quality() -> None:
    # [Portuguese 5] quality — at equal number, the pieces of greatest value (the king on g2)
    assert moves(Board("portuguese", "W:Wd3,f1:Be4,Kg2")) == {"f1xh3"}
    # quantity first: two men before one king
    assert moves(Board("portuguese", "W:Wd3,f1:Be4,e6,Kg2")) == {"d3xf5xd7"}


def test_portuguese_and_thai_gametypes() -> None:
    assert rules_for_gametype("28").name == "portuguese"
    assert rules_for_gametype("31").name == "thai"
    assert gametype_tag(Board("portuguese").rules) == "28"


# -- Malaysian ----------------------------------------------------------------------------------


def test_malaysian_board_and_first_player_by_lot() -> None:
    board = Board("malaysian")
    assert board.rules.size == 12
    assert board.position.white.bit_count() == board.position.black.bit_count() == 30
    assert Board("malaysian", first_player=BLACK).turn == BLACK


def test_malaysian_men_capture_forward_only_and_the_most_pieces() -> None:
    # [Malaysian 3, Malaysian 5] men capture only forward; the most pieces must be taken
    board = Board("malaysian", "W:Wf6,j6:Be5,g7,g9,k7")
    assert strict_captures(board) == {"f6xh8xf10"}
    # under the huff every physically possible move may be played ...
    assert {"f6xh8", "j6xl8", "f6-e7"} <= moves(board)


def test_malaysian_king_before_man_at_equal_count() -> None:
    # [Malaysian 6] at equal count a king must capture rather than a man: the man c3 and the
    # king h2 can each take one piece
    board = Board("malaysian", "W:Wc3,Kh2:Bd4,j4")
    assert strict_captures(board) == {"h2xk5", "h2xl6"}
    board.push(board.parse_move("c3xe5"))
    assert huffable(board) == {"h2"}  # the king should have captured


def test_malaysian_huff_after_a_smaller_capture() -> None:
    # [Malaysian 7] the huff; f6 can take two pieces
    fen = "W:Wf6,j6,a1:Be5,g7,g9,k7,l12"
    board = Board("malaysian", fen)
    board.push(board.parse_move("f6xh8"))
    assert huffable(board) == {"h8"}  # it stopped after one: the piece itself
    board = Board("malaysian", fen)
    board.push(board.parse_move("j6xl8"))
    assert huffable(board) == {"f6"}  # another piece took fewer: the one that could take two
    board = Board("malaysian", fen)
    board.push(board.parse_move("a1-b2"))
    assert huffable(board) == {"f6"}
    board = Board("malaysian", fen)
    board.push(board.parse_move("f6xh8xf10"))
    assert huffable(board) == set()


# -- Ceylonese ----------------------------------------------------------------------------------


def test_ceylonese_turned_board() -> None:
    # [Ceylonese 1] a dark double corner on each player's left, the near-left square light
    board = Board("ceylonese")
    names = board.rules.names
    with pytest.raises(ValueError, match="not a playing square"):
        names.index_of_algebraic("a1")
    assert names.algebraic(names.index_of_number(1)) == "a12"
    assert board.position.white.bit_count() == 30 and board.turn == WHITE


def test_ceylonese_men_capture_backwards_and_the_most_pieces() -> None:
    # [Ceylonese 2] e6 takes f5 backwards, then f3 (the most pieces), not d5 alone
    assert moves(Board("ceylonese", "W:We6:Bf5,d5,f3")) == {"e6xg4xe2"}


# -- Old French ---------------------------------------------------------------------------------


def test_old_french_short_kings_free_choice() -> None:
    # [Old French 4]
    board = Board("old-french", "W:WKd4:Bh8")
    assert moves(board) == {"d4-c5", "d4-e5", "d4-c3", "d4-e3"}
    board = Board("old-french", "W:Wc3,h2:Bd4,f6,g3,a7")
    assert strict_captures(board) == {"h2xf4", "c3xe5xg7"}


def test_old_french_huff_for_a_missed_capture() -> None:
    # [Old French 5] the offending piece may be huffed when a capture was missed; the quiet
    # move itself may be played
    board = Board("old-french", "W:Wc3,h2:Bd4,a7")
    board.push(board.parse_move("h2-g3"))
    assert huffable(board) == {"c3"}
    board = Board("old-french", "W:Wc3,h2:Bd4,a7")
    board.push(board.parse_move("c3xe5"))
    assert huffable(board) == set()


def test_old_french_crowning_capture_stops() -> None:
    # [Old French 4]
    board = Board("old-french", "W:Wb6:Bc7,e7")
    assert strict_captures(board) == {"b6xd8"}


# -- German -------------------------------------------------------------------------------------


def test_german_men_capture_backwards_free_choice() -> None:
    # [German 2, German 4] men capture backwards; free choice
    assert moves(Board("german", "W:Wd4:Bc3,h8")) == {"d4xb2"}
    assert moves(Board("german", "W:Wc3,h2:Bd4,f6,g3")) == {"h2xf4", "c3xe5xg7"}


def test_german_man_crowned_by_a_capture_stops() -> None:
    # [German 6] the move ends and the man is crowned (pool: it goes on as a man)
    assert moves(Board("german", "W:Wb6:Bc7,e7")) == {"b6xd8"}
    assert moves(Board("pool", "W:Wb6:Bc7,e7")) == {"b6xd8xf6"}


@pytest.mark.parametrize(
    ("variant", "number"),
    [("old-french", 101), ("german", 102), ("malaysian", 103), ("ceylonese", 104)],
)
def test_private_gametypes_read_back(variant: str, number: int) -> None:
    rules = Board(variant).rules
    assert rules.gametype_number == number
    assert rules_for_gametype(str(number)) is rules
    assert rules_for_gametype(rules.gametype) is rules
