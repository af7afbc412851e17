"""``damier analyse``: ask the built-in engine about a position.

Prints ``info string search native`` (or ``pure``: which search runs, the C kernel or
Python), one ``info`` line per completed depth and PV (depth, score, nodes, speed, principal
variation in the variant's notation), ``info progress ...`` lines (depth under way, nodes,
speed) every quarter of a second while a depth runs, and finally ``bestmove <move>``;
``--multipv K`` shows the K best moves. Without ``--depth`` or ``--time`` it searches for 2 seconds.

This module only parses arguments and prints; the engine lives in ``damier.engine``.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from damier.cli import add_variant_argument
from damier.cli.bounds import (
    MAX_HASH_MB,
    MAX_MULTIPV,
    bounded_int,
    clamped_int,
    search_depth,
    search_nodes,
    search_seconds,
)
from damier.core.board import Board
from damier.engine import Engine, Info, Limit, Progress


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("analyse", aliases=["analyze"], help="analyse a position with the engine")
    add_variant_argument(p)
    p.add_argument("--fen", help="the position (default: the variant's start position)")
    p.add_argument("--moves", default="", help="moves to play from the position first")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--depth", type=search_depth, help="search to this depth (plies)")
    group.add_argument("--time", type=search_seconds, help="search for this many seconds")
    group.add_argument("--nodes", type=search_nodes, help="search this many nodes")
    p.add_argument("--multipv", type=clamped_int(1, MAX_MULTIPV, "multipv"), default=1,
                   help="number of best lines to show")
    p.add_argument("--hash", type=bounded_int(1, MAX_HASH_MB), default=32,
                   help=f"transposition table size in MB (1-{MAX_HASH_MB})")
    p.set_defaults(func=run)


def format_info(info: Info, board: Board) -> str:
    """An info line with the PV written in the variant's notation."""
    score = f"win {info.win_in}" if info.win_in is not None else f"cp {info.score}"
    pv = " ".join(m.short() for m in info.pv)
    return (f"info depth {info.depth} seldepth {info.seldepth} multipv {info.multipv} "
            f"score {score} nodes {info.nodes} nps {info.nps} time {info.time:.2f} pv {pv}")


def analyse(board: Board, limit: Limit, multipv: int, out: TextIO, hash_mb: int = 32) -> int:
    """Run the search and print; returns the exit status."""
    if board.outcome() is not None:
        print(f"info game over: {board.outcome()}", file=out)
        print("bestmove (none)", file=out)
        return 0
    engine = Engine(board.rules, hash_mb=hash_mb)
    print(f"info string search {engine.path}", file=out, flush=True)
    best: Info | None = None
    def report(p: Progress) -> None:
        print(f"info progress depth {p.depth} seldepth {p.seldepth} nodes {p.nodes} nps {p.nps} "
              f"time {p.time:.2f}", file=out, flush=True)

    for info in engine.iterate(board, limit, multipv, progress=report):
        print(format_info(info, board), file=out, flush=True)
        if info.multipv == 1:
            best = info
    if best is None or not best.pv:
        move = next(iter(board.legal_moves))
    else:
        move = best.pv[0]
    print(f"bestmove {board.notation(move)}", file=out)
    return 0


def run(args: argparse.Namespace) -> int:
    board = Board(args.variant, args.fen)
    for text in args.moves.split():
        board.push(text)
    if args.depth is not None:
        limit = Limit(depth=args.depth)
    elif args.nodes is not None:
        limit = Limit(nodes=args.nodes)
    else:
        limit = Limit(time=args.time if args.time is not None else 2.0)
    return analyse(board, limit, args.multipv, sys.stdout, args.hash)


__all__ = ["analyse", "format_info", "register", "run"]
