"""Every search ends close to its time, node or depth limit, whatever the position (issue 24).

A board crowded with flying kings makes every capture allow another: below a single horizon
node the quiescence search had millions of capture lines, and depth 1 was never interrupted,
so a Turkish board of 41 kings kept ``analyse --time 3`` and a depth-1 search busy for
minutes. The bounds here are generous (a loaded machine) yet far below what the fault took;
how close a search really ends is measured by ``bench/engine.py --limits``. This file runs on
both paths (``make test`` runs tests/engine again with ``DAMIER_PURE=1``).
"""

from __future__ import annotations

import threading

import pytest
from hypothesis import HealthCheck, given, settings

from damier import Board
from damier.engine import Engine, Limit, PlayResult
from fuzz.positions import TURKISH_41_KINGS, king_heavy_boards

SLACK = 20.0
"""Seconds a limited search may take beyond its limit here (the fault took minutes)."""


GIVE_UP = 60.0
"""Seconds given to a search that overran to stop once asked to (then the test fails)."""


def plays_within(engine: Engine, board: Board, limit: Limit, seconds: float) -> PlayResult:
    """``engine.play(board, limit)``; the test fails (and the engine is stopped) if it takes
    longer than ``seconds``."""
    out: list[PlayResult] = []
    thread = threading.Thread(target=lambda: out.append(engine.play(board, limit)), daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        engine.stop()
        thread.join(GIVE_UP)
        pytest.fail(f"the search under {limit} was still running after {seconds} s")
    assert out, "the search failed"
    assert out[0].move in board.legal_moves
    return out[0]


@pytest.mark.parametrize("limit", [Limit(time=0.3), Limit(depth=1), Limit(nodes=20_000)],
                         ids=["time", "depth", "nodes"])
def test_the_turkish_board_of_41_kings_ends_near_its_limit(limit: Limit) -> None:
    board = Board("turkish", TURKISH_41_KINGS)
    engine = Engine("turkish")
    plays_within(engine, board, limit, (limit.time or 0) + SLACK)


def test_level_1_ends_near_its_half_second_on_the_turkish_board() -> None:
    board = Board("turkish", TURKISH_41_KINGS)
    engine = Engine("turkish", level=1)
    plays_within(engine, board, Limit(time=5.0), 0.5 + SLACK)


@settings(max_examples=6, deadline=None, database=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(king_heavy_boards())
def test_king_heavy_boards_of_every_variant_end_near_their_limits(board: Board) -> None:
    engine = Engine(board.rules)
    limits = [Limit(time=0.05), Limit(nodes=3_000)]
    if engine.path == "native":  # the pure path's depth 1 here is the Turkish board's test
        limits.append(Limit(depth=2))
    for limit in limits:
        plays_within(engine, board, limit, (limit.time or 0) + SLACK)
