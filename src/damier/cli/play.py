"""``damier play``: a game in the terminal.

The board is drawn after every move; moves are typed in the variant's notation (any form
the notation reader accepts). Opponents: the built-in engine at a level 1-10 (the
default), another human at the same keyboard, or a player that picks random legal moves.
Commands at the prompt: ``moves``, ``undo``, ``hint`` (the engine's suggestion), ``flip``,
``fen``, ``pdn`` (print the game), ``help``, ``quit``; with ``--pdn FILE`` the game is
written there when it ends. Where the rules let the players choose who moves first (Thai,
Malaysian, Old French: ``Rules.first_player_choice``), ``--first`` chooses, and a game
started at a terminal without it asks.

This module only talks to the user; rules come from the core.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import TextIO

from damier.cli import UsageError, add_variant_argument
from damier.cli.bounds import integer, search_seconds
from damier.cli.outfiles import check_output, replaced
from damier.core.board import Board
from damier.core.colors import BLACK, WHITE, color_name, parse_color
from damier.core.errors import DamierError, excerpt
from damier.core.rules import Rules
from damier.core.userdata import env
from damier.engine import Engine, Limit

HELP = """Type a move (e.g. 32-28, 28x19, c3-d4) or a command:
  moves  list the legal moves      undo   take back your last move
  hint   the engine's suggestion   pdn    print the game so far
  flip   turn the board round      fen    print the position
  help   this text                 quit   leave the game"""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play a game in the terminal")
    add_variant_argument(p)
    p.add_argument("--fen", help="start position (default: the variant's start)")
    p.add_argument(
        "--opponent", choices=("engine", "random", "human"), default="engine",
        help="who plays the other side (default: the engine)",
    )
    p.add_argument("--color", default="white", help="your colour against the computer")
    p.add_argument("--first", choices=("white", "black"),
                   help="who moves first, where the rules let the players choose (Thai, "
                        "Malaysian, Old French); asked at a terminal when not given")
    p.add_argument("--level", type=int, default=5, choices=range(1, 11), metavar="1-10",
                   help="engine level, 1 (beginner) to 10 (full strength); default 5")
    p.add_argument("--time", type=search_seconds, default=1.0,
                   help="seconds per engine move (default 1)")
    p.add_argument("--pdn", metavar="FILE", help="write the game to this PDN file at the end")
    p.add_argument("--seed", type=integer, help="seed of the random player and of the engine")
    p.add_argument("--ascii", action="store_true", help="plain ASCII board, no colour")
    p.set_defaults(func=run)


# ANSI colours for terminals that have them (256-colour backgrounds, bright/dark pieces)
_DARK, _LIGHT, _MARK = "\x1b[48;5;94m", "\x1b[48;5;180m", "\x1b[48;5;136m"
_WHITE_PIECE, _BLACK_PIECE, _RESET = "\x1b[1;97m", "\x1b[1;30m", "\x1b[0m"
_GLYPHS = {"w": "⛀", "W": "⛁", "b": "⛂", "B": "⛃"}


def render(board: Board, flip: bool = False, fancy: bool = True) -> str:
    """The board for a terminal, as seen from White (from Black with ``flip``).

    ``fancy``: coloured squares, Unicode pieces (⛀ ⛁ white man and king, ⛂ ⛃ black) and the
    squares of the last move highlighted. Plain: ``w``/``b`` men, ``W``/``B`` kings, ``·``
    for an empty playing square.
    """
    last = board.peek() if board.ply else None
    marked = {last.start, last.end} if last is not None else set()
    names = board.rules.names
    width = max(len(names.label(i)) for i in range(board.rules.geometry.squares))
    lines = []
    for row in board.grid(flip):
        cells = []
        for cell in row:
            if fancy:
                if cell is None:
                    cells.append(f"{_LIGHT}   {_RESET}")
                    continue
                label, piece = cell
                back = _MARK if names.parse(label) in marked else _DARK
                front = _WHITE_PIECE if piece in ("w", "W") else _BLACK_PIECE
                cells.append(f"{back}{front} {_GLYPHS.get(piece or '', ' ')} {_RESET}")
            elif cell is None:
                cells.append(" " * (width + 1))
            else:
                cells.append(" " * (width - 1) + (cell[1] or "·") + " ")
        lines.append("".join(cells).rstrip() if not fancy else "".join(cells))
    lines.append(f"{color_name(board.turn)} to move")
    return "\n".join(lines)


def choose_first_player(rules: Rules, first: str | None, fen: str | None,
                        ask: Callable[[str], str] | None = None) -> int | None:
    """Who moves first: ``first`` (``"white"``/``"black"``) or, where the rules let the
    players choose and ``ask`` is given (a terminal), the answer to a question; ``None`` for
    the rules' own default. A choice the rules do not allow, or beside a FEN (which says who
    is to move), is a usage error.

    >>> from damier.core.variants import get_variant
    >>> choose_first_player(get_variant("thai"), "white", None) == WHITE
    True
    >>> choose_first_player(get_variant("thai"), None, None, ask=lambda q: "w") == WHITE
    True
    >>> choose_first_player(get_variant("international"), "black", None)
    Traceback (most recent call last):
    ...
    damier.cli.UsageError: --first: in International draughts White always moves first
    """
    if first is not None and fen is not None:
        raise UsageError("--first and --fen exclude each other: the FEN says who is to move")
    if first is not None:
        color = parse_color(first)
        if color != rules.first_player and not rules.first_player_choice:
            who = color_name(rules.first_player).capitalize()
            raise UsageError(f"--first: in {rules.title} {who} always moves first")
        return color
    if ask is None or fen is not None or not rules.first_player_choice:
        return None
    default = color_name(rules.first_player)
    while True:
        answer = ask(f"{rules.title}: the players choose who moves first. "
                     f"White or black? [{default}] ").strip()
        if not answer:
            return None
        try:
            return parse_color(answer)
        except ValueError:
            continue


def _ask(question: str) -> str:
    try:
        return input(question)
    except EOFError:  # Ctrl-D: keep the default
        print()
        return ""


def run(args: argparse.Namespace) -> int:
    board = Board(args.variant, args.fen)
    if getattr(args, "pdn", None):
        check_output(args.pdn, what="--pdn")  # before the game, not after it
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    first = choose_first_player(board.rules, getattr(args, "first", None), args.fen,
                                ask=_ask if interactive else None)
    if first is not None:
        board = Board(board.rules, first_player=first)
    try:
        you = parse_color(args.color)
    except ValueError:
        raise UsageError(f"--color {excerpt(args.color)}: expected white or black") from None
    rng = random.Random(args.seed)
    fancy = (
        not args.ascii and sys.stdout.isatty() and env("TERM") != "dumb" and not env("NO_COLOR")
    )
    opponent: Callable[[Board], str] | None = None
    engine = Engine(board.rules, level=getattr(args, "level", 5), seed=args.seed)
    limit = Limit(time=getattr(args, "time", 1.0))
    if args.opponent == "random":
        def opponent(b: Board) -> str:
            return b.notation(rng.choice(list(b.legal_moves)))
    elif args.opponent == "engine":
        def opponent(b: Board) -> str:
            return b.notation(engine.play(b, limit).move)

    adviser = Engine(board.rules, level=10)

    def hint(b: Board) -> str:
        result = adviser.play(b, Limit(time=min(1.0, limit.time or 1.0)))
        score = ""
        if result.info is not None:
            info = result.info
            score = f" (win in {info.win_in} plies)" if info.win_in else f" ({info.score:+d})"
        return b.notation(result.move) + score

    return play_loop(board, you, opponent, sys.stdin, sys.stdout, fancy,
                     hint=hint, pdn_path=getattr(args, "pdn", None))


def play_loop(
    board: Board,
    you: int,
    computer: Callable[[Board], str] | None,
    inp: TextIO,
    out: TextIO,
    fancy: bool = False,
    *,
    hint: Callable[[Board], str] | None = None,
    pdn_path: str | None = None,
) -> int:
    """The game loop, on explicit streams so that tests can drive it.

    ``hint`` answers the ``hint`` command; with ``pdn_path`` the game is written there
    when the loop ends (game over, ``quit`` or end of input).
    """
    try:
        return _loop(board, you, computer, inp, out, fancy, hint)
    finally:
        if pdn_path:
            with replaced(pdn_path) as f:
                f.write(game_pdn(board) + "\n")
            print(f"game written to {pdn_path}", file=out)


def game_pdn(board: Board) -> str:
    """The game as PDN (the PDN writer of ``damier.formats``; plain movetext without it)."""
    outcome = board.outcome()
    result = outcome.result if outcome is not None else "*"
    try:
        from damier.formats.pdn import Game, write_game
    except ImportError:  # pragma: no cover - the formats package is optional here
        return movetext(board) + f" {result}"
    game = Game.from_board(board, {"Event": "damier play", "Result": result})
    return write_game(game)


def movetext(board: Board) -> str:
    """Simple PDN movetext of the moves played (numbered, in the variant's notation).

    >>> b = Board(); _ = b.push("32-28"); _ = b.push("18-23")
    >>> movetext(b)
    '1. 32-28 18-23'
    """
    replay = Board(board.rules, position=board.start_position)
    parts: list[str] = []
    for i, mv in enumerate(board.move_stack):
        if i % 2 == 0:
            parts.append(f"{i // 2 + 1}.")
        parts.append(replay.notation(mv))
        replay.push(mv)
    return " ".join(parts)


def _loop(
    board: Board,
    you: int,
    computer: Callable[[Board], str] | None,
    inp: TextIO,
    out: TextIO,
    fancy: bool,
    hint: Callable[[Board], str] | None,
) -> int:
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
        elif cmd == "hint":
            print(f"hint: {hint(board)}" if hint else "no hint available", file=out)
        elif cmd == "pdn":
            print(game_pdn(board), file=out)
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


__all__ = ["game_pdn", "movetext", "play_loop", "render", "WHITE", "BLACK"]
