"""The fast move: the plain tuple every move generator module produces and consumes.

A *fast move* is the tuple ``(frm, to, remove, kings_xor, path, huff)``:

* ``frm``, ``to``: single-bit masks of the start and end squares (equal for a king that
  comes back to its square);
* ``remove``: bitboard of the opponent pieces that disappear (the captured pieces, plus the
  huffed piece in Czech traditional rules);
* ``kings_xor``: what to XOR into the kings bitboard after removing ``remove``: ``frm ^ to``
  for a king, ``to`` for a man that is crowned, 0 otherwise — so applying a move is
  branch-free (:func:`apply_plain`);
* ``path``: the landing squares (indices) of a capture in order, ending with the index of
  ``to``; ``()`` for a quiet move;
* ``huff``: bitboard of the opponent piece huffed before this move (0 almost always).

The identity of a move is ``(frm, to, captured set, huff)`` (Decision 1): routes that
differ only in where a king paused or in the order round a closed path are one move.

This module owns the type names and how a fast move changes the pieces
(:func:`apply_plain`); it must not generate or print moves. Code outside the core imports
these names from :mod:`damier.core.movegen`.
"""

from __future__ import annotations

from damier.core.colors import WHITE
from damier.core.position import Position

FastMove = tuple[int, int, int, int, tuple[int, ...], int]
"""``(frm, to, remove, kings_xor, path, huff)``; see the module docstring."""

Out = list[FastMove]
"""A move list being filled by a generator function."""


def apply_plain(pos: Position, m: FastMove) -> Position:
    """The position after fast move ``m`` by the side to move (``aux`` kept: the rules that
    keep state there update it themselves, see :mod:`damier.core.stateful`)."""
    frm, to, remove, kx, _path, _huff = m
    white, black, kings, turn, aux = pos
    if turn == WHITE:
        return Position(white ^ frm ^ to, black & ~remove, (kings & ~remove) ^ kx, 1, aux)
    return Position(white & ~remove, black ^ frm ^ to, (kings & ~remove) ^ kx, 0, aux)
