"""The named evaluation weights of a variant: :class:`Weights` (centi-men).

The evaluation (:mod:`damier.engine.evaluate`) and its terms (:mod:`damier.engine.evalterms`)
both read them; a weights file (:mod:`damier.engine.weightfile`) sets some of them. This module
holds the values only: it must not evaluate or read files.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Weights:
    """Named evaluation weights of one variant (centi-men)."""

    man: int = 100
    king: int = 300
    advance: tuple[int, ...] = (0, 0, 1, 2, 4, 6, 8, 10, 12, 14, 16, 18)
    """Bonus of a man by rows advanced from its own back row (index 0 = back row)."""
    centre: int = 6
    """Man on a central square."""
    edge: int = -4
    """Man on an edge file (flank)."""
    back_guard: int = 8
    """Man on its own back row while the opponent has no king."""
    support: int = 3
    """Man with a friendly man diagonally behind it (per supporting direction)."""
    runaway: tuple[int, ...] = (0, 180, 120, 70, 30)
    """Man with a free path to the crown row, by rows left to go (index 0 unused)."""
    king_mobility: int = 3
    """Per free square next to a king."""
    long_diagonal: int = 25
    """King on the long diagonal (flying kings only)."""
    tempo: int = 4
    """Side to move."""
    mobility: int = 0
    """Per free square a man can step to (a cramped side runs out of safe moves)."""
    balance: int = 0
    """Per man of difference between a side's left and right halves of the board."""
    patterns: str = ""
    """File of learnt men-pattern weights in ``damier/engine/data`` ("" for none); see
    :mod:`damier.engine.patterns`."""
    pattern_split: int = 0
    """With a positive value the pattern file holds two sets of tables: the first for
    positions with at least this many men on the board, the second for fewer (the same
    formation is judged differently in the middle game and in the endgame)."""
    lone_king_scale: int = 8
    """Divide the score by this when a lone king faces at most three pieces (flying)."""
    kings_only_scale: int = 4
    """Divide by this in kings-only endings where the stronger side is one piece up."""


__all__ = ["Weights"]
