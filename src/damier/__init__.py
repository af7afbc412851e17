"""damier — draughts (checkers) for Python.

The rules of the whole draughts family on one framework, with FEN and move notation:

>>> from damier import Board
>>> board = Board()                      # International draughts, White to move
>>> board.push("32-28")
Move('32-28')
>>> len(board.legal_moves)
9
>>> Board("czech").fen()
'W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Bb6,b8,a7,c7,d6,d8,e7,f6,f8,g7,h6,h8'
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
