"""Load check of the web app: N simultaneous games over loopback, engine off.

Starts ``damier serve`` on a free 127.0.0.1 port with a fresh database (or uses ``--url``),
then runs N clients at once; each creates a two-human game and plays moves as fast as the
server answers (a random legal move taken from the previous answer; a new game when one
ends). Reports the latency of the move requests (``POST /api/games/{id}/moves``): median,
90th and 99th percentile, and the throughput.

    .venv/bin/python bench/web_load.py --clients 50 --moves 40
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    cmd = [sys.executable, "-m", "damier.cli", "serve", "--port", str(port), "--db", db,
           "--log-level", "warning"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc, url
        except OSError:
            if proc.poll() is not None:
                why = proc.stderr.read().decode() if proc.stderr else "server died"
                raise RuntimeError(why) from None
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not start")


async def client(http: httpx2.AsyncClient, moves: int, rng: random.Random,
                 latencies: list[float], errors: list[str]) -> None:
    state = (await http.post("/api/games", json={})).json()
    done = 0
    while done < moves:
        if not state["legal_moves"]:
            state = (await http.post("/api/games", json={})).json()
            continue
        mv = rng.choice(state["legal_moves"])["long"]
        t0 = time.perf_counter()
        r = await http.post(f"/api/games/{state['id']}/moves", json={"move": mv, "wait": False})
        latencies.append(time.perf_counter() - t0)
        done += 1
        if r.status_code != 200:
            errors.append(f"{r.status_code} {r.text[:100]}")
            state = (await http.get(f"/api/games/{state['id']}")).json()
        else:
            state = r.json()


async def run(url: str, clients: int, moves: int, seed: int) -> dict[str, float]:
    latencies: list[float] = []
    errors: list[str] = []
    limits = httpx2.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx2.AsyncClient(base_url=url, limits=limits, timeout=60) as http:
        t0 = time.perf_counter()
        await asyncio.gather(*(client(http, moves, random.Random(seed + i), latencies, errors)
                               for i in range(clients)))
        elapsed = time.perf_counter() - t0
    lat = sorted(latencies)
    q = statistics.quantiles(lat, n=100, method="inclusive")
    return {
        "clients": clients, "requests": len(lat), "errors": len(errors),
        "median_ms": round(statistics.median(lat) * 1000, 2),
        "p90_ms": round(q[89] * 1000, 2), "p99_ms": round(q[98] * 1000, 2),
        "max_ms": round(lat[-1] * 1000, 2),
        "throughput_per_s": round(len(lat) / elapsed, 1), "seconds": round(elapsed, 2),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--moves", type=int, default=40, help="move requests per client")
    ap.add_argument("--url", help="an already running server (loopback only)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the result as JSON only")
    args = ap.parse_args()
    proc = None
    tmp = tempfile.TemporaryDirectory(prefix="damier-web-bench-")
    url = args.url
    if url and not url.startswith(("http://127.0.0.1", "http://localhost")):
        ap.error("load tests run against loopback only")
    try:
        if not url:
            proc, url = start_server(str(Path(tmp.name) / "bench.sqlite3"))
        result = asyncio.run(run(url, args.clients, args.moves, args.seed))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
        tmp.cleanup()
    if args.json:
        print(json.dumps(result))
    else:
        print(f"web load: {result['clients']} clients, {result['requests']} move requests "
              f"in {result['seconds']} s ({result['throughput_per_s']}/s), "
              f"{result['errors']} errors")
        print(f"move latency: median {result['median_ms']} ms, p90 {result['p90_ms']} ms, "
              f"p99 {result['p99_ms']} ms, max {result['max_ms']} ms  (cpus: {os.cpu_count()})")
    return 0 if result["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
