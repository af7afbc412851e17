"""The PDN ``GameType`` tag: from a tag value to the rules of a registered variant and back.

This module owns the mapping between GameType values (docs/pdn.md, "GameType") and the variants of
:mod:`damier.core.variants`. It reads each registered ``rules.gametype`` (no table of its
own), so a variant registered later is found without touching this file. Rules:

* a bare number (``"20"``) names the first registered variant of that number, in
  :func:`~damier.core.variants.variant_names` order (International before Antidraughts,
  Czech before Czech traditional, Frisian before Frysk);
* a full description (``"29,B,8,8,N1,0"``) names the variant whose own description is
  identical; when only the number matches, the description is honoured with a copy of that
  variant's rules carrying the other description (other square names or numbering), named
  ``"<variant>@<description>"`` so that moves of the two never compare equal;
* lidraughts writes its own ids for variants that share a PDN number: 96 Breakthrough,
  97 Frysk!, 98 Antidraughts; they are read and written that way.

It must not parse PDN text or replay moves.

>>> rules_for_gametype("20").name
'international'
>>> rules_for_gametype("29,B,8,8,N1,0").name
'czech-traditional'
>>> numeric_czech = rules_for_gametype("29,W,8,8,N2,0")
>>> numeric_czech.name, numeric_czech.names.label(numeric_czech.names.parse("c3"))
('czech@29,W,8,8,N2,0', '22')
>>> gametype_tag(rules_for_gametype("98"))
'98'
"""

from __future__ import annotations

import dataclasses
from functools import cache

from damier.core.errors import DamierError, excerpt
from damier.core.rules import Rules
from damier.core.squares import parse_gametype
from damier.core.variants import all_variants, get_variant

LIDRAUGHTS_IDS: dict[int, str] = {96: "breakthrough", 97: "frysk", 98: "antidraughts"}
"""GameType numbers that lidraughts uses for its own variants (not in PDN 3.0)."""


class GameTypeError(DamierError):
    """A GameType value that is malformed or names no registered variant."""


def _normalise(text: str) -> str:
    return ",".join(part.strip() for part in text.strip().split(","))


def _canonical(number: int) -> Rules | None:
    """The variant written as the bare ``number``."""
    name = LIDRAUGHTS_IDS.get(number)
    if name is not None:
        try:
            return get_variant(name)
        except DamierError:
            return None
    for rules in all_variants():
        if rules.gametype_number == number and rules.name not in LIDRAUGHTS_IDS.values():
            return rules
    return None


@cache
def _derived(base: Rules, description: str) -> Rules:
    return dataclasses.replace(base, name=f"{base.name}@{description}", gametype=description)


def rules_for_gametype(value: str, default: Rules | str | None = None) -> Rules:
    """The rules a GameType tag value names; raises :class:`GameTypeError` if none does.

    ``default`` (the caller's variant) wins over the canonical variant of the same number,
    so that a file of Czech-traditional games tagged ``"29"`` can be read as such.
    """
    fields = parse_gametype(value)
    if fields is None:
        raise GameTypeError(f"GameType {excerpt(value)} is not a valid PDN GameType value")
    number, start, width, height, *_ = fields
    preferred = get_variant(default) if default is not None else None
    desc = _normalise(value)
    if start is None:
        if preferred is not None and preferred.gametype_number == number:
            return preferred
        found = _canonical(number)
        if found is None:
            raise GameTypeError(f"GameType {excerpt(value)}: no registered variant has type {number}")
        return found
    candidates = [r for r in all_variants() if r.gametype_number == number]
    if preferred is not None and preferred.gametype_number == number:
        candidates.insert(0, preferred)
    for rules in candidates:
        if _normalise(rules.gametype) == desc:
            return rules
    base = _canonical(number) if preferred is None or preferred.gametype_number != number \
        else preferred
    if base is None:
        raise GameTypeError(f"GameType {excerpt(value)}: no registered variant has type {number}")
    if base.shape == "dark" and (width != base.size or height != base.size):
        raise GameTypeError(
            f"GameType {excerpt(value)}: a {width}x{height} board, but {base.title} is played on "
            f"{base.size}x{base.size}"
        )
    return _derived(base, desc)


def base_rules(rules: Rules) -> Rules:
    """The registered variant a derived rules object was made from (itself otherwise)."""
    if "@" in rules.name:
        return get_variant(rules.name.split("@", 1)[0])
    return rules


def gametype_tag(rules: Rules) -> str:
    """The GameType value to write for ``rules``: the bare number for the variant that
    number names, the full description otherwise (lidraughts ids for its own variants)."""
    for number, name in LIDRAUGHTS_IDS.items():
        if rules.name == name:
            return str(number)
    if "@" not in rules.name and _canonical(rules.gametype_number) is rules:
        return str(rules.gametype_number)
    return _normalise(rules.gametype)
