"""The scores of a search: the win scale, endgame database codes as scores, and the entries of
the transposition table with their bounds.

A score is in centi-men from the side to move's point of view; a position won in ``n`` plies
scores ``WIN - n`` (``n`` below :data:`MAX_PLY`, far below the 1,000 plies between
:data:`WIN` and :data:`WIN_BOUND`). The pure-Python search (:mod:`damier.engine.alphabeta`),
its root (:mod:`damier.engine.search`) and the kernel's binding read them; this module must
not search.
"""

from __future__ import annotations

from damier.core.movegen import FastMove

WIN = 100_000
"""Score of a won position at the root; a win in ``n`` plies scores ``WIN - n``."""
WIN_BOUND = WIN - 1_000
"""Scores beyond this are wins or losses."""
INF = WIN + 1
MAX_PLY = 120
EXACT, LOWER, UPPER = 0, 1, 2
"""The bound of a transposition-table score."""

TTEntry = tuple[int, int, int, FastMove | None]
"""``(depth, bound, score, best move)``; the score of a win is stored relative to the node."""


def table_score(code: int, ply: int) -> int:
    """The search score of an endgame database's code at ``ply``: 0 for a draw, a win or a
    loss at its distance from the root (as the search scores a position without moves).

    >>> table_score(0, 5), table_score(10, 3), table_score(9, 3)
    (0, 99988, -99989)
    """
    if code == 0:
        return 0
    plies = ply + code - 1
    return WIN - plies if code % 2 == 0 else plies - WIN


def tt_cutoff(entry: TTEntry, ply: int, alpha: int, beta: int) -> int | None:
    """The score of a deep enough TT entry when its bound decides the node, else ``None``."""
    _depth, flag, score, _move = entry
    if score > WIN_BOUND:
        score -= ply
    elif score < -WIN_BOUND:
        score += ply
    if flag == EXACT or (score >= beta if flag == LOWER else score <= alpha):
        return score
    return None
