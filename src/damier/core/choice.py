"""The capture-choice rules of every variant, and the removal of duplicate routes (Decision 1).

Given every complete capture sequence of the side to move (from
:mod:`~damier.core.capture_search`), the chooser keeps the ones the variant allows: free
choice, king priority (a king must capture if one can), the majority rule (most pieces), the
value rule (Frisian: most value, then a king's capture), the Spanish priorities (most pieces,
then most kings) and the Italian ones (most pieces, then a king's capture, then most kings,
then the king met first), and the king tie-break some of them end with (Malaysian: among the
captures kept, a king's). It then removes routes that are the same move, ``(frm, to,
captured set)`` being a move's identity. This is the ONE place where the choice is made.

This module must not search for captures. Entry point: :func:`make_chooser`.
"""

from __future__ import annotations

from collections.abc import Callable

from damier.core.fastmove import FastMove, Out
from damier.core.rules import Rules

Chooser = Callable[[Out, int], Out]
"""``choose(sequences, kings)``: the legal captures among ``sequences`` (non-empty)."""


def unique(raw: Out) -> Out:
    """``raw`` without the routes that repeat a move listed before them (Decision 1)."""
    if len(raw) < 2:
        return raw
    seen: set[tuple[int, int, int]] = set()
    out = []
    for m in raw:
        key = (m[0], m[1], m[2])
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def by_king_first(raw: Out, kings: int) -> Out:
    """The captures made by a king, if there is one; else all of ``raw``."""
    by_king = [m for m in raw if m[0] & kings]
    return by_king or raw


def most(raw: Out, key: Callable[[FastMove], object]) -> Out:
    """The captures of ``raw`` with the largest ``key``, in their order."""
    values = [key(m) for m in raw]
    best = max(values)  # type: ignore[type-var]
    return [m for m, v in zip(raw, values, strict=True) if v == best]


class CaptureChoice:
    """The capture-choice rule of ``rules``, plus removal of duplicate routes.

    ``mask`` is the square index -> bit table of the geometry; ``captured_order`` lists the
    captured squares of a move in jump order (used by the Italian rule only).
    """

    def __init__(self, rules: Rules, mask: tuple[int, ...],
                 captured_order: Callable[[FastMove], list[int]]) -> None:
        self.rules = rules
        self.mask = mask
        self.captured_order = captured_order

    def __call__(self, raw: Out, kings: int) -> Out:
        """The legal captures among the sequences ``raw``."""
        if len(raw) == 1:
            return raw  # every rule keeps the only sequence there is
        chosen = self.by_rule(raw, kings)
        if self.rules.king_breaks_ties:
            return unique(by_king_first(chosen, kings))
        return chosen

    def by_rule(self, raw: Out, kings: int) -> Out:
        """The captures the variant's rule keeps, before the king tie-break."""
        rules = self.rules
        if rules.king_priority:
            raw = by_king_first(raw, kings)
        if rules.capture_rule == "free":
            return unique(raw)
        if rules.capture_rule == "max_count":
            keep = most(raw, lambda m: m[2].bit_count())
            return keep if keep[0][2].bit_count() == 1 else unique(keep)  # singles cannot repeat
        if rules.capture_rule == "max_value":
            return unique(by_king_first(most(raw, lambda m: self.value(m[2], kings)), kings))
        raw = most(raw, lambda m: m[2].bit_count())
        if rules.capture_rule == "italian":
            raw = by_king_first(raw, kings)
        raw = most(raw, lambda m: (m[2] & kings).bit_count())
        if rules.capture_rule == "italian" and len(raw) > 1:
            raw = most(raw, lambda m: self.kings_met(m, kings))
        return unique(raw)

    def value(self, captured: int, kings: int) -> int:
        """The value of the pieces ``captured`` (Frisian: a king is worth more than a man)."""
        rules = self.rules
        return (rules.man_value * captured.bit_count()
                + (rules.king_value - rules.man_value) * (captured & kings).bit_count())

    def kings_met(self, m: FastMove, kings: int) -> tuple[int, ...]:
        """Italian rules: which captured pieces are kings, in capture order (the sequence that
        meets a king first ranks highest)."""
        return tuple(1 if self.mask[i] & kings else 0 for i in self.captured_order(m))


def make_chooser(rules: Rules, mask: tuple[int, ...],
                 captured_order: Callable[[FastMove], list[int]]) -> Chooser:
    """The chooser of ``rules`` (a :class:`CaptureChoice`)."""
    return CaptureChoice(rules, mask, captured_order)
