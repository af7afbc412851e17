"""Property tests (hypothesis): random games never reach an illegal state, pop undoes push
exactly, FEN round-trips, and every legal move reads back from its own notation."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from damier import Board
from damier.core.fen import parse_fen, write_fen
from damier.core.variants import variant_names

variants = st.sampled_from(variant_names())
choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=60)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_sane(board: Board) -> None:
    pos = board.position
    g = board.rules.geometry
    assert pos.white & pos.black == 0, "a square holds two pieces"
    assert (pos.white | pos.black) & ~g.all_squares == 0, "a piece off the board"
    assert pos.kings & ~(pos.white | pos.black) == 0, "a king without a piece"
    promo_w, promo_b = board.rules.promotion_rows
    assert pos.white & ~pos.kings & promo_w == 0, "a white man on its crowning row"
    assert pos.black & ~pos.kings & promo_b == 0, "a black man on its crowning row"
    assert pos.turn in (0, 1)


@SETTINGS
@given(variant=variants, picks=choices)
def test_random_games_stay_legal_and_pop_restores(variant: str, picks: list[int]) -> None:
    board = Board(variant)
    history = [(board.position, board.draw_state, board.fen())]
    for pick in picks:
        if board.outcome() is not None:
            break
        moves = list(board.legal_moves)
        move = moves[pick % len(moves)]
        board.push(move)
        check_sane(board)
        history.append((board.position, board.draw_state, board.fen()))
    while board.ply:
        board.pop()
        history.pop()
        assert (board.position, board.draw_state, board.fen()) == history[-1]
    assert board.position == board.start_position


@SETTINGS
@given(variant=variants, picks=choices)
def test_fen_round_trip(variant: str, picks: list[int]) -> None:
    board = Board(variant)
    for pick in picks:
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[pick % len(moves)])
        fen = board.fen()
        back = parse_fen(fen, board.rules)
        pos = board.position
        assert (back.white, back.black, back.kings, back.turn) == (pos.white, pos.black, pos.kings, pos.turn)
        assert write_fen(back, board.rules) == fen
        # the other square notation reads back to the same position too
        other = write_fen(back, board.rules, algebraic=not board.rules.names.algebraic_default)
        assert parse_fen(other, board.rules)[:4] == back[:4]


@SETTINGS
@given(variant=variants, picks=choices)
def test_every_move_parses_back(variant: str, picks: list[int]) -> None:
    board = Board(variant)
    for pick in picks:
        moves = list(board.legal_moves)
        if not moves:
            break
        for move in moves:
            for form in ("pdn", "long", "hub"):
                assert board.parse_move(board.notation(move, form)) == move
        board.push(moves[pick % len(moves)])
