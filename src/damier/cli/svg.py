"""``damier svg``: draw a position as an SVG file.

``damier svg --fen FEN [--variant V] [-o OUT] [--flip] [--size N]`` writes the picture to
OUT (default ``board.svg``; ``-`` for standard output). Drawing lives in
:mod:`damier.core.diagram`; this module only parses arguments and writes the file.
"""

from __future__ import annotations

import argparse
import sys

from damier.cli import add_variant_argument
from damier.cli.bounds import bounded_int
from damier.cli.outfiles import replaced
from damier.core.board import Board
from damier.core.diagram import board as svg_board


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("svg", help="draw a position as an SVG picture")
    add_variant_argument(p)
    p.add_argument("--fen", help="position (default: the start position)")
    p.add_argument("--output", "-o", default="board.svg", help="output file; '-' for stdout")
    p.add_argument("--flip", action="store_true", help="show the board from Black's side")
    p.add_argument("--size", type=bounded_int(16, 20_000), default=400,
                   help="picture size in pixels (16-20000)")
    p.add_argument("--numbers", action=argparse.BooleanOptionalAction, default=None,
                   help="write the square numbers")
    p.add_argument("--coordinates", action=argparse.BooleanOptionalAction, default=None,
                   help="write file letters and rank numbers")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    board = Board(args.variant, args.fen)
    text = svg_board(board, flip=args.flip, size=args.size, numbers=args.numbers,
                     coordinates=args.coordinates)
    if args.output == "-":
        sys.stdout.write(text + "\n")
    else:
        with replaced(args.output) as f:
            f.write(text + "\n")
    return 0
