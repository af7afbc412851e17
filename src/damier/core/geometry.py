"""Board geometry: squares, their numbers and coordinates, directions, rays and bitboard layout.

This module owns everything that depends only on the shape of the board: which cells are
playing squares, how they are numbered (Manoury numbering, FMJD 2.6), which square lies
next to which in every direction, and how squares map to bits of a Python ``int`` bitboard.
It knows nothing about pieces, colours or rules; the rules objects pick the directions they
need from here.

Two shapes exist:

* ``dark``: the dark squares of an N×N board with a dark square at each player's near left
  (International, Czech, Russian, English, Canadian …). Square ``i`` (0-based) is the
  Manoury square ``i + 1``: row by row from the top (Black's side), left to right.
* ``full``: every cell of an N×N board (Turkish draughts), numbered row by row from the top.

Bit layout: squares are stored in a *padded* layout where every step in one direction is the
same shift for every square. On a ``dark`` board one ghost bit follows every pair of rows
(square ``i`` lives at bit ``i + i // N``), so the diagonal steps are shifts by ``N/2`` and
``N/2 + 1`` and a step off the left or right edge lands on a ghost bit, which is never a
playing square. On a ``full`` board each row has one ghost bit (bit ``r*(N+1) + c``). The
padding is an internal detail; public APIs speak square numbers.

>>> g = geometry_for(10)
>>> g.squares, g.number(0), g.coords(0), g.algebraic(45)
(50, 1, (0, 1), 'a1')
>>> [g.number(j) for j in g.rays[g.direction_index((1, -1))][31]]
[37, 41, 46]
"""

from __future__ import annotations

from functools import cache

Direction = tuple[int, int]
"""A step ``(d_row, d_col)`` in cell units; rows grow downwards (towards White)."""

DIAGONALS: tuple[Direction, ...] = ((-1, -1), (-1, 1), (1, -1), (1, 1))
"""The four diagonal steps: up-left, up-right, down-left, down-right."""


