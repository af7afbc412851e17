"""The general capture search: every capture sequence of men and kings, square by square.

The search follows FMJD 4: the moving piece is lifted from the board first (FMJD 4.8),
jumped pieces stay on the board as blockers until the move ends (Decision 2) unless the
variant removes them at once (Turkish 5), and a sequence is emitted only when it cannot be
continued (FMJD 4.5). It covers every rule of every variant (short and flying kings, no reversing
(Turkish), crowning mid-capture that stops the move, continues as a man or as a king
(Russian), kings that must land where they can continue, kings that must land directly behind
the piece they take (Thai)). Men and flying kings under the
common rules (pieces removed at the end, no turn restriction) have shorter copies of the
search without the branches those rules never take. The faster bulk paths
(:mod:`~damier.core.capture_scan`, :mod:`~damier.core.eightway`,
:mod:`~damier.core.diagonal`) hand every case they cannot decide over to it.

This module must not choose among sequences (that is :mod:`~damier.core.choice`) or
remove duplicate routes (the one exception: the flying king of the common rules does not
look straight on again from a later landing square of the same ray, which could only
repeat a move it finds from the first one). Entry point: :func:`build`, which binds the tables
(:class:`~damier.core.tables.Tables`) into the closures ``(sequences, sequences_of,
men_sequences, men_ends, men_go_on, king_captures, men_ends_on)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from damier.core.colors import WHITE
from damier.core.fastmove import Out
from damier.core.tables import Tables

Sequences = Callable[[int, int, int, int, bool], Out]
"""``sequences(white, black, kings, turn, complete)``: every capture sequence of the side to
move (``complete=False``: every prefix too, and a king may stop on any landing square)."""

SequencesOf = Callable[[int, int, int, int, int, bool], Out]
"""``sequences_of(white, black, kings, turn, cand, complete)``: the sequences of the men in
``cand`` (those that can jump) and of every king of the side to move."""

MenSequences = Callable[[int, int, int, int, int, Out], Out]
"""``men_sequences(cand, targets, theirs, occ, turn, out)``: the complete sequences of the men
in ``cand`` only (the caller knows no king can capture), appended to ``out``."""

MenEnds = MenSequences
"""``men_ends(cand, targets, theirs, occ, turn, out)``: :data:`MenSequences` for counting: under
the common rules the sequences carry no path (``()``), which the choice rules do not read
except Italian's (the caller must not count Italian captures with it)."""

ManGoOn = Callable[[int, int, int, int, int, tuple[int, ...], int, Out], bool]
"""``go_on(frm, cur, occ, targets, cap, path, turn, out)``: under the common rules (pieces
removed at the end, a crowned man goes on as a man), the complete sequences of a man of
``turn`` that started on ``frm``, has taken ``cap`` and stands on square ``cur`` (``occ``
without the man, ``targets`` without ``cap``, ``path`` so far), appended to ``out``; False
if it cannot jump from there."""


ManEndsOn = Callable[[int, int, int, int, int, int, Out], bool]
"""``ends_on(frm, cur, occ, targets, cap, turn, out)``: :data:`ManGoOn` for counting (no
paths, as :data:`MenEnds`)."""

KingCaptures = Callable[[int, int, int], Out]
"""``king_captures(kings, theirs, occ)``: under the common rules with flying kings, the
complete sequences of ``kings`` when no man of their side can capture."""


