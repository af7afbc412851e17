"""The Frisian king-move limit (Frisian 5).

While a side still has men, one king may make at most ``rules.king_move_limit`` (3)
successive non-capturing moves; after that the same king may not make another quiet move
until its side has moved another piece or captured. The state lives in ``Position.aux``:
for each side, the square (index + 1, 0 = none) of the king that made the last quiet king
moves and how many in a row — byte 0/1 for White, byte 2/3 for Black.

:class:`KingMoveLimit` is the rule object the move generator of such a variant owns
(:mod:`damier.core.stateful`).

This module must not be used by variants without ``king_move_limit``.
"""

from __future__ import annotations

from damier.core.colors import WHITE
from damier.core.fastmove import FastMove, apply_plain
from damier.core.position import Position
from damier.core.rules import Rules
from damier.core.stateful import Child, PlainMoves, stateful_perft


def side_state(aux: int, color: int) -> tuple[int, int]:
    """``(king square index or -1, successive quiet moves)`` of ``color``."""
    shift = 0 if color == WHITE else 16
    sq = (aux >> shift) & 0xFF
    return sq - 1, (aux >> (shift + 8)) & 0xFF


def _with_side(aux: int, color: int, square: int, count: int) -> int:
    shift = 0 if color == WHITE else 16
    aux &= ~(0xFFFF << shift)
    return aux | ((square + 1) << shift) | (count << (shift + 8))


class KingMoveLimit:
    """The king-move limit over a variant's stateless move generation (a
    :class:`~damier.core.stateful.StatefulRule`)."""

    def __init__(self, rules: Rules, plain: PlainMoves) -> None:
        self.limit = rules.king_move_limit
        self.mask = rules.geometry.mask
        self.index_of = rules.geometry.index_of_mask
        self.plain = plain
        self._perft = stateful_perft(self.children, self.leaf_count, self.stateless_depth, plain.perft)

    def next_aux(self, aux: int, turn: int, kings: int, m: FastMove) -> int:
        """The state after move ``m`` of ``turn``: a capture or a man's move clears the
        mover's count; a quiet king move counts one more for that king (1 for another)."""
        frm, to, remove = m[0], m[1], m[2]
        if remove or not frm & kings:
            return aux & ~(0xFFFF << (0 if turn == WHITE else 16))
        square, count = side_state(aux, turn)
        count = count + 1 if square >= 0 and self.mask[square] == frm else 1
        return _with_side(aux, turn, self.index_of[to], count)

    def restricted(self, white: int, black: int, kings: int, turn: int, aux: int) -> int:
        """The mask of the king that may not make a quiet move now, or 0."""
        square, count = side_state(aux, turn)
        if square < 0 or count < self.limit:
            return 0
        mine = white if turn == WHITE else black
        return self.mask[square] if mine & ~kings else 0

    def moves_of(self, white: int, black: int, kings: int, turn: int, aux: int) -> list[FastMove]:
        """The legal moves: the stateless ones without the quiet moves of a king at its limit."""
        moves = self.plain.legal(white, black, kings, turn)
        blocked = self.restricted(white, black, kings, turn, aux) if aux else 0
        if blocked:
            moves = [m for m in moves if m[0] != blocked or m[2]]
        return moves

    def legal(self, pos: Position) -> list[FastMove]:
        return self.moves_of(pos.white, pos.black, pos.kings, pos.turn, pos.aux)

    def apply(self, pos: Position, m: FastMove) -> Position:
        return apply_plain(pos, m)._replace(aux=self.next_aux(pos.aux, pos.turn, pos.kings, m))

    # -- perft -----------------------------------------------------------------------------

    def perft(self, pos: Position, depth: int) -> int:
        return self._perft(pos, depth)

    def children(self, white: int, black: int, kings: int, turn: int, aux: int) -> list[Child]:
        moves = self.moves_of(white, black, kings, turn, aux)
        if not kings:
            return [(m[0], m[1], m[2], m[3], 0) for m in moves]
        return [(m[0], m[1], m[2], m[3], self.next_aux(aux, turn, kings, m)) for m in moves]

    def leaf_count(self, white: int, black: int, kings: int, turn: int, aux: int) -> int:
        if aux and self.restricted(white, black, kings, turn, aux):
            return len(self.moves_of(white, black, kings, turn, aux))
        return self.plain.count(white, black, kings, turn)

    def stateless_depth(self, aux: int, turn: int) -> int:
        """Plies within which no move list can be cut by the limit: the side to move (count
        c1) reaches the limit on its move at ply 2 * (limit - c1) at the earliest, the other
        side (count c2) at ply 2 * (limit - c2) + 1; a subtree of that depth or less is
        counted by the stateless rules."""
        c1 = side_state(aux, turn)[1]
        c2 = side_state(aux, 1 - turn)[1]
        return min(2 * (self.limit - c1), 2 * (self.limit - c2) + 1)
