"""The ``damier`` command line (apps layer): one module per sub-command, imported only when used.

:data:`COMMANDS` lists the sub-commands: name, one-line summary, aliases. Each is the module
``damier.cli.<name>`` (``-`` becomes ``_``), which exposes ``register(subparsers)``: it adds
its parser and sets ``func`` to a function taking the parsed arguments and returning the exit
status. Adding a sub-command is one line in :data:`COMMANDS` and its module.

Only the module of the command being run is imported (``damier moves`` does not load the
engine, asyncio, the Hub and DXP code, PDN or SVG); ``damier --help`` imports none. Bad
input (unknown variant, malformed FEN or move) ends with status 2 and a one-line message on
standard error, never a traceback. ``SIGTERM`` is Ctrl-C: the command stops the way an
interrupted one does (what it had written stays whole) and exits with status 130. Without
a sub-command, ``damier`` starts the main program (:data:`DEFAULT_COMMAND`).

>>> [c.name for c in COMMANDS][:3]
['moves', 'perft', 'play']
>>> command_named("analyze").name
'analyse'
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import re
import signal
import sqlite3
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import FrameType
from typing import NamedTuple, NoReturn

from damier import __version__
from damier.core.errors import DamierError, excerpt


class Command(NamedTuple):
    """A sub-command: its name, the summary ``damier --help`` shows, its aliases."""

    name: str
    summary: str
    aliases: tuple[str, ...] = ()

    @property
    def module(self) -> str:
        return f"damier.cli.{self.name.replace('-', '_')}"


COMMANDS = (
    Command("moves", "print the legal moves of a position"),
    Command("perft", "count move-generation leaves to a depth"),
    Command("play", "play a game in the terminal"),
    Command("analyse", "analyse a position with the engine", ("analyze",)),
    Command("serve", "the web app: play and analyse in the browser"),
    Command("hub", "run the engine as a Hub engine on stdin/stdout"),
    Command("dxp", "play engine games over DXP (DamExchange)"),
    Command("match", "play an engine match (Elo, SPRT, process pool or Dask)"),
    Command("pdn", "check or convert PDN game files"),
    Command("svg", "draw a position as an SVG picture"),
    Command("variants", "list the variants and their rules"),
    Command("explorer", "the opening explorer over PDN game files"),
    Command("games", "search games: players, events, positions, openings"),
    Command("puzzles", "mine puzzles from games, import problem sets"),
    Command("train", "train the evaluation by self-play (positions, fit, gate)"),
    Command("egdb", "build, inspect and probe endgame databases"),
    Command("book", "build and show opening books"),
)
"""Sub-commands, in help order."""

DEFAULT_COMMAND = ["serve"]
"""What ``damier`` runs without arguments: the web app on http://127.0.0.1:8000."""


def command_named(word: str) -> Command | None:
    """The sub-command called ``word`` (a name or an alias), if any."""
    for command in COMMANDS:
        if word == command.name or word in command.aliases:
            return command
    return None


def run_action(args: argparse.Namespace,
               actions: Mapping[str, Callable[[argparse.Namespace], int]]) -> int:
    """Run the action of a command with actions (``damier explorer import``) that ``args``
    names; without one, the command's help and exit status 2."""
    action = actions.get(args.action)
    if action is None:
        args.parser.print_help()
        return 2
    return action(args)


class UsageError(Exception):
    """Bad command-line input detected by a command (exit status 2)."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on standard error (exit status 2), like
    every other bad input; the usage is one ``--help`` away."""

    def error(self, message: str) -> NoReturn:
        # argparse quotes a bad value whole ("invalid int value: '999...'" of 5,000 digits)
        message = _LONG_QUOTED.sub(lambda m: excerpt(m.group(1)), message)
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


_LONG_QUOTED = re.compile(r"'([^']{61,})'")


def build_parser(args: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser for the command line ``args``: the sub-command that ``args`` names gets its
    real parser (its module is imported), every other one a placeholder carrying its
    summary, enough for ``damier --help`` and for argparse's "invalid choice" message."""
    parser = OneLineParser(
        prog="damier",
        description="Draughts for the whole family of variants: rules, engine, formats.",
    )
    parser.add_argument("--version", action="version", version=f"damier {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    chosen = command_named(next((a for a in args if not a.startswith("-")), ""))
    for command in COMMANDS:
        if command is chosen:
            importlib.import_module(command.module).register(sub)
        else:
            sub.add_parser(command.name, aliases=list(command.aliases), help=command.summary,
                           add_help=False)
    return parser


@contextlib.contextmanager
def _terminate_like_ctrl_c() -> Iterator[None]:
    """Within the block, the first ``SIGTERM`` raises :class:`KeyboardInterrupt` in the main
    thread (unless the process already handles or ignores it, or this is not the main
    thread); a second one ends the process as ``SIGTERM`` does by default."""
    installed = False
    with contextlib.suppress(ValueError):  # not the main thread: signals are not ours
        if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _interrupt)
            installed = True
    try:
        yield
    finally:
        if installed:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _interrupt(signum: int, frame: FrameType | None) -> NoReturn:
    # a second SIGTERM ends the process at once, should stopping hang
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (also used as the console script)."""
    args_list = list(sys.argv[1:] if argv is None else argv) or list(DEFAULT_COMMAND)
    parser = build_parser(args_list)
    args = parser.parse_args(args_list)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        with _terminate_like_ctrl_c():
            status: int = args.func(args)
    except (DamierError, UsageError) as e:
        print(f"damier {args.command}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except (OSError, sqlite3.Error) as e:  # a file or database that cannot be opened or read
        print(f"damier {args.command}: {str(e)[:300]}", file=sys.stderr)
        return 1
    return status


def add_variant_argument(parser: argparse.ArgumentParser) -> None:
    """The shared ``--variant`` option."""
    parser.add_argument(
        "--variant", "-v", default="international",
        help="variant name (default: international; see `damier variants`)",
    )


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
