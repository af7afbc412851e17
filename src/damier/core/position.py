"""Positions: where the pieces stand and who is to move, as bitboards on Python ints.

A :class:`Position` is an immutable value (a named tuple) so that it can be hashed, stored in
history stacks and shared between threads. Bitboards use the padded layout of
:mod:`damier.core.geometry`; ``kings`` marks which of the pieces in ``white | black`` are
kings. ``aux`` carries variant state that is part of the position's identity for the
rules (Frisian king-move counts, the pieces that may be huffed in Czech traditional rules);
it is 0 for most variants.

This module must not generate moves or parse text.

>>> from damier.core.variants import get_variant
>>> p = start_position(get_variant("international"))
>>> p.turn, p.white.bit_count(), p.black.bit_count(), p.kings
(0, 20, 20, 0)
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from damier.core.colors import BLACK, WHITE
from damier.core.errors import DamierError


class StartRules(Protocol):
    """What :func:`start_position` reads of a :class:`~damier.core.rules.Rules` (this module
    does not import the rules: they refer to positions)."""

    @property
    def start_bitboards(self) -> tuple[int, int]: ...

    @property
    def first_player(self) -> int: ...

    @property
    def first_player_choice(self) -> bool: ...

    @property
    def title(self) -> str: ...


class Position(NamedTuple):
    """Pieces and side to move. ``turn`` is ``WHITE`` (0) or ``BLACK`` (1)."""

    white: int
    black: int
    kings: int
    turn: int
    aux: int = 0

    def occupied(self) -> int:
        """Bitboard of all pieces."""
        return self.white | self.black

    def side(self, color: int) -> int:
        """Bitboard of the pieces of ``color``."""
        return self.white if color == WHITE else self.black

    def material(self) -> tuple[int, int, int, int]:
        """``(white men, white kings, black men, black kings)``."""
        k = self.kings
        w, b = self.white, self.black
        return ((w & ~k).bit_count(), (w & k).bit_count(), (b & ~k).bit_count(), (b & k).bit_count())


def start_position(rules: StartRules, first_player: int | None = None) -> Position:
    """The initial position of a variant, with its first player to move.

    ``first_player`` gives the move to the other side where the rules leave the choice to
    the players (``rules.first_player_choice``); elsewhere it must be the variant's own
    first player (:class:`~damier.core.errors.DamierError`, a ``ValueError``, otherwise).
    """
    white, black = rules.start_bitboards
    turn = rules.first_player if first_player is None else first_player
    if turn not in (WHITE, BLACK):
        raise DamierError(f"first player must be {WHITE} (White) or {BLACK} (Black), not {turn!r}")
    if turn != rules.first_player and not rules.first_player_choice:
        raise DamierError(f"in {rules.title} the first player is fixed by the rules")
    return Position(white, black, 0, turn, 0)
