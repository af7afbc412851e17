"""``damier egdb``: build, inspect and probe endgame databases.

* ``damier egdb build --variant international --pieces 5 [--out DIR] [--only 2101,1111]
  [--concurrency K | --cluster ADDRESS]``: solve every configuration of up to N pieces not
  yet built (each with its swap), on a local process pool or a Dask cluster, writing
  ``DIR/<variant>/<config>.dkeg`` and ``MANIFEST.json`` (default DIR: the user's folder,
  ``$XDG_DATA_HOME/damier/egdb``, which the engine reads);
* ``damier egdb info --variant V``: the tables found, and up to how many pieces they are complete;
* ``damier egdb probe --variant V FEN``: the database's value of a position.

Progress of a build goes to stderr, one line per solved pair.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from damier.cli import UsageError, add_variant_argument
from damier.cli.match import add_executor_arguments, executor_for
from damier.core.board import Board
from damier.core.errors import DamierError
from damier.core.variants import get_variant
from damier.engine.egdb.build import Progress, build, parse_config
from damier.engine.egdb.database import EndgameDatabase, search_path, table_files, unsupported, user_dir


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("egdb", help="build, inspect and probe endgame databases")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    b = actions.add_parser("build", help="solve configurations by retrograde analysis")
    add_variant_argument(b)
    b.add_argument("--pieces", type=int, required=True, metavar="N",
                   help="build every table of up to N pieces")
    b.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help=f"root folder of the tables (default {user_dir()})")
    b.add_argument("--only", default=None, metavar="CONFIGS",
                   help="comma-separated configurations to build, e.g. 2101,1111 (men, kings, "
                        "opponent men, opponent kings; their dependencies must exist)")
    add_executor_arguments(b, "configurations solved")
    b.set_defaults(func=run_build)
    i = actions.add_parser("info", help="the tables found and their completeness")
    add_variant_argument(i)
    i.set_defaults(func=run_info)
    q = actions.add_parser("probe", help="the database's value of a position")
    add_variant_argument(q)
    q.add_argument("fen", metavar="FEN")
    q.set_defaults(func=run_probe)


def _show(p: Progress) -> None:
    rate = p.done_positions / p.elapsed if p.elapsed > 0 else 0.0
    left = (p.total_positions - p.done_positions) / rate if rate > 0 else 0.0
    print(f"[{p.done_pairs}/{p.total_pairs}] {p.last}: {p.done_positions:,}/{p.total_positions:,} positions, "
          f"{p.elapsed:.0f} s, {rate / 1e6:.2f} M/s, about {left:.0f} s left", file=sys.stderr, flush=True)


def run_build(args: argparse.Namespace) -> int:
    if args.pieces < 2 or args.pieces > 8:
        raise UsageError("--pieces must be 2-8")
    if args.concurrency is not None and args.concurrency < 0:
        raise UsageError("--concurrency must be >= 0")
    try:
        only = [parse_config(c) for c in args.only.split(",")] if args.only else None
    except ValueError as e:
        raise UsageError(f"--only: {e}") from None
    rules = get_variant(args.variant)
    reason = unsupported(rules)
    if reason:
        raise UsageError(f"{rules.name}: {reason}")
    out = args.out or user_dir()
    command = f"damier egdb build --variant {rules.name} --pieces {args.pieces}"
    if args.only:
        command += f" --only {args.only}"
    with executor_for(args) as (executor, _slots):
        try:
            report = build(rules.name, args.pieces, out, executor, _show, only, command=command)
        except ValueError as e:
            raise DamierError(str(e)) from None
    print(f"{len(report.written)} tables written to {out / rules.name} ({report.positions:,} positions, "
          f"{report.seconds:.0f} s); {len(report.kept)} were there already")
    return 0


def run_info(args: argparse.Namespace) -> int:
    rules = get_variant(args.variant)
    reason = unsupported(rules)
    if reason:
        raise UsageError(f"{rules.name}: {reason}")
    roots = search_path()
    files = table_files(rules, roots)
    db = EndgameDatabase(rules, files)
    print(f"{rules.name}: {len(files)} tables, complete up to {db.max_pieces} pieces, largest {db.largest}")
    for root in roots:
        n = sum(1 for p in files.values() if p.parent == root / rules.name)
        print(f"  {root / rules.name}: {n} tables")
    db.close()
    return 0


def run_probe(args: argparse.Namespace) -> int:
    board = Board(args.variant, fen=args.fen)
    reason = unsupported(board.rules)
    if reason:
        raise UsageError(f"{board.rules.name}: {reason}")
    db = EndgameDatabase.open(board.rules)
    value = db.probe(board.position)
    db.close()
    print("not in the database" if value is None else value)
    return 0 if value is not None else 1
