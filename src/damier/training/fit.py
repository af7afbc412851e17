"""The fit of the evaluation to labelled positions: hand weights and pattern tables together,
vectorised with numpy (the ``train`` extra: ``pip install 'damier[train]'``).

The evaluation (:mod:`damier.engine.evaluate`) is linear in its hand weights, except for
the endgame divisors, and adds one pattern-table entry per window
(:mod:`damier.engine.patterns`), mixed between an opening and an endgame value by the men
on the board when the tables have two phases. So each position becomes a sparse row: the
evaluation without tables at the starting weights (``base``), the change of the evaluation
per unit of each hand weight (read off by evaluating with that weight one higher, so no
second description of the terms is needed), and for every window the table entry it reads,
with its sign and its phase mix. The fit is a logistic regression in the manner of Texel
tuning, by full-batch Adam: it minimises the mean of ``(target - sigmoid(K * eval / 100))**2``
where the target is ``sigmoid(K * label / 100)`` for the labelling search's score, blended
with the game's result by ``result_weight``. ``K`` is fitted first when not given: the slope
at which the labels best predict the games' results.

The tables start from the current ones (zero when the variant has none, or for a layout or
phase count other than the start's) and an L2 penalty ``l2`` holds them near the start; the
hand weights are not penalised. An entry that fewer than ``min_count`` training positions
read is not fitted. With ``tie`` above one, the tables of ``tie`` neighbouring row-pair
windows are one set of parameters. Whole games are held out (every game whose number is
divisible by 7) to report the error on positions the fit never saw.

The gradient of the tables is one ``numpy.bincount`` per window and phase, so an epoch over
two million positions takes about a second (docs/training.md has the measured times). This
is the only fit: numpy is imported when a fit starts, and a missing numpy is a
:class:`RuntimeError` that names the extra.

This module must not play or search; it reads samples and weights and returns new ones.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from types import ModuleType
from typing import Any

from damier.core.rules import Rules
from damier.engine import patterns
from damier.engine.evaluate import Weights, build_evaluator
from damier.engine.native import native_evaluator
from damier.training.samples import Sample

Term = tuple[str, int]
"""A hand weight the fit moves: the field of :class:`Weights` and the index in it (-1 for a
single number)."""
FIXED = ("man", "lone_king_scale", "kings_only_scale", "patterns", "pattern_split")
"""Weights the fit leaves alone: the unit, the endgame divisors (not linear), the tables'
file and their split."""
K_GRID = (0.25, 0.35, 0.5, 0.7, 1.0, 1.4, 2.0, 3.0)
ENTRIES = patterns.ENTRIES


def numpy() -> ModuleType:
    """numpy, or a RuntimeError saying how to install it."""
    try:
        import numpy as np
    except ImportError:
        raise RuntimeError("the fit needs numpy: pip install 'damier[train]'") from None
    return np


@dataclass(frozen=True)
class FitSettings:
    """How to fit (see the module docstring)."""

    epochs: int = 300
    rate: float = 1.0
    """Adam's step, in centi-men."""
    l2: float = 1e-6
    result_weight: float = 0.0
    hand: bool = True
    tables: bool = True
    min_count: int = 1
    """A table entry read by fewer training positions than this keeps its starting value:
    with few positions per entry the fit learns noise (fresh tables start at zero)."""
    k: float | None = None
    """The sigmoid's slope; None fits it to the games' results (:func:`fit_k`)."""
    tie: int = 1
    """Groups of this many consecutive row-pair windows share one table (learnt once,
    written to each): fewer parameters, each read by more positions."""


@dataclass(frozen=True)
class FitResult:
    """The fitted weights, tables and how well they fit."""

    weights: Weights
    tables: list[list[int]]
    """The pattern tables, each ``ENTRIES`` values per phase (empty without tables)."""
    report: dict[str, float]
    phases: int = 1
    layout: int = 0
    full: int = 0
    """As in :class:`damier.engine.patterns.PatternFile` (the arguments of its ``dump``)."""


def hand_terms(weights: Weights) -> list[Term]:
    """The hand weights a fit moves."""
    terms: list[Term] = []
    for f in fields(Weights):
        if f.name in FIXED:
            continue
        value = getattr(weights, f.name)
        if isinstance(value, tuple):
            terms.extend((f.name, i) for i in range(len(value)))
        else:
            terms.append((f.name, -1))
    return terms


