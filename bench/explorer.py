"""Benchmark: the opening explorer's answer time for a position, on 10,000 games.

The database holds the default game files (2,885 real games, ``damier explorer import
--default``) plus generated International games up to ``--games`` in all (each a random
walk of 60 plies from the start: they make the tables as large as real games would, with
more distinct positions than real games have). The positions asked are those of the first
``--plies`` plies of the real International games (the explorer's use: following a game's
opening), each asked once, in random order; the time is the whole
:meth:`Explorer.lookup` (FEN read, key, both queries, rows to dicts). The goal is under
50 ms per position.

Usage::

    python bench/explorer.py [--games 10000] [--plies 30] [--positions 2000] [--db PATH]

``--db PATH`` keeps the database (built once, reused on the next run).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from damier.analysis.explorer import Explorer, default_files
from damier.core.board import Board
from damier.formats.pdn import Game, read_games


def random_games(count: int, plies: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    out = []
    for n in range(count):
        board = Board("international")
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves or board.outcome() is not None:
                break
            board.push(rng.choice(moves))
        result = rng.choice(("2-0", "1-1", "0-2"))
        out.append(Game.from_board(board, {"White": f"random {n}", "Black": "random",
                                           "Result": result}))
    return out


def build(ex: Explorer, games: int, seed: int) -> None:
    t = time.perf_counter()
    ex.import_default()
    real = ex.count_games()
    missing = max(0, games - real)
    print(f"default files: {real} games in {time.perf_counter() - t:.1f} s", flush=True)
    t = time.perf_counter()
    ex.import_games(random_games(missing, 60, seed), "generated games")
    print(f"generated: {missing} games in {time.perf_counter() - t:.1f} s", flush=True)


def positions(plies: int) -> list[str]:
    fens: set[str] = set()
    for path, variant in default_files():
        if variant != "international":
            continue
        for game in read_games(path, variant):
            board = Board("international", position=game.root.position)
            for node in game.mainline()[:plies]:
                if node.move is None:
                    break
                fens.add(board.fen())
                board.push(node.move)
    return sorted(fens)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--plies", type=int, default=30)
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--db", type=Path)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    path = args.db or Path(tempfile.mkdtemp(prefix="damier-explorer-")) / "explorer.sqlite3"
    ex = Explorer(path)
    if ex.count_games() < args.games:
        build(ex, args.games, args.seed)
    total = ex.count_games()
    fens = positions(args.plies)
    random.Random(args.seed).shuffle(fens)
    fens = fens[: args.positions]
    times = []
    found = 0
    for fen in fens:
        t = time.perf_counter()
        answer = ex.lookup("international", fen)
        times.append((time.perf_counter() - t) * 1000)
        found += bool(answer["moves"])
    start = ex.lookup("international", None)
    t = time.perf_counter()
    for _ in range(20):
        ex.lookup("international", None)
    start_ms = (time.perf_counter() - t) / 20 * 1000
    times.sort()
    print(f"{total} games in {path} ({path.stat().st_size / 1e6:.0f} MB)")
    print(f"{len(fens)} positions (first {args.plies} plies of the real games), "
          f"{found} with moves: mean {statistics.mean(times):.2f} ms, median "
          f"{statistics.median(times):.2f} ms, p99 {times[int(len(times) * 0.99)]:.2f} ms, "
          f"max {times[-1]:.2f} ms")
    print(f"start position ({sum(m['games'] for m in start['moves'])} games, "
          f"{len(start['moves'])} moves): {start_ms:.2f} ms")
    ok = times[int(len(times) * 0.99)] < 50 and start_ms < 50
    print("goal (< 50 ms per position):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
