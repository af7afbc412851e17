"""``damier puzzles``: mine puzzles from games, import problem collections, see the database.

``damier puzzles mine GAMES.pdn ... [-o PUZZLES.pdn]`` looks at every position of the games
with damier's engine and writes the positions where one move wins decisively and the others
do not, verified by a deeper search, as a PDN problem collection
(:mod:`damier.analysis.mining`; CPU-heavy: run it ``nice``). ``damier puzzles import FILE
...`` stores problem collections in the puzzle database; problems whose solution does not
replay are listed and not stored (exit status 1 if there were any). ``damier puzzles
recheck PUZZLES.pdn ... [-o OUT.pdn]`` mines the positions of puzzle files again with the
engine of today and a deeper verification (``--deep-depth``, 14), keeping each puzzle still
won by one move only, with the solution found now and its source. ``damier puzzles
stats`` counts the puzzles per variant. ``--db`` names the database (default
``$DAMIER_PUZZLES_DB``, else ``puzzles.sqlite3`` in damier's data directory, the file the web
app uses with its default games database). This module parses arguments and prints.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path
from typing import TextIO

from damier.analysis.mining import MineSettings, mine_files, puzzles_pdn, recheck
from damier.analysis.puzzle import Puzzle
from damier.analysis.puzzledb import PuzzleStore, puzzle_of
from damier.cli import UsageError, run_action
from damier.cli.outfiles import check_output, streamed
from damier.core.userdata import user_path
from damier.core.variants import get_variant
from damier.engine import BuiltinEngine, Limit
from damier.formats.pdn import read_games

MINE_HASH_MB = 2
"""The miner's transposition table: small, since a search to a fixed depth starts by clearing
it, and clearing 64 MB took 34 of the 36 ms of a quick look (depth 4, two lines; 242 positions
of three games of brunogui_match_samb_buggy_2003.pdn: 8.4 s with 64 MB, 1.4 s with 4 MB,
0.9 s with 1 MB, and the depth-8 verifications no slower)."""


def default_db() -> Path:
    """``$DAMIER_PUZZLES_DB``, else ``damier/puzzles.sqlite3`` in the user's data directory."""
    return user_path("puzzles.sqlite3", env="DAMIER_PUZZLES_DB")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("puzzles", help="mine puzzles from games, import problem collections")
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    mine = actions.add_parser("mine", help="find puzzles in PDN games with the engine")
    mine.add_argument("files", nargs="+", help="PDN game files")
    mine.add_argument("--output", "-o", help="PDN file to write (default: standard output)")
    mine.add_argument("--limit", type=int, default=0, help="stop after this many puzzles")
    mine.add_argument("--quick-depth", type=int, default=4, help="depth of the first look")
    mine.add_argument("--deep-depth", type=int, default=8, help="depth of the verification")
    mine.add_argument("--per-game", type=int, default=3, help="puzzles per game at most")
    mine.add_argument("--slack", type=float, default=0.05,
                      help="how far the first look may miss the thresholds (expected score)")
    mine.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    again = actions.add_parser("recheck", help="mine the positions of puzzle files again: keep "
                               "those still won by one move only, with their solution found now")
    again.add_argument("files", nargs="+", help="PDN puzzle files (as damier puzzles mine writes)")
    again.add_argument("--output", "-o", help="PDN file to write (default: standard output)")
    again.add_argument("--deep-depth", type=int, default=14, help="depth of the verification")
    again.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    imp = actions.add_parser("import", help="store PDN problem collections in the database")
    imp.add_argument("files", nargs="+", help="PDN files (FEN and solution per problem)")
    stats = actions.add_parser("stats", help="puzzles per variant in the database")
    for q in (mine, again, imp):
        q.add_argument("--variant", "-v", default=None,
                       help="variant of games without a GameType tag (default: international)")
    for q in (imp, stats):
        q.add_argument("--db", type=Path, default=None, help="the puzzle database file")
    p.set_defaults(func=run, parser=p)


def run(args: argparse.Namespace) -> int:
    return run_action(args, {"mine": _mine, "recheck": _recheck, "import": _import,
                             "stats": _stats})