def moved(weights: Weights, term: Term, delta: int) -> Weights:
    """``weights`` with one term changed by ``delta``."""
    name, i = term
    value = getattr(weights, name)
    if i < 0:
        return replace(weights, **{name: value + delta})
    return replace(weights, **{name: value[:i] + (value[i] + delta,) + value[i + 1:]})


def _white_evals(rules: Rules, weights: Weights, samples: Sequence[Sample]) -> Any:
    """The evaluation with ``weights`` of every sample, White's point of view, as an int32
    array (the kernel's evaluation where it covers the variant: the same numbers, faster)."""
    np = numpy()
    native = native_evaluator(rules, weights)
    evaluate = native.evaluate if native is not None else build_evaluator(rules, weights)
    out = np.fromiter((evaluate(s.white, s.black, s.kings, s.turn) for s in samples), np.int32, len(samples))
    turns = np.fromiter((s.turn for s in samples), np.int8, len(samples))
    return np.where(turns == 0, out, -out).astype(np.int32)


def men_states(rules: Rules, samples: Sequence[Sample]) -> Any:
    """Per sample and square, 0 (no man), 1 (a White man) or 2 (a Black man), as a
    ``(positions, squares)`` uint8 array."""
    np = numpy()
    g = rules.geometry
    bits = np.array(g.bit_position, dtype=np.uint64)
    words = (g.all_squares.bit_length() + 63) // 64
    out = np.zeros((len(samples), g.squares), np.uint8)
    for word in range(words):   # 12x12 boards need more than one 64-bit word
        low = 64 * word
        mask = (1 << 64) - 1
        wm = np.fromiter((((s.white & ~s.kings) >> low) & mask for s in samples), np.uint64, len(samples))
        bm = np.fromiter((((s.black & ~s.kings) >> low) & mask for s in samples), np.uint64, len(samples))
        here = (bits >= low) & (bits < low + 64)
        shift = (bits[here] - np.uint64(low))[None, :]
        out[:, here] += ((wm[:, None] >> shift) & np.uint64(1)).astype(np.uint8)
        out[:, here] += 2 * ((bm[:, None] >> shift) & np.uint64(1)).astype(np.uint8)
    return out


