"""The quiet man moves of the diagonal fast path, read a group of rows at a time.

:mod:`damier.core.diagonal_legal` puts the targets of the quiet moves of one colour's men into
one int in two lanes: those of the first step direction in the board's bits, those of the
second shifted up by ``W``. This module cuts such an int into table keys, one per group
of rows (both lanes), and owns the tables: key -> the ready-made fast moves, filled on
first use, so that listing the quiet moves costs a few dict lookups however many there
are.

A group holds three rows that can hold targets of the colour (White's men never step onto
the bottom row nor Black's onto the top one, so the groups differ per colour): three
lookups on 8x8 and 10x10. Row pairs (five lookups on 10x10) and the edge rows by three
(four lookups) were 9% and 17% slower on quiet positions. Groups of three rows meet many
more keys than row pairs on very diverse positions (about 55,000 per colour against 7,000
after 920,000 positions of random games), far fewer in a search tree (2,129 after
International perft(8)); a miss is put together from per-row tables, and a table that
grows too large is emptied.

This module must not look at captures. Entry point: :func:`build`.
"""

from __future__ import annotations

from collections.abc import Callable

from damier.core.fastmove import FastMove

MAX_KEYS = 1 << 16
"""A table of quiet moves by group of rows is emptied when it grows past this many keys
(about 11 MB at 170 bytes a key): long runs over very diverse positions would otherwise
let it grow without bound."""


class RowGroupFiller:
    """Fills the quiet man moves of one colour into a plain dict (the hot path reads a plain
    dict: a dict subclass with ``__missing__`` costs more per lookup), keyed by the targets
    in one group of rows: those of the first step direction in place, those of the second
    shifted up by ``width``. A group of rows has many keys in play (about 55,000 per
    colour after 900,000 positions of random games for three rows), so a missing key is
    put together from the moves of its single rows (one table per row, ``2 ** size`` keys
    at most), which keeps a miss cheap."""

    def __init__(self, width: int, first: dict[int, FastMove], second: dict[int, FastMove],
                 groups: tuple[int, ...], rows: tuple[int, ...]) -> None:
        self.width = width
        self.first = first
        self.second = second
        # per group, the masks of its single rows
        self.groups = tuple((group, tuple(r for r in rows if r & group)) for group in groups)
        self.moves: dict[int, tuple[FastMove, ...]] = {}
        self.rows: dict[int, tuple[FastMove, ...]] = {}

    def fill(self, both: int) -> None:
        """Add the keys of every group of rows of ``both`` that are missing (after emptying
        the table if it has grown past :data:`MAX_KEYS`)."""
        moves = self.moves
        if len(moves) > MAX_KEYS:
            moves.clear()
        rows = self.rows
        for group, row_masks in self.groups:
            key = both & group
            if key in moves:
                continue
            parts: list[FastMove] = []
            for row in row_masks:
                part = key & row
                found = rows.get(part)
                if found is None:
                    found = rows[part] = self._row(part)
                parts += found
            moves[key] = tuple(parts)

    def _row(self, key: int) -> tuple[FastMove, ...]:
        moves = []
        low_part = key & ((1 << self.width) - 1)
        for part, table in ((low_part, self.first), (key >> self.width, self.second)):
            while part:
                bit = part & -part
                part ^= bit
                moves.append(table[bit])
        return tuple(moves)


Table = dict[int, tuple[FastMove, ...]]
"""``targets & group`` -> the quiet moves to those targets."""


def build(
    size: int, width: int, quiet_tables: tuple[tuple[dict[int, FastMove], dict[int, FastMove]], ...],
) -> tuple[tuple[tuple[int, ...], ...], tuple[Table, ...], tuple[Callable[[int], None], ...]]:
    """``(groups, tables, fills)`` per colour for a ``dark`` board of ``size`` rows whose
    lane 1 starts at bit ``width``: the group masks (both lanes) in row order, the tables
    keyed by ``targets & group`` and the functions that fill a table for every group of a
    targets int. ``quiet_tables[color]`` = (target bit -> move of the first step
    direction, the same for the second)."""
    half = size // 2
    row_bits = [sum(1 << (i + i // size) for i in range(r * half, (r + 1) * half)) for r in range(size)]
    both = 1 | 1 << width
    w_bounds = [*range(0, size - 1, 3), size]
    b_bounds = [0, *(size - b for b in reversed(w_bounds[1:-1])), size]
    rows = tuple(row * both for row in row_bits)
    groups = tuple(
        tuple(sum(row_bits[a:b]) * both for a, b in zip(bounds[:-1], bounds[1:], strict=True))
        for bounds in (w_bounds, b_bounds)
    )
    fillers = tuple(
        RowGroupFiller(width, first, second, per_color, rows)
        for (first, second), per_color in zip(quiet_tables, groups, strict=True)
    )
    return groups, tuple(f.moves for f in fillers), tuple(f.fill for f in fillers)
