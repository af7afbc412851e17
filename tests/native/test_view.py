"""The kernel's MovesView (the C base of Board.legal_moves) answers as its specification,
core/legal_view.PureMovesView: the same lengths and lists, from the same calls to the
board's generator, through games with pushes, pops and copies; bad use raises."""

from __future__ import annotations

import gc
import random
import weakref
from dataclasses import dataclass, field

import pytest

from damier import Board
from damier.core import kernel
from damier.core.legal_view import MovesViewBase, PureMovesView
from damier.core.move import Move
from damier.core.movegen import MoveGenerator, generator
from damier.core.position import Position, start_position
from damier.core.variants import get_variant


def test_the_board_view_is_the_kernels() -> None:
    native = kernel.native_module()
    assert native is not None
    assert MovesViewBase is native.MovesView
    assert isinstance(Board().legal_moves, native.MovesView)


@dataclass
class SpyGenerator:
    """A board's generator that records what a view asks it."""

    gen: MoveGenerator
    cheap_moves: bool
    calls: list[tuple[str, Position]] = field(default_factory=list)

    def moves(self, pos: Position) -> list[Move]:
        self.calls.append(("moves", pos))
        return self.gen.moves(pos)

    def count(self, pos: Position) -> int:
        self.calls.append(("count", pos))
        return self.gen.count(pos)


@dataclass
class FollowedBoard:
    """What a view follows: a generator and a current position."""

    gen: SpyGenerator
    _position: Position


@pytest.mark.parametrize("cheap", [True, False])
@pytest.mark.parametrize("name", ["international", "czech-traditional", "frisian", "turkish"])
def test_same_answers_from_the_same_calls(name: str, cheap: bool) -> None:
    rules = get_variant(name)
    rng = random.Random(3)
    boards = [FollowedBoard(SpyGenerator(generator(rules), cheap), start_position(rules)) for _ in range(2)]
    c_view, py_view = MovesViewBase(boards[0]), PureMovesView(boards[1])
    assert type(c_view) is not PureMovesView
    history: list[Position] = []
    for _ in range(300):
        ask = rng.choice(["len", "list", "iter", "both"])
        answers = []
        for view in (c_view, py_view):
            if ask == "len":
                answers.append(len(view))
            elif ask == "list":
                answers.append(view._list())
            elif ask == "iter":
                answers.append(list(iter(view)))
            else:
                answers.append((len(view), list(view)))
        assert answers[0] == answers[1]
        assert boards[0].gen.calls == boards[1].gen.calls
        moves = c_view._list()
        assert py_view._list() == moves
        if moves and (not history or rng.random() < 0.8):
            history.append(boards[0]._position)
            after = boards[0].gen.gen.apply(boards[0]._position, rng.choice(moves).fast)
        elif history:
            after = history.pop()
        else:
            break
        for board in boards:  # an equal position, not the same object: the views list again
            board._position = Position(*after)
    kinds = {call for call, _pos in boards[0].gen.calls}
    assert kinds == ({"moves"} if cheap else {"moves", "count"})


def test_a_view_lists_once_per_position_and_follows_the_board() -> None:
    board = Board()
    view = board.legal_moves
    first = view._list()
    assert view._list() is first and list(view) == first and len(view) == 9
    board.push("32-28")
    assert view._list() is not first and len(view) == 9
    board.pop()
    assert view._list() == first
    copy = board.copy()
    assert copy.legal_moves._list() is view._list()
    copy.push("31-27")
    assert view._list() == first and copy.legal_moves._list() != first
    view._forget()
    assert view._list() == first


def test_a_board_and_its_view_are_collected() -> None:
    board = Board()
    list(board.legal_moves)
    alive = weakref.ref(board)
    del board
    gc.collect()
    assert alive() is None


@dataclass
class BadGenerator:
    moves_answer: object
    count_answer: object
    cheap_moves: bool = False

    def moves(self, pos: Position) -> object:
        return self.moves_answer

    def count(self, pos: Position) -> object:
        return self.count_answer


def test_bad_use_raises() -> None:
    view = MovesViewBase.__new__(MovesViewBase)
    for ask in (len, list, lambda v: v._list()):
        with pytest.raises(RuntimeError, match="not initialised"):
            ask(view)
    with pytest.raises(AttributeError):
        MovesViewBase(object())
    pos = start_position(get_variant("international"))
    bad = MovesViewBase(FollowedBoard(BadGenerator((1, 2), -3), pos))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="must return a list"):
        bad._list()
    with pytest.raises(ValueError, match="negative"):
        len(bad)
    with pytest.raises(TypeError):
        len(MovesViewBase(FollowedBoard(BadGenerator([], "9"), pos)))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="same kind"):
        Board().legal_moves._adopt(PureMovesView(Board()))
