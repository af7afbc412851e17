"""Capture detection in bulk: can the side to move capture, and are all its captures single?

Single man captures without continuation are by far the most common captures; they are
found for all men at once with a few shifts per direction, without visiting squares. This
module owns those bulk tests for the general (any-direction) layout:

* ``king_can_capture(kings, theirs, occ, empty)``: whether one of ``kings`` can capture;
* ``has_capture(white, black, kings, turn)``: whether the side to move can capture;
* ``single_captures(white, black, kings, turn)``: the number of capture moves when they are
  all single man captures (0 if there is no capture), ``None`` when some capture may
  continue, a king can capture, a crowning capture needs care or the choice rule ranks the
  victims — then the general search (:mod:`~damier.core.capture_search`) decides;
* ``single_capture_moves(white, black, kings, turn)``: those single captures as fast moves.

:mod:`~damier.core.eightway` writes ``single_captures`` out for men that capture in all
eight directions, :mod:`~damier.core.diagonal` the whole count/legal pair for diagonal men
(:mod:`~damier.core.diagonal_count`, :mod:`~damier.core.diagonal_legal`).

This module must not decide among captures or build capture sequences. Entry point:
:func:`build`.
"""

from __future__ import annotations

from collections.abc import Callable

from damier.core.colors import WHITE
from damier.core.fastmove import Out
from damier.core.tables import Tables

KingCanCapture = Callable[[int, int, int, int], bool]
"""``king_can_capture(kings, theirs, occ, empty)``."""

Pos4Bool = Callable[[int, int, int, int], bool]
SingleCaptures = Callable[[int, int, int, int], int | None]
Pos4Moves = Callable[[int, int, int, int], Out]


def build(t: Tables) -> tuple[KingCanCapture, Pos4Bool, SingleCaptures, Pos4Moves]:
    """``(king_can_capture, has_capture, single_captures, single_capture_moves)`` of the rules
    object ``t`` was built from."""
    MASK = t.mask
    INDEX = t.index
    ALL = t.all_squares
    PROMO = t.promo
    FLYING = t.flying
    MEN_TAKE_KINGS = t.men_take_kings
    CROWNED_MEN_CONTINUE = t.crowned_men_continue
    VICTIMS_DIFFER = t.victims_differ
    STEP = t.step
    MAN_CAP = t.man_cap
    MAN_CAP_UP = t.man_cap_up
    MAN_CAP_DOWN = t.man_cap_down
    KING_JUMPS = t.king_jumps
    KING_DETECT = t.king_detect

    def king_can_capture(k: int, theirs: int, occ: int, empty: int) -> bool:
        while k:
            low = k & -k
            k ^= low
            i = INDEX[low]
            if FLYING:
                for d, rmask, inc in KING_DETECT[i]:
                    blockers = rmask & occ
                    if not blockers:
                        continue
                    first = blockers & -blockers if inc else 1 << (blockers.bit_length() - 1)
                    if first & theirs:
                        j = STEP[d][INDEX[first]]
                        if j >= 0 and MASK[j] & empty:
                            return True
            else:
                for over, _land, lm, _d in KING_JUMPS[i]:
                    if over & theirs and lm & empty:
                        return True
        return False

    def has_capture(white: int, black: int, kings: int, turn: int) -> bool:
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        if not theirs:
            return False
        occ = white | black
        empty = ALL & ~occ
        men = mine & ~kings
        if men:
            targets = theirs if MEN_TAKE_KINGS else theirs & ~kings
            for s, two, _table, _cont in MAN_CAP[turn]:
                if s > 0:
                    if (((men & two) << s & targets) << s) & empty:
                        return True
                elif (((men & two) >> -s & targets) >> -s) & empty:
                    return True
        k = mine & kings
        return bool(k) and king_can_capture(k, theirs, occ, empty)

    def continues(land: int, cont: tuple[tuple[int, int], ...], targets: int, empty: int) -> bool:
        """Whether a man on one of the ``land`` squares can jump again in one of the
        directions ``cont`` (every capture direction but straight back)."""
        for s2, two2 in cont:
            if s2 > 0:
                if (((land & two2) << s2 & targets) << s2) & empty:
                    return True
            elif (((land & two2) >> -s2 & targets) >> -s2) & empty:
                return True
        return False

    def single_captures(white: int, black: int, kings: int, turn: int) -> int | None:
        """The number of capture moves if they are all single man captures (0 if none);
        ``None`` when the general search must decide. (A written-out variant may instead
        return ``~cand``, negative, naming the men that can jump.)"""
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        if not theirs:
            return 0
        occ = white | black
        empty = ALL & ~occ
        men = mine & ~kings
        targets = theirs if MEN_TAKE_KINGS else theirs & ~kings
        total = 0
        found = 0
        # directions split by the sign of their shift: no branch inside the loops
        for s, two, cont in MAN_CAP_UP[turn]:
            land = (((men & two) << s & targets) << s) & empty
            if land:
                if continues(land, cont, targets, empty):
                    return None
                found |= land
                total += land.bit_count()
        for s, two, cont in MAN_CAP_DOWN[turn]:
            land = (((men & two) >> s & targets) >> s) & empty
            if land:
                if continues(land, cont, targets, empty):
                    return None
                found |= land
                total += land.bit_count()
        if found and (
            (found & PROMO[turn] and not CROWNED_MEN_CONTINUE) or (VICTIMS_DIFFER and theirs & kings)
        ):
            return None
        if mine & kings and king_can_capture(mine & kings, theirs, occ, empty):
            return None
        return total

    def single_capture_moves(white: int, black: int, kings: int, turn: int) -> Out:
        """The capture moves when :func:`single_captures` found only single man captures."""
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        empty = ALL & ~(white | black)
        men = mine & ~kings
        targets = theirs if MEN_TAKE_KINGS else theirs & ~kings
        out: Out = []
        for s, two, table, _cont in MAN_CAP[turn]:
            if s > 0:
                land = (((men & two) << s & targets) << s) & empty
            else:
                land = (((men & two) >> -s & targets) >> -s) & empty
            while land:
                low = land & -land
                land ^= low
                out.append(table[low])
        return out

    return king_can_capture, has_capture, single_captures, single_capture_moves
