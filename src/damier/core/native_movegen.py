"""The move generator backed by the native kernel: the same API and answers as
:class:`~damier.core.movegen.MoveGenerator`, computed in C.

:func:`damier.core.movegen.generator` asks :func:`native_generator` first and builds the
pure-Python generator when it returns None (no kernel, ``DAMIER_PURE=1``, or a variant the
kernel does not cover; see :mod:`damier.core.kernel`). The kernel reproduces the Python
generator move for move: the same moves in the same order, with the same paths, under every
rule including the stateful ones (huffing, the Frisian king-move limit), which it applies
itself. The few calls it does not answer (the raw capture sequences, the quiet moves alone,
a list longer than the kernel's capacity) go to a pure-Python generator built on first need.

This module must not decide rules: it converts and delegates. It imports the base class from
:mod:`damier.core.pure_movegen`; :mod:`damier.core.movegen` imports both and makes the choice
in :func:`~damier.core.movegen.generator` (so no module imports the other in a circle).

>>> from damier.core.variants import get_variant
>>> from damier.core.position import start_position
>>> gen = native_generator(get_variant("international"))
>>> gen is None or gen.perft(start_position(gen.rules), 3) == 658
True
"""

from __future__ import annotations

from typing import Any

from damier.core import kernel
from damier.core.fastmove import FastMove, apply_plain
from damier.core.move import Move
from damier.core.position import Position
from damier.core.pure_movegen import MoveGenerator
from damier.core.rules import Rules

__all__ = ["NativeMoveGenerator", "native_generator"]


