"""The PDN game model: :class:`Game` (tags, start position, move tree, result, problems found
while reading) and :class:`Node` (one move or one setup in the tree).

A node is either the root, a *move* node (``move`` is a legal :class:`~damier.core.move.Move`
of the parent's position) or a *setup* node (``setup`` is a FEN that replaces the position,
the PDN 3.0 ``/FEN "..."/`` command). ``variations[0]`` continues the line; the other
children are alternatives. Every node keeps the position after it, so the board at any node
is available without replaying the whole game.

Comments: ``comments_before`` holds the comments written before the first move of a
variation; ``comments_after`` the comments written after a move (on the root: the comments
before the first move of the game). ``strength`` is the move-strength sign as typed
(``!``, ``?!``, ``(?)``, FMJD meaning kept, FMJD 9.1); ``nags`` the ``$n`` values.

This module must not parse or write PDN text (see ``reader`` and ``writer``).

>>> game = Game()
>>> node = game.add_line("32-28 19-23 28x19")
>>> [n.san() for n in game.mainline()]
['32-28', '19-23', '28x19']
>>> alt = node.parent.add_variation("14x23")
Traceback (most recent call last):
...
damier.core.errors.IllegalMoveError: 14x23: square 14 holds a black piece, but white is to move
>>> alt = node.parent.parent.add_variation("18-23")
>>> game.end().board().fen()[:12], alt.is_mainline()
('B:W19,31,33,', False)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from damier.core.board import Board
from damier.core.colors import BLACK, WHITE
from damier.core.fen import parse_fen, write_fen
from damier.core.move import Move
from damier.core.position import Position, start_position
from damier.core.rules import Rules
from damier.core.variants import get_variant
from damier.formats.pdn.writer import write_game


@dataclass(frozen=True)
class PdnIssue:
    """A problem found while reading: where (1-based line and column) and what.

    ``severity`` is ``"error"`` when something could not be read or replayed (the rest of
    that line of play is lost) and ``"warning"`` for a deviation from PDN 3.0 that was
    repaired without loss (a missing game terminator, a leading zero …).
    """

    line: int
    column: int
    message: str
    severity: str = "error"
    code: str = "other"
    """What kind of problem, for programs and translations (``illegal_move``, ``tag_twice``
    …; the list is in docs/pdn.md, "Problems found while reading")."""
    args: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    """The parts of the message by name (``move``, ``name`` …), as text."""

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}: {self.severity}: {self.message}"


class Node:
    """One node of a game tree; see the module docstring."""

    __slots__ = ("parent", "rules", "move", "setup", "position", "variations",
                 "comments_before", "comments_after", "nags", "strength")

    def __init__(
        self,
        parent: Node | None,
        rules: Rules,
        position: Position,
        move: Move | None = None,
        setup: str | None = None,
    ) -> None:
        self.parent = parent
        self.rules = rules
        self.move = move
        self.setup = setup
        self.position = position
        self.variations: list[Node] = []
        self.comments_before: list[str] = []
        self.comments_after: list[str] = []
        self.nags: list[int] = []
        self.strength = ""

    # -- navigation ----------------------------------------------------------------------------

    def root(self) -> Node:
        """The root of the tree."""
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def path(self) -> list[Node]:
        """The nodes from the root (excluded) down to this node (included)."""
        out: list[Node] = []
        node: Node | None = self
        while node is not None and node.parent is not None:
            out.append(node)
            node = node.parent
        out.reverse()
        return out

    def ply(self) -> int:
        """The number of moves from the root to this node."""
        return sum(1 for n in self.path() if n.move is not None)

    def next(self) -> Node | None:
        """The main continuation, or ``None`` at the end of a line."""
        return self.variations[0] if self.variations else None

    def end(self) -> Node:
        """The last node of the main continuation from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def mainline(self) -> Iterator[Node]:
        """The nodes of the main continuation after this one."""
        node = self
        while node.variations:
            node = node.variations[0]
            yield node

    def is_mainline(self) -> bool:
        """Whether every step from the root to this node is a main continuation."""
        node = self
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    def starts_variation(self) -> bool:
        """Whether this node is an alternative (not the main continuation of its parent)."""
        return self.parent is not None and self.parent.variations[0] is not self

    def turn(self) -> int:
        """The side to move after this node."""
        return self.position.turn

    # -- boards and notation -------------------------------------------------------------------

    def board(self) -> Board:
        """A :class:`Board` at this node, with the moves since the last setup on its stack."""
        nodes = [self]
        while nodes[-1].parent is not None and nodes[-1].setup is None:
            nodes.append(nodes[-1].parent)
        start = nodes.pop()
        board = Board(self.rules, position=start.position)
        for node in reversed(nodes):
            if node.move is not None:
                board.push(node.move)
        return board

    def parent_board(self) -> Board:
        """A board at the parent's position (no history): where this node's move is played."""
        assert self.parent is not None
        return Board(self.rules, position=self.parent.position)

    def san(self) -> str:
        """This node's move in PDN notation (long only if ambiguous), or its setup command."""
        if self.move is None:
            return f'/FEN "{self.setup}"/' if self.setup is not None else ""
        return self.parent_board().notation(self.move)

    # -- editing -------------------------------------------------------------------------------

    def _child(self, move: Move | str) -> Node:
        board = Board(self.rules, position=self.position)
        mv = board.parse_move(move) if isinstance(move, str) else move
        board.push(mv)
        return Node(self, self.rules, board.position, mv)

    def add_variation(self, move: Move | str) -> Node:
        """Add ``move`` (a :class:`Move` or notation) as the last child; returns the new node.

        Raises :class:`~damier.core.errors.IllegalMoveError` (and adds nothing) when the move
        is not legal here. An existing child with the same move is returned instead."""
        child = self._child(move)
        for existing in self.variations:
            if existing.move == child.move:
                return existing
        self.variations.append(child)
        return child

    def add_main_variation(self, move: Move | str) -> Node:
        """Add ``move`` as the main continuation (the others become alternatives)."""
        node = self.add_variation(move)
        self.promote_to_main(node)
        return node

    def add_setup(self, fen: str) -> Node:
        """Add a setup node (PDN ``/FEN "..."/``) as the last child."""
        position = parse_fen(fen, self.rules)
        node = Node(self, self.rules, position, setup=write_fen(position, self.rules))
        self.variations.append(node)
        return node

    def add_line(self, moves: str | list[str] | list[Move]) -> Node:
        """Add a sequence of moves (text split on white space, move numbers allowed) as the
        main continuation from here; returns the last node."""
        items: list[str] | list[Move]
        items = [t for t in moves.split() if not t.rstrip(".").isdigit()] \
            if isinstance(moves, str) else moves
        node = self
        for item in items:
            node = node.add_variation(item)
        return node

    def promote_to_main(self, child: Node) -> None:
        """Make ``child`` the main continuation of this node."""
        self.variations.remove(child)
        self.variations.insert(0, child)

    def promote(self, child: Node) -> None:
        """Move ``child`` one place up among this node's continuations."""
        i = self.variations.index(child)
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, child: Node) -> None:
        """Move ``child`` one place down among this node's continuations."""
        i = self.variations.index(child)
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def remove_variation(self, child: Node) -> None:
        """Delete ``child`` and everything after it."""
        self.variations.remove(child)

    def _repr_svg_(self) -> str:
        """The position after this node, as SVG (notebooks display it)."""
        from damier.core.diagram import board as svg_board

        return svg_board(self.board(), last_move=self.move)

    def __repr__(self) -> str:
        if self.parent is None:
            return f"<Node root {write_fen(self.position, self.rules)}>"
        return f"<Node {self.san()} ply {self.ply()}>"


