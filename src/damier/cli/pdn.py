"""``damier pdn``: check and convert PDN files.

``damier pdn check FILE`` reads every game (replaying every move) and prints one line per
problem ``FILE:LINE:COLUMN: error|warning: message`` and a summary; the exit status is 1
if any error was found (``--strict``: any warning too), else 0. ``damier pdn convert FILE
--to pdn|fen`` writes the games as normalised PDN 3.0, or the FEN after each game's main
line, to standard output (or ``-o FILE``, written beside and renamed over FILE at the end:
FILE may be the input itself, converted in place). ``--variant`` applies to games without a
``GameType`` tag. A line longer than 4 MiB (a binary file, or no line ends) is an error
that ends the reading, after the games before it. This module only parses arguments and prints; PDN lives in
:mod:`damier.formats.pdn`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from typing import TextIO

from damier.cli import UsageError, run_action
from damier.cli.bounds import bounded_int
from damier.cli.outfiles import replaced
from damier.core.variants import get_variant
from damier.formats.pdn import Game, LineTooLong, read_games, write_game


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("pdn", help="check or convert PDN game files")
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    check = actions.add_parser("check", help="read and replay every game, report problems")
    convert = actions.add_parser("convert", help="write the games as normalised PDN or FEN")
    for q in (check, convert):
        q.add_argument("file", help="PDN file ('-' for standard input)")
        q.add_argument("--variant", "-v", default=None,
                       help="variant of games without a GameType tag (default: international)")
    check.add_argument("--strict", action="store_true",
                       help="warnings count as errors; ambiguous short captures are errors")
    check.add_argument("--quiet", "-q", action="store_true", help="print the summary only")
    convert.add_argument("--to", choices=("pdn", "fen"), default="pdn", help="output format")
    convert.add_argument("--output", "-o", help="output file (default: standard output)")
    convert.add_argument("--line-length", type=bounded_int(0, 100_000), default=80,
                         help="0: no wrapping")
    convert.add_argument("--capture-sign", choices=("x", ":"), default=None,
                         help="sign between the squares of a capture (default: the variant's "
                              "own, ':' in Russian and Brazilian; 'x' as lidraughts and "
                              "pydraughts write them)")
    p.set_defaults(func=run, parser=p)


def _games(args: argparse.Namespace) -> Iterator[Game]:
    variant = get_variant(args.variant) if args.variant else None
    strict = bool(getattr(args, "strict", False))
    if args.file == "-":
        return read_games(sys.stdin.buffer, variant, strict=strict)
    if os.path.isdir(args.file):
        raise UsageError(f"{args.file} is a folder, not a PDN file")
    if not os.path.exists(args.file):
        raise UsageError(f"no such file: {args.file}")
    return read_games(args.file, variant, strict=strict)  # a file, a pipe, /dev/null ...


def run(args: argparse.Namespace) -> int:
    return run_action(args, {"check": _check, "convert": _convert})


def _check(args: argparse.Namespace) -> int:
    games = errors = warnings = moves = 0
    try:
        for game in _games(args):
            games += 1
            errors += len(game.errors)
            warnings += len(game.warnings)
            moves += sum(1 for n in game.walk() if n.move is not None)
            if not args.quiet:
                for issue in game.issues:
                    print(f"{args.file}:{issue.line}:{issue.column}: {issue.severity}: "
                          f"{issue.message}")
    except LineTooLong as e:
        errors += 1
        print(f"{args.file}:{e.line}:1: error: {e}")
    print(f"{args.file}: {games} games, {moves} moves, {errors} errors, {warnings} warnings")
    return 1 if errors or (args.strict and warnings) else 0


def _convert(args: argparse.Namespace) -> int:
    games = _games(args)
    if not args.output:
        return _convert_to(games, sys.stdout, args)
    in_place = args.file != "-" and os.path.exists(args.output) \
        and os.path.samefile(args.file, args.output)
    with replaced(args.output) as out:  # renamed over the output at the end: it may be the input
        status = _convert_to(games, out, args)
        if status and in_place:  # a game lost to an error would be lost from the input too
            raise UsageError(f"{args.file} has errors: left as it was (convert it to another file)")
    return status


def _convert_to(games: Iterator[Game], out: TextIO, args: argparse.Namespace) -> int:
    bad = 0
    try:
        for game in games:
            bad += bool(game.errors)
            for issue in game.errors:
                print(f"{args.file}:{issue.line}:{issue.column}: error: {issue.message}",
                      file=sys.stderr)
            if args.to == "fen":
                out.write(game.board().fen() + "\n")
            else:
                out.write(write_game(game, line_length=args.line_length,
                                     capture_sign=args.capture_sign) + "\n\n")
    except LineTooLong as e:
        bad += 1
        print(f"{args.file}:{e.line}:1: error: {e}", file=sys.stderr)
    return 1 if bad else 0
