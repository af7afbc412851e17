"""A small run of ``bench/online_load.py``: ten games at once between simulated people over
WebSockets, against a live server; every move is acknowledged and every game replays from
the server's record with exactly the acknowledged moves (timing is the bench's business)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_ten_games_at_once_lose_and_duplicate_nothing(live_server) -> None:  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(BENCH))
    try:
        import online_load
    finally:
        sys.path.remove(str(BENCH))
    args = argparse.Namespace(games=10, think=0.01, plies=16, seed=7)
    report = asyncio.run(online_load.run(live_server.url, args, None))
    assert report["errors"] == [] and report["problems"] == []
    assert report["finished"] == report["replayed"] == 10
    assert report["moves"] == 10 * 17   # 16 moves and a resignation in each game
    assert report["refused"] == 0
