"""The evaluation: colour symmetry in every variant, material first, endgame scaling."""

from __future__ import annotations

import random

import pytest

from damier import Board, all_variants
from damier.core.rules import Rules
from damier.engine.evaluate import VARIANT_WEIGHTS, build_evaluator, weights_for


def rotate(rules: Rules, bits: int) -> int:
    """The bitboard turned round by 180 degrees (each side's view of its own men)."""
    g = rules.geometry
    out = 0
    for i in g.squares_of(bits):
        r, c = g.coords(i)
        out |= g.mask[g.index_at(g.size - 1 - r, g.size - 1 - c)]
    return out


@pytest.mark.parametrize("rules", all_variants(), ids=lambda r: r.name)
def test_colour_symmetry(rules: Rules) -> None:
    evaluate = build_evaluator(rules)
    rng = random.Random(3)
    for _ in range(6):
        board = Board(rules)
        for _ply in range(rng.randrange(0, 80)):
            if board.outcome() is not None:
                break
            board.push(rng.choice(list(board.legal_moves)))
        w, b, k, t, _aux = board.position
        mirrored = evaluate(rotate(rules, b), rotate(rules, w), rotate(rules, k), 1 - t)
        assert evaluate(w, b, k, t) == mirrored, board.fen()


def test_material_dominates_and_kings_are_worth_more() -> None:
    rules = Board().rules
    evaluate = build_evaluator(rules)
    up_a_man = Board(fen="W:W31,32,33,34,35:B16,17,18,19").position
    assert evaluate(*up_a_man[:4]) > 60
    king = Board(fen="W:WK31:B16").position
    assert evaluate(*king[:4]) > 100


def test_lone_king_endings_are_scaled_towards_a_draw() -> None:
    rules = Board().rules
    evaluate = build_evaluator(rules)
    three_v_one = Board(fen="W:WK1,K2,K3:BK46").position  # black holds the long diagonal
    four_v_one = Board(fen="W:WK1,K2,K3,K4:BK46").position
    assert 0 < evaluate(*three_v_one[:4]) < 150
    assert evaluate(*four_v_one[:4]) > 500


def test_antidraughts_prefers_fewer_pieces() -> None:
    rules = Board("antidraughts").rules
    evaluate = build_evaluator(rules)
    pos = Board("antidraughts", fen="W:W31,32:B16,17,18").position
    assert evaluate(*pos[:4]) > 0


def test_every_named_weight_set_is_complete() -> None:
    for name, weights in VARIANT_WEIGHTS.items():
        assert weights.man != 0 and len(weights.runaway) >= 2, name
    assert weights_for(Board("turkish").rules) is VARIANT_WEIGHTS["turkish"]


