"""Moves as users see them: start, end, landing path and captured squares in capture order.

A :class:`Move` wraps the generator's fast move tuple (see :mod:`damier.core.movegen`) with
what notation, the UI and PDN need. Its identity is ``(from, to, set of captured, huff)``
(Decision 1 of docs/rules/decisions.md): two routes that differ only in where a king paused
on a line, or in the order round a closed path, are the same move and compare equal.

Squares in the public attributes are *square numbers* of the variant (``from_square``,
``to_square``, ``path``, ``captured``); ``str(move)`` is the short notation in the
variant's own square names.

This module must not generate moves or read text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from damier.core.fastmove import FastMove
    from damier.core.rules import Rules


class Move:
    """A legal move of some position. Obtain moves from ``Board.legal_moves`` or by parsing.

    >>> from damier import Board
    >>> board = Board()
    >>> move = board.parse_move("32-28")
    >>> move.from_square, move.to_square, move.is_capture, str(move)
    (32, 28, False, '32-28')
    """

    __slots__ = ("rules", "fast", "start", "end", "path_indices", "captured_indices", "huff_index")

    def __init__(
        self,
        rules: Rules,
        fast: FastMove,
        start: int,
        end: int,
        path: tuple[int, ...],
        captured: tuple[int, ...],
        huff: int | None = None,
    ) -> None:
        self.rules = rules
        self.fast = fast
        self.start = start
        """Internal index of the start square."""
        self.end = end
        """Internal index of the end square."""
        self.path_indices = path
        """Internal indices of the landing squares of a capture, ending with ``end``."""
        self.captured_indices = captured
        """Internal indices of the captured pieces, in the order they were jumped."""
        self.huff_index = huff
        """Internal index of the opponent piece huffed before this move, if any."""

    # -- squares in the variant's numbering ----------------------------------------------------

    @property
    def from_square(self) -> int:
        """The start square number."""
        return self.rules.names.number(self.start)

    @property
    def to_square(self) -> int:
        """The end square number."""
        return self.rules.names.number(self.end)

    @property
    def path(self) -> list[int]:
        """The landing squares of a capture in order (ending with ``to_square``); ``[]`` if quiet."""
        return [self.rules.names.number(i) for i in self.path_indices]

    @property
    def captured(self) -> list[int]:
        """The captured squares, in the order they were jumped."""
        return [self.rules.names.number(i) for i in self.captured_indices]

    @property
    def huff(self) -> int | None:
        """The square of the opponent piece huffed before this move (Czech traditional)."""
        return None if self.huff_index is None else self.rules.names.number(self.huff_index)

    @property
    def is_capture(self) -> bool:
        """Whether the move captures at least one piece."""
        return bool(self.captured_indices)

    @property
    def promotes(self) -> bool:
        """Whether a man is crowned by this move."""
        frm, to, _rem, kx, *_ = self.fast
        return bool(kx) and kx == to and frm != to

    # -- identity ------------------------------------------------------------------------------

    def key(self) -> tuple[int, int, int, int]:
        """The identity ``(from bit, to bit, captured bits, huffed bit)``."""
        frm, to, remove, _kx, _path, huff = self.fast
        return (frm, to, remove & ~huff, huff)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.rules.name == other.rules.name and self.key() == other.key()

    def __hash__(self) -> int:
        return hash((self.rules.name, self.key()))

    # -- text ----------------------------------------------------------------------------------

    def labels(self) -> tuple[str, str]:
        """The start and end square names in the variant's notation."""
        names = self.rules.names
        return names.label(self.start), names.label(self.end)

    def short(self) -> str:
        """Short notation: ``32-28``, ``28x19`` (``c3xe5`` for algebraic variants)."""
        a, b = self.labels()
        text = f"{a}{self.rules.capture_separator}{b}" if self.is_capture else f"{a}-{b}"
        return self.huff_prefix() + text

    def long(self) -> str:
        """Long notation: the start square and every landing square (``25x14x3x26x42``)."""
        if not self.is_capture:
            return self.short()
        names = self.rules.names
        sep = self.rules.capture_separator
        squares = [names.label(self.start)] + [names.label(i) for i in self.path_indices]
        return self.huff_prefix() + sep.join(squares)

    def hub(self) -> str:
        """Hub notation: start, end, then every captured square (``28x19x23``)."""
        if not self.is_capture:
            return self.short()
        names = self.rules.names
        squares = [names.label(self.start), names.label(self.end)]
        squares += [names.label(i) for i in self.captured_indices]
        return self.huff_prefix() + "x".join(squares)

    def huff_prefix(self) -> str:
        """The prefix naming the huffed square, ``"h13,"`` (empty if no huff).

        A huffed move is written as one token, ``h13,21-17``: "remove the opponent's piece
        on 13, then play 21-17" (Czech traditional rules, Zapletal 5)."""
        if self.huff_index is None:
            return ""
        return f"h{self.rules.names.label(self.huff_index)},"

    def __str__(self) -> str:
        return self.short()

    def __repr__(self) -> str:
        return f"Move({self.long()!r})"
