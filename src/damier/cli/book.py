"""``damier book``: build and show opening books.

* ``damier book build --variant V --pdn FILE... [--plies 16] [--min-games 2] [--depth 10]
  [--selfplay N] [--seed S] [--out PATH] [--concurrency K | --cluster ADDRESS]``: count the
  first plies of the games of the PDN files (and of N self-play games), search every position
  reached often enough, and write the book (default: the user's folder,
  ``$XDG_DATA_HOME/damier/book/<variant>.json``; the package's books are in
  ``src/damier/engine/data/book/``);
* ``damier book show --variant V [--fen FEN] [--book PATH]``: the candidates of a position
  (default the start), with games, points and searched scores, ``*`` marking those the
  engine plays.

Progress of a build goes to stderr.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from damier.cli import UsageError, add_variant_argument
from damier.cli.match import add_executor_arguments, executor_for
from damier.core.board import Board
from damier.core.variants import get_variant
from damier.engine.book import BookError, OpeningBook, user_dir
from damier.engine.book_build import BookProgress, build_book


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("book", help="build and show opening books")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    b = actions.add_parser("build", help="build a book from PDN games and self-play")
    add_variant_argument(b)
    b.add_argument("--pdn", nargs="+", type=Path, default=[], metavar="FILE", help="PDN game files")
    b.add_argument("--plies", type=int, default=16, help="plies of each game counted (16)")
    b.add_argument("--min-games", type=int, default=2, help="games a position needs to be searched (2)")
    b.add_argument("--depth", type=int, default=10, help="depth of the search of each position (10)")
    b.add_argument("--selfplay", type=int, default=0, metavar="N", help="self-play games added (0)")
    b.add_argument("--selfplay-depth", type=int, default=6, help="depth of the self-play games (6)")
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--out", type=Path, default=None, metavar="PATH", help="the book file to write")
    add_executor_arguments(b, "jobs")
    b.set_defaults(func=run_build)
    s = actions.add_parser("show", help="the book's candidates of a position")
    add_variant_argument(s)
    s.add_argument("--fen", default=None, help="the position (default: the start)")
    s.add_argument("--book", type=Path, default=None, help="a book file (default: the package's)")
    s.set_defaults(func=run_show)


def _show_progress(p: BookProgress) -> None:
    print(f"{p.stage}: {p.done}/{p.total}", file=sys.stderr, flush=True)


def run_build(args: argparse.Namespace) -> int:
    rules = get_variant(args.variant)
    if not args.pdn and not args.selfplay:
        raise UsageError("give --pdn files and/or --selfplay games")
    for value, name in ((args.plies, "--plies"), (args.min_games, "--min-games"), (args.depth, "--depth"),
                        (args.selfplay_depth, "--selfplay-depth")):
        if value < 1:
            raise UsageError(f"{name} must be at least 1")
    if args.selfplay < 0 or (args.concurrency is not None and args.concurrency < 0):
        raise UsageError("--selfplay and --concurrency must be >= 0")
    missing = [str(p) for p in args.pdn if not p.is_file()]
    if missing:
        raise UsageError(f"no such file: {', '.join(missing)}")
    command = " ".join(["damier book build", f"--variant {rules.name}",
                        *(["--pdn", *(p.name for p in args.pdn)] if args.pdn else []),
                        f"--plies {args.plies} --min-games {args.min_games} --depth {args.depth}",
                        f"--selfplay {args.selfplay} --selfplay-depth {args.selfplay_depth}",
                        f"--seed {args.seed}"])
    with executor_for(args) as (executor, slots):
        book = build_book(rules.name, args.pdn, executor, slots, args.plies, args.min_games, args.depth,
                          args.selfplay, args.selfplay_depth, args.seed, _show_progress, command)
    out = args.out or user_dir() / f"{rules.name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    book.save(out)
    print(f"{len(book)} positions written to {out}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    board = Board(args.variant, fen=args.fen)
    try:
        book = OpeningBook.load(args.book) if args.book else OpeningBook.default(board.rules)
    except BookError as e:
        raise UsageError(str(e)) from None
    if book is None:
        print(f"no book for {board.rules.name}")
        return 1
    playable = {board.notation(m) for m in book.playable(board)}
    moves = book.moves(board)
    if not moves:
        print("not in the book")
        return 1
    for bm in sorted(moves, key=lambda m: -(m.score if m.score is not None else -10**9)):
        mark = "*" if bm.move in playable else " "
        score = "" if bm.score is None else f"{bm.score:+d}"
        print(f"{mark} {bm.move:8} games {bm.games:5d}  points {bm.points:7.1f}  score {score}")
    return 0
