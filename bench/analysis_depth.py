"""Benchmark: how deep the web app's analysis gets over time (the analysis board's engine).

Starts the app in-process, opens a game's WebSocket, asks for the analysis of a position
(``--fen``, default the start position; ``--lines`` engine lines) and prints, for every
depth that completes, the seconds since the request and the nodes searched, for
``--seconds`` seconds. The analysis must keep deepening for as long as the position stays
on the board (it used to stop for good after 30 s). CPU-bound: run it ``nice`` and alone.

Usage::

    python bench/analysis_depth.py [--seconds 120] [--lines 1] [--fen FEN] [--variant V]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from starlette.testclient import TestClient

from damier.web.app import create_app


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=120.0)
    ap.add_argument("--lines", type=int, default=1)
    ap.add_argument("--fen", default=None)
    ap.add_argument("--variant", default="international")
    args = ap.parse_args()
    db = Path(tempfile.mkdtemp(prefix="damier-depth-")) / "games.sqlite3"
    with TestClient(create_app(db)) as client:
        body = {"variant": args.variant, **({"fen": args.fen} if args.fen else {})}
        gid = client.post("/api/games", json=body).json()["id"]
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.receive_json()
            start = time.perf_counter()
            ws.send_json({"type": "analyse", "on": True, "multipv": args.lines})
            last_depth = 0
            print("seconds  depth  nodes  best line", flush=True)
            while time.perf_counter() - start < args.seconds:
                msg = ws.receive_json()
                if msg.get("type") != "analysis" or msg.get("multipv", 1) != 1:
                    continue
                if msg.get("done"):
                    print(f"{time.perf_counter() - start:7.1f}  the analysis ended", flush=True)
                    break
                depth = msg.get("depth") or 0
                if depth > last_depth:
                    last_depth = depth
                    print(f"{time.perf_counter() - start:7.1f}  {depth:5}  {msg.get('nodes')}  "
                          f"{' '.join(msg.get('pv', [])[:6])}", flush=True)
            ws.send_json({"type": "analyse", "on": False})
    print(f"deepest: {last_depth} after {args.seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
