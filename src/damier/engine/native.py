"""The native evaluation and search: :class:`NativeSearcher`, the C twin of
:class:`~damier.engine.search.Searcher`, over the kernel's ``Evaluator`` and ``Search``.

The C code (``src/damier/native/eval*.c``, ``search*.c``) runs the whole search of one depth
with the GIL released: it never calls back into Python per node, checks its stop flag (set
by :meth:`NativeSearcher.stop`, from any thread) and its node and time limits itself, and
returns once per depth; :meth:`NativeSearcher.iterate` turns each depth into an
:class:`~damier.engine.search.Iteration`, so the engine reports as often as the pure path
does. The evaluation reads the same :class:`~damier.engine.weights.Weights` and the same
pattern files (their bytes are handed over).

:func:`make_searcher` chooses: the native searcher where the kernel covers the variant (see
:mod:`damier.core.kernel`), else the pure-Python one; :func:`engine_path` says which
(``native`` or ``pure``). This module converts and delegates; it must not search.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from damier.core import kernel
from damier.core.movegen import FastMove, generator
from damier.core.position import Position
from damier.core.rules import Rules
from damier.engine import patterns
from damier.engine.egdb.database import EndgameDatabase
from damier.engine.evaluate import Weights, weights_for
from damier.engine.scores import MAX_PLY, WIN, WIN_BOUND
from damier.engine.search import Iteration, Line, RootState, Searcher, SearchLimits
from damier.engine.search_options import SearchOptions

NativeMove = tuple[int, int, int, int, int]
"""``(frm, to, remove, kings_xor, huff)`` as the kernel reports a move."""


def _kernel() -> Any:
    """The kernel's module (loaded: the callers hold one of its objects)."""
    return importlib.import_module("damier._kernel")


def weight_tuple(wt: Weights) -> tuple[Any, ...]:
    """The weights in the order the kernel's ``Evaluator`` reads them."""
    return (wt.man, wt.king, tuple(wt.advance), wt.centre, wt.edge, wt.back_guard, wt.support,
            tuple(wt.runaway), wt.king_mobility, wt.long_diagonal, wt.tempo, wt.mobility,
            wt.balance, wt.pattern_split, wt.lone_king_scale, wt.kings_only_scale)


@lru_cache(maxsize=64)
def native_evaluator(rules: Rules, weights: Weights | None = None) -> Any:
    """The kernel's evaluation of ``rules`` with ``weights`` (the variant's by default), or
    None where the kernel does not cover the variant. ``evaluate(white, black, kings, turn)``
    gives the same centi-men as :func:`~damier.engine.evaluate.build_evaluator`."""
    native = kernel.native_object(rules)
    if native is None:
        return None
    wt = weights or weights_for(rules)
    ptw = (patterns.DATA / wt.patterns).read_bytes() if wt.patterns else None
    return _kernel().Evaluator(native, weight_tuple(wt), ptw)


def engine_path(rules: Rules) -> str:
    """``"native"`` when the engine searches ``rules`` in C, else ``"pure"``."""
    return "native" if kernel.native_object(rules) is not None else "pure"


