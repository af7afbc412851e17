"""Move times of a game played with a clock, written into its PDN as lidraughts writes them.

After each move of the main line comes a comment ``{[%clock w0:04:55 B0:05:00]}``: both
clocks once the move is made (hours:minutes:seconds, whole seconds), the letter of the side
to move in capitals (its clock runs), the mover's in small letters — the clock command of
the PDN extensions that lidraughts exports. The page shows them beside the moves and an
import keeps them verbatim (``movetree.js``, :mod:`damier.web.services.pdn_io`), so a timed
game exported and imported again keeps its move times. A move whose comments hold a clock
already (a game imported with its own) keeps its own.

The comments are laid over the game's tree for the writer (:class:`TimedGame`): the tree
itself is never changed. This module must not know about HTTP or the store.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from damier.core.colors import BLACK, WHITE, opponent
from damier.formats.pdn.writer import Game, Node

if TYPE_CHECKING:
    from damier.core.move import Move
    from damier.core.position import Position
    from damier.core.rules import Rules

HAS_CLOCK = re.compile(r"\[%(clock|clk)\s")


def clock_text(ms: int) -> str:
    """A clock's milliseconds as H:MM:SS, the seconds cut (a clock shows 4:55 until 4:54.999).

    >>> clock_text(295_700), clock_text(5_400_000), clock_text(-20)
    ('0:04:55', '1:30:00', '0:00:00')
    """
    seconds = max(0, ms) // 1000
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def clock_command(white_ms: int, black_ms: int, to_move: int) -> str:
    """The clock command of a position: both clocks, the side to move in capitals.

    >>> clock_command(295_000, 300_000, BLACK)
    '[%clock w0:04:55 B0:05:00]'
    """
    w = ("W" if to_move == WHITE else "w") + clock_text(white_ms)
    b = ("B" if to_move == BLACK else "b") + clock_text(black_ms)
    return f"[%clock {w} {b}]"


def clock_comments(first_mover: int, initial_ms: int,
                   movers_clocks: Sequence[int | None]) -> list[str]:
    """The clock command after each ply, given who moves first, the time each side starts
    with and, per ply, the mover's clock after it (``None``: unknown, the last one kept).

    >>> clock_comments(WHITE, 300_000, [297_000, 299_500])
    ['[%clock w0:04:57 B0:05:00]', '[%clock W0:04:57 b0:04:59]']
    """
    clocks = {WHITE: initial_ms, BLACK: initial_ms}
    mover = first_mover
    out = []
    for clock in movers_clocks:
        if clock is not None:
            clocks[mover] = clock
        mover = opponent(mover)
        out.append(clock_command(clocks[WHITE], clocks[BLACK], mover))
    return out


class TimedNode:
    """A node of the tree as the writer reads it, with the clock command of its ply added
    after its comments when it is on the main line (``extra``: the commands still to lay,
    first for this node)."""

    __slots__ = ("_node", "_extra")

    def __init__(self, node: Node, extra: Sequence[str]) -> None:
        self._node = node
        self._extra = extra

    @property
    def parent(self) -> Node | None:
        return self._node.parent

    @property
    def rules(self) -> Rules:
        return self._node.rules

    @property
    def position(self) -> Position:
        return self._node.position

    @property
    def move(self) -> Move | None:
        return self._node.move

    @property
    def setup(self) -> str | None:
        return self._node.setup

    @property
    def variations(self) -> Sequence[Node]:
        children = list(self._node.variations)
        if children and len(self._extra) > 1:  # the main line goes on with the next command
            children[0] = TimedNode(children[0], self._extra[1:])
        return children

    @property
    def comments_before(self) -> Sequence[str]:
        return self._node.comments_before

    @property
    def comments_after(self) -> Sequence[str]:
        own = list(self._node.comments_after)
        if self._node.move is None or any(HAS_CLOCK.search(c) for c in own):
            return own
        return [*own, self._extra[0]]

    @property
    def nags(self) -> Sequence[int]:
        return self._node.nags

    @property
    def strength(self) -> str:
        return self._node.strength


class TimedGame:
    """A game as the writer reads it, its main line carrying ``commands`` (one per ply, see
    :func:`clock_comments`)."""

    def __init__(self, game: Game, commands: Sequence[str]) -> None:
        self._game = game
        self._commands = commands

    @property
    def rules(self) -> Rules:
        return self._game.rules

    @property
    def root(self) -> Node:
        root = self._game.root
        # the root holds no move: its first main-line child takes the first command
        return _RootView(root, self._commands) if self._commands else root

    @property
    def tags(self) -> Mapping[str, str]:
        return self._game.tags

    @property
    def result(self) -> str:
        return self._game.result


class _RootView(TimedNode):
    """The root: its own comments unchanged, its main line timed from the first ply."""

    __slots__ = ()

    def __init__(self, root: Node, commands: Sequence[str]) -> None:
        super().__init__(root, ["", *commands])


__all__ = ["TimedGame", "TimedNode", "clock_command", "clock_comments", "clock_text"]
