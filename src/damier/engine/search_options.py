"""The switches of the search, typed: :class:`SearchOptions`.

Both searches read them (the pure-Python :mod:`damier.engine.alphabeta` and the kernel's,
through :meth:`SearchOptions.as_tuple`); engine matches set one by name to play a candidate
search against the default one. This module must not search.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class SearchOptions:
    """Search switches (for experiments; the defaults are the measured best)."""

    threats: bool = False
    """Extend a quiet horizon where the opponent threatens to capture by one ply (off: no
    gain in matches, see docs/engine.md)."""
    lmr: int = 3
    """Late-move reductions: 0 none, 1 moderate, 2 aggressive, 3 by node type (non-PV nodes
    reduce every quiet move after the first by a ply, from the seventh by two; PV nodes from
    the fourth move by one). 3 gated against 1 (with ``sacs`` off): see docs/engine.md."""
    sacs: bool = False
    """Never reduce a move that offers a capture (shots start that way; off: they are
    reduced like the others, which searches about two plies deeper for the same nodes)."""
    probcut: int = 10
    """Prune a quiet non-PV node of depth >= 3 when a search to 2/5 of its depth beats beta
    by this many centi-men per ply of depth (0: off)."""
    history: int = 0
    """Move-ordering history: 0 credits ``depth * depth`` to a quiet move that fails high;
    1 keeps a success rate per move (out of :data:`HISTORY_ONE`: a node's best quiet move
    goes 1/64 of the way towards one, the moves searched before it towards zero)."""
    probcut_nested: bool = True
    """ProbCut also inside the shallow search of a ProbCut."""
    probcut_captures: bool = False
    """ProbCut also at nodes where the side to move must capture."""

    def as_tuple(self) -> tuple[int, ...]:
        """The switches as whole numbers, in the order of the C search's options.

        >>> SearchOptions().as_tuple()
        (0, 3, 0, 10, 0, 1, 0)
        """
        return tuple(int(getattr(self, f.name)) for f in fields(self))

    def with_setting(self, name: str, value: str) -> SearchOptions:
        """These options with the switch ``name`` set from the text ``value`` (a whole
        number, or on/off for a yes-no switch); ``ValueError`` saying which is wrong.
        Engine matches select a candidate search this way (``damier:search.lmr=2``).

        >>> SearchOptions().with_setting("lmr", "2").lmr
        2
        >>> SearchOptions().with_setting("threats", "on").threats
        True
        >>> SearchOptions().with_setting("depth", "3")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ValueError: unknown search option 'depth' (threats, lmr, sacs, probcut, ...)
        """
        kinds = {f.name: f.type for f in fields(self)}
        if name not in kinds:
            raise ValueError(f"unknown search option {name!r} ({', '.join(kinds)})")
        text = value.strip().lower()
        setting: dict[str, bool | int] = {}
        if kinds[name] in (bool, "bool"):
            if text not in _SWITCH:
                raise ValueError(f"search option {name} must be on or off, not {value[:20]!r}")
            setting[name] = _SWITCH[text]
        else:
            top = _HIGHEST.get(name, 1000)
            if not (text.isascii() and text.isdigit()) or int(text) > top:
                raise ValueError(f"search option {name} must be a whole number 0-{top}, "
                                 f"not {value[:20]!r}")
            setting[name] = int(text)
        return replace(self, **setting)  # type: ignore[arg-type]


_HIGHEST = {"lmr": 3, "history": 1}
"""The largest value of a numeric switch (else 1000)."""
_SWITCH = {"on": True, "off": False, "true": True, "false": False, "yes": True, "no": False,
           "1": True, "0": False}