def _random_positions(rules: Rules, count: int, seed: int) -> list[tuple[int, int, int, int, int]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board = Board(rules)
        for _ply in range(rng.randrange(0, 90)):
            if board.outcome() is not None:
                break
            board.push(rng.choice(list(board.legal_moves)))
        out.append(board.position)
    return out


@pytest.mark.parametrize("variant", ["international", "russian", "english", "turkish"])
def test_mobility_term_counts_the_men_steps_the_generator_finds(variant: str) -> None:
    """Weights.mobility: per free square a man can step to, White minus Black — checked
    against the quiet man moves the move generator lists for each side."""
    from dataclasses import replace

    from damier.core.movegen import generator

    board = Board(variant)
    rules = board.rules
    gen = generator(rules)
    base = replace(weights_for(rules), mobility=0, balance=0)
    plain = build_evaluator(rules, base)
    with_mobility = build_evaluator(rules, replace(base, mobility=5))
    for pos in _random_positions(rules, 25, seed=11):
        w, b, k, t, aux = pos
        steps = []
        for side in (0, 1):
            quiets = gen.quiets(pos._replace(turn=side))
            steps.append(sum(1 for m in quiets if not m[0] & k))
        expected = 5 * (steps[0] - steps[1]) * (1 if t == 0 else -1)
        assert with_mobility(w, b, k, t) - plain(w, b, k, t) == expected


def test_balance_term_penalises_men_on_one_wing() -> None:
    """Weights.balance: per man of difference between a side's left and right halves."""
    from dataclasses import replace

    rules = Board().rules
    base = replace(weights_for(rules), mobility=0, balance=0)
    plain = build_evaluator(rules, base)
    balanced = build_evaluator(rules, replace(base, balance=7))
    # White: 4 men on the left half (files a-e), none on the right; Black: 2 and 2
    pos = Board(fen="W:W31,36,41,46:B5,10,1,6").position
    w, b, k, t, _ = pos
    assert balanced(w, b, k, t) - plain(w, b, k, t) == -7 * (4 - 0)


@pytest.mark.parametrize("variant", ["international", "russian", "canadian"])
def test_pattern_tables_match_the_training_features_and_keep_colour_symmetry(variant: str) -> None:
    """damier.engine.patterns: the runtime tables (learnt windows and their half-turn
    partners) add up to what the training features say, and turning the board with colours
    swapped negates the sum, for arbitrary weights -- on 10x10, on 8x8 (where the middle
    window is its own partner) and on 12x12."""
    from damier.engine import patterns

    rules = Board(variant).rules
    geo = rules.geometry
    rng = random.Random(5)
    learnt = [[rng.randint(-60, 60) for _ in range(patterns.ENTRIES)]
              for _ in patterns.windows(geo)]
    tables = patterns.build_tables(geo, learnt)
    assert len(tables) == 2 * len(learnt)
    covered = 0
    for own, partner in patterns.windows(geo):
        for square in own + partner:
            covered |= geo.mask[square]
    assert covered == geo.all_squares  # every square is in some window

    def runtime(wm: int, bm: int) -> int:
        return sum(pw[tw[(wm >> sh) & m] + tb[(bm >> sh) & m]] for sh, m, tw, tb, pw in tables)

    for w, b, k, _t, _aux in _random_positions(rules, 40, seed=9):
        wm, bm = w & ~k, b & ~k
        expected = sum(sign * learnt[t][i] for t, i, sign in patterns.features(geo, wm, bm))
        assert runtime(wm, bm) == expected
        assert runtime(rotate(rules, bm), rotate(rules, wm)) == -expected


def test_pattern_weight_file_round_trips(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from damier.engine import patterns

    monkeypatch.setattr(patterns, "DATA", tmp_path)
    weights = [[(i * 7919 + t) % 401 - 200 for i in range(patterns.ENTRIES)] for t in range(5)]
    (tmp_path / "x.ptw").write_bytes(patterns.dump(weights))
    assert patterns.load("x.ptw") == weights
    (tmp_path / "bad.ptw").write_bytes(b"nope")
    with pytest.raises(ValueError, match="not a pattern weight file"):
        patterns.load("bad.ptw")
    two = patterns.dump([w * 2 for w in weights], 2, 1, 24)   # PTW2: phases, layout, men
    (tmp_path / "two.ptw").write_bytes(two)
    assert patterns.read("two.ptw") == patterns.PatternFile([w * 2 for w in weights], 2, 1, 24)
    assert patterns.read("x.ptw") == patterns.PatternFile(weights, 1, 0, 0)
    for bad, message in [(two[:-2], "bytes for 5 tables"), (two[:8] + b"\x03\x00" + two[10:], "3 phases"),
                         (two[:10] + b"\x05\x00" + two[12:], "layout 5"),
                         (two[:12] + b"\x00\x00" + two[14:], "0 men"), (two[:12], "not a pattern")]:
        (tmp_path / "bad.ptw").write_bytes(bad)
        with pytest.raises(ValueError, match=message):
            patterns.read("bad.ptw")


def test_pattern_split_takes_the_second_set_of_tables_below_the_men_count(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Weights.pattern_split: the pattern file holds two sets of tables; positions with at
    least ``pattern_split`` men are scored with the first, the others with the second --
    checked against evaluators that have only one of the two sets."""
    from dataclasses import replace

    from damier.engine import patterns
    from damier.engine.evaluate import build_evaluator, weights_for

    monkeypatch.setattr(patterns, "DATA", tmp_path)
    rules = Board("international").rules
    count = len(patterns.windows(rules.geometry))
    rng = random.Random(12)
    first = [[rng.randint(-40, 40) for _ in range(patterns.ENTRIES)] for _ in range(count)]
    second = [[rng.randint(-40, 40) for _ in range(patterns.ENTRIES)] for _ in range(count)]
    (tmp_path / "split-first.ptw").write_bytes(patterns.dump(first))
    (tmp_path / "split-second.ptw").write_bytes(patterns.dump(second))
    (tmp_path / "split-both.ptw").write_bytes(patterns.dump(first + second))
    hand = replace(weights_for(rules), patterns="", pattern_split=0)
    both = build_evaluator(rules, replace(hand, patterns="split-both.ptw", pattern_split=20))
    only_first = build_evaluator(rules, replace(hand, patterns="split-first.ptw"))
    only_second = build_evaluator(rules, replace(hand, patterns="split-second.ptw"))
    seen = set()
    differ = 0
    for w, b, k, t, _aux in _random_positions(rules, 120, seed=4):
        many = ((w | b) & ~k).bit_count() >= 20
        seen.add(many)
        expected = (only_first if many else only_second)(w, b, k, t)
        assert both(w, b, k, t) == expected
        differ += expected != (only_second if many else only_first)(w, b, k, t)
    assert seen == {True, False}
    assert differ > 100  # the two sets do score the positions differently


@pytest.mark.parametrize(("variant", "split", "phases", "layout"),
                         [("international", 0, 1, 0), ("international", 20, 1, 0), ("russian", 0, 1, 0),
                          ("brazilian", 12, 1, 0), ("international", 0, 2, 1), ("russian", 14, 2, 1)])
def test_row_pair_tables_score_exactly_as_the_separate_windows_and_chunks(
        variant: str, split: int, phases: int, layout: int, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """patterns.pair_tables: merging the windows of a row pair into one table, with the
    men's material, piece-square values, back-rank guard, mobility and support folded in,
    changes nothing -- the evaluation equals the one that looks up every window, the
    material chunks and the men terms separately, with and without kings on either side
    (the guard's four versions, the mobility correction for kings); on 10x10 with the
    shipped tables and on 8x8 with random ones; with two phases and block windows (random
    tables), where the per-square values are folded into both phases."""
    from dataclasses import replace

    from damier.engine import evaluate, patterns

    rules = Board(variant).rules
    rng = random.Random(len(variant) + split)
    if variant == "international" and phases == 1:
        learnt = patterns.load("international.ptw")[:len(patterns.windows(rules.geometry))]
    else:
        learnt = [[rng.randint(-50, 50) for _ in range(patterns.ENTRIES * phases)]
                  for _ in patterns.layout_windows(rules.geometry, layout)]
    sets = learnt + [[-v for v in t] for t in learnt] if split else learnt
    found = patterns.PatternFile(sets, phases, layout, sum(x.bit_count() for x in rules.start_bitboards))
    monkeypatch.setattr(patterns, "read", lambda name: found)
    wt = replace(evaluate.weights_for(rules), patterns="tables.ptw", pattern_split=split,
                 mobility=2, support=3)
    evaluate._cached_evaluator.cache_clear()
    merged = evaluate.build_evaluator(rules, wt)
    monkeypatch.setattr(patterns, "MAX_PAIR_SQUARES", 0)
    evaluate._cached_evaluator.cache_clear()
    separate = evaluate.build_evaluator(rules, wt)
    evaluate._cached_evaluator.cache_clear()
    kinds = set()
    for w, b, k, t, _aux in _random_positions(rules, 300, seed=21):
        kinds.add((bool(w & k), bool(b & k)))
        assert merged(w, b, k, t) == separate(w, b, k, t)
    assert len(kinds) >= 3