class Geometry:
    """The squares of one board shape and how they connect.

    Attributes are plain tuples and ints so that the hot code can bind them to locals.
    Indices are 0-based internal square indices; ``number(i)`` gives the 1-based square
    number used in notation.
    """

    def __init__(self, size: int, shape: str = "dark") -> None:
        if shape not in ("dark", "full"):
            raise ValueError(f"unknown board shape {shape!r}")
        if size < 4 or size % 2:
            raise ValueError(f"board size must be an even number >= 4, not {size}")
        self.size = size
        self.shape = shape
        cells: list[tuple[int, int]] = []
        for r in range(size):
            for c in range(size):
                if shape == "full" or (r + c) % 2 == 1:
                    cells.append((r, c))
        self.squares = len(cells)
        self._coords: tuple[tuple[int, int], ...] = tuple(cells)
        self._index_of_cell: dict[tuple[int, int], int] = {rc: i for i, rc in enumerate(cells)}
        if shape == "dark":
            bits = [i + i // size for i in range(self.squares)]
        else:
            bits = [r * (size + 1) + c for r, c in cells]
        self.bit_position: tuple[int, ...] = tuple(bits)
        self.mask: tuple[int, ...] = tuple(1 << b for b in bits)
        self.index_of_mask: dict[int, int] = {1 << b: i for i, b in enumerate(bits)}
        self.all_squares: int = sum(self.mask)
        self.row_mask: tuple[int, ...] = tuple(
            sum(self.mask[i] for i, (r, _) in enumerate(cells) if r == row) for row in range(size)
        )
        if shape == "dark":
            orthogonals: tuple[Direction, ...] = ((-2, 0), (2, 0), (0, -2), (0, 2))
        else:
            orthogonals = ((-1, 0), (1, 0), (0, -1), (0, 1))
        self.orthogonals = orthogonals
        self.diagonals: tuple[Direction, ...] = DIAGONALS
        self.directions: tuple[Direction, ...] = DIAGONALS + orthogonals
        steps: list[tuple[int, ...]] = []
        rays: list[tuple[tuple[int, ...], ...]] = []
        ray_masks: list[tuple[int, ...]] = []
        shifts: list[int] = []
        has_step: list[int] = []
        for dr, dc in self.directions:
            step_row: list[int] = []
            ray_row: list[tuple[int, ...]] = []
            shift: int | None = None
            for i, (r, c) in enumerate(cells):
                j = self._index_of_cell.get((r + dr, c + dc), -1)
                step_row.append(j)
                if j >= 0:
                    delta = bits[j] - bits[i]
                    if shift is None:
                        shift = delta
                    elif shift != delta:  # pragma: no cover - layout invariant
                        raise AssertionError("padded layout must make each step one shift")
                ray: list[int] = []
                rr, cc = r + dr, c + dc
                while (rr, cc) in self._index_of_cell:
                    ray.append(self._index_of_cell[(rr, cc)])
                    rr, cc = rr + dr, cc + dc
                ray_row.append(tuple(ray))
            steps.append(tuple(step_row))
            rays.append(tuple(ray_row))
            ray_masks.append(tuple(sum(self.mask[j] for j in ray) for ray in ray_row))
            shifts.append(shift if shift is not None else 0)
            has_step.append(sum(self.mask[i] for i, j in enumerate(step_row) if j >= 0))
        self.step: tuple[tuple[int, ...], ...] = tuple(steps)
        """``step[d][i]``: the square one step from ``i`` in direction ``d``, or -1."""
        self.rays: tuple[tuple[tuple[int, ...], ...], ...] = tuple(rays)
        """``rays[d][i]``: the squares from ``i`` (exclusive) to the edge in direction ``d``."""
        self.ray_mask: tuple[tuple[int, ...], ...] = tuple(ray_masks)
        self.shift: tuple[int, ...] = tuple(shifts)
        """``shift[d]``: how far the bit of a square moves for one step in direction ``d``."""
        self.has_step: tuple[int, ...] = tuple(has_step)
        """``has_step[d]``: bitboard of the squares that have a neighbour in direction ``d``."""

    # -- numbering -------------------------------------------------------------------------

    def number(self, index: int) -> int:
        """The 1-based square number of internal index ``index``."""
        return index + 1

    def index(self, number: int) -> int:
        """The internal index of square ``number``; ``ValueError`` if it does not exist."""
        if not 1 <= number <= self.squares:
            raise ValueError(f"square {number} does not exist (squares are 1-{self.squares})")
        return number - 1

    def coords(self, index: int) -> tuple[int, int]:
        """``(row, col)`` of a square; row 0 is the top row (Black's side), col 0 is file a."""
        return self._coords[index]

    def index_at(self, row: int, col: int) -> int:
        """The index of the playing square at ``(row, col)``, or -1 if there is none."""
        return self._index_of_cell.get((row, col), -1)

    def algebraic(self, index: int) -> str:
        """The algebraic name (``a1`` at White's bottom left) of a square."""
        r, c = self._coords[index]
        return f"{_file_letter(c)}{self.size - r}"

    def direction_index(self, direction: Direction) -> int:
        """The position of ``direction`` in :attr:`directions`."""
        return self.directions.index(direction)

    def squares_of(self, bitboard: int) -> list[int]:
        """The indices of the squares set in ``bitboard``, ascending."""
        out: list[int] = []
        index_of = self.index_of_mask
        while bitboard:
            low = bitboard & -bitboard
            out.append(index_of[low])
            bitboard ^= low
        out.sort()
        return out

    def between(self, a: int, b: int) -> list[int]:
        """The squares strictly between ``a`` and ``b`` on a common line (empty if none)."""
        for d in range(len(self.directions)):
            ray = self.rays[d][a]
            if b in ray:
                return list(ray[: ray.index(b)])
        return []

    def line_direction(self, a: int, b: int) -> int:
        """The direction index leading from ``a`` to ``b`` along a line, or -1."""
        for d in range(len(self.directions)):
            if b in self.rays[d][a]:
                return d
        return -1

    def __repr__(self) -> str:
        return f"Geometry({self.size}, {self.shape!r})"


def _file_letter(col: int) -> str:
    return chr(ord("a") + col)


@cache
def geometry_for(size: int, shape: str = "dark") -> Geometry:
    """The shared :class:`Geometry` of a board size and shape (built once, then cached)."""
    return Geometry(size, shape)
