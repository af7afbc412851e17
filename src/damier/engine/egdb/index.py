"""Where a position lives in an endgame database: its configuration and its index.

This module is the readable twin of ``src/damier/native/egdb_index.c`` (the tests hold both
to the same answers). Positions are stored from the side to move's point of view: with Black
to move the board is turned half a circle and the colours swapped (square ``s`` becomes
``S - 1 - s``), so one table per :data:`Config` holds both colours.

A configuration is ``(wm, wk, bm, bk)``: the side to move's men and kings, then the
opponent's. The index of a position with White to move is, with ``F = S - wm - bm`` free
squares,

    ((rank(wm) * C(men_b, bm) + rank(bm)) * C(F, wk) + rank(wk)) * C(F - wk, bk) + rank(bk)

where the men are ranked among the squares a man of their colour may stand on (not its
promotion row) and the kings among the squares the men (then also the side to move's kings)
leave free; ``rank`` is the colex rank of the sorted places, the sum of ``C(place_j, j)``
(``j`` from 1). Men outermost keep the positions of one men's placement together, which
makes the tables compress well.

>>> from damier.core.variants import get_variant
>>> ix = EgdbIndex(get_variant("international"))
>>> ix.size((0, 1, 0, 1)), ix.size((1, 0, 1, 0))
(2450, 2025)
>>> pos = ix.position((1, 1, 0, 1), 12345)
>>> ix.config_of(pos), ix.index(pos)
((1, 1, 0, 1), 12345)

This module must not read files or search.
"""

from __future__ import annotations

from math import comb

from damier.core.position import Position
from damier.core.rules import Rules

Config = tuple[int, int, int, int]
"""``(wm, wk, bm, bk)``: men and kings of the side to move, then of the opponent."""

MAX_PIECES = 8
"""Pieces of one configuration at most (the index's limit, as in the C code)."""


def swapped(config: Config) -> Config:
    """The configuration seen from the other side.

    >>> swapped((2, 1, 0, 1))
    (0, 1, 2, 1)
    """
    wm, wk, bm, bk = config
    return (bm, bk, wm, wk)


def _rank(places: list[int]) -> int:
    return sum(comb(p, j) for j, p in enumerate(places, 1))


def _unrank(r: int, n: int, places: int) -> list[int]:
    out = [0] * n
    a = places - 1
    for j in range(n, 0, -1):
        while comb(a, j) > r:
            a -= 1
        out[j - 1] = a
        r -= comb(a, j)
        a -= 1
    return out


def _free_places(squares: list[int], taken: set[int]) -> list[int]:
    return [s - sum(1 for t in taken if t < s) for s in squares]


def _squares_at(places: list[int], taken: set[int], total: int) -> list[int]:
    free = [s for s in range(total) if s not in taken]
    return [free[p] for p in places]


class EgdbIndex:
    """The index of one variant's board (see the module docstring)."""

    def __init__(self, rules: Rules) -> None:
        g = rules.geometry
        self.rules = rules
        self.squares = g.squares
        self.mask = g.mask
        self.squares_of = g.squares_of
        promo = rules.promotion_rows
        self.men_squares: tuple[tuple[int, ...], tuple[int, ...]] = (
            tuple(s for s in range(g.squares) if not promo[0] & g.mask[s]),
            tuple(s for s in range(g.squares) if not promo[1] & g.mask[s]),
        )
        self.place_of = tuple({s: i for i, s in enumerate(sq)} for sq in self.men_squares)

    def size(self, config: Config) -> int:
        """The number of indices of ``config`` (0 if it cannot be on this board)."""
        wm, wk, bm, bk = config
        men = wm + bm
        if min(config) < 0 or sum(config) > MAX_PIECES or max(config) > 7 or sum(config) > self.squares:
            return 0
        return (comb(len(self.men_squares[0]), wm) * comb(len(self.men_squares[1]), bm)
                * comb(self.squares - men, wk) * comb(self.squares - men - wk, bk))

    def _turn_bits(self, bits: int) -> int:
        last = self.squares - 1
        out = 0
        for s in self.squares_of(bits):
            out |= self.mask[last - s]
        return out

    def turned(self, pos: Position) -> Position:
        """``pos`` turned half a circle with the colours swapped and the other side to move."""
        return Position(self._turn_bits(pos.black), self._turn_bits(pos.white),
                        self._turn_bits(pos.kings), 1 - pos.turn)

    def normal(self, pos: Position) -> Position:
        """``pos`` seen from its side to move (White to move; no aux)."""
        if pos.turn == 0:
            return Position(pos.white, pos.black, pos.kings, 0)
        return self.turned(pos)

    @staticmethod
    def config_of(pos: Position) -> Config:
        """The configuration of a position with White to move."""
        k = pos.kings
        return ((pos.white & ~k).bit_count(), (pos.white & k).bit_count(),
                (pos.black & ~k).bit_count(), (pos.black & k).bit_count())

    def index(self, pos: Position) -> int:
        """The index of a position with White to move in its configuration's table."""
        k = pos.kings
        wm, wk = self.squares_of(pos.white & ~k), self.squares_of(pos.white & k)
        bm, bk = self.squares_of(pos.black & ~k), self.squares_of(pos.black & k)
        men = set(wm) | set(bm)
        free = self.squares - len(men)
        index = _rank([self.place_of[0][s] for s in wm])
        index = index * comb(len(self.men_squares[1]), len(bm)) + _rank([self.place_of[1][s] for s in bm])
        index = index * comb(free, len(wk)) + _rank(_free_places(wk, men))
        return index * comb(free - len(wk), len(bk)) + _rank(_free_places(bk, men | set(wk)))

    def position(self, config: Config, index: int) -> Position | None:
        """The position (White to move) at ``index`` of ``config``; ``None`` where its men
        overlap (an index no position has)."""
        wm, wk, bm, bk = config
        free = self.squares - wm - bm
        n_bk, n_wk, n_bm = comb(free - wk, bk), comb(free, wk), comb(len(self.men_squares[1]), bm)
        r_bk, rest = index % n_bk, index // n_bk
        r_wk, men_rank = rest % n_wk, rest // n_wk
        r_bm, r_wm = men_rank % n_bm, men_rank // n_bm
        white_men = [self.men_squares[0][p] for p in _unrank(r_wm, wm, len(self.men_squares[0]))]
        black_men = [self.men_squares[1][p] for p in _unrank(r_bm, bm, len(self.men_squares[1]))]
        taken = set(white_men)
        if taken & set(black_men):
            return None
        taken |= set(black_men)
        white_kings = _squares_at(_unrank(r_wk, wk, free), taken, self.squares)
        black_kings = _squares_at(_unrank(r_bk, bk, free - wk), taken | set(white_kings), self.squares)
        m = self.mask
        kings = sum(m[s] for s in white_kings + black_kings)
        white = sum(m[s] for s in white_men + white_kings)
        black = sum(m[s] for s in black_men + black_kings)
        return Position(white, black, kings, 0)


__all__ = ["MAX_PIECES", "Config", "EgdbIndex", "swapped"]
