"""SVG pictures of draughts positions, for any registered variant.

This module owns the drawing: board squares (dark playing squares, or every cell for the
full-board Turkish game), men and kings, square numbers or algebraic coordinates, the
orientation (``flip`` shows the board from Black's side), a highlighted last move, arrows
and marked squares. The output is a self-contained SVG 1.1 string (no scripts, no external
resources) that notebooks and browsers display. Inverted boards (Italian, Spanish) are
drawn as the players see them, mirrored like their square names.

It must not read files or know about games; it reads positions through the core. It does not
import :mod:`damier.core.board` (a board draws itself with it: ``Board._repr_svg_``, which
notebooks call); a board is anything with ``rules``, ``position`` and ``move_stack``.

>>> from damier import Board
>>> svg = board(Board(), size=200)
>>> svg.startswith("<svg") and svg.count('class="piece white man"'), svg.count("<circle")
(20, 40)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol
from xml.sax.saxutils import escape

from damier.core.fen import parse_fen
from damier.core.move import Move
from damier.core.position import Position
from damier.core.rules import Rules
from damier.core.variants import get_variant


class BoardLike(Protocol):
    """What :func:`board` reads of a :class:`~damier.core.board.Board`."""

    @property
    def rules(self) -> Rules: ...

    @property
    def position(self) -> Position: ...

    @property
    def move_stack(self) -> list[Move]: ...


Square = int | str
"""A square: its number, or its name in the variant's notation (``"c3"``)."""

COLORS = {
    "light": "#f0d9b5",
    "dark": "#b58863",
    "white": "#fbfbf5",
    "black": "#2b2b2b",
    "outline": "#555555",
    "crown": "#d4a017",
    "last": "#cdd26a",
    "arrow": "#1f77b4",
    "mark": "#d62728",
    "text": "#333333",
}


def _index(rules: Rules, square: Square) -> int:
    names = rules.names
    if isinstance(square, int):
        return names.index_of_number(square)
    return names.parse(square)


def board(
    position: BoardLike | Position | str,
    *,
    rules: Rules | str | None = None,
    flip: bool = False,
    size: int = 400,
    coordinates: bool | None = None,
    numbers: bool | None = None,
    last_move: Move | tuple[Square, Square] | None = None,
    arrows: Iterable[tuple[Square, Square] | Move] = (),
    marks: Iterable[Square] = (),
    colors: dict[str, str] | None = None,
) -> str:
    """An SVG drawing of a position (a :class:`~damier.core.board.Board`, a :class:`Position` or a FEN).

    ``rules`` is needed for a bare position or FEN of another variant than International.
    ``numbers`` writes the square numbers on the playing squares and ``coordinates`` the
    file letters and rank numbers in a margin (default: numbers for numeric variants,
    coordinates for algebraic ones). ``last_move`` (a move or a ``(from, to)`` pair) is
    highlighted, ``arrows`` are drawn from square to square, ``marks`` circle squares.
    ``colors`` overrides entries of :data:`COLORS`.
    """
    if not isinstance(position, Position | str):
        the_rules = position.rules if rules is None else get_variant(rules)
        pos = position.position
        if last_move is None and position.move_stack:
            last_move = position.move_stack[-1]
    else:
        the_rules = get_variant(rules or "international")
        pos = parse_fen(position, the_rules) if isinstance(position, str) else position
    algebraic = the_rules.names.algebraic_default
    pic = _Picture(the_rules, size, flip, algebraic if coordinates is None else coordinates,
                   {**COLORS, **(colors or {})})
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{size}" '
        f'height="{size}" viewBox="0 0 {size} {size}">',
        f"<desc>{escape(the_rules.title)}</desc>",
        f'<rect x="0" y="0" width="{size}" height="{size}" fill="{pic.palette["light"]}"/>',
    ]
    highlight: set[int] = set()
    if isinstance(last_move, Move):
        highlight = {last_move.start, last_move.end, *last_move.path_indices}
    elif last_move is not None:
        highlight = {_index(the_rules, last_move[0]), _index(the_rules, last_move[1])}
    out += pic.squares(highlight, not algebraic if numbers is None else numbers)
    out += pic.pieces(pos)
    out += pic.marks([_index(the_rules, s) for s in marks])
    out += pic.arrows(list(arrows))
    if pic.coordinates:
        out += pic.coordinate_labels()
    out.append("</svg>")
    return "\n".join(out)


