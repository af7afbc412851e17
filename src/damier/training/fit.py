"""The fit of the evaluation to labelled positions: hand weights and pattern tables together.

The evaluation (:mod:`damier.engine.evaluate`) is linear in its hand weights, except for
the endgame divisors, and adds one pattern-table entry per window
(:mod:`damier.engine.patterns`). So each position becomes a sparse row: the evaluation
without tables at the starting weights (``base``), the change of the evaluation per unit of
each hand weight (read off by evaluating with that weight one higher: no second description
of the terms is needed), and the table entries its windows read with their signs. The fit
is a logistic regression in the manner of Texel tuning, by full-batch Adam in the standard
library: it minimises the mean of ``(target - sigmoid(K * eval / 100))**2`` where the
target is ``sigmoid(K * label / 100)`` for the labelling search's score, blended with the
game's result by ``result_weight``. ``K`` is fitted first: the slope at which the labels
best predict the games' results. The tables start from the current ones (zero when the
variant has none) and an L2 penalty ``l2`` holds them near the start, so a small data set
can only nudge them; the hand weights are not penalised. With ``min_count`` above one, an
entry that fewer training positions read than that is not fitted at all (a table learnt
from zero on a small data set keeps its rare configurations at zero). With ``tie`` above
one, the tables of ``tie`` neighbouring row pairs are one set of parameters: a formation is
then worth the same a row higher or lower, and each entry is read far more often. Whole
games are held out (every game whose number is divisible by 7) to report the error on
positions the fit never saw.

This module must not play or search; it reads samples and weights and returns new ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace

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
    k: float | None = None
    """The sigmoid's slope; None fits it to the games' results (:func:`fit_k`)."""
    tie: int = 1
    """Groups of this many consecutive row pairs share one table (learnt once, written to
    each): fewer parameters, each read by more positions."""
    """A table entry read by fewer training positions than this keeps its starting value:
    with few positions per entry the fit learns noise (fresh tables start at zero)."""


@dataclass(frozen=True)
class FitResult:
    """The fitted weights, tables and how well they fit."""

    weights: Weights
    tables: list[list[int]]
    """The pattern tables (empty without ``FitSettings.tables`` and none to start from)."""
    report: dict[str, float]


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


def _white_eval(rules: Rules, weights: Weights) -> Callable[[Sample], int]:
    """The evaluation with ``weights`` from White's point of view (the kernel's where it
    covers the variant: the same numbers, faster)."""
    native = native_evaluator(rules, weights)
    evaluate = native.evaluate if native is not None else build_evaluator(rules, weights)

    def white(s: Sample) -> int:
        e: int = evaluate(s.white, s.black, s.kings, s.turn)
        return e if s.turn == 0 else -e

    return white


def _sigmoid(x: float) -> float:
    if x < -60:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class Design:
    """The sparse rows of the fit (see the module docstring)."""

    def __init__(self, rules: Rules, start: Weights, samples: Sequence[Sample], with_tables: bool,
                 tie: int = 1) -> None:
        # without tables the split means nothing (and the pure path's evaluation refuses a
        # split without tables: evalterms builds the second set from an empty list)
        bare = replace(start, patterns="", pattern_split=0)
        base_eval = _white_eval(rules, bare)
        self.base = [float(base_eval(s)) for s in samples]
        self.terms: list[Term] = []
        columns: list[list[float]] = []
        for term in hand_terms(start):
            shifted = _white_eval(rules, moved(bare, term, 1))
            column = [shifted(s) - b for s, b in zip(samples, self.base, strict=True)]
            if any(column):
                self.terms.append(term)
                columns.append(column)
        self.hand = [[(j, c[i]) for j, c in enumerate(columns) if c[i]] for i in range(len(samples))]
        geo = rules.geometry
        per_set = len(patterns.windows(geo))
        self.per_set = per_set
        self.tie = tie
        self.split = start.pattern_split
        sets = 2 if self.split else 1
        self.start_tables = (patterns.load(start.patterns) if start.patterns
                             else [[0] * patterns.ENTRIES for _ in range(per_set * sets)])
        if len(self.start_tables) != per_set * sets:
            raise ValueError(f"{start.patterns}: {len(self.start_tables)} tables, expected {per_set * sets}")
        self.entries: dict[tuple[int, int], int] = {}
        """(table, index) -> parameter number after the hand weights; with ``tie`` above one
        the table is the first of its group (:meth:`group`)."""
        self.rows: list[list[tuple[int, float]]] = []
        for s in samples:
            row: list[tuple[int, float]] = []
            if with_tables or start.patterns:
                wm, bm = s.white & ~s.kings, s.black & ~s.kings
                late = per_set if self.split and (wm | bm).bit_count() < self.split else 0
                for table, index, sign in patterns.features(geo, wm, bm):
                    key = (late + table - table % tie, index)
                    number = self.entries.setdefault(key, len(self.entries))
                    row.append((number, float(sign)))
            self.rows.append(row)
        self.tables_free = with_tables

    def initial(self) -> list[float]:
        """The parameters at the start: no change of the hand weights, the current tables."""
        out = [0.0] * (len(self.terms) + len(self.entries))
        for (table, index), number in self.entries.items():
            group = self.group(table)
            out[len(self.terms) + number] = sum(self.start_tables[t][index] for t in group) / len(group)
        return out

    def group(self, table: int) -> range:
        """The tables that share the parameters of ``table``, the first of its group: ``tie``
        consecutive row pairs of the same set."""
        end = (table // self.per_set + 1) * self.per_set
        return range(table, min(table + self.tie, end))

    def score(self, i: int, params: list[float]) -> float:
        h = len(self.terms)
        s = self.base[i]
        for j, v in self.hand[i]:
            s += v * params[j]
        for number, sign in self.rows[i]:
            s += sign * params[h + number]
        return s


def mean_error(design: Design, params: list[float], targets: list[float], k: float,
               rows: list[int]) -> float:
    """The mean squared error of the evaluation with ``params`` on ``rows``."""
    if not rows:
        return float("nan")
    total = 0.0
    for i in rows:
        total += (targets[i] - _sigmoid(k * design.score(i, params) / 100)) ** 2
    return total / len(rows)


def fit_k(samples: Sequence[Sample]) -> float:
    """The slope at which the labels best predict the games' results."""
    def err(k: float) -> float:
        return sum((s.result / 2 - _sigmoid(k * s.score / 100)) ** 2 for s in samples)
    return min(K_GRID, key=err)


