"""A puzzle: a position, the side to move, and the line that wins; checking a solver's move.

A :class:`Puzzle`'s ``solution`` alternates the solver's moves and the replies, solver
first (a problem collection may end on a reply: it is then played as the last answer). Its
moves are kept in long notation (every landing square), so a stored solution never depends
on how a short capture would be resolved.

:func:`check_move` judges one move of the solver at ``step`` (0, 2, 4 … in the solution):

* the solution's move is **right**: the answer carries the reply (the next move of the
  solution) or says the puzzle is solved;
* another legal move is asked of the engine when one is given: if the solver still wins
  after it as decisively as a puzzle demands (:data:`WIN`: expected score 0.68, a man and a
  half, or a forced win — :func:`damier.analysis.review.expected_score`), it is **right
  as an alternative** and ends the puzzle solved, since the solution's line no longer
  applies; otherwise it is **wrong**.

This module must not know about HTTP or storage.

>>> p = Puzzle("international", "W:W24,28,34,35,40,50:B5,13,15,18,19,20",
...            ["35-30", "20x29", "34x12"])
>>> p.side, p.steps
('white', 2)
>>> c = check_move(p, 0, "35-30")
>>> c.right, c.solved, c.reply
(True, False, '20x29')
>>> check_move(p, 2, "34x12").solved
True
>>> check_move(p, 0, "50-45").right
False
"""

from __future__ import annotations

from dataclasses import dataclass, field

from damier.analysis.review import expected_score
from damier.core.board import Board
from damier.core.colors import color_name
from damier.core.move import Move
from damier.engine import EngineLike, Limit

WIN = 0.68
"""Expected score (solver's side) that counts as a decisive win — a man and a half up, or a
forced win: a puzzle's key move must reach it, and so must an alternative to be accepted."""


@dataclass
class Puzzle:
    """A position to solve (see the module docstring)."""

    variant: str
    fen: str
    solution: list[str]
    title: str = ""
    source: str = ""
    id: int = 0
    kind: str = "problem"
    """``"mined"`` (found in a game by damier's engine) or ``"problem"`` (imported)."""

    @property
    def side(self) -> str:
        """The solver's colour (``"white"`` or ``"black"``)."""
        return color_name(self.board().turn)

    @property
    def steps(self) -> int:
        """The solver's moves in the solution."""
        return (len(self.solution) + 1) // 2

    def board(self, step: int = 0) -> Board:
        """The position before the solution's move ``step`` (0: the puzzle's position)."""
        board = Board(self.variant, self.fen)
        for text in self.solution[:step]:
            board.push(board.parse_move(text))
        return board


@dataclass
class MoveCheck:
    """The verdict on one of the solver's moves."""

    right: bool
    solved: bool = False
    alternative: bool = False
    move: str = ""
    """The move judged, in the notation of its position."""
    reply: str | None = None
    """The reply to a right move (``None`` when solved or wrong)."""
    board: Board = field(default_factory=Board)
    """The position the solver faces next (after the reply; unchanged after a wrong move)."""


def solution_moves(puzzle: Puzzle) -> list[Move]:
    """The solution as moves (raises :class:`~damier.core.errors.DamierError` if it does not
    replay)."""
    board = Board(puzzle.variant, puzzle.fen)
    moves = []
    for text in puzzle.solution:
        mv = board.parse_move(text)
        moves.append(mv)
        board.push(mv)
    return moves


def check_move(puzzle: Puzzle, step: int, text: str, engine: EngineLike | None = None,
               limit: Limit | None = None) -> MoveCheck:
    """Judge the solver's move ``text`` at ``step`` (see the module docstring).

    Raises :class:`ValueError` for a step that is not the solver's, and
    :class:`~damier.core.errors.IllegalMoveError` for an illegal move.
    """
    if step < 0 or step % 2 or step >= len(puzzle.solution):
        raise ValueError(f"step must be the solver's: 0, 2, ... below {len(puzzle.solution)}")
    board = puzzle.board(step)
    move = board.parse_move(text)
    written = board.notation(move)
    expected = board.parse_move(puzzle.solution[step])
    if move == expected:
        after = board.copy()
        after.push(move)
        reply = None
        if step + 1 < len(puzzle.solution):
            reply_move = after.parse_move(puzzle.solution[step + 1])
            reply = after.notation(reply_move)
            after.push(reply_move)
        solved = step + 2 >= len(puzzle.solution)
        return MoveCheck(True, solved, False, written, reply, after)
    if engine is not None and wins_after(board, move, engine, limit or Limit(depth=8)):
        after = board.copy()
        after.push(move)
        return MoveCheck(True, True, True, written, None, after)
    return MoveCheck(False, False, False, written, None, board)


def wins_after(board: Board, move: Move, engine: EngineLike, limit: Limit) -> bool:
    """Whether the side to move of ``board`` still wins decisively after ``move``."""
    after = board.copy()
    after.push(move)
    out = after.outcome()
    if out is not None:
        return out.winner == board.turn
    last = None
    for info in engine.analyse(after, limit, 1):
        if info.multipv == 1:
            last = info
    if last is None:
        return False
    mine = expected_score(-last.score if last.win_in is None else None,
                          -last.win_in if last.win_in is not None else None)
    return mine >= WIN


__all__ = ["WIN", "MoveCheck", "Puzzle", "check_move", "solution_moves", "wins_after"]
