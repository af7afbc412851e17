"""The move list of the diagonal fast path.

:func:`build` returns ``legal(white, black, kings, turn)``, worked out in the two lanes of
:mod:`~damier.core.lanes`. Like the count (:mod:`~damier.core.diagonal_count`) it first
looks for pieces to take next to a man (in most quiet positions there is none — 65% of the
benchmark's — and then the squares behind need no look). A move list has to visit each
capture to list it, so it decides there: each single capture is read from the table of its
victim, which also tells whether the man could go on from its landing square (or is crowned
there under rules where that matters); a capture that may go on is searched from its
landing square at once (the search lists its sequences), and the choice rules then pick
among all of them. The kings are looked at next: when one of them can capture, no quiet
move is listed. The quiet man moves are read a group of rows at a time from tables of
ready-made moves (:mod:`~damier.core.rowgroups`).

The quiet path is written out in ``legal`` (three lookups where there are three groups of
rows: a loop costs more); the captures are one call, in which a loop runs over the two
lanes (written out twice, as before this module was split, positions with a capture were
faster, by less than the call costs).

This module must not decide rules: the search and the choice rules it calls do
(:class:`~damier.core.diagonal.Search`). Entry point: :func:`build`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from damier.core.fastmove import Out
from damier.core.lanes import Lanes, make_jumpers

if TYPE_CHECKING:
    from damier.core.diagonal import KingQuiets, Search

Legal = Callable[[int, int, int, int], Out]
QuietMoves = Callable[[int, int], Out]
"""``quiet_moves(turn, targets)``: the quiet man moves of ``turn`` to ``targets`` (the
targets of its two step directions in lane layout)."""


def build(lanes: Lanes, search: Search, king_quiets: KingQuiets) -> tuple[Legal, QuietMoves]:
    """``(legal, quiet_moves)`` of the lanes' rules object."""
    S1, S2, ALL = lanes.s1, lanes.s2, lanes.all
    MEN2, EMPTY2, BOTH2 = lanes.men2, lanes.empty2, lanes.both2
    TAKE_KINGS, MEN_BACK = lanes.take_kings, lanes.men_back
    GROUPS, QUIET = lanes.groups, lanes.quiet
    # legal() reads the groups written out where there are three
    THREE = len(GROUPS[0]) == 3
    (P0, P1, P2), (Q0, Q1, Q2) = ((g + (0, 0, 0))[:3] for g in GROUPS)
    captures_of, choose = search.captures_of, search.choose
    KING_CAPTURES = search.king_captures
    quiet_moves, filled_quiet_moves = _quiet_listing(lanes)
    legal_captures = _capture_listing(lanes, search)

    def legal(white: int, black: int, kings: int, turn: int) -> Out:
        occ = white | black
        empty = ALL ^ occ
        if turn:  # Black (WHITE is 0)
            theirs = white
            if kings:
                men = black & ~kings
                k = black & kings
                tg = white if TAKE_KINGS else white & ~kings
            else:
                men = black
                k = 0
                tg = white
        else:
            theirs = black
            if kings:
                men = white & ~kings
                k = white & kings
                tg = black if TAKE_KINGS else black & ~kings
            else:
                men = white
                k = 0
                tg = black
        m2 = men * MEN2
        up = m2 >> S2
        down = m2 << S1
        t2 = tg * BOTH2
        x_up = up & t2 if MEN_BACK or not turn else 0
        x_down = down & t2 if MEN_BACK or turn else 0
        if x_up or x_down:
            e2 = empty * EMPTY2
            x_up &= e2 << S2
            x_down &= e2 >> S1
            if x_up or x_down:
                return legal_captures(white, black, kings, turn, k, tg, theirs, occ, empty, x_up, x_down)
        if k:
            # the kings first: when one of them can capture, no quiet move is listed
            king_moves: Out = []
            if king_quiets(k, theirs, occ, empty, king_moves):
                if KING_CAPTURES is None:
                    return captures_of(white, black, kings, turn, 0)
                return choose(KING_CAPTURES(k, theirs, occ), kings)
        try:
            if THREE:
                if turn:
                    both = down & empty * BOTH2
                    quiet = QUIET[1]
                    out = [*quiet[both & Q0], *quiet[both & Q1], *quiet[both & Q2]]
                else:
                    both = up & empty * BOTH2
                    quiet = QUIET[0]
                    out = [*quiet[both & P0], *quiet[both & P1], *quiet[both & P2]]
            else:
                out = quiet_moves(turn, (down if turn else up) & empty * BOTH2)
        except KeyError:
            out = filled_quiet_moves(turn, (down if turn else up) & empty * BOTH2)
        if k:
            out += king_moves
        return out

    return legal, quiet_moves