class Game:
    """A PDN game: ordered tags, a start position, a tree of moves and its reading issues.

    >>> game = Game("czech")
    >>> game.tags["White"] = "Novák, Jan"
    >>> _ = game.add_line("c3-d4 f6-e5 d4xf6")
    >>> game.board().fen()[:2], game.result, game.variant
    ('B:', '*', 'czech')
    """

    def __init__(
        self,
        variant: str | Rules = "international",
        fen: str | None = None,
        tags: dict[str, str] | None = None,
    ) -> None:
        self.rules: Rules = get_variant(variant)
        position = parse_fen(fen, self.rules) if fen else start_position(self.rules)
        self.root = Node(None, self.rules, position)
        self.tags: dict[str, str] = dict(tags or {})
        if fen and "FEN" not in self.tags:
            self.tags["FEN"] = fen
        self.terminator = "*"
        """The game terminator read from the movetext (the result lives in the tag)."""
        self.errors: list[PdnIssue] = []
        self.warnings: list[PdnIssue] = []
        self.line = 0
        """The 1-based line where the game starts in its file (0 if not read from a file)."""
        self.offset: tuple[int, int] | None = None
        """``(byte offset of that line, column)`` of the game start, for an index."""

    @classmethod
    def from_board(cls, board: Board, tags: dict[str, str] | None = None) -> Game:
        """A game of the moves on ``board``'s stack, from its start position."""
        start = board.start_position
        fen = None if start == start_position(board.rules) else write_fen(start, board.rules)
        game = cls(board.rules, fen, tags)
        game.add_line(board.move_stack)
        return game

    # -- properties ----------------------------------------------------------------------------

    @property
    def variant(self) -> str:
        """The variant name (for a GameType with other square names: the base variant)."""
        return self.rules.name.split("@", 1)[0]

    @property
    def result(self) -> str:
        """The result: the ``Result`` tag, else the terminator of the movetext (``*``)."""
        value = self.tags.get("Result", "").strip()
        if value and value != "*":
            return value
        return self.terminator if self.terminator != "*" else (value or "*")

    @property
    def start(self) -> Position:
        """The start position (after a setup command at the very start, if any)."""
        return self.root.position

    @property
    def issues(self) -> list[PdnIssue]:
        """Errors and warnings in file order."""
        return sorted(self.errors + self.warnings, key=lambda i: (i.line, i.column))

    # -- navigation and editing (delegated to the root) ----------------------------------------

    def mainline(self) -> list[Node]:
        """The nodes of the main line."""
        return list(self.root.mainline())

    def mainline_moves(self) -> list[Move]:
        """The moves of the main line (setup nodes skipped)."""
        return [n.move for n in self.root.mainline() if n.move is not None]

    def end(self) -> Node:
        """The last node of the main line."""
        return self.root.end()

    def board(self, node: Node | None = None) -> Board:
        """The board at ``node`` (default: the end of the main line)."""
        return (node or self.end()).board()

    def add_line(self, moves: str | list[str] | list[Move]) -> Node:
        """Append moves to the end of the main line; returns the last node."""
        return self.end().add_line(moves)

    def add_move(self, text: str, node: Node | None = None) -> Node:
        """Play ``text`` after ``node`` (default: the end of the main line)."""
        return (node or self.end()).add_variation(text)

    def walk(self) -> Iterator[Node]:
        """Every node of the tree, depth first, main continuations first."""
        stack = [self.root]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.variations))

    def _repr_svg_(self) -> str:
        """The position at the end of the main line, as SVG (notebooks display it)."""
        return self.end()._repr_svg_()

    def __str__(self) -> str:
        return write_game(self)

    def __repr__(self) -> str:
        white = self.tags.get("White", "?")
        black = self.tags.get("Black", "?")
        return f"<Game {self.variant} {white!r} - {black!r} {self.result} " \
               f"({len(self.mainline_moves())} moves, {len(self.errors)} errors)>"


def side_name(color: int) -> str:
    """``"White"`` or ``"Black"``."""
    return {WHITE: "White", BLACK: "Black"}[color]
