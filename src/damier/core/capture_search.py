"""The general capture search: every capture sequence of men and kings, square by square.

The search follows FMJD 4: the moving piece is lifted from the board first (FMJD 4.8),
jumped pieces stay on the board as blockers until the move ends (Decision 2) unless the
variant removes them at once (Turkish 5), and a sequence is emitted only when it cannot be
continued (FMJD 4.5). It covers every rule of every variant (short and flying kings, no reversing
(Turkish), crowning mid-capture that stops the move, continues as a man or as a king
(Russian), kings that must land where they can continue, kings that must land directly behind
the piece they take (Thai)). Men and flying kings under the common rules (pieces removed at
the end, no turn restriction) have their own searches (:mod:`~damier.core.plain_men`,
:mod:`~damier.core.plain_kings`), because they find the same moves in another order (the
men's jumps by increasing bit of the piece taken, each prefix before its continuations),
which the native kernel follows too; :class:`CaptureSearch` picks them where they apply.

This module must not choose among sequences (that is :mod:`~damier.core.choice`) or
remove duplicate routes (the one exception: the flying king of the common rules does not
look straight on again from a later landing square of the same ray, which could only
repeat a move it finds from the first one). Entry point: :class:`CaptureSearch`, built on the
tables of one rules object (:class:`~damier.core.tables.Tables`).
"""

from __future__ import annotations

from damier.core import plain_kings, plain_men
from damier.core.colors import WHITE
from damier.core.fastmove import Out
from damier.core.tables import Tables


