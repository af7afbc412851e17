"""Static evaluation of a position for every variant, from named per-variant weights.

This module owns the *knowledge* of the engine: what a position is worth in centi-men from
the side to move's point of view. The weights are data (:class:`Weights`, one entry per
variant in :data:`VARIANT_WEIGHTS`, defaults derived from the rules) so that they can be
tuned without touching code; :func:`build_evaluator` turns them into one closure over plain
ints per rules object.

Terms (all "white minus black", then negated for Black to move):

* material: men and kings, kings valued for the variant (flying kings ~3 men, short ~1.5);
* a piece-square table for men, built from advancement per row, centre bonus and edge
  (flank) penalty; material, the table and the back-rank guard of the men are folded into
  lookup tables on chunks of the men bitboard (three or four lookups per side);
* men mobility (free squares the men can step to) and balance (men spread over both
  halves of the board), weighted for International only so far (measured there);
* learnt men patterns (:mod:`damier.engine.patterns`) where the variant's weights name a
  table file (made by ``damier train``, fitted together with the hand weights). With
  pattern tables on a board of dark squares and at most ten squares per pair of rows, the
  tables, the men's material, piece-square values, guard, mobility and support are merged
  into one lookup table per pair of adjacent rows
  (:func:`patterns.pair_tables`) instead of the chunk lookups and the separate terms;
* back-rank guard: men on their own back row while the opponent has no king;
* formation: men backed up by a friendly man behind them (hard to attack);
* runaway men: a man near the crown row with no enemy piece in the cone ahead;
* kings: mobility (free neighbouring squares), control of the long diagonal (flying kings);
* endgame knowledge: lone king against up to three pieces with flying kings (International
  3 kings v 1 is a draw when the lone king holds the long diagonal), kings-only endings
  with a small edge are scaled towards a draw;
* tempo: a small bonus for the side to move.

Antidraughts inverts material (losing pieces is the goal); breakthrough weighs advancement
and runaways heavily (the first king wins).

This module must not search, generate moves or read game history: it sees four ints
``(white, black, kings, turn)`` and nothing else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from damier.core.rules import Rules
from damier.engine import evalterms, weightfile
from damier.engine.weights import Weights

Evaluator = Callable[[int, int, int, int], int]
"""``evaluate(white, black, kings, turn) -> centi-men for the side to move``."""


DEFAULT_FLYING = Weights()
DEFAULT_SHORT = Weights(king=150, long_diagonal=0, lone_king_scale=1, kings_only_scale=2,
                        runaway=(0, 120, 80, 40, 0))

VARIANT_WEIGHTS: dict[str, Weights] = {
    # International has no entry: its weights and pattern tables are data/international.json
    # and .ptw, made by `damier train` from DEFAULT_FLYING and damier's own search (they
    # replaced tables distilled from dame-rs' scores; docs/training.md)
    "frisian": replace(DEFAULT_FLYING, king=250),
    "frysk": replace(DEFAULT_FLYING, king=250),
    "canadian": replace(DEFAULT_FLYING, king=320),
    "czech": replace(DEFAULT_FLYING, king=250),
    "czech-traditional": replace(DEFAULT_FLYING, king=250),
    "russian": replace(DEFAULT_FLYING, king=250),
    "brazilian": replace(DEFAULT_FLYING, king=250),
    "pool": replace(DEFAULT_FLYING, king=250),
    "english": DEFAULT_SHORT,
    "italian": DEFAULT_SHORT,
    "spanish": replace(DEFAULT_FLYING, king=250),
    "turkish": replace(DEFAULT_FLYING, king=250, centre=3, edge=0, support=0, long_diagonal=0,
                       back_guard=0),
    # issue 20: kings as in the nearest variant (Thai's lands behind its victim but is
    # decisive with 8 men a side; Portuguese = Spanish; the 12x12 games as Canadian)
    "thai": replace(DEFAULT_FLYING, king=250),
    "portuguese": replace(DEFAULT_FLYING, king=250),
    "malaysian": replace(DEFAULT_FLYING, king=320),
    "ceylonese": replace(DEFAULT_FLYING, king=320),
    "old-french": DEFAULT_SHORT,
    "german": replace(DEFAULT_FLYING, king=250),
    "antidraughts": Weights(man=-100, king=-150, advance=(0,) * 12, centre=0, edge=0,
                            back_guard=0, support=0, runaway=(0,) * 5, king_mobility=0,
                            long_diagonal=0, tempo=0, lone_king_scale=1, kings_only_scale=1),
    "breakthrough": replace(DEFAULT_FLYING, advance=(0, 0, 2, 5, 10, 18, 30, 45, 65, 90, 120),
                            runaway=(0, 900, 500, 250, 120), back_guard=12,
                            lone_king_scale=1, kings_only_scale=1),
}


def weights_for(rules: Rules) -> Weights:
    """The weights of a variant: those trained for it and shipped as
    ``data/<variant>.json`` (:mod:`damier.engine.weightfile`) if any, else its entry in
    :data:`VARIANT_WEIGHTS`, else a default chosen by the rules (flying or short kings,
    goal)."""
    trained = weightfile.shipped(rules.name)
    if trained is not None:
        return with_fields(_code_weights(rules), trained)
    return _code_weights(rules)


def with_fields(base: Weights, fields: dict[str, weightfile.FieldValue]) -> Weights:
    """``base`` with the named fields replaced (a name that is not a weight is a ValueError).

    >>> with_fields(Weights(), {"king": 280}).king
    280
    """
    unknown = set(fields) - {f.name for f in dataclasses.fields(Weights)}
    if unknown:
        raise ValueError(f"not evaluation weights: {', '.join(sorted(unknown))}")
    return replace(base, **fields)  # type: ignore[arg-type]


def weights_from_file(path: str | Path, rules: Rules) -> Weights:
    """The weights of a weights file (:mod:`damier.engine.weightfile`) trained for ``rules``'
    variant, over the variant's own (a field the file leaves out keeps its value).

    A file that cannot be read, is not a weights file, is for another variant or whose
    pattern tables do not fit the board is a :class:`ValueError` that names the file.

    >>> from damier.core.variants import get_variant
    >>> weights_from_file(weightfile.DATA / "russian.json", get_variant("russian")).king > 0
    True
    >>> weights_from_file(weightfile.DATA / "russian.json", get_variant("czech"))
    Traceback (most recent call last):
    ...
    ValueError: .../russian.json: weights for russian, not czech
    """
    path = Path(path)
    try:
        trained_for, fields = weightfile.load(path)
        weights = with_fields(weights_for(rules), fields)
    except OSError as e:
        raise ValueError(f"{path}: {e.strerror or e}") from None
    except ValueError as e:
        message = str(e)
        raise ValueError(message if message.startswith(str(path)) else f"{path}: {message}") from None
    if trained_for != rules.name:
        raise ValueError(f"{path}: weights for {trained_for}, not {rules.name}")
    try:   # builds the pattern tables: a missing or misfit table file fails here, not in a game
        build_evaluator(rules, weights)
    except (OSError, ValueError) as e:
        raise ValueError(f"{path}: its pattern tables do not load ({e})") from None
    return weights


def _code_weights(rules: Rules) -> Weights:
    w = VARIANT_WEIGHTS.get(rules.name)
    if w is not None:
        return w
    if rules.goal == "antidraughts":
        return VARIANT_WEIGHTS["antidraughts"]
    if rules.goal == "breakthrough":
        return VARIANT_WEIGHTS["breakthrough"]
    return DEFAULT_FLYING if rules.flying_kings else DEFAULT_SHORT


def build_evaluator(rules: Rules, weights: Weights | None = None) -> Evaluator:
    """The evaluation function of ``rules`` (plain-int closure; see the module docstring).

    Evaluators are pure functions of their position, so one is built per rules object and
    weights and then shared (building the lookup tables takes tens of milliseconds).
    """
    return _cached_evaluator(rules, weights or weights_for(rules))


@lru_cache(maxsize=64)
def _cached_evaluator(rules: Rules, wt: Weights) -> Evaluator:
    """The evaluation composed of the terms of :mod:`damier.engine.evalterms`."""
    men = evalterms.men_term(rules, wt)
    runaways = evalterms.runaway_term(rules, wt)
    king_terms = evalterms.king_term(rules, wt)
    g = rules.geometry
    all_squares = g.all_squares
    left = sum(g.mask[i] for i in range(g.squares) if g.coords(i)[1] < g.size // 2)
    balance, tempo = wt.balance, wt.tempo

    def evaluate(white: int, black: int, kings: int, turn: int) -> int:
        wm = white & ~kings
        bm = black & ~kings
        s = men(wm, bm, white, black, kings) + runaways(wm, bm, white, black)
        if balance:
            s -= balance * (abs(2 * (wm & left).bit_count() - wm.bit_count())
                            - abs(2 * (bm & left).bit_count() - bm.bit_count()))
        if kings:
            s = king_terms(s, wm, bm, white & kings, black & kings, all_squares & ~(white | black))
        return (s if turn == 0 else -s) + tempo

    return evaluate


__all__ = ["Evaluator", "VARIANT_WEIGHTS", "Weights", "build_evaluator", "weights_for",
           "weights_from_file", "with_fields"]
