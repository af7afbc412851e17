"""The pure-Python move generator: legal moves, move application and perft for every rules
object — the readable specification of move generation, and the fallback of the native
kernel (:mod:`damier.core.movegen` picks one of the two).

:class:`StatelessMoves` finds the legal moves of a position from its pieces and the side to
move: :mod:`~damier.core.capture_scan` says whether anything can capture and how the moves
are found; single captures are listed by it, longer ones come from the plain recursive search
of :mod:`~damier.core.capture_search` and the choice rules of :mod:`~damier.core.choice`
(applied in that one place); without a capture the moves are :mod:`~damier.core.quiet`'s.
The native kernel makes the same decisions in the same order, so both list the same moves in
the same order (``tests/native/test_equivalence.py``). A variant whose rules read
``Position.aux`` gets a rule object built over the stateless moves
(:mod:`~damier.core.huffing`, :mod:`~damier.core.kingmoves`; the interface is
:mod:`~damier.core.stateful`). :class:`MoveGenerator` wraps both for positions.

Moves are fast moves (:mod:`~damier.core.fastmove`), the tuple
``(frm, to, remove, kings_xor, path, huff)``; positions in the hot functions are four ints
``(white, black, kings, turn)``. This module must not parse or print text, and must not
track game history.
"""

from __future__ import annotations

from collections.abc import Callable

from damier.core import capture_scan, capture_search, choice, quiet, tables
from damier.core.colors import WHITE
from damier.core.fastmove import FastMove, Out, apply_plain
from damier.core.huffing import Huffing
from damier.core.kingmoves import KingMoveLimit
from damier.core.move import Move
from damier.core.position import Position
from damier.core.rules import Rules
from damier.core.stateful import PlainMoves, StatefulRule

__all__ = ["MoveGenerator", "make_move", "stateful_rule"]


class MoveGenerator:
    """Move generation for one rules object. Build once per variant (see
    :func:`damier.core.movegen.generator`).

    >>> from damier.core.variants import get_variant
    >>> from damier.core.position import start_position
    >>> gen = MoveGenerator(get_variant("international"))
    >>> p = start_position(gen.rules)
    >>> len(gen.legal(p)), gen.count(p), gen.perft(p, 3)
    (9, 9, 658)
    """

    cheap_moves = False
    """Whether :meth:`moves` costs about what :meth:`count` costs (``Board`` then counts by
    listing, and keeps the list)."""

    def __init__(self, rules: Rules) -> None:
        self._set_rules(rules)
        plain = StatelessMoves(rules, self.captured_order).plain_moves()
        self.plain: PlainMoves = plain
        # the stateless entry points on four ints, by their historical names
        self.legal_raw = plain.legal
        self.count_raw = plain.count
        self.captures_raw = plain.captures
        self.sequences_raw = plain.sequences
        self.quiets_raw = plain.quiets
        self.quiet_count_raw = plain.quiet_count
        self.has_capture_raw = plain.has_capture
        # every physically possible move when it can be listed without a search (huffing)
        self.physical_raw = plain.physical
        self.perft_raw = plain.perft
        # the rule that reads Position.aux, if the variant has one
        self.rule: StatefulRule | None = stateful_rule(rules, plain)
        self.stateful = self.rule is not None

    def _set_rules(self, rules: Rules) -> None:
        """The rules and the geometry tables every generator answers with."""
        self.rules = rules
        self.geometry = g = rules.geometry
        self.index_of = g.index_of_mask
        self.mask = g.mask
        self.all_squares = g.all_squares
        self.promotion_rows = rules.promotion_rows

    # -- wrappers on Position ------------------------------------------------------------------

    def legal(self, pos: Position) -> list[FastMove]:
        """All legal moves of the side to move, under every rule of the variant."""
        if self.rule is None:
            return self.legal_raw(pos[0], pos[1], pos[2], pos[3])
        return self.rule.legal(pos)

    def moves(self, pos: Position) -> list[Move]:
        """:meth:`legal` as :class:`~damier.core.move.Move` objects (what ``Board`` lists)."""
        return [make_move(self.rules, self, fm) for fm in self.legal(pos)]

    def apply(self, pos: Position, m: FastMove) -> Position:
        """The position after move ``m`` (side to move switched, variant state updated)."""
        if self.rule is None:
            return apply_plain(pos, m)
        return self.rule.apply(pos, m)

    def captures(self, pos: Position) -> list[FastMove]:
        """The legal captures after the variant's choice rules (empty if none)."""
        return self.captures_raw(pos[0], pos[1], pos[2], pos[3])

    def capture_sequences(self, pos: Position, complete_only: bool = True) -> list[FastMove]:
        """Every capture sequence of every piece before the choice rules (routes may repeat).

        With ``complete_only=False`` every prefix of every sequence is listed too, and a king
        may stop on any landing square (the physically possible moves of huffing rules).
        """
        return self.sequences_raw(pos[0], pos[1], pos[2], pos[3], complete_only)

    def quiets(self, pos: Position) -> list[FastMove]:
        """All non-capturing moves of the side to move (whether or not a capture exists)."""
        return self.quiets_raw(pos[0], pos[1], pos[2], pos[3])

    def has_capture(self, pos: Position) -> bool:
        """Whether the side to move can capture (a cheap bitboard test)."""
        return self.has_capture_raw(pos[0], pos[1], pos[2], pos[3])

    def count(self, pos: Position) -> int:
        """The number of legal moves (quiet moves are counted, not built)."""
        if self.rule is None:
            return self.count_raw(pos[0], pos[1], pos[2], pos[3])
        return len(self.rule.legal(pos))

    def perft(self, pos: Position, depth: int) -> int:
        """The number of positions after ``depth`` plies (no draw rules), bulk-counted."""
        if self.rule is None:
            return self.perft_raw(pos[0], pos[1], pos[2], pos[3], depth)
        return self.rule.perft(pos, depth)

    def captured_order(self, m: FastMove) -> list[int]:
        """The captured squares (indices) of a fast move in the order they were jumped."""
        g = self.geometry
        rest = m[2] & ~m[5]
        out: list[int] = []
        cur = self.index_of[m[0]]
        for land in m[4]:
            # the one piece still to be taken on this leg: where pieces are removed as they
            # are jumped (Turkish, Thai) a later leg may cross the square of an earlier one
            for j in g.between(cur, land):
                if g.mask[j] & rest:
                    out.append(j)
                    rest ^= g.mask[j]
                    break
            cur = land
        return out


