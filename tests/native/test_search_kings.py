"""The search's limits on boards crowded with kings, native and pure (issue 24): depth 1 ends
within a bounded number of nodes per root move, both paths visit the same nodes, and a timed
search ends with a move. The checks are :func:`fuzz.search_limits.check`'s; ``make fuzz``
runs them on many more boards."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from damier import Board
from fuzz.positions import TURKISH_41_KINGS, king_heavy_boards
from fuzz.search_limits import check


@settings(max_examples=12, deadline=None, database=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(king_heavy_boards())
def test_king_heavy_boards_keep_the_search_limits(board: Board) -> None:
    check(board)


@pytest.mark.parametrize("fen", [TURKISH_41_KINGS], ids=["turkish-41-kings"])
def test_the_issue_board_keeps_the_search_limits(fen: str) -> None:
    check(Board("turkish", fen))
