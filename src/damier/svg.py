"""``damier.svg``: the spelling of issue 4 for :mod:`damier.core.diagram` (a re-export only).

>>> from damier import Board
>>> from damier.svg import board
>>> board(Board("czech")).startswith("<svg")
True
"""

from damier.core.diagram import COLORS, board

__all__ = ["COLORS", "board"]
