"""The game state: a position, the moves played from the start, draw counters and the result.

:class:`Board` is the main entry point of the library (modelled on python-chess): ``push``
and ``pop`` play and exactly undo moves, ``legal_moves`` is a cheap view, ``outcome``
applies the end-of-game rules of the variant (no legal move, draw rules, agreement,
resignation). Every variant is a :class:`~damier.core.rules.Rules` object found by name.

This module must not do I/O; text goes through :mod:`damier.core.notation` and
:mod:`damier.core.fen`.

>>> board = Board()
>>> board.push("32-28"); board.push("19-23")
Move('32-28')
Move('19-23')
>>> [str(m) for m in board.legal_moves]
['28x19']
>>> board.pop(); board.fen()
Move('19-23')
'B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20'
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import cast, overload

from damier.core import draws as draw_rules
from damier.core.colors import BLACK, WHITE, color_name, opponent
from damier.core.draws import DrawState, Outcome
from damier.core.errors import DamierError, GameOverError, IllegalMoveError
from damier.core.fen import parse_fen, to_hub, write_fen
from damier.core.legal_view import MovesViewBase
from damier.core.move import Move
from damier.core.movegen import MoveGenerator, generator
from damier.core.notation import format_move, parse_move
from damier.core.position import Position, start_position
from damier.core.rules import Rules
from damier.core.variants import get_variant


class LegalMoves(MovesViewBase):
    """A live, cheap view of the legal moves of a board's current position.

    ``len``/``count()`` use the generator's bulk count; iteration, indexing and ``in``
    build the :class:`Move` list once per position (the cache, ``len`` and iteration are
    :mod:`damier.core.legal_view`'s).
    """

    __slots__ = ()

    def count(self) -> int:
        """The number of legal moves."""
        return len(self)

    def __bool__(self) -> bool:
        return len(self) > 0

    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...
    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        return self._list()[index]

    def __contains__(self, item: object) -> bool:
        if isinstance(item, Move):
            return item in self._list()
        if isinstance(item, str):
            try:
                cast(Board, self._board).parse_move(item)
            except DamierError:
                return False
            return True
        return False

    def __repr__(self) -> str:
        board = cast(Board, self._board)
        return f"<LegalMoves: {', '.join(board.notation(m) for m in self._list())}>"


class Board:
    """A game of any variant from a start position (the initial one or a FEN).

    ``first_player`` starts the initial position with the other side to move where the
    rules leave the first move to the players' choice (Thai, Malaysian; see
    :attr:`Rules.first_player_choice <damier.core.rules.Rules.first_player_choice>`).

    >>> b = Board("czech")
    >>> len(b.legal_moves), b.turn == WHITE
    (7, True)
    """

    def __init__(
        self,
        variant: str | Rules = "international",
        fen: str | None = None,
        *,
        position: Position | None = None,
        first_player: int | None = None,
    ) -> None:
        self.rules: Rules = get_variant(variant)
        self.gen: MoveGenerator = generator(self.rules)
        if position is not None:
            start = position
        elif fen is not None:
            start = parse_fen(fen, self.rules)
        else:
            start = start_position(self.rules, first_player)
        self.start_position = start
        self._reset(start)

    def _reset(self, start: Position) -> None:
        self._position = start
        self._stack: list[tuple[Move, Position, DrawState]] = []
        self._draw = draw_rules.initial_state(self.rules, start)
        self._repetitions: dict[Position, int] = {start: 1}
        self._legal_view = LegalMoves(self)  # one live view per board: building it cost 0.3 us
        self._manual: Outcome | None = None

    # -- state ---------------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The current position."""
        return self._position

    @property
    def turn(self) -> int:
        """The side to move: ``WHITE`` (0) or ``BLACK`` (1)."""
        return self._position.turn

    @property
    def move_stack(self) -> list[Move]:
        """The moves played since the start position, oldest first."""
        return [entry[0] for entry in self._stack]

    @property
    def ply(self) -> int:
        """The number of moves played since the start position."""
        return len(self._stack)

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves of the current position (a live view)."""
        return self._legal_view

    @property
    def draw_state(self) -> DrawState:
        """The draw counters after the last ply (see :mod:`damier.core.draws`)."""
        return self._draw

    def repetitions(self) -> int:
        """How often the current position (pieces and side to move) has occurred."""
        return self._repetitions.get(self._position, 0)

    def _legal_list(self) -> list[Move]:
        return self._legal_view._list()

    # -- moves ---------------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The legal move named by ``text`` (any accepted notation); raises with the reason."""
        return parse_move(text, self._legal_list(), self.rules, self._position, self.gen)

    def find_move(self, from_square: int, to_square: int, captured: Iterable[int] = (),
                  huff: int | None = None) -> Move | None:
        """The legal move with these squares (its identity), or ``None``: the one way a move
        stored or sent as numbers (a saved game, a game tree, a DXP message) becomes a move.

        >>> board = Board()
        >>> board.find_move(32, 28), board.find_move(32, 23)
        (Move('32-28'), None)
        """
        want = sorted(captured)
        for move in self._legal_list():
            if (move.from_square == from_square and move.to_square == to_square
                    and sorted(move.captured) == want and move.huff == huff):
                return move
        return None

    def notation(self, move: Move, form: str = "pdn") -> str:
        """``move`` written for this position: ``pdn`` (long only if ambiguous), ``long``, ``hub``."""
        return format_move(move, self._legal_list(), form)

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` is legal now."""
        return move in self.legal_moves

    def is_capture(self, move: Move) -> bool:
        """Whether ``move`` captures."""
        return move.is_capture

    def push(self, move: Move | str) -> Move:
        """Play a legal move (a :class:`Move` or notation) and return it.

        Raises :class:`IllegalMoveError` (with the reason) or :class:`GameOverError`; the
        board is unchanged when it raises.
        """
        if self._manual is not None:
            raise GameOverError(f"the game is over: {self._manual}")
        if isinstance(move, str):
            mv = self.parse_move(move)
        else:
            if move not in self._legal_list():
                raise IllegalMoveError(f"{move.long()} is not legal in {self.fen()}")
            mv = self._legal_list()[self._legal_list().index(move)]
        before = self._position
        after = self.gen.apply(before, mv.fast)
        self._stack.append((mv, before, self._draw))
        self._draw = draw_rules.next_state(self.rules, self._draw, before.kings, mv.fast, after)
        self._position = after
        self._repetitions[after] = self._repetitions.get(after, 0) + 1
        return mv

    def pop(self) -> Move:
        """Undo the last move exactly (also a resignation or agreed draw after it)."""
        if not self._stack:
            raise IndexError("pop from a board with no moves")
        mv, before, draw = self._stack.pop()
        count = self._repetitions[self._position] - 1
        if count:
            self._repetitions[self._position] = count
        else:
            del self._repetitions[self._position]
        self._position = before
        self._draw = draw
        self._manual = None
        return mv

    def peek(self) -> Move:
        """The last move played."""
        if not self._stack:
            raise IndexError("no move has been played")
        return self._stack[-1][0]

    # -- end of game ---------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """The result if the game is over, else ``None``.

        Order (Decision 3): a manual result (resignation, agreement, claim); the side to
        move without a legal move loses (wins in antidraughts); a crowned man wins at once
        in breakthrough; then the automatic draw rules.
        """
        if self._manual is not None:
            return self._manual
        rules = self.rules
        pos = self._position
        if rules.goal == "breakthrough" and pos.kings:
            winner = WHITE if pos.kings & pos.white else BLACK
            return Outcome(winner, "crowned a king", rules.result_text(winner))
        if not self._legal_view:
            if rules.goal == "antidraughts":
                return Outcome(pos.turn, "no legal move", rules.result_text(pos.turn))
            winner = opponent(pos.turn)
            why = "no pieces left" if not pos.side(pos.turn) else "no legal move"
            return Outcome(winner, why, rules.result_text(winner))
        reason = draw_rules.automatic_draw(rules, self._draw, self.repetitions())
        if reason:
            return Outcome(None, reason, rules.result_text(None))
        return None

    def play_random(self, rng: random.Random, plies: int) -> Board:
        """Play up to ``plies`` legal moves chosen by ``rng`` (fewer if the game ends first) and
        return the board: varied openings, test positions.

        >>> Board().play_random(random.Random(7), 4).ply
        4
        """
        for _ in range(plies):
            if self.outcome() is not None:
                break
            self.push(rng.choice(list(self.legal_moves)))
        return self

    def is_game_over(self) -> bool:
        """Whether :meth:`outcome` is not ``None``."""
        return self.outcome() is not None

    def can_claim_draw(self) -> str | None:
        """The draw rule the player to move may claim now (claim-only rules), or ``None``."""
        return draw_rules.claimable_draw(self.rules, self._draw, self.repetitions())

    def claim_draw(self) -> Outcome:
        """Claim a claimable draw; raises :class:`DamierError` if there is none."""
        reason = self.can_claim_draw()
        if reason is None:
            raise DamierError("no draw can be claimed in this position")
        self._manual = Outcome(None, reason, self.rules.result_text(None))
        return self._manual

    def agree_draw(self) -> Outcome:
        """End the game as a draw by agreement."""
        self._check_open()
        self._manual = Outcome(None, "agreement", self.rules.result_text(None))
        return self._manual

    def resign(self, color: int | None = None) -> Outcome:
        """``color`` (default: the side to move) resigns."""
        self._check_open()
        loser = self.turn if color is None else color
        winner = opponent(loser)
        self._manual = Outcome(winner, f"{color_name(loser)} resigned", self.rules.result_text(winner))
        return self._manual

    def _check_open(self) -> None:
        out = self.outcome()
        if out is not None:
            raise GameOverError(f"the game is over: {out}")

    # -- text and copies -----------------------------------------------------------------------

    def fen(self, algebraic: bool | None = None) -> str:
        """The FEN of the current position in the variant's notation (or as asked)."""
        return write_fen(self._position, self.rules, algebraic)

    def hub(self) -> str:
        """The Hub position string of the current position."""
        return to_hub(self._position, self.rules)

    def piece_at(self, square: int | str) -> str | None:
        """``'w'``/``'b'`` (man), ``'W'``/``'B'`` (king) or ``None`` on a square (number or name)."""
        names = self.rules.names
        i = names.index_of_number(square) if isinstance(square, int) else names.parse(square)
        bit = self.rules.geometry.mask[i]
        pos = self._position
        king = bool(pos.kings & bit)
        if pos.white & bit:
            return "W" if king else "w"
        if pos.black & bit:
            return "B" if king else "b"
        return None

    def grid(self, flip: bool = False) -> list[list[tuple[str, str | None] | None]]:
        """The board as rows of cells as seen from White (from Black with ``flip``): ``None``
        for a light cell, else ``(square name, piece)`` with piece as in :meth:`piece_at`."""
        g = self.rules.geometry
        names = self.rules.names
        size = g.size
        rows: list[list[tuple[str, str | None] | None]] = []
        for r in range(size):
            row: list[tuple[str, str | None] | None] = []
            for pc in range(size):
                c = size - 1 - pc if names.inverted else pc
                i = g.index_at(r, c)
                if i < 0:
                    row.append(None)
                else:
                    row.append((names.label(i), self.piece_at(names.number(i))))
            rows.append(row)
        if flip:
            rows = [list(reversed(row)) for row in reversed(rows)]
        return rows

    def ascii(self, flip: bool = False) -> str:
        """A plain-text drawing: ``w``/``b`` men, ``W``/``B`` kings, ``.`` empty squares."""
        lines = []
        for row in self.grid(flip):
            cells = [" " if cell is None else (cell[1] or ".") for cell in row]
            lines.append(" ".join(cells))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.ascii()

    def __repr__(self) -> str:
        return f"Board({self.rules.name!r}, {self.fen()!r})"

    def _repr_svg_(self) -> str:
        """Notebooks show a board as a picture (:func:`damier.core.diagram.board`)."""
        from damier.core.diagram import board  # the picture is drawn only when asked for

        return board(self)

    def copy(self) -> Board:
        """An independent copy with the same history."""
        other = Board.__new__(Board)
        other.rules = self.rules
        other.gen = self.gen
        other.start_position = self.start_position
        other._position = self._position
        other._stack = list(self._stack)
        other._draw = self._draw
        other._repetitions = dict(self._repetitions)
        other._legal_view = LegalMoves(other)
        other._legal_view._adopt(self._legal_view)
        other._manual = self._manual
        return other

    def start_fen(self) -> str:
        """The FEN of the start position."""
        return write_fen(self.start_position, self.rules)


__all__ = ["Board", "LegalMoves", "WHITE", "BLACK"]
