"""The Frisian king-move limit (VARIANTS.md §2 Frisian, "Special").

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
    from damier.core.movegen import apply_plain

    limit = gen.rules.king_move_limit
    mask = gen.mask
    index_of = gen.index_of

    def legal(pos: Position) -> list[FastMove]:
        moves = gen.legal_raw(pos.white, pos.black, pos.kings, pos.turn)
        mine = pos.white if pos.turn == WHITE else pos.black
        square, count = side_state(pos.aux, pos.turn)
        if square < 0 or count < limit or not mine & ~pos.kings:
            return moves
        blocked = mask[square]
        return [m for m in moves if m[0] != blocked or m[2]]

    def apply(pos: Position, m: FastMove) -> Position:
        after = apply_plain(pos, m)
        frm, to, remove = m[0], m[1], m[2]
        turn = pos.turn
        if remove or not frm & pos.kings:
            aux = _with_side(pos.aux, turn, -1, 0)
        else:
            square, count = side_state(pos.aux, turn)
            count = count + 1 if square >= 0 and mask[square] == frm else 1
            aux = _with_side(pos.aux, turn, index_of[to], count)
        return Position(after.white, after.black, after.kings, after.turn, aux)

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

    def perft(white: int, black: int, kings: int, turn: int, aux: int, depth: int) -> int:
        blocked = restricted(white, black, kings, turn, aux) if aux else 0
        if depth == 1 and not blocked:
            return count_raw(white, black, kings, turn)
        moves = legal_raw(white, black, kings, turn)
        if blocked:
            moves = [m for m in moves if m[0] != blocked or m[2]]
        if depth == 1:
            return len(moves)
        total = 0
        for m in moves:
            frm, to, rem, kx = m[0], m[1], m[2], m[3]
            naux = next_aux(aux, turn, kings, m) if kings else 0
            if turn == WHITE:
                total += perft(white ^ frm ^ to, black & ~rem, (kings & ~rem) ^ kx, 1, naux, depth - 1)
            else:
                total += perft(white & ~rem, black ^ frm ^ to, (kings & ~rem) ^ kx, 0, naux, depth - 1)
        return total

    def position_perft(pos: Position, depth: int) -> int:
        if depth <= 0:
            return 1
        return perft(pos.white, pos.black, pos.kings, pos.turn, pos.aux, depth)

    gen.stateful = True
    gen._legal_pos = legal
    gen._apply_pos = apply
    gen._perft_pos = position_perft
