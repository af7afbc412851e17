"""Square names of a variant: numeric and algebraic labels, derived from the PDN GameType.

The internal geometry always has a dark square at White's bottom left (a1). A variant whose
board is *inverted* (PDN GameType invert flag 1: Italian, Spanish …) is the mirror image of
that board; because every rule is symmetric left-right, the pieces move on the internal
board and only the names and the drawing are mirrored. This module owns that mapping, from
the GameType description ``type,start,width,height,notation+corner,invert`` (docs/pdn.md, "GameType"):

* the corner digit says where square 1 (or a1) lies *seen from the starting player*
  (0 bottom left, 1 bottom right, 2 top left, 3 top right); numbering runs along the rows;
* the notation letter says which form the variant writes (``N`` numeric, ``A`` algebraic).

It must not know about pieces or moves.

>>> from damier.core.geometry import geometry_for
>>> italian = SquareNames(geometry_for(8), "22,W,8,8,N2,1")
>>> italian.label(3), italian.parse("1"), italian.algebraic(3)
('1', 3, 'a8')
>>> SquareNames(geometry_for(8), "29,W,8,8,A0,0").label(28)
'a1'
"""

from __future__ import annotations

import re

from damier.core.geometry import Geometry

_GAMETYPE = re.compile(  # numbers of at most 4 digits: no huge int() from a tag value
    r"^\s*(\d{1,4})\s*"
    r"(?:,\s*([WB])\s*,\s*(\d{1,4})\s*,\s*(\d{1,4})\s*,\s*([ANS])([0-3])\s*(?:,\s*([01])\s*)?)?$"
)


def parse_gametype(text: str) -> tuple[int, str | None, int, int, str, int, int] | None:
    """Split a GameType value into its fields, or ``None`` if it is malformed.

    Returns ``(type, start, width, height, notation, corner, invert)``; ``start`` is ``None``
    (and the rest zero/empty) for a bare type number.

    >>> parse_gametype("20,W,10,10,N2,0")
    (20, 'W', 10, 10, 'N', 2, 0)
    >>> parse_gametype("29")
    (29, None, 0, 0, '', 0, 0)
    """
    m = _GAMETYPE.match(text)
    if not m:
        return None
    if m.group(2) is None:
        return (int(m.group(1)), None, 0, 0, "", 0, 0)
    return (
        int(m.group(1)),
        m.group(2),
        int(m.group(3)),
        int(m.group(4)),
        m.group(5),
        int(m.group(6)),
        int(m.group(7) or 0),
    )


class SquareNames:
    """Numeric and algebraic names of the squares of one variant."""

    def __init__(self, geometry: Geometry, gametype: str) -> None:
        fields = parse_gametype(gametype)
        if fields is None or fields[1] is None:
            raise ValueError(f"need a full GameType description, got {gametype!r}")
        _, start, _, _, letter, corner, invert = fields
        self.geometry = geometry
        self.gametype = gametype
        self.algebraic_default = letter == "A"
        self.inverted = invert == 1 and geometry.shape == "dark"
        size = geometry.size
        # Physical cell (row, col) as seen by White; the internal cell is mirrored when the
        # board is inverted.
        def internal(row: int, col: int) -> int:
            return geometry.index_at(row, size - 1 - col if self.inverted else col)

        # Order the physical cells as seen from the starting player, from the corner of
        # square 1, along the rows.
        if letter == "A":
            # numbers for an algebraic variant: the usual draughts numbering, square 1 at the
            # top left seen from White (ČFD 7: b8 = 1 ... g1 = 32 on 8x8)
            start, corner = "W", 2
        rows = list(range(size))
        cols = list(range(size))
        bottom = corner in (0, 1)
        right = corner in (1, 3)
        view_rows = rows[::-1] if bottom else rows  # rows in the starter's view, top = 0
        view_cols = cols[::-1] if right else cols
        order: list[int] = []
        for vr in view_rows:
            for vc in view_cols:
                # starter's view -> White's view
                r, c = (vr, vc) if start == "W" else (size - 1 - vr, size - 1 - vc)
                i = internal(r, c)
                if i >= 0:
                    order.append(i)
        self._index_of_number: tuple[int, ...] = tuple(order)
        numbers = [0] * geometry.squares
        for n, i in enumerate(order, start=1):
            numbers[i] = n
        self._number_of_index: tuple[int, ...] = tuple(numbers)
        names = []
        for i in range(geometry.squares):
            r, c = geometry.coords(i)
            pc = size - 1 - c if self.inverted else c
            names.append(f"{chr(ord('a') + pc)}{size - r}")
        self._algebraic: tuple[str, ...] = tuple(names)
        self._index_of_name: dict[str, int] = {n: i for i, n in enumerate(names)}
        self._labels: tuple[str, ...] = tuple(
            names[i] if self.algebraic_default else str(numbers[i]) for i in range(geometry.squares)
        )

    def number(self, index: int) -> int:
        """The square number (1-based) of an internal index."""
        return self._number_of_index[index]

    def algebraic(self, index: int) -> str:
        """The algebraic name of an internal index (``a1`` at White's bottom left)."""
        return self._algebraic[index]

    def label(self, index: int) -> str:
        """The name the variant writes for a square (numeric or algebraic)."""
        return self._labels[index]

    def index_of_number(self, number: int) -> int:
        """The internal index of a square number; ``ValueError`` if there is no such square."""
        if not 1 <= number <= len(self._index_of_number):
            raise ValueError(
                f"square {number} does not exist (squares are 1-{len(self._index_of_number)})"
            )
        return self._index_of_number[number - 1]

    def index_of_algebraic(self, name: str) -> int:
        """The internal index of an algebraic name; ``ValueError`` if it is not a playing square."""
        key = name.strip().lower()
        i = self._index_of_name.get(key)
        if i is None:
            size = self.geometry.size
            m = re.fullmatch(r"([a-z])(\d+)", key)
            if m and ord(m.group(1)) - ord("a") < size and 1 <= int(m.group(2)) <= size:
                raise ValueError(f"square {name} is not a playing square")
            raise ValueError(f"square {name} does not exist on a {size}x{size} board")
        return i

    def parse(self, text: str) -> int:
        """The internal index of a square written as a number or an algebraic name."""
        t = text.strip()
        if t.isdigit():
            return self.index_of_number(int(t))
        if re.fullmatch(r"[A-Za-z]\d+", t):
            return self.index_of_algebraic(t)
        raise ValueError(f"{text!r} is not a square")
