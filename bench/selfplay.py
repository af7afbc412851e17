"""Self-play between two evaluation settings of damier in any variant (a tool, not a test).

    .venv/bin/python bench/selfplay.py --variant russian --games 20 --movetime 0.1 \
        --a mobility=0,balance=0 --b mobility=2,balance=3

Each game starts from a short random opening (``--opening-plies``, seeded per pair) and is
played twice with colours swapped. Prints wins/draws/losses of B and the Elo difference.
"""
from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import elo  # noqa: E402

from damier import Board, get_variant  # noqa: E402
from damier.engine import Engine, Limit  # noqa: E402
from damier.engine.evaluate import weights_for  # noqa: E402


def engine_with(variant: str, spec: str) -> Engine:
    rules = get_variant(variant)
    engine = Engine(rules, hash_mb=32)
    weights = weights_for(rules)
    changes: dict[str, int] = {}
    options: dict[str, int] = {}
    for item in filter(None, spec.split(",")):
        key, _, value = item.partition("=")
        if key.startswith("opt."):
            options[key[4:]] = int(value)
        else:
            changes[key] = int(value)
    searcher = engine._searcher(rules)
    searcher.use_weights(replace(weights, **changes))
    searcher.options = replace(searcher.options, **options)
    return engine


def play(variant: str, opening: list[str], a: Engine, b: Engine, b_white: bool,
         movetime: float) -> float:
    board = Board(variant)
    for text in opening:
        board.push(text)
    while board.outcome() is None and board.ply < 300:
        engine = b if (board.turn == 0) == b_white else a
        board.push(engine.play(board, Limit(time=movetime)).move)
    outcome = board.outcome()
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if (outcome.winner == 0) == b_white else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="international")
    ap.add_argument("--games", type=int, default=20, help="games in all (pairs x 2)")
    ap.add_argument("--movetime", type=float, default=0.1)
    ap.add_argument("--opening-plies", type=int, default=4)
    ap.add_argument("--a", default="",
                    help="weights/options of A: name=value,... (opt.NAME for search options)")
    ap.add_argument("--b", default="")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    scores: list[float] = []
    for _pair in range(max(1, args.games // 2)):
        board = Board(args.variant)
        opening = []
        for _ in range(args.opening_plies):
            move = rng.choice(list(board.legal_moves))
            opening.append(board.notation(move))
            board.push(move)
        for b_white in (True, False):
            a = engine_with(args.variant, args.a)
            b = engine_with(args.variant, args.b)
            s = play(args.variant, opening, a, b, b_white, args.movetime)
            scores.append(s)
            print(f"  [{' '.join(opening)}] B {'white' if b_white else 'black'}: {s}", flush=True)
    e, lo, hi = elo(scores)
    w = scores.count(1.0)
    d = scores.count(0.5)
    losses = len(scores) - w - d
    print(f"B vs A in {args.variant}: +{w} ={d} -{losses}: Elo {e:+.0f} ({lo:+.0f} .. {hi:+.0f})")


if __name__ == "__main__":
    main()
