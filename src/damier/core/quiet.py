"""Quiet (non-capturing) moves of men and kings: listed as fast moves, or only counted.

Man moves are found for all men at once with one shift per step direction and read from
tables of ready-made fast moves; king moves walk each king's rays up to the first blocker
(a whole ray for a flying king, one square otherwise). Counting never builds a move.

* ``king_quiets(kings, occ, out)`` appends the quiet moves of ``kings`` to ``out``;
* ``king_quiet_count(kings, occ)`` counts them;
* ``quiets(white, black, kings, turn)`` / ``quiet_count(...)``: every quiet move of the side
  to move, whether or not a capture exists.

``quiets`` reads the men's moves a pair of rows at a time (as :mod:`~damier.core.diagonal`
does for its variants): the targets of every step direction go into one int, direction
``d`` shifted up by ``d * W``, and the part of that int in one pair of rows is the key of a
table of ready-made move tuples, filled on first use. A handful of lookups then replace a
loop over every move (Turkish men have about twenty quiet moves, three directions each).

This module must not look at captures (whether a quiet move is legal is decided by the
caller). Entry point: :func:`build`.
"""

from __future__ import annotations

from collections.abc import Callable

from damier.core.colors import WHITE
from damier.core.fastmove import FastMove, Out
from damier.core.rowgroups import MAX_KEYS
from damier.core.tables import Tables

KingQuiets = Callable[[int, int, Out], None]
KingQuietCount = Callable[[int, int], int]
QuietCount = Callable[[int, int, int, int], int]
Quiets = Callable[[int, int, int, int], Out]


def build(tables: Tables) -> tuple[KingQuiets, KingQuietCount, QuietCount, Quiets]:
    """``(king_quiets, king_quiet_count, quiet_count, quiets)`` of the rules object ``tables``
    was built from."""
    king_quiets, king_quiet_count = _king_walk(tables)
    quiet_count = _quiet_count(tables, king_quiet_count)
    rows = RowPairs(tables)
    layout = ([len(g) for g in rows.groups], [len(d) for d in rows.shifts])
    # written out for the two layouts that use this path (a loop over the directions and
    # the row pairs costs more than the lookups): Turkish (three directions, four row pairs)
    # and Frisian (two directions, five row pairs)
    if layout == ([4, 4], [3, 3]):
        quiets = _quiets_three(tables, rows, king_quiets)
    elif layout == ([5, 5], [2, 2]):
        quiets = _quiets_two(tables, rows, king_quiets)
    else:
        quiets = _quiets_loop(tables, rows, king_quiets)
    return king_quiets, king_quiet_count, quiet_count, quiets


def _king_walk(tables: Tables) -> tuple[KingQuiets, KingQuietCount]:
    """The kings' quiet moves, listed or counted, walking each ray to the first blocker."""
    INDEX = tables.index
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

    return king_quiets, king_quiet_count


def _quiet_count(tables: Tables, king_quiet_count: KingQuietCount) -> QuietCount:
    """The number of quiet moves of the side to move (one shift per step direction)."""
    ALL = tables.all_squares
    MAN_QUIET = tables.man_quiet

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

    return quiet_count


class RowPairs:
    """The row-pair tables of the men's quiet moves (see the module docstring): the targets
    of step direction ``d`` go into one key, shifted up by ``d * width``; ``groups[turn]``
    are the masks of the row pairs in that key, ``rows[turn]`` the tables (filled on first
    use by :meth:`fill`). Every variant's step shifts need no source mask (a step off the
    board lands on a ghost bit)."""

    def __init__(self, tables: Tables) -> None:
        man_quiet = tables.man_quiet
        assert all(src == -1 for per_color in man_quiet for _s, src, _t in per_color)
        self.all = tables.all_squares
        self.width = w = tables.all_squares.bit_length()
        rows = tables.geometry.row_mask
        pairs = [rows[r] | (rows[r + 1] if r + 1 < len(rows) else 0) for r in range(0, len(rows), 2)]
        self.man_quiet = man_quiet
        self.shifts = tuple(tuple((s, d * w) for d, (s, _src, _t) in enumerate(per_color))
                            for per_color in man_quiet)
        self.groups = tuple(
            tuple(sum(pair << d * w for d in range(len(per_color))) for pair in pairs)
            for per_color in man_quiet
        )
        self.rows: tuple[dict[int, tuple[FastMove, ...]], ...] = tuple({} for _ in man_quiet)

    def fill(self, turn: int, key: int) -> None:
        """Add the moves of every row pair of ``key`` missing from ``rows[turn]`` (after
        emptying it past ``rowgroups.MAX_KEYS`` keys: Turkish meets many row-pair keys on
        diverse positions, 34,000 per colour after 190,000 positions of random games)."""
        rows_table = self.rows[turn]
        if len(rows_table) > MAX_KEYS:
            rows_table.clear()
        for group in self.groups[turn]:
            part = key & group
            if part in rows_table:
                continue
            moves = []
            for (_s, off), (_s2, _src, table) in zip(self.shifts[turn], self.man_quiet[turn], strict=True):
                bits = (part >> off) & self.all
                while bits:
                    low = bits & -bits
                    bits ^= low
                    moves.append(table[low])
            rows_table[part] = tuple(moves)


