"""Random positions for property and cross-check tests (deterministic with a seed)."""

from __future__ import annotations

import random

from damier.core.colors import BLACK, WHITE
from damier.core.movegen import generator
from damier.core.position import Position, start_position
from damier.core.rules import Rules


def playout_positions(rules: Rules, count: int, seed: int, max_plies: int = 80) -> list[Position]:
    """Positions met in random games from the start (every position of each game)."""
    rng = random.Random(seed)
    gen = generator(rules)
    out: list[Position] = []
    while len(out) < count:
        pos = start_position(rules)
        for _ in range(rng.randint(1, max_plies)):
            moves = gen.legal(pos)
            if not moves:
                break
            pos = gen.apply(pos, rng.choice(moves))
            out.append(pos)
            if len(out) >= count:
                break
    return out


def scattered_position(rules: Rules, rng: random.Random) -> Position:
    """A random legal-looking placement: few pieces, many kings, no man on its crown row."""
    g = rules.geometry
    promo_w, promo_b = rules.promotion_rows
    squares = list(range(g.squares))
    rng.shuffle(squares)
    white = black = kings = 0
    for i in squares[: rng.randint(2, 14)]:
        bit = g.mask[i]
        color = rng.choice((WHITE, BLACK))
        king = rng.random() < 0.4
        if not king and bit & (promo_w if color == WHITE else promo_b):
            king = True
        if color == WHITE:
            white |= bit
        else:
            black |= bit
        if king:
            kings |= bit
    return Position(white, black, kings, rng.choice((WHITE, BLACK)), 0)


def scattered_positions(rules: Rules, count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    return [scattered_position(rules, rng) for _ in range(count)]