class CaptureSearch:
    """The capture search of one rules object.

    The recursive searches take the start square's bit ``fm``, the square ``cur`` the piece
    stands on, ``occ`` (every piece but the moving one; pieces taken stay unless the rules
    remove them at once), ``targets`` (the pieces it may still take), ``theirs`` (every
    opponent piece), ``cap`` (the pieces taken so far), ``path`` (the landing squares so
    far) and ``last`` (the direction of the last jump, -1 at the start); they append the
    sequences to ``out`` (with ``complete`` false every prefix too, and a king may stop on
    any landing square) and return whether the piece could jump from ``cur``.
    """

    def __init__(self, t: Tables) -> None:
        self.t = t
        self.men = plain_men.CommonRulesMen(t) if t.plain_men else None
        self.kings = plain_kings.CommonRulesKings(t) if plain_kings.plain_kings(t) else None
        self.men_go_on = self.men.search if self.men else None
        """The common rules' man search (see :mod:`~damier.core.plain_men`), or None."""

    # -- the side to move ----------------------------------------------------------------

    def sequences(self, white: int, black: int, kings: int, turn: int, complete: bool) -> Out:
        """Every capture sequence of the side to move (routes may repeat)."""
        t = self.t
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        if not theirs:
            return []
        men = mine & ~kings
        cand = 0
        if men:
            targets = theirs if t.men_take_kings else theirs & ~kings
            empty = t.all_squares & ~(white | black)
            for s, two, _table in t.man_cap[turn]:
                if s > 0:
                    cand |= (((((men & two) << s) & targets) << s) & empty) >> (s + s)
                else:
                    cand |= (((((men & two) >> -s) & targets) >> -s) & empty) << -(s + s)
            cand &= men
        return self.sequences_of(white, black, kings, turn, cand, complete)

    def sequences_of(self, white: int, black: int, kings: int, turn: int, cand: int,
                     complete: bool) -> Out:
        """The capture sequences of the men in ``cand`` (those that can jump, by increasing
        bit) and then of every king of the side to move (by increasing bit)."""
        t = self.t
        mine, theirs = (white, black) if turn == WHITE else (black, white)
        out: Out = []
        occ = white | black
        targets = theirs if t.men_take_kings else theirs & ~kings
        while cand:
            low = cand & -cand
            cand ^= low
            self._man_from(low, occ ^ low, targets, theirs, turn, out, complete)
        k = mine & kings
        while k:
            low = k & -k
            k ^= low
            self._king_from(low, occ ^ low, theirs, out, complete)
        return out

    def _man_from(self, low: int, occ: int, targets: int, theirs: int, turn: int, out: Out,
                  complete: bool) -> None:
        i = self.t.index[low]
        if self.men is None:
            self.man(low, i, occ, targets, theirs, 0, (), -1, turn, out, complete)
        else:
            self.men.search(low, i, occ, targets, 0, (), turn, out, complete)

    def _king_from(self, low: int, occ: int, theirs: int, out: Out, complete: bool) -> None:
        i = self.t.index[low]
        if self.kings is None:
            self.king(low, i, occ, theirs, theirs, 0, (), -1, out, complete, 0)
        else:
            self.kings.search(low, self.kings.lines[i], occ, theirs, 0, (), out, complete)

    # -- one piece, under every rule -----------------------------------------------------

    def man(self, fm: int, cur: int, occ: int, targets: int, theirs: int, cap: int,
            path: tuple[int, ...], last: int, color: int, out: Out, complete: bool) -> bool:
        """The continuations of a man of ``color`` on ``cur``."""
        t = self.t
        found = False
        promo = t.promo[color]
        for over, land, lm, d in t.man_jumps[color][cur]:
            if not targets & over:
                continue
            nocc = occ if t.at_end else occ ^ over
            if nocc & lm or (t.no_reverse and last >= 0 and d == t.reverse[last]):
                continue
            found = True
            ncap = cap | over
            npath = path + (land,)
            if lm & promo and t.promo_how != "continue_as_man":
                self._crowned(fm, land, lm, nocc, theirs, ncap, npath, d, out, complete)
                continue
            if (not self.man(fm, land, nocc, targets ^ over, theirs, ncap, npath, d, color, out,
                             complete)
                    or not complete):
                out.append((fm, lm, ncap, lm if lm & promo else 0, npath, 0))
        return found

    def _crowned(self, fm: int, land: int, lm: int, occ: int, theirs: int, cap: int,
                 path: tuple[int, ...], d: int, out: Out, complete: bool) -> None:
        """A man crowned on ``land`` during its capture: the move stops there, or (Russian
        rules) the new king goes on capturing."""
        if self.t.promo_how == "promote_and_stop":
            out.append((fm, lm, cap, lm, path, 0))
            return
        if not self.king(fm, land, occ, theirs & ~cap, theirs, cap, path, d, out, complete, lm) \
                or not complete:
            out.append((fm, lm, cap, lm, path, 0))

    def king(self, fm: int, cur: int, occ: int, targets: int, theirs: int, cap: int,
             path: tuple[int, ...], last: int, out: Out, complete: bool, crowned: int) -> bool:
        """The continuations of a king on ``cur`` (``crowned``: the crowning square's bit of
        a man crowned during this capture, Russian rules, else 0)."""
        t = self.t
        if not t.flying:
            return self.short_king(fm, cur, occ, targets, theirs, cap, path, last, out,
                                   complete, crowned)
        found = False
        rev = t.reverse[last] if t.no_reverse and last >= 0 else -1
        for d, rmask, ray, up in t.king_cap[cur]:
            blockers = rmask & occ
            if d == rev or not blockers:
                continue
            victim = blockers & -blockers if up else 1 << (blockers.bit_length() - 1)
            if not victim & targets:
                continue
            nocc = occ if t.at_end else occ ^ victim
            landings = self._landings(ray, t.index[victim], nocc)
            if not landings:
                continue
            found = True
            ncap = cap | victim
            ends = []
            continued = False
            for land in landings:
                npath = path + (land,)
                if self.king(fm, land, nocc, targets ^ victim, theirs, ncap, npath, d, out,
                             complete, crowned):
                    continued = True
                    if not complete:
                        ends.append((land, npath))
                else:
                    ends.append((land, npath))
            if continued and t.must_continue and complete:
                continue
            for land, npath in ends:
                lm = t.mask[land]
                out.append((fm, lm, ncap, lm if crowned else fm ^ lm, npath, 0))
        return found

    def _landings(self, ray: tuple[int, ...], victim: int, occ: int) -> list[int]:
        """The squares of ``ray`` past ``victim`` up to the next piece (only the first one
        where a king must land directly behind the piece it takes, Thai rules)."""
        t = self.t
        out = []
        for square in ray[ray.index(victim) + 1:]:
            if occ & t.mask[square]:
                break
            out.append(square)
            if t.lands_behind:
                break
        return out

    def short_king(self, fm: int, cur: int, occ: int, targets: int, theirs: int, cap: int,
                   path: tuple[int, ...], last: int, out: Out, complete: bool,
                   crowned: int) -> bool:
        """:meth:`king` for a king that moves one square."""
        t = self.t
        found = False
        rev = t.reverse[last] if t.no_reverse and last >= 0 else -1
        for over, land, lm, d in t.king_jumps[cur]:
            if not targets & over or d == rev:
                continue
            nocc = occ if t.at_end else occ ^ over
            if nocc & lm:
                continue
            found = True
            ncap = cap | over
            npath = path + (land,)
            if (not self.short_king(fm, land, nocc, targets ^ over, theirs, ncap, npath, d, out,
                                    complete, crowned)
                    or not complete):
                out.append((fm, lm, ncap, lm if crowned else fm ^ lm, npath, 0))
        return found


__all__ = ["CaptureSearch"]