def _quiets_loop(tables: Tables, rows: RowPairs, king_quiets: KingQuiets) -> Quiets:
    """Every quiet move, for any layout: a loop over the directions and the row pairs."""
    ALL = tables.all_squares
    SHIFTS, GROUPS, ROWS, fill = rows.shifts, rows.groups, rows.rows, rows.fill

    def quiets(white: int, black: int, kings: int, turn: int) -> Out:
        if turn == WHITE:
            mine = white
        else:
            mine = black
        occ = white | black
        empty = ALL ^ occ
        men = mine & ~kings
        key = 0
        for s, off in SHIFTS[turn]:
            key |= ((men << s if s > 0 else men >> -s) & empty) << off
        rows_table = ROWS[turn]
        out: Out = []
        try:
            for group in GROUPS[turn]:
                out += rows_table[key & group]
        except KeyError:
            fill(turn, key)
            out = []
            for group in GROUPS[turn]:
                out += rows_table[key & group]
        if mine & kings:
            king_quiets(mine & kings, occ, out)
        return out

    return quiets


def _quiets_three(tables: Tables, rows: RowPairs, king_quiets: KingQuiets) -> Quiets:
    """Every quiet move, three step directions and four row pairs written out (Turkish)."""
    ALL, W = tables.all_squares, rows.width
    fill = rows.fill
    (W0, W1, W2), (B0, B1, B2) = ((s for s, _off in per_color) for per_color in rows.shifts)
    assert W0 < 0 and W1 < 0 < W2 and B0 > 0 and B1 < 0 < B2
    WW = 2 * W
    (P0, P1, P2, P3), (Q0, Q1, Q2, Q3) = rows.groups
    WHITE_ROWS, BLACK_ROWS = rows.rows

    def quiets(white: int, black: int, kings: int, turn: int) -> Out:
        empty = ALL ^ (white | black)
        if turn:
            mine = black
            men = black & ~kings if kings else black
            key = ((men << B0) & empty) | ((men >> -B1) & empty) << W | ((men << B2) & empty) << WW
            try:
                out = [*BLACK_ROWS[key & Q0], *BLACK_ROWS[key & Q1], *BLACK_ROWS[key & Q2],
                       *BLACK_ROWS[key & Q3]]
            except KeyError:
                fill(1, key)
                out = [*BLACK_ROWS[key & Q0], *BLACK_ROWS[key & Q1], *BLACK_ROWS[key & Q2],
                       *BLACK_ROWS[key & Q3]]
        else:
            mine = white
            men = white & ~kings if kings else white
            key = ((men >> -W0) & empty) | ((men >> -W1) & empty) << W | ((men << W2) & empty) << WW
            try:
                out = [*WHITE_ROWS[key & P0], *WHITE_ROWS[key & P1], *WHITE_ROWS[key & P2],
                       *WHITE_ROWS[key & P3]]
            except KeyError:
                fill(0, key)
                out = [*WHITE_ROWS[key & P0], *WHITE_ROWS[key & P1], *WHITE_ROWS[key & P2],
                       *WHITE_ROWS[key & P3]]
        if kings and mine & kings:
            king_quiets(mine & kings, white | black, out)
        return out

    return quiets


def _quiets_two(tables: Tables, rows: RowPairs, king_quiets: KingQuiets) -> Quiets:
    """Every quiet move, two step directions and five row pairs written out (Frisian)."""
    ALL, W = tables.all_squares, rows.width
    fill = rows.fill
    (W0, W1), (B0, B1) = ((s for s, _off in per_color) for per_color in rows.shifts)
    assert W0 < 0 and W1 < 0 and B0 > 0 and B1 > 0
    (P0, P1, P2, P3, P4), (Q0, Q1, Q2, Q3, Q4) = rows.groups
    WHITE_ROWS, BLACK_ROWS = rows.rows

    def quiets(white: int, black: int, kings: int, turn: int) -> Out:
        empty = ALL ^ (white | black)
        if turn:
            mine = black
            men = black & ~kings if kings else black
            key = ((men << B0) & empty) | ((men << B1) & empty) << W
            try:
                out = [*BLACK_ROWS[key & Q0], *BLACK_ROWS[key & Q1], *BLACK_ROWS[key & Q2],
                       *BLACK_ROWS[key & Q3], *BLACK_ROWS[key & Q4]]
            except KeyError:
                fill(1, key)
                out = [*BLACK_ROWS[key & Q0], *BLACK_ROWS[key & Q1], *BLACK_ROWS[key & Q2],
                       *BLACK_ROWS[key & Q3], *BLACK_ROWS[key & Q4]]
        else:
            mine = white
            men = white & ~kings if kings else white
            key = ((men >> -W0) & empty) | ((men >> -W1) & empty) << W
            try:
                out = [*WHITE_ROWS[key & P0], *WHITE_ROWS[key & P1], *WHITE_ROWS[key & P2],
                       *WHITE_ROWS[key & P3], *WHITE_ROWS[key & P4]]
            except KeyError:
                fill(0, key)
                out = [*WHITE_ROWS[key & P0], *WHITE_ROWS[key & P1], *WHITE_ROWS[key & P2],
                       *WHITE_ROWS[key & P3], *WHITE_ROWS[key & P4]]
        if kings and mine & kings:
            king_quiets(mine & kings, white | black, out)
        return out

    return quiets
