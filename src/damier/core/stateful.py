"""Rules that keep state across moves, and what they are built on.

Most variants decide their legal moves from the pieces and the side to move alone. Two rules
also read what happened on the last moves, kept in ``Position.aux``: huffing
(:mod:`~damier.core.huffing`: which pieces may be huffed) and the Frisian king-move limit
(:mod:`~damier.core.kingmoves`: how many quiet moves one king has made in a row). Each is an
object that the :class:`~damier.core.movegen.MoveGenerator` of such a variant owns and asks
for the position-level answers (:class:`StatefulRule`); it builds them from the variant's
stateless entry points (:class:`PlainMoves`), which it receives when it is made.

This module owns those two interfaces and the perft that stateful rules share
(:func:`stateful_perft`). It must not generate moves, and it knows no rule by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from damier.core.colors import WHITE
from damier.core.fastmove import FastMove, Out
from damier.core.position import Position

Pos4Moves = Callable[[int, int, int, int], Out]
Pos4Count = Callable[[int, int, int, int], int]


@dataclass(frozen=True, slots=True)
class PlainMoves:
    """The stateless entry points of one variant's move generator, on the four ints
    ``(white, black, kings, turn)`` (see :class:`~damier.core.movegen.MoveGenerator` for what
    each returns). ``physical`` is None when the physically possible moves always need
    the capture search."""

    legal: Pos4Moves
    count: Pos4Count
    captures: Pos4Moves
    sequences: Callable[[int, int, int, int, bool], Out]
    quiets: Pos4Moves
    quiet_count: Pos4Count
    has_capture: Callable[[int, int, int, int], bool]
    physical: Callable[[int, int, int, int], Out | None] | None
    perft: Callable[[int, int, int, int, int], int]


class StatefulRule(Protocol):
    """A rule that reads ``Position.aux``: it answers for the whole position."""

    def legal(self, pos: Position) -> list[FastMove]:
        """Every legal move, under this rule and the variant's others."""

    def apply(self, pos: Position, m: FastMove) -> Position:
        """The position after ``m``, with ``aux`` updated."""

    def perft(self, pos: Position, depth: int) -> int:
        """The number of positions ``depth`` plies on."""


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
