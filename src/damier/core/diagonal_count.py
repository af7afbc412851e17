"""The move count of the diagonal fast path (perft's leaves, where most of its time goes).

:func:`build` returns ``count(white, black, kings, turn)``, the number of legal moves,
worked out in the two lanes of :mod:`~damier.core.lanes` without building a move where it
can. It starts as :mod:`~damier.core.diagonal_legal` does: ``up`` and ``down`` are the men
moved one step (with the empty squares, the targets of quiet moves); ``x_up`` and ``x_down``
the pieces to take next to a man, and only if there are some, those among them with an
empty square behind (one capture each). Without a capture, the quiet moves are counted with
one popcount and the kings' walk. With one, :func:`build`'s ``count_captures`` decides for
all men together whether any capture may go on (often several captures at once at perft's
leaves): when none does, the count is the number of single captures; otherwise the search
starts at the landing squares of those that go on and the choice rules count the result.

The quiet count is written out in ``count`` and the capture branch is a call: most leaves
are quiet. The choice of the side's men, kings and targets at the top of ``count`` is
written out here and again in :mod:`~damier.core.diagonal_legal`: as a shared helper
returning the four bitboards it cost about 0.19 µs a call (timeit, Python 3.11), a fifth
of a quiet leaf's count.

This module must not decide rules: the search and the choice rules it calls do
(:class:`~damier.core.diagonal.Search`). Entry point: :func:`build`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from damier.core.fastmove import Out
from damier.core.lanes import Lanes, make_jumpers

if TYPE_CHECKING:
    from damier.core.diagonal import KingQuietCount, Search

Count = Callable[[int, int, int, int], int]


def build(lanes: Lanes, search: Search, king_quiet_count: KingQuietCount) -> Count:
    """``count(white, black, kings, turn)`` of the lanes' rules object."""
    S1, S2, W, ALL, PROMO = lanes.s1, lanes.s2, lanes.w, lanes.all, lanes.promo
    MEN2, EMPTY2, BOTH2 = lanes.men2, lanes.empty2, lanes.both2
    TAKE_KINGS, MEN_BACK = lanes.take_kings, lanes.men_back
    SPECIAL_CROWNING, VICTIMS_DIFFER = lanes.special_crowning, lanes.victims_differ
    O_UP, O_DOWN = lanes.onward_up, lanes.onward_down
    captures_of, men_ends, count_chosen = search.captures_of, search.men_ends, search.count_chosen
    king_can_capture = search.king_can_capture
    ENDS_ON = search.men_ends_on
    jumpers = make_jumpers(lanes)

    def count(white: int, black: int, kings: int, turn: int) -> int:
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
        # pieces to take next to a man first, the squares behind them only if there are some
        x_up = up & t2 if MEN_BACK or not turn else 0
        x_down = down & t2 if MEN_BACK or turn else 0
        if x_up or x_down:
            e2 = empty * EMPTY2
            e_up = e2 << S2
            e_down = e2 >> S1
            x_up &= e_up
            x_down &= e_down
            if x_up or x_down:
                return count_captures(white, black, kings, turn, k, tg, theirs, occ, empty, t2,
                                      e_up, e_down, x_up, x_down)
        if k:
            n = king_quiet_count(k, theirs, occ, empty)
            if n < 0:
                return len(captures_of(white, black, kings, turn, 0))
            return n + ((down if turn else up) & empty * BOTH2).bit_count()
        return ((down if turn else up) & empty * BOTH2).bit_count()

    def count_captures(white: int, black: int, kings: int, turn: int, k: int, tg: int, theirs: int,
                       occ: int, empty: int, t2: int, e_up: int, e_down: int, x_up: int,
                       x_down: int) -> int:
        """The count when men can capture ``x_up`` and ``x_down`` (the pieces taken, one
        capture each, in lane layout): ``land`` are their landing squares and ``jump`` the
        squares a man could jump from (lane 1 folded back into the board's bits). A capture
        may go on when its landing square is one of those: the jump straight back never
        shows, because it would land on the square the man left, still occupied here."""
        if (k and king_can_capture(k, theirs, occ, empty)) or (VICTIMS_DIFFER and theirs & kings):
            return len(captures_of(white, black, kings, turn, jumpers(x_up, x_down)))
        land = x_up >> S2 | x_down << S1
        if MEN_BACK:
            jump = (t2 & e_up) << S2 | (t2 & e_down) >> S1
        elif turn:
            jump = (t2 & e_down) >> S1
        else:
            jump = (t2 & e_up) << S2
        land = (land | land >> (W - 1)) & ALL
        if not (land & (jump | jump >> (W + 1)) or (SPECIAL_CROWNING and land & PROMO[turn])):
            return x_up.bit_count() + x_down.bit_count()
        if ENDS_ON is None or (SPECIAL_CROWNING and land & PROMO[turn]):
            return count_chosen(men_ends(jumpers(x_up, x_down), tg, theirs, occ, turn, []), kings)
        # Some capture goes on (15% of perft(8)'s leaf parents, half its count time): each
        # single capture is looked up by its victim and the search starts at the landing
        # square of those that go on, a call per jumping man fewer than the search from the men.
        out: Out = []
        for x, onward in ((x_up, O_UP[turn]), (x_down, O_DOWN[turn])):
            while x:
                low = x & -x
                x ^= low
                near, past, _crowns, m = onward[low]
                near &= tg
                while near:
                    over = near & -near
                    near ^= over
                    if past[over] & empty:
                        ENDS_ON(m[0], m[4][0], occ ^ m[0], tg ^ m[2], m[2], turn, out)
                        break
                else:
                    out.append(m)
        return count_chosen(out, kings)

    return count
