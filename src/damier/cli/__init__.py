"""The ``damier`` command line (apps layer): one module per sub-command.

Each module in :data:`COMMANDS` exposes ``register(subparsers)``, which adds its parser and
sets ``func`` to a function taking the parsed arguments and returning the exit status.
Bad input (unknown variant, malformed FEN or move) ends with status 2 and a one-line
message on standard error, never a traceback. Without a sub-command, ``damier`` starts the
main program (:data:`DEFAULT_COMMAND`).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from damier import __version__
from damier.core.errors import DamierError

COMMANDS = ("moves", "perft", "play", "analyse", "serve", "hub", "dxp", "match", "pdn", "svg")
"""Sub-command modules of this package, in help order."""

DEFAULT_COMMAND = ["serve"]
"""What ``damier`` runs without arguments: the web app on http://127.0.0.1:8000."""


class UsageError(Exception):
    """Bad command-line input detected by a command (exit status 2)."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="damier",
        description="Draughts for the whole family of variants: rules, engine, formats.",
    )
    parser.add_argument("--version", action="version", version=f"damier {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"damier.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (also used as the console script)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not args_list:
        args_list = list(DEFAULT_COMMAND)
    args = parser.parse_args(args_list)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        status: int = args.func(args)
    except (DamierError, UsageError) as e:
        print(f"damier {args.command}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    return status


def add_variant_argument(parser: argparse.ArgumentParser) -> None:
    """The shared ``--variant`` option."""
    parser.add_argument(
        "--variant", "-v", default="international",
        help="variant name (default: international; see `damier variants`)",
    )


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
