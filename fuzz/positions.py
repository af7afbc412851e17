"""Positions for the fuzz harnesses that search: random king-heavy boards of every variant.

A board crowded with flying kings is where a capture allows another and another, so that the
quiescence search below a single horizon node could run to millions of lines (issue 24: a
Turkish board of 41 kings kept a depth-1 search busy for minutes). :func:`king_heavy` draws
such boards: kings of both sides on a random share of the squares, a few men, either side to
move, for any variant (Breakthrough, where the first king wins, gets a crowd of men instead).
This module must not search.

>>> board = king_heavy("turkish", random.Random(3))
>>> board.rules.name, bin(board.position.kings).count("1") >= 4
('turkish', True)
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from damier import Board, Position
from damier.core.errors import DamierError
from damier.core.variants import variant_names

VARIANTS = [v for v in variant_names() if "@" not in v]

TURKISH_41_KINGS = ("W:WKb1,Ke1,Kh1,Ka2,Kd2,Kg2,Kc3,Kf3,Kb4,Ke4,Kh4,Ka5,Kd5,Kg5,Kc6,Kf6,Kb7,Ke7,"
                    "Kh7,Ka8,Kd8,Kg8:BKc1,Kf1,Kb2,Ke2,Kh2,Ka3,Kd3,Kg3,Kc4,Kf4,Kb5,Ke5,Kh5,Ka6,Kd6,"
                    "Kg6,Kc7,Kf7,Kb8,Ke8,Kh8")
"""The position of issue 24: two thirds of the board in kings, every square attacked."""


def king_heavy(variant: str, rnd: random.Random) -> Board:
    """A legal board of ``variant`` with many kings of both sides (a few men on the inner
    rows too), drawn with ``rnd``; the game is not over."""
    rules = Board(variant).rules
    geo = rules.geometry
    inner = sum(geo.row_mask[1:-1])
    crowns = rules.goal != "breakthrough"  # there the first king ends the game: men only
    for _ in range(100):
        density = rnd.uniform(0.25, 0.75)
        white = black = kings = 0
        for mask in geo.mask:
            if rnd.random() >= density:
                continue
            if rnd.random() < 0.5:
                white |= mask
            else:
                black |= mask
            if crowns and (not mask & inner or rnd.random() < 0.85):
                kings |= mask
        if white.bit_count() < 2 or black.bit_count() < 2 or not white & kings and crowns:
            continue
        try:
            board = Board(rules, position=Position(white, black, kings, rnd.randrange(2)))
        except DamierError:
            continue
        if board.legal_moves and board.outcome() is None:
            return board
    raise AssertionError(f"no king-heavy position of {variant} drawn in 100 tries")


def king_heavy_boards() -> st.SearchStrategy[Board]:
    """Hypothesis strategy: :func:`king_heavy` boards of every variant."""
    return st.tuples(st.sampled_from(VARIANTS), st.integers(0, 2**32)).map(
        lambda case: king_heavy(case[0], random.Random(case[1])))
