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

Whether a man can capture at all is one expression over the victims: a target square with
a man on one side and an empty square on the other side of the same diagonal. Quiet man
moves are emitted a group of rows at a time (:mod:`damier.core.rowgroups`). The kings'
quiet moves come from one walk along their rays that stops as soon as it meets a piece a
king can take.

Most of the work happens in two lanes per int: lane 0 in the board's bits, lane 1 shifted
up past the board and the longest step (see ``W`` in :func:`build`), so that one shift and
one AND handle two directions at once.

This module must not decide rules by itself: it only reproduces what the general rules
would produce in the cases it recognises (the test suite checks both paths agree).
"""

from __future__ import annotations

from collections.abc import Callable

from damier.core import rowgroups
from damier.core.colors import WHITE
from damier.core.fastmove import FastMove, Out

_Pos4 = Callable[[int, int, int, int], Out]


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
    king_rays: tuple[tuple[tuple[int, bool, tuple[FastMove, ...]], ...], ...],
    index: dict[int, int],
    captures_of: Callable[[int, int, int, int, int], Out],
    men_sequences: Callable[[int, int, int, int, int, Out], Out],
    men_ends: Callable[[int, int, int, int, int, Out], Out],
    count_chosen: Callable[[Out, int], int],
    men_go_on: Callable[[int, int, int, int, int, tuple[int, ...], int, Out], bool] | None,
    men_ends_on: Callable[[int, int, int, int, int, int, Out], bool] | None,
    king_captures: Callable[[int, int, int], Out] | None,
    choose: Callable[[Out, int], Out],
) -> tuple[
    Callable[[int, int, int, int], int], _Pos4, Callable[[int, int, int, int], bool], _Pos4,
    Callable[[int, int, int, int], Out | None],
]:
    """Return ``(count, legal, has_capture, men_quiets, physical)`` for a diagonal-men
    variant; ``men_quiets`` lists the quiet moves of the men whether or not a capture
    exists, ``physical`` every physically possible move when it can (huffing rules).

    ``captures_of(white, black, kings, turn, men)`` is the general search with the
    variant's choice rules, for the given men that can jump and every king;
    ``men_sequences`` the search for men alone and ``choose`` the choice rules;
    ``men_ends`` the same search for counting (no paths where the rules do not read them)
    and ``count_chosen`` the number of moves ``choose`` would keep (given men's sequences
    only); ``men_go_on`` (None unless the common rules apply, see
    :data:`damier.core.capture_search.ManGoOn`) goes on from the landing square of a single
    capture that may continue, ``men_ends_on`` the same for counting (None where the choice
    rules read paths); ``king_captures`` (None unless flying kings under the common rules)
    lists the sequences of kings when no man can capture.
    ``victims_differ``: the choice rule ranks single captures by what they take (Spanish,
    Frisian), so the fast path only decides when the opponent has no king.
    ``quiet_tables[color]`` = (table for the step by ``h``, table for the step by ``h + 1``)
    keyed by target bit; ``capture_tables[color]`` = (up-right, up-left, down-left,
    down-right) keyed by landing bit (empty dicts for directions the men of that colour
    cannot capture in). ``king_rays`` are the quiet king rays per square
    (:attr:`damier.core.tables.Tables.king_quiet`), ``index`` the bit -> square table.
    """
    S1 = size // 2
    S2 = S1 + 1
    ALL = all_squares
    PROMO = promo
    TAKE_KINGS = men_take_kings
    MEN_BACK = men_back
    SPECIAL_CROWNING = not crowned_men_continue
    VICTIMS_DIFFER = victims_differ
    # Single captures per direction (up-right, up-left, down-left, down-right) and colour,
    # keyed by the bit of the piece taken, and what decides whether the man may go on from
    # its landing square: victim bit -> (the squares next to the landing that a man there
    # could jump over, in the directions it captures in but straight back; jumped bit ->
    # the square past it; does the capture crown a man under rules where that stops or
    # changes the move?; the single capture itself), one lookup per capture.
    BACK = (2, 3, 0, 1)

    def step(bits: int, d: int) -> int:
        return bits >> S1 if d == 0 else bits >> S2 if d == 1 else bits << S1 if d == 2 else bits << S2

    SINGLE = tuple(
        tuple({m[2]: m for m in capture_tables[color][d].values()} for color in (0, 1))
        for d in range(4)
    )

    def onward(color: int, d: int, m: FastMove) -> tuple[int, dict[int, int], bool, FastMove]:
        land = m[1]
        near = 0
        past: dict[int, int] = {}
        for e in range(4):
            if e == BACK[d] or not capture_tables[color][e]:
                continue
            over = step(land, e) & ALL
            beyond = step(over, e) & ALL if over else 0
            if beyond:
                near |= over
                past[over] = beyond
        return near, past, bool(SPECIAL_CROWNING and land & PROMO[color]), m

    ONWARD = tuple(
        tuple({v: onward(color, d, m) for v, m in SINGLE[d][color].items()} for color in (0, 1))
        for d in range(4)
    )
    # Two lanes: legal() works on ints that hold two directions at once, lane 0 in the
    # board's bits and lane 1 shifted up by W (past the board and the longest step, so no
    # shift by one step carries a bit from one lane into the other's board bits). Lane 1
    # holds the men shifted one bit up and the empty squares one bit down, so that the same
    # shift moves lane 0 by S2 (or S1) and lane 1 by S1 (or S2): with ``m2 = men * MEN2``,
    # ``m2 >> S2`` is (up-left, up-right) of the men and ``m2 << S1`` (down-left,
    # down-right); ``empty * EMPTY2`` lines the empty squares up with both. One shift and
    # one AND then do the work of two. (A multiplication by two bits is one operation and
    # never carries: the lanes do not overlap.)
    W = ALL.bit_length() + S2 + 1
    MEN2 = 1 | 1 << (W + 1)
    EMPTY2 = 1 | 1 << (W - 1)
    BOTH2 = 1 | 1 << W
    # the single captures of both lanes: victim bit in lane layout -> ONWARD entry
    O_UR, O_UL, O_DL, O_DR = ONWARD
    O_UP = tuple({**O_UL[c], **{v << W: o for v, o in O_UR[c].items()}} for c in (0, 1))
    O_DOWN = tuple({**O_DL[c], **{v << W: o for v, o in O_DR[c].items()}} for c in (0, 1))
    # Quiet man moves: the targets of both step directions in lane layout (White: up-left
    # in lane 0, up-right in lane 1; Black: down-left, down-right), read a group of rows at
    # a time (:mod:`damier.core.rowgroups`).
    (up_right, up_left), (down_left, down_right) = quiet_tables
    GROUPS, QUIET, FILL = rowgroups.build(size, W, ((up_left, up_right), (down_left, down_right)))
    # legal() reads the groups written out (a loop costs more) where there are three
    THREE = len(GROUPS[0]) == 3
    (P0, P1, P2), (Q0, Q1, Q2) = ((g + (0, 0, 0))[:3] for g in GROUPS)
    INDEX = index
    GO_ON = men_go_on
    ENDS_ON = men_ends_on
    KING_CAPTURES = king_captures
    # Per square, per king ray: (ray mask, ray runs towards higher bits?, the quiet moves
    # along it nearest first, first blocker bit -> the moves before it, the shift of one
    # step along the ray). Kings step and capture along the same rays here.
    KING_RAYS = tuple(
        tuple(
            (
                rmask, inc, moves,
                {m[1]: moves[:n] for n, m in enumerate(moves)},
                abs(moves[0][1].bit_length() - moves[0][0].bit_length()),
            )
            for rmask, inc, moves in per_square
        )
        for per_square in king_rays
    )

    def king_quiets(k: int, theirs: int, occ: int, empty: int, out: Out) -> bool:
        """Append the quiet moves of the kings ``k`` to ``out``; stop and return True as soon
        as one of them can capture (``out`` is then incomplete)."""
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
        """The number of quiet moves of the kings ``k``, or -1 if one of them can capture."""
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

    # count() and legal() are written out in full and share no helper: the work of one
    # call is only a few dozen operations. Both start the same way, in the two lanes (see
    # W): ``up`` and ``down`` are the men moved one step (with `empty`, the targets of
    # quiet moves); x_up and x_down the pieces to take next to a man, and only if there
    # are some, those among them with an empty square behind (one capture each).
    #
    # count() (perft's leaves, where captures are often several at once) then decides for
    # all men together, see the comment in its capture branch.

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
        # as in legal(): pieces to take next to a man first, the squares behind them only
        # if there are some
        x_up = up & t2 if MEN_BACK or not turn else 0
        x_down = down & t2 if MEN_BACK or turn else 0
        if x_up or x_down:
            e2 = empty * EMPTY2
            e_up = e2 << S2
            e_down = e2 >> S1
            x_up &= e_up
            x_down &= e_down
            if x_up or x_down:
                # x_up, x_down: the pieces taken (one capture each); ``land`` their landing
                # squares and ``jump`` the squares a man could jump from (lane 1 folded
                # back into the board's bits). A capture may go on when its landing square
                # is one of those: the jump straight back never shows there, because it
                # would land on the square the man left, still occupied here.
                if (k and king_can_capture(k, theirs, occ, empty)) or (VICTIMS_DIFFER and theirs & kings):
                    return len(captures_of(white, black, kings, turn, _jumpers(x_up, x_down)))
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
                    return count_chosen(men_ends(_jumpers(x_up, x_down), tg, theirs, occ, turn, []), kings)
                # Some capture goes on (15% of perft(8)'s leaf parents, half its count time):
                # as in legal(), each single capture is looked up by its victim and the
                # search starts at the landing square of those that go on, a call per
                # jumping man fewer than the search from the men.
                out: Out = []
                x = x_up
                onward = O_UP[turn]
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
                x = x_down
                onward = O_DOWN[turn]
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
        if k:
            n = king_quiet_count(k, theirs, occ, empty)
            if n < 0:
                return len(captures_of(white, black, kings, turn, 0))
            return n + ((down if turn else up) & empty * BOTH2).bit_count()
        return ((down if turn else up) & empty * BOTH2).bit_count()

    # legal() has to visit each capture to list it, so it decides there. It works in the
    # two lanes (see W): v_up holds the squares with a man on one side and an empty square
    # on the other along the up-left (lane 0) and up-right (lane 1) diagonals, v_down the
    # same down-left and down-right; each target among them is one single capture, and the
    # O_UP / O_DOWN tables of its victim bit tell whether the man could go on from its
    # landing square (or is crowned there under rules where that matters): then the search
    # decides.
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
        # the pieces to take next to a man, in lane layout: in most quiet positions there
        # is none (65% of the benchmark's), and then the squares behind need no look
        x_up = up & t2 if MEN_BACK or not turn else 0
        x_down = down & t2 if MEN_BACK or turn else 0
        if x_up or x_down:
            e2 = empty * EMPTY2
            x_up &= e2 << S2
            x_down &= e2 >> S1
            if x_up or x_down:
                if (k and king_can_capture(k, theirs, occ, empty)) or (VICTIMS_DIFFER and theirs & kings):
                    return captures_of(white, black, kings, turn, _jumpers(x_up, x_down))
                out: Out = []
                append = out.append
                # a capture that may go on is searched from its landing square at once (the
                # search lists its sequences); the choice rules then pick among all of them.
                # The two lanes are written out: a loop over (victims, table) pairs made
                # positions with a capture 9-14% slower (3-5% over all positions) when there
                # were four directions.
                longer = False
                x = x_up
                if x:
                    onward = O_UP[turn]
                    while x:
                        low = x & -x
                        x ^= low
                        near, past, crowns, m = onward[low]
                        if crowns:
                            return men_search(_jumpers(x_up, x_down), tg, theirs, occ, turn, kings)
                        near &= tg
                        while near:
                            over = near & -near
                            near ^= over
                            if past[over] & empty:
                                if GO_ON is None:
                                    return men_search(_jumpers(x_up, x_down), tg, theirs, occ, turn,
                                                      kings)
                                GO_ON(m[0], m[4][0], occ ^ m[0], tg ^ m[2], m[2], m[4], turn, out)
                                longer = True
                                break
                        else:
                            append(m)
                x = x_down
                if x:
                    onward = O_DOWN[turn]
                    while x:
                        low = x & -x
                        x ^= low
                        near, past, crowns, m = onward[low]
                        if crowns:
                            return men_search(_jumpers(x_up, x_down), tg, theirs, occ, turn, kings)
                        near &= tg
                        while near:
                            over = near & -near
                            near ^= over
                            if past[over] & empty:
                                if GO_ON is None:
                                    return men_search(_jumpers(x_up, x_down), tg, theirs, occ, turn,
                                                      kings)
                                GO_ON(m[0], m[4][0], occ ^ m[0], tg ^ m[2], m[2], m[4], turn, out)
                                longer = True
                                break
                        else:
                            append(m)
                return choose(out, kings) if longer else out
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

    def quiet_moves(turn: int, both: int) -> Out:
        """The quiet man moves of ``turn`` from ``both`` (the targets of its two step
        directions in lane layout), filling the table where needed."""
        quiet = QUIET[turn]
        out: Out = []
        try:
            for rows in GROUPS[turn]:
                out += quiet[both & rows]
        except KeyError:
            return filled_quiet_moves(turn, both)
        return out

    def filled_quiet_moves(turn: int, both: int) -> Out:
        """:func:`quiet_moves` after a missing key: fill first."""
        FILL[turn](both)
        quiet = QUIET[turn]
        out: Out = []
        for rows in GROUPS[turn]:
            out += quiet[both & rows]
        return out

    def men_search(jumpers: int, tg: int, theirs: int, occ: int, turn: int, kings: int) -> Out:
        """The legal captures when only men can capture and some may go on (the search and
        the choice rules decide)."""
        return choose(men_sequences(jumpers, tg, theirs, occ, turn, []), kings)

    def _jumpers(x_up: int, x_down: int) -> int:
        """The men that can capture, from the victims in lane layout (each man sits one
        step behind its victim: a lane-1 victim is folded back by ``W + 1``, see W)."""
        j = (x_up << S2) | (x_down >> S1)
        return (j | j >> (W + 1)) & ALL

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

    def men_quiets(white: int, black: int, kings: int, turn: int) -> Out:
        empty = ALL ^ (white | black)
        if turn:
            men = black & ~kings
            both = (men * MEN2 << S1) & empty * BOTH2
        else:
            men = white & ~kings
            both = (men * MEN2 >> S2) & empty * BOTH2
        return quiet_moves(turn, both)

    def physical(white: int, black: int, kings: int, turn: int) -> Out | None:
        """Every physically possible move (huffing, :mod:`damier.core.huffing`): the quiet
        moves and all captures when these are single man captures that cannot go on; None
        when the search must list the capture prefixes (a king can capture, a man could
        go on or is crowned by its capture). Works in the two lanes, as legal() does."""
        occ = white | black
        empty = ALL ^ occ
        if turn:
            mine = black
            theirs = white
        else:
            mine = white
            theirs = black
        if kings:
            men = mine & ~kings
            tg = theirs if TAKE_KINGS else theirs & ~kings
        else:
            men = mine
            tg = theirs
        out: Out = []
        if kings:
            k = mine & kings
            if k and king_quiets(k, theirs, occ, empty, out):
                return None
        m2 = men * MEN2
        e2 = empty * EMPTY2
        up = m2 >> S2
        down = m2 << S1
        t2 = tg * BOTH2
        if MEN_BACK or not turn:
            x = up & (e2 << S2) & t2
            if x:
                onward = O_UP[turn]
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
                        return None
                    out.append(m)
        if MEN_BACK or turn:
            x = down & (e2 >> S1) & t2
            if x:
                onward = O_DOWN[turn]
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
                        return None
                    out.append(m)
        try:
            if THREE:
                if turn:
                    both = down & empty * BOTH2
                    quiet = QUIET[1]
                    out += [*quiet[both & Q0], *quiet[both & Q1], *quiet[both & Q2]]
                else:
                    both = up & empty * BOTH2
                    quiet = QUIET[0]
                    out += [*quiet[both & P0], *quiet[both & P1], *quiet[both & P2]]
                return out
        except KeyError:
            pass
        return out + quiet_moves(turn, (down if turn else up) & empty * BOTH2)

    return count, legal, has_capture, men_quiets, physical