class Design:
    """The rows of the fit (see the module docstring), as numpy arrays.

    ``base`` (positions): the evaluation at the start without tables; ``hand`` (positions,
    hand terms): the change per unit of each moved hand weight; ``index`` (windows times
    phases, positions): the flat parameter index of the entry each window reads in each
    phase (``slot * ENTRIES + configuration``, a slot being one phase of one learnt table);
    ``coef`` (the same shape): what the entry counts for, its window's sign times the
    phase's share (``mix``, phases by positions: 1 with one phase). Both are stacked so that
    the scores are one gather and the gradient one ``bincount`` per block of rows."""

    def __init__(self, rules: Rules, start: Weights, samples: Sequence[Sample], with_tables: bool,
                 tie: int = 1, layout: int | None = None, phases: int | None = None) -> None:
        np = numpy()
        bare = replace(start, patterns="", pattern_split=0)
        self.base = _white_evals(rules, bare, samples).astype(np.float64)
        self.terms: list[Term] = []
        columns = []
        for term in hand_terms(start):
            column = _white_evals(rules, moved(bare, term, 1), samples) - self.base
            if column.any():
                self.terms.append(term)
                columns.append(column.astype(np.float32))
        self.hand = np.stack(columns, axis=1) if columns else np.zeros((len(samples), 0), np.float32)
        geo = rules.geometry
        found = patterns.read(start.patterns) if start.patterns else patterns.PatternFile([])
        self.layout = layout if layout is not None else found.layout
        self.phases = phases if phases is not None else found.phases
        self.full = patterns.start_men(rules)
        self.per_set = len(patterns.layout_windows(geo, self.layout))
        self.tie, self.split = tie, start.pattern_split
        self.sets = 2 if self.split else 1
        self.start_tables = (self._converted(found) if found.tables
                             else [[0] * (ENTRIES * self.phases) for _ in range(self.per_set * self.sets)])
        if len(self.start_tables) != self.per_set * self.sets:
            raise ValueError(f"{start.patterns}: {len(self.start_tables)} tables, "
                             f"expected {self.per_set * self.sets}")
        self.used = with_tables or bool(start.patterns)
        self._windows(rules, samples)

    def _converted(self, found: patterns.PatternFile) -> list[list[int]]:
        """The start's tables in this design's layout and phases: a window the start does not
        have starts at zero, one phase is copied to both."""
        per_set = len(found.tables) // self.sets
        if per_set > self.per_set:
            raise ValueError(f"{len(found.tables)} start tables do not fit layout {self.layout}")
        out = []
        for s in range(self.sets):
            for t in range(self.per_set):
                table = found.tables[s * per_set + t] if t < per_set else [0] * (ENTRIES * found.phases)
                out.append(table * self.phases if found.phases == 1 else table[:ENTRIES * self.phases])
        return out

    def _windows(self, rules: Rules, samples: Sequence[Sample]) -> None:
        np = numpy()
        n = len(samples)
        states = men_states(rules, samples)
        men = (states > 0).sum(axis=1)
        share = np.minimum(men, self.full) / self.full
        self.mix = np.stack([share, 1 - share]) if self.phases == 2 else np.ones((1, n))
        late = (men < self.split).astype(np.int64) if self.split else np.zeros(n, np.int64)
        turned = np.where(states == 0, 0, 3 - states)[:, ::-1]   # half turn, colours swapped
        powers = 3 ** np.arange(8, dtype=np.int64)
        index, coef = [], []
        if self.used:
            for t, (own, _partner) in enumerate(patterns.layout_windows(rules.geometry, self.layout)):
                slot = (late * self.per_set + self.group(t)[0]) * self.phases * ENTRIES
                for board, sign in ((states, 1.0), (turned, -1.0)):
                    read = slot + board[:, own].astype(np.int64) @ powers
                    for phase in range(self.phases):
                        index.append((read + phase * ENTRIES).astype(np.int32))
                        coef.append((sign * self.mix[phase]).astype(np.float32))
        self.index = np.array(index, np.int32).reshape(len(index), n)
        self.coef = np.array(coef, np.float32).reshape(len(coef), n)

    ROWS = 8
    """Rows of ``index`` handled at once (bounds the temporaries of a large data set)."""

    @property
    def size(self) -> int:
        """Table parameters (slots of ``ENTRIES``)."""
        return self.per_set * self.sets * self.phases * ENTRIES

    def group(self, table: int) -> range:
        """The learnt tables that share ``table``'s parameters (``tie`` consecutive ones of a
        set; all tables with their first)."""
        first = table - table % self.tie
        return range(first, min(first + self.tie, self.per_set))

    def initial(self) -> Any:
        """The starting table parameters: the current tables (averaged over a tie group)."""
        np = numpy()
        start = np.array(self.start_tables, np.float64)
        start = start.reshape(self.sets, self.per_set, self.phases * ENTRIES)
        out = np.zeros_like(start)
        for t in range(self.per_set):
            group = self.group(t)
            out[:, group[0]] = start[:, list(group)].mean(axis=1)
        return out.reshape(-1)

    def scores(self, dw: Any, tables: Any) -> Any:
        """White's evaluation of every position for hand changes ``dw`` and ``tables``."""
        np = numpy()
        s = self.base + self.hand @ dw.astype(np.float32)
        flat = tables.astype(np.float32)
        for at in range(0, len(self.index), self.ROWS):
            rows = slice(at, at + self.ROWS)
            s += (flat[self.index[rows]] * self.coef[rows]).sum(axis=0)
        return s

    def table_gradient(self, slope: Any) -> Any:
        """The gradient of the tables for per-position slopes ``slope``."""
        np = numpy()
        grad = np.zeros(self.size)
        slope = slope.astype(np.float32)
        for at in range(0, len(self.index), self.ROWS):
            rows = slice(at, at + self.ROWS)
            grad += np.bincount(self.index[rows].ravel(), weights=(self.coef[rows] * slope).ravel(),
                                minlength=self.size)
        return grad

    def counts(self, rows: Any) -> Any:
        """How many of ``rows`` read each table parameter."""
        np = numpy()
        return np.bincount(self.index[:, rows].ravel(), minlength=self.size)

    def written(self, tables: Any) -> list[list[int]]:
        """The tables of the weight file: every learnt table of every set, tie groups
        written to each member."""
        flat = tables.reshape(self.sets, self.per_set, self.phases * ENTRIES)
        return [[int(v) for v in flat[s, self.group(t)[0]]]
                for s in range(self.sets) for t in range(self.per_set)]


