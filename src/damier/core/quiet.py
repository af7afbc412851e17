"""Quiet (non-capturing) moves of men and kings: listed as fast moves, or only counted.

A man steps one square in one of its step directions onto an empty square; all the men of a
side are stepped at once, one shift of the bitboard per direction. A king walks each of its
step rays up to the first piece (the whole ray for a flying king, one square otherwise).

The order of the list is part of the behaviour (the native kernel gives the same, and the
engine's node counts depend on it):

* men first, by groups of rows from the top of the bitboard (one row for the diagonal-men
  variants, a pair of rows otherwise); in a group, direction by direction (for the diagonal
  variants the directions by index, up-left before up-right; otherwise in the order of
  ``Rules.man_steps``), each by increasing target square;
* then the kings, by increasing square, each ray in the order of ``Rules.king_steps``,
  nearest square first.

This module must not look at captures (whether a quiet move is legal is decided by the
caller). Entry point: :class:`QuietMoves`.
"""

from __future__ import annotations

from damier.core.colors import WHITE
from damier.core.fastmove import FastMove, Out
from damier.core.tables import Tables


def left_right(shift: int) -> tuple[int, int]:
    """``(left, right)`` such that ``bits << left >> right`` moves every bit of ``bits`` by
    ``shift`` positions (up when positive): one step in a direction, written without a branch
    (as the kernel does), since it runs for every position."""
    return (shift, 0) if shift >= 0 else (0, -shift)


class QuietMoves:
    """The quiet moves of one rules object (``diagonal_men``: see the module docstring)."""

    def __init__(self, t: Tables, diagonal_men: bool) -> None:
        self.all_squares = t.all_squares
        self.index = t.index
        self.king_quiet = t.king_quiet
        self.men_dirs: tuple[tuple[tuple[int, int, int, dict[int, FastMove]], ...], ...] = tuple(
            self._listing_order(t, color, diagonal_men) for color in (0, 1))
        height = 1 if diagonal_men else 2
        rows = t.geometry.row_mask
        self.row_groups = tuple(sum(rows[r:r + height]) for r in range(0, len(rows), height))

    @staticmethod
    def _listing_order(t: Tables, color: int, diagonal_men: bool
                       ) -> tuple[tuple[int, int, int, dict[int, FastMove]], ...]:
        """``(left, right, source mask, target bit -> move)`` per step direction, in listing
        order."""
        dirs = list(zip(t.man_step_dirs[color], t.man_quiet[color], strict=True))
        if diagonal_men:
            dirs.sort(key=lambda pair: pair[0])
        return tuple((*left_right(s), src, moves) for _d, (s, src, moves) in dirs)

    # -- men ---------------------------------------------------------------------------------

    def men_targets(self, men: int, empty: int, color: int) -> list[int]:
        """The empty squares the men of ``color`` step to, one bitboard per direction."""
        return [(men & src) << left >> right & empty for left, right, src, _moves in self.men_dirs[color]]

    def men(self, men: int, empty: int, color: int, out: Out) -> None:
        """Append the quiet moves of ``men`` (of ``color``) to ``out``, in listing order."""
        targets = self.men_targets(men, empty, color)
        left = 0
        for bits in targets:
            left |= bits
        tables = [moves for _left, _right, _src, moves in self.men_dirs[color]]
        for group in self.row_groups:
            if not left & group:
                continue
            for bits, moves in zip(targets, tables, strict=True):
                part = bits & group
                while part:
                    low = part & -part
                    part ^= low
                    out.append(moves[low])

    def men_count(self, men: int, empty: int, color: int) -> int:
        """The number of quiet moves of ``men``."""
        return sum(bits.bit_count() for bits in self.men_targets(men, empty, color))

    # -- kings -------------------------------------------------------------------------------

    def kings(self, kings: int, occ: int, out: Out) -> None:
        """Append the quiet moves of ``kings`` to ``out`` (``occ``: every piece)."""
        while kings:
            low = kings & -kings
            kings ^= low
            for ray, up, moves in self.king_quiet[self.index[low]]:
                out.extend(moves[:self._free(ray, up, occ, len(moves))])

    def kings_count(self, kings: int, occ: int) -> int:
        """The number of quiet moves of ``kings``."""
        n = 0
        while kings:
            low = kings & -kings
            kings ^= low
            for ray, up, moves in self.king_quiet[self.index[low]]:
                n += self._free(ray, up, occ, len(moves))
        return n

    @staticmethod
    def _free(ray: int, up: bool, occ: int, length: int) -> int:
        """How many squares of ``ray`` (squares of increasing bits when ``up``) come before
        the first piece."""
        blockers = ray & occ
        if not blockers:
            return length
        if up:
            return (ray & ((blockers & -blockers) - 1)).bit_count()
        return (ray >> blockers.bit_length()).bit_count()

    # -- the side to move --------------------------------------------------------------------

    def all(self, white: int, black: int, kings: int, turn: int) -> Out:
        """Every quiet move of the side to move, men first (whether or not it can capture)."""
        mine = white if turn == WHITE else black
        occ = white | black
        out: Out = []
        self.men(mine & ~kings, self.all_squares & ~occ, turn, out)
        self.kings(mine & kings, occ, out)
        return out

    def count(self, white: int, black: int, kings: int, turn: int) -> int:
        """``len(all(...))`` without building the moves."""
        mine = white if turn == WHITE else black
        occ = white | black
        return (self.men_count(mine & ~kings, self.all_squares & ~occ, turn)
                + self.kings_count(mine & kings, occ))


__all__ = ["QuietMoves", "left_right"]
