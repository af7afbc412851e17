"""Trained men patterns: the layout of the pattern windows, their index tables and weights.

A *window* is eight dark squares, four consecutive squares of one row and the four below
them, read as a base-3 number (empty 0, white man 1, black man 2): 6,561 configurations.
Its weight (centi-men, White's point of view) is added to the hand-written evaluation of
:mod:`damier.engine.evaluate` as a correction learnt from game results
(``bench/train_patterns.py``). Windows come in pairs that a half turn of the board maps
onto each other, and the second of a pair uses the first one's table with colours swapped
and the sign changed, so the evaluation stays exactly colour-symmetric and only one table
per pair is learnt.

For a board with ``h`` squares per row the windows sit on every pair of adjacent rows
``(r, r + 1)``, once at the left (squares 0-3 of each row) and, where the row is longer,
once at the right (squares h-4 .. h-1): overlapping windows, so a man's neighbourhood is
seen from several windows (on 10x10: 18 windows, 9 learnt tables). The index of a window
is computed from the men bitboards with one shift, one mask and one table lookup per
colour.

A second *layout* adds *block* windows: the eight dark squares of a 4x4 block of the
board, two adjacent squares on each of four consecutive rows, with blocks starting on every
second row and at every square of a row (on 10x10: 16 blocks, 8 learnt tables). They see
the columns and chains of men that span more than two rows. A block's index is the sum of
two parts, its upper and its lower pair of rows, each read with one shift and mask.

A table may have two *phases*: an opening and an endgame value per configuration, mixed by
the men on the board (:func:`phase_mix`): with ``m`` men out of the ``M`` of the start,
the windows add ``(opening * m + endgame * (M - m)) / M`` rounded towards zero.

This module must not search or evaluate anything else: it owns the window geometry, the
index arithmetic and the weight file formats, little-endian: ``PTW1`` (table count,
entries per table, then int16 weights: one phase, row windows) and ``PTW2`` (table count,
entries per table, phases, layout, then per table the int16 weights of each phase in turn).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple, cast

from damier.core.geometry import Geometry
from damier.core.rules import Rules

ENTRIES = 3**8
"""Configurations of one window."""
DATA = Path(__file__).resolve().parent / "data"
_MAGIC = b"PTW1"
_MAGIC2 = b"PTW2"
LAYOUTS = ("rows", "rows+blocks")
"""Window layouts by number: the row windows alone, and with the block windows."""


class PatternFile(NamedTuple):
    """The contents of a pattern weight file."""

    tables: list[list[int]]
    """Per learnt table, ``ENTRIES`` weights per phase (opening first)."""
    phases: int = 1
    layout: int = 0
    full: int = 0
    """Men at the start of a game: the denominator of the phase mix (two phases)."""

PatternTable = tuple[int, int, list[int], list[int], list[int]]
"""``(shift, mask, white index table, black index table, weights by index)``."""


def windows(geo: Geometry) -> list[tuple[list[int], list[int]]]:
    """The learnt windows and their half-turn partners, as lists of square indices.

    Position ``k`` of a window is the ``k``-th square of the upper row for ``k < 4`` and
    the ``(k - 4)``-th of the lower row otherwise. A window that the half turn maps onto
    itself (the middle one on 8x8) is its own partner; its contribution is then
    ``T[i] - T[turned i]``, colour-symmetric all the same.

    >>> from damier import get_variant
    >>> pairs = windows(get_variant("international").geometry)
    >>> len(pairs), pairs[0]
    (9, ([0, 1, 2, 3, 5, 6, 7, 8], [41, 42, 43, 44, 46, 47, 48, 49]))
    >>> len(windows(get_variant("russian").geometry))
    4
    """
    h = geo.size // 2
    n = geo.squares
    last = geo.size - 2  # top row of the lowest row pair

    def window(row: int, first: int) -> list[int]:
        return [row * h + first + j for j in range(4)] + [(row + 1) * h + first + j for j in range(4)]

    # the left window of rows (r, r+1) turns into the right window of rows (last-r, last-r+1)
    rows = range(last + 1) if h > 4 else range(last // 2 + 1)
    return [(window(row, 0), sorted(n - 1 - i for i in window(row, 0))) for row in rows]


def _partner_order(own: list[int], partner: list[int], n: int) -> list[int]:
    """For each position of ``own``, the position of its turned square in ``partner``."""
    return [partner.index(n - 1 - i) for i in own]


def _index_tables(geo: Geometry, squares: list[int], first: int = 0) -> tuple[int, int, list[int], list[int]]:
    """``(shift, mask, white, black)``: the index of the men on ``squares`` (the digits
    ``first``, ``first + 1``, ... of a window) is ``white[(wm >> shift) & mask] +
    black[(bm >> shift) & mask]``."""
    bits = [geo.mask[i].bit_length() - 1 for i in squares]
    shift = min(bits)
    size = 1 << (max(bits) - shift + 1)
    white = [0] * size
    black = [0] * size
    for value in range(1, size):
        low = value & -value
        rest = value ^ low
        add = 0
        bit = low.bit_length() - 1 + shift
        if bit in bits:
            add = 3 ** (first + bits.index(bit))
        white[value] = white[rest] + add
        black[value] = black[rest] + 2 * add
    return shift, size - 1, white, black


def block_windows(geo: Geometry) -> list[tuple[list[int], list[int]]]:
    """The learnt block windows and their half-turn partners (see the module docstring):
    the squares ``j`` and ``j + 1`` of rows ``r`` to ``r + 3`` for every even ``r``, in
    ascending order (positions 0-3 are the upper row pair, 4-7 the lower). None on a full
    board.

    >>> from damier import get_variant
    >>> pairs = block_windows(get_variant("international").geometry)
    >>> len(pairs), pairs[0]
    (8, ([0, 1, 5, 6, 10, 11, 15, 16], [33, 34, 38, 39, 43, 44, 48, 49]))
    >>> len(block_windows(get_variant("russian").geometry))
    5
    """
    if geo.shape != "dark":
        return []
    h, n = geo.size // 2, geo.squares
    out: list[tuple[list[int], list[int]]] = []
    learnt: set[tuple[int, ...]] = set()
    for row in range(0, geo.size - 3, 2):
        for first in range(h - 1):
            own = sorted((row + d) * h + first + j for d in range(4) for j in range(2))
            partner = sorted(n - 1 - i for i in own)
            if tuple(partner) not in learnt:
                learnt.add(tuple(own))
                out.append((own, partner))
    return out


def start_men(rules: Rules) -> int:
    """The men on the board at the start of a game of ``rules`` (the phase mix's ``full``).

    >>> from damier import get_variant
    >>> start_men(get_variant("international")), start_men(get_variant("russian"))
    (40, 24)
    """
    return sum(x.bit_count() for x in rules.start_bitboards)


def layout_windows(geo: Geometry, layout: int) -> list[tuple[list[int], list[int]]]:
    """The learnt windows of ``layout`` (a number of :data:`LAYOUTS`): the row windows,
    then the block windows."""
    if not 0 <= layout < len(LAYOUTS):
        raise ValueError(f"pattern layout {layout} unknown (0 to {len(LAYOUTS) - 1})")
    return windows(geo) + (block_windows(geo) if layout == 1 else [])


BlockTable = tuple[int, int, list[int], list[int], int, int, list[int], list[int], list[int]]
"""A block window at run time: the index tables of its upper and its lower part (each
``shift, mask, white, black``), then the weights by index."""
_BlockParts = tuple[int, int, list[int], list[int], int, int, list[int], list[int]]


@lru_cache(maxsize=8)
def _block_layout(geo: Geometry) -> list[tuple[_BlockParts, _BlockParts, list[int]]]:
    out: list[tuple[_BlockParts, _BlockParts, list[int]]] = []
    for own, partner in block_windows(geo):
        parts = [(*_index_tables(geo, sq[:4]), *_index_tables(geo, sq[4:], 4)) for sq in (own, partner)]
        out.append((parts[0], parts[1], _partner_order(own, partner, geo.squares)))
    return out


def block_tables(geo: Geometry, weights: list[list[int]]) -> tuple[BlockTable, ...]:
    """Runtime tables of every block window (learnt ones and partners) from the learnt
    weights of the blocks (one table of ``ENTRIES`` values each, e.g. :func:`packed`)."""
    return tuple(cast(list[BlockTable], _with_partners(_block_layout(geo), weights, "block windows")))


PACK = 1 << 32
"""With two phases a table's value is ``opening * PACK + endgame``: sums of such values
carry both sums at once (:func:`phase_mix` takes them apart), one lookup per window. A value
that counts the same in both phases (the merged tables' per-square values) is added times
``PACK ** 2``: it is kept apart from the mix."""


def packed(table: list[int], phases: int) -> list[int]:
    """One value per configuration of a table of ``phases`` x ``ENTRIES`` weights."""
    if phases == 1:
        return list(table)
    return [o * PACK + e for o, e in zip(table[:ENTRIES], table[ENTRIES:], strict=True)]


def phase_mix(total: int, men: int, full: int) -> int:
    """The windows' value from a sum of :func:`packed` values of two phases (and of values
    times ``PACK ** 2`` that count as they are): the opening and the endgame sums mixed by
    ``men`` of the ``full`` men of the start, rounded towards zero (as the kernel's
    division: the colour-swapped position gets exactly the opposite).

    >>> phase_mix(30 * PACK - 10, 20, 40), phase_mix(30 * PACK - 10, 45, 40)
    (10, 30)
    >>> phase_mix(3 * PACK + 2, 10, 40), phase_mix(-3 * PACK - 2, 10, 40)
    (2, -2)
    >>> phase_mix(100 * PACK**2 - 3 * PACK - 2, 10, 40)
    98
    """
    half = PACK // 2
    end = (total + half) % PACK - half
    total = (total - end) // PACK
    opening = (total + half) % PACK - half
    apart = (total - opening) // PACK
    men = min(men, full)
    mixed = opening * men + end * (full - men)
    return apart + (mixed // full if mixed >= 0 else -(-mixed // full))


@lru_cache(maxsize=8)
def _layout(geo: Geometry) -> list[tuple[tuple[int, int, list[int], list[int]],
                                         tuple[int, int, list[int], list[int]], list[int]]]:
    return [(_index_tables(geo, own), _index_tables(geo, partner),
             _partner_order(own, partner, geo.squares)) for own, partner in windows(geo)]


def build_tables(geo: Geometry, weights: list[list[int]]) -> tuple[PatternTable, ...]:
    """Runtime tables of every window (learnt ones and partners) from the learnt weights."""
    return tuple(cast(list[PatternTable], _with_partners(_layout(geo), weights, "windows")))


def _with_partners(layout: Sequence[tuple[tuple[Any, ...], tuple[Any, ...], list[int]]],
                   weights: list[list[int]], what: str) -> list[tuple[Any, ...]]:
    """Each learnt window's index tables with its weights, then its partner's (the window
    seen from the other side) with the weights turned and negated."""
    if len(weights) != len(layout):
        raise ValueError(f"{len(weights)} weight tables for {len(layout)} {what}")
    out: list[tuple[Any, ...]] = []
    for (own, partner, order), table in zip(layout, weights, strict=True):
        out.append((*own, list(table)))
        out.append((*partner, _partner_weights(table, order)))
    return out


def _partner_weights(table: list[int], order: list[int]) -> list[int]:
    return [-table[i] for i in _turned(tuple(order))]


@lru_cache(maxsize=64)
def _turned(order: tuple[int, ...]) -> list[int]:
    """:func:`_turn_index` of every configuration."""
    return [_turn_index(index, list(order)) for index in range(ENTRIES)]


MAX_PAIR_SQUARES = 10
"""Largest row pair :func:`pair_tables` merges (3**10 = 59,049 entries per table)."""


def pair_tables(geo: Geometry, weights: list[list[int]], men_values: list[tuple[list[int], list[int]]],
                pair_values: list[list[int]] | None = None) -> list[tuple[PatternTable, ...]]:
    """The windows merged by pair of adjacent rows, with per-square values folded in.

    One table per row pair ``(r, r + 1)`` is indexed by the men on its squares and holds
    the sum of the windows (learnt and partner) on those rows, so the evaluation makes one
    lookup per row pair instead of one per window. Each entry of ``men_values`` is a pair
    ``(white, black)`` of per-square values (the material and piece-square value of a man:
    ``white[i]`` is added for a White man on square ``i``, ``black[i]`` subtracted for a
    Black man); they are folded into the pairs that start on an even row, which partition
    the board, and one tuple of tables is returned per entry. ``pair_values[r]``, when
    given, is added to row pair ``r`` for every configuration (in the order of
    :func:`pair_men`): terms between the men of two adjacent rows. Needs at most
    :data:`MAX_PAIR_SQUARES` squares per row pair.

    >>> from damier import get_variant
    >>> geo = get_variant("russian").geometry
    >>> zero = [[0] * ENTRIES for _ in windows(geo)]
    >>> [tables] = pair_tables(geo, zero, [([100] * 32, [100] * 32)])
    >>> len(tables)  # rows (0, 1) .. (6, 7)
    7
    >>> sh, mask, white, black, values = tables[0]
    >>> values[white[0b11] + black[0b1100]]  # two White men and two Black men on rows 0-1
    0
    """
    h = geo.size // 2
    if 2 * h > MAX_PAIR_SQUARES:
        raise ValueError(f"row pairs of {2 * h} squares are too large to merge")
    layout = _layout(geo)
    if len(weights) != len(layout):
        raise ValueError(f"{len(weights)} weight tables for {len(layout)} windows")
    pairs, places = _pair_layout(geo)
    sums = [[0] * 3 ** (2 * h) for _ in pairs]
    for (own_place, partner_place), (_own, _partner, order), table in zip(places, layout, weights,
                                                                          strict=True):
        for (row, index), values in ((own_place, table), (partner_place, _partner_weights(table, order))):
            sums[row] = [a + values[i] for a, i in zip(sums[row], index, strict=True)]
    for row, extra in enumerate(pair_values or ()):
        sums[row] = [a + b for a, b in zip(sums[row], extra, strict=True)]
    out = []
    merged: dict[tuple[int, tuple[int, ...]], PatternTable] = {}  # versions share equal rows
    for white_values, black_values in men_values:
        tables = []
        for row, (squares, total) in enumerate(zip(pairs, sums, strict=True)):
            folded: tuple[int, ...] = () if row % 2 else (
                tuple(white_values[sq] for sq in squares) + tuple(black_values[sq] for sq in squares))
            if (row, folded) not in merged:
                if folded:
                    men = _men_sums(tuple(squares), folded)
                    total = [a + b for a, b in zip(total, men, strict=True)]
                merged[row, folded] = (*_index_tables(geo, squares), total)
            tables.append(merged[row, folded])
        out.append(tuple(tables))
    return out


@lru_cache(maxsize=64)
def _men_sums(squares: tuple[int, ...], values: tuple[int, ...]) -> list[int]:
    """Per configuration of ``squares``, the White men's values less the Black men's
    (``values``: the White value of each square, then the Black one)."""
    h = len(squares)
    return _digits(list(squares), dict(zip(squares, values[:h], strict=True)),
                   {sq: -v for sq, v in zip(squares, values[h:], strict=True)})


@lru_cache(maxsize=8)
def pair_men(geo: Geometry) -> list[tuple[list[int], list[int]]]:
    """For every row pair ``(r, r + 1)``, the White and the Black men bitboards of each of
    its configurations, in the order of the tables of :func:`pair_tables`.

    >>> from damier import get_variant
    >>> white, black = pair_men(get_variant("russian").geometry)[0]
    >>> len(white), bin(white[1]), black[1], bin(black[2])
    (6561, '0b1', 0, '0b1')
    """
    out = []
    for squares in _pair_layout(geo)[0]:
        bits = {sq: geo.mask[sq] for sq in squares}
        out.append((_digits(squares, bits, {}), _digits(squares, {}, bits)))
    return out


@lru_cache(maxsize=8)
def _pair_layout(geo: Geometry) -> tuple[list[list[int]], list[tuple[tuple[int, list[int]], ...]]]:
    """The squares of every row pair, and for each learnt window and its partner the row
    pair it lies in with its own index for every configuration of that pair."""
    h = geo.size // 2
    pairs = [list(range(r * h, (r + 2) * h)) for r in range(geo.size - 1)]
    places = []
    for own, partner in windows(geo):
        place = []
        for squares in (own, partner):
            row = squares[0] // h
            place.append((row, _digits(pairs[row], {sq: 3**j for j, sq in enumerate(squares)})))
        places.append(tuple(place))
    return pairs, places


def _digits(squares: list[int], one: dict[int, int], two: dict[int, int] | None = None) -> list[int]:
    """For every configuration of ``squares`` (base 3, first square lowest), the sum over
    the squares of ``one[sq]`` where a White man stands and ``two[sq]`` where a Black one
    does (``two`` defaults to twice ``one``: the index weights of a window)."""
    out = [0]
    for sq in squares:
        a = one.get(sq, 0)
        b = two.get(sq, 0) if two is not None else 2 * a
        out = out + [v + a for v in out] + [v + b for v in out]
    return out


def _turn_index(index: int, order: list[int]) -> int:
    """A partner window's configuration index, read in its own window with colours swapped."""
    mirrored = 0
    for k in range(8):
        trit = index // 3 ** order[k] % 3
        mirrored += (3 - trit if trit else 0) * 3**k
    return mirrored


def features(geo: Geometry, men_white: int, men_black: int, layout: int = 0) -> list[tuple[int, int, int]]:
    """``(table, index, sign)`` of every window of a position, in terms of the learnt
    tables of ``layout`` (the evaluation adds ``sign * weights[table][index]``)."""
    n = geo.squares
    state = [(1 if men_white & geo.mask[i] else 2 if men_black & geo.mask[i] else 0) for i in range(n)]
    out = []
    for t, (own, _partner) in enumerate(layout_windows(geo, layout)):
        out.append((t, sum(state[sq] * 3**k for k, sq in enumerate(own)), 1))
        turned = (3 - state[n - 1 - sq] if state[n - 1 - sq] else 0 for sq in own)
        out.append((t, sum(v * 3**k for k, v in enumerate(turned)), -1))
    return out


def read(name: str) -> PatternFile:
    """The learnt weights stored as ``data/<name>`` in this package (or at the absolute
    path ``name``): PTW1 or PTW2 (module docstring). A malformed file is a ValueError."""
    raw = (DATA / name).read_bytes()
    if raw[:4] == _MAGIC:
        head, phases, layout, full = 8, 1, 0, 0
        count, entries = struct.unpack_from("<HH", raw, 4)
    elif raw[:4] == _MAGIC2 and len(raw) >= 14:
        head = 14
        count, entries, phases, layout, full = struct.unpack_from("<HHHHH", raw, 4)
    else:
        raise ValueError(f"{name}: not a pattern weight file")
    if entries != ENTRIES:
        raise ValueError(f"{name}: {entries} entries per table, expected {ENTRIES}")
    if phases not in (1, 2) or layout >= len(LAYOUTS) or (phases == 2 and full < 1):
        raise ValueError(f"{name}: {phases} phases, layout {layout}, {full} men: not a known form")
    size = entries * phases
    if len(raw) != head + 2 * count * size:
        raise ValueError(f"{name}: {len(raw)} bytes for {count} tables")
    values = struct.unpack_from(f"<{count * size}h", raw, head)
    return PatternFile([list(values[i * size:(i + 1) * size]) for i in range(count)], phases, layout, full)


def load(name: str) -> list[list[int]]:
    """The tables of :func:`read`."""
    return read(name).tables


def dump(weights: list[list[int]], phases: int = 1, layout: int = 0, full: int = 0) -> bytes:
    """The file contents for ``weights`` (each table clipped to the int16 range): PTW1 for
    one phase of row windows, else PTW2 with ``full`` men at the start of a game."""
    flat = [max(-32768, min(32767, int(v))) for table in weights for v in table]
    if phases == 1 and layout == 0:
        return _MAGIC + struct.pack("<HH", len(weights), ENTRIES) + struct.pack(f"<{len(flat)}h", *flat)
    return (_MAGIC2 + struct.pack("<HHHHH", len(weights), ENTRIES, phases, layout, full)
            + struct.pack(f"<{len(flat)}h", *flat))


__all__ = [
    "ENTRIES", "LAYOUTS", "MAX_PAIR_SQUARES", "PACK", "BlockTable", "PatternFile", "PatternTable",
    "block_tables", "block_windows", "build_tables", "dump", "features", "layout_windows", "load",
    "packed", "pair_men", "pair_tables", "phase_mix", "read", "start_men", "windows",
]
