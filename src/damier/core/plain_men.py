"""The capture search of men under the common rules, the one most positions need.

Under the common rules — captured pieces lifted at the end of the move, a man crowned during
a capture goes on as a man, no restriction on turning between jumps (``Tables.plain_men``)
— a man's search needs no branch for removal, crowning or turns. It lists complete
sequences, or every prefix as well (the physically possible moves of huffing rules: each
prefix before its continuations, where the general search lists it after them). The general search of
:mod:`~damier.core.capture_search`, which covers every rule, gives the same sequences.

The search visits only the pieces next to the man, which are few: per colour and square, a
bitboard of the squares the man could jump over (a quick "no jump" exit) and a table from
each of those squares to the landing square behind it.

This module must not choose among sequences. Entry point: :class:`CommonRulesMen`.
"""

from __future__ import annotations

from damier.core.fastmove import Out
from damier.core.tables import Tables


class CommonRulesMen:
    """The men's search of the rules object ``t`` was built from (meaningful only where
    ``t.plain_men`` holds)."""

    def __init__(self, t: Tables) -> None:
        self.promo = t.promo
        # per colour and square: the squares a man there could jump over, and jumped bit ->
        # (landing square, landing bit)
        self.near = tuple(
            tuple(sum(over for over, _land, _lm, _d in jumps) for jumps in per_square)
            for per_square in t.man_jumps
        )
        self.jump_over = tuple(
            tuple({over: (land, lm) for over, land, lm, _d in jumps} for jumps in per_square)
            for per_square in t.man_jumps
        )

    def search(self, fm: int, cur: int, occ: int, targets: int, cap: int,
               path: tuple[int, ...], color: int, out: Out, complete: bool = True) -> bool:
        """The sequences of a man of ``color`` that started on ``fm``, has taken ``cap`` and
        stands on square ``cur`` (``occ`` without the man, ``targets`` the pieces it may
        still take, ``path`` so far), appended to ``out`` (``complete`` false: every prefix,
        each before its continuations); False if it cannot jump from there."""
        near = targets & self.near[color][cur]
        if not near:
            return False
        found = False
        jumps = self.jump_over[color][cur]
        while near:
            over = near & -near
            near ^= over
            land, lm = jumps[over]
            if occ & lm:
                continue
            found = True
            ncap = cap | over
            npath = path + (land,)
            move = (fm, lm, ncap, lm & self.promo[color], npath, 0)
            if not complete:
                out.append(move)
                self.search(fm, land, occ, targets ^ over, ncap, npath, color, out, False)
            elif not self.search(fm, land, occ, targets ^ over, ncap, npath, color, out):
                out.append(move)
        return found


__all__ = ["CommonRulesMen"]