class PureFallback:
    """The pure-Python generator of a rules object, built on first need: the kernel asks it
    for the answers longer than its lists (``Generator.set_fallback``), and so does
    :class:`NativeMoveGenerator` for the calls the kernel does not answer."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._gen: MoveGenerator | None = None

    def generator(self) -> MoveGenerator:
        if self._gen is None:
            self._gen = MoveGenerator(self.rules)
        return self._gen

    def legal(self, pos: Position) -> list[FastMove]:
        return self.generator().legal(pos)

    def moves(self, pos: Position) -> list[Move]:
        return self.generator().moves(pos)

    def count(self, pos: Position) -> int:
        return self.generator().count(pos)

    def legal_strict(self, pos: tuple[int, ...]) -> list[FastMove]:
        return self.generator().legal_raw(pos[0], pos[1], pos[2], pos[3])

    def count_strict(self, pos: tuple[int, ...]) -> int:
        return self.generator().count_raw(pos[0], pos[1], pos[2], pos[3])


class NativeMoveGenerator(MoveGenerator):
    """:class:`MoveGenerator` answered by the kernel's ``Generator`` object ``native``."""

    cheap_moves = True  # the Moves that recur are shared objects: a list is a few pointers

    def __init__(self, rules: Rules, native: Any) -> None:  # the pure tables are not built
        self._set_rules(rules)
        self.native = native
        self.stateful = bool(rules.huffing or rules.king_move_limit)
        self._pure = PureFallback(rules)
        native.bind_moves(Move, rules)
        native.set_fallback(self._pure)
        # legal, moves and count are the kernel's methods themselves (they take a Position and
        # ask the fallback when a list is too long): a Python frame around them was a fifth of
        # Board.legal_moves' time on middle-game positions
        self.legal = native.legal  # type: ignore[method-assign]
        self.moves = native.legal_moves  # type: ignore[method-assign]
        self.count = native.count  # type: ignore[method-assign]
        self.physical_raw = None
        self.legal_raw = self._legal_raw
        self.count_raw = self._count_raw
        self.has_capture_raw = native.has_capture
        self.perft_raw = self._perft_raw
        self.captures_raw = lambda w, b, k, t: self.fallback().captures_raw(w, b, k, t)
        self.sequences_raw = lambda w, b, k, t, c: self.fallback().sequences_raw(w, b, k, t, c)
        self.quiets_raw = lambda w, b, k, t: self.fallback().quiets_raw(w, b, k, t)
        self.quiet_count_raw = lambda w, b, k, t: self.fallback().quiet_count_raw(w, b, k, t)

    def fallback(self) -> MoveGenerator:
        """The pure-Python generator of the same rules (built on first need)."""
        return self._pure.generator()

    # -- the strict rules on four ints (MoveGenerator's raw entry points) ----------------------

    def _legal_raw(self, white: int, black: int, kings: int, turn: int) -> list[FastMove]:
        moves: list[FastMove] | None = self.native.legal_strict(white, black, kings, turn)
        if moves is None:
            return self.fallback().legal_raw(white, black, kings, turn)
        return moves

    def _count_raw(self, white: int, black: int, kings: int, turn: int) -> int:
        n: int | None = self.native.count_strict(white, black, kings, turn)
        if n is None:
            return self.fallback().count_raw(white, black, kings, turn)
        return n

    def _perft_raw(self, white: int, black: int, kings: int, turn: int, depth: int) -> int:
        if self.stateful:  # the stateless rules of a stateful variant: not the kernel's perft
            return self.fallback().perft_raw(white, black, kings, turn, depth)
        n: int | None = self.native.perft(white, black, kings, turn, 0, depth)
        if n is None:
            return self.fallback().perft_raw(white, black, kings, turn, depth)
        return n

    # -- every rule, on positions -------------------------------------------------------------

    def legal(self, pos: Position) -> list[FastMove]:
        """All legal moves of the side to move, under every rule of the variant (replaced by
        the kernel's method in ``__init__``)."""
        moves: list[FastMove] = self.native.legal(pos)
        return moves

    def moves(self, pos: Position) -> list[Move]:
        """:meth:`legal` as :class:`~damier.core.move.Move` objects, built by the kernel (the
        moves that recur are shared objects; replaced by the kernel's method in ``__init__``)."""
        moves: list[Move] = self.native.legal_moves(pos)
        return moves

    def apply(self, pos: Position, m: FastMove) -> Position:
        """The position after move ``m`` (side to move switched, variant state updated)."""
        if not self.stateful:
            return apply_plain(pos, m)
        after: tuple[int, int, int, int, int] | None = self.native.apply(*pos, m)
        if after is None:
            return self.fallback().apply(pos, m)
        return Position(*after)

    def count(self, pos: Position) -> int:
        """The number of legal moves (quiet moves are counted, not built; replaced by the
        kernel's method in ``__init__``)."""
        n: int = self.native.count(pos)
        return n

    def perft(self, pos: Position, depth: int) -> int:
        """The number of positions after ``depth`` plies (no draw rules), bulk-counted."""
        if depth <= 0:
            return 1
        n: int | None = self.native.perft(*pos, depth) if depth <= 64 else None
        if n is None:
            return self.fallback().perft(pos, depth)
        return n

    def has_capture(self, pos: Position) -> bool:
        """Whether the side to move can capture (a cheap bitboard test)."""
        yes: bool = self.native.has_capture(pos[0], pos[1], pos[2], pos[3])
        return yes

    def captures(self, pos: Position) -> list[FastMove]:
        """The legal captures after the variant's choice rules (empty if none)."""
        return self.fallback().captures(pos)

    def capture_sequences(self, pos: Position, complete_only: bool = True) -> list[FastMove]:
        """Every capture sequence of every piece before the choice rules (routes may repeat)."""
        return self.fallback().capture_sequences(pos, complete_only)

    def quiets(self, pos: Position) -> list[FastMove]:
        """All non-capturing moves of the side to move (whether or not a capture exists)."""
        return self.fallback().quiets(pos)


def native_generator(rules: Rules) -> NativeMoveGenerator | None:
    """The kernel-backed generator of ``rules``, or None when the pure-Python path runs for it
    (then said once on standard error, see :func:`damier.core.kernel.announce_pure`)."""
    native = kernel.native_object(rules)
    if native is None:
        kernel.announce_pure()
        return None
    return NativeMoveGenerator(rules, native)
