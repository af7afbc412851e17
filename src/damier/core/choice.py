"""The capture-choice rules of every variant, and the removal of duplicate routes (Decision 1).

Given every complete capture sequence of the side to move (from
:mod:`~damier.core.capture_search`), the chooser keeps the ones the variant allows: free
choice, king priority (a king must capture if one can), the majority rule (most pieces), the
value rule (Frisian: most value, then a king's capture), the Spanish priorities (most pieces,
then most kings) and the Italian ones (most pieces, then a king's capture, then most kings,
then the king met first), and the king tie-break some of them end with (Malaysian: among the
captures kept, a king's). It then removes routes that are the same move, ``(frm, to,
captured set)`` being a move's identity. This is the ONE place where the choice is made.

This module must not search for captures. Entry points: :func:`make_chooser`,
:func:`make_counter`.
"""

from __future__ import annotations

from collections.abc import Callable

from damier.core.fastmove import FastMove, Out
from damier.core.rules import Rules

Chooser = Callable[[Out, int], Out]
"""``choose(sequences, kings)``: the legal captures among ``sequences`` (non-empty)."""

Counter = Callable[[Out, int], int]
"""``count(sequences, kings)``: ``len(choose(sequences, kings))``, without building the list
where the rule allows."""


def needs_paths(rules: Rules) -> bool:
    """Whether the choice rules of ``rules`` read the paths of the sequences (the Italian
    "king met first"); the others read only start, end and captured set."""
    return rules.capture_rule == "italian"


def make_counter(rules: Rules, choose: Chooser, men_only: bool = False) -> Counter:
    """The number of legal captures under the choice rule of ``rules`` (``choose`` is its
    chooser, from :func:`make_chooser`): the majority rule counts the distinct moves of the
    largest captures directly, and so does the value rule while no king is on the board
    (every piece is then worth the same, so the most valuable captures are the largest and
    none is a king's); every other rule counts what ``choose`` keeps.

    ``men_only``: the counter only ever sees sequences of men (one-square jumps). Two
    routes of a man that are one move (same start, end and pieces taken) need a closed
    loop of landing squares, which takes four jumps at least (a jump moves two squares
    along each axis; checked by enumeration for two and three victims): below four
    pieces taken the largest captures are counted without building the set of moves
    (perft(8)'s leaf parents with a capture that goes on are mostly two- and
    three-piece captures)."""
    value_rule = rules.capture_rule == "max_value" and not rules.king_priority
    DISTINCT_FROM = 4 if men_only else 2
    # a king's capture first: the count must look at who captures (men alone never differ)
    king_first = rules.king_priority or (rules.king_breaks_ties and not men_only)
    if (rules.capture_rule != "max_count" and not value_rule) or king_first:
        def count_chosen(raw: Out, kings: int) -> int:
            return len(choose(raw, kings))

        return count_chosen

    def count_majority(raw: Out, kings: int) -> int:
        if len(raw) == 1:
            return 1
        if value_rule and kings:
            return len(choose(raw, kings))
        best = 0
        n = 0
        for m in raw:
            c = m[2].bit_count()
            if c > best:
                best = c
                n = 1
            elif c == best:
                n += 1
        if best < DISTINCT_FROM:
            return n  # single captures (and men's below four pieces) cannot repeat a move
        return len({(m[0], m[1], m[2]) for m in raw if m[2].bit_count() == best})

    return count_majority


def make_chooser(
    rules: Rules, mask: tuple[int, ...], captured_order: Callable[[FastMove], list[int]],
) -> Chooser:
    """The capture-choice rule of ``rules``, plus removal of duplicate routes (Decision 1).

    ``mask`` is the square index -> bit table of the geometry; ``captured_order`` lists the
    captured squares of a move in jump order (used by the Italian rule only).
    """
    rule = rules.capture_rule
    king_priority = rules.king_priority
    king_breaks_ties = rules.king_breaks_ties
    man_value, king_value = rules.man_value, rules.king_value

    def unique(raw: Out) -> Out:
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
        by_king = [m for m in raw if m[0] & kings]
        return by_king or raw

    def most(raw: Out, key: Callable[[FastMove], int]) -> Out:
        values = [key(m) for m in raw]
        best = max(values)
        return [m for m, v in zip(raw, values, strict=True) if v == best]

    def choose(raw: Out, kings: int) -> Out:
        if len(raw) == 1:
            return raw  # every rule keeps the only sequence there is
        if king_breaks_ties:
            return unique(by_king_first(choose_by_rule(raw, kings), kings))
        return choose_by_rule(raw, kings)

    def choose_by_rule(raw: Out, kings: int) -> Out:
        if king_priority:
            raw = by_king_first(raw, kings)
        if rule == "free":
            return unique(raw)
        if rule == "max_count":
            # one pass: the largest captures seen so far
            best = 0
            keep: Out = []
            for m in raw:
                c = m[2].bit_count()
                if c > best:
                    best = c
                    keep = [m]
                elif c == best:
                    keep.append(m)
            if best == 1:
                return keep  # single captures cannot repeat a move
            return unique(keep)
        if rule == "max_value":
            extra = king_value - man_value
            best = -1
            keep = []
            for m in raw:
                cap = m[2]
                v = man_value * cap.bit_count() + (extra * (cap & kings).bit_count() if kings else 0)
                if v > best:
                    best, keep = v, [m]
                elif v == best:
                    keep.append(m)
            return unique(by_king_first(keep, kings))
        raw = most(raw, lambda m: m[2].bit_count())
        if rule == "italian":
            raw = by_king_first(raw, kings)
        raw = most(raw, lambda m: (m[2] & kings).bit_count())
        if rule == "italian" and len(raw) > 1:
            # the sequence that meets a king first: compare the king pattern in capture order
            keys = [tuple(1 if mask[i] & kings else 0 for i in captured_order(m)) for m in raw]
            top = max(keys)
            raw = [m for m, k in zip(raw, keys, strict=True) if k == top]
        return unique(raw)

    return choose
