"""The native evaluation gives exactly the scores of the Python evaluation (issue 13 item 5).

The C evaluation (``src/damier/native/eval*.c``) is written from the weights, not from the
Python tables, so the two are independent: they must agree on at least 10,000 positions per
variant (random games and random placements with many kings, for the endgame scaling), with
the shipped weights and with random weights and random pattern tables (every term non-zero,
one and two sets of tables, on 8x8, 10x10, 12x12). A bad weight file or a bad position
raises a Python exception.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from damier import all_variants
from damier.core.rules import Rules
from damier.core.variants import get_variant
from damier.engine import evaluate, patterns
from damier.engine.evaluate import Weights, build_evaluator, weights_for
from damier.engine.native import native_evaluator, weight_tuple
from tests.core.positions import playout_positions, scattered_positions

PER_VARIANT = 10_000


def positions(rules: Rules, count: int, seed: int) -> list[tuple[int, int, int, int]]:
    half = count // 2
    out = playout_positions(rules, half, seed) + scattered_positions(rules, count - half, seed + 1)
    return [p[:4] for p in out]


@pytest.mark.parametrize("rules", all_variants(), ids=lambda r: r.name)
def test_native_scores_equal_python_scores(rules: Rules) -> None:
    native = native_evaluator(rules)
    python = build_evaluator(rules)
    checked = set()
    for p in positions(rules, PER_VARIANT, seed=len(rules.name)):
        assert native.evaluate(*p) == python(*p), (rules.name, p)
        checked.add(p)
    assert len(checked) > PER_VARIANT // 2  # mostly distinct positions


def random_weights(rng: random.Random, patterns_file: str = "", split: int = 0) -> Weights:
    def r(lo: int, hi: int) -> int:
        return rng.randint(lo, hi)

    return Weights(man=r(60, 140), king=r(150, 400), advance=tuple(r(-20, 40) for _ in range(r(3, 12))),
                   centre=r(-10, 10), edge=r(-10, 10), back_guard=r(-10, 30), support=r(-8, 8),
                   runaway=(0,) + tuple(r(-50, 200) for _ in range(r(1, 7))), king_mobility=r(-5, 8),
                   long_diagonal=r(-10, 40), tempo=r(-10, 10), mobility=r(-6, 6), balance=r(-6, 6),
                   patterns=patterns_file, pattern_split=split, lone_king_scale=r(1, 9),
                   kings_only_scale=r(1, 5))


@pytest.mark.parametrize(("variant", "split", "phases", "layout"),
                         [("international", 0, 1, 0), ("international", 18, 1, 0), ("russian", 0, 1, 0),
                          ("canadian", 30, 1, 0), ("english", 0, 1, 0), ("turkish", 0, 1, 0),
                          ("frisian", 0, 1, 0), ("brazilian", 10, 1, 0),
                          # PTW2: two phases mixed by the men, block windows (none on a full board)
                          ("international", 0, 2, 1), ("international", 16, 2, 1), ("russian", 0, 2, 1),
                          ("canadian", 20, 2, 1), ("turkish", 0, 2, 1), ("english", 0, 1, 1),
                          ("czech", 0, 2, 0)])
def test_every_term_with_random_weights_and_tables(variant: str, split: int, phases: int, layout: int,  # type: ignore[no-untyped-def]
                                                   tmp_path, monkeypatch) -> None:
    rules = get_variant(variant)
    rng = random.Random(sum(map(ord, variant)) + split + phases + layout)
    count = len(patterns.layout_windows(rules.geometry, layout)) * (2 if split else 1)
    tables = [[rng.randint(-300, 300) for _ in range(patterns.ENTRIES * phases)] for _ in range(count)]
    name = f"random-{variant}-{split}.ptw"
    monkeypatch.setattr(patterns, "DATA", tmp_path)
    full = sum(x.bit_count() for x in rules.start_bitboards)
    (tmp_path / name).write_bytes(patterns.dump(tables, phases, layout, full))
    evaluate._cached_evaluator.cache_clear()
    native_evaluator.cache_clear()
    for round_ in range(4):
        # rounds 0 and 2 with the tables; 1 without; 3 without tables but with a split,
        # which both paths must take as "no pattern term" (the pure one once refused it)
        wt = random_weights(rng, name if round_ % 2 == 0 else "", split if round_ != 1 else 0)
        native = native_evaluator(rules, wt)
        python = build_evaluator(rules, wt)
        for p in positions(rules, 800, seed=round_):
            assert native.evaluate(*p) == python(*p), (variant, wt, p)
    evaluate._cached_evaluator.cache_clear()
    native_evaluator.cache_clear()


def test_bad_pattern_files_and_weights_raise() -> None:
    from damier import _kernel  # type: ignore[attr-defined]
    from damier.core import kernel

    rules = get_variant("international")
    gen = kernel.native_object(rules)
    assert gen is not None
    wt = weight_tuple(replace(weights_for(rules), pattern_split=0))
    good = patterns.dump([[0] * patterns.ENTRIES for _ in range(9)])
    _kernel.Evaluator(gen, wt, good)
    with pytest.raises(ValueError, match="9 weight tables for 9 windows in two sets"):
        _kernel.Evaluator(gen, weight_tuple(replace(weights_for(rules), pattern_split=20)), good)
    for bad, message in [(b"nope", "not a pattern weight file"), (good[:-2], "bytes for 9 tables"),
                         (good[:6] + b"\x00\x01" + good[8:], "entries per table"),
                         (patterns.dump([[0] * patterns.ENTRIES for _ in range(4)]), "4 weight tables")]:
        with pytest.raises(ValueError, match=message):
            _kernel.Evaluator(gen, wt, bad)
    two = patterns.dump([[0] * (2 * patterns.ENTRIES) for _ in range(17)], 2, 1, 40)
    _kernel.Evaluator(gen, wt, two)   # 9 row and 8 block windows, two phases
    for bad, message in [(two[:-2], "bytes for 17 tables"), (two[:8] + b"\x03\x00" + two[10:], "3 phases"),
                         (two[:10] + b"\x02\x00" + two[12:], "layout 2"),
                         (two[:12] + b"\x00\x00" + two[14:], "0 men"),
                         (patterns.dump([[0] * (2 * patterns.ENTRIES) for _ in range(9)], 2, 1, 40),
                          "9 weight tables for 17 windows")]:
        with pytest.raises(ValueError, match=message):
            _kernel.Evaluator(gen, wt, bad)
    with pytest.raises(TypeError):
        _kernel.Evaluator(gen, wt[:-1], None)
    with pytest.raises(TypeError):
        _kernel.Evaluator(object(), wt, None)
    with pytest.raises(TypeError):
        _kernel.Evaluator(gen, wt, "text")
    with pytest.raises(ValueError):
        _kernel.Evaluator(gen, (10**9,) + wt[1:], None)
    with pytest.raises(ValueError):
        _kernel.Evaluator(gen, wt[:14] + (0, 1), None)  # a lone-king scale of 0
    ev = _kernel.Evaluator(gen, wt, None)
    white, black = rules.start_bitboards
    assert isinstance(ev.evaluate(white, black, 0, 0), int)
    for args, error in [((white, white, 0, 0), ValueError), ((white, black, 0, 2), ValueError),
                        ((1 << 200, black, 0, 0), ValueError), ((-1, black, 0, 0), ValueError),
                        ((white, black, 0), TypeError), (("1", black, 0, 0), TypeError),
                        ((white | 1 << 10, black, 0, 0), ValueError)]:  # bit 10 is a ghost bit
        with pytest.raises(error):
            ev.evaluate(*args)
    with pytest.raises(RuntimeError):
        ev.__init__(gen, wt, None)  # type: ignore[misc]