def stateful_rule(rules: Rules, plain: PlainMoves) -> StatefulRule | None:
    """The rule object of a variant whose rules read ``Position.aux``, or None."""
    if rules.huffing:
        return Huffing(plain)
    if rules.king_move_limit:
        return KingMoveLimit(rules, plain)
    return None


def diagonal_men(rules: Rules, t: tables.Tables) -> bool:
    """Whether ``rules`` is a diagonal-men variant: a ``dark`` board, men stepping diagonally
    forward and capturing forwards (or in all four diagonals), kings stepping and capturing
    along the same lines. Their quiet moves and single captures are listed in another order
    (:mod:`~damier.core.quiet`, :mod:`~damier.core.capture_scan`)."""
    g = t.geometry
    forward = {g.direction_index((-1, -1)), g.direction_index((-1, 1))}
    return (
        g.shape == "dark"
        and set(t.man_step_dirs[0]) == forward
        and set(t.man_cap_dirs[0]) in ({0, 1}, {0, 1, 2, 3})
        and set(rules.king_steps) == set(rules.king_captures)
    )


class StatelessMoves:
    """The moves of a position under the rules that read no ``Position.aux``: what
    :class:`MoveGenerator` and the stateful rules are built on (see the module docstring)."""

    def __init__(self, rules: Rules, captured_order: Callable[[FastMove], list[int]]) -> None:
        self.t = t = tables.build(rules)
        diagonal = diagonal_men(rules, t)
        self.diagonal = diagonal
        self.search = capture_search.CaptureSearch(t)
        self.scan = capture_scan.CaptureScan(t, diagonal)
        self.quiet = quiet.QuietMoves(t, diagonal)
        self.choose = choice.make_chooser(rules, t.mask, captured_order)

    def legal(self, white: int, black: int, kings: int, turn: int) -> Out:
        """Every legal move, in the order of the module docstring."""
        side = capture_scan.Side(self.t, white, black, kings, turn)
        how, landings, go_on = self.scan.decide(side, kings)
        if how == capture_scan.NO_CAPTURE:
            out: Out = []
            self.quiet.men(side.men, side.empty, turn, out)
            self.quiet.kings(side.kings, side.occ, out)
            return out
        if how == capture_scan.SINGLES:
            return self.scan.singles(side, landings)
        if how == capture_scan.IN_PLACE:
            return self.choose(self.singles_in_place(side, landings, go_on), kings)
        jumpers = self.scan.jumpers(side, landings)
        return self.choose(self.search.sequences_of(white, black, kings, turn, jumpers, True), kings)

    def singles_in_place(self, side: capture_scan.Side, landings: list[int], go_on: int) -> Out:
        """The single captures in listing order, those that go on replaced by the sequences
        searched from their landing square (before the choice rules)."""
        t = self.t
        go_on_search = self.search.men_go_on
        assert go_on_search is not None  # IN_PLACE is decided under the common rules only
        out: Out = []
        for single in self.scan.singles(side, landings):
            frm, to, victim = single[0], single[1], single[2]
            if to & go_on:
                go_on_search(frm, t.index[to], side.occ ^ frm, side.targets ^ victim, victim,
                             single[4], side.turn, out)
            else:
                out.append(single)
        return out

    def count(self, white: int, black: int, kings: int, turn: int) -> int:
        """``len(legal(...))``; quiet moves and single captures are counted, not built."""
        side = capture_scan.Side(self.t, white, black, kings, turn)
        how, landings, _go_on = self.scan.decide(side, kings)
        if how == capture_scan.NO_CAPTURE:
            return (self.quiet.men_count(side.men, side.empty, turn)
                    + self.quiet.kings_count(side.kings, side.occ))
        if how == capture_scan.SINGLES:
            return sum(bits.bit_count() for bits in landings)
        return len(self.legal(white, black, kings, turn))

    def captures(self, white: int, black: int, kings: int, turn: int) -> Out:
        """The legal captures (empty if none)."""
        raw = self.search.sequences(white, black, kings, turn, True)
        return self.choose(raw, kings) if raw else raw

    def physical(self, white: int, black: int, kings: int, turn: int) -> Out | None:
        """Every physically possible move of a diagonal-men variant when no capture goes on
        and no king can capture — the kings' quiet moves, the single captures, the men's
        quiet moves, in that order (huffing rules); None when the capture search must list
        the capture prefixes (then :class:`~damier.core.huffing.Huffing` does)."""
        t = self.t
        side = capture_scan.Side(t, white, black, kings, turn)
        if side.kings and side.theirs and self.scan.king_can_capture(side.kings, side.theirs, side.occ):
            return None
        landings = self.scan.landings(side)
        found = 0
        for bits in landings:
            found |= bits
        if found & t.promo[turn] and t.promo_how != "continue_as_man":
            return None
        if found & self.scan.jump_sources(side):
            return None
        out: Out = []
        self.quiet.kings(side.kings, side.occ, out)
        out += self.scan.singles(side, landings)
        self.quiet.men(side.men, side.empty, turn, out)
        return out

    def perft(self, white: int, black: int, kings: int, turn: int, depth: int) -> int:
        """The number of positions ``depth`` plies on, counting the last ply in bulk."""
        if depth <= 1:
            return self.count(white, black, kings, turn) if depth == 1 else 1
        total = 0
        for frm, to, rem, kx, _path, _huff in self.legal(white, black, kings, turn):
            if turn == WHITE:
                total += self.perft(white ^ frm ^ to, black & ~rem, (kings & ~rem) ^ kx, 1, depth - 1)
            else:
                total += self.perft(white & ~rem, black ^ frm ^ to, (kings & ~rem) ^ kx, 0, depth - 1)
        return total

    def plain_moves(self) -> PlainMoves:
        """The entry points the stateful rules and :class:`MoveGenerator` call."""
        return PlainMoves(
            legal=self.legal, count=self.count, captures=self.captures,
            sequences=self.search.sequences, quiets=self.quiet.all, quiet_count=self.quiet.count,
            has_capture=self.scan.has_capture,
            physical=self.physical if self.diagonal else None, perft=self.perft,
        )


def make_move(rules: Rules, gen: MoveGenerator, fm: FastMove) -> Move:
    """Wrap a fast move of ``gen`` as a :class:`Move`."""
    index_of = gen.index_of
    huff = fm[5]
    return Move(
        rules,
        fm,
        index_of[fm[0]],
        index_of[fm[1]],
        fm[4],
        tuple(gen.captured_order(fm)),
        index_of[huff] if huff else None,
    )

