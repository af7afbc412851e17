"""The time manager: budgets on a clock, and when the engine stops deepening (no wall clock:
the budgets are arithmetic, and the engine's decisions are checked with a scripted searcher
on a scripted clock)."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

import damier.engine.engine as engine_module
from damier import Board
from damier.engine import Engine, Limit
from damier.engine.search import Iteration, Line, RootState, SearchLimits
from damier.engine.timecontrol import EXTEND, allocate


@given(left=st.floats(0.0, 7200.0), increment=st.floats(0.0, 60.0),
       to_go=st.one_of(st.none(), st.integers(1, 60)))
def test_clock_budgets_are_ordered_and_capped(left: float, increment: float, to_go: int | None) -> None:
    b = allocate(Limit(white_clock=left, black_clock=1.0, increment=increment, moves_to_go=to_go), 0)
    assert 0 < b.soft <= b.extended <= b.hard
    cap = 0.8 if to_go == 1 else 0.4
    assert b.hard <= max(0.005, cap * left)


def test_fixed_move_times_are_not_extended() -> None:
    assert allocate(Limit(time=0.5), 0).extended == 0.0
    assert allocate(Limit(time=0.5, white_clock=60.0), 0).extended == 0.0


def play_out(base: float, increment: float, moves: int, use: str) -> tuple[float, float]:
    """A game's clock when every move takes its ``use`` deadline: (lowest, last) time left."""
    left, lowest = base, base
    for _ in range(moves):
        spent = getattr(allocate(Limit(white_clock=left, increment=increment), 0), use)
        left = left - spent
        lowest = min(lowest, left)
        left += increment
    return lowest, left


@pytest.mark.parametrize("base, increment", [(60.0, 1.0), (300.0, 3.0), (5.0, 0.1), (1.0, 0.02)])
def test_with_an_increment_no_game_runs_out_of_time(base: float, increment: float) -> None:
    # even if every move ran to its hard deadline, 200 moves leave time on the clock
    lowest, _ = play_out(base, increment, 200, "hard")
    assert lowest > 0


def test_in_sudden_death_moves_at_their_share_last_a_long_game() -> None:
    lowest, left = play_out(60.0, 0.0, 120, "soft")
    assert lowest > 0 and left > 0


@pytest.mark.parametrize("base, increment", [(60.0, 1.0), (60.0, 0.0), (300.0, 3.0), (5.0, 0.1)])
def test_a_game_uses_the_clock(base: float, increment: float) -> None:
    # moves that take their share (the common case) use most of the time of a 60-move game
    _, left = play_out(base, increment, 60, "soft")
    available = base + 60 * increment
    assert 0 < left < 0.2 * available


class ScriptedSearcher:
    """Completes one depth a second on a scripted clock, with the best moves given."""

    def __init__(self, board: Board, best: list[int], clock: SimpleNamespace) -> None:
        self.rules = board.rules
        self.egdb = None
        self.stop_requested = False
        self.moves = [m.fast for m in board.legal_moves]
        self.best = best
        self.clock = clock
        self.started_depths = 0

    def iterate(self, root: RootState, limits: SearchLimits) -> Iterator[Iteration]:
        for depth, index in enumerate(self.best, 1):
            if limits.soft_deadline and self.clock.now >= limits.soft_deadline:
                return      # what the real searchers do at their soft deadline
            self.started_depths = depth
            self.clock.now += 1.0
            yield Iteration(depth, depth, [Line(0, (self.moves[index],))], 1000 * depth)


@pytest.mark.parametrize("best, depths", [
    ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 3),    # settled at the share (3 s): no new depth
    ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 8),    # a new best move at every depth: depths start
                                            # until 2.5 shares (7.5 s)
    ([0, 0, 1, 1, 1, 1, 1, 1, 1, 1], 4),    # changed at depth 3, confirmed at depth 4
])
def test_the_engine_deepens_longer_while_the_best_move_changes(
    monkeypatch: pytest.MonkeyPatch, best: list[int], depths: int
) -> None:
    clock = SimpleNamespace(now=0.0)
    monkeypatch.setattr(engine_module, "time", SimpleNamespace(perf_counter=lambda: clock.now))
    board = Board()
    engine = Engine(egdb=False, book=False)
    searcher = ScriptedSearcher(board, best, clock)
    engine._searchers[board.rules.name] = searcher  # type: ignore[assignment]
    # 93 s and no increment: a share of 3 s, 7.5 s while unsettled, 15 s at most
    limit = Limit(white_clock=93.03, black_clock=93.03)
    budget = allocate(limit, 0)
    assert (round(budget.soft, 6), round(budget.extended, 6)) == (3.0, 3.0 * EXTEND)
    infos = list(engine.iterate(board, limit))
    assert [i.depth for i in infos] == list(range(1, depths + 1))
    assert searcher.started_depths == depths
