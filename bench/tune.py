"""Texel-style tuning of the evaluation weights on self-play positions (a tool, not a test).

1. Plays ``--games`` fast self-play games (level 4: depth 4 with a little randomness, so the
   games differ) from the variant's start and records every quiet position (no capture
   for the side to move) with the game's result.
2. Fits the named weights of :class:`damier.engine.evaluate.Weights` (``man`` stays 100 as
   the unit) by coordinate descent on the mean squared error between the result and
   ``sigmoid(eval / 100 * K)``, with ``K`` fitted first.
   With ``--load FILE`` (positions saved by ``bench/train_patterns.py --source dame-rs
   --save FILE``, labelled with dame-rs search scores) the target is
   ``sigmoid(K * score / 100)`` with ``K`` fixed at ``--scale`` instead of game results.
3. Prints the tuned :class:`Weights` to paste into ``VARIANT_WEIGHTS`` after a match
   confirms it (``bench/engine.py`` or a self-play match).

    .venv/bin/python bench/tune.py --variant international --games 200 --rounds 2
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from train_patterns import hand_terms, moved  # noqa: E402  (the weights a fit moves)

from damier import Board, get_variant  # noqa: E402
from damier.engine import Engine, Limit  # noqa: E402
from damier.engine.evaluate import Weights, build_evaluator, weights_for  # noqa: E402

Sample = tuple[int, int, int, int, float]  # white, black, kings, turn, result for White


def play_games(variant: str, games: int, seed: int) -> list[Sample]:
    rules = get_variant(variant)
    samples: list[Sample] = []
    for g in range(games):
        engine = Engine(rules, level=4, seed=seed + g)
        board = Board(rules)
        positions = []
        while board.outcome() is None and board.ply < 200:
            pos = board.position
            if not board.gen.has_capture(pos):
                positions.append(pos)
            board.push(engine.play(board, Limit(depth=4)).move)
        outcome = board.outcome()
        if outcome is None or outcome.winner is None:
            result = 0.5
        else:
            result = 1.0 if outcome.winner == 0 else 0.0
        samples.extend((p.white, p.black, p.kings, p.turn, result) for p in positions[8:])
    return samples


def error(weights: Weights, variant: str, samples: list[Sample], k: float) -> float:
    evaluate = build_evaluator(get_variant(variant), weights)
    total = 0.0
    for w, b, kings, turn, result in samples:
        s = evaluate(w, b, kings, turn)
        s = s if turn == 0 else -s
        p = 1.0 / (1.0 + math.exp(-k * s / 100.0))
        total += (result - p) ** 2
    return total / len(samples)


def fit_k(weights: Weights, variant: str, samples: list[Sample]) -> float:
    best_k, best_e = 1.0, error(weights, variant, samples, 1.0)
    for k in (0.25, 0.5, 0.75, 1.25, 1.5, 2.0, 3.0):
        e = error(weights, variant, samples, k)
        if e < best_e:
            best_k, best_e = k, e
    return best_k


def tune(weights: Weights, variant: str, samples: list[Sample], rounds: int,
         k: float = 0.0) -> Weights:
    k = k or fit_k(weights, variant, samples)
    best = error(weights, variant, samples, k)
    print(f"K = {k}, start error {best:.5f}", flush=True)
    for r in range(rounds):
        improved = False
        for term in hand_terms(weights):
            name, i = term
            step = 2 if i >= 0 else max(1, abs(getattr(weights, name)) // 10)
            for delta in (step, -step):
                cand = moved(weights, term, delta)
                e = error(cand, variant, samples, k)
                if e < best:
                    weights, best, improved = cand, e, True
                    break
        print(f"round {r + 1}: error {best:.5f}", flush=True)
        if not improved:
            break
    return weights


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="international")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--load", default="", help="pickle of score-labelled positions (train_patterns.py)")
    ap.add_argument("--scale", type=float, default=0.6)
    ap.add_argument("--limit", type=int, default=0, help="use at most this many loaded positions")
    args = ap.parse_args()
    start = time.perf_counter()
    k = 0.0
    if args.load:
        with open(args.load, "rb") as f:
            scored = pickle.load(f)
        if args.limit:
            scored = random.Random(args.seed).sample(scored, min(args.limit, len(scored)))
        k = args.scale
        samples = [(w, b, kings, turn, 1.0 / (1.0 + math.exp(-k * score / 100.0)))
                   for w, b, kings, turn, score, _game in scored]
    else:
        samples = play_games(args.variant, args.games, args.seed)
    print(f"{len(samples)} positions in {time.perf_counter() - start:.0f} s", flush=True)
    weights = tune(weights_for(get_variant(args.variant)), args.variant, samples, args.rounds, k)
    print(weights)


if __name__ == "__main__":
    main()
