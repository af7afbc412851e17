"""The pure-Python move generator: legal moves, move application and perft for every rules
object — the readable specification of move generation, and the fallback of the native
kernel (:mod:`damier.core.movegen` picks one of the two).

Plain ints, tuples and lists only. One :class:`MoveGenerator` is built per
:class:`~damier.core.rules.Rules` (see :func:`damier.core.movegen.generator`); its tables are built once
(:mod:`~damier.core.tables`) and bound to closure variables by the modules that own each
part of the work, so the generation loops contain no variant names, few branches and no
attribute lookups:

* :mod:`~damier.core.capture_search` — the general capture search (every rule: FMJD 4 and
  the capture articles of the other variants);
* :mod:`~damier.core.choice` — the capture-choice rules and duplicate removal (Decision 1), in one
  place;
* :mod:`~damier.core.capture_scan` — capture detection and single man captures in bulk;
* :mod:`~damier.core.eightway` — the same single-capture test written out for men that
  capture in eight directions (Frisian), and the move count built on it;
* :mod:`~damier.core.quiet` — quiet moves of men and kings, listed or counted;
* :mod:`~damier.core.diagonal` — the unrolled count/legal pair of diagonal-men variants.

This module owns the wiring: which of those paths a variant uses, the legal-move and count
entry points, perft, and :class:`MoveGenerator` with its wrappers on positions. Moves are
fast moves (:mod:`~damier.core.fastmove`): the tuple
``(frm, to, remove, kings_xor, path, huff)``. Positions in the hot functions are four ints
``(white, black, kings, turn)``; the methods taking a :class:`~damier.core.position.Position`
are thin wrappers. A variant whose rules depend on ``Position.aux`` gets a rule object
(:mod:`~damier.core.huffing`, :mod:`~damier.core.kingmoves`; the interface is
:mod:`~damier.core.stateful`) built over the stateless entry points, and the position-level
methods ask it.

This module must not parse or print text, and must not track game history.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from damier.core import capture_scan, capture_search, choice, diagonal, eightway, lanes, quiet, tables
from damier.core.colors import WHITE
from damier.core.fastmove import FastMove, Out, apply_plain
from damier.core.huffing import Huffing
from damier.core.kingmoves import KingMoveLimit
from damier.core.position import Position
from damier.core.rules import Rules
from damier.core.stateful import PlainMoves, StatefulRule

if TYPE_CHECKING:
    from damier.core.move import Move

__all__ = ["MoveGenerator", "stateful_rule"]


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
        self.rules = rules
        self.geometry = g = rules.geometry
        self.index_of = g.index_of_mask
        self.mask = g.mask
        self.all_squares = g.all_squares
        self.promotion_rows = rules.promotion_rows
        plain = _build(rules, self.captured_order)
        self.plain: PlainMoves = plain
        # the stateless entry points on four ints, by their historical names
        self.legal_raw = plain.legal
        self.count_raw = plain.count
        self.captures_raw = plain.captures
        self.sequences_raw = plain.sequences
        self.quiets_raw = plain.quiets
        self.quiet_count_raw = plain.quiet_count
        self.has_capture_raw = plain.has_capture
        self.single_captures_raw = plain.single_captures
        # every physically possible move when a fast path can list them, else None (huffing)
        self.physical_raw = plain.physical
        self.perft_raw = plain.perft
        # the rule that reads Position.aux, if the variant has one
        self.rule: StatefulRule | None = stateful_rule(rules, plain)
        self.stateful = self.rule is not None

    # -- wrappers on Position ------------------------------------------------------------------

    def legal(self, pos: Position) -> list[FastMove]:
        """All legal moves of the side to move, under every rule of the variant."""
        if self.rule is None:
            return self.legal_raw(pos[0], pos[1], pos[2], pos[3])
        return self.rule.legal(pos)

    def moves(self, pos: Position) -> list[Move]:
        """:meth:`legal` as :class:`~damier.core.move.Move` objects (what ``Board`` lists)."""
        from damier.core.notation import make_move  # notation reads this module for types only

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


def _build(rules: Rules, captured_order: Callable[[FastMove], list[int]]) -> PlainMoves:
    """Build the tables of ``rules``, pick the paths the variant uses and return the
    stateless entry points (``captured_order``: the generator's, for the Italian rule)."""
    t = tables.build(rules)
    search = capture_search.build(t)
    king_can_capture, has_capture, single_captures, single_capture_moves = capture_scan.build(t)
    king_quiets, king_quiet_count, quiet_count, quiets = quiet.build(t)
    choose = choice.make_chooser(rules, t.mask, captured_order)
    count_chosen = choice.make_counter(rules, choose)
    men_ends = search.men_sequences if choice.needs_paths(rules) else search.men_ends
    eight_count = None
    if eightway.applies(t):
        # the same test written out, and a count built on it
        single_captures, eight_count = eightway.build(
            t, king_can_capture, king_quiet_count, search.sequences_of, men_ends, choose, count_chosen)
    count, legal = _generic_paths(search, single_captures, single_capture_moves, quiet_count, quiets,
                                  choose)
    count = eight_count or count
    physical: Callable[[int, int, int, int], Out | None] | None = None
    if lanes.applies(rules, t):
        paths = diagonal.build(lanes.build(t), diagonal.Search(
            captures_of=_captures_of(search.sequences_of, choose),
            men_sequences=search.men_sequences,
            men_ends=men_ends,
            count_chosen=choice.make_counter(rules, choose, men_only=True),
            men_go_on=search.men_go_on,
            men_ends_on=None if choice.needs_paths(rules) else search.men_ends_on,
            king_captures=search.king_captures,
            choose=choose,
            king_can_capture=king_can_capture,
        ))
        count, legal, has_capture, physical = paths.count, paths.legal, paths.has_capture, paths.physical
        # all quiet moves whatever the captures (huffing lists them beside the captures):
        # the men from the tables of the fast path
        quiets = _with_king_quiets(paths.men_quiets, king_quiets)
    return PlainMoves(
        legal=legal, count=count, captures=_captures(search.sequences, choose),
        sequences=search.sequences, quiets=quiets, quiet_count=quiet_count,
        has_capture=has_capture, single_captures=single_captures, physical=physical,
        perft=_perft(count, legal),
    )


Pos4Count = Callable[[int, int, int, int], int]
Pos4Moves = Callable[[int, int, int, int], Out]


def _generic_paths(
    search: capture_search.CaptureSearch, single_captures: Callable[[int, int, int, int], int | None],
    single_capture_moves: Pos4Moves, quiet_count: Pos4Count, quiets: Pos4Moves,
    choose: choice.Chooser,
) -> tuple[Pos4Count, Pos4Moves]:
    """``(count, legal)`` of any variant: the bulk test says whether every capture is a single
    man capture (then they are listed or counted in bulk), whether there is none (then the
    quiet moves), or hands over to the search, from the men it names (``~n``) or from all."""
    sequences, sequences_of = search.sequences, search.sequences_of

    def count(white: int, black: int, kings: int, turn: int) -> int:
        n = single_captures(white, black, kings, turn)
        if n is None:
            return len(choose(sequences(white, black, kings, turn, True), kings))
        if n < 0:  # the search must decide, starting from the men in ~n
            return len(choose(sequences_of(white, black, kings, turn, ~n, True), kings))
        if n:
            return n
        return quiet_count(white, black, kings, turn)

    def legal(white: int, black: int, kings: int, turn: int) -> Out:
        n = single_captures(white, black, kings, turn)
        if n is None:
            return choose(sequences(white, black, kings, turn, True), kings)
        if n < 0:
            return choose(sequences_of(white, black, kings, turn, ~n, True), kings)
        if n:
            return single_capture_moves(white, black, kings, turn)
        return quiets(white, black, kings, turn)

    return count, legal


def _captures(sequences: capture_search.Sequences, choose: choice.Chooser) -> Pos4Moves:
    """The legal captures (empty if none)."""

    def captures(white: int, black: int, kings: int, turn: int) -> Out:
        raw = sequences(white, black, kings, turn, True)
        return choose(raw, kings) if raw else raw

    return captures


def _captures_of(sequences_of: capture_search.SequencesOf, choose: choice.Chooser
                 ) -> Callable[[int, int, int, int, int], Out]:
    """The legal captures, searched from the men ``cand`` and every king."""

    def captures_of(white: int, black: int, kings: int, turn: int, cand: int) -> Out:
        return choose(sequences_of(white, black, kings, turn, cand, True), kings)

    return captures_of


def _with_king_quiets(men_quiets: Pos4Moves, king_quiets: Callable[[int, int, Out], None]) -> Pos4Moves:
    """Every quiet move: the men's, then the kings'."""

    def quiets(white: int, black: int, kings: int, turn: int) -> Out:
        out = men_quiets(white, black, kings, turn)
        k = (black if turn else white) & kings
        if k:
            king_quiets(k, white | black, out)
        return out

    return quiets


def _perft(count: Pos4Count, legal: Pos4Moves) -> Callable[[int, int, int, int, int], int]:
    """Perft with bulk counting at the last ply."""

    def perft(white: int, black: int, kings: int, turn: int, depth: int) -> int:
        if depth <= 1:
            return count(white, black, kings, turn) if depth == 1 else 1
        total = 0
        depth -= 1
        moves = legal(white, black, kings, turn)
        if depth == 1:
            # most moves capture nothing: their child costs three operations fewer
            if turn == WHITE:
                for frm, to, rem, kx, _p, _h in moves:
                    if rem:
                        total += count(white ^ frm ^ to, black & ~rem, (kings & ~rem) ^ kx, 1)
                    else:
                        total += count(white ^ frm ^ to, black, kings ^ kx, 1)
            else:
                for frm, to, rem, kx, _p, _h in moves:
                    if rem:
                        total += count(white & ~rem, black ^ frm ^ to, (kings & ~rem) ^ kx, 0)
                    else:
                        total += count(white, black ^ frm ^ to, kings ^ kx, 0)
            return total
        if turn == WHITE:
            for frm, to, rem, kx, _p, _h in moves:
                total += perft(white ^ frm ^ to, black & ~rem, (kings & ~rem) ^ kx, 1, depth)
        else:
            for frm, to, rem, kx, _p, _h in moves:
                total += perft(white & ~rem, black ^ frm ^ to, (kings & ~rem) ^ kx, 0, depth)
        return total

    return perft
