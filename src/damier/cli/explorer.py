"""``damier explorer``: the opening explorer's database from the command line.

``damier explorer import FILE ...`` adds PDN game files (each file once; ``--variant`` for
games without a GameType tag); ``damier explorer import --default`` adds the default game
files that ship with damier (the web app does this by itself on first use). ``damier
explorer show [--fen FEN]`` prints the moves played from a position (default: the start)
with their games and results, and a few of its games. ``--db`` names the database (default
``$DAMIER_EXPLORER_DB``, else ``explorer.sqlite3`` in damier's data directory, the file the
web app uses with its default games database). The explorer itself is
:mod:`damier.analysis.explorer`; this module parses arguments and prints.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from damier.analysis.explorer import Explorer
from damier.cli import UsageError
from damier.core.userdata import user_path
from damier.core.variants import get_variant


def default_db() -> Path:
    """``$DAMIER_EXPLORER_DB``, else ``damier/explorer.sqlite3`` in the user's data directory."""
    return user_path("explorer.sqlite3", env="DAMIER_EXPLORER_DB")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("explorer", help="the opening explorer: import games, show a position")
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    imp = actions.add_parser("import", help="add PDN game files to the explorer's database")
    imp.add_argument("files", nargs="*", help="PDN files")
    imp.add_argument("--default", action="store_true",
                     help="add the default game files that ship with damier")
    imp.add_argument("--variant", "-v", default=None,
                     help="variant of games without a GameType tag (default: international)")
    show = actions.add_parser("show", help="the moves played from a position")
    show.add_argument("--variant", "-v", default="international", help="variant name")
    show.add_argument("--fen", default=None, help="the position (default: the start)")
    show.add_argument("--games", type=int, default=5, help="example games to list")
    for q in (imp, show):
        q.add_argument("--db", type=Path, default=None, help="the explorer's database file")
    p.set_defaults(func=run, parser=p)


def run(args: argparse.Namespace) -> int:
    if args.action not in ("import", "show"):
        args.parser.print_help()
        return 2
    explorer = Explorer(args.db or default_db())
    try:
        return _import(args, explorer) if args.action == "import" else _show(args, explorer)
    finally:
        explorer.close()


def _import(args: argparse.Namespace, explorer: Explorer) -> int:
    if not args.files and not args.default:
        raise UsageError("name PDN files to import, or --default")
    variant = get_variant(args.variant).name if args.variant else None
    for name in args.files:
        if not os.path.isfile(name):
            raise UsageError(f"no such file: {name}")
    reports = explorer.import_default() if args.default else []
    reports += [explorer.import_file(name, variant) for name in args.files]
    for r in reports:
        if r.already:
            print(f"{r.name}: already imported")
        else:
            print(f"{r.name}: {r.games} games imported, {r.skipped} without moves, "
                  f"{len(r.errors)} problems")
    print(f"{explorer.count_games()} games in {explorer.path}")
    return 0


def _show(args: argparse.Namespace, explorer: Explorer) -> int:
    answer = explorer.lookup(args.variant, args.fen, max(0, args.games))
    print(answer["fen"])
    if not answer["moves"]:
        print("no game in the database reached this position")
    for m in answer["moves"]:
        print(f"{m['move']:>12}  {m['games']:6} games  White {m['white']:5}  "
              f"draws {m['draws']:5}  Black {m['black']:5}")
    for g in answer["games"]:
        print(f"  #{g['id']} {g['white']} - {g['black']} {g['result']} {g['event']} {g['date']}")
    return 0
