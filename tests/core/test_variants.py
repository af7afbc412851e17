"""The registry and the per-variant rule parameters that perft cannot see."""

from __future__ import annotations

import pytest

from damier import Board, UnknownVariantError, get_variant, variant_names
from damier.core.kingmoves import side_state

REQUIRED = ["international", "czech", "czech-traditional", "brazilian", "russian", "english", "pool",
            "italian", "spanish", "canadian", "frisian", "frysk", "turkish", "antidraughts",
            "breakthrough"]


def test_every_required_variant_is_registered() -> None:
    assert sorted(variant_names()) == sorted(REQUIRED)
    assert variant_names()[0] == "international"
    for alias in ("american", "checkers"):
        assert get_variant(alias).name == "english"


def test_unknown_variant_lists_known_ones() -> None:
    with pytest.raises(UnknownVariantError, match="known variants: international, antidraughts"):
        get_variant("chess")


@pytest.mark.parametrize(
    ("name", "gametype", "first_squares"),
    [("international", "20,W,10,10,N2,0", "1"), ("czech", "29,W,8,8,A0,0", "b8"),
     ("russian", "25,W,8,8,A0,0", "b8"), ("english", "21,B,8,8,N1,0", "1"),
     ("turkish", "30,W,8,8,A0,0", "a8"), ("italian", "22,W,8,8,N2,1", "1")],
)
def test_pdn_gametype_and_square_names(name: str, gametype: str, first_squares: str) -> None:
    rules = get_variant(name)
    assert rules.gametype == gametype
    assert rules.names.label(0) == first_squares or rules.names.number(0) >= 1


def test_russian_man_crowned_mid_capture_goes_on_as_king() -> None:
    # VARIANTS §1/§3 Russian: crowned at once, the piece continues capturing as a king. The
    # man b6 takes c7 and is crowned on d8; as a king it flies over e7 to g5 and over f4. A
    # man would have stopped on f6 after e7.
    board = Board("russian", "W:Wb6:Bc7,e7,f4")
    assert {m.long() for m in board.legal_moves} == {"b6:d8:g5:c1", "b6:d8:g5:d2", "b6:d8:g5:e3"}
    move = board.push("b6:d8:g5:e3")
    assert move.promotes and len(move.captured) == 3 and board.piece_at("e3") == "W"


def test_english_short_kings_and_crowning_ends_move() -> None:
    board = Board("english", "B:WK30:B14,K1")
    # kings move one square; the black king on 1 cannot fly
    assert {m.to_square for m in board.legal_moves if m.from_square == 1} == {5, 6}


def test_italian_men_cannot_take_kings() -> None:
    board = Board("italian", "W:W22:BK18,K17,5")
    assert not any(m.is_capture for m in board.legal_moves)


def test_turkish_men_move_forward_and_sideways() -> None:
    board = Board("turkish", "W:Wd4:Bh8")
    assert sorted(str(m) for m in board.legal_moves) == ["d4-c4", "d4-d5", "d4-e4"]


def test_turkish_pieces_removed_at_once() -> None:
    # VARIANTS §2 Turkish: each captured piece is removed as it is jumped, so the king may
    # cross or land on the square of g3, taken first, at the end of its capture.
    board = Board("turkish", "W:WKg2:Be3,Kg3,Kc4,Ke8")
    assert {m.long() for m in board.legal_moves} == {
        "g2xg8xc8xc3xf3", "g2xg8xc8xc3xg3", "g2xg8xc8xc3xh3"}


def test_turkish_no_180_degree_turn() -> None:
    # a king that jumps d4 going right may not come straight back left over b4 in the same
    # capture (VARIANTS §2 "a 180° turn between two jumps is forbidden")
    board = Board("turkish", "W:WKc4:Bd4,b4,h8")
    for move in board.legal_moves:
        assert len(move.captured) == 1, move.long()


def test_frisian_king_move_limit() -> None:
    # three successive quiet moves of one king while men remain; the fourth is refused
    board = Board("frisian", "W:WK46,50:B1,2")
    for move in ["46-41", "1-6", "41-37", "6-11", "37-32", "2-7"]:
        board.push(move)
    assert side_state(board.position.aux, 0) == (31, 3)  # the king on square 32, 3 moves
    assert sorted(str(m) for m in board.legal_moves) == ["50-44", "50-45"]
    board.push("50-44")  # a man move resets the count
    board.push("7-12")
    assert any(m.from_square == 32 for m in board.legal_moves)


def test_frisian_orthogonal_capture_and_value_rule() -> None:
    # a man captures along a row: 23 takes 24 landing on 25 (the next playing squares)
    board = Board("frisian", "W:W23:B24,1")
    assert [m.long() for m in board.legal_moves] == ["23x25"]
    # a king (199) is worth more than a man (100): take the king
    board = Board("frisian", "B:WK22,24:B28,29,K48")
    assert [str(m) for m in board.legal_moves] == ["28x17"]