def fit(rules: Rules, start: Weights, samples: Sequence[Sample], settings: FitSettings,
        progress: Callable[[int, float], None] | None = None) -> FitResult:
    """Fit ``start``'s hand weights and pattern tables to ``samples`` (module docstring);
    ``progress(epoch, training error)`` is called every few epochs."""
    if not samples:
        raise ValueError("no positions to fit")
    design = Design(rules, start, samples, settings.tables, settings.tie)
    k = settings.k if settings.k is not None else fit_k(samples)
    lam = settings.result_weight
    targets = [(1 - lam) * _sigmoid(k * s.score / 100) + lam * s.result / 2 for s in samples]
    test = [i for i, s in enumerate(samples) if s.game % 7 == 0]
    train = [i for i, s in enumerate(samples) if s.game % 7 != 0] or test
    params = design.initial()
    start_params = list(params)
    h = len(design.terms)
    seen = [0] * len(design.entries)
    for i in train:
        for number, _sign in design.rows[i]:
            seen[number] += 1
    free = [j for j in range(h) if settings.hand]
    free += [h + n for n, count in enumerate(seen) if settings.tables and count >= settings.min_count]
    m = [0.0] * len(params)
    v = [0.0] * len(params)
    for epoch in range(1, settings.epochs + 1):
        grad = [0.0] * len(params)
        scale = -2.0 * k / 100 / len(train)
        for i in train:
            p = _sigmoid(k * design.score(i, params) / 100)
            slope = scale * (targets[i] - p) * p * (1 - p)
            for j, value in design.hand[i]:
                grad[j] += slope * value
            for number, sign in design.rows[i]:
                grad[h + number] += slope * sign
        b1, b2 = 1 - 0.9**epoch, 1 - 0.999**epoch
        for j in free:
            g = grad[j] + (2 * settings.l2 * (params[j] - start_params[j]) if j >= h else 0.0)
            m[j] = 0.9 * m[j] + 0.1 * g
            v[j] = 0.999 * v[j] + 0.001 * g * g
            params[j] -= settings.rate * (m[j] / b1) / (math.sqrt(v[j] / b2) + 1e-12)
        if progress is not None and (epoch % 25 == 0 or epoch == settings.epochs):
            progress(epoch, mean_error(design, params, targets, k, train))
    rounded = [float(round(x)) for x in params]
    weights = start
    for term, delta in zip(design.terms, rounded[:h], strict=True):
        weights = moved(weights, term, int(delta))
    tables = [list(t) for t in design.start_tables] if (settings.tables or start.patterns) else []
    for (table, index), number in design.entries.items():
        for t in design.group(table):
            tables[t][index] = int(rounded[h + number])
    report = {
        "K": k, "positions": float(len(samples)), "train": float(len(train)), "test": float(len(test)),
        "entries_fitted": float(sum(1 for j in free if j >= h)),
        "train_error_before": mean_error(design, start_params, targets, k, train),
        "test_error_before": mean_error(design, start_params, targets, k, test),
        "train_error_after": mean_error(design, rounded, targets, k, train),
        "test_error_after": mean_error(design, rounded, targets, k, test),
    }
    return FitResult(weights, tables, report)


__all__ = ["FIXED", "FitResult", "FitSettings", "fit", "fit_k", "hand_terms", "mean_error", "moved"]
