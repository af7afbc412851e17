"""The two-lane layout of the diagonal fast path, and its tables.

:mod:`~damier.core.diagonal` (and the modules it is built from) works on ints that hold two
diagonal directions at once. Layout facts used (see :mod:`damier.core.geometry`): on a
``dark`` board with ``h`` squares per row, up-right is a right shift by ``h`` (``s1``),
up-left a right shift by ``h + 1`` (``s2``), down-left a left shift by ``h`` and down-right a
left shift by ``h + 1``; a step off the board lands on a ghost bit, so no edge masks are
needed. White's forward is up, Black's is down.

Lane 0 is the board's bits; lane 1 is shifted up by ``w``, past the board and the longest
step, so that no shift by one step carries a bit from one lane into the other's board bits.
Lane 1 holds the men shifted one bit up and the empty squares one bit down, so that the
same shift moves lane 0 by ``s2`` (or ``s1``) and lane 1 by ``s1`` (or ``s2``): with
``m2 = men * men2``, ``m2 >> s2`` is (up-left, up-right) of the men and ``m2 << s1``
(down-left, down-right); ``empty * empty2`` lines the empty squares up with both. One shift
and one AND then do the work of two. (A multiplication by two bits is one operation and
never carries: the lanes do not overlap.)

This module owns that layout and the tables read in it: the single man captures keyed by
the piece taken, with what decides whether the man may go on from its landing square; the
quiet man moves by group of rows (:mod:`~damier.core.rowgroups`); the kings' rays. It must
not generate moves. Entry points: :func:`applies`, :func:`build`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from damier.core import rowgroups
from damier.core.fastmove import FastMove
from damier.core.rules import Rules
from damier.core.tables import Tables

Onward = tuple[int, dict[int, int], bool, FastMove]
"""What a single man capture leads to: ``(the squares next to the landing square that a man
there could jump over, in the directions it captures in but straight back; jumped bit ->
the square past it; does the capture crown a man under rules where that stops or changes
the move?; the single capture itself)``."""

OnwardTable = tuple[dict[int, Onward], dict[int, Onward]]
"""Per colour: victim bit (in lane layout) -> :data:`Onward`."""

KingRay = tuple[int, bool, tuple[FastMove, ...], dict[int, tuple[FastMove, ...]], int]
"""``(ray mask, runs towards higher bits?, the quiet moves along it nearest first, first
blocker bit -> the moves before it, the shift of one step along the ray)``."""

BACK = (2, 3, 0, 1)
"""The direction straight back of up-right, up-left, down-left, down-right (in that order)."""


@dataclass(frozen=True, slots=True)
class Lanes:
    """The layout constants and tables of one diagonal-men rules object."""

    all: int
    promo: tuple[int, int]
    s1: int
    s2: int
    w: int
    men2: int
    empty2: int
    both2: int
    men_back: bool
    """Men capture backwards too."""
    take_kings: bool
    special_crowning: bool
    """A man crowned by a capture stops or becomes a king (not: goes on as a man)."""
    victims_differ: bool
    """The choice rule ranks single captures by the piece taken (Spanish, Frisian)."""
    onward_up: OnwardTable
    """Single captures of both up directions: up-left in lane 0, up-right in lane 1."""
    onward_down: OnwardTable
    """Single captures of both down directions: down-left in lane 0, down-right in lane 1."""
    index: dict[int, int]
    king_rays: tuple[tuple[KingRay, ...], ...]
    """Per square, the rays a king there steps and captures along."""
    groups: tuple[tuple[int, ...], ...]
    """Per colour, the masks (both lanes) of the groups of rows of quiet-move targets."""
    quiet: tuple[rowgroups.Table, ...]
    """Per colour, ``targets & group`` -> the quiet man moves to those targets."""
    fill: tuple[Callable[[int], None], ...]
    """Per colour, fills ``quiet`` for every group of a targets int."""


def applies(rules: Rules, t: Tables) -> bool:
    """Whether ``rules`` is a diagonal-men variant: a ``dark`` board, men stepping diagonally
    forward and capturing forwards (or in all four diagonals), kings stepping and capturing
    along the same lines."""
    g = t.geometry
    forward = {g.direction_index((-1, -1)), g.direction_index((-1, 1))}
    return (
        g.shape == "dark"
        and set(t.man_step_dirs[0]) == forward
        and set(t.man_cap_dirs[0]) in ({0, 1}, {0, 1, 2, 3})
        and set(rules.king_steps) == set(rules.king_captures)
    )


def build(t: Tables) -> Lanes:
    """The lanes of the rules object ``t`` was built from (:func:`applies` must hold)."""
    g = t.geometry
    s1 = g.size // 2
    w = t.all_squares.bit_length() + s1 + 2
    up_right, up_left, down_left, down_right = (g.direction_index(d) for d in
                                                ((-1, 1), (-1, -1), (1, -1), (1, 1)))
    capture_tables = tuple(
        tuple(t.man_capture_table(c, d) for d in (up_right, up_left, down_left, down_right))
        for c in (0, 1)
    )
    ur, ul, dl, dr = _onward_tables(t, capture_tables)
    quiet_tables = ((t.man_quiet_table(0, up_right), t.man_quiet_table(0, up_left)),
                    (t.man_quiet_table(1, down_left), t.man_quiet_table(1, down_right)))
    groups, quiet, fill = rowgroups.build(g.size, w, ((quiet_tables[0][1], quiet_tables[0][0]),
                                                      (quiet_tables[1][0], quiet_tables[1][1])))
    return Lanes(
        all=t.all_squares, promo=t.promo, s1=s1, s2=s1 + 1, w=w,
        men2=1 | 1 << (w + 1), empty2=1 | 1 << (w - 1), both2=1 | 1 << w,
        men_back=len(t.man_cap_dirs[0]) == 4, take_kings=t.men_take_kings,
        special_crowning=not t.crowned_men_continue, victims_differ=t.victims_differ,
        onward_up=(_in_lanes(ul[0], ur[0], w), _in_lanes(ul[1], ur[1], w)),
        onward_down=(_in_lanes(dl[0], dr[0], w), _in_lanes(dl[1], dr[1], w)),
        index=t.index, king_rays=_king_rays(t), groups=groups, quiet=quiet, fill=fill,
    )


def _onward_tables(
    t: Tables, capture_tables: tuple[tuple[dict[int, FastMove], ...], ...],
) -> tuple[OnwardTable, ...]:
    """Per direction (up-right, up-left, down-left, down-right) and colour: victim bit ->
    :data:`Onward`, one lookup per capture."""
    size = t.geometry.size
    s1, s2 = size // 2, size // 2 + 1
    ALL, PROMO, SPECIAL = t.all_squares, t.promo, not t.crowned_men_continue

    def step(bits: int, d: int) -> int:
        return bits >> s1 if d == 0 else bits >> s2 if d == 1 else bits << s1 if d == 2 else bits << s2

    def onward(color: int, d: int, m: FastMove) -> Onward:
        land = m[1]
        near = 0
        past: dict[int, int] = {}
        for e in range(4):
            if e == BACK[d] or not capture_tables[color][e]:
                continue
            over = step(land, e) & ALL
            beyond = step(over, e) & ALL if over else 0
            if beyond:
                near |= over
                past[over] = beyond
        return near, past, bool(SPECIAL and land & PROMO[color]), m

    return tuple(
        (
            {m[2]: onward(0, d, m) for m in capture_tables[0][d].values()},
            {m[2]: onward(1, d, m) for m in capture_tables[1][d].values()},
        )
        for d in range(4)
    )


def _in_lanes(lane0: dict[int, Onward], lane1: dict[int, Onward], w: int) -> dict[int, Onward]:
    """One table for two directions: the second's victims shifted up into lane 1."""
    return {**lane0, **{v << w: o for v, o in lane1.items()}}


def _king_rays(t: Tables) -> tuple[tuple[KingRay, ...], ...]:
    """Per square, per king ray, the :data:`KingRay` (kings step and capture along the same
    rays here)."""
    return tuple(
        tuple(
            (
                rmask, inc, moves,
                {m[1]: moves[:n] for n, m in enumerate(moves)},
                abs(moves[0][1].bit_length() - moves[0][0].bit_length()),
            )
            for rmask, inc, moves in per_square
        )
        for per_square in t.king_quiet
    )


def make_jumpers(lanes: Lanes) -> Callable[[int, int], int]:
    """``jumpers(x_up, x_down)``: the men that can capture, from their victims in lane layout
    (each man sits one step behind its victim; a lane-1 victim is folded back by ``w + 1``)."""
    S1, S2, W, ALL = lanes.s1, lanes.s2, lanes.w, lanes.all

    def jumpers(x_up: int, x_down: int) -> int:
        j = (x_up << S2) | (x_down >> S1)
        return (j | j >> (W + 1)) & ALL

    return jumpers
