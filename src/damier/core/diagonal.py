"""The fast path of move counting and generation for diagonal-men variants.

Most positions of every diagonal variant have no king that can capture and either no
capture at all or only single man captures that cannot continue. For those positions the
answer can be computed for all men at once with a few shifts per direction, without
visiting squares, in the two lanes of :mod:`~damier.core.lanes`. This module composes that
path from its parts and owns the small ones:

* :mod:`~damier.core.diagonal_count` — the move count (perft's leaves);
* :mod:`~damier.core.diagonal_legal` — the move list;
* here: the kings' quiet moves (one walk along their rays that stops as soon as it meets a
  piece a king can take), whether the side to move can capture, the men's quiet moves
  whatever the captures, and the physically possible moves of huffing rules.

Whether a man can capture at all is one expression over the victims: a target square with
a man on one side and an empty square on the other side of the same diagonal. Everything
the path cannot decide (a capture that may continue, a king that can capture, a man crowned
mid-capture by rules that make it stop or turn into a king) is handed back to the general
search (:mod:`damier.core.capture_search` with the choice rules of
:mod:`damier.core.choice`), which stays the single source of the capture rules; the
:class:`Search` given to :func:`build` holds its entry points. :mod:`damier.core.movegen`
decides which variants use this path and wires it in.

This module must not decide rules by itself: it only reproduces what the general rules
would produce in the cases it recognises (the test suite checks both paths agree).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from damier.core import diagonal_count, diagonal_legal
from damier.core.colors import WHITE
from damier.core.fastmove import Out
from damier.core.lanes import Lanes, Onward

Pos4Moves = Callable[[int, int, int, int], Out]
KingQuiets = Callable[[int, int, int, int, Out], bool]
"""``king_quiets(kings, theirs, occ, empty, out)``: append the quiet moves of ``kings`` to
``out``; stop and return True as soon as one of them can capture (``out`` is then
incomplete)."""
KingQuietCount = Callable[[int, int, int, int], int]
"""``king_quiet_count(kings, theirs, occ, empty)``: their number, or -1 if one can capture."""


@dataclass(frozen=True, slots=True)
class Search:
    """The general search and choice rules, as the fast path calls them.

    ``captures_of(white, black, kings, turn, men)`` is the general search with the
    variant's choice rules, for the given men that can jump and every king;
    ``men_sequences`` the search for men alone and ``choose`` the choice rules; ``men_ends``
    the same search for counting (no paths where the rules do not read them) and
    ``count_chosen`` the number of moves ``choose`` would keep (given men's sequences only);
    ``men_go_on`` (None unless the common rules apply, see
    :data:`damier.core.capture_search.ManGoOn`) goes on from the landing square of a single
    capture that may continue, ``men_ends_on`` the same for counting (None where the choice
    rules read paths); ``king_captures`` (None unless flying kings under the common rules)
    lists the sequences of kings when no man can capture; ``king_can_capture(kings,
    theirs, occ, empty)`` tells whether one of ``kings`` can capture.
    """

    captures_of: Callable[[int, int, int, int, int], Out]
    men_sequences: Callable[[int, int, int, int, int, Out], Out]
    men_ends: Callable[[int, int, int, int, int, Out], Out]
    count_chosen: Callable[[Out, int], int]
    men_go_on: Callable[[int, int, int, int, int, tuple[int, ...], int, Out], bool] | None
    men_ends_on: Callable[[int, int, int, int, int, int, Out], bool] | None
    king_captures: Callable[[int, int, int], Out] | None
    choose: Callable[[Out, int], Out]
    king_can_capture: Callable[[int, int, int, int], bool]


@dataclass(frozen=True, slots=True)
class DiagonalPaths:
    """The entry points of the fast path (``physical`` returns None when the search must
    list the capture prefixes)."""

    count: Callable[[int, int, int, int], int]
    legal: Pos4Moves
    has_capture: Callable[[int, int, int, int], bool]
    men_quiets: Pos4Moves
    physical: Callable[[int, int, int, int], Out | None]


def build(lanes: Lanes, search: Search) -> DiagonalPaths:
    """The fast path of a diagonal-men variant (see :func:`damier.core.lanes.applies`)."""
    king_quiets, king_quiet_count = king_walk(lanes)
    count = diagonal_count.build(lanes, search, king_quiet_count)
    legal, quiet_moves = diagonal_legal.build(lanes, search, king_quiets)
    has_capture = capture_test(lanes, search.king_can_capture)
    men_quiets, physical = physical_moves(lanes, king_quiets, quiet_moves)
    return DiagonalPaths(count, legal, has_capture, men_quiets, physical)


def king_walk(lanes: Lanes) -> tuple[KingQuiets, KingQuietCount]:
    """``(king_quiets, king_quiet_count)``: one walk along each ray of each king, to the
    first piece; a piece of the opponent's with an empty square behind it means a capture.
    (The two walk the same rays, one listing, one counting: sharing the walk would cost a
    call per ray.)"""
    INDEX = lanes.index
    KING_RAYS = lanes.king_rays

    def king_quiets(k: int, theirs: int, occ: int, empty: int, out: Out) -> bool:
        while k:
            low = k & -k
            k ^= low
            for rmask, inc, moves, before, step in KING_RAYS[INDEX[low]]:
                blockers = rmask & occ
                if not blockers:
                    out += moves
                    continue
                if inc:
                    first = blockers & -blockers
                    if first & theirs and (first << step) & empty:
                        return True
                else:
                    first = 1 << (blockers.bit_length() - 1)
                    if first & theirs and (first >> step) & empty:
                        return True
                out += before[first]
        return False

    def king_quiet_count(k: int, theirs: int, occ: int, empty: int) -> int:
        n = 0
        while k:
            low = k & -k
            k ^= low
            for rmask, inc, moves, before, step in KING_RAYS[INDEX[low]]:
                blockers = rmask & occ
                if not blockers:
                    n += len(moves)
                    continue
                if inc:
                    first = blockers & -blockers
                    if first & theirs and (first << step) & empty:
                        return -1
                else:
                    first = 1 << (blockers.bit_length() - 1)
                    if first & theirs and (first >> step) & empty:
                        return -1
                n += len(before[first])
        return n

    return king_quiets, king_quiet_count


def capture_test(lanes: Lanes, king_can_capture: Callable[[int, int, int, int], bool]
                 ) -> Callable[[int, int, int, int], bool]:
    """``has_capture(white, black, kings, turn)``: whether the side to move can capture."""
    S1, S2, ALL = lanes.s1, lanes.s2, lanes.all
    TAKE_KINGS, MEN_BACK = lanes.take_kings, lanes.men_back

    def has_capture(white: int, black: int, kings: int, turn: int) -> bool:
        occ = white | black
        empty = ALL ^ occ
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        men = mine & ~kings
        tg = theirs if TAKE_KINGS else theirs & ~kings
        if MEN_BACK or turn == WHITE:
            v_up = ((men >> S1) & (empty << S1)) | ((men >> S2) & (empty << S2))
        else:
            v_up = 0
        if MEN_BACK or turn != WHITE:
            v_down = ((men << S1) & (empty >> S1)) | ((men << S2) & (empty >> S2))
        else:
            v_down = 0
        if tg & (v_up | v_down):
            return True
        k = mine & kings
        return bool(k) and king_can_capture(k, theirs, occ, empty)

    return has_capture


def physical_moves(
    lanes: Lanes, king_quiets: KingQuiets, quiet_moves: Callable[[int, int], Out],
) -> tuple[Pos4Moves, Callable[[int, int, int, int], Out | None]]:
    """``(men_quiets, physical)``: the quiet moves of the men whatever the captures, and every
    physically possible move (huffing, :mod:`damier.core.huffing`) — the quiet moves and all
    captures when these are single man captures that cannot go on; None when the search
    must list the capture prefixes (a king can capture, a man could go on or is crowned by
    its capture). ``quiet_moves(turn, targets)`` lists the men's quiet moves of a targets
    int in lane layout."""
    S1, S2, ALL = lanes.s1, lanes.s2, lanes.all
    MEN2, EMPTY2, BOTH2 = lanes.men2, lanes.empty2, lanes.both2
    TAKE_KINGS, MEN_BACK = lanes.take_kings, lanes.men_back
    O_UP, O_DOWN = lanes.onward_up, lanes.onward_down

    def men_quiets(white: int, black: int, kings: int, turn: int) -> Out:
        empty = ALL ^ (white | black)
        if turn:
            both = ((black & ~kings) * MEN2 << S1) & empty * BOTH2
        else:
            both = ((white & ~kings) * MEN2 >> S2) & empty * BOTH2
        return quiet_moves(turn, both)

    def single_captures(x: int, onward: dict[int, Onward], tg: int, empty: int, out: Out) -> bool:
        """Append the single captures of one lane's victims ``x``; False if one of them may
        go on or crowns (then the search must list the prefixes)."""
        while x:
            low = x & -x
            x ^= low
            near, past, crowns, m = onward[low]
            near &= tg
            while near:
                over = near & -near
                near ^= over
                if past[over] & empty:
                    crowns = True
            if crowns:
                return False
            out.append(m)
        return True

    def physical(white: int, black: int, kings: int, turn: int) -> Out | None:
        occ = white | black
        empty = ALL ^ occ
        mine, theirs = (black, white) if turn else (white, black)
        men = mine & ~kings if kings else mine
        tg = theirs if TAKE_KINGS or not kings else theirs & ~kings
        out: Out = []
        if kings and mine & kings and king_quiets(mine & kings, theirs, occ, empty, out):
            return None
        up = men * MEN2 >> S2
        down = men * MEN2 << S1
        e2 = empty * EMPTY2
        t2 = tg * BOTH2
        if (MEN_BACK or not turn) and not single_captures(up & (e2 << S2) & t2, O_UP[turn], tg, empty, out):
            return None
        if (MEN_BACK or turn) and not single_captures(down & (e2 >> S1) & t2, O_DOWN[turn], tg, empty, out):
            return None
        return out + quiet_moves(turn, (down if turn else up) & empty * BOTH2)

    return men_quiets, physical


