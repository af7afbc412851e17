"""``damier dxp``: play engine games over DXP (DamExchange, docs/protocols.md).

``--listen [HOST:]PORT`` waits for Initiators (damier is the Follower; HOST defaults to
127.0.0.1, never all interfaces unless asked; up to ``--max-connections`` at once, each
dropped after ``--idle-timeout`` seconds without a GAMEREQ); ``--connect HOST:PORT`` is the Initiator and
plays ``--games`` games of ``--time`` minutes per side and ``--moves`` moves, colours
alternating (each ``--openings`` start twice, sent as a GAMEREQ position). Each finished
game is printed as one line and appended to ``--pdn``. An illegal move by the peer ends that
game with a report; a peer that disconnects or sends garbage ends the session with a
one-line error (exit status 2).
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from damier.cli import UsageError
from damier.cli.bounds import bounded_int, bounded_real
from damier.cli.outfiles import check_output, keep_game
from damier.core.errors import excerpt
from damier.protocol.dxp.dxp_game import DxpGame
from damier.protocol.dxp.messages import DEFAULT_PORT
from damier.protocol.dxp.session import (
    HANDSHAKE_TIMEOUT,
    IDLE_TIMEOUT,
    MAX_CONNECTIONS,
    MAX_PER_PEER,
    run_follower,
    run_initiator,
)
from damier.protocol.match.openings import load_openings
from damier.protocol.pdnout import game_pdn


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("dxp", help="play engine games over DXP (DamExchange)")
    role = p.add_mutually_exclusive_group(required=True)
    role.add_argument("--listen", metavar="[HOST:]PORT",
                      help=f"be the Follower on HOST (default 127.0.0.1):PORT ({DEFAULT_PORT})")
    role.add_argument("--connect", metavar="HOST:PORT", help="be the Initiator")
    p.add_argument("--games", type=bounded_int(1, 100_000), default=2, help="games to play as Initiator (2)")
    p.add_argument("--time", type=bounded_real(0.01, 999), default=5.0,
                   help="minutes per side per game as Initiator (5; whole minutes on the wire)")
    p.add_argument("--moves", type=bounded_int(0, 999), default=75,
                   help="moves per game as Initiator, 0 = no limit (75)")
    p.add_argument("--openings", metavar="FILE",
                   help="Initiator: start each pair of games from the next opening (a file, or "
                        "2move / 3move); sent as GAMEREQ positions")
    p.add_argument("--level", type=int, default=10, help="engine level 1-10 (10)")
    p.add_argument("--name", default="damier", help="name sent to the peer")
    p.add_argument("--pdn", metavar="FILE", help="append every game to this PDN file")
    p.add_argument("--once", action="store_true", help="Follower: exit after one connection")
    p.add_argument("--peer-grace", type=bounded_real(0, 86_400), default=60.0,
                   help="seconds beyond the peer's game time to wait for its move (60)")
    p.add_argument("--idle-timeout", type=bounded_real(0, 86_400), default=IDLE_TIMEOUT,
                   help="Follower: seconds to wait for an initiator's GAMEREQ before hanging up; "
                        f"0 = wait for ever ({IDLE_TIMEOUT:g})")
    p.add_argument("--max-connections", type=bounded_int(1, 1000), default=MAX_CONNECTIONS,
                   help=f"Follower: initiators served at once ({MAX_CONNECTIONS})")
    p.add_argument("--handshake-timeout", type=bounded_real(0.1, 86_400), default=HANDSHAKE_TIMEOUT,
                   help="Follower: seconds a new connection has to send its first GAMEREQ "
                        f"({HANDSHAKE_TIMEOUT:g})")
    p.add_argument("--max-per-peer", type=bounded_int(1, 1000), default=MAX_PER_PEER,
                   help=f"Follower: connections one address may hold at once ({MAX_PER_PEER})")
    p.add_argument("--verbose", action="store_true", help="print every message on stderr")
    p.set_defaults(func=run)


def parse_address(text: str, default_host: str | None) -> tuple[str, int]:
    """``HOST:PORT``, ``[::1]:PORT``, ``:PORT`` or ``PORT`` (with a default host)."""
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = "", text
    host = host.strip("[]")
    if not host:
        if default_host is None:
            raise UsageError(f"address {excerpt(text)}: expected HOST:PORT")
        host = default_host
    if not (port.isascii() and port.isdigit()) or len(port) > 5 or not 0 <= int(port) <= 65535:
        raise UsageError(f"address {excerpt(text)}: port must be a number 0-65535")
    return host, int(port)


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.level <= 10:
        raise UsageError(f"--level must be 1..10, not {args.level}")
    if args.games < 1 or args.time <= 0 or args.moves < 0:
        raise UsageError("--games must be >= 1, --time > 0 and --moves >= 0")
    if args.pdn:
        check_output(args.pdn, what="--pdn")  # at the start, not when the first game ends

    def log(text: str) -> None:
        if args.verbose or not text.startswith(("->", "<-")):
            print(f"dxp: {text}", file=sys.stderr, flush=True)

    def on_game(game: DxpGame) -> None:
        print(game.summary(), flush=True)
        if args.pdn:
            tags = {"Event": "DXP match", "Site": "DXP", "Round": str(game.number),
                    "White": game.white, "Black": game.black, "Termination": game.reason}
            keep_game(args.pdn, game_pdn("international", game.start_fen, game.moves,
                                         game.result, tags))

    if args.listen:
        host, port = parse_address(args.listen, "127.0.0.1")
        asyncio.run(run_follower(host, port, args.level, args.name, on_game, log,
                                 connections=1 if args.once else 0, peer_grace=args.peer_grace,
                                 idle_timeout=args.idle_timeout or None,
                                 max_connections=args.max_connections,
                                 handshake_timeout=args.handshake_timeout,
                                 max_per_peer=args.max_per_peer))
        return 0
    host, port = parse_address(args.connect, None)
    starts = [o.board("international").fen() for o in load_openings(args.openings)] \
        if args.openings else []
    games = asyncio.run(run_initiator(host, port, args.games, args.time, args.moves,
                                      args.level, args.name, on_game, log,
                                      peer_grace=args.peer_grace, starts=starts))
    mine = [g for g in games if g.finished]
    wins = sum(1 for g in mine if g.winner == g.my_color)
    losses = sum(1 for g in mine if g.winner is not None and g.winner != g.my_color)
    draws = len(mine) - wins - losses
    print(f"{args.name}: W {wins} D {draws} L {losses} in {len(mine)} games")
    return 0
