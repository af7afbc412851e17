"""Quiet (non-capturing) moves of men and kings: listed as fast moves, or only counted.

Man moves are found for all men at once with one shift per step direction and read from
tables of ready-made fast moves; king moves walk each king's rays up to the first blocker
(a whole ray for a flying king, one square otherwise). Counting never builds a move.

* ``king_quiets(kings, occ, out)`` appends the quiet moves of ``kings`` to ``out``;
* ``king_quiet_count(kings, occ)`` counts them;
* ``quiets(white, black, kings, turn)`` / ``quiet_count(...)``: every quiet move of the side
  to move, whether or not a capture exists.

This module must not look at captures (whether a quiet move is legal is decided by the
caller). Entry point: :func:`build`.
"""

from __future__ import annotations

from collections.abc import Callable

from damier.core.colors import WHITE
from damier.core.fastmove import Out
from damier.core.tables import Tables

KingQuiets = Callable[[int, int, Out], None]
KingQuietCount = Callable[[int, int], int]
QuietCount = Callable[[int, int, int, int], int]
Quiets = Callable[[int, int, int, int], Out]


def build(tables: Tables) -> tuple[KingQuiets, KingQuietCount, QuietCount, Quiets]:
    """``(king_quiets, king_quiet_count, quiet_count, quiets)`` of the rules object ``tables``
    was built from."""
    INDEX = tables.index
    ALL = tables.all_squares
    MAN_QUIET = tables.man_quiet
    KING_QUIET = tables.king_quiet

    # king_quiets and king_quiet_count walk the same rays: one builds the list, the other
    # only counts (perft's leaves); sharing the walk would cost a call per ray.
    def king_quiets(k: int, occ: int, out: Out) -> None:
        while k:
            low = k & -k
            k ^= low
            for rmask, inc, moves in KING_QUIET[INDEX[low]]:
                blockers = rmask & occ
                if not blockers:
                    out.extend(moves)
                    continue
                if inc:
                    n = (rmask & ((blockers & -blockers) - 1)).bit_count()
                else:
                    n = (rmask >> blockers.bit_length()).bit_count()
                if n:
                    out.extend(moves[:n])

    def king_quiet_count(k: int, occ: int) -> int:
        n = 0
        while k:
            low = k & -k
            k ^= low
            for rmask, inc, _moves in KING_QUIET[INDEX[low]]:
                blockers = rmask & occ
                if not blockers:
                    n += rmask.bit_count()
                elif inc:
                    n += (rmask & ((blockers & -blockers) - 1)).bit_count()
                else:
                    n += (rmask >> blockers.bit_length()).bit_count()
        return n

    def quiet_count(white: int, black: int, kings: int, turn: int) -> int:
        mine = white if turn == WHITE else black
        occ = white | black
        empty = ALL & ~occ
        n = 0
        men = mine & ~kings
        if men:
            for s, src, _table in MAN_QUIET[turn]:
                n += (((men & src) << s if s > 0 else (men & src) >> -s) & empty).bit_count()
        if mine & kings:
            n += king_quiet_count(mine & kings, occ)
        return n

    def quiets(white: int, black: int, kings: int, turn: int) -> Out:
        mine = white if turn == WHITE else black
        occ = white | black
        empty = ALL & ~occ
        out: Out = []
        append = out.append
        men = mine & ~kings
        if men:
            for s, src, table in MAN_QUIET[turn]:
                t = ((men & src) << s if s > 0 else (men & src) >> -s) & empty
                while t:
                    low = t & -t
                    t ^= low
                    append(table[low])
        if mine & kings:
            king_quiets(mine & kings, occ, out)
        return out

    return king_quiets, king_quiet_count, quiet_count, quiets
