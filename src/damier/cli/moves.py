"""``damier moves``: print the legal moves of a position.

``--moves`` plays moves first; that is how to see the huff moves of ``czech-traditional``,
which exist only right after an offending move (a FEN cannot say which pieces may be
huffed).

One move per line; with ``--fen -`` one line per FEN read from standard input, the moves
separated by single spaces (an empty line for a position without moves).
"""

from __future__ import annotations

import argparse
import sys

from damier.cli import add_variant_argument
from damier.core.board import Board
from damier.core.errors import DamierError, FenError
from damier.core.variants import get_variant


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("moves", help="print the legal moves of a position")
    add_variant_argument(p)
    p.add_argument("--fen", help="position (default: the start); '-' reads FENs from stdin")
    p.add_argument(
        "--moves", default="",
        help="moves played from the position first, space-separated (e.g. to reach a "
        "position where a huff is possible)",
    )
    p.add_argument(
        "--format", choices=("pdn", "long", "hub"), default="pdn",
        help="pdn: short unless ambiguous; long: every landing square; hub: captured squares",
    )
    p.set_defaults(func=run)


def moves_of(board: Board, form: str) -> list[str]:
    """The legal moves of ``board`` written in ``form``, sorted for stable output."""
    return sorted(board.notation(m, form) for m in board.legal_moves)


def run(args: argparse.Namespace) -> int:
    rules = get_variant(args.variant)
    if args.fen == "-":
        for lineno, line in enumerate(sys.stdin, start=1):
            text = line.strip()
            if not text:
                continue
            try:
                board = Board(rules, text)
            except DamierError as e:
                raise FenError(f"line {lineno}: {e}") from None
            print(" ".join(moves_of(board, args.format)), flush=False)
        return 0
    board = Board(rules, args.fen)
    for text in args.moves.split():
        board.push(text)
    for text in moves_of(board, args.format):
        print(text)
    return 0
