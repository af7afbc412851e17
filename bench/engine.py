"""Engine benchmark: speed, then matches against the peers' engines (not a test).

1. Speed: nodes per second and the time to complete depth 10 from the International start
   position (and nodes/s at a fixed depth in every variant).
2. Matches at ``--movetime`` seconds per move (0.2 by default), alternating colours from a
   set of balanced International openings, against py-draughts' strongest engine
   (``TurboEngine``) and dame-rs' engine, both through their Python APIs. The peers run in
   their own venv (``bench/.venv-peers``: py-draughts 1.10.1 and dame-rs from PyPI, created
   on first use) through ``bench/engine_peer_worker.py`` over JSON lines; damier is the
   referee (its ``Board`` plays every move and applies the FMJD draw rules). Reports
   wins/draws/losses and the Elo difference with a 95% error margin.

    .venv/bin/python bench/engine.py                       # everything, 10 openings x 2
    .venv/bin/python bench/engine.py --speed-only
    .venv/bin/python bench/engine.py --peers dame-rs --no-match    # speed beside dame-rs
    .venv/bin/python bench/engine.py --peers dame-rs --openings 4 --peer-python /path/python
    .venv/bin/python bench/engine.py --limits      # how long timed searches really take
    DAMIER_PURE=1 .venv/bin/python bench/engine.py --limits                  # pure path

This script must not be imported by the package or the tests.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT / "src"))

from damier import Board, all_variants  # noqa: E402
from damier.engine import Engine, Limit  # noqa: E402

START = Board().fen()

OPENINGS = [
    # two or three plies of common International openings; each is played twice, colours
    # swapped, so that an unbalanced opening cannot favour either side
    "32-28 18-23",
    "32-28 19-23",
    "33-28 18-22",
    "34-29 19-23",
    "31-27 17-21",
    "33-29 17-22",
    "34-30 20-25",
    "35-30 19-24",
    "32-27 18-22",
    "31-26 19-23",
    "33-28 17-22 28x17 11x22",
    "34-29 20-24 29x20 15x24",
]

THINK: dict[str, list[float]] = {"damier": [], "py-draughts": [], "dame-rs": []}
"""Wall time per move of each side (the peers' includes the pipe and rebuilding the board)."""

MAX_PLIES = 240
"""Games still running after this many plies are adjudicated by material (2 men = won)."""


def speed(depth: int) -> None:
    board = Board()
    engine = Engine()
    print(f"damier search: {engine.path}")
    start = time.perf_counter()
    last = None
    for info in engine.iterate(board, Limit(depth=depth)):
        last = info
    elapsed = time.perf_counter() - start
    assert last is not None
    print(f"international start: depth {last.depth} in {elapsed:.2f} s, {last.nodes} nodes, "
          f"{int(last.nodes / elapsed)} nodes/s, best {last.pv[0].short()} score {last.score}")
    variant_depth = 9 if engine.path == "native" else 7
    for rules in all_variants():
        b = Board(rules)
        t0 = time.perf_counter()
        info = Engine(rules).analyse(b, Limit(depth=variant_depth))[0]
        dt = time.perf_counter() - t0
        print(f"  {rules.name:18s} {Engine(rules).path:6s} depth {variant_depth}: {info.nodes:9d} nodes "
              f"{dt:6.2f} s {int(info.nodes / dt):8d} nodes/s")


def time_limits() -> None:
    """How long ``Engine.play`` takes under a fixed move time and under a clock, against what
    it was allowed (the tests check only that a time limit ends the search)."""
    boards = []
    for opening in OPENINGS[:6]:
        board = Board()
        for text in opening.split():
            board.push(text)
        boards.append(board)
    print(f"time limits ({Engine().path} search, {len(boards)} positions each):")
    limits = [Limit(time=t) for t in (0.01, 0.05, 0.2, 1.0)]
    limits += [Limit(white_clock=c, black_clock=c, increment=0.1) for c in (1.0, 10.0)]
    for limit in limits:
        allowed = limit.time if limit.time is not None else float(limit.white_clock or 0) * 0.4
        spent = []
        for board in boards:
            engine = Engine()
            t0 = time.perf_counter()
            engine.play(board, limit)
            spent.append(time.perf_counter() - t0)
        what = f"time {limit.time}" if limit.time is not None else f"clock {limit.white_clock} (cap 40%)"
        print(f"  {what:22s} allowed {allowed:6.3f} s: mean {sum(spent) / len(spent):6.3f} s, "
              f"longest {max(spent):6.3f} s ({max(spent) / allowed:.2f}x allowed)", flush=True)
    king_heavy_limits()


def king_heavy_limits(per_variant: int = 5) -> None:
    """The same on boards crowded with kings (``fuzz.positions.king_heavy``, where capture
    follows capture), ``per_variant`` boards of every variant: 0.2 s, then depth 1 and 3."""
    import random

    sys.path.insert(0, str(ROOT))
    from fuzz.positions import VARIANTS, king_heavy

    boards = [king_heavy(v, random.Random(seed)) for v in VARIANTS for seed in range(per_variant)]
    print(f"king-heavy boards ({len(boards)}, {per_variant} of each variant):")
    for limit in (Limit(time=0.2), Limit(depth=1), Limit(depth=3)):
        spent = []
        for board in boards:
            t0 = time.perf_counter()
            Engine(board.rules).play(board, limit)
            spent.append((time.perf_counter() - t0, board))
        longest, board = max(spent, key=lambda x: x[0])
        what = f"time {limit.time}" if limit.time is not None else f"depth {limit.depth}"
        print(f"  {what:22s} mean {sum(t for t, _ in spent) / len(spent):6.3f} s, longest {longest:6.3f} s"
              f" ({board.rules.name} {board.fen()[:40]}...)", flush=True)


def speed_positions() -> list[tuple[str, list[str]]]:
    """The start and the position after each opening: (start FEN, moves) for the peers."""
    return [(START, [])] + [(START, opening.split()) for opening in OPENINGS]


def compare_nps(peer: Peer, name: str, seconds: float) -> None:
    """Nodes per second at equal time: damier and ``name`` think ``seconds`` on each of the
    speed positions, one after the other in this run; totals of nodes over time."""
    ours = theirs = 0.0
    our_nodes = their_nodes = 0
    for fen, moves in speed_positions():
        board = Board(fen=fen)
        for text in moves:
            board.push(text)
        infos = Engine(hash_mb=64).analyse(board, Limit(time=seconds))
        our_nodes += infos[0].nodes
        ours += infos[0].time
        elapsed, nodes = peer.timed(name, fen, board, seconds)
        their_nodes += nodes
        theirs += elapsed
    a, b = our_nodes / ours, their_nodes / theirs
    print(f"nodes/s at {seconds} s per position ({len(speed_positions())} positions): damier "
          f"{a:,.0f}, {name} {b:,.0f}: ratio {a / b:.2f}", flush=True)


def compare_depths(peer: Peer, names: list[str], deepest: int) -> None:
    """Time to depth from the International start, damier and the peers in the same run; the
    CPU time of each search beside it where the peer reports it (less sensitive to the other
    jobs of a shared machine than the wall time, though they still share its caches)."""
    print("time to depth from the start (seconds; nodes where the engine reports them):")
    for depth in range(6, deepest + 1, 2):
        engine = Engine()
        t0, c0 = time.perf_counter(), time.process_time()
        info = engine.analyse(Board(), Limit(depth=depth))[0]
        ours, our_cpu = time.perf_counter() - t0, time.process_time() - c0
        row = [f"damier {ours:.3f} ({info.nodes}; CPU {our_cpu:.3f})"]
        for name in names:
            if name == "py-draughts" and depth > 8:
                row.append(f"{name} (skipped)")
                continue
            elapsed, nodes, cpu = peer.to_depth(name, depth)
            cpu_ratio = f"; CPU {cpu:.3f}, {cpu / our_cpu:.1f}x" if cpu and our_cpu else ""
            row.append(f"{name} {elapsed:.3f}" + (f" ({nodes})" if nodes else "")
                       + f" [damier {elapsed / ours:.1f}x faster{cpu_ratio}]")
        print(f"  depth {depth:2d}: " + ", ".join(row), flush=True)


class Peer:
    """The peer worker process."""

    def __init__(self, python: str) -> None:
        self.proc = subprocess.Popen(
            [python, str(BENCH / "engine_peer_worker.py")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
        )

    def move(self, engine: str, fen: str, board: Board, movetime: float) -> tuple[int, int, list[int]]:
        moves = [[m.from_square, m.to_square, sorted(m.captured)] for m in board.move_stack]
        req = {"engine": engine, "fen": fen, "moves": moves, "time": movetime}
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        f, t, c = reply["move"]
        return f, t, sorted(c)

    def timed(self, engine: str, fen: str, board: Board, seconds: float) -> tuple[float, int]:
        """Seconds and nodes of the peer's search of ``board`` (reached from ``fen``) for
        ``seconds``, with a fresh engine."""
        moves = [[m.from_square, m.to_square, sorted(m.captured)] for m in board.move_stack]
        req = {"engine": engine, "fen": fen, "moves": moves, "time": seconds, "fresh": True}
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        return float(reply["elapsed"]), int(reply["nodes"])

    def to_depth(self, engine: str, depth: int) -> tuple[float, int, float]:
        """Seconds, nodes (0 if not reported) and CPU seconds (0 if not reported) for the peer
        to reach ``depth`` from the start."""
        req = {"engine": engine, "fen": START, "moves": [], "depth": depth}
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        return float(reply["elapsed"]), int(reply["nodes"]), float(reply.get("cpu", 0.0))

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def play_game(peer: Peer, name: str, opening: str, damier_white: bool, movetime: float,
              engine: Engine) -> tuple[float, str]:
    """One game; returns damier's score (1, 0.5, 0) and how it ended."""
    board = Board()
    for text in opening.split():
        board.push(text)
    fen = board.fen()
    game = Board(fen=fen)
    while True:
        outcome = game.outcome()
        result: tuple[float, str] | None = None
        if outcome is not None:
            if outcome.winner is None:
                result = 0.5, outcome.reason
            else:
                won = (outcome.winner == 0) == damier_white
                result = (1.0 if won else 0.0), outcome.reason
        elif game.ply >= MAX_PLIES:
            w, wk, b, bk = game.position.material()
            diff = (w + 3 * wk) - (b + 3 * bk)
            if abs(diff) < 2:
                result = 0.5, "adjudicated draw"
            else:
                result = (1.0 if (diff > 0) == damier_white else 0.0), "adjudicated"
        if result is not None:
            save_game(game, opening, name, damier_white, result[0])
            return result
        damier_to_move = (game.turn == 0) == damier_white
        t0 = time.perf_counter()
        if damier_to_move:
            move = engine.play(game, Limit(time=movetime)).move
            THINK["damier"].append(time.perf_counter() - t0)
        else:
            f, t, c = peer.move(name, fen, game, movetime)
            THINK[name].append(time.perf_counter() - t0)
            move = next(m for m in game.legal_moves
                        if m.from_square == f and m.to_square == t and sorted(m.captured) == c)
        game.push(move)


def save_game(game: Board, opening: str, name: str, damier_white: bool, result: float) -> None:
    """Append the game to ``bench/results/engine_games.pdn`` (to study the losses)."""
    from damier.formats.pdn import Game, write_game

    white, black = ("damier", name) if damier_white else (name, "damier")
    score = result if damier_white else 1 - result
    text = {1.0: "2-0", 0.5: "1-1", 0.0: "0-2"}[score]
    pdn = Game.from_board(game, {"Event": f"bench {opening}", "White": white, "Black": black,
                                 "Result": text})
    results = BENCH / "results"
    results.mkdir(exist_ok=True)
    with open(results / "engine_games.pdn", "a", encoding="utf-8") as f:
        f.write(write_game(pdn) + "\n\n")


def elo(scores: list[float]) -> tuple[float, float, float]:
    """Elo difference and its 95% interval from per-game scores (normal approximation).

    A shutout has no finite estimate: the interval is then one-sided by the rule of three
    (a score below 3/n, or above 1 - 3/n, at 95%), and the estimate is that bound."""
    n = len(scores)
    p = sum(scores) / n
    if p in (0.0, 1.0):
        bound = -400 * math.log10(1 / min(3 / n, 0.5) - 1)
        return (bound, -math.inf, bound) if p == 0.0 else (-bound, -bound, math.inf)

    def to_elo(x: float) -> float:
        x = min(max(x, 0.5 / n), 1 - 0.5 / n)
        return -400 * math.log10(1 / x - 1)

    var = sum((s - p) ** 2 for s in scores) / n
    se = math.sqrt(var / n)
    return to_elo(p), to_elo(p - 1.96 * se), to_elo(p + 1.96 * se)


SEARCH_OPTIONS: dict[str, int] = {}
"""Search switches for experiments (``--search-option sacs=0``)."""


def match(peer: Peer, name: str, openings: list[str], movetime: float) -> None:
    engine = Engine(hash_mb=64)
    searcher = engine._searcher(engine.rules)
    searcher.options = replace(searcher.options, **SEARCH_OPTIONS)
    scores: list[float] = []
    w = d = losses = 0
    start = time.perf_counter()
    for opening in openings:
        for damier_white in (True, False):
            s, why = play_game(peer, name, opening, damier_white, movetime, engine)
            scores.append(s)
            if s == 1.0:
                w += 1
            elif s == 0.5:
                d += 1
            else:
                losses += 1
            colour = "white" if damier_white else "black"
            print(f"  {name}: [{opening}] damier {colour}: {s} ({why})", flush=True)
    e, lo, hi = elo(scores)
    ours, theirs = THINK["damier"], THINK[name]
    print(f"  mean time per move: damier {sum(ours) / max(1, len(ours)):.3f} s, "
          f"{name} {sum(theirs) / max(1, len(theirs)):.3f} s (with the pipe)")
    ours.clear()
    theirs.clear()
    if math.isinf(lo) or math.isinf(hi):
        rating = f"Elo {'<' if math.isinf(lo) else '>'} {e:+.0f} (95%, rule of three)"
    else:
        rating = f"Elo {e:+.0f} (95% interval {lo:+.0f} .. {hi:+.0f})"
    print(f"damier vs {name} at {movetime} s/move: +{w} ={d} -{losses} "
          f"({len(scores)} games, {time.perf_counter() - start:.0f} s): {rating}", flush=True)


def peer_python(arg: str | None) -> str:
    if arg:
        return arg
    sys.path.insert(0, str(BENCH))
    try:
        from venvs import python_of  # the shared helper, when present

        return str(python_of("peers"))
    except ImportError:
        venv = BENCH / ".venv-peers"
        python = venv / "bin" / "python"
        if not (venv / ".installed").exists():
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            subprocess.run([str(python), "-m", "pip", "install", "--quiet",
                            "py-draughts==1.10.1", "dame-rs"], check=True)
            (venv / ".installed").touch()
        return str(python)


class _Tee:
    """Print to the terminal and keep a copy for ``bench/results/engine.md``."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.out = sys.stdout

    def write(self, text: str) -> int:
        self.lines.append(text)
        return self.out.write(text)

    def flush(self) -> None:
        self.out.flush()


def main() -> None:
    tee = _Tee()
    sys.stdout = tee  # type: ignore[assignment]
    try:
        _main()
    finally:
        sys.stdout = tee.out
        results = BENCH / "results"
        results.mkdir(exist_ok=True)
        text = "".join(tee.lines)
        (results / "engine.md").write_text(f"# damier engine benchmark\n\n```\n{text}```\n")


def _main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--movetime", type=float, default=0.2)
    ap.add_argument("--openings", type=int, default=10)
    ap.add_argument("--peers", default="py-draughts,dame-rs")
    ap.add_argument("--peer-python", help="python of a venv with py-draughts and dame-rs")
    ap.add_argument("--speed-only", action="store_true")
    ap.add_argument("--deepest", type=int, default=14, help="deepest depth of the time-to-depth table")
    ap.add_argument("--nps-time", type=float, default=1.0, help="seconds per position of the nps test")
    ap.add_argument("--no-match", action="store_true", help="speed measurements only, with the peers")
    ap.add_argument("--match-only", action="store_true", help="the matches only")
    ap.add_argument("--limits", action="store_true", help="only the time spent under time limits")
    ap.add_argument("--search-option", action="append", default=[],
                    help="KEY=VALUE search switch for experiments (see SearchOptions)")
    args = ap.parse_args()
    for item in args.search_option:
        key, _, value = item.partition("=")
        SEARCH_OPTIONS[key] = int(value)
    if args.limits:
        time_limits()
        return
    if not args.match_only:
        speed(args.depth)
    if args.speed_only:
        return
    peer = Peer(peer_python(args.peer_python))
    try:
        if not args.match_only:
            compare_depths(peer, args.peers.split(","), args.deepest)
            if "dame-rs" in args.peers.split(","):
                compare_nps(peer, "dame-rs", args.nps_time)
        if args.no_match:
            return
        for name in args.peers.split(","):
            match(peer, name, OPENINGS[: args.openings], args.movetime)
    finally:
        peer.close()


if __name__ == "__main__":
    main()
