"""The Frisian king-move limit (Frisian 5).

While a side still has men, one king may make at most ``rules.king_move_limit`` (3)
successive non-capturing moves; after that the same king may not make another quiet move
until its side has moved another piece or captured. The state lives in ``Position.aux``:
for each side, the square (index + 1, 0 = none) of the king that made the last quiet king
moves and how many in a row — byte 0/1 for White, byte 2/3 for Black.

This module must not be used by variants without ``king_move_limit``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from damier.core.colors import WHITE
from damier.core.position import Position

if TYPE_CHECKING:
    from damier.core.movegen import FastMove, MoveGenerator


def side_state(aux: int, color: int) -> tuple[int, int]:
    """``(king square index or -1, successive quiet moves)`` of ``color``."""
    shift = 0 if color == WHITE else 16
    sq = (aux >> shift) & 0xFF
    return sq - 1, (aux >> (shift + 8)) & 0xFF


def _with_side(aux: int, color: int, square: int, count: int) -> int:
    shift = 0 if color == WHITE else 16
    aux &= ~(0xFFFF << shift)
    return aux | ((square + 1) << shift) | (count << (shift + 8))


def install(gen: MoveGenerator) -> None:
    """Make ``gen``'s position-level entry points apply the king-move limit."""
    from damier.core.movegen import Child, apply_plain, stateful_perft

    limit = gen.rules.king_move_limit
    mask = gen.mask
    index_of = gen.index_of

    legal_raw = gen.legal_raw
    count_raw = gen.count_raw

    def next_aux(aux: int, turn: int, kings: int, m: FastMove) -> int:
        frm, to, remove = m[0], m[1], m[2]
        if remove or not frm & kings:
            return aux & ~(0xFFFF << (0 if turn == WHITE else 16))
        square, count = side_state(aux, turn)
        count = count + 1 if square >= 0 and mask[square] == frm else 1
        return _with_side(aux, turn, index_of[to], count)

    def restricted(white: int, black: int, kings: int, turn: int, aux: int) -> int:
        """The mask of the king that may not make a quiet move now, or 0."""
        square, count = side_state(aux, turn)
        if square < 0 or count < limit:
            return 0
        mine = white if turn == WHITE else black
        return mask[square] if mine & ~kings else 0

    def moves_of(white: int, black: int, kings: int, turn: int, aux: int) -> list[FastMove]:
        moves = legal_raw(white, black, kings, turn)
        blocked = restricted(white, black, kings, turn, aux) if aux else 0
        if blocked:
            moves = [m for m in moves if m[0] != blocked or m[2]]
        return moves

    def legal(pos: Position) -> list[FastMove]:
        return moves_of(pos.white, pos.black, pos.kings, pos.turn, pos.aux)

    def apply(pos: Position, m: FastMove) -> Position:
        return apply_plain(pos, m)._replace(aux=next_aux(pos.aux, pos.turn, pos.kings, m))

    def children(white: int, black: int, kings: int, turn: int, aux: int) -> list[Child]:
        moves = moves_of(white, black, kings, turn, aux)
        if not kings:
            return [(m[0], m[1], m[2], m[3], 0) for m in moves]
        return [(m[0], m[1], m[2], m[3], next_aux(aux, turn, kings, m)) for m in moves]

    def leaf_count(white: int, black: int, kings: int, turn: int, aux: int) -> int:
        if aux and restricted(white, black, kings, turn, aux):
            return len(moves_of(white, black, kings, turn, aux))
        return count_raw(white, black, kings, turn)

    gen.stateful = True
    gen._legal_pos = legal
    gen._apply_pos = apply
    def stateless_depth(aux: int, turn: int) -> int:
        """Plies within which no move list can be cut by the limit: the side to move (count
        c1) reaches the limit on its move at ply 2 * (limit - c1) at the earliest, the other
        side (count c2) at ply 2 * (limit - c2) + 1; a subtree of that depth or less is
        counted by the stateless rules."""
        c1 = side_state(aux, turn)[1]
        c2 = side_state(aux, 1 - turn)[1]
        return min(2 * (limit - c1), 2 * (limit - c2) + 1)

    gen._perft_pos = stateful_perft(children, leaf_count, stateless_depth, gen.perft_raw)
