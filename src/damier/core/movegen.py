"""Fast legal-move generation, move application and perft for every rules object.

This is the hot code of the library: plain ints, tuples and lists only, so that it can be
compiled or ported later without touching the rest. One :class:`MoveGenerator` is built per
:class:`~damier.core.rules.Rules` (:func:`generator`); its tables are built once
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
are thin wrappers. Variants whose rules depend on ``Position.aux`` (:mod:`~damier.core.huffing`,
:mod:`~damier.core.kingmoves`) replace the position-level entry points.

This module must not parse or print text, and must not track game history.
"""

from __future__ import annotations

from collections.abc import Callable

from damier.core import capture_scan, capture_search, choice, diagonal, eightway, quiet, tables
from damier.core.colors import WHITE
from damier.core.fastmove import FastMove, Out
from damier.core.position import Position
from damier.core.rules import Rules

__all__ = ["Child", "FastMove", "MoveGenerator", "apply_plain", "generator", "stateful_perft"]


class MoveGenerator:
    """Move generation for one rules object. Build once per variant (see :func:`generator`).

    >>> from damier.core.variants import get_variant
    >>> from damier.core.position import start_position
    >>> gen = generator(get_variant("international"))
    >>> p = start_position(gen.rules)
    >>> len(gen.legal(p)), gen.count(p), gen.perft(p, 3)
    (9, 9, 658)
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.geometry = g = rules.geometry
        self.index_of = g.index_of_mask
        self.mask = g.mask
        self.all_squares = g.all_squares
        self.promotion_rows = rules.promotion_rows
        self.legal_raw: Callable[[int, int, int, int], list[FastMove]]
        self.count_raw: Callable[[int, int, int, int], int]
        self.captures_raw: Callable[[int, int, int, int], list[FastMove]]
        self.sequences_raw: Callable[[int, int, int, int, bool], list[FastMove]]
        self.quiets_raw: Callable[[int, int, int, int], list[FastMove]]
        self.quiet_count_raw: Callable[[int, int, int, int], int]
        self.has_capture_raw: Callable[[int, int, int, int], bool]
        self.single_captures_raw: Callable[[int, int, int, int], int | None]
        # every physically possible move when a fast path can list them, else None
        # (huffing; see diagonal.build)
        self.physical_raw: Callable[[int, int, int, int], list[FastMove] | None] | None = None
        self.perft_raw: Callable[[int, int, int, int, int], int]
        _build(self, rules)
        # Variants whose rules depend on Position.aux replace the position-level entry points.
        self.stateful = False
        self._legal_pos: Callable[[Position], list[FastMove]] = self._legal_plain
        self._apply_pos: Callable[[Position, FastMove], Position] = apply_plain
        self._perft_pos: Callable[[Position, int], int] | None = None
        if rules.huffing:
            from damier.core import huffing

            huffing.install(self)
        if rules.king_move_limit:
            from damier.core import kingmoves

            kingmoves.install(self)

    def _legal_plain(self, pos: Position) -> list[FastMove]:
        return self.legal_raw(pos[0], pos[1], pos[2], pos[3])

    # -- wrappers on Position ------------------------------------------------------------------

    def legal(self, pos: Position) -> list[FastMove]:
        """All legal moves of the side to move, under every rule of the variant."""
        return self._legal_pos(pos)

    def apply(self, pos: Position, m: FastMove) -> Position:
        """The position after move ``m`` (side to move switched, variant state updated)."""
        return self._apply_pos(pos, m)

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
        if self.stateful:
            return len(self._legal_pos(pos))
        return self.count_raw(pos[0], pos[1], pos[2], pos[3])

    def perft(self, pos: Position, depth: int) -> int:
        """The number of positions after ``depth`` plies (no draw rules), bulk-counted."""
        if not self.stateful:
            return self.perft_raw(pos[0], pos[1], pos[2], pos[3], depth)
        if self._perft_pos is not None:
            return self._perft_pos(pos, depth)
        if depth <= 0:
            return 1
        moves = self._legal_pos(pos)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self._apply_pos(pos, m), depth - 1) for m in moves)

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


def apply_plain(pos: Position, m: FastMove) -> Position:
    """The position after fast move ``m`` by the side to move (``aux`` kept)."""
    frm, to, remove, kx, _path, _huff = m
    white, black, kings, turn, aux = pos
    if turn == WHITE:
        return Position(white ^ frm ^ to, black & ~remove, (kings & ~remove) ^ kx, 1, aux)
    return Position(white & ~remove, black ^ frm ^ to, (kings & ~remove) ^ kx, 0, aux)


Child = tuple[int, int, int, int, int]
"""``(frm, to, remove, kings_xor, aux after the move)``: one move of a stateful variant."""


def stateful_perft(
    children: Callable[[int, int, int, int, int], list[Child]],
    leaf_count: Callable[[int, int, int, int, int], int],
    stateless_depth: Callable[[int, int], int] | None = None,
    plain_perft: Callable[[int, int, int, int, int], int] | None = None,
) -> Callable[[Position, int], int]:
    """Perft for a variant with state in ``Position.aux``: ``children`` lists the moves of a
    position with the ``aux`` each one leads to, ``leaf_count`` counts the moves of a
    position (bulk counting at the last ply). When ``stateless_depth(aux, turn)`` says the
    state cannot change any move list within that many plies, ``plain_perft`` (the
    stateless rules) counts the subtree."""

    def perft(white: int, black: int, kings: int, turn: int, aux: int, depth: int) -> int:
        if plain_perft is not None and stateless_depth is not None and depth <= stateless_depth(aux, turn):
            return plain_perft(white, black, kings, turn, depth)
        if depth == 1:
            return leaf_count(white, black, kings, turn, aux)
        total = 0
        depth -= 1
        if turn == WHITE:
            for frm, to, rem, kx, naux in children(white, black, kings, turn, aux):
                total += perft(white ^ frm ^ to, black & ~rem, (kings & ~rem) ^ kx, 1, naux, depth)
        else:
            for frm, to, rem, kx, naux in children(white, black, kings, turn, aux):
                total += perft(white & ~rem, black ^ frm ^ to, (kings & ~rem) ^ kx, 0, naux, depth)
        return total

    def position_perft(pos: Position, depth: int) -> int:
        if depth <= 0:
            return 1
        return perft(pos.white, pos.black, pos.kings, pos.turn, pos.aux, depth)

    return position_perft


def _build(gen: MoveGenerator, rules: Rules) -> None:
    """Build the tables of ``rules``, pick the paths the variant uses and bind the entry
    points of ``gen``."""
    t = tables.build(rules)
    g = t.geometry
    ALL = t.all_squares
    (sequences, sequences_of, men_sequences, men_ends, men_go_on, king_captures,
     men_ends_on) = capture_search.build(t)
    king_can_capture, has_capture, single_captures, single_capture_moves = capture_scan.build(t)
    king_quiets, king_quiet_count, quiet_count, quiets = quiet.build(t)
    choose = choice.make_chooser(rules, t.mask, gen.captured_order)
    count_chosen = choice.make_counter(rules, choose)
    eight_count = None
    if eightway.applies(t):
        # the same test written out, and a count built on it
        single_captures, eight_count = eightway.build(
            t, king_can_capture, king_quiet_count, sequences_of,
            men_sequences if choice.needs_paths(rules) else men_ends, choose, count_chosen)

    def captures(white: int, black: int, kings: int, turn: int) -> Out:
        raw = sequences(white, black, kings, turn, True)
        return choose(raw, kings) if raw else raw

    def generic_count(white: int, black: int, kings: int, turn: int) -> int:
        n = single_captures(white, black, kings, turn)
        if n is None:
            return len(choose(sequences(white, black, kings, turn, True), kings))
        if n < 0:  # the search must decide, starting from the men in ~n
            return len(choose(sequences_of(white, black, kings, turn, ~n, True), kings))
        if n:
            return n
        return quiet_count(white, black, kings, turn)

    def generic_legal(white: int, black: int, kings: int, turn: int) -> Out:
        n = single_captures(white, black, kings, turn)
        if n is None:
            return choose(sequences(white, black, kings, turn, True), kings)
        if n < 0:
            return choose(sequences_of(white, black, kings, turn, ~n, True), kings)
        if n:
            return single_capture_moves(white, black, kings, turn)
        return quiets(white, black, kings, turn)

    count: Callable[[int, int, int, int], int] = eight_count or generic_count
    legal: Callable[[int, int, int, int], Out] = generic_legal

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

    def captures_of(white: int, black: int, kings: int, turn: int, cand: int) -> Out:
        return choose(sequences_of(white, black, kings, turn, cand, True), kings)

    man_step_dirs, man_cap_dirs = t.man_step_dirs, t.man_cap_dirs
    diagonal_men = (
        g.shape == "dark"
        and set(man_step_dirs[0]) == {g.direction_index((-1, -1)), g.direction_index((-1, 1))}
        and set(man_cap_dirs[0]) in ({0, 1}, {0, 1, 2, 3})
        and set(rules.king_steps) == set(rules.king_captures)
    )
    if diagonal_men:
        up_right, up_left, down_left, down_right = (g.direction_index(d) for d in
                                                    ((-1, 1), (-1, -1), (1, -1), (1, 1)))
        count, legal, has_capture, men_quiets, physical = diagonal.build(
            g.size, ALL, t.promo,
            men_back=len(man_cap_dirs[0]) == 4,
            men_take_kings=t.men_take_kings,
            crowned_men_continue=t.crowned_men_continue,
            victims_differ=t.victims_differ,
            quiet_tables=(
                (t.man_quiet_table(0, up_right), t.man_quiet_table(0, up_left)),
                (t.man_quiet_table(1, down_left), t.man_quiet_table(1, down_right)),
            ),
            capture_tables=tuple(
                tuple(t.man_capture_table(c, d) for d in (up_right, up_left, down_left, down_right))
                for c in (0, 1)
            ),
            king_can_capture=king_can_capture,
            king_rays=t.king_quiet,
            index=t.index,
            captures_of=captures_of,
            men_sequences=men_sequences,
            men_ends=men_sequences if choice.needs_paths(rules) else men_ends,
            men_go_on=men_go_on,
            men_ends_on=None if choice.needs_paths(rules) else men_ends_on,
            king_captures=king_captures,
            count_chosen=choice.make_counter(rules, choose, men_only=True),
            choose=choose,
        )

        # all quiet moves whatever the captures (huffing lists them beside the captures):
        # the men from the row-pair tables of the fast path
        def diagonal_quiets(white: int, black: int, kings: int, turn: int) -> Out:
            out = men_quiets(white, black, kings, turn)
            k = (black if turn else white) & kings
            if k:
                king_quiets(k, white | black, out)
            return out

        quiets = diagonal_quiets
        gen.physical_raw = physical

    gen.legal_raw = legal
    gen.count_raw = count
    gen.captures_raw = captures
    gen.sequences_raw = sequences
    gen.quiets_raw = quiets
    gen.quiet_count_raw = quiet_count
    gen.has_capture_raw = has_capture
    gen.single_captures_raw = single_captures
    gen.perft_raw = perft


_GENERATORS: dict[str, MoveGenerator] = {}


def generator(rules: Rules) -> MoveGenerator:
    """The shared :class:`MoveGenerator` of a rules object (built on first use): the native
    kernel's when it runs this variant (:mod:`damier.core.kernel`), else the pure-Python one."""
    gen = _GENERATORS.get(rules.name)
    if gen is None or gen.rules is not rules:
        # the hook of the native kernel (imported here: it builds on this module's class)
        from damier.core.native_movegen import native_generator

        gen = native_generator(rules) or MoveGenerator(rules)
        _GENERATORS[rules.name] = gen
    return gen
