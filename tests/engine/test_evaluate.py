"""The evaluation: colour symmetry in every variant, material first, endgame scaling."""

from __future__ import annotations

import random

import pytest

from damier import Board, all_variants
from damier.core.rules import Rules
from damier.engine.evaluate import VARIANT_WEIGHTS, build_evaluator, weights_for


def rotate(rules: Rules, bits: int) -> int:
    """The bitboard turned round by 180 degrees (each side's view of its own men)."""
    g = rules.geometry
    out = 0
    for i in g.squares_of(bits):
        r, c = g.coords(i)
        out |= g.mask[g.index_at(g.size - 1 - r, g.size - 1 - c)]
    return out


@pytest.mark.parametrize("rules", all_variants(), ids=lambda r: r.name)
def test_colour_symmetry(rules: Rules) -> None:
    evaluate = build_evaluator(rules)
    rng = random.Random(3)
    for _ in range(6):
        board = Board(rules)
        for _ply in range(rng.randrange(0, 80)):
            if board.outcome() is not None:
                break
            board.push(rng.choice(list(board.legal_moves)))
        w, b, k, t, _aux = board.position
        mirrored = evaluate(rotate(rules, b), rotate(rules, w), rotate(rules, k), 1 - t)
        assert evaluate(w, b, k, t) == mirrored, board.fen()


def test_material_dominates_and_kings_are_worth_more() -> None:
    rules = Board().rules
    evaluate = build_evaluator(rules)
    up_a_man = Board(fen="W:W31,32,33,34,35:B16,17,18,19").position
    assert evaluate(*up_a_man[:4]) > 60
    king = Board(fen="W:WK31:B16").position
    assert evaluate(*king[:4]) > 100


def test_lone_king_endings_are_scaled_towards_a_draw() -> None:
    rules = Board().rules
    evaluate = build_evaluator(rules)
    three_v_one = Board(fen="W:WK1,K2,K3:BK46").position  # black holds the long diagonal
    four_v_one = Board(fen="W:WK1,K2,K3,K4:BK46").position
    assert 0 < evaluate(*three_v_one[:4]) < 150
    assert evaluate(*four_v_one[:4]) > 500


def test_antidraughts_prefers_fewer_pieces() -> None:
    rules = Board("antidraughts").rules
    evaluate = build_evaluator(rules)
    pos = Board("antidraughts", fen="W:W31,32:B16,17,18").position
    assert evaluate(*pos[:4]) > 0


def test_every_named_weight_set_is_complete() -> None:
    for name, weights in VARIANT_WEIGHTS.items():
        assert weights.man != 0 and len(weights.runaway) >= 2, name
    assert weights_for(Board("turkish").rules) is VARIANT_WEIGHTS["turkish"]