def _opened(args: argparse.Namespace) -> contextlib.closing[PuzzleStore]:
    """The puzzle database that ``--db`` names (else :func:`default_db`), closed when the
    ``with`` block ends."""
    return contextlib.closing(PuzzleStore(args.db or default_db()))


def _check_files(files: list[str]) -> None:
    for name in files:
        if not os.path.isfile(name):
            raise UsageError(f"no such file: {name}")


def _inputs(args: argparse.Namespace) -> str | None:
    """Checks the game files named, and that ``--output`` is none of them (it is written as
    the puzzles are found); the variant ``--variant`` names, if any."""
    _check_files(args.files)
    if args.output:
        check_output(args.output, args.files)
    return get_variant(args.variant).name if args.variant else None


def _miner(variant: str) -> BuiltinEngine:
    """The engine that finds and verifies puzzles: full strength, a small hash table."""
    return BuiltinEngine(variant, level=10, hash_mb=MINE_HASH_MB)


def _emit(out: TextIO, puzzle: Puzzle) -> None:
    """One puzzle written as soon as it is found (an interrupted run keeps it)."""
    out.write(puzzles_pdn([puzzle]))
    out.flush()


def _note(args: argparse.Namespace, line: str) -> None:
    """A line on standard error (what was found, what was dropped), unless ``--quiet``."""
    if not args.quiet:
        print(line, file=sys.stderr)


def _mine(args: argparse.Namespace) -> int:
    variant = _inputs(args)
    for value, what in ((args.quick_depth, "--quick-depth"), (args.deep_depth, "--deep-depth")):
        if not 1 <= value <= 40:
            raise UsageError(f"{what} must be 1-40")
    if not 0 <= args.slack <= 0.3:
        raise UsageError("--slack must be 0-0.3")
    settings = MineSettings(quick=Limit(depth=args.quick_depth), deep=Limit(depth=args.deep_depth),
                            per_game=max(1, args.per_game), slack=args.slack)
    started = time.perf_counter()

    def progress(name: str, game: int, found: int) -> None:
        if not args.quiet:
            print(f"\r{name}: game {game}, {found} puzzles, "
                  f"{time.perf_counter() - started:.0f} s", end="", file=sys.stderr, flush=True)

    count = 0
    with streamed(args.output) as out:
        for puzzle in mine_files(args.files, _miner, settings, variant, progress,
                                 max(0, args.limit)):
            _emit(out, puzzle)
            count += 1
    _note(args, f"\n{count} puzzles")
    return 0


def _recheck(args: argparse.Namespace) -> int:
    variant = _inputs(args)
    if not 1 <= args.deep_depth <= 40:
        raise UsageError("--deep-depth must be 1-40")
    puzzles = []
    for name in args.files:
        for game in read_games(name, variant):
            try:
                puzzles.append(puzzle_of(game))
            except ValueError as e:
                raise UsageError(f"{name}, line {game.line}: not a puzzle: {e}") from None
    settings = MineSettings(deep=Limit(depth=args.deep_depth))
    kept = dropped = 0
    with streamed(args.output) as out:
        for old, new in recheck(puzzles, _miner, settings):
            if new is None:
                dropped += 1
                _note(args, f"dropped {old.fen} (key {old.solution[0]})")
                continue
            _emit(out, new)
            kept += 1
    _note(args, f"{kept} puzzles kept, {dropped} dropped")
    return 0


def _import(args: argparse.Namespace) -> int:
    with _opened(args) as store:
        _check_files(args.files)
        variant = get_variant(args.variant).name if args.variant else None
        refused = 0
        for name in args.files:
            report = store.import_file(name, variant)
            if report.already:
                print(f"{name}: already imported")
                continue
            print(f"{name}: {report.added} puzzles stored, {report.duplicates} already there, "
                  f"{len(report.rejected)} refused")
            for line in report.rejected:
                print(f"  refused: {line}")
            refused += len(report.rejected)
        print(f"{store.count()} puzzles in {store.path}")
        return 1 if refused else 0


def _stats(args: argparse.Namespace) -> int:
    with _opened(args) as store:
        for variant, n in sorted(store.variants().items()):
            print(f"{variant:20} {n:6} puzzles")
        print(f"{store.count()} puzzles in {store.path}")
        return 0
