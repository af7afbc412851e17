"""The cache behind a board's live view of its legal moves (the base of
:class:`damier.core.board.LegalMoves`).

A view keeps the :class:`~damier.core.move.Move` list of the position it last listed and
follows its board's current position: the list is made again only when the board has moved
on. ``len(view)`` counts with the generator's bulk count when listing would cost more
(``gen.cheap_moves`` false) and the list is not there yet.

:class:`PureMovesView` is the specification, and the base on the pure-Python path. With the
native kernel loaded, :data:`MovesViewBase` is the kernel's ``MovesView``, the same class
written in C: ``list(board.legal_moves)`` calls ``len()`` and then ``iter()``, and those two
slot calls in Python cost more than the kernel's list itself (0.6 of 0.95 µs on middle-game
positions). The tests hold both to the same answers.

This module must not generate moves (it calls the board's generator) nor know about games.

>>> from damier.core.board import Board
>>> view = PureMovesView(Board())
>>> len(view), len(view._list()), view._list() is view._list()
(9, 9, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol

from damier.core import kernel
from damier.core.move import Move
from damier.core.position import Position

if TYPE_CHECKING:
    from damier.core.pure_movegen import MoveGenerator

__all__ = ["MovesViewBase", "PureMovesView"]


class _Followed(Protocol):
    """What a view reads of its board."""

    @property
    def gen(self) -> MoveGenerator: ...
    @property
    def _position(self) -> Position: ...


class PureMovesView:
    """The cached legal :class:`Move` list of ``board``'s current position."""

    __slots__ = ("_board", "_moves_of", "_count_of", "_cheap", "_listed", "_moves")

    def __init__(self, board: _Followed) -> None:
        gen = board.gen
        self._board = board
        self._moves_of: Callable[[Position], list[Move]] = gen.moves
        self._count_of: Callable[[Position], int] = gen.count
        self._cheap = bool(gen.cheap_moves)
        self._listed: Position | None = None
        self._moves: list[Move] = []

    def _list(self) -> list[Move]:
        """The Move list of the board's position (the same list until the board moves)."""
        pos = self._board._position
        if self._listed is not pos:
            self._moves = self._moves_of(pos)
            self._listed = pos
        return self._moves

    def __len__(self) -> int:
        pos = self._board._position
        if self._listed is pos or self._cheap:
            return len(self._list())
        return self._count_of(pos)

    def __iter__(self) -> Iterator[Move]:
        return iter(self._list())

    def _adopt(self, other: PureMovesView) -> None:
        """Take ``other``'s cached list (a copy of a board starts where the original is)."""
        self._listed, self._moves = other._listed, other._moves

    def _forget(self) -> None:
        """Drop the cached list (benchmarks time the listing itself)."""
        self._listed, self._moves = None, []


# The kernel's MovesView when the kernel is loaded, else PureMovesView (for the type checker,
# always PureMovesView: the C class has the same methods).
if TYPE_CHECKING:
    MovesViewBase = PureMovesView
else:
    _native = kernel.native_module()
    MovesViewBase = PureMovesView if _native is None else _native.MovesView
