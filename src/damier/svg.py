"""``damier.svg``: the spelling of issue 4 for :mod:`damier.formats.svg` (a re-export only).

>>> from damier import Board
>>> from damier.svg import board
>>> board(Board("czech")).startswith("<svg")
True
"""

from damier.formats.svg import COLORS, board

__all__ = ["COLORS", "board"]
