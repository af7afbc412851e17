"""FEN reading and writing (docs/pdn.md, "FEN") and the Hub position string."""

from __future__ import annotations

import pytest

from damier import Board, FenError, get_variant
from damier.core.fen import from_hub, parse_fen, to_hub, write_fen

INTL = get_variant("international")


def test_ranges_equal_lists() -> None:
    # [FEN "W:W31-50:B1-20"] is the same position as the listed form
    listed = "W:W" + ",".join(map(str, range(31, 51))) + ":B" + ",".join(map(str, range(1, 21)))
    assert parse_fen("W:W31-50:B1-20", INTL) == parse_fen(listed, INTL)
    assert write_fen(parse_fen("W:W31-50:B1-20", INTL), INTL) == listed


def test_english_example_kings() -> None:
    english = get_variant("english")
    board = Board(english, "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29")
    assert board.turn == 1
    assert [board.piece_at(s) for s in (10, 15, 22, 25, 29, 18)] == ["W", "W", "B", "B", "B", "w"]


def test_king_ranges_and_trailing_dot() -> None:
    board = Board(fen="W:WK31-33:B1.")
    assert [board.piece_at(s) for s in (31, 32, 33, 1)] == ["W", "W", "W", "b"]


def test_lidraughts_suffix_and_empty_side() -> None:
    assert parse_fen("W:W31-50:B1-20:H0:F1", INTL) == parse_fen("W:W31-50:B1-20", INTL)
    pos = parse_fen("B:W31:B", INTL)
    assert pos.black == 0 and pos.white.bit_count() == 1


def test_algebraic_and_numeric_czech() -> None:
    czech = get_variant("czech")
    alg = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
    assert parse_fen(alg, czech) == parse_fen("W:W21-32:B1-12", czech)
    assert write_fen(parse_fen("W:W21-32:B1-12", czech), czech) == alg


@pytest.mark.parametrize(
    ("fen", "message"),
    [
        ("W:W31,51:B1", "square 51 does not exist"),
        ("W:W31,31:B1", "square 31 is listed twice"),
        ("W:W31:B31", "square 31 is listed twice"),
        ("W:W3:B40", "a white man on square 3 stands on its own crowning row"),
        ("W:W31:B47", "a black man on square 47 stands on its own crowning row"),
        ("X:W31:B1", "side to move must be W or B"),
        ("W:W31:B1:junk", "field 4 'junk' must start with W or B"),
        ("W:W31:B1,", "empty square"),
        ("W:W3x:B1", "'3x' is not a square"),
        ("W:W35-31:B1", "runs backwards"),
        ("", "empty position"),
        ("W:W31:W32", "listed twice"),
    ],
)
def test_errors_say_what_and_where(fen: str, message: str) -> None:
    with pytest.raises(FenError, match=message):
        parse_fen(fen, INTL)


def test_hub_round_trip() -> None:
    board = Board(fen="B:WK25,K44,27,28:B9,17,20,30,34,37,K48")
    hub = to_hub(board.position, INTL)
    assert len(hub) == 51 and hub[0] == "B" and hub[25] == "W" and hub[48] == "B"
    assert from_hub(hub, INTL) == board.position
    assert to_hub(Board().position, INTL) == "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"


@pytest.mark.parametrize(
    ("text", "message"),
    [("W" + "e" * 49, "expected 51 characters"), ("X" + "e" * 50, "side to move"),
     ("W" + "q" + "e" * 49, "character 2 'q'")],
)
def test_hub_errors(text: str, message: str) -> None:
    with pytest.raises(FenError, match=message):
        from_hub(text, INTL)


def test_inverted_boards_name_squares_from_their_own_corner() -> None:
    # Italian: square 1 at the top left of a board whose near-left corner is light (22,...,N2,1)
    italian = Board("italian")
    assert italian.fen() == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    # Spanish: square 1 at White's bottom right (24,W,8,8,N1,1): White starts on 1-12
    spanish = Board("spanish")
    assert spanish.fen() == "W:W1,2,3,4,5,6,7,8,9,10,11,12:B21,22,23,24,25,26,27,28,29,30,31,32"