class _Picture:
    """The layout of one drawing: cell size, margin, where each square is."""

    def __init__(self, rules: Rules, size: int, flip: bool, coordinates: bool,
                 palette: dict[str, str]) -> None:
        self.rules = rules
        self.g = rules.geometry
        self.n = self.g.size
        self.size = size
        self.flip = flip
        self.coordinates = coordinates
        self.palette = palette
        self.margin = size * 0.05 if coordinates else 0.0
        self.cell = (size - 2 * self.margin) / self.n

    def place(self, i: int) -> tuple[float, float]:
        """Top-left corner of the cell of square ``i`` in the picture."""
        r, c = self.g.coords(i)
        if self.rules.names.inverted:
            c = self.n - 1 - c
        if self.flip:
            r, c = self.n - 1 - r, self.n - 1 - c
        return self.margin + c * self.cell, self.margin + r * self.cell

    def centre(self, i: int) -> tuple[float, float]:
        x, y = self.place(i)
        return x + self.cell / 2, y + self.cell / 2

    def squares(self, highlight: set[int], numbers: bool) -> list[str]:
        """The playing squares (every cell of a full board), with their numbers if asked."""
        g, cell, palette, names = self.g, self.cell, self.palette, self.rules.names
        out = []
        font = cell * 0.22
        for i in range(g.squares):
            x, y = self.place(i)
            fill = palette["last"] if i in highlight else palette["dark"]
            if g.shape == "full":
                fill = palette["last"] if i in highlight else palette["light"]
            label = names.label(i)
            out.append(f'<rect class="square" data-square="{escape(label)}" x="{x:.2f}" '
                       f'y="{y:.2f}" width="{cell:.2f}" height="{cell:.2f}" fill="{fill}" '
                       f'stroke="{palette["outline"] if g.shape == "full" else "none"}"/>')
            if numbers:
                out.append(f'<text x="{x + cell * 0.06:.2f}" y="{y + font:.2f}" '
                           f'font-size="{font:.2f}" font-family="sans-serif" '
                           f'fill="{palette["light"]}">{escape(label)}</text>')
        return out

    def pieces(self, pos: Position) -> list[str]:
        """The men and kings of ``pos``."""
        g, cell, palette = self.g, self.cell, self.palette
        radius = cell * 0.4
        out = []
        for i in range(g.squares):
            bit = g.mask[i]
            if not (pos.white | pos.black) & bit:
                continue
            colour = "white" if pos.white & bit else "black"
            king = bool(pos.kings & bit)
            cx, cy = self.centre(i)
            edge = palette["black"] if colour == "white" else palette["white"]
            out.append(f'<circle class="piece {colour} {"king" if king else "man"}" '
                       f'data-square="{escape(self.rules.names.label(i))}" cx="{cx:.2f}" '
                       f'cy="{cy:.2f}" r="{radius:.2f}" fill="{palette[colour]}" stroke="{edge}" '
                       f'stroke-width="{cell * 0.03:.2f}"/>')
            if king:
                out.append(f'<circle class="crown" cx="{cx:.2f}" cy="{cy:.2f}" '
                           f'r="{radius * 0.5:.2f}" fill="none" stroke="{palette["crown"]}" '
                           f'stroke-width="{cell * 0.07:.2f}"/>')
        return out

    def marks(self, squares: list[int]) -> list[str]:
        """Circles round ``squares``."""
        out = []
        for i in squares:
            cx, cy = self.centre(i)
            out.append(f'<circle class="mark" cx="{cx:.2f}" cy="{cy:.2f}" '
                       f'r="{self.cell * 0.44:.2f}" fill="none" stroke="{self.palette["mark"]}" '
                       f'stroke-width="{self.cell * 0.06:.2f}"/>')
        return out

    def arrows(self, arrows: list[tuple[Square, Square] | Move]) -> list[str]:
        """Arrows from square to square (a capture's arrow follows its landing squares)."""
        if not arrows:
            return []
        colour = self.palette["arrow"]
        out = [f'<defs><marker id="head" markerWidth="4" markerHeight="4" refX="2.5" '
               f'refY="2" orient="auto"><path d="M0,0 L4,2 L0,4 z" '
               f'fill="{colour}"/></marker></defs>']
        for arrow in arrows:
            if isinstance(arrow, Move):
                squares = [arrow.start, *arrow.path_indices] if arrow.is_capture \
                    else [arrow.start, arrow.end]
            else:
                squares = [_index(self.rules, arrow[0]), _index(self.rules, arrow[1])]
            points = " ".join(f"{cx:.2f},{cy:.2f}" for cx, cy in map(self.centre, squares))
            out.append(f'<polyline class="arrow" points="{points}" fill="none" '
                       f'stroke="{colour}" stroke-width="{self.cell * 0.12:.2f}" '
                       f'stroke-linecap="round" opacity="0.8" marker-end="url(#head)"/>')
        return out

    def coordinate_labels(self) -> list[str]:
        """File letters under the board and rank numbers beside it."""
        n, margin, cell, size = self.n, self.margin, self.cell, self.size
        fs = margin * 0.6
        text = f'font-family="sans-serif" fill="{self.palette["text"]}"'
        out = []
        for k in range(n):
            col = n - 1 - k if self.flip else k
            rank = k + 1 if self.flip else n - k
            x = margin + k * cell + cell / 2
            y = margin + k * cell + cell / 2
            out.append(f'<text x="{x:.2f}" y="{size - margin * 0.3:.2f}" font-size="{fs:.2f}" '
                       f'text-anchor="middle" {text}>{chr(ord("a") + col)}</text>')
            out.append(f'<text x="{margin * 0.5:.2f}" y="{y + fs * 0.35:.2f}" '
                       f'font-size="{fs:.2f}" text-anchor="middle" {text}>{rank}</text>')
        return out
