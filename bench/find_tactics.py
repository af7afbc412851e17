"""Find and verify tactical test positions ("shots") for tests/engine/test_tactics.py.

Plays semi-random games (random moves mixed with shallow engine moves) and keeps quiet
positions, material level or better for the side to move, where exactly ONE move is a
sacrifice (the opponent must capture after it) that wins at least two men, or crowns a man,
within ``--depth`` quiet plies plus forced captures (and still at ``--depth`` + 1 and + 2),
according to the independent material minimax of ``tests/engine/verify.py`` — and where
no other move wins anything. ``--placed N`` places up to N men a side at random instead of
playing games. Prints the FEN and the key move, pasted into the test.

    .venv/bin/python bench/find_tactics.py --variant international --count 4
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "engine"))

from verify import material, winning_moves  # noqa: E402

from damier import Board, get_variant  # noqa: E402
from damier.core.position import Position  # noqa: E402
from damier.core.rules import Rules  # noqa: E402
from damier.engine import Engine, Limit  # noqa: E402


def _placed(rules: Rules, rng: random.Random, n: int) -> Position:
    """``n`` men a side at random (none on its own crown row), White to move."""
    g = rules.geometry
    free = list(range(g.squares))
    rng.shuffle(free)
    white = black = 0
    for i in free:
        r, _c = g.coords(i)
        if white.bit_count() < n and r != 0 and r >= g.size // 2 - 1:
            white |= g.mask[i]
        elif black.bit_count() < n and r != g.size - 1 and r <= g.size // 2:
            black |= g.mask[i]
    return Position(white, black, 0, rules.first_player, 0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="international")
    ap.add_argument("--count", type=int, default=4)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--placed", type=int, default=0,
                    help="place up to N men a side at random instead of playing games")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.variant)
    found = 0
    games = 0
    rules = get_variant(args.variant)
    while found < args.count and games < 20000:
        games += 1
        if args.placed:
            board = Board(rules, position=_placed(rules, rng, rng.randrange(3, args.placed + 1)))
        else:
            board = Board(rules)
            for _ply in range(rng.randrange(10, 70)):
                if board.outcome():
                    break
                if rng.random() < 0.5:
                    board.push(engine.play(board, Limit(depth=2)).move)
                else:
                    board.push(rng.choice(list(board.legal_moves)))
        if board.outcome():
            continue
        pos = board.position
        gen = board.gen
        moves = gen.legal(pos)
        if len(moves) < 2 or moves[0][2]:
            continue
        brk = board.rules.goal == "breakthrough"
        if material(pos, brk) < 0:
            continue
        base = material(pos, brk)
        wins, other = winning_moves(gen, pos, args.depth, 2, brk)
        if len(wins) != 1 or other > base:
            continue
        # the shot must stay the only winning move when the verifier looks further
        deeper = [winning_moves(gen, pos, args.depth + extra, 2, brk) for extra in (1, 2)]
        if any(w != wins or o > base for w, o in deeper):
            continue
        key = moves[wins[0]]
        if not gen.has_capture(gen.apply(pos, key)):
            continue  # not a sacrifice: too easy
        mv = [m for m in board.legal_moves if m.fast == key][0]
        print(f'("{args.variant}", "{board.fen()}", "{mv.long()}"),', flush=True)
        found += 1


if __name__ == "__main__":
    main()