def build(
    t: Tables,
) -> tuple[Sequences, SequencesOf, MenSequences, MenEnds, ManGoOn | None, KingCaptures | None,
           ManEndsOn | None]:
    """The capture search of the rules object ``t`` was built from."""
    MASK = t.mask
    INDEX = t.index
    ALL = t.all_squares
    PROMO = t.promo
    FLYING = t.flying
    AT_END = t.at_end
    NO_REVERSE = t.no_reverse
    MUST_CONTINUE = t.must_continue
    LANDS_BEHIND = t.lands_behind
    PROMO_HOW = t.promo_how
    MEN_TAKE_KINGS = t.men_take_kings
    REVERSE = t.reverse
    MAN_CAP = t.man_cap
    MAN_JUMPS = t.man_jumps
    # per colour and square: the squares a man there could jump over (quick "no jump" exit)
    MAN_NEAR = tuple(
        tuple(sum(over for over, _land, _lm, _d in jumps) for jumps in per_square) for per_square in MAN_JUMPS
    )
    KING_CAP = t.king_cap
    KING_JUMPS = t.king_jumps
    PLAIN_MEN = t.plain_men

    def man_search(
        fm: int, cur: int, occ: int, targets: int, theirs: int, cap: int,
        path: tuple[int, ...], last: int, color: int, out: Out, complete: bool,
    ) -> bool:
        found = False
        promo = PROMO[color]
        for over, land, lm, d in MAN_JUMPS[color][cur]:
            if not targets & over:
                continue
            nocc = occ if AT_END else occ ^ over
            if nocc & lm or (NO_REVERSE and last >= 0 and d == REVERSE[last]):
                continue
            found = True
            ncap = cap | over
            npath = path + (land,)
            if lm & promo and PROMO_HOW != "continue_as_man":
                if PROMO_HOW == "promote_and_stop":
                    out.append((fm, lm, ncap, lm, npath, 0))
                    continue
                # promote_and_continue: the man is a king from here on (Russian rules)
                if (
                    not king_search(fm, land, nocc, theirs & ~ncap, theirs, ncap, npath, d,
                                    out, complete, lm)
                    or not complete
                ):
                    out.append((fm, lm, ncap, lm, npath, 0))
                continue
            if (
                not man_search(fm, land, nocc, targets ^ over, theirs, ncap, npath, d, color,
                               out, complete)
                or not complete
            ):
                out.append((fm, lm, ncap, lm if lm & promo else 0, npath, 0))
        return found

    # per colour and square: jumped bit -> (landing square, landing bit); the search visits
    # only the pieces next to the man, which are few
    MAN_JUMP_OVER = tuple(
        tuple({over: (land, lm) for over, land, lm, _d in jumps} for jumps in per_square)
        for per_square in MAN_JUMPS
    )

    def plain_man_search(
        fm: int, cur: int, occ: int, targets: int, cap: int, path: tuple[int, ...],
        color: int, out: Out,
    ) -> bool:
        """:func:`man_search` for the common rules: pieces removed at the end, a crowned man
        continues as a man, no turn restriction."""
        near = targets & MAN_NEAR[color][cur]
        if not near:
            return False
        found = False
        jumps = MAN_JUMP_OVER[color][cur]
        while near:
            over = near & -near
            near ^= over
            land, lm = jumps[over]
            if not occ & lm:
                found = True
                ncap = cap | over
                npath = path + (land,)
                if not plain_man_search(fm, land, occ, targets ^ over, ncap, npath, color, out):
                    out.append((fm, lm, ncap, lm & PROMO[color], npath, 0))
        return found

    def plain_man_ends(fm: int, cur: int, occ: int, targets: int, cap: int, color: int, out: Out) -> bool:
        """:func:`plain_man_search` without the path (moves counted, never played: perft
        leaves spend their time here)."""
        near = targets & MAN_NEAR[color][cur]
        if not near:
            return False
        found = False
        jumps = MAN_JUMP_OVER[color][cur]
        while near:
            over = near & -near
            near ^= over
            land, lm = jumps[over]
            if not occ & lm:
                found = True
                if not plain_man_ends(fm, land, occ, targets ^ over, cap | over, color, out):
                    out.append((fm, lm, cap | over, lm & PROMO[color], (), 0))
        return found

    def plain_man_prefixes(
        fm: int, cur: int, occ: int, targets: int, cap: int, path: tuple[int, ...], color: int, out: Out,
    ) -> None:
        """:func:`plain_man_search` listing every prefix too (``complete=False``: huffing's
        physically possible moves)."""
        near = targets & MAN_NEAR[color][cur]
        if not near:
            return
        jumps = MAN_JUMP_OVER[color][cur]
        while near:
            over = near & -near
            near ^= over
            land, lm = jumps[over]
            if not occ & lm:
                ncap = cap | over
                npath = path + (land,)
                out.append((fm, lm, ncap, lm & PROMO[color], npath, 0))
                plain_man_prefixes(fm, land, occ, targets ^ over, ncap, npath, color, out)

    # Flying kings under the common rules (pieces removed at the end, no turn restriction,
    # a king must land where it can go on). A ray is (ray mask, ray runs towards higher
    # bits?, first piece on the ray -> the squares past it to the edge, each as (square,
    # mask, the rays to look along from there, the squares of those rays)). From a landing
    # square the ray back to the piece just taken is left out: that piece still stands
    # there and cannot be taken twice. The search goes on from a landing square only when a
    # piece it may take stands on one of its rays (most landing squares end the capture).
    PLAIN_KINGS = FLYING and AT_END and not NO_REVERSE and MUST_CONTINUE and not LANDS_BEHIND
    KingRay = tuple[int, bool, dict[int, tuple[tuple[int, int, tuple[Any, ...], int], ...]]]
    king_ray: dict[tuple[int, int], KingRay] = {
        (i, d): (rmask, inc, {})
        for i, per_square in enumerate(KING_CAP)
        for d, rmask, ray, inc in per_square
        if len(ray) >= 2  # a capture needs the piece and a square past it
    }
    KING_LINES = tuple(
        tuple(king_ray[i, d] for d, _r, _ray, _inc in per_square if (i, d) in king_ray)
        for i, per_square in enumerate(KING_CAP)
    )
    king_after = {
        (i, d): tuple(
            king_ray[i, e] for e, _r, _ray, _inc in per_square if (i, e) in king_ray and e != REVERSE[d]
        )
        for i, per_square in enumerate(KING_CAP)
        for d in range(len(REVERSE))
    }
    # From the second landing square on, the ray straight on is left out too: the first
    # piece on it is the one the king meets from the first landing square (the squares in
    # between are empty), so a capture along it is the same move as from the first landing
    # square, only paused elsewhere (Decision 1); the choice rules would drop it.
    king_side = {
        (i, d): tuple(ray for ray in king_after[i, d] if ray is not king_ray.get((i, d)))
        for i, d in king_after
    }
    for i, per_square in enumerate(KING_CAP):
        for d, _rmask, ray, _inc in per_square:
            if (i, d) in king_ray:
                past = king_ray[i, d][2]
                for n, v in enumerate(ray):
                    past[MASK[v]] = tuple(
                        (j, MASK[j], after, sum(r[0] for r in after))
                        for m, j in enumerate(ray[n + 1:], n + 1)
                        for after in (king_after[j, d] if m == n + 1 else king_side[j, d],)
                    )

    def plain_king_search(
        fm: int, rays: tuple[KingRay, ...], occ: int, targets: int, cap: int, path: tuple[int, ...],
        out: Out,
    ) -> bool:
        """:func:`king_search` for a flying king under the common rules (complete sequences
        of a king that was a king when the move began), looking along ``rays``."""
        found = False
        for rmask, inc, past in rays:
            blockers = rmask & occ
            if not blockers:
                continue
            victim = blockers & -blockers if inc else 1 << (blockers.bit_length() - 1)
            if not victim & targets:
                continue
            ntargets = targets ^ victim
            ncap = cap | victim
            continued = False
            ends = []
            for land, lm, after, reach in past[victim]:
                if occ & lm:
                    break
                found = True
                npath = path + (land,)
                # no piece to take on the rays from there: no call
                if ntargets & reach and plain_king_search(fm, after, occ, ntargets, ncap, npath, out):
                    continued = True
                elif not continued:
                    ends.append((fm, lm, ncap, fm ^ lm, npath, 0))
            if not continued:
                out += ends
        return found

    def plain_king_prefixes(
        fm: int, rays: tuple[KingRay, ...], occ: int, targets: int, cap: int, path: tuple[int, ...],
        out: Out,
    ) -> None:
        """:func:`plain_king_search` stopping on every landing square too
        (``complete=False``); a route that repeats a move by going straight on from a later
        landing square is left out as there."""
        for rmask, inc, past in rays:
            blockers = rmask & occ
            if not blockers:
                continue
            victim = blockers & -blockers if inc else 1 << (blockers.bit_length() - 1)
            if not victim & targets:
                continue
            ntargets = targets ^ victim
            ncap = cap | victim
            for land, lm, after, _reach in past[victim]:
                if occ & lm:
                    break
                npath = path + (land,)
                out.append((fm, lm, ncap, fm ^ lm, npath, 0))
                plain_king_prefixes(fm, after, occ, ntargets, ncap, npath, out)

    def king_search(
        fm: int, cur: int, occ: int, targets: int, theirs: int, cap: int,
        path: tuple[int, ...], last: int, out: Out, complete: bool, crowned: int,
    ) -> bool:
        """Capture continuations of a king on ``cur``. ``crowned`` is the crowning square's
        mask for a man promoted during this capture (Russian), else 0."""
        found = False
        rev = REVERSE[last] if NO_REVERSE and last >= 0 else -1
        if not FLYING:
            for over, land, lm, d in KING_JUMPS[cur]:
                if not targets & over or d == rev:
                    continue
                nocc = occ if AT_END else occ ^ over
                if nocc & lm:
                    continue
                found = True
                ncap = cap | over
                npath = path + (land,)
                if (
                    not king_search(fm, land, nocc, targets ^ over, theirs, ncap, npath, d, out,
                                    complete, crowned)
                    or not complete
                ):
                    out.append((fm, lm, ncap, lm if crowned else fm ^ lm, npath, 0))
            return found
        for d, rmask, ray, inc in KING_CAP[cur]:
            if d == rev:
                continue
            blockers = rmask & occ
            if not blockers:
                continue
            victim = blockers & -blockers if inc else 1 << (blockers.bit_length() - 1)
            if not victim & targets:
                continue
            nocc = occ if AT_END else occ ^ victim
            # landing squares: the ray squares past the victim up to the next blocker
            k = ray.index(INDEX[victim]) + 1
            n = len(ray)
            landings = []
            while k < n and not nocc & MASK[ray[k]]:
                landings.append(ray[k])
                if LANDS_BEHIND:
                    break  # only the square directly behind the piece taken (Thai)
                k += 1
            if not landings:
                continue
            found = True
            ntargets = targets ^ victim
            ncap = cap | victim
            continued = False
            ends = []
            for land in landings:
                npath = path + (land,)
                if king_search(fm, land, nocc, ntargets, theirs, ncap, npath, d, out, complete,
                               crowned):
                    continued = True
                    if not complete:
                        ends.append((land, npath))
                else:
                    ends.append((land, npath))
            if continued and MUST_CONTINUE and complete:
                continue
            for land, npath in ends:
                lm = MASK[land]
                out.append((fm, lm, ncap, lm if crowned else fm ^ lm, npath, 0))
        return found

    def sequences(white: int, black: int, kings: int, turn: int, complete: bool) -> Out:
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        if not theirs:
            return []
        men = mine & ~kings
        cand = 0
        if men:
            targets = theirs if MEN_TAKE_KINGS else theirs & ~kings
            empty = ALL & ~(white | black)
            for s, two, _table, _cont in MAN_CAP[turn]:
                if s > 0:
                    cand |= (((((men & two) << s) & targets) << s) & empty) >> (s + s)
                else:
                    cand |= (((((men & two) >> -s) & targets) >> -s) & empty) << -(s + s)
            cand &= men
        return sequences_of(white, black, kings, turn, cand, complete)

    def men_sequences(cand: int, targets: int, theirs: int, occ: int, turn: int, out: Out) -> Out:
        """Append the complete capture sequences of the men in ``cand`` (men of ``turn`` that
        can jump; ``targets``: the pieces they may take, ``theirs``: every opponent piece)
        to ``out`` and return it."""
        if not PLAIN_MEN:
            while cand:
                low = cand & -cand
                cand ^= low
                man_search(low, INDEX[low], occ ^ low, targets, theirs, 0, (), -1, turn, out, True)
        else:
            while cand:
                low = cand & -cand
                cand ^= low
                plain_man_search(low, INDEX[low], occ ^ low, targets, 0, (), turn, out)
        return out

    def men_ends(cand: int, targets: int, theirs: int, occ: int, turn: int, out: Out) -> Out:
        """:func:`men_sequences` for counting (see :data:`MenEnds`)."""
        if not PLAIN_MEN:
            return men_sequences(cand, targets, theirs, occ, turn, out)
        while cand:
            low = cand & -cand
            cand ^= low
            plain_man_ends(low, INDEX[low], occ ^ low, targets, 0, turn, out)
        return out

    def sequences_of(white: int, black: int, kings: int, turn: int, cand: int, complete: bool) -> Out:
        """The capture sequences of the men in ``cand`` (those that can jump) and of every
        king of the side to move."""
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        out: Out = []
        occ = white | black
        if cand:
            targets = theirs if MEN_TAKE_KINGS else theirs & ~kings
            if complete:
                men_sequences(cand, targets, theirs, occ, turn, out)
            elif PLAIN_MEN:
                while cand:
                    low = cand & -cand
                    cand ^= low
                    plain_man_prefixes(low, INDEX[low], occ ^ low, targets, 0, (), turn, out)
            else:
                while cand:
                    low = cand & -cand
                    cand ^= low
                    man_search(low, INDEX[low], occ ^ low, targets, theirs, 0, (), -1, turn, out,
                               complete)
        k = mine & kings
        while k:
            low = k & -k
            k ^= low
            if PLAIN_KINGS:
                if complete:
                    plain_king_search(low, KING_LINES[INDEX[low]], occ ^ low, theirs, 0, (), out)
                else:
                    plain_king_prefixes(low, KING_LINES[INDEX[low]], occ ^ low, theirs, 0, (), out)
            else:
                king_search(low, INDEX[low], occ ^ low, theirs, theirs, 0, (), -1, out, complete, 0)
        return out

    def king_captures(k: int, theirs: int, occ: int) -> Out:
        """The complete sequences of the kings ``k`` (flying kings of the common rules; the
        caller knows no man can capture)."""
        out: Out = []
        while k:
            low = k & -k
            k ^= low
            plain_king_search(low, KING_LINES[INDEX[low]], occ ^ low, theirs, 0, (), out)
        return out

    return (sequences, sequences_of, men_sequences, men_ends, plain_man_search if PLAIN_MEN else None,
            king_captures if PLAIN_KINGS else None, plain_man_ends if PLAIN_MEN else None)
