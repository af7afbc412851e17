"""Load check of play between people: many games at once between simulated players.

Starts ``damier serve`` on a free loopback port with a fresh database (or uses ``--url``).
For each game, two simulated people each get their own browser key: one creates an
invitation, the other accepts it, and both follow the game over the WebSocket
``/ws/online/{id}``. On its turn a player thinks (a random time, ``--think`` seconds on
average), then sends a random legal move; the server acknowledges it. A game ends on the
board, or the side to move resigns once it has ``--plies`` moves. Engines are off.

Reported: the latency of each move from sending it to its acknowledgement (p50, p90, p99,
max), the moves per second, refusals and errors, the machine's load average before and after
(latency on shared cores says as much about the other jobs as about the server), and the
server's own CPU time per move (user + system, read from ``/proc``; a figure the other jobs
barely move). Then every game is checked against the
server's record: the moves each game's players had acknowledged are exactly the moves stored,
in order (nothing lost, nothing duplicated), and they replay legally from the start.

    .venv/bin/python bench/online_load.py --games 200
    .venv/bin/python bench/online_load.py --games 10 --think 0.05 --plies 20   # quick
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_load import start_server  # noqa: E402  (the same way of starting a server)

from damier.core.board import Board  # noqa: E402

KEY_COOKIE = "damier_player"


@dataclass
class Tally:
    """What all the simulated players saw."""

    latencies: list[float] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    played: dict[int, list[str]] = field(default_factory=dict)
    """Per game, the moves acknowledged to the player who made them, in order."""
    finished: int = 0


async def new_key(http: httpx2.AsyncClient, path: str, body: dict[str, Any],
                  key: str | None = None) -> tuple[dict[str, Any], str]:
    """POST ``body`` as the browser ``key`` (a new one when ``None``): the answer and the key."""
    headers = {"cookie": f"{KEY_COOKIE}={key}"} if key else {}
    r = await http.post(path, json=body, headers=headers)
    r.raise_for_status()
    given = r.cookies.get(KEY_COOKIE) or key
    http.cookies.clear()
    assert given, "the server gave no key"
    return r.json(), given


async def start_game(http: httpx2.AsyncClient, n: int) -> tuple[int, str, str]:
    """A game between two new players: its id and the keys of White and Black."""
    made, white = await new_key(http, "/api/online/challenges",
                                {"name": f"w{n}", "color": "white", "time_control": "30+5"})
    cid = made["challenge"]["id"]
    accepted, black = await new_key(http, f"/api/online/challenges/{cid}/accept",
                                    {"name": f"b{n}"})
    return int(accepted["game"]), white, black


async def player(ws_url: str, gid: int, key: str, color: str, args: argparse.Namespace,
                 rng: random.Random, tally: Tally) -> None:
    """One simulated person: move on their turn, after thinking, until the game ends."""
    sent: dict[int, tuple[float, str]] = {}
    seq = 0
    waiting_for = -1   # the ply at which our last move was sent (not answered yet)
    over = False
    async with connect(f"{ws_url}/ws/online/{gid}", additional_headers={"cookie": f"{KEY_COOKIE}={key}"},
                       max_size=2**24, open_timeout=60) as ws:
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind == "ack":
                t0, move = sent.pop(msg["seq"])
                tally.latencies.append(time.perf_counter() - t0)
                if move:
                    tally.played.setdefault(gid, []).append(move)
                if over and not sent:
                    return
                continue
            if kind == "refused":
                tally.refused.append(f"{msg.get('code')}: {msg.get('error')}")
                sent.pop(msg.get("seq"), None)
                waiting_for = -1
                continue
            if kind != "state":
                continue
            game = msg["game"]
            if game["status"] == "over":
                if color == "white" and not over:
                    tally.finished += 1
                over = True
                if not sent:   # else the acknowledgement of our last act is on its way
                    return
                continue
            if game["turn"] != color or game["ply"] == waiting_for:
                continue
            await asyncio.sleep(rng.uniform(0, 2 * args.think))
            seq += 1
            waiting_for = game["ply"]
            if game["ply"] >= args.plies:
                sent[seq] = (time.perf_counter(), "")
                await ws.send(json.dumps({"type": "act", "seq": seq, "action": "resign"}))
                continue
            move = rng.choice(game["legal_moves"])["notation"]
            sent[seq] = (time.perf_counter(), move)
            await ws.send(json.dumps({"type": "act", "seq": seq, "action": "move", "move": move,
                                      "ply": game["ply"]}))


async def check(http: httpx2.AsyncClient, tally: Tally, games: list[int]) -> list[str]:
    """Every game as stored: the acknowledged moves exactly, replaying legally."""
    problems = []
    for gid in games:
        state = (await http.get(f"/api/games/{gid}")).json()
        stored = [m["notation"] for m in state["moves"]]
        if stored != tally.played.get(gid, []):
            problems.append(f"game {gid}: stored {len(stored)} moves, acknowledged "
                            f"{len(tally.played.get(gid, []))}, or in another order")
        board = Board(state["variant"])
        try:
            for text in stored:
                board.push(board.parse_move(text))
        except Exception as e:  # noqa: BLE001 - any failure to replay is a finding
            problems.append(f"game {gid} does not replay: {e}")
        if state["status"] != "over":
            problems.append(f"game {gid} is not over")
    return problems


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cpu_seconds(pid: int | None) -> float:
    """User + system CPU seconds of process ``pid`` so far (0 when unknown)."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(url: str, args: argparse.Namespace, server: int | None) -> dict[str, Any]:
    rng = random.Random(args.seed)
    tally = Tally()
    limits = httpx2.Limits(max_connections=50)
    async with httpx2.AsyncClient(base_url=url, limits=limits, timeout=60) as http:
        games = [await start_game(http, n) for n in range(args.games)]
        ws_url = url.replace("http", "ws", 1)
        load_before, cpu_before = os.getloadavg()[0], cpu_seconds(server)
        t0 = time.perf_counter()
        results = await asyncio.gather(*(
            player(ws_url, gid, key, color, args, random.Random(rng.random()), tally)
            for gid, white, black in games for key, color in ((white, "white"), (black, "black"))),
            return_exceptions=True)
        elapsed = time.perf_counter() - t0
        cpu = cpu_seconds(server) - cpu_before
        tally.errors += [repr(r) for r in results if isinstance(r, BaseException)]
        problems = await check(http, tally, [g for g, _w, _b in games])
    lat = tally.latencies
    return {
        "games": args.games, "finished": tally.finished, "moves": len(lat),
        "seconds": round(elapsed, 1), "moves_per_s": round(len(lat) / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(lat), 1) if lat else None,
        "p90_ms": round(1000 * percentile(lat, 0.90), 1) if lat else None,
        "p99_ms": round(1000 * percentile(lat, 0.99), 1) if lat else None,
        "max_ms": round(1000 * max(lat), 1) if lat else None,
        "server_cpu_ms_per_move": round(1000 * cpu / len(lat), 2) if lat and server else None,
        "load_average": [round(load_before, 1), round(os.getloadavg()[0], 1)],
        "refused": len(tally.refused), "errors": tally.errors[:5], "problems": problems[:10],
        "replayed": args.games - len(problems),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--think", type=float, default=1.0, help="mean thinking time, seconds")
    p.add_argument("--plies", type=int, default=40, help="the side to move resigns after this")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--url", help="an already running server (else one is started)")
    args = p.parse_args(argv)
    proc = None
    url = args.url
    if url is None:
        folder = tempfile.mkdtemp(prefix="damier-online-load-")
        proc, url = start_server(str(Path(folder) / "games.sqlite3"))
    try:
        report = asyncio.run(run(url, args, proc.pid if proc is not None else None))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
    print(json.dumps(report, indent=2))
    return 0 if not report["problems"] and not report["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
