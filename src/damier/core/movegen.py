"""Move generation for every rules object: :func:`generator` gives the shared generator of a
variant — the native kernel's (:mod:`~damier.core.native_movegen`) when it runs the
variant, else the pure-Python one (:mod:`~damier.core.pure_movegen`, the readable
specification) — and this module holds the names code outside the core imports: the
generator class, the fast move and how to apply it, the stateful-rule helpers.

Both generators have the same API (:class:`MoveGenerator`) and give the same moves, in the
same order. Moves are fast moves (:mod:`~damier.core.fastmove`): the tuple
``(frm, to, remove, kings_xor, path, huff)``.

This module must not generate moves itself; it picks the generator.

>>> from damier.core.variants import get_variant
>>> from damier.core.position import start_position
>>> gen = generator(get_variant("international"))
>>> gen.perft(start_position(gen.rules), 3)
658
"""

from __future__ import annotations

from damier.core.fastmove import FastMove, Out, apply_plain
from damier.core.native_movegen import native_generator
from damier.core.pure_movegen import MoveGenerator
from damier.core.rules import Rules
from damier.core.stateful import Child, PlainMoves, stateful_perft

__all__ = ["Child", "FastMove", "MoveGenerator", "Out", "PlainMoves", "apply_plain", "generator",
           "stateful_perft"]

_GENERATORS: dict[str, MoveGenerator] = {}


def generator(rules: Rules) -> MoveGenerator:
    """The shared :class:`MoveGenerator` of a rules object (built on first use): the native
    kernel's when it runs this variant (:mod:`damier.core.kernel`), else the pure-Python one."""
    gen = _GENERATORS.get(rules.name)
    if gen is None or gen.rules is not rules:
        gen = native_generator(rules) or MoveGenerator(rules)
        _GENERATORS[rules.name] = gen
    return gen
