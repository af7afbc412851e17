"""Positions for the native tests: random games and random placements (tests/core/positions.py)
plus placements with variant state in ``Position.aux``: huffing offenders and Frisian
king-move counters, which random games reach only now and then."""

from __future__ import annotations

import random

from damier.core.colors import WHITE
from damier.core.position import Position
from damier.core.rules import Rules
from tests.core.positions import playout_positions, scattered_position, scattered_positions


def with_state(rules: Rules, pos: Position, rng: random.Random) -> Position:
    """``pos`` with a random ``aux`` of the variant's stateful rule (unchanged otherwise)."""
    g = rules.geometry
    if rules.huffing:
        # pieces of the side that just moved (the opponent of the side to move)
        movers = pos.black if pos.turn == WHITE else pos.white
        aux = 0
        for i in g.squares_of(movers):
            if rng.random() < 0.4:
                aux |= g.mask[i]
        return pos._replace(aux=aux)
    if rules.king_move_limit:
        aux = 0
        for shift, side in ((0, pos.white), (16, pos.black)):
            kings = g.squares_of(side & pos.kings)
            if kings and rng.random() < 0.8:
                square = rng.choice(kings)
                count = rng.randint(1, rules.king_move_limit + 1)
                aux |= (square + 1) << shift | count << (shift + 8)
        return pos._replace(aux=aux)
    return pos


def native_test_positions(rules: Rules, seed: int = 7, count: int = 2000) -> list[Position]:
    """``count`` positions of random games, ``count`` random placements (many kings), and for
    variants with state ``count`` more placements with a random ``aux``."""
    rng = random.Random(seed)
    out = playout_positions(rules, count, seed) + scattered_positions(rules, count, seed + 4)
    if rules.huffing or rules.king_move_limit:
        out += [with_state(rules, scattered_position(rules, rng), rng) for _ in range(count)]
        out += [with_state(rules, p, rng) for p in playout_positions(rules, count // 2, seed + 9)]
    return out
