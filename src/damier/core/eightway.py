"""The written-out single-capture test and move count for men that capture in all eight
directions (Frisian).

This is ``single_captures`` of :mod:`~damier.core.capture_scan` unrolled for a ``dark``
board whose men capture diagonally and orthogonally: the four diagonal shifts (``h`` and
``h + 1`` for ``h`` squares per row), the vertical two-row shift (``N + 1``, exact in the
padded layout of :mod:`~damier.core.geometry`) and the horizontal one-square shift (masked
to stay in its row). It returns the number of capture moves when they are all single man
captures (0 if none) and ``None`` when the general search must decide.

When the search must decide, it returns the complement ``~cand`` (a negative number) of the
men that can jump, so that the search starts from them (kings are always searched).

The move count (perft's leaves) is the same test with the quiet moves counted where it
finds no capture and the search called where it cannot decide. Whether a single capture
may go on is looked up per landing square (the pieces next to it -> the squares behind
them): the jump straight back would land on the square the man left, still occupied in
that test, so it never shows. Under the common rules, when no king stands among the
pieces to take, the count walks the men's captures itself from those landing squares and
counts the largest without listing them (no general search, no choice rule).

This module must not decide rules by itself: it reproduces what the general test returns
(the test suite checks the results). Entry points: :func:`applies`, :func:`build`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from damier.core.capture_scan import KingCanCapture, SingleCaptures
from damier.core.capture_search import MenEnds, SequencesOf
from damier.core.colors import WHITE
from damier.core.fastmove import Out
from damier.core.quiet import KingQuietCount
from damier.core.tables import Tables

Count = Callable[[int, int, int, int], int]


def applies(t: Tables) -> bool:
    """Whether the men of the rules object ``t`` was built from capture in all eight
    directions on a ``dark`` board."""
    return t.geometry.shape == "dark" and all(set(t.man_cap_dirs[c]) == set(range(8)) for c in (0, 1))


def build(
    t: Tables,
    king_can_capture: KingCanCapture,
    king_quiet_count: KingQuietCount,
    sequences_of: SequencesOf,
    men_ends: MenEnds,
    choose: Callable[[Out, int], Out],
    count_chosen: Callable[[Out, int], int],
) -> tuple[SingleCaptures, Count | None]:
    """``(single_captures, count)`` for ``t`` (:func:`applies` must hold). ``count`` is the
    number of legal moves (the general search and ``choose`` decide what the test cannot;
    ``men_ends`` searches the men alone when no king can capture, and ``count_chosen``
    counts what ``choose`` would keep of its sequences: the caller must not pass the
    path-less search for choice rules that read paths); it is None unless the men step
    one square diagonally forward."""
    e = EightTables(t)
    single_captures = _single_captures(e, king_can_capture)
    # count() is single_captures() with other exits: the quiet moves are counted where it
    # returns 0, the search decides where it returns the jumpers (a call less per perft
    # leaf). Men step diagonally forward: up by S1 and S2 for White, down for Black.
    g = t.geometry
    up_left, up_right = g.direction_index((-1, -1)), g.direction_index((-1, 1))
    if set(t.man_step_dirs[0]) != {up_left, up_right}:
        return single_captures, None
    search = _CountSearch(sequences_of, men_ends, choose, count_chosen, king_can_capture,
                          king_quiet_count, _men_count(e))
    return single_captures, _count(e, search)


class EightTables:
    """The shifts, masks and per-square tables of men that capture in eight directions.

    Per square: landing bit -> (jumped bit, landing square) (``jump``), the squares a man
    there could jump over (``near``), and for every set of those the squares it would land
    on (``to``); the men of both colours jump alike (eight directions, see :func:`applies`).
    ``empty & to[i][targets & near[i]]`` is then the exact "can the man on i jump on" (two
    lookups where a loop over the eight directions would look at each): the search is
    called only where the capture goes on, and a landing square needs no test per
    direction."""

    def __init__(self, t: Tables) -> None:
        g = t.geometry
        mask, step = t.mask, t.step
        self.all, self.promo, self.index = t.all_squares, t.promo, t.index
        self.take_kings = t.men_take_kings
        self.crowned_men_continue = t.crowned_men_continue
        self.victims_differ = t.victims_differ
        self.plain_men = t.plain_men
        self.s1 = g.size // 2
        self.s2 = self.s1 + 1
        self.sv = g.size + 1
        self.left2 = sum(mask[i] for i in range(g.squares) if step[6][i] >= 0 and step[6][step[6][i]] >= 0)
        self.right2 = sum(mask[i] for i in range(g.squares) if step[7][i] >= 0 and step[7][step[7][i]] >= 0)
        assert g.directions[4:] == ((-2, 0), (2, 0), (0, -2), (0, 2))
        assert t.shift[4] == -self.sv and t.shift[6] == -1
        self.jump = tuple({lm: (over, land) for over, land, lm, _d in jumps} for jumps in t.man_jumps[0])
        self.near = tuple(sum(over for over, _l, _m, _d in jumps) for jumps in t.man_jumps[0])
        self.to = tuple(_landings(jumps) for jumps in t.man_jumps[0])


def _landings(jumps: tuple[tuple[int, int, int, int], ...]) -> dict[int, int]:
    """Every set of the pieces next to a square -> the squares behind them."""
    table = {0: 0}
    for over, _land, lm, _d in jumps:
        table.update({key | over: to | lm for key, to in table.items()})
    return table


Jumpers = Callable[[int, int, int, int, int, int, int, int], int]


def _jumpers_and_goes_on(e: EightTables) -> tuple[Jumpers, Callable[[int, int, int], bool]]:
    """``(jumpers, goes_on)``: the men that jump to landing squares given per direction (as
    ``~cand``), and whether a man landing on one of some squares may jump on."""
    S1, S2, SV = e.s1, e.s2, e.sv
    INDEX, NEAR, TO = e.index, e.near, e.to

    def goes_on(found: int, tg: int, empty: int) -> bool:
        """Whether a man landing on one of the squares ``found`` may jump on: straight back
        it would land on the square the man left, which is still occupied here, so that
        jump never shows."""
        while found:
            lm = found & -found
            found ^= lm
            i = INDEX[lm]
            if empty & TO[i][tg & NEAR[i]]:
                return True
        return False

    def jumpers(ur: int, ul: int, dl: int, dr: int, up: int, dn: int, lf: int, rt: int) -> int:
        """``~cand`` for the landing squares of each direction: the men that jump sit two
        steps behind them (only the search needs them, so they are found only for it)."""
        return ~((ur << S1 + S1) | (ul << S2 + S2) | (dl >> S1 + S1) | (dr >> S2 + S2)
                 | (up << SV + SV) | (dn >> SV + SV) | (lf << 2) | (rt >> 2))

    return jumpers, goes_on


def _single_captures(e: EightTables, king_can_capture: KingCanCapture) -> SingleCaptures:
    """``single_captures`` for men that capture in all eight directions (see
    :mod:`~damier.core.capture_scan`; ``~cand`` where the search must decide)."""
    S1, S2, SV, LEFT2, RIGHT2 = e.s1, e.s2, e.sv, e.left2, e.right2
    ALL, PROMO = e.all, e.promo
    MEN_TAKE_KINGS, VICTIMS_DIFFER = e.take_kings, e.victims_differ
    CROWNED_MEN_CONTINUE = e.crowned_men_continue
    jumpers, goes_on = _jumpers_and_goes_on(e)

    def single_captures(white: int, black: int, kings: int, turn: int) -> int | None:
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
            if (found & PROMO[turn] and not CROWNED_MEN_CONTINUE) or (VICTIMS_DIFFER and theirs & kings):
                return jumpers(ur, ul, dl, dr, up, dn, lf, rt)
            if goes_on(found, tg, empty):
                return jumpers(ur, ul, dl, dr, up, dn, lf, rt)
            if mine & kings and king_can_capture(mine & kings, theirs, occ, empty):
                return jumpers(ur, ul, dl, dr, up, dn, lf, rt)
        elif mine & kings and king_can_capture(mine & kings, theirs, occ, empty):
            return ~0
        else:
            return 0
        return (ur.bit_count() + ul.bit_count() + dl.bit_count() + dr.bit_count() + up.bit_count()
                + dn.bit_count() + lf.bit_count() + rt.bit_count())

    return single_captures


MenCount = Callable[[int, int, int, int], int]


def _men_count(e: EightTables) -> MenCount:
    """``men_count(found, men, tg, empty)``: the men's captures counted without listing them.

    Under the common rules, with no king among the pieces they may take, the largest
    captures are the legal ones under the rules whose victims differ (value and Spanish:
    every victim is then worth the same, and no king of the side to move captures on this
    path). Two routes of one move (same start, end and pieces taken) need three jumps at
    least (each victim is the midpoint of its jump; a triangle such as two diagonal jumps
    and a vertical one closes a loop), so the moves are keyed for duplicates only from three
    pieces taken."""
    INDEX, JUMP, NEAR, TO = e.index, e.jump, e.near, e.to

    def ends(fm: int, cur: int, empty: int, targets: int, cap: int, c: int, acc: list[Any]) -> None:
        """Walk the captures of the man from ``fm`` standing on ``cur`` (where it can jump
        on) having taken ``c`` pieces (``cap``; ``empty`` counts the man's squares as
        empty, pieces taken stay); ``acc`` is ``[most taken, routes with that many,
        keys...]``."""
        free = empty & TO[cur][targets & NEAR[cur]]
        jumps = JUMP[cur]
        c += 1
        while free:
            lm = free & -free
            free ^= lm
            over, land = jumps[lm]
            rest = targets ^ over
            if empty & TO[land][rest & NEAR[land]]:
                ends(fm, land, empty, rest, cap | over, c, acc)
            elif c >= acc[0]:
                if c > acc[0]:
                    acc[0] = c
                    acc[1] = 0
                    del acc[2:]
                acc[1] += 1
                if c >= 3:
                    acc.append((fm, lm, cap | over))

    def men_count(found: int, men: int, tg: int, empty: int) -> int:
        """The number of legal men's captures (see above), the search started at the
        landing squares ``found`` of the single captures: the men that jump there are
        the squares behind the pieces next to a landing square (a jump read backwards)."""
        acc: list[Any] = [0, 0]
        while found:
            lm = found & -found
            found ^= lm
            i = INDEX[lm]
            near = tg & NEAR[i]
            to = TO[i]
            jumps = JUMP[i]
            src = men & to[near]
            while src:
                fm = src & -src
                src ^= fm
                over = jumps[fm][0]
                e = empty | fm
                if e & to[near ^ over]:
                    ends(fm, i, e, tg ^ over, over, 1, acc)
                elif acc[0] <= 1:
                    acc[0] = 1
                    acc[1] += 1
        if acc[0] < 3:
            return int(acc[1])
        return len(set(acc[2:]))

    return men_count


class _CountSearch(NamedTuple):
    """What :func:`_count` hands over to when it cannot count in bulk."""

    sequences_of: SequencesOf
    men_ends: MenEnds
    choose: Callable[[Out, int], Out]
    count_chosen: Callable[[Out, int], int]
    king_can_capture: KingCanCapture
    king_quiet_count: KingQuietCount
    men_count: MenCount


def _count(e: EightTables, search: _CountSearch) -> Count:
    """The number of legal moves of men stepping diagonally forward and capturing in eight
    directions (Frisian)."""
    S1, S2, SV, LEFT2, RIGHT2 = e.s1, e.s2, e.sv, e.left2, e.right2
    ALL, PROMO, INDEX, NEAR, TO = e.all, e.promo, e.index, e.near, e.to
    MEN_TAKE_KINGS, VICTIMS_DIFFER = e.take_kings, e.victims_differ
    CROWNED_MEN_CONTINUE = e.crowned_men_continue
    sequences_of, men_ends, choose, count_chosen = (search.sequences_of, search.men_ends, search.choose,
                                                    search.count_chosen)
    king_can_capture, king_quiet_count, men_count = (search.king_can_capture, search.king_quiet_count,
                                                     search.men_count)
    fast_men = e.plain_men and VICTIMS_DIFFER
    jumpers, goes_on = _jumpers_and_goes_on(e)

    def count(white: int, black: int, kings: int, turn: int) -> int:
        if turn == WHITE:
            mine, theirs = white, black
        else:
            mine, theirs = black, white
        occ = white | black
        empty = ALL & ~occ
        men = mine & ~kings
        k = mine & kings
        if not theirs:
            found = 0
        else:
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
            if fast_men and not theirs & kings:
                if k and king_can_capture(k, theirs, occ, empty):
                    cand = ~jumpers(ur, ul, dl, dr, up, dn, lf, rt)
                    return len(choose(sequences_of(white, black, kings, turn, cand, True), kings))
                # as in single_captures_eight: a landing that may jump on (inline here)
                f = found
                while f:
                    lm = f & -f
                    f ^= lm
                    i = INDEX[lm]
                    if empty & TO[i][tg & NEAR[i]]:
                        return men_count(found, men, tg, empty)
                return (ur.bit_count() + ul.bit_count() + dl.bit_count() + dr.bit_count() + up.bit_count()
                        + dn.bit_count() + lf.bit_count() + rt.bit_count())
            if (
                (found & PROMO[turn] and not CROWNED_MEN_CONTINUE)
                or (VICTIMS_DIFFER and theirs & kings)
                or goes_on(found, tg, empty)
            ):
                if k and king_can_capture(k, theirs, occ, empty):
                    cand = ~jumpers(ur, ul, dl, dr, up, dn, lf, rt)
                    return len(choose(sequences_of(white, black, kings, turn, cand, True), kings))
                cand = ~jumpers(ur, ul, dl, dr, up, dn, lf, rt)
                return count_chosen(men_ends(cand, tg, theirs, occ, turn, []), kings)
            if k and king_can_capture(k, theirs, occ, empty):
                cand = ~jumpers(ur, ul, dl, dr, up, dn, lf, rt)
                return len(choose(sequences_of(white, black, kings, turn, cand, True), kings))
            return (ur.bit_count() + ul.bit_count() + dl.bit_count() + dr.bit_count() + up.bit_count()
                    + dn.bit_count() + lf.bit_count() + rt.bit_count())
        if k:
            if theirs and king_can_capture(k, theirs, occ, empty):
                return len(choose(sequences_of(white, black, kings, turn, 0, True), kings))
            n = king_quiet_count(k, occ)
        else:
            n = 0
        if turn == WHITE:
            return n + ((men >> S1) & empty).bit_count() + ((men >> S2) & empty).bit_count()
        return n + ((men << S1) & empty).bit_count() + ((men << S2) & empty).bit_count()

    return count
