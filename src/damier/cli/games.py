"""``damier games``: search a game database (the explorer's) and print a game.

``damier games search`` lists games, newest first, by ``--player`` (either colour),
``--white``, ``--black``, ``--event`` (parts of names), ``--from``/``--to`` (dates),
``--result``, ``--variant``, by a position reached (``--fen``; with ``--material`` the same
material with the same side to move) or by the opening's first moves (``--opening "32-28
19-23"``), a page at a time (``--page``, ``--per-page``); each game says the ply where it
reaches the position. ``damier games show ID`` prints a game as PDN. The search itself is
:mod:`damier.analysis.gamesearch`; this module parses arguments and prints.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from damier.analysis.gamerows import game_pdn
from damier.analysis.gamesearch import GameQuery, search
from damier.cli import UsageError, run_action
from damier.cli.explorer import opened


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("games", help="search a game database, print a game")
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    find = actions.add_parser("search", help="games by players, event, dates, result, "
                                             "position or opening")
    for name in ("player", "white", "black", "event", "result", "variant", "fen"):
        find.add_argument(f"--{name}", default=None)
    find.add_argument("--from", dest="date_from", default=None, help="yyyy[.mm[.dd]]")
    find.add_argument("--to", dest="date_to", default=None, help="yyyy[.mm[.dd]]")
    find.add_argument("--material", action="store_true",
                      help="with --fen: the same material with the same side to move")
    find.add_argument("--opening", default="", help='first moves, e.g. "32-28 19-23"')
    find.add_argument("--page", type=int, default=1)
    find.add_argument("--per-page", type=int, default=20)
    show = actions.add_parser("show", help="a game as PDN")
    show.add_argument("id", type=int)
    for q in (find, show):
        q.add_argument("--db", type=Path, default=None, help="the database file")
    p.set_defaults(func=run, parser=p)


def run(args: argparse.Namespace) -> int:
    return run_action(args, {"search": _search, "show": _show})


def _show(args: argparse.Namespace) -> int:
    with opened(args) as db:
        game = db.game(args.id)
        if game is None:
            raise UsageError(f"no game with id {args.id}")
        print(game_pdn(game), end="")
        return 0


def _search(args: argparse.Namespace) -> int:
    with opened(args) as db:
        if args.material and not args.fen:
            raise UsageError("--material needs --fen")
        query = GameQuery(args.player, args.white, args.black, args.event, args.date_from,
                          args.date_to, args.result, args.variant, args.fen, args.material,
                          args.opening.split(), args.page, args.per_page)
        found = search(db, query)
        shown = len(found["games"])
        first = (found["page"] - 1) * found["per_page"] + 1
        print(f"{found['total']} games" + (f"; {first}-{first + shown - 1}:" if shown else ""))
        for g in found["games"]:
            at = f"  ply {g['ply']}" if g["ply"] is not None else ""
            print(f"  #{g['id']} {g['date'] or '?'} {g['white']} - {g['black']} {g['result']}"
                  f" {g['event']}{at}")
        return 0
