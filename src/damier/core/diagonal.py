"""The unrolled fast path of move counting and generation for diagonal-men variants.

Most positions of every diagonal variant have no king that can capture and either no
capture at all or only single man captures that cannot continue. For those positions the
answer can be computed for all men at once with a few shifts per direction, without
visiting squares. This module owns that fast path; everything it cannot decide (a capture
that may continue, a king that can capture, a man crowned mid-capture by rules that make it
stop or turn into a king) is handed back to the general search
(:mod:`damier.core.capture_search` with the choice rules of :mod:`damier.core.choice`),
which stays the single source of the capture rules. :mod:`damier.core.movegen` decides
which variants use this path and wires it in.

Layout facts used (see :mod:`damier.core.geometry`): on a ``dark`` board with ``h`` squares
per row, up-right is a right shift by ``h``, up-left a right shift by ``h + 1``, down-left a
left shift by ``h`` and down-right a left shift by ``h + 1``; a step off the board lands on
a ghost bit, so no edge masks are needed. White's forward is up, Black's is down.

Quiet man moves are emitted a row pair at a time: the target bits of one row pair (``N + 1``
bits with the ghost bit) index a table of ready-made move tuples, filled on first use.

This module must not decide rules by itself: it only reproduces what the general rules
would produce in the cases it recognises (the test suite checks both paths agree).
"""

from __future__ import annotations

from collections.abc import Callable

from damier.core.colors import WHITE
from damier.core.fastmove import FastMove, Out

_Pos4 = Callable[[int, int, int, int], Out]


class _ChunkTable(dict[int, tuple[FastMove, ...]]):
    """Chunk value -> the moves of the set bits of that chunk, built on first use."""

    def __init__(self, offset: int, by_bit: dict[int, FastMove]) -> None:
        super().__init__()
        self.offset = offset
        self.by_bit = by_bit

    def __missing__(self, chunk: int) -> tuple[FastMove, ...]:
        moves = []
        bit = 0
        while chunk >> bit:
            if chunk >> bit & 1:
                moves.append(self.by_bit[1 << (self.offset + bit)])
            bit += 1
        value = tuple(moves)
        self[chunk] = value
        return value


