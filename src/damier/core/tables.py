"""The precomputed tables of one rules object, built once for its move generator.

This module owns the translation of a :class:`~damier.core.rules.Rules` and its
:class:`~damier.core.geometry.Geometry` into a frozen :class:`Tables` of plain ints, flags,
tuples and dicts: the shifts and source masks of bulk man moves, the per-square jump, ray and
quiet-move tables of men and kings, and the ready-made fast moves of quiet man moves and
single man captures. The generator modules (:mod:`~damier.core.capture_search` and its
plain copies, :mod:`~damier.core.capture_scan`, :mod:`~damier.core.eightway`,
:mod:`~damier.core.quiet`, :mod:`~damier.core.lanes` and the diagonal path) bind these
tables to closure variables once.

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

CapDir = tuple[int, int, dict[int, FastMove], tuple[tuple[int, int], ...]]
"""``(shift, two-step source mask, landing bit -> single-capture fast move, continuation
checks)``: man captures in one direction; the checks are ``(shift, two-step source mask)`` of
every other capture direction except straight back."""

SignedCapDir = tuple[int, int, tuple[tuple[int, int], ...]]
"""``(|shift|, two-step source mask, continuation checks)`` of a :data:`CapDir`, for the
directions of one sign of shift."""

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
    crowned_men_continue: bool
    """A man crowned mid-capture goes on capturing as a man."""
    victims_differ: bool
    """Single captures are all equal under most choice rules; these rank them by the victim."""
    plain_men: bool
    """Pieces removed at the end, a crowned man continues as a man, no turn restriction."""
    reverse: tuple[int, ...]
    step: tuple[tuple[int, ...], ...]
    shift: tuple[int, ...]
    man_step_dirs: PerColor
    man_cap_dirs: PerColor
    man_quiet: tuple[tuple[QuietDir, ...], ...]
    man_cap: tuple[tuple[CapDir, ...], ...]
    man_cap_up: tuple[tuple[SignedCapDir, ...], ...]
    man_cap_down: tuple[tuple[SignedCapDir, ...], ...]
    man_jumps: tuple[tuple[tuple[Jump, ...], ...], ...]
    king_cap: tuple[tuple[KingCapRay, ...], ...]
    king_jumps: tuple[tuple[Jump, ...], ...]
    king_quiet: tuple[tuple[KingQuietRay, ...], ...]
    king_detect: tuple[tuple[KingDetectRay, ...], ...]

    def man_capture_table(self, color: int, d: int) -> dict[int, FastMove]:
        """Landing bit -> single-capture fast move of ``color``'s men in direction ``d``
        (empty if they cannot capture that way)."""
        for (_s, _two, table, _cont), dd in zip(self.man_cap[color], self.man_cap_dirs[color], strict=True):
            if dd == d:
                return table
        return {}

    def man_quiet_table(self, color: int, d: int) -> dict[int, FastMove]:
        """Target bit -> quiet fast move of ``color``'s men in direction ``d`` (empty if they
        cannot step that way)."""
        for (_s, _src, table), dd in zip(self.man_quiet[color], self.man_step_dirs[color], strict=True):
            if dd == d:
                return table
        return {}


def build(rules: Rules) -> Tables:
    """The tables of ``rules`` (built from scratch; :func:`damier.core.movegen.generator`
    caches the generator that holds them)."""
    g = rules.geometry
    MASK = g.mask
    PROMO = rules.promotion_rows
    FLYING = rules.flying_kings
    PROMO_HOW = rules.promotion_in_capture
    REVERSE = tuple(g.direction_index((-dr, -dc)) for dr, dc in g.directions)
    man_step_dirs = (rules.directions(rules.man_steps, 0), rules.directions(rules.man_steps, 1))
    man_cap_dirs = (rules.directions(rules.man_captures, 0), rules.directions(rules.man_captures, 1))
    king_step_dirs = rules.directions(rules.king_steps, 0)
    king_cap_dirs = rules.directions(rules.king_captures, 0)
    RAY_MASK = g.ray_mask
    RAYS = g.rays
    STEP = g.step
    SHIFT = g.shift

    # Quiet man moves: per colour, (shift, source mask, target bit -> fast move) per direction.
    def quiet_dirs(color: int) -> tuple[QuietDir, ...]:
        out = []
        for d in man_step_dirs[color]:
            table: dict[int, FastMove] = {}
            for i in range(g.squares):
                j = STEP[d][i]
                if j >= 0:
                    to = MASK[j]
                    table[to] = (MASK[i], to, 0, to if to & PROMO[color] else 0, (), 0)
            out.append((SHIFT[d], _source_mask(g, d, 1), table))
        return tuple(out)

    # Man captures in bulk: per colour, per capture direction: (shift, two-step source mask,
    # landing bit -> single-capture fast move, continuation checks from the landing square in
    # every other direction except straight back).
    def man_cap_dirs_table(color: int) -> tuple[CapDir, ...]:
        out = []
        for d in man_cap_dirs[color]:
            table: dict[int, FastMove] = {}
            for i in range(g.squares):
                j = STEP[d][i]
                land = STEP[d][j] if j >= 0 else -1
                if land >= 0:
                    lm = MASK[land]
                    table[lm] = (MASK[i], lm, MASK[j], lm if lm & PROMO[color] else 0, (land,), 0)
            cont = tuple(
                (SHIFT[d2], _source_mask(g, d2, 2)) for d2 in man_cap_dirs[color] if d2 != REVERSE[d]
            )
            out.append((SHIFT[d], _source_mask(g, d, 2), table, cont))
        return tuple(out)

    MAN_CAP = (man_cap_dirs_table(0), man_cap_dirs_table(1))
    return Tables(
        geometry=g,
        mask=MASK,
        index=g.index_of_mask,
        all_squares=g.all_squares,
        promo=PROMO,
        flying=FLYING,
        at_end=rules.remove_at_end,
        no_reverse=rules.no_reverse_capture,
        must_continue=rules.king_must_continue,
        lands_behind=rules.king_lands_behind,
        promo_how=PROMO_HOW,
        men_take_kings=rules.men_capture_kings,
        crowned_men_continue=PROMO_HOW == "continue_as_man",
        victims_differ=rules.capture_rule in ("spanish", "max_value"),
        plain_men=rules.remove_at_end and not rules.no_reverse_capture and PROMO_HOW == "continue_as_man",
        reverse=REVERSE,
        step=STEP,
        shift=SHIFT,
        man_step_dirs=man_step_dirs,
        man_cap_dirs=man_cap_dirs,
        man_quiet=(quiet_dirs(0), quiet_dirs(1)),
        man_cap=MAN_CAP,
        man_cap_up=tuple(
            tuple((s, two, cont) for s, two, _t, cont in MAN_CAP[c] if s > 0) for c in (0, 1)
        ),
        man_cap_down=tuple(
            tuple((-s, two, cont) for s, two, _t, cont in MAN_CAP[c] if s < 0) for c in (0, 1)
        ),
        # Man jumps: per colour, per square, the (jumped mask, landing, landing mask, direction).
        man_jumps=tuple(
            tuple(
                tuple(
                    (MASK[STEP[d][i]], STEP[d][STEP[d][i]], MASK[STEP[d][STEP[d][i]]], d)
                    for d in man_cap_dirs[c]
                    if STEP[d][i] >= 0 and STEP[d][STEP[d][i]] >= 0
                )
                for i in range(g.squares)
            )
            for c in (0, 1)
        ),
        # King rays: per square, per capture direction: (direction, ray mask, ray indices, up?)
        king_cap=tuple(
            tuple((d, RAY_MASK[d][i], RAYS[d][i], SHIFT[d] > 0) for d in king_cap_dirs if RAYS[d][i])
            for i in range(g.squares)
        ),
        king_jumps=tuple(
            tuple(
                (MASK[STEP[d][i]], STEP[d][STEP[d][i]], MASK[STEP[d][STEP[d][i]]], d)
                for d in king_cap_dirs
                if STEP[d][i] >= 0 and STEP[d][STEP[d][i]] >= 0
            )
            for i in range(g.squares)
        ),
        # Quiet king moves: per square, per step direction: (ray mask, up?, moves nearest first)
        king_quiet=tuple(
            tuple(
                (
                    RAY_MASK[d][i] if FLYING else (MASK[STEP[d][i]] if STEP[d][i] >= 0 else 0),
                    SHIFT[d] > 0,
                    tuple(
                        (MASK[i], MASK[j], 0, MASK[i] ^ MASK[j], (), 0)
                        for j in (RAYS[d][i] if FLYING else RAYS[d][i][:1])
                    ),
                )
                for d in king_step_dirs
                if RAYS[d][i]
            )
            for i in range(g.squares)
        ),
        king_detect=tuple(
            tuple((d, RAY_MASK[d][i], SHIFT[d] > 0) for d in king_cap_dirs if len(RAYS[d][i]) >= 2)
            for i in range(g.squares)
        ),
    )
