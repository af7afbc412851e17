"""Which captures a position holds, before any search: the single man captures, found for all
men at once, and whether a king can capture.

Single man captures (a man jumps once and cannot go on) are by far the most common captures.
:meth:`CaptureScan.decide` looks at them and at the kings and says how the legal moves are
found (the native kernel decides in the same way, so that both list the same moves in the
same order):

* :data:`NO_CAPTURE` — nothing can capture: the quiet moves;
* :data:`SINGLES` — every capture is a single man capture that no choice rule ranks: they are
  the legal moves, listed direction by direction (:meth:`CaptureScan.singles`);
* :data:`IN_PLACE` — the same listing, but some captures go on: those are searched from
  their landing square where they stand in the list, and the choice rules pick among all
  (diagonal-men variants under the common rules only);
* :data:`SEARCH` — the capture search from every man that can jump and every king, then the
  choice rules.

Single captures are listed by direction: for the diagonal-men variants up-left, up-right,
down-left, down-right (the directions by index); otherwise in the order of
``Rules.man_captures``; in a direction by increasing landing square.

This module must not choose among captures or follow a capture past its first jump.
Entry point: :class:`CaptureScan`.
"""

from __future__ import annotations

from damier.core.colors import WHITE
from damier.core.fastmove import FastMove, Out
from damier.core.quiet import left_right
from damier.core.tables import Tables

NO_CAPTURE, SINGLES, IN_PLACE, SEARCH = range(4)
"""How the legal moves of a position are found (see the module docstring)."""


class Side:
    """The side to move of one position, as the scan reads it."""

    __slots__ = ("turn", "mine", "theirs", "men", "kings", "targets", "occ", "empty")

    def __init__(self, t: Tables, white: int, black: int, kings: int, turn: int) -> None:
        self.turn = turn
        self.mine, self.theirs = (white, black) if turn == WHITE else (black, white)
        self.men = self.mine & ~kings
        self.kings = self.mine & kings
        self.targets = self.theirs if t.men_take_kings else self.theirs & ~kings
        self.occ = white | black
        self.empty = t.all_squares & ~self.occ


class CaptureScan:
    """The bulk capture tests of one rules object (``diagonal_men``: see the module
    docstring)."""

    def __init__(self, t: Tables, diagonal_men: bool) -> None:
        self.t = t
        self.in_place = diagonal_men and t.plain_men
        self.listed: tuple[tuple[tuple[int, int, int, dict[int, FastMove]], ...], ...] = tuple(
            self._listing_order(t, color, diagonal_men) for color in (0, 1))
        """Per colour and capture direction in listing order: ``(left, right, two-step source
        mask, landing bit -> move)``; one step of every bit is ``x << left >> right``."""

    @staticmethod
    def _listing_order(t: Tables, color: int, diagonal_men: bool
                       ) -> tuple[tuple[int, int, int, dict[int, FastMove]], ...]:
        """``(left, right, two-step source mask, landing bit -> move)`` per capture direction,
        in listing order."""
        dirs = list(zip(t.man_cap_dirs[color], t.man_cap[color], strict=True))
        if diagonal_men:
            dirs.sort(key=lambda pair: pair[0])
        return tuple((*left_right(s), two, table) for _d, (s, two, table) in dirs)

    # -- tests -----------------------------------------------------------------------------

    def king_can_capture(self, kings: int, theirs: int, occ: int) -> bool:
        """Whether one of ``kings`` can take one of ``theirs`` (``occ``: every piece)."""
        t = self.t
        empty = t.all_squares & ~occ
        while kings:
            low = kings & -kings
            kings ^= low
            i = t.index[low]
            if not t.flying:
                if any(over & theirs and lm & empty for over, _land, lm, _d in t.king_jumps[i]):
                    return True
                continue
            for d, ray, up in t.king_detect[i]:
                blockers = ray & occ
                if not blockers:
                    continue
                first = blockers & -blockers if up else 1 << (blockers.bit_length() - 1)
                behind = t.step[d][t.index[first]]
                if first & theirs and behind >= 0 and t.mask[behind] & empty:
                    return True
        return False

    def landings(self, side: Side) -> list[int]:
        """The landing squares of the men's first jumps, one bitboard per listed direction."""
        targets, empty = side.targets, side.empty
        return [((side.men & two) << left >> right & targets) << left >> right & empty
                for left, right, two, _table in self.listed[side.turn]]

    def jump_sources(self, side: Side) -> int:
        """The squares from which a man of the side to move could jump now (a man that has
        just jumped can go on exactly when it landed on one of them: straight back it would
        land on the square it left, which is still taken here)."""
        sources = 0
        for left, right, two, _table in self.listed[side.turn]:
            over = side.empty << right >> left & side.targets  # one step back
            sources |= over << right >> left & two
        return sources

    def has_capture(self, white: int, black: int, kings: int, turn: int) -> bool:
        """Whether the side to move can capture."""
        side = Side(self.t, white, black, kings, turn)
        if not side.theirs:
            return False
        return any(self.landings(side)) or (
            bool(side.kings) and self.king_can_capture(side.kings, side.theirs, side.occ))

    # -- the decision ----------------------------------------------------------------------

    def decide(self, side: Side, kings: int) -> tuple[int, list[int], int]:
        """``(how, landings, go_on)``: how the legal moves are found (:data:`NO_CAPTURE` …),
        the single captures' landing squares per direction, and those from which the man
        can jump again."""
        t = self.t
        if not side.theirs:
            return NO_CAPTURE, [], 0
        king_can = bool(side.kings) and self.king_can_capture(side.kings, side.theirs, side.occ)
        landings = self.landings(side)
        found = 0
        for bits in landings:
            found |= bits
        if not found:
            return (SEARCH if king_can else NO_CAPTURE), landings, 0
        if king_can or (t.victims_differ and side.theirs & kings):
            return SEARCH, landings, 0
        crowning = t.promo_how != "continue_as_man" and found & t.promo[side.turn]
        go_on = found & self.jump_sources(side)
        if crowning or (go_on and not self.in_place):
            return SEARCH, landings, go_on
        return (IN_PLACE if go_on else SINGLES), landings, go_on

    def jumpers(self, side: Side, landings: list[int]) -> int:
        """The men that make the first jumps of ``landings`` (two steps back)."""
        men = 0
        for (left, right, _two, _table), bits in zip(self.listed[side.turn], landings, strict=True):
            men |= bits << right >> left << right >> left
        return men

    def singles(self, side: Side, landings: list[int]) -> Out:
        """The single captures of ``landings``, in listing order."""
        out: Out = []
        for (_left, _right, _two, table), bits in zip(self.listed[side.turn], landings, strict=True):
            while bits:
                low = bits & -bits
                bits ^= low
                out.append(table[low])
        return out


__all__ = ["IN_PLACE", "NO_CAPTURE", "SEARCH", "SINGLES", "CaptureScan", "Side"]
