"""The general capture search: every capture sequence of men and kings, square by square.

The search follows FMJD 4: the moving piece is lifted from the board first (FMJD 4.8),
jumped pieces stay on the board as blockers until the move ends (Decision 2) unless the
variant removes them at once (Turkish 5), and a sequence is emitted only when it cannot be
continued (FMJD 4.5). It covers every rule of every variant (short and flying kings, no reversing
(Turkish), crowning mid-capture that stops the move, continues as a man or as a king
(Russian), kings that must land where they can continue, kings that must land directly behind
the piece they take (Thai)). Men and flying kings under the common rules (pieces removed at
the end, no turn restriction) have shorter copies of the search without the branches those
rules never take (:mod:`~damier.core.plain_men`, :mod:`~damier.core.plain_kings`); the
entry points below pick them where they apply. The faster bulk paths
(:mod:`~damier.core.capture_scan`, :mod:`~damier.core.eightway`,
:mod:`~damier.core.diagonal`) hand every case they cannot decide over to it.

This module must not choose among sequences (that is :mod:`~damier.core.choice`) or
remove duplicate routes (the one exception: the flying king of the common rules does not
look straight on again from a later landing square of the same ray, which could only
repeat a move it finds from the first one). Entry point: :func:`build`, which binds the tables
(:class:`~damier.core.tables.Tables`) into the functions of a :class:`CaptureSearch`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from damier.core import plain_kings, plain_men
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


GeneralSearch = Callable[[int, int, int, int, int, int, tuple[int, ...], int, int, Out, bool], bool]
"""``man_search(frm, cur, occ, targets, theirs, cap, path, last, color, out, complete)``: the
continuations of a man of ``color`` on ``cur`` that came in direction ``last`` (-1 at the
start), under every rule; False if it cannot jump from there."""


@dataclass(frozen=True, slots=True)
class CaptureSearch:
    """The capture search of one rules object, by entry point (the ``None`` ones exist only
    under the common rules)."""

    sequences: Sequences
    sequences_of: SequencesOf
    men_sequences: MenSequences
    men_ends: MenEnds
    men_go_on: ManGoOn | None
    king_captures: KingCaptures | None
    men_ends_on: ManEndsOn | None


def build(t: Tables) -> CaptureSearch:
    """The capture search of the rules object ``t`` was built from."""
    man_search, king_search = _general_search(t)
    men = plain_men.build(t) if t.plain_men else None
    kings = plain_kings.build(t) if plain_kings.plain_kings(t) else None
    sequences, sequences_of, men_sequences, men_ends = _entry_points(t, man_search, king_search,
                                                                     men, kings)
    return CaptureSearch(
        sequences, sequences_of, men_sequences, men_ends,
        men_go_on=men.search if men else None,
        king_captures=kings.captures if kings else None,
        men_ends_on=men.ends if men else None,
    )


def _general_search(t: Tables) -> tuple[GeneralSearch, Callable[..., bool]]:
    """``(man_search, king_search)`` under every rule of ``t`` (they call each other: a man
    crowned mid-capture may go on as a king)."""
    MASK = t.mask
    INDEX = t.index
    PROMO = t.promo
    FLYING = t.flying
    AT_END = t.at_end
    NO_REVERSE = t.no_reverse
    MUST_CONTINUE = t.must_continue
    LANDS_BEHIND = t.lands_behind
    PROMO_HOW = t.promo_how
    REVERSE = t.reverse
    MAN_JUMPS = t.man_jumps
    KING_CAP = t.king_cap
    KING_JUMPS = t.king_jumps

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

    def king_search(
        fm: int, cur: int, occ: int, targets: int, theirs: int, cap: int,
        path: tuple[int, ...], last: int, out: Out, complete: bool, crowned: int,
    ) -> bool:
        """Capture continuations of a king on ``cur``. ``crowned`` is the crowning square's
        mask for a man promoted during this capture (Russian), else 0."""
        found = False
        rev = REVERSE[last] if NO_REVERSE and last >= 0 else -1
        if not FLYING:
            return short_king_search(fm, cur, occ, targets, theirs, cap, path, last, out, complete,
                                     crowned)
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

    def short_king_search(
        fm: int, cur: int, occ: int, targets: int, theirs: int, cap: int,
        path: tuple[int, ...], last: int, out: Out, complete: bool, crowned: int,
    ) -> bool:
        """:func:`king_search` for a king that moves one square."""
        found = False
        rev = REVERSE[last] if NO_REVERSE and last >= 0 else -1
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
                not short_king_search(fm, land, nocc, targets ^ over, theirs, ncap, npath, d,
                                      out, complete, crowned)
                or not complete
            ):
                out.append((fm, lm, ncap, lm if crowned else fm ^ lm, npath, 0))
        return found

    return man_search, king_search


def _entry_points(
    t: Tables, man_search: GeneralSearch, king_search: Callable[..., bool],
    men: plain_men.PlainMen | None, kings: plain_kings.PlainKings | None,
) -> tuple[Sequences, SequencesOf, MenSequences, MenEnds]:
    """``(sequences, sequences_of, men_sequences, men_ends)``: the search of every piece of
    the side to move, with the shorter copies where the rules allow them."""
    INDEX = t.index
    ALL = t.all_squares
    MEN_TAKE_KINGS = t.men_take_kings
    MAN_CAP = t.man_cap
    PLAIN_MAN = men.search if men else None
    PLAIN_ENDS = men.ends if men else None
    PLAIN_PREFIXES = men.prefixes if men else None
    KING_LINES = kings.lines if kings else ()
    PLAIN_KING = kings.search if kings else None
    PLAIN_KING_PREFIXES = kings.prefixes if kings else None

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
        if PLAIN_MAN is None:
            while cand:
                low = cand & -cand
                cand ^= low
                man_search(low, INDEX[low], occ ^ low, targets, theirs, 0, (), -1, turn, out, True)
        else:
            while cand:
                low = cand & -cand
                cand ^= low
                PLAIN_MAN(low, INDEX[low], occ ^ low, targets, 0, (), turn, out)
        return out

    def men_ends(cand: int, targets: int, theirs: int, occ: int, turn: int, out: Out) -> Out:
        """:func:`men_sequences` for counting (see :data:`MenEnds`)."""
        if PLAIN_ENDS is None:
            return men_sequences(cand, targets, theirs, occ, turn, out)
        while cand:
            low = cand & -cand
            cand ^= low
            PLAIN_ENDS(low, INDEX[low], occ ^ low, targets, 0, turn, out)
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
            elif PLAIN_PREFIXES is not None:
                while cand:
                    low = cand & -cand
                    cand ^= low
                    PLAIN_PREFIXES(low, INDEX[low], occ ^ low, targets, 0, (), turn, out)
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
            if PLAIN_KING is not None and PLAIN_KING_PREFIXES is not None:
                if complete:
                    PLAIN_KING(low, KING_LINES[INDEX[low]], occ ^ low, theirs, 0, (), out)
                else:
                    PLAIN_KING_PREFIXES(low, KING_LINES[INDEX[low]], occ ^ low, theirs, 0, (), out)
            else:
                king_search(low, INDEX[low], occ ^ low, theirs, theirs, 0, (), -1, out, complete, 0)
        return out

    return sequences, sequences_of, men_sequences, men_ends
