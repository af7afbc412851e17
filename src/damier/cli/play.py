"""``damier play``: a game in the terminal.

The board is drawn after every move; moves are typed in the variant's notation (any form
the notation reader accepts). Opponents: another human at the same keyboard, or a player
that picks random legal moves. Commands at the prompt: ``moves``, ``undo``, ``flip``,
``fen``, ``help``, ``quit``.

This module only talks to the user; rules come from the core.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from typing import TextIO

from damier.cli import add_variant_argument
from damier.core.board import Board
from damier.core.colors import BLACK, WHITE, color_name, parse_color
from damier.core.errors import DamierError

HELP = """Type a move (e.g. 32-28, 28x19, c3-d4) or a command:
  moves  list the legal moves      undo   take back your last move
  flip   turn the board round      fen    print the position
  help   this text                 quit   leave the game"""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play a game in the terminal")
    add_variant_argument(p)
    p.add_argument("--fen", help="start position (default: the variant's start)")
    p.add_argument(
        "--opponent", choices=("random", "human"), default="random",
        help="who plays the other side (default: random)",
    )
    p.add_argument("--color", default="white", help="your colour against the computer")
    p.add_argument("--seed", type=int, help="seed of the random player")
    p.add_argument("--ascii", action="store_true", help="plain ASCII board, no colour")
    p.set_defaults(func=run)


def render(board: Board, flip: bool = False, fancy: bool = True) -> str:
    """The board for a terminal: square names on the side, Unicode pieces when ``fancy``."""
    symbols = {"w": "⛀", "W": "⛁", "b": "⛂", "B": "⛃"} if fancy else {}
    size = board.rules.size
    lines = []
    last = board.peek() if board.ply else None
    marked = set()
    if last is not None:
        marked = {last.start, last.end}
    names = board.rules.names
    width = max(len(names.label(i)) for i in range(board.rules.geometry.squares))
    for row in board.grid(flip):
        cells = []
        for cell in row:
            if cell is None:
                cells.append(" " * (width + 1))
                continue
            label, piece = cell
            text = symbols.get(piece, piece) if piece else "·"
            idx = names.parse(label)
            if fancy and idx in marked:
                text = f"\x1b[7m{text}\x1b[0m"
            cells.append(" " * (width - 1) + text + " ")
        lines.append("".join(cells).rstrip())
    del size
    lines.append(f"{color_name(board.turn)} to move")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    board = Board(args.variant, args.fen)
    you = parse_color(args.color)
    rng = random.Random(args.seed)
    fancy = not args.ascii and sys.stdout.isatty() and os.environ.get("TERM") != "dumb"
    opponent: Callable[[Board], str] | None = None
    if args.opponent == "random":
        def opponent(b: Board) -> str:
            return b.notation(rng.choice(list(b.legal_moves)))
    return play_loop(board, you, opponent, sys.stdin, sys.stdout, fancy)


def play_loop(
    board: Board,
    you: int,
    computer: Callable[[Board], str] | None,
    inp: TextIO,
    out: TextIO,
    fancy: bool = False,
) -> int:
    """The game loop, on explicit streams so that tests can drive it."""
    flip = you == BLACK and computer is not None
    print(f"{board.rules.title}. {HELP.splitlines()[0]} (help for commands)", file=out)
    print(render(board, flip, fancy), file=out)
    while True:
        outcome = board.outcome()
        if outcome is not None:
            print(f"Game over: {outcome}", file=out)
            return 0
        if computer is not None and board.turn != you:
            text = computer(board)
            board.push(text)
            print(f"{color_name(1 - you)} plays {text}", file=out)
            print(render(board, flip, fancy), file=out)
            continue
        out.write(f"{color_name(board.turn)}> ")
        out.flush()
        line = inp.readline()
        if not line:
            print("", file=out)
            return 0
        text = line.strip()
        if not text:
            continue
        cmd = text.lower()
        if cmd in ("quit", "exit", "q"):
            return 0
        if cmd == "help":
            print(HELP, file=out)
        elif cmd == "moves":
            print(" ".join(sorted(board.notation(m) for m in board.legal_moves)), file=out)
        elif cmd == "fen":
            print(board.fen(), file=out)
        elif cmd == "flip":
            flip = not flip
            print(render(board, flip, fancy), file=out)
        elif cmd == "undo":
            undone = 0
            while board.ply and (undone == 0 or (computer is not None and board.turn != you)):
                board.pop()
                undone += 1
            if not undone:
                print("nothing to undo", file=out)
            print(render(board, flip, fancy), file=out)
        else:
            try:
                move = board.parse_move(text)
            except DamierError as e:
                print(f"illegal: {e}", file=out)
                continue
            written = board.notation(move)
            board.push(move)
            print(f"{color_name(1 - board.turn)} plays {written}", file=out)
            print(render(board, flip, fancy), file=out)


__all__ = ["play_loop", "render", "WHITE", "BLACK"]