def _sigmoid(x: Any) -> Any:
    np = numpy()
    return 1.0 / (1.0 + np.exp(-np.clip(x, -60, 60)))


def fit_k(samples: Sequence[Sample]) -> float:
    """The slope at which the labels best predict the games' results."""
    np = numpy()
    scores = np.array([s.score for s in samples], np.float64)
    results = np.array([s.result for s in samples], np.float64) / 2
    return min(K_GRID, key=lambda k: float(((results - _sigmoid(k * scores / 100)) ** 2).sum()))


def fit(rules: Rules, start: Weights, samples: Sequence[Sample], settings: FitSettings,
        progress: Callable[[int, float], None] | None = None, layout: int | None = None,
        phases: int | None = None) -> FitResult:
    """Fit ``start``'s hand weights and pattern tables to ``samples`` (module docstring),
    with the tables of ``layout`` and ``phases`` (default: the start's);
    ``progress(epoch, training error)`` is called every few epochs."""
    np = numpy()
    if not samples:
        raise ValueError("no positions to fit")
    started = time.monotonic()
    design = Design(rules, start, samples, settings.tables, settings.tie, layout, phases)
    built = time.monotonic() - started
    k = settings.k if settings.k is not None else fit_k(samples)
    lam = settings.result_weight
    scores = np.array([s.score for s in samples], np.float64)
    results = np.array([s.result for s in samples], np.float64) / 2
    targets = (1 - lam) * _sigmoid(k * scores / 100) + lam * results
    held = np.array([s.game % 7 == 0 for s in samples])
    train = ~held if (~held).any() else held
    h = len(design.terms)
    start_tables = design.initial()
    dw, tables = np.zeros(h), start_tables.copy()
    free_hand = float(settings.hand)
    free_tables = (design.counts(train) >= settings.min_count) & settings.tables & design.used
    params = [dw, tables]
    m1 = [np.zeros(h), np.zeros(design.size)]
    m2 = [np.zeros(h), np.zeros(design.size)]
    weight = np.where(train, 1.0 / train.sum(), 0.0)

    def error(dw_: Any, tables_: Any, rows: Any) -> float:
        if not rows.any():
            return float("nan")
        p = _sigmoid(k * design.scores(dw_, tables_)[rows] / 100)
        return float(((targets[rows] - p) ** 2).mean())

    for epoch in range(1, settings.epochs + 1):
        p = _sigmoid(k * design.scores(dw, tables) / 100)
        slope = -2.0 * k / 100 * weight * (targets - p) * p * (1 - p)
        grads = [(design.hand.T @ slope) * free_hand,
                 (design.table_gradient(slope) + 2 * settings.l2 * (tables - start_tables)) * free_tables]
        b1, b2 = 1 - 0.9**epoch, 1 - 0.999**epoch
        for x, g, a, b in zip(params, grads, m1, m2, strict=True):
            a *= 0.9
            a += 0.1 * g
            b *= 0.999
            b += 0.001 * g * g
            x -= settings.rate * (a / b1) / (np.sqrt(b / b2) + 1e-12)
        if progress is not None and (epoch % 25 == 0 or epoch == settings.epochs):
            progress(epoch, error(dw, tables, train))
    dw_r, tables_r = np.round(dw), np.round(tables)
    weights = start
    for term, delta in zip(design.terms, dw_r, strict=True):
        weights = moved(weights, term, int(delta))
    zero = np.zeros(h)
    report = {
        "K": k, "positions": float(len(samples)), "train": float(train.sum()), "test": float(held.sum()),
        "entries_fitted": float(free_tables.sum()),
        "train_error_before": error(zero, start_tables, train),
        "test_error_before": error(zero, start_tables, held),
        "train_error_after": error(dw_r, tables_r, train),
        "test_error_after": error(dw_r, tables_r, held),
        "design_seconds": round(built, 1), "fit_seconds": round(time.monotonic() - started - built, 1),
    }
    return FitResult(weights, design.written(tables_r) if design.used else [], report, design.phases,
                     design.layout, design.full if design.phases == 2 else 0)


__all__ = ["FIXED", "Design", "FitResult", "FitSettings", "fit", "fit_k", "hand_terms",
           "men_states", "moved", "numpy"]
