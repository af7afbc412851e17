"""``damier explorer``: the opening explorer's game database from the command line.

``damier explorer import FILE ...`` adds PDN game files (each file once; ``--variant`` for
games without a GameType tag; ``--jobs N`` reads N files at once in a process pool,
``--cluster ADDRESS`` on a Dask cluster; an import that was stopped resumes where it
stopped); ``damier explorer import --default`` adds the default game files that ship with
damier (the web app does this by itself on first use). ``damier explorer show [--fen FEN]``
prints the moves played from a position (default: the start) with their games, results and
average rating, the newest and the best-rated games, with ``--since``/``--until`` (years)
and ``--min-rating``/``--max-rating`` filters. ``--db`` names the database (default
``$DAMIER_EXPLORER_DB``, else ``explorer.sqlite3`` in damier's data directory, the file the
web app uses with its default games database). The explorer itself is
:mod:`damier.analysis.explorer`; this module parses arguments and prints.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path

from damier.analysis.explorer import Explorer, Filters
from damier.cli import UsageError, run_action
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
    imp.add_argument("--jobs", "-j", type=int, default=0,
                     help="files read at once in a process pool (default 0: in this process)")
    imp.add_argument("--cluster", default=None, metavar="ADDRESS",
                     help="read the files on a Dask cluster (its scheduler's address)")
    imp.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    show = actions.add_parser("show", help="the moves played from a position")
    show.add_argument("--variant", "-v", default="international", help="variant name")
    show.add_argument("--fen", default=None, help="the position (default: the start)")
    show.add_argument("--games", type=int, default=5, help="example games to list")
    show.add_argument("--since", type=int, default=None, help="games of this year or later")
    show.add_argument("--until", type=int, default=None, help="games of this year or earlier")
    show.add_argument("--min-rating", type=int, default=None,
                      help="games whose players' mean rating is at least this")
    show.add_argument("--max-rating", type=int, default=None,
                      help="games whose players' mean rating is at most this")
    for q in (imp, show):
        q.add_argument("--db", type=Path, default=None, help="the explorer's database file")
    p.set_defaults(func=run, parser=p)


def run(args: argparse.Namespace) -> int:
    return run_action(args, {"import": _import, "show": _show})


def opened(args: argparse.Namespace) -> contextlib.closing[Explorer]:
    """The explorer's database that ``--db`` names (else :func:`default_db`), closed when
    the ``with`` block ends."""
    return contextlib.closing(Explorer(args.db or default_db()))


@contextlib.contextmanager
def _executor(args: argparse.Namespace) -> Iterator[tuple[Executor | None, int]]:
    from damier.protocol.match.executors import dask_executor, local_executor

    if args.cluster:
        with dask_executor(args.cluster) as (executor, slots):
            yield executor, slots
    elif args.jobs > 0:
        executor = local_executor(args.jobs)
        with executor:
            yield executor, args.jobs
    else:
        yield None, 1


def _import(args: argparse.Namespace) -> int:
    with opened(args) as explorer:
        if not args.files and not args.default:
            raise UsageError("name PDN files to import, or --default")
        variant = get_variant(args.variant).name if args.variant else None
        for name in args.files:
            if not os.path.isfile(name):
                raise UsageError(f"no such file: {name}")
        start = time.perf_counter()

        def progress(games: int, done: int, files: int) -> None:
            if not args.quiet:
                rate = games / max(time.perf_counter() - start, 1e-9)
                print(f"\r{games:,} games, {done}/{files} files, {rate:,.0f} games/s",
                      end="", file=sys.stderr, flush=True)

        reports = explorer.import_default() if args.default else []
        with _executor(args) as (executor, jobs):
            reports += explorer.import_files(args.files, variant, executor, jobs, progress)
        if not args.quiet and args.files:
            print(file=sys.stderr)
        for r in reports:
            if r.already:
                print(f"{r.name}: already imported")
            else:
                print(f"{r.name}: {r.games} games imported, {r.skipped} without moves, "
                      f"{len(r.errors)} problems")
        print(f"{explorer.count_games()} games in {explorer.path}")
        return 0


def _show(args: argparse.Namespace) -> int:
    with opened(args) as explorer:
        filters = Filters(args.since, args.until, args.min_rating, args.max_rating)
        answer = explorer.lookup(args.variant, args.fen, max(0, args.games), filters)
        print(answer["fen"])
        if not answer["moves"]:
            print("no game in the database reached this position")
        for m in answer["moves"]:
            rating = f"  rating {m['rating']}" if m["rating"] else ""
            print(f"{m['move']:>12}  {m['games']:6} games  White {m['white']:5}  "
                  f"draws {m['draws']:5}  Black {m['black']:5}{rating}")
        for title, games in (("newest", answer["games"]), ("best rated", answer["top_games"])):
            if games:
                print(f"{title}:")
            for g in games:
                elo = f" ({g['white_elo'] or '?'}-{g['black_elo'] or '?'})" \
                    if g["white_elo"] or g["black_elo"] else ""
                print(f"  #{g['id']} {g['white']} - {g['black']} {g['result']}{elo} "
                      f"{g['event']} {g['date']}")
        return 0