class NativeSearcher:
    """The search of one engine for one variant in C; the interface of
    :class:`~damier.engine.search.Searcher` (``iterate``, ``clear``, ``options``,
    ``stop_requested``)."""

    path = "native"

    def __init__(self, rules: Rules, hash_mb: int = 32, weights: Weights | None = None) -> None:
        self.rules = rules
        self.hash_mb = hash_mb
        self.gen = generator(rules)
        self.options = SearchOptions()
        self._fallback: Searcher | None = None
        """The pure-Python search of a position the kernel's lists cannot hold, while it runs."""
        self._native = kernel.native_object(rules)
        if self._native is None:
            raise ValueError(f"the native kernel does not cover {rules.name}")
        self.egdb: EndgameDatabase | None = None
        self.use_weights(weights)

    def use_egdb(self, db: EndgameDatabase | None) -> None:
        """Probe ``db`` at the nodes with as few pieces as its tables (None: no database);
        forgets the table. The C search probes the kernel's copy of the database."""
        self.egdb = db if db is not None and db.largest and db.native is not None else None
        self._search.set_egdb(self.egdb.native if self.egdb else None, self.egdb.largest if self.egdb else 0)

    def use_weights(self, weights: Weights | None) -> None:
        """Evaluate with ``weights`` (the variant's by default); forgets the table."""
        draws = self.rules.draws
        rules = (int(draws.repetition > 0), draws.quiet_plies, int(self.rules.goal == "antidraughts"),
                 int(self.rules.goal == "breakthrough"))
        self.evaluator = native_evaluator(self.rules, weights)
        self._search = _kernel().Search(self._native, self.evaluator, rules, max(1, self.hash_mb))
        if self.egdb is not None:
            self.use_egdb(self.egdb)

    @property
    def stop_requested(self) -> bool:
        """Setting it to True stops the running search soon (any thread); a new search
        forgets it."""
        return False

    @stop_requested.setter
    def stop_requested(self, value: bool) -> None:
        if value:
            self._search.stop()
            if self._fallback is not None:
                self._fallback.stop_requested = True

    def clear(self) -> None:
        """Forget the transposition table."""
        self._search.clear()

    def iterate(self, root: RootState, limits: SearchLimits | None = None) -> Iterator[Iteration]:
        """Yield an :class:`~damier.engine.search.Iteration` per completed depth until a limit
        is reached, as :meth:`Searcher.iterate` does. A position with more moves than the
        kernel's lists hold (huffing with many offenders) is searched by the pure-Python
        search instead, from the depth reached."""
        limits = limits or SearchLimits()
        reached = 0
        try:
            for it in self._iterate(root, limits):
                reached = it.depth
                yield it
        except _kernel().CapacityError:
            fallback = Searcher(self.rules, self.hash_mb)
            fallback.options = self.options
            fallback.use_egdb(self.egdb)
            self._fallback = fallback
            for it in fallback.iterate(root, limits):
                if it.depth > reached:
                    yield it
            self._fallback = None

    def _iterate(self, root: RootState, limits: SearchLimits) -> Iterator[Iteration]:
        seconds = max(limits.hard_deadline - time.perf_counter(), 1e-6) if limits.hard_deadline else 0.0
        opt = self.options
        root_moves = None
        if limits.root_moves is not None:
            root_moves = [(m[0], m[1], m[2], m[5]) for m in limits.root_moves]
        self._search.start(tuple(root.position), [tuple(p) for p in root.history], root.reversible,
                           root.endgame_remaining, root_moves, limits.multipv,
                           opt.as_tuple(), limits.nodes,
                           seconds, limits.keep_tt)
        max_depth = max(1, min(limits.max_depth, MAX_PLY - 10))
        while True:
            result = self._search.next(max_depth, limits.progress, limits.report_every)
            if result is None:
                return
            depth, seldepth, nodes, complete, raw = result
            lines = [Line(score, self._fast_pv(root.position, pv)) for score, pv in raw]
            yield Iteration(depth, seldepth, lines, nodes, complete)
            if not complete:
                return
            if lines and abs(lines[0].score) > WIN_BOUND and WIN - abs(lines[0].score) < depth:
                return  # a forced result is proven: deeper search finds nothing new
            if limits.soft_deadline and time.perf_counter() >= limits.soft_deadline:
                return

    def _fast_pv(self, pos: Position, pv: list[NativeMove]) -> tuple[FastMove, ...]:
        """The kernel's PV as the generator's fast moves, replayed from ``pos`` (a move that is
        not legal there is a bug, reported as such)."""
        out = []
        gen = self.gen
        for frm, to, remove, _kx, huff in pv:
            move = next((m for m in gen.legal(pos) if m[0] == frm and m[1] == to and m[2] == remove
                         and m[5] == huff), None)
            if move is None:
                raise RuntimeError(f"the native search returned an illegal move in {pos}")
            out.append(move)
            pos = gen.apply(pos, move)
        return tuple(out)


AnySearcher = Searcher | NativeSearcher


def make_searcher(rules: Rules, hash_mb: int = 32) -> AnySearcher:
    """The native searcher where the kernel covers ``rules``, else the pure-Python one."""
    if kernel.native_object(rules) is not None:
        return NativeSearcher(rules, hash_mb)
    return Searcher(rules, hash_mb)


__all__ = ["AnySearcher", "NativeSearcher", "engine_path", "make_searcher", "native_evaluator",
           "weight_tuple"]
