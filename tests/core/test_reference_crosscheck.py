"""The fast generator agrees with the slow reference generator on random positions.

This is the evidence for variants without published perft counts (Turkish and the
huffing rules of ``czech-traditional``, docs/perft.md "Without published counts") and a
second, independent code path for every other variant: positions from random games and
random placements with many kings, in every registered variant; the legal moves must be the same set of
(from, to, captured set, huff) and the fast generator must not list a move twice.
"""

from __future__ import annotations

import pytest

from damier.core.movegen import generator
from damier.core.position import Position
from damier.core.rules import Rules
from damier.core.variants import all_variants
from tests.core import reference
from tests.core.positions import playout_positions, scattered_positions

PLAYOUT = 2000
SCATTERED = 2000


def fast_keys(rules: Rules, pos: Position) -> list[tuple[object, ...]]:
    gen = generator(rules)
    g = rules.geometry
    keys = []
    for m in gen.legal(pos):
        frm, to, remove, _kx, _path, huff = m
        captured = frozenset(g.coords(i) for i in g.squares_of(remove & ~huff))
        keys.append((
            g.coords(gen.index_of[frm]),
            g.coords(gen.index_of[to]),
            captured,
            g.coords(gen.index_of[huff]) if huff else None,
        ))
    return keys


@pytest.mark.parametrize("rules", all_variants(), ids=lambda r: r.name)
def test_fast_generator_matches_reference(rules: Rules) -> None:
    positions = playout_positions(rules, PLAYOUT, seed=7) + scattered_positions(rules, SCATTERED, seed=11)
    for pos in positions:
        fast = fast_keys(rules, pos)
        assert len(fast) == len(set(fast)), f"duplicate move in {pos}"
        expected = reference.legal_keys(rules, pos)
        assert set(fast) == expected, (
            f"{rules.name}: {pos}\nonly fast: {set(fast) - expected}\nonly reference: {expected - set(fast)}"
        )


@pytest.mark.parametrize("rules", all_variants(), ids=lambda r: r.name)
def test_bulk_count_matches_move_list(rules: Rules) -> None:
    gen = generator(rules)
    for pos in playout_positions(rules, 400, seed=3) + scattered_positions(rules, 400, seed=5):
        assert gen.count(pos) == len(gen.legal(pos))
        assert gen.has_capture(pos) == any(m[2] for m in generator(rules).legal_raw(*pos[:4]))


def test_huffing_offenders_match_reference() -> None:
    """[seed 002 5]: after each physically possible move the set of pieces that may be
    huffed is the same as the reference's reading of seed 002."""
    from damier.core.variants import get_variant

    rules = get_variant("czech-traditional")
    gen = generator(rules)
    g = rules.geometry
    for pos in playout_positions(rules, 300, seed=13) + scattered_positions(rules, 300, seed=17):
        board = reference.board_of(pos, rules)
        for m in gen.legal(pos):
            if m[5]:
                continue  # the huff itself is checked by the move-list comparison
            after = gen.apply(pos, m)
            ref_move = reference.RefMove(
                g.coords(gen.index_of[m[0]]),
                g.coords(gen.index_of[m[1]]),
                tuple(g.coords(i) for i in gen.captured_order(m)),
                False,
            )
            expected = reference.offenders_after(rules, board, pos.turn, ref_move)
            got = {g.coords(i) for i in g.squares_of(after.aux)}
            assert got == expected, f"{pos} {ref_move}: {got} != {expected}"
