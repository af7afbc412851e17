"""Fuzz harness of the search's limits on king-heavy boards of every variant (issue 24).

For each board of :func:`fuzz.positions.king_heavy`:

* depth 1 of the native search ends within :data:`PER_ROOT_MOVE` nodes per root move (the
  quiescence below a horizon node is bounded, see ``QS_BUDGET``), so a depth limit ends close
  to its depth whatever the position;
* the native and the pure-Python searches visit the same nodes and find the same lines under
  a node limit (the bound is the same on both paths);
* a timed search ends within :data:`SLACK` seconds of its time on the native path, with a move.

``tests/native/test_search_kings.py`` runs :func:`check` on a few boards in CI; ``make fuzz``
runs many.
"""

from __future__ import annotations

import time

from damier import Board
from damier.engine import Engine, Limit
from damier.engine.alphabeta import QS_BUDGET
from damier.engine.engine import _root_state
from damier.engine.native import NativeSearcher
from damier.engine.search import Iteration, Searcher, SearchLimits
from fuzz.common import Report, explore
from fuzz.positions import king_heavy_boards

PER_ROOT_MOVE = 4 * QS_BUDGET
"""Nodes per root move that depth 1 stays under (measured at most 1.84 QS_BUDGET on 400
random king-heavy boards: the budget plus the siblings left on the stack when it runs out)."""
CROSS_NODES = 4_000
"""Node limit of the native/pure comparison (the pure path is about 50 times slower)."""
SLACK = 20.0
"""Seconds a timed search may run past its time (a loaded machine; the fault took minutes)."""


def _summary(iterations: list[Iteration]) -> list[tuple[object, ...]]:
    return [(i.depth, i.nodes, i.complete, [(line.score, line.pv) for line in i.lines])
            for i in iterations]


def check(board: Board) -> None:
    """The limits of the search hold on ``board`` (see the module docstring)."""
    rules, root = board.rules, _root_state(board)
    n_root = len(list(board.legal_moves))
    bound = n_root * PER_ROOT_MOVE
    depth1 = list(NativeSearcher(rules).iterate(root, SearchLimits(max_depth=1, nodes=bound + 1)))
    assert depth1 and depth1[-1].complete, \
        f"depth 1 took more than {bound} nodes ({n_root} root moves): {board.fen()}"
    limits = SearchLimits(nodes=CROSS_NODES)
    native = list(NativeSearcher(rules).iterate(root, limits))
    pure = list(Searcher(rules).iterate(root, limits))
    assert _summary(native) == _summary(pure), f"the two paths differ on {board.fen()}"
    engine = Engine(rules)
    started = time.perf_counter()
    result = engine.play(board, Limit(time=0.05))
    took = time.perf_counter() - started
    assert took < 0.05 + SLACK, f"a 0.05 s search took {took:.1f} s on {board.fen()}"
    assert result.move in board.legal_moves


def search(examples: int) -> Report:
    return explore(Report("search"), king_heavy_boards(), examples, check)
