"""Move notation: every accepted input form, writing, and the reasons of illegal moves."""

from __future__ import annotations

import pytest

from damier import AmbiguousMoveError, Board, IllegalMoveError, NotationError

DIAGRAM_7 = "W:WK25,K44,27,28:B9,17,20,30,34,37,K48"
AMBIGUOUS = "W:WK47:B14,19,29,31,42"


@pytest.mark.parametrize(
    "text",
    ["25x42", "25:42", "25x14x3x26x42", "25:14:3:26:42", "1. 25x42", "1.25x42!", "25x42?!",
     "25x42x20x9x17x37", "25x3x42", "25-42"],
)
def test_forms_of_one_capture(text: str) -> None:
    board = Board(fen=DIAGRAM_7)
    assert board.parse_move(text).long() == "25x14x3x26x42"


def test_six_piece_king_capture_read_from_its_landing_squares() -> None:
    # seed 001 writes a six-piece king capture as 35:24:33:17:3:14:5; in this
    # position it is one of two six-piece captures and its long form picks it out
    board = Board(fen="W:WK35:B30,29,28,8,9,10")
    move = board.parse_move("35:24:33:17:3:14:5")
    assert move.path == [24, 33, 17, 3, 14, 5] and len(move.captured) == 6


def test_ambiguous_short_capture_lists_candidates() -> None:
    board = Board(fen=AMBIGUOUS)
    with pytest.raises(AmbiguousMoveError) as info:
        board.parse_move("47x36")
    assert info.value.candidates == ["47x38x20x9x36", "47x38x24x13x36"]


@pytest.mark.parametrize(
    ("text", "long"),
    [("47x38x24x13x36", "47x38x24x13x36"), ("47x24x36", "47x38x24x13x36"),
     ("47x33x24x13x36", "47x38x24x13x36"), ("47x38x20x9x36", "47x38x20x9x36"),
     ("47x36x42x29x14x31", "47x38x20x9x36"), ("47x36x31x19x29x42", "47x38x24x13x36")],
)
def test_long_and_hub_forms_resolve_pdn_section_5_4(text: str, long: str) -> None:
    assert Board(fen=AMBIGUOUS).parse_move(text).long() == long


def test_writing_short_unless_ambiguous() -> None:
    board = Board(fen=AMBIGUOUS)
    assert sorted(board.notation(m) for m in board.legal_moves) == ["47x38x20x9x36", "47x38x24x13x36"]
    board = Board(fen=DIAGRAM_7)
    (move,) = list(board.legal_moves)
    assert board.notation(move) == "25x42"
    assert board.notation(move, "long") == "25x14x3x26x42"
    assert board.notation(move, "hub") == "25x42x20x9x17x37"


def test_algebraic_forms() -> None:
    board = Board("czech")
    assert board.parse_move("c3-d4") == board.parse_move("c3d4") == board.parse_move("22-18")
    board = Board("russian", "W:Wc3:Bd4,f6,h8")
    move = board.parse_move("c3:e5:g7")
    assert str(move) == "c3:g7" and board.notation(move, "hub") == "c3xg7xd4xf6"


@pytest.mark.parametrize(
    ("fen", "text", "error", "message"),
    [
        ("W:W28,31,33-50:B1-18,20,23", "33-29", IllegalMoveError, "capture is compulsory: 28x19"),
        (DIAGRAM_7, "25x14x3x21", IllegalMoveError, "must capture 4 pieces, this captures 3"),
        (None, "51-46", NotationError, "square 51 does not exist"),
        (None, "19-23", IllegalMoveError, "square 19 holds a black piece, but white is to move"),
        (None, "28-23", IllegalMoveError, "there is no piece on square 28"),
        (None, "32-27x", NotationError, "not a move"),
        (None, "hello", NotationError, "not a move"),
        (None, "32-23", IllegalMoveError, "no legal move goes from 32 to 23"),
    ],
)
def test_illegal_moves_say_why(fen: str | None, text: str, error: type, message: str) -> None:
    board = Board(fen=fen)
    before = board.fen()
    with pytest.raises(error, match=message):
        board.push(text)
    assert board.fen() == before and board.ply == 0


def test_czech_king_priority_explained() -> None:
    board = Board("czech", "W:Wc3,Ke1:Bb4,b6,g3,h8")
    with pytest.raises(IllegalMoveError, match="a king can capture, so a king must capture: e1xh4"):
        board.push("c3xa5xc7")


def test_every_legal_move_parses_back_from_its_notation() -> None:
    for fen in (DIAGRAM_7, AMBIGUOUS, None, "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24"):
        board = Board(fen=fen)
        for move in board.legal_moves:
            for form in ("pdn", "long", "hub"):
                assert board.parse_move(board.notation(move, form)) == move


def test_every_legal_move_is_found_by_its_squares_and_only_by_them() -> None:
    """``Board.find_move``: the identity (from, to, captured set, huff) names one move."""
    boards = [Board(fen=fen) for fen in (DIAGRAM_7, AMBIGUOUS, None)]
    boards.append(Board("czech-traditional", "W:WK11,17,23,28,29,32:B3,4,5,6,10,12,14,15,16"))
    for board in boards:
        for move in board.legal_moves:
            found = board.find_move(move.from_square, move.to_square,
                                    reversed(move.captured), move.huff)
            assert found == move and found.huff == move.huff
            assert board.find_move(move.from_square, move.to_square, [*move.captured, 99]) is None
        assert board.find_move(99, 98) is None
    huffing = Board("czech-traditional", "B:W18,30:B14,1")
    huffing.push("1-5")
    assert str(huffing.find_move(30, 26, (), 14)) == "h14,30-26"
    assert huffing.find_move(30, 26, (), None) == huffing.parse_move("30-26")


def test_single_capture_beside_a_longer_one_with_the_same_ends() -> None:
    # found by a stress run: in free-choice rules a king may take one piece from 11 to 20
    # or go round and end on 20 too; "11x20" is the complete path of the first (docs/pdn.md,
    # "Long captures"), the other must be written in full
    board = Board("czech-traditional", "W:WK11,17,23,28,29,32:B3,4,5,6,10,12,14,15,16")
    short = [m for m in board.legal_moves if m.long() == "11x20" and m.huff is None]
    assert len(short) == 1
    for move in board.legal_moves:
        assert board.parse_move(board.notation(move)) == move
