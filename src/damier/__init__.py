"""damier — draughts (checkers) for Python.

The rules of the whole draughts family on one framework, with FEN and move notation:

>>> from damier import Board
>>> board = Board()                      # International draughts, White to move
>>> board.push("32-28")
Move('32-28')
>>> len(board.legal_moves)
9
>>> Board("czech").fen()
'W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8'
"""

from damier.core.board import Board, LegalMoves
from damier.core.colors import BLACK, WHITE
from damier.core.draws import Outcome
from damier.core.errors import (
    AmbiguousMoveError,
    DamierError,
    FenError,
    GameOverError,
    IllegalMoveError,
    NotationError,
    UnknownVariantError,
)
from damier.core.move import Move
from damier.core.position import Position
from damier.core.rules import Rules
from damier.core.variants import all_variants, get_variant, variant_names

__version__ = "0.1.0"


__all__ = [
    "BLACK",
    "WHITE",
    "AmbiguousMoveError",
    "Board",
    "DamierError",
    "FenError",
    "GameOverError",
    "IllegalMoveError",
    "LegalMoves",
    "Move",
    "NotationError",
    "Outcome",
    "Position",
    "Rules",
    "UnknownVariantError",
    "all_variants",
    "get_variant",
    "variant_names",
]
