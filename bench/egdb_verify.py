"""Check endgame tables in full: every position obeys the minimax rule (a tool, not a test).

A position's stored value must be the best of the values after each of its legal moves (the
shortest win, else a draw, else the longest loss; lost in 0 plies without moves). A table in
which every position obeys this, with every table it leads to right, is exact, distances
included (by induction on the distance). The moves come from damier's move generator (the
native one, or with ``--pure`` the pure-Python one), the values from the database's probe:
nothing of the retrograde solver is used.

    .venv/bin/python bench/egdb_verify.py --variant international 0301 0103
    .venv/bin/python bench/egdb_verify.py --pieces 4          # every table of 4 pieces
    .venv/bin/python bench/egdb_verify.py --root DIR --pieces 5 --sample 2000   # random positions

Prints one line per table (positions checked, mismatches, CPU seconds); exit status 1 on a
mismatch.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from damier.core.movegen import generator  # noqa: E402
from damier.core.pure_movegen import MoveGenerator  # noqa: E402
from damier.core.variants import get_variant  # noqa: E402
from damier.engine.egdb.build import config_name, parse_config  # noqa: E402
from damier.engine.egdb.database import EndgameDatabase, configurations, search_path  # noqa: E402
from damier.engine.egdb.values import parent_code  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("configs", nargs="*", help="tables to check, e.g. 0301 2101")
    ap.add_argument("--variant", default="international")
    ap.add_argument("--pieces", type=int, default=0, help="check every table of this many pieces")
    ap.add_argument("--root", action="append", type=Path,
                    help="folder of the tables (default: the search path)")
    ap.add_argument("--pure", action="store_true", help="moves by the pure-Python generator")
    ap.add_argument("--sample", type=int, default=0, metavar="N",
                    help="check N random positions of each table (seed --seed) instead of all")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rules = get_variant(args.variant)
    db = EndgameDatabase.open(rules, args.root or search_path())
    gen = MoveGenerator(rules) if args.pure else generator(rules)
    wanted = [parse_config(c) for c in args.configs]
    if args.pieces:
        wanted += [c for c in configurations(args.pieces) if c in db.files]
    failed = False
    rng = random.Random(args.seed)
    for config in wanted:
        start = time.process_time()
        checked = bad = 0
        size = db.index.size(config)
        indices = (rng.randrange(size) for _ in range(args.sample)) if args.sample else range(size)
        for i in indices:
            pos = db.index.position(config, i)
            if pos is None:
                continue
            codes = [db.probe_code(gen.apply(pos, m)) for m in gen.legal(pos)]
            want = None if None in codes else parent_code(c for c in codes if c is not None)
            checked += 1
            if want is None or db.probe_code(pos) != want:
                bad += 1
                if bad <= 3:
                    print(f"  {config_name(config)} index {i}: stored {db.probe_code(pos)}, minimax {want}")
        failed |= bad > 0
        print(f"{config_name(config)}: {checked} positions, {bad} mismatches, "
              f"{time.process_time() - start:.0f} s CPU", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
