"""The capture search of men under the common rules, the one most positions need.

Under the common rules — captured pieces lifted at the end of the move, a man crowned during
a capture goes on as a man, no restriction on turning between jumps (``Tables.plain_men``)
— a man's search needs no branch for removal, crowning or turns. These are the two
copies of it that the generator uses: complete sequences, and every prefix as well (the
physically possible moves of huffing rules: each prefix before its continuations, where the
general search lists it after them). The general search of
:mod:`~damier.core.capture_search`, which covers every rule, gives the same sequences.

The search visits only the pieces next to the man, which are few: per colour and square, a
bitboard of the squares the man could jump over (a quick "no jump" exit) and a table from
each of those squares to the landing square behind it.

This module must not choose among sequences. Entry point: :func:`build`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from damier.core.fastmove import Out
from damier.core.tables import Tables

ManSearch = Callable[[int, int, int, int, int, tuple[int, ...], int, Out], bool]
"""``search(frm, cur, occ, targets, cap, path, color, out)``: the complete sequences of a man
of ``color`` that started on ``frm``, has taken ``cap`` and stands on square ``cur``
(``occ`` without the man, ``targets`` the pieces it may still take, ``path`` so far),
appended to ``out``; False if it cannot jump from there."""

ManPrefixes = Callable[[int, int, int, int, int, tuple[int, ...], int, Out], None]
"""``prefixes(frm, cur, occ, targets, cap, path, color, out)``: every sequence and every
prefix of one, appended to ``out``."""


@dataclass(frozen=True, slots=True)
class PlainMen:
    """The two searches of a man under the common rules."""

    search: ManSearch
    prefixes: ManPrefixes


def build(t: Tables) -> PlainMen:
    """The men's searches of the rules object ``t`` was built from (meaningful only where
    ``t.plain_men`` holds)."""
    PROMO = t.promo
    # per colour and square: the squares a man there could jump over, and jumped bit ->
    # (landing square, landing bit)
    NEAR = tuple(
        tuple(sum(over for over, _land, _lm, _d in jumps) for jumps in per_square)
        for per_square in t.man_jumps
    )
    JUMP_OVER = tuple(
        tuple({over: (land, lm) for over, land, lm, _d in jumps} for jumps in per_square)
        for per_square in t.man_jumps
    )

    def search(fm: int, cur: int, occ: int, targets: int, cap: int, path: tuple[int, ...],
               color: int, out: Out) -> bool:
        near = targets & NEAR[color][cur]
        if not near:
            return False
        found = False
        jumps = JUMP_OVER[color][cur]
        while near:
            over = near & -near
            near ^= over
            land, lm = jumps[over]
            if not occ & lm:
                found = True
                ncap = cap | over
                npath = path + (land,)
                if not search(fm, land, occ, targets ^ over, ncap, npath, color, out):
                    out.append((fm, lm, ncap, lm & PROMO[color], npath, 0))
        return found

    def prefixes(fm: int, cur: int, occ: int, targets: int, cap: int, path: tuple[int, ...],
                 color: int, out: Out) -> None:
        near = targets & NEAR[color][cur]
        if not near:
            return
        jumps = JUMP_OVER[color][cur]
        while near:
            over = near & -near
            near ^= over
            land, lm = jumps[over]
            if not occ & lm:
                ncap = cap | over
                npath = path + (land,)
                out.append((fm, lm, ncap, lm & PROMO[color], npath, 0))
                prefixes(fm, land, occ, targets ^ over, ncap, npath, color, out)

    return PlainMen(search, prefixes)
