"""The precomputed tables of one rules object, built once for its move generator.

This module owns the translation of a :class:`~damier.core.rules.Rules` and its
:class:`~damier.core.geometry.Geometry` into a frozen :class:`Tables` of plain ints, flags,
tuples and dicts: the shifts and source masks of bulk man moves, the per-square jump, ray and
quiet-move tables of men and kings, and the ready-made fast moves of quiet man moves and
single man captures, which the generator's parts read (:mod:`~damier.core.capture_search`,
:mod:`~damier.core.plain_men`, :mod:`~damier.core.plain_kings`,
:mod:`~damier.core.capture_scan`, :mod:`~damier.core.quiet`).

This module must not generate moves, and nothing in it runs on the hot path: :func:`build`
runs once per variant. Entry point: :func:`build`.
"""

from __future__ import annotations

from dataclasses import dataclass

from damier.core.fastmove import FastMove
from damier.core.geometry import Geometry
from damier.core.rules import Rules

Jump = tuple[int, int, int, int]
"""``(jumped mask, landing index, landing mask, direction)``: one short jump from a square."""

QuietDir = tuple[int, int, dict[int, FastMove]]
"""``(shift, source mask, target bit -> fast move)``: quiet man moves in one direction."""

CapDir = tuple[int, int, dict[int, FastMove]]
"""``(shift, two-step source mask, landing bit -> single-capture fast move)``: man captures in
one direction."""

KingCapRay = tuple[int, int, tuple[int, ...], bool]
"""``(direction, ray mask, ray indices, up?)``: a flying king's capture ray."""

KingQuietRay = tuple[int, bool, tuple[FastMove, ...]]
"""``(ray mask, up?, quiet king moves nearest first)``."""

KingDetectRay = tuple[int, int, bool]
"""``(direction, ray mask, up?)``: a ray long enough for a capture."""

PerColor = tuple[tuple[int, ...], tuple[int, ...]]


def _shift(bits: int, amount: int) -> int:
    return bits << amount if amount >= 0 else bits >> -amount


def _source_mask(g: Geometry, d: int, steps: int) -> int:
    """Mask of squares that can make ``steps`` steps in direction ``d``, or -1 when shifting
    any bitboard by ``steps * shift[d]`` can never land a square off the board on a playing
    square (the padded layout then needs no mask)."""
    s = g.shift[d]
    can = 0
    unsafe = False
    for i in range(g.squares):
        j = i
        for _ in range(steps):
            j = g.step[d][j] if j >= 0 else -1
        if j >= 0:
            can |= g.mask[i]
        else:
            # a step off the board must land on a ghost bit or outside every square, at
            # every intermediate step
            b = g.mask[i]
            for _ in range(steps):
                b = _shift(b, s)
                if b & g.all_squares and not _reachable(g, i, d, b):
                    unsafe = True
    return can if unsafe else -1


def _reachable(g: Geometry, i: int, d: int, bit: int) -> bool:
    """Whether ``bit`` is a real step of the ray from ``i`` in direction ``d``."""
    return any(g.mask[j] == bit for j in g.rays[d][i])


@dataclass(frozen=True, slots=True)
class Tables:
    """Every parameter and table the move generator of one rules object needs."""

    geometry: Geometry
    mask: tuple[int, ...]
    index: dict[int, int]
    all_squares: int
    promo: tuple[int, int]
    flying: bool
    at_end: bool
    no_reverse: bool
    must_continue: bool
    lands_behind: bool
    """A flying king lands only on the square directly behind the piece it takes (Thai)."""
    promo_how: str
    men_take_kings: bool
    victims_differ: bool
    """Single captures are all equal under most choice rules; these rank them by the victim."""
    plain_men: bool
    """Pieces removed at the end, a crowned man continues as a man, no turn restriction."""
    reverse: tuple[int, ...]
    step: tuple[tuple[int, ...], ...]
    man_step_dirs: PerColor
    man_cap_dirs: PerColor
    man_quiet: tuple[tuple[QuietDir, ...], ...]
    man_cap: tuple[tuple[CapDir, ...], ...]
    man_jumps: tuple[tuple[tuple[Jump, ...], ...], ...]
    king_cap: tuple[tuple[KingCapRay, ...], ...]
    king_jumps: tuple[tuple[Jump, ...], ...]
    king_quiet: tuple[tuple[KingQuietRay, ...], ...]
    king_detect: tuple[tuple[KingDetectRay, ...], ...]


