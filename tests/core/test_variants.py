"""The registry of variants, and rules that need a sequence of moves (the Frisian king-move
limit, Frisian 5). The rule cases that one position shows are test vectors in
tests/data/vectors/ (tests/core/test_rules_vectors.py)."""

from __future__ import annotations

import pytest

from damier import Board, UnknownVariantError, get_variant, variant_names
from damier.core.kingmoves import side_state

REQUIRED = ["international", "czech", "czech-traditional", "brazilian", "russian", "english", "pool",
            "italian", "spanish", "canadian", "frisian", "frysk", "turkish", "antidraughts",
            "breakthrough", "thai", "portuguese", "malaysian", "ceylonese", "old-french", "german"]


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


def test_frisian_king_move_limit() -> None:
    # [Frisian 5] three successive quiet moves of one king while men remain; the fourth is refused
    board = Board("frisian", "W:WK46,50:B1,2")
    for move in ["46-41", "1-6", "41-37", "6-11", "37-32", "2-7"]:
        board.push(move)
    assert side_state(board.position.aux, 0) == (31, 3)  # the king on square 32, 3 moves
    assert sorted(str(m) for m in board.legal_moves) == ["50-44", "50-45"]
    board.push("50-44")  # a man move resets the count
    board.push("7-12")
    assert any(m.from_square == 32 for m in board.legal_moves)
