"""Learn the men-pattern weights of :mod:`damier.engine.patterns` from self-play (a tool, not
a test).

1. ``--games N`` self-play games of damier at a fixed depth (``--depth``, 4 by default) from
   the variant's start after 4-10 random plies, with 5% random moves so that the games
   differ; every position without a capture for the side to move is kept with the game's
   result (games still running after 200 plies are adjudicated by material). Several
   processes (``--workers``). ``--save FILE`` keeps the positions, ``--load FILE,...``
   reuses them.
2. A logistic fit (Texel style) of the pattern tables as a correction on top of the current
   hand-written evaluation: ``result ~ sigmoid(K * (eval + patterns) / 100)``, ``K`` fitted
   first, L2 regularisation ``--l2``, Adam, games split 6:1 into training and test sets.
   With ``--source dame-rs`` the positions come from games of the dame-rs engine (depth 4,
   8% random moves, run in the peers' venv) and each is labelled with dame-rs's search
   score at ``--label-depth`` (8 by default) instead of a game result: the fit then
   distils a deeper search's judgement, a far less noisy target than the results of weak
   self-play games (``result`` becomes ``sigmoid(K * score / 100)`` with ``K`` fixed at
   ``--scale``). The Rust engine is only a source of labelled positions; none of its code
   or data is used. ``--hand`` fits the hand weights of
   :class:`~damier.engine.evaluate.Weights` together with the tables (all but the unit and
   the endgame divisors; unregularised) and prints them; ``--split N`` fits a second set of
   tables for positions with fewer than ``N`` men (``Weights.pattern_split``).
3. Prints the training and test errors without and with the fit, and writes the tables to
   ``src/damier/engine/data/<--out>``. They are then used by naming the file in the
   variant's :class:`~damier.engine.evaluate.Weights` (``patterns=``), after a match
   confirms them.

Needs numpy (not a dependency of damier), e.g. with the peers' venv:

    bench/.venv-peers/bin/python bench/train_patterns.py --games 3000 --workers 2 \\
        --save /tmp/positions.pkl --out international.ptw
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from damier import Board, get_variant  # noqa: E402
from damier.engine import Engine, Limit, patterns  # noqa: E402
from damier.engine.evaluate import Weights, build_evaluator, weights_for  # noqa: E402
from damier.training.fit import hand_terms, moved  # noqa: E402,F401  (also bench/tune.py's)

Sample = tuple[int, int, int, int, float, int]  # white, black, kings, turn, result, game id


def play(job: tuple[str, int, int, int]) -> list[Sample]:
    variant, seed, games, depth = job
    rng = random.Random(seed)
    engine = Engine(variant, hash_mb=16)
    out: list[Sample] = []
    for number in range(games):
        board = Board(variant)
        for _ in range(rng.randint(4, 10)):
            board.push(rng.choice(list(board.legal_moves)))
        kept = []
        while board.outcome() is None and board.ply < 200:
            pos = board.position
            if not board.gen.has_capture(pos):
                kept.append(pos)
            if rng.random() < 0.05:
                move = rng.choice(list(board.legal_moves))
            else:
                move = engine.play(board, Limit(depth=depth)).move
            board.push(move)
        outcome = board.outcome()
        if outcome is None:
            w, wk, b, bk = board.position.material()
            diff = (w + 3 * wk) - (b + 3 * bk)
            result = 0.5 if abs(diff) < 2 else (1.0 if diff > 0 else 0.0)
        else:
            result = 0.5 if outcome.winner is None else (1.0 if outcome.winner == 0 else 0.0)
        game = seed * 1_000_000 + number
        out.extend((p.white, p.black, p.kings, p.turn, result, game) for p in kept[4:])
    return out


def play_dame(job: tuple[str, int, int, int]) -> list[Sample]:
    """Positions of dame-rs games, labelled with its score at ``label_depth`` (White's view,
    centi-men, clipped to +-1000). Needs the ``dame`` module (peers' venv)."""
    import dame

    variant, seed, games, label_depth = job
    if variant != "international":
        raise SystemExit("dame-rs plays International draughts only")
    rng = random.Random(seed)
    player = dame.Engine(hash_mb=16)
    judge = dame.Engine(hash_mb=64)
    out: list[Sample] = []
    for number in range(games):
        board = dame.Board()
        for _ in range(rng.randint(4, 12)):
            board.push(rng.choice(list(board.legal_moves)))
        game = seed * 1_000_000 + number
        while not board.is_game_over() and board.ply < 200:
            if not board.must_capture and board.ply >= 16 and rng.random() < 0.5:
                pos = Board(fen=board.fen()).position
                score = max(-1000, min(1000, judge.search(board, depth=label_depth).score))
                out.append((pos.white, pos.black, pos.kings, pos.turn,
                            float(score if pos.turn == 0 else -score), game))
            if rng.random() < 0.08:
                board.push(rng.choice(list(board.legal_moves)))
            else:
                board.push(player.search(board, depth=4).best_move)
    return out


def fit(variant: str, samples: list[Sample], l2: float, epochs: int,
        scale: float = 0.0, hand: bool = False, split: int = 0) -> tuple[list[list[int]], Weights, str]:
    """Fit the pattern tables (and with ``hand`` the hand weights too) to the labels.

    The hand evaluation is linear in its weights except for the endgame divisors, so each
    weight's feature is read off by evaluating every position with that weight one higher:
    the joint fit then needs no second description of the evaluation terms. With ``split``
    two sets of tables are fitted, the second for positions with fewer men than ``split``
    (``Weights.pattern_split``)."""
    import numpy as np

    rules = get_variant(variant)
    geo = rules.geometry
    # the tables correct the hand evaluation, so fit them on top of it without any tables
    start = replace(weights_for(rules), patterns="")
    evaluate = build_evaluator(rules, start)
    n = len(samples)
    tables = len(patterns.windows(geo))
    base = np.empty(n)
    y = np.empty(n)
    game = np.empty(n, dtype=np.int64)
    index = np.empty((n, 2 * tables), dtype=np.int64)
    sign = np.empty((n, 2 * tables))
    for i, (w, b, k, t, result, g) in enumerate(samples):
        e = evaluate(w, b, k, t)
        base[i] = e if t == 0 else -e
        y[i] = result if not scale else 1 / (1 + np.exp(-scale * result / 100))
        game[i] = g
        late = tables if split and ((w | b) & ~k).bit_count() < split else 0
        for j, (table, ix, s) in enumerate(patterns.features(geo, w & ~k, b & ~k)):
            index[i, j] = (late + table) * patterns.ENTRIES + ix
            sign[i, j] = s
    test = (game % 7) == 0
    terms = hand_terms(start) if hand else []
    # columns of the hand features (White's view, per unit of each weight)
    feats = np.zeros((n, len(terms)))
    for j, term in enumerate(terms):
        shifted = build_evaluator(rules, moved(start, term, 1))
        for i, (w, b, kk, t, _result, _g) in enumerate(samples):
            e = shifted(w, b, kk, t)
            feats[i, j] = (e if t == 0 else -e) - base[i]

    def error(score: np.ndarray, k: float, rows: np.ndarray) -> float:
        p = 1 / (1 + np.exp(-k * score[rows] / 100))
        return float(np.mean((y[rows] - p) ** 2))

    k = scale or min((0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0), key=lambda c: error(base, c, ~test))
    if split:
        tables *= 2
    table_count = tables * patterns.ENTRIES
    params = np.zeros(table_count + len(terms))
    train = ~test
    ix, sg, bs, yt, ft = index[train], sign[train], base[train], y[train], feats[train]
    m = np.zeros_like(params)
    v = np.zeros_like(params)
    for step in range(1, epochs + 1):
        score = bs + (params[ix] * sg).sum(1) + ft @ params[table_count:]
        p = 1 / (1 + np.exp(-k * score / 100))
        slope = -(2 / len(yt)) * (yt - p) * p * (1 - p) * k / 100
        grad = np.zeros_like(params)
        np.add.at(grad, ix.ravel(), (slope[:, None] * sg).ravel())
        grad[table_count:] = slope @ ft  # the hand weights are not regularised
        grad[:table_count] += 2 * l2 * params[:table_count]
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        params -= 2.0 * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-12)
    rounded = np.round(params)
    tuned = start
    for term, delta in zip(terms, rounded[table_count:], strict=True):
        tuned = moved(tuned, term, int(delta))
    full = base + (rounded[index] * sign).sum(1) + feats @ rounded[table_count:]
    report = (f"K {k}; hand evaluation: train {error(base, k, train):.5f} test {error(base, k, test):.5f}; "
              f"with patterns: train {error(full, k, train):.5f} test {error(full, k, test):.5f}; "
              f"{n} positions, {int(test.sum())} in the test set")
    weights = [[int(x) for x in rounded[t * patterns.ENTRIES:(t + 1) * patterns.ENTRIES]]
               for t in range(tables)]
    return weights, replace(tuned, patterns=weights_for(rules).patterns, pattern_split=split), report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="international")
    ap.add_argument("--games", type=int, default=0)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--save", help="write the positions to this pickle file")
    ap.add_argument("--load", default="", help="comma-separated pickle files of positions")
    ap.add_argument("--source", choices=("damier", "dame-rs"), default="damier",
                    help="who plays the games: damier self-play labelled by results, or dame-rs "
                    "labelled by its search scores")
    ap.add_argument("--label-depth", type=int, default=8)
    ap.add_argument("--scale", type=float, default=0.6,
                    help="K of sigmoid(K * score / 100) for score labels (dame-rs)")
    ap.add_argument("--l2", type=float, default=3e-7)
    ap.add_argument("--epochs", type=int, default=300)
    ap.add_argument("--hand", action="store_true",
                    help="fit the hand weights of evaluate.Weights together with the tables")
    ap.add_argument("--split", type=int, default=0,
                    help="fit a second set of tables for positions with fewer men than this")
    ap.add_argument("--out", default="", help="file name in src/damier/engine/data/")
    args = ap.parse_args()
    samples: list[Sample] = []
    for name in filter(None, args.load.split(",")):
        with open(name, "rb") as f:
            samples += pickle.load(f)
    if args.games:
        per = max(1, args.games // args.workers)
        source = play if args.source == "damier" else play_dame
        depth = args.depth if args.source == "damier" else args.label_depth
        jobs = [(args.variant, args.seed + i, per, depth) for i in range(args.workers)]
        with Pool(args.workers) as pool:
            for part in pool.map(source, jobs):
                samples += part
        if args.save:
            with open(args.save, "wb") as f:
                pickle.dump(samples, f)
    if not samples:
        raise SystemExit("no positions: give --games or --load")
    scale = args.scale if args.source == "dame-rs" else 0.0
    weights, hand, report = fit(args.variant, samples, args.l2, args.epochs, scale, args.hand,
                                args.split)
    print(report)
    if args.hand:
        print(f"hand weights fitted with the tables (paste into VARIANT_WEIGHTS): {hand}")
    if args.out:
        (patterns.DATA / args.out).write_bytes(patterns.dump(weights))
        print(f"wrote {patterns.DATA / args.out}")


if __name__ == "__main__":
    main()
