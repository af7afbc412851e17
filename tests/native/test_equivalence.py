"""The native generator answers exactly as the pure-Python one (issue 13 item 5).

Same legal-move lists (the same moves in the same order, with the same paths and so the same
captured order), counts, capture tests and positions after every move, on at least 4,000
positions per variant: random games, random placements with many kings, and placements with
huffing offenders or Frisian king-move counters. ``tests/core/test_reference_crosscheck.py``
holds whichever generator runs to the independent reference generator (the native one here,
the pure one in ``make test``'s ``DAMIER_PURE=1`` run).
"""

from __future__ import annotations

import pytest

from damier.core.move import Move
from damier.core.movegen import MoveGenerator, generator
from damier.core.native_movegen import NativeMoveGenerator
from damier.core.rules import Rules
from damier.core.variants import all_variants
from tests.core import reference
from tests.native.positions import native_test_positions

VARIANTS = all_variants()


def slots(moves: list[Move]) -> list[tuple[object, ...]]:
    """Everything a Move holds (the kernel builds them without Move.__init__)."""
    return [(m.rules, m.fast, m.start, m.end, m.path_indices, m.captured_indices, m.huff_index)
            for m in moves]


def pair(rules: Rules) -> tuple[NativeMoveGenerator, MoveGenerator]:
    native = generator(rules)
    assert isinstance(native, NativeMoveGenerator), f"{rules.name} is not on the native path"
    return native, MoveGenerator(rules)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
def test_same_moves_in_the_same_order(rules: Rules) -> None:
    native, pure = pair(rules)
    positions = native_test_positions(rules)
    assert len(positions) >= 4000
    for n, pos in enumerate(positions):
        expected = pure.legal(pos)
        assert native.legal(pos) == expected, f"{rules.name}: {pos}"
        assert slots(native.moves(pos)) == slots(pure.moves(pos)), f"{rules.name}: {pos}"
        assert native.count(pos) == len(expected), f"{rules.name}: {pos}"
        assert native.has_capture(pos) == pure.has_capture(pos), f"{rules.name}: {pos}"
        p4 = (pos.white, pos.black, pos.kings, pos.turn)
        assert native.legal_raw(*p4) == pure.legal_raw(*p4), f"{rules.name}: {pos}"
        assert native.count_raw(*p4) == pure.count_raw(*p4), f"{rules.name}: {pos}"
        if native.stateful and n % 5 == 0:  # the pure huffing judge is slow: every fifth position
            for m in expected:
                assert native.apply(pos, m) == pure.apply(pos, m), f"{rules.name}: {pos} {m}"


@pytest.mark.parametrize(
    "rules", [r for r in VARIANTS if r.huffing or r.king_move_limit], ids=lambda r: r.name
)
def test_stateful_placements_match_the_reference(rules: Rules) -> None:
    """The placements with a random ``aux`` are not in the core cross-check: the reference
    generator judges them too."""
    native, _pure = pair(rules)
    g = rules.geometry
    for pos in native_test_positions(rules, seed=21, count=600)[1200:]:
        got = set()
        for frm, to, remove, _kx, _path, huff in native.legal(pos):
            captured = frozenset(g.coords(i) for i in g.squares_of(remove & ~huff))
            got.add((g.coords(native.index_of[frm]), g.coords(native.index_of[to]), captured,
                     g.coords(native.index_of[huff]) if huff else None))
        assert got == reference.legal_keys(rules, pos), f"{rules.name}: {pos}"


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
def test_random_games_agree_move_by_move(rules: Rules) -> None:
    """Games played with the native generator's moves and positions: the pure generator lists
    the same moves all along, and both reach the same positions."""
    import random

    native, pure = pair(rules)
    rng = random.Random(5)
    from damier.core.position import start_position

    for _ in range(20):
        pos = start_position(rules)
        for _ply in range(150):
            moves = native.legal(pos)
            assert moves == pure.legal(pos)
            if not moves:
                break
            m = rng.choice(moves)
            after = native.apply(pos, m)
            assert after == pure.apply(pos, m)
            pos = after