def _quiet_listing(lanes: Lanes) -> tuple[QuietMoves, QuietMoves]:
    """``(quiet_moves, filled_quiet_moves)``: the men's quiet moves from the tables by group
    of rows, filling a table where a key is missing (the second fills first)."""
    GROUPS, QUIET, FILL = lanes.groups, lanes.quiet, lanes.fill

    def quiet_moves(turn: int, both: int) -> Out:
        quiet = QUIET[turn]
        out: Out = []
        try:
            for rows in GROUPS[turn]:
                out += quiet[both & rows]
        except KeyError:
            return filled_quiet_moves(turn, both)
        return out

    def filled_quiet_moves(turn: int, both: int) -> Out:
        FILL[turn](both)
        quiet = QUIET[turn]
        out: Out = []
        for rows in GROUPS[turn]:
            out += quiet[both & rows]
        return out

    return quiet_moves, filled_quiet_moves


LegalCaptures = Callable[[int, int, int, int, int, int, int, int, int, int, int], Out]


def _capture_listing(lanes: Lanes, search: Search) -> LegalCaptures:
    """``legal_captures(white, black, kings, turn, k, tg, theirs, occ, empty, x_up, x_down)``:
    the legal moves when men can capture ``x_up`` and ``x_down`` (the pieces taken, one
    capture each, in lane layout; ``k`` the kings of the side to move, ``tg`` the pieces its
    men may take)."""
    VICTIMS_DIFFER = lanes.victims_differ
    O_UP, O_DOWN = lanes.onward_up, lanes.onward_down
    captures_of, men_sequences, choose = search.captures_of, search.men_sequences, search.choose
    king_can_capture = search.king_can_capture
    GO_ON = search.men_go_on
    jumpers = make_jumpers(lanes)

    def legal_captures(white: int, black: int, kings: int, turn: int, k: int, tg: int, theirs: int,
                       occ: int, empty: int, x_up: int, x_down: int) -> Out:
        if (k and king_can_capture(k, theirs, occ, empty)) or (VICTIMS_DIFFER and theirs & kings):
            return captures_of(white, black, kings, turn, jumpers(x_up, x_down))
        out: Out = []
        longer = False
        for x, onward in ((x_up, O_UP[turn]), (x_down, O_DOWN[turn])):
            while x:
                low = x & -x
                x ^= low
                near, past, crowns, m = onward[low]
                if crowns:  # a capture crowns a man where that stops or changes the move
                    return choose(men_sequences(jumpers(x_up, x_down), tg, theirs, occ, turn, []), kings)
                near &= tg
                while near:
                    over = near & -near
                    near ^= over
                    if past[over] & empty:
                        if GO_ON is None:  # it may go on, outside the common rules
                            return choose(men_sequences(jumpers(x_up, x_down), tg, theirs, occ, turn, []),
                                          kings)
                        GO_ON(m[0], m[4][0], occ ^ m[0], tg ^ m[2], m[2], m[4], turn, out)
                        longer = True
                        break
                else:
                    out.append(m)
        return choose(out, kings) if longer else out

    return legal_captures
