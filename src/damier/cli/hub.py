"""``damier hub``: run damier's engine as a Hub engine on stdin/stdout (Hub-2, or Scan 2.0's
Hub-1 with ``--protocol 1``).

A Hub GUI (or :class:`damier.protocol.hub.SimpleHubEngine`) starts ``damier hub`` and talks
to it line by line (docs/protocols.md, "Hub-2 lines"). ``--variant`` and ``--level`` set the defaults of
the ``variant`` and ``level`` parameters, which the GUI may still change with ``set-param``.
Hub mode opens no sockets.
"""

from __future__ import annotations

import argparse

from damier.cli import UsageError
from damier.protocol.hub.server import resolve_variant, serve


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("hub", help="run the engine as a Hub engine on stdin/stdout")
    p.add_argument("--variant", "-v", default="normal",
                   help="variant: Hub names (normal, frisian, losing, bt, killer) or damier's")
    p.add_argument("--level", type=int, default=10, help="playing level 1-10 (default 10)")
    p.add_argument("--protocol", choices=("1", "2"), default="2",
                   help="Hub dialect: 2 (Scan 3.x, Hub GUI 2.x; default) or 1 (Scan 2.0)")
    p.add_argument("--notation", choices=("numeric", "algebraic"),
                   help="square names in moves (default: the variant's own; see docs/protocols.md)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.level <= 10:
        raise UsageError(f"--level must be 1..10, not {args.level}")
    resolve_variant(args.variant)
    params = {"variant": args.variant, "level": str(args.level)}
    if args.notation:
        params["notation"] = args.notation
    if args.protocol == "1":
        from damier.protocol.hub.hub1_server import serve1

        return serve1(params=params)
    return serve(params=params)
