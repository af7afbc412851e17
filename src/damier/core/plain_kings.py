"""The capture search of flying kings under the common rules.

Under the common rules for flying kings — captured pieces lifted at the end of the move, no
restriction on turning, a king lands where it can go on capturing when it can, anywhere
beyond the piece it takes (``plain_kings`` below) — the search reads precomputed rays
instead of walking squares. A ray, from one square in one direction, is ``(ray mask, does
the ray run towards higher bits?, first piece on the ray -> the squares past it to the
edge)``, and each square past a piece carries the rays to look along from there and the
squares of those rays, so that the search goes on from a landing square only when a piece
it may take stands on one of its rays (most landing squares end the capture).

Two rays are left out from a landing square. The ray back to the piece just taken: that
piece still stands there and cannot be taken twice. And, from the second landing square on,
the ray straight on: the first piece on it is the one the king meets from the first landing
square (the squares between are empty), so a capture along it is the same move as from the
first landing square, only paused elsewhere (Decision 1) — the choice rules would drop it.
The general search of :mod:`~damier.core.capture_search` lists those routes and gives the
same moves.

This module must not choose among sequences. Entry point: :class:`CommonRulesKings`.
"""

from __future__ import annotations

from typing import Any

from damier.core.fastmove import Out
from damier.core.tables import Tables

Landing = tuple[int, int, tuple[Any, ...], int]
"""``(square, its bit, the rays to look along from there, the squares of those rays)``."""

KingRay = tuple[int, bool, dict[int, tuple[Landing, ...]]]
"""``(ray mask, runs towards higher bits?, first piece's bit -> the landings past it)``."""

def plain_kings(t: Tables) -> bool:
    """Whether the kings of ``t`` follow the common rules this module covers."""
    return t.flying and t.at_end and not t.no_reverse and t.must_continue and not t.lands_behind


def king_lines(t: Tables) -> tuple[tuple[KingRay, ...], ...]:
    """Per square, the rays of a king starting its capture there (see the module docstring)."""
    MASK, REVERSE = t.mask, t.reverse
    king_ray: dict[tuple[int, int], KingRay] = {
        (i, d): (rmask, inc, {})
        for i, per_square in enumerate(t.king_cap)
        for d, rmask, ray, inc in per_square
        if len(ray) >= 2  # a capture needs the piece and a square past it
    }
    # from a landing square reached in direction d: every ray but the one back ...
    after = {
        (i, d): tuple(
            king_ray[i, e] for e, _r, _ray, _inc in per_square if (i, e) in king_ray and e != REVERSE[d]
        )
        for i, per_square in enumerate(t.king_cap)
        for d in range(len(REVERSE))
    }
    # ... and from the second landing square on, not the one straight on either
    side = {(i, d): tuple(ray for ray in after[i, d] if ray is not king_ray.get((i, d))) for i, d in after}
    for i, per_square in enumerate(t.king_cap):
        for d, _rmask, ray, _inc in per_square:
            if (i, d) not in king_ray:
                continue
            past = king_ray[i, d][2]
            for n, v in enumerate(ray):
                past[MASK[v]] = tuple(
                    (j, MASK[j], rays, sum(r[0] for r in rays))
                    for m, j in enumerate(ray[n + 1:], n + 1)
                    for rays in (after[j, d] if m == n + 1 else side[j, d],)
                )
    return tuple(
        tuple(king_ray[i, d] for d, _r, _ray, _inc in per_square if (i, d) in king_ray)
        for i, per_square in enumerate(t.king_cap)
    )


class CommonRulesKings:
    """The flying kings' search of the rules object ``t`` was built from (meaningful only
    where :func:`plain_kings` holds)."""

    def __init__(self, t: Tables) -> None:
        self.lines = king_lines(t)
        """Per square, the rays a king there looks along at the start of its capture."""

    def search(self, fm: int, rays: tuple[KingRay, ...], occ: int, targets: int, cap: int,
               path: tuple[int, ...], out: Out, complete: bool = True) -> bool:
        """The sequences of the king that started on ``fm``, looking along ``rays`` (``occ``
        without the king, ``targets`` the pieces it may still take, ``cap`` those taken,
        ``path`` so far), appended to ``out`` (``complete`` false: it may stop on every
        landing square, each listed before its continuations); False if it cannot capture
        along them."""
        found = False
        for rmask, up, past in rays:
            blockers = rmask & occ
            if not blockers:
                continue
            victim = blockers & -blockers if up else 1 << (blockers.bit_length() - 1)
            if not victim & targets:
                continue
            ntargets = targets ^ victim
            ncap = cap | victim
            continued = False
            ends = []
            for land, lm, after, reach in past[victim]:
                if occ & lm:
                    break
                found = True
                npath = path + (land,)
                move = (fm, lm, ncap, fm ^ lm, npath, 0)
                if not complete:
                    out.append(move)
                    self.search(fm, after, occ, ntargets, ncap, npath, out, False)
                # no piece to take on the rays from there: no call
                elif ntargets & reach and self.search(fm, after, occ, ntargets, ncap, npath, out):
                    continued = True
                elif not continued:
                    ends.append(move)
            if not continued:
                out += ends
        return found


__all__ = ["CommonRulesKings", "king_lines", "plain_kings"]
