"""Colours of the two sides.

Colours are plain ints (``WHITE = 0``, ``BLACK = 1``) so that hot code can index tuples with
them and flip them with ``1 - c``. White's men start at the bottom of the board (high square
numbers) and move up; Black's start at the top and move down.

>>> color_name(BLACK), opponent(WHITE) == BLACK
('black', True)
"""

from __future__ import annotations

WHITE = 0
BLACK = 1
COLORS = (WHITE, BLACK)


def opponent(color: int) -> int:
    """The other side."""
    return 1 - color


def color_name(color: int) -> str:
    """``"white"`` or ``"black"``."""
    return "white" if color == WHITE else "black"


def parse_color(text: str) -> int:
    """``WHITE`` or ``BLACK`` from ``w``/``white``/``b``/``black`` (any case)."""
    t = text.strip().lower()
    if t in ("w", "white"):
        return WHITE
    if t in ("b", "black"):
        return BLACK
    raise ValueError(f"{text!r} is not a colour (expected white or black)")
