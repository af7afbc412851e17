"""The registry of variants: every rules object, found by name.

Each variant lives in its own module of this package and declares itself with
:func:`declare`: its names, its PDN GameType and the rules in which it differs from the
defaults of :class:`~damier.core.rules.Rules` (International's) or from a relative. Adding a
variant touches no other module (the package imports every module it contains). Names are
lower case; aliases map to the same rules object.

>>> get_variant("checkers").name
'english'
>>> get_variant("chess")
Traceback (most recent call last):
...
damier.core.errors.UnknownVariantError: unknown variant 'chess'; known variants: ...
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import threading
from typing import Any

from damier.core.colors import BLACK, WHITE
from damier.core.errors import UnknownVariantError, excerpt
from damier.core.rules import Rules
from damier.core.squares import parse_gametype

_VARIANTS: dict[str, Rules] = {}
_ALIASES: dict[str, str] = {}
_LOADED = False
_LOADING = threading.RLock()
"""Held while the variant modules import: a thread that asks for a variant meanwhile waits
until every variant is registered (threads racing on first use once saw a half-filled
registry)."""
_IMPORTING = False


def register(rules: Rules, aliases: tuple[str, ...] = ()) -> Rules:
    """Add a rules object to the registry under its name and aliases; returns it."""
    if rules.name in _VARIANTS:
        raise ValueError(f"variant {rules.name!r} is registered twice")
    _VARIANTS[rules.name] = rules
    for alias in aliases:
        _ALIASES[alias] = rules.name
    return rules


def declare(*, like: Rules | None = None, aliases: tuple[str, ...] = (), **fields: Any) -> Rules:
    """Build a variant's rules object from the :class:`Rules` ``fields`` it sets and register it.

    The fields left out keep the defaults of :class:`Rules`, or those of ``like`` for a
    relative of another variant. The board size and the side that moves first are read from
    the PDN ``gametype`` (its third and second fields), so that each is written once.

    >>> thai = get_variant("thai")  # declared with gametype="31,B,8,8,N2,0"
    >>> thai.size, thai.first_player == BLACK
    (8, True)
    """
    if "gametype" in fields:
        parsed = parse_gametype(fields["gametype"])
        if parsed is None or parsed[1] is None or "size" in fields or "first_player" in fields:
            raise ValueError(f"{fields['gametype']!r}: a full GameType gives the size and first player")
        fields |= {"size": parsed[2], "first_player": BLACK if parsed[1] == "B" else WHITE}
    rules = Rules(**fields) if like is None else dataclasses.replace(like, **fields)
    return register(rules, aliases)


def _load() -> None:
    global _LOADED, _IMPORTING
    if _LOADED:
        return
    with _LOADING:
        if _LOADED or _IMPORTING:  # _IMPORTING: this thread, from inside a variant's import
            return
        _IMPORTING = True
        try:
            for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
                importlib.import_module(f"{__name__}.{info.name}")
            _LOADED = True
        finally:
            _IMPORTING = False


def variant_names() -> list[str]:
    """The registered variant names, International first, then alphabetical."""
    _load()
    return sorted(_VARIANTS, key=lambda n: (n != "international", n))


def get_variant(name: str | Rules = "international") -> Rules:
    """The rules object registered under ``name`` (or an alias); rules pass through.

    Raises :class:`UnknownVariantError` listing the known names; never falls back silently.
    """
    if isinstance(name, Rules):
        return name
    _load()
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    rules = _VARIANTS.get(key)
    if rules is None:
        known = ", ".join(variant_names())
        raise UnknownVariantError(f"unknown variant {excerpt(name)}; known variants: {known}")
    return rules


def all_variants() -> list[Rules]:
    """Every registered rules object, in :func:`variant_names` order."""
    return [_VARIANTS[n] for n in variant_names()]


def aliases_of(name: str) -> list[str]:
    """The aliases registered for a variant name."""
    _load()
    return sorted(a for a, n in _ALIASES.items() if n == name)