def build(rules: Rules) -> Tables:
    """The tables of ``rules`` (built from scratch; :func:`damier.core.movegen.generator`
    caches the generator that holds them)."""
    g = rules.geometry
    man_step_dirs = (rules.directions(rules.man_steps, 0), rules.directions(rules.man_steps, 1))
    man_cap_dirs = (rules.directions(rules.man_captures, 0), rules.directions(rules.man_captures, 1))
    king_cap_dirs = rules.directions(rules.king_captures, 0)
    return Tables(
        geometry=g,
        mask=g.mask,
        index=g.index_of_mask,
        all_squares=g.all_squares,
        promo=rules.promotion_rows,
        flying=rules.flying_kings,
        at_end=rules.remove_at_end,
        no_reverse=rules.no_reverse_capture,
        must_continue=rules.king_must_continue,
        lands_behind=rules.king_lands_behind,
        promo_how=rules.promotion_in_capture,
        men_take_kings=rules.men_capture_kings,
        victims_differ=rules.capture_rule in ("spanish", "max_value"),
        plain_men=(rules.remove_at_end and not rules.no_reverse_capture
                   and rules.promotion_in_capture == "continue_as_man"),
        reverse=tuple(g.direction_index((-dr, -dc)) for dr, dc in g.directions),
        step=g.step,
        man_step_dirs=man_step_dirs,
        man_cap_dirs=man_cap_dirs,
        man_quiet=tuple(_man_quiet(g, man_step_dirs[c], rules.promotion_rows[c]) for c in (0, 1)),
        man_cap=tuple(_man_captures(g, man_cap_dirs[c], rules.promotion_rows[c]) for c in (0, 1)),
        man_jumps=tuple(_jumps(g, man_cap_dirs[c]) for c in (0, 1)),
        king_cap=tuple(
            tuple((d, g.ray_mask[d][i], g.rays[d][i], g.shift[d] > 0) for d in king_cap_dirs
                  if g.rays[d][i])
            for i in range(g.squares)
        ),
        king_jumps=_jumps(g, king_cap_dirs),
        king_quiet=_king_quiet(g, rules.directions(rules.king_steps, 0), rules.flying_kings),
        king_detect=tuple(
            tuple((d, g.ray_mask[d][i], g.shift[d] > 0) for d in king_cap_dirs
                  if len(g.rays[d][i]) >= 2)
            for i in range(g.squares)
        ),
    )


def _man_quiet(g: Geometry, dirs: tuple[int, ...], promo: int) -> tuple[QuietDir, ...]:
    """Quiet man moves of one colour: per step direction, (shift, source mask, target bit ->
    fast move)."""
    out = []
    for d in dirs:
        table: dict[int, FastMove] = {}
        for i in range(g.squares):
            j = g.step[d][i]
            if j >= 0:
                to = g.mask[j]
                table[to] = (g.mask[i], to, 0, to if to & promo else 0, (), 0)
        out.append((g.shift[d], _source_mask(g, d, 1), table))
    return tuple(out)


def _man_captures(g: Geometry, dirs: tuple[int, ...], promo: int) -> tuple[CapDir, ...]:
    """Single man captures of one colour: per capture direction, (shift, two-step source mask,
    landing bit -> fast move)."""
    out = []
    for d in dirs:
        table: dict[int, FastMove] = {}
        for i in range(g.squares):
            j = g.step[d][i]
            land = g.step[d][j] if j >= 0 else -1
            if land >= 0:
                lm = g.mask[land]
                table[lm] = (g.mask[i], lm, g.mask[j], lm if lm & promo else 0, (land,), 0)
        out.append((g.shift[d], _source_mask(g, d, 2), table))
    return tuple(out)


def _jumps(g: Geometry, dirs: tuple[int, ...]) -> tuple[tuple[Jump, ...], ...]:
    """Per square, the short jumps in ``dirs``: (jumped mask, landing, landing mask, direction)."""
    return tuple(
        tuple(
            (g.mask[g.step[d][i]], g.step[d][g.step[d][i]], g.mask[g.step[d][g.step[d][i]]], d)
            for d in dirs
            if g.step[d][i] >= 0 and g.step[d][g.step[d][i]] >= 0
        )
        for i in range(g.squares)
    )


def _king_quiet(g: Geometry, dirs: tuple[int, ...], flying: bool) -> tuple[tuple[KingQuietRay, ...], ...]:
    """Per square, per step direction: (ray mask, up?, quiet king moves nearest first); a king
    that is not flying has a ray of one square."""
    def ray(d: int, i: int) -> tuple[int, ...]:
        return g.rays[d][i] if flying else g.rays[d][i][:1]

    return tuple(
        tuple(
            (sum(g.mask[j] for j in ray(d, i)), g.shift[d] > 0,
             tuple((g.mask[i], g.mask[j], 0, g.mask[i] ^ g.mask[j], (), 0) for j in ray(d, i)))
            for d in dirs
            if g.rays[d][i]
        )
        for i in range(g.squares)
    )
