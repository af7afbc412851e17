"""Games under a real clock: how damier's time manager uses it (issue 18, time management).

    .venv/bin/python bench/clock_games.py --time 60+1 --games 4 --concurrency 2 \
        [--opponent "bench/.venv-peers/bin/dame hub"] [--openings 3move] [--level 10]

damier (the built-in engine, A) plays an opponent (damier itself by default, or any engine
``damier match`` accepts) from the match openings, both colours of each, under the clock of
``--time`` (``60`` sudden death, ``60+1`` Fischer increment, ``40/60`` moves in time), with
the match's own :class:`~damier.protocol.match.players.Clock` and players, so the time
charged is what a GUI would see (process and protocol overhead included). Per side it
reports: games lost on time, the lowest time left in any game, the share of the time
available (base plus increments received) that was used, and the longest move.
A tool for measurements, not a test.
"""
from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from damier.protocol.engine_player import Clock, Player, TimeControl  # noqa: E402
from damier.protocol.match.openings import Opening, load_openings  # noqa: E402
from damier.protocol.match.players import EngineSpec  # noqa: E402


@dataclass
class SideClock:
    """One side's use of its clock in one game."""

    moves: int = 0
    used: float = 0.0
    available: float = 0.0
    lowest: float = float("inf")
    longest: float = 0.0
    lost_on_time: bool = False


@dataclass
class ClockGame:
    opening: str
    a_white: bool
    result: str = ""
    plies: int = 0
    sides: dict[str, SideClock] = field(default_factory=dict)   # "A" (damier) and "B"


def play(opening: Opening, a_white: bool, a_spec: str, b_spec: str, tc_text: str,
         max_moves: int) -> ClockGame:
    tc = TimeControl.parse(tc_text)
    board = opening.board("international")
    players = [EngineSpec.parse(spec).create("international") for spec in (a_spec, b_spec)]
    by_color: list[Player] = players if a_white else players[::-1]
    labels = ["A", "B"] if a_white else ["B", "A"]
    for p in players:
        p.new_game()
    clock = Clock(tc)
    game = ClockGame(opening.name, a_white, sides={"A": SideClock(), "B": SideClock()})
    for color in (0, 1):
        game.sides[labels[color]].available = tc.base or 0.0
    try:
        start_ply = board.ply
        while (board.outcome() is None and not board.can_claim_draw()
               and board.ply - start_ply < 2 * max_moves):
            mover = board.turn
            side = game.sides[labels[mover]]
            pm = by_color[mover].play(board, clock)
            side.moves += 1
            side.used += pm.seconds
            side.longest = max(side.longest, pm.seconds)
            if not clock.charge(mover, pm.seconds):
                side.lost_on_time = True
                game.result = f"{labels[mover]} lost on time"
                break
            side.available += tc.increment
            side.lowest = min(side.lowest, clock.remaining[mover] - tc.increment)
            board.push(pm.move)
        else:
            outcome = board.outcome()
            game.result = str(outcome) if outcome is not None else "draw (claim or move limit)"
        game.plies = board.ply
    finally:
        for p in players:
            p.close()
    return game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--time", default="60+1")
    ap.add_argument("--games", type=int, default=4, help="games (pairs of openings, both colours)")
    ap.add_argument("--openings", default="3move")
    ap.add_argument("--level", type=int, default=10)
    ap.add_argument("--opponent", default=None, help="engine spec (default: damier at the same level)")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--max-moves", type=int, default=150)
    args = ap.parse_args()
    a_spec = f"damier:level={args.level}"
    b_spec = args.opponent or f"damier:level={args.level}"
    openings = load_openings(args.openings)
    step = max(1, len(openings) // max(1, (args.games + 1) // 2))
    tasks = [(openings[(i // 2) * step % len(openings)], i % 2 == 0) for i in range(args.games)]
    with ProcessPoolExecutor(max(1, args.concurrency)) as pool:
        futures = [pool.submit(play, o, aw, a_spec, b_spec, args.time, args.max_moves) for o, aw in tasks]
        games = [f.result() for f in futures]
    print(f"time control {args.time}, A = {a_spec}, B = {b_spec}, {len(games)} games")
    for g in games:
        a, b = g.sides["A"], g.sides["B"]
        colour = "white" if g.a_white else "black"
        print(f"  {g.opening:20} A {colour}  {g.plies:3d} plies  {g.result:28} "
              f"A used {a.used:6.1f}/{a.available:6.1f} s "
              f"(lowest left {a.lowest:5.2f}, longest {a.longest:5.2f}) "
              f"B used {b.used:6.1f}/{b.available:6.1f} s")
    for label in ("A", "B"):
        sides = [g.sides[label] for g in games]
        used = sum(s.used for s in sides) / max(1e-9, sum(s.available for s in sides))
        mean = sum(s.used for s in sides) / max(1, sum(s.moves for s in sides))
        print(f"{label}: lost on time {sum(s.lost_on_time for s in sides)}/{len(sides)}, "
              f"used {100 * used:.0f}% of the time available, "
              f"lowest left {min(s.lowest for s in sides):.2f} s, "
              f"longest move {max(s.longest for s in sides):.2f} s, mean {mean:.2f} s a move")


if __name__ == "__main__":
    main()
