"""What the tables of N pieces add to the search: positions it plays right (a tool).

Samples positions of N pieces from the tables (side to move without a capture, a win or a
draw for it, and at least one move that loses that value), and lets the native search
choose a move with a node budget twice: once with the tables of fewer pieces only (what the
engine has without them), once with every table. A move is right when it keeps the
database's value (a win stays a win, a draw a draw); the table values ignore the move-count
draw rules, as the search's probe does. With ``--play``, each win is also played out against
the tables' longest defence: converted when fewer pieces are reached with the win kept.

    .venv/bin/python bench/egdb_gain.py --variant czech --root DIR --pieces 5 --positions 400 --nodes 20000

Prints, for each side, the positions played right, and the mean nodes and time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from damier.core.movegen import generator  # noqa: E402
from damier.core.position import Position  # noqa: E402
from damier.core.variants import get_variant  # noqa: E402
from damier.engine.egdb.database import EndgameDatabase, search_path, table_files  # noqa: E402
from damier.engine.egdb.values import is_loss, is_win  # noqa: E402
from damier.engine.native import NativeSearcher  # noqa: E402
from damier.engine.search import RootState, SearchLimits  # noqa: E402


def _search(searcher: NativeSearcher, pos: Position, nodes: int) -> tuple[Any, int]:
    """The move the searcher chooses in ``pos`` within ``nodes``, and the nodes it spent."""
    iterations = list(searcher.iterate(RootState(pos, [], 0), SearchLimits(nodes=nodes)))
    assert iterations and iterations[-1].lines
    return iterations[-1].lines[0].pv[0], iterations[-1].nodes


def _keeps(code: int, child: int | None) -> bool:
    """Whether a move to ``child`` keeps the value ``code`` (a win or a draw)."""
    return child is not None and (is_loss(child) if is_win(code) else child == 0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="international")
    ap.add_argument("--root", action="append", type=Path,
                    help="folders of the tables (default: the search path)")
    ap.add_argument("--pieces", type=int, default=5)
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-plies", type=int, default=0, help="only wins at least this long (plies)")
    ap.add_argument("--play", type=int, default=0, metavar="PLIES",
                    help="also play each win out against the tables' longest defence for this many plies")
    args = ap.parse_args()
    rules = get_variant(args.variant)
    roots = args.root or search_path()
    files = table_files(rules, [*roots, *search_path()])
    full = EndgameDatabase(rules, files)
    fewer = EndgameDatabase(rules, {c: p for c, p in files.items() if sum(c) < args.pieces})
    configs = sorted(c for c in files if sum(c) == args.pieces)
    if not configs:
        raise SystemExit(f"no table of {args.pieces} pieces under {roots}")
    gen = generator(rules)
    rng = random.Random(args.seed)
    samples: list[tuple[Position, int]] = []
    while len(samples) < args.positions:
        c = rng.choice(configs)
        pos = full.index.position(c, rng.randrange(full.index.size(c)))
        if pos is None or gen.has_capture(pos) or not gen.legal(pos):
            continue
        code = full.probe_code(pos)
        if code is None or is_loss(code) or (is_win(code) and code - 1 < args.min_plies):
            continue
        children = [full.probe_code(gen.apply(pos, m)) for m in gen.legal(pos)]
        if all(_keeps(code, child) for child in children):
            continue                  # every move keeps the value: nothing to get wrong
        samples.append((pos, code))
    print(f"{rules.name}: {len(samples)} positions of {args.pieces} pieces from {len(configs)} tables, "
          f"{sum(1 for _, c in samples if c == 0)} draws, each with a move that throws its value away; "
          f"{args.nodes} nodes a move")
    for name, db in (("fewer pieces", fewer), ("all tables", full)):
        searcher = NativeSearcher(rules, hash_mb=16)
        searcher.use_egdb(db)
        right = nodes = 0
        start = time.process_time()
        for pos, code in samples:
            move, spent = _search(searcher, pos, args.nodes)
            child = full.probe_code(gen.apply(pos, move))
            right += _keeps(code, child)
            nodes += spent
        seconds = time.process_time() - start
        print(f"  {name:12}: {right}/{len(samples)} played right ({100 * right / len(samples):.1f}%), "
              f"{nodes / len(samples):.0f} nodes and {1000 * seconds / len(samples):.1f} ms CPU a position",
              flush=True)
        if args.play:
            wins = [pos for pos, code in samples if is_win(code)]
            converted = sum(_converts(pos, searcher, full, gen, args) for pos in wins)
            print(f"  {name:12}: {converted}/{len(wins)} wins converted within {args.play} plies against "
                  f"the tables' longest defence", flush=True)
    return 0


def _converts(pos: Position, searcher: NativeSearcher, full: EndgameDatabase, gen: Any,
              args: argparse.Namespace) -> bool:
    """Whether the searcher, playing the winning side of ``pos`` against the tables' best
    defence (the longest loss), reaches fewer pieces with the win kept, within ``--play`` plies."""
    pieces = (pos.white | pos.black).bit_count()
    for ply in range(args.play):
        if ply % 2 == 0:
            pos = gen.apply(pos, _search(searcher, pos, args.nodes)[0])
        else:
            moves = gen.legal(pos)
            if not moves:
                return True
            children = [gen.apply(pos, m) for m in moves]
            codes = [full.probe_code(c) for c in children]
            wins = [c for c in codes if c is not None and is_win(c)]
            if len(wins) < len(codes):
                return False          # the win was thrown away
            pos = children[max(range(len(wins)), key=lambda i: wins[i])]
        if (pos.white | pos.black).bit_count() < pieces:
            code = full.probe_code(pos)
            return code is not None and (is_loss(code) if ply % 2 == 0 else is_win(code))
    return False


if __name__ == "__main__":
    raise SystemExit(main())
