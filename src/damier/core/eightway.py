"""The written-out single-capture test for men that capture in all eight directions (Frisian).

This is ``single_captures`` of :mod:`~damier.core.capture_scan` unrolled for a ``dark``
board whose men capture diagonally and orthogonally: the four diagonal shifts (``h`` and
``h + 1`` for ``h`` squares per row), the vertical two-row shift (``N + 1``, exact in the
padded layout of :mod:`~damier.core.geometry`) and the horizontal one-square shift (masked
to stay in its row). It returns the number of capture moves when they are all single man
captures (0 if none) and ``None`` when the general search must decide.

When the search must decide, it returns the complement ``~cand`` (a negative number) of the
men that can jump, so that the search starts from them (kings are always searched).

This module must not decide rules by itself: it reproduces what the general test returns
(the test suite checks the results). Entry points: :func:`applies`, :func:`build`.
"""

from __future__ import annotations

from damier.core.capture_scan import KingCanCapture, SingleCaptures
from damier.core.colors import WHITE
from damier.core.tables import Tables


def applies(t: Tables) -> bool:
    """Whether the men of the rules object ``t`` was built from capture in all eight
    directions on a ``dark`` board."""
    return t.geometry.shape == "dark" and all(set(t.man_cap_dirs[c]) == set(range(8)) for c in (0, 1))


def build(t: Tables, king_can_capture: KingCanCapture) -> SingleCaptures:
    """``single_captures`` for ``t`` (:func:`applies` must hold)."""
    g = t.geometry
    MASK = t.mask
    STEP = t.step
    ALL = t.all_squares
    PROMO = t.promo
    MEN_TAKE_KINGS = t.men_take_kings
    CROWNED_MEN_CONTINUE = t.crowned_men_continue
    VICTIMS_DIFFER = t.victims_differ
    S1 = g.size // 2
    S2 = S1 + 1
    SV = g.size + 1
    LEFT2 = sum(MASK[i] for i in range(g.squares) if STEP[6][i] >= 0 and STEP[6][STEP[6][i]] >= 0)
    RIGHT2 = sum(MASK[i] for i in range(g.squares) if STEP[7][i] >= 0 and STEP[7][STEP[7][i]] >= 0)
    assert g.directions[4:] == ((-2, 0), (2, 0), (0, -2), (0, 2))
    assert t.shift[4] == -SV and t.shift[6] == -1

    def single_captures_eight(white: int, black: int, kings: int, turn: int) -> int | None:
        """``single_captures`` for men that capture in all eight directions."""
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        if not theirs:
            return 0
        occ = white | black
        empty = ALL & ~occ
        men = mine & ~kings
        tg = theirs if MEN_TAKE_KINGS else theirs & ~kings
        ur = (((men >> S1) & tg) >> S1) & empty
        ul = (((men >> S2) & tg) >> S2) & empty
        dl = (((men << S1) & tg) << S1) & empty
        dr = (((men << S2) & tg) << S2) & empty
        up = (((men >> SV) & tg) >> SV) & empty
        dn = (((men << SV) & tg) << SV) & empty
        lf = ((((men & LEFT2) >> 1) & tg) >> 1) & empty
        rt = ((((men & RIGHT2) << 1) & tg) << 1) & empty
        found = ur | ul | dl | dr | up | dn | lf | rt
        if found:
            # the men that jump sit two steps behind their landing squares
            cand = ~(
                ((ur << S1 + S1) | (ul << S2 + S2) | (dl >> S1 + S1) | (dr >> S2 + S2)
                 | (up << SV + SV) | (dn >> SV + SV) | ((lf << 2) | (rt >> 2))) & men
            )
            if (found & PROMO[turn] and not CROWNED_MEN_CONTINUE) or (VICTIMS_DIFFER and theirs & kings):
                return cand
            # a landing may jump on in every direction but straight back: the landings that
            # may go up-right are those reached in any direction but down-left, and so on
            diag = ur | ul | dl | dr
            orth = up | dn | lf | rt
            if (
                (((((diag & ~dl | dl & (ur | ul | dr)) | orth) >> S1 & tg) >> S1) & empty)
                or (((((diag & ~dr | dr & (ur | ul | dl)) | orth) >> S2 & tg) >> S2) & empty)
                or (((((diag & ~ur | ur & (ul | dl | dr)) | orth) << S1 & tg) << S1) & empty)
                or (((((diag & ~ul | ul & (ur | dl | dr)) | orth) << S2 & tg) << S2) & empty)
                or ((((diag | up | lf | rt | dn & (up | lf | rt)) >> SV & tg) >> SV) & empty)
                or ((((diag | dn | lf | rt | up & (dn | lf | rt)) << SV & tg) << SV) & empty)
                or (((((diag | up | dn | lf | rt & (up | dn | lf)) & LEFT2) >> 1 & tg) >> 1) & empty)
                or (((((diag | up | dn | rt | lf & (up | dn | rt)) & RIGHT2) << 1 & tg) << 1) & empty)
            ):
                return cand
            if mine & kings and king_can_capture(mine & kings, theirs, occ, empty):
                return cand
        elif mine & kings and king_can_capture(mine & kings, theirs, occ, empty):
            return ~0
        else:
            return 0
        return (ur.bit_count() + ul.bit_count() + dl.bit_count() + dr.bit_count() + up.bit_count()
                + dn.bit_count() + lf.bit_count() + rt.bit_count())

    return single_captures_eight