def build(
    size: int,
    all_squares: int,
    promo: tuple[int, int],
    men_back: bool,
    men_take_kings: bool,
    crowned_men_continue: bool,
    victims_differ: bool,
    quiet_tables: tuple[tuple[dict[int, FastMove], dict[int, FastMove]], ...],
    capture_tables: tuple[tuple[dict[int, FastMove], ...], ...],
    king_can_capture: Callable[[int, int, int, int], bool],
    king_quiets: Callable[[int, int, Out], None],
    king_quiet_count: Callable[[int, int], int],
    full_captures: _Pos4,
    captures_of: Callable[[int, int, int, int, int], Out],
) -> tuple[Callable[[int, int, int, int], int], _Pos4]:
    """Return ``(count, legal)`` for a diagonal-men variant.

    ``full_captures`` and ``captures_of`` (given the men that can jump) are the general
    search with the variant's choice rules.
    ``victims_differ``: the choice rule ranks single captures by what they take (Spanish,
    Frisian), so the fast path only decides when the opponent has no king.
    ``quiet_tables[color]`` = (table for the step by ``h``, table for the step by ``h + 1``)
    keyed by target bit; ``capture_tables[color]`` = (up-right, up-left, down-left,
    down-right) keyed by landing bit (empty dicts for directions the men of that colour
    cannot capture in).
    """
    S1 = size // 2
    S2 = S1 + 1
    ALL = all_squares
    PW, PB = promo
    CHUNK_BITS = size + 1
    CHUNK = (1 << CHUNK_BITS) - 1
    top_bit = ALL.bit_length()

    def chunked(by_bit: dict[int, FastMove]) -> tuple[tuple[int, _ChunkTable], ...]:
        return tuple(
            (off, _ChunkTable(off, by_bit)) for off in range(0, top_bit, CHUNK_BITS)
        )

    QUIET_CHUNKS = tuple((chunked(t1), chunked(t2)) for t1, t2 in quiet_tables)

    def needs_search(
        ur: int, ul: int, dl: int, dr: int, tg: int, empty: int, turn: int, k: int, theirs: int,
        their_kings: int, occ: int,
    ) -> bool:
        """Given some single man captures: may one continue, is a crowning special, does the
        rule rank victims, or can a king capture? Then the general search decides."""
        up = turn == WHITE or men_back
        down = turn != WHITE or men_back
        return bool(
            (
                up
                and (
                    (((((ur | ul | dr) >> S1) & tg) >> S1) & empty)
                    or (((((ur | ul | dl) >> S2) & tg) >> S2) & empty)
                )
            )
            or (
                down
                and (
                    (((((dl | dr | ul) << S1) & tg) << S1) & empty)
                    or (((((dl | dr | ur) << S2) & tg) << S2) & empty)
                )
            )
            or (not crowned_men_continue and (ur | ul | dl | dr) & (PW if turn == WHITE else PB))
            or (victims_differ and their_kings)
            or (k and king_can_capture(k, theirs, occ, empty))
        )

    def count(white: int, black: int, kings: int, turn: int) -> int:
        # The landing sets are computed inline here and in legal(): a shared helper call
        # costs as much as the work in the innermost function of perft.
        occ = white | black
        empty = ALL ^ occ
        if turn == WHITE:
            men = white & ~kings
            tg = black if men_take_kings else black & ~kings
            ur = (((men >> S1) & tg) >> S1) & empty
            ul = (((men >> S2) & tg) >> S2) & empty
            if men_back:
                dl = (((men << S1) & tg) << S1) & empty
                dr = (((men << S2) & tg) << S2) & empty
            else:
                dl = dr = 0
            k = white & kings
        else:
            men = black & ~kings
            tg = white if men_take_kings else white & ~kings
            dl = (((men << S1) & tg) << S1) & empty
            dr = (((men << S2) & tg) << S2) & empty
            if men_back:
                ur = (((men >> S1) & tg) >> S1) & empty
                ul = (((men >> S2) & tg) >> S2) & empty
            else:
                ur = ul = 0
            k = black & kings
        if ur | ul | dl | dr:
            theirs = black if turn == WHITE else white
            if needs_search(ur, ul, dl, dr, tg, empty, turn, k, theirs, theirs & kings, occ):
                # the men that can jump are known: they sit two steps behind the landings
                cand = (ur << 2 * S1) | (ul << 2 * S2) | (dl >> 2 * S1) | (dr >> 2 * S2)
                return len(captures_of(white, black, kings, turn, cand & men))
            return ur.bit_count() + ul.bit_count() + dl.bit_count() + dr.bit_count()
        if k:
            if king_can_capture(k, black if turn == WHITE else white, occ, empty):
                return len(full_captures(white, black, kings, turn))
            n = king_quiet_count(k, occ)
        else:
            n = 0
        if turn == WHITE:
            return n + ((men >> S1) & empty).bit_count() + ((men >> S2) & empty).bit_count()
        return n + ((men << S1) & empty).bit_count() + ((men << S2) & empty).bit_count()

    def legal(white: int, black: int, kings: int, turn: int) -> Out:
        occ = white | black
        empty = ALL ^ occ
        if turn == WHITE:
            men = white & ~kings
            tg = black if men_take_kings else black & ~kings
            ur = (((men >> S1) & tg) >> S1) & empty
            ul = (((men >> S2) & tg) >> S2) & empty
            if men_back:
                dl = (((men << S1) & tg) << S1) & empty
                dr = (((men << S2) & tg) << S2) & empty
            else:
                dl = dr = 0
            k = white & kings
        else:
            men = black & ~kings
            tg = white if men_take_kings else white & ~kings
            dl = (((men << S1) & tg) << S1) & empty
            dr = (((men << S2) & tg) << S2) & empty
            if men_back:
                ur = (((men >> S1) & tg) >> S1) & empty
                ul = (((men >> S2) & tg) >> S2) & empty
            else:
                ur = ul = 0
            k = black & kings
        out: Out = []
        if ur | ul | dl | dr:
            theirs = black if turn == WHITE else white
            if needs_search(ur, ul, dl, dr, tg, empty, turn, k, theirs, theirs & kings, occ):
                cand = (ur << 2 * S1) | (ul << 2 * S2) | (dl >> 2 * S1) | (dr >> 2 * S2)
                return captures_of(white, black, kings, turn, cand & men)
            append = out.append
            t_ur, t_ul, t_dl, t_dr = capture_tables[turn]
            for land, table in ((ur, t_ur), (ul, t_ul), (dl, t_dl), (dr, t_dr)):
                while land:
                    low = land & -land
                    land ^= low
                    append(table[low])
            return out
        if k and king_can_capture(k, black if turn == WHITE else white, occ, empty):
            return full_captures(white, black, kings, turn)
        if turn == WHITE:
            t1 = (men >> S1) & empty
            t2 = (men >> S2) & empty
        else:
            t1 = (men << S1) & empty
            t2 = (men << S2) & empty
        chunks1, chunks2 = QUIET_CHUNKS[turn]
        if t1:
            for off, tab in chunks1:
                c = (t1 >> off) & CHUNK
                if c:
                    out += tab[c]
        if t2:
            for off, tab in chunks2:
                c = (t2 >> off) & CHUNK
                if c:
                    out += tab[c]
        if k:
            king_quiets(k, occ, out)
        return out

    return count, legal
