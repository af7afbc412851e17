"""``damier perft``: count the positions reached after N plies (bulk counting at the last ply).

With ``--divide`` the count under each first move is printed first (``move count``); the
total is always the last line. Standard error names the move generator that ran: ``native``
(the C kernel) or ``pure`` (Python, with the reason).
"""

from __future__ import annotations

import argparse
import sys
import time

from damier.cli import add_variant_argument
from damier.cli.bounds import MAX_PERFT_DEPTH, bounded_int
from damier.core.board import Board


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("perft", help="count move-generation leaves to a depth")
    add_variant_argument(p)
    p.add_argument("--fen", help="position (default: the start)")
    p.add_argument("--depth", "-d", type=bounded_int(0, MAX_PERFT_DEPTH), required=True,
                   help=f"plies to search (0-{MAX_PERFT_DEPTH})")
    p.add_argument("--divide", action="store_true", help="print the count under each move")
    p.add_argument("--time", action="store_true", help="also print time and speed (stderr)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    board = Board(args.variant, args.fen)
    gen, pos = board.gen, board.position
    print(f"move generation: {generator_path(board)}", file=sys.stderr)
    start = time.perf_counter()
    if args.divide and args.depth >= 1:
        total = 0
        for move in sorted(board.legal_moves, key=lambda m: board.notation(m, "long")):
            n = gen.perft(gen.apply(pos, move.fast), args.depth - 1)
            total += n
            print(f"{board.notation(move)} {n}")
    else:
        total = gen.perft(pos, args.depth)
    elapsed = time.perf_counter() - start
    if args.time:
        rate = total / elapsed if elapsed > 0 else float("inf")
        print(f"{elapsed:.3f} s, {rate / 1e6:.2f} M leaves/s", file=sys.stderr)
    print(total)
    return 0


def generator_path(board: Board) -> str:
    """``native`` or ``pure (why)`` for the board's variant."""
    from damier.core import kernel
    from damier.core.native_movegen import NativeMoveGenerator

    if isinstance(board.gen, NativeMoveGenerator):
        return "native"
    return f"pure ({kernel.pure_reason() or kernel.unsupported(board.rules) or ''})"
