"""``damier match``: play an engine match and report W/D/L, Elo with its 95% interval, and
optionally run an SPRT that stops the match once it decides.

Engines are given as two positional short specs — ``damier[:level=N]`` (in-process; also
``book=off`` and ``weights=FILE``, a candidate evaluation) or a
Hub-2 command line (``"damier hub --level 3"``, ``hub:/path/scan hub``) — or, like
cutechess-cli, with repeatable ``--engine name=… cmd=… dir=… proto=builtin|hub|hub1|dxp
option.NAME=VALUE`` (see :mod:`damier.protocol.match.players`). Games run on a local process pool
(``--concurrency K``) or on a Dask cluster (``--cluster tcp://scheduler:8786``). Progress
goes to stderr (a live bar on a terminal, one line per game otherwise); the report goes to
stdout; every game is appended to ``--pgn``/``--pdn`` as it finishes.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import math
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor

from damier.cli import UsageError, add_variant_argument
from damier.cli.bounds import bounded_int, bounded_real, real
from damier.cli.outfiles import check_output, keep_game
from damier.core.errors import excerpt
from damier.core.variants import get_variant
from damier.protocol.engine_player import TimeControl
from damier.protocol.match.executors import dask_executor, local_executor
from damier.protocol.match.game import Adjudication, GameRecord
from damier.protocol.match.openings import START, load_openings
from damier.protocol.match.players import EngineSpec
from damier.protocol.match.runner import MatchConfig, run_match
from damier.protocol.match.stats import MatchScore, Sprt
from damier.protocol.pdnout import game_pdn


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("match", help="play an engine match (Elo, SPRT, process pool or Dask)")
    p.add_argument("engines", metavar="ENGINE", nargs="*",
                   help="short spec: damier[:level=N,book=off,weights=FILE,search.NAME=V] or a Hub-2 command "
                        "line (two in all, counting --engine)")
    p.add_argument("--engine", dest="engine_settings", action="append", nargs="+", default=[],
                   metavar="NAME=VALUE",
                   help="an engine as settings: name=… cmd=… dir=… proto=builtin|hub|hub1|dxp "
                        "level=N book=on|off weights=FILE search.NAME=V host=HOST:PORT timeout=S "
                        "option.NAME=VALUE (repeatable)")
    add_variant_argument(p)
    p.add_argument("--games", type=bounded_int(1, 10_000_000), default=10,
                   help="games to play (10; SPRT may stop early)")
    p.add_argument("--time", default="10+0.1", metavar="TC",
                   help="60 | 60+0.5 | 40/60 (seconds) | depth=N | nodes=N | movetime=S "
                        "(default 10+0.1)")
    p.add_argument("--openings", default=None, metavar="FILE",
                   help="opening file, or a shipped set: 2move, 3move, start "
                        "(default 2move for international, start otherwise)")
    add_executor_arguments(p, "games")
    p.add_argument("--pgn", "--pdn", dest="pdn", metavar="OUT.pdn", help="append games here")
    p.add_argument("--sprt", nargs=4, type=real, metavar=("ELO0", "ELO1", "ALPHA", "BETA"),
                   help="stop when the SPRT of elo0 against elo1 decides")
    p.add_argument("--adjudicate", metavar="MEN[:PLIES]",
                   help="adjudicate a win when both engines see a side ahead by MEN men for "
                        "PLIES consecutive plies (default plies 4)")
    p.add_argument("--max-moves", type=bounded_int(0, 100_000), default=200,
                   help="adjudicate a draw after this many moves (200; 0 = never)")
    p.set_defaults(func=run)


class Progress:
    """A live bar on a terminal, one line per game otherwise (both on stderr)."""

    def __init__(self, total: int, a: str, b: str) -> None:
        self.total, self.a, self.b = total, a, b
        self.live = sys.stderr.isatty()
        self.started = time.monotonic()

    def update(self, record: GameRecord, score: MatchScore) -> None:
        n = score.games
        err = score.elo_error()
        elo = f"Elo {score.elo():+.0f}" + (f" ±{err:.0f}" if math.isfinite(err) else "")
        stats = f"{n}/{self.total} +{score.wins} ={score.draws} -{score.losses} {elo}"
        if self.live:
            width = 24
            filled = width * n // max(self.total, 1)
            bar = "#" * filled + "-" * (width - filled)
            sys.stderr.write(f"\r[{bar}] {stats} {time.monotonic() - self.started:.0f}s\x1b[K")
        else:
            sys.stderr.write(f"game {record.index + 1}: {record.white} - {record.black} "
                             f"{record.result} ({record.reason}) | {stats}\n")
        sys.stderr.flush()

    def close(self) -> None:
        if self.live:
            sys.stderr.write("\n")


def parse_adjudication(text: str | None, max_moves: int) -> Adjudication:
    if max_moves < 0:
        raise UsageError("--max-moves must be >= 0")
    if text is None:
        return Adjudication(max_moves=max_moves)
    men, _, plies = text.partition(":")
    try:
        score, count = float(men), int(plies or 4)
    except ValueError:
        raise UsageError(f"--adjudicate {excerpt(text)}: expected MEN[:PLIES], e.g. 3 or 2.5:6"
                         ) from None
    if not 0 < score < math.inf or count < 1:  # 'not 0 <': NaN too
        raise UsageError(f"--adjudicate {excerpt(text)}: MEN and PLIES must be positive")
    return Adjudication(max_moves, score, count)


def add_executor_arguments(parser: argparse.ArgumentParser, jobs: str) -> None:
    """``--concurrency``, ``--cluster`` and ``--cluster-timeout`` for a command that runs
    ``jobs`` on :func:`executor_for`'s executor (``damier match``, ``damier train``,
    ``damier egdb build``, ``damier book build``)."""
    parser.add_argument("--concurrency", type=bounded_int(0, 10_000), default=None, metavar="K",
                        help=f"{jobs} in flight (default 1 locally, all worker threads on a "
                             "cluster); 0 runs them in this process")
    parser.add_argument("--cluster", metavar="ADDRESS", help="Dask scheduler, e.g. tcp://host:8786")
    parser.add_argument("--cluster-timeout", type=bounded_real(0, 86_400), default=30.0,
                        metavar="S", help="seconds to wait for the Dask scheduler (30)")


@contextlib.contextmanager
def executor_for(args: argparse.Namespace) -> Iterator[tuple[Executor, int]]:
    if args.cluster:
        with dask_executor(args.cluster, args.cluster_timeout) as (executor, slots):
            yield executor, args.concurrency if args.concurrency is not None else slots
        return
    k = 1 if args.concurrency is None else args.concurrency
    # a local pool stops the games in play when the block ends by an exception (Ctrl-C,
    # SIGTERM) instead of waiting for them
    with local_executor(k) as executor:
        yield executor, max(k, 1)


def run(args: argparse.Namespace) -> int:
    variant = get_variant(args.variant).name
    if args.games < 1:
        raise UsageError("--games must be >= 1")
    if args.pdn:
        check_output(args.pdn, what="--pdn")
    if args.concurrency is not None and args.concurrency < 0:
        raise UsageError("--concurrency must be >= 0")
    specs = [EngineSpec.parse(t) for t in args.engines]
    specs += [EngineSpec.from_settings(s) for s in args.engine_settings]
    if len(specs) != 2:
        raise UsageError(f"a match needs two engines (positional specs and --engine), "
                         f"got {len(specs)}")
    a, b = specs
    if a.kind == b.kind == "damier" and a.name == b.name:
        b = dataclasses.replace(b, name=b.name + "'")
    # a weights file that does not fit, or a program that is not there, fails here, once; the
    # games use the weights read here
    a, b = a.ready(variant), b.ready(variant)
    spec = args.openings or ("2move" if variant == "international" else "start")
    openings = [START] if spec == "start" else load_openings(spec, variant)
    sprt = None
    if args.sprt:
        elo0, elo1, alpha, beta = args.sprt
        try:
            sprt = Sprt(elo0, elo1, alpha, beta)
        except ValueError as e:
            raise UsageError(f"--sprt: {e}") from None
    config = MatchConfig(a, b, args.games, TimeControl.parse(args.time), variant, openings,
                         parse_adjudication(args.adjudicate, args.max_moves), sprt)
    progress = Progress(args.games, a.label, b.label)

    def on_game(record: GameRecord, score: MatchScore) -> None:
        progress.update(record, score)
        if args.pdn:
            keep_game(args.pdn, game_pdn(variant, record.start_fen, record.moves,
                                         record.result, record.tags()))

    started = time.monotonic()
    with executor_for(args) as (executor, slots):
        try:
            result = run_match(config, executor, slots, on_game)
        finally:
            progress.close()
    score = result.score
    name_a, name_b = result.names or (a.label, b.label)
    print(f"{name_a} vs {name_b}: {score.summary()}")
    print(f"time control {config.tc.describe()}, {len(openings)} opening(s), "
          f"{time.monotonic() - started:.1f} s")
    if sprt is not None:
        print(sprt.summary(score))
    return 0
